/**
 * Search for what people look up by words rather than by key: sentences, quotes and contacts, with
 * a word index each (fuse.js mends typos against its vocabulary). Figures are never found this
 * way; they are looked up exactly.
 */
import type { ContactFact, DefinitionFact, EventFact, Fact, QuoteFact, SentenceFact } from './facts.ts';
import { buildTextIndex, type TextIndex } from './text-index.ts';

export interface SearchIndexes {
  quotes: TextIndex<QuoteFact>;
  contacts: TextIndex<ContactFact>;
  sentences: TextIndex<SentenceFact>;
  events: readonly EventFact[];
  definitions: readonly DefinitionFact[];
}

export function buildSearch(facts: readonly Fact[]): SearchIndexes {
  const of = <K extends Fact['kind']>(kind: K) => facts.filter((f): f is Extract<Fact, { kind: K }> => f.kind === kind);
  return {
    quotes: buildTextIndex(of('quote'), (q) => `${q.speaker} ${q.quote}`),
    contacts: buildTextIndex(of('contact'), (c) => `${c.role} ${c.name} ${c.organisation} ${c.email ?? ''}`),
    sentences: buildTextIndex(of('sentence'), (s) => s.text),
    events: of('event'),
    definitions: of('definition'),
  };
}
