/**
 * Search for what people look up by words rather than by key: sentences, quotes and contacts, with
 * a word index each (fuse.js mends typos against its vocabulary). Figures are never found this
 * way; they are looked up exactly.
 *
 * Each index is built the first time it is searched, once per book: a book nobody asks about costs
 * no index, and a question about quotes does not build the sentences'.
 */
import type { ContactFact, DefinitionFact, EventFact, QuoteFact, SentenceFact } from './facts.ts';
import { buildTextIndex, type TextIndex } from './text-index.ts';
import { once } from './once.ts';

export interface SearchIndexes {
  readonly quotes: TextIndex<QuoteFact>;
  readonly contacts: TextIndex<ContactFact>;
  readonly sentences: TextIndex<SentenceFact>;
  readonly events: readonly EventFact[];
  readonly definitions: readonly DefinitionFact[];
}

/** The facts a book's search reads, by kind. */
export interface SearchSource {
  quotes: readonly QuoteFact[];
  contacts: readonly ContactFact[];
  sentences: readonly SentenceFact[];
  events: readonly EventFact[];
  definitions: readonly DefinitionFact[];
}

/** `source` is read the first time a part of the search is: the book's facts may not be made yet. */
export function buildSearch(source: () => SearchSource): SearchIndexes {
  const quotes = once(() => buildTextIndex(source().quotes, (q) => `${q.speaker} ${q.quote}`));
  const contacts = once(() => buildTextIndex(source().contacts, (c) => `${c.role} ${c.name} ${c.organisation} ${c.email ?? ''}`));
  const sentences = once(() => buildTextIndex(source().sentences, (s) => s.text));
  return Object.freeze({
    get quotes() {
      return quotes();
    },
    get contacts() {
      return contacts();
    },
    get sentences() {
      return sentences();
    },
    get events() {
      return source().events;
    },
    get definitions() {
      return source().definitions;
    },
  });
}
