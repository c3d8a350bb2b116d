/**
 * Word search over prose (sentences): an inverted index of word stems with IDF weights, built once
 * per snapshot, so a question is answered in microseconds and ranked by how rare its shared words
 * are. Typos are mended with fuse.js against the index's own vocabulary ("aquisition").
 */
import Fuse from 'fuse.js';
import { addTo } from './multimap.ts';
import { contentWords, stem } from './text.ts';

export interface TextHit<T> {
  item: T;
  /** Sum of the IDF weights of the query words the item holds. */
  score: number;
  /** Share of the query's words the item holds (0 to 1). */
  coverage: number;
}

/** A word of a query the index does not hold, searched as a near word it does (a typo mended, or a word of its own close to one). */
export interface Mended {
  said: string;
  /** The index's word, as the text first writes it. */
  read: string;
}

export interface TextIndex<T> {
  search(query: string, limit: number): Array<TextHit<T>>;
  /** The query's words the search reads as other words: what an answer must say it read. */
  mended(query: string): Mended[];
}

/** What a word the search mended weighs against one found as said. */
const MENDED_WEIGHT = 0.25;

export function buildTextIndex<T>(items: readonly T[], textOf: (item: T) => string): TextIndex<T> {
  const postings = new Map<string, number[]>();
  // A stem as the text first writes it, to say what a mended word was read as ("presentation", not "present").
  const written = new Map<string, string>();
  items.forEach((item, i) => {
    const words = contentWords(textOf(item));
    const stems = words.map(stem);
    stems.forEach((s, k) => {
      if (!written.has(s)) written.set(s, words[k] ?? s);
    });
    for (const s of new Set(stems)) addTo(postings, s, i);
  });
  const idf = new Map([...postings].map(([s, list]) => [s, Math.log(1 + items.length / list.length)]));
  // Typos keep their first letter far more often than not: one small fuzzy index per letter.
  const byLetter = new Map<string, string[]>();
  for (const word of postings.keys()) addTo(byLetter, word[0] ?? '', word);
  const vocabulary = new Map([...byLetter].map(([letter, words]) => [letter, new Fuse(words, { threshold: 0.25 })]));

  const known = (s: string): string | undefined => {
    if (postings.has(s) || s.length < 5) return postings.has(s) ? s : undefined;
    return vocabulary.get(s[0] ?? '')?.search(s, { limit: 1 })[0]?.item;
  };

  return {
    search(query, limit) {
      const stems = [...new Set(contentWords(query).map(stem))];
      if (stems.length === 0) return [];
      const scores = new Map<number, { score: number; matched: number }>();
      for (const s of stems) {
        const word = known(s);
        if (!word) continue;
        // A word read as a near one the text holds weighs less than one it holds as said, and than a related word
        // (commands/related-search.ts): "outlook" read as "outsourcing" never leads over "expects".
        const weight = (idf.get(word) ?? 0) * (word === s ? 1 : MENDED_WEIGHT);
        for (const i of postings.get(word) ?? []) {
          const acc = scores.get(i) ?? { score: 0, matched: 0 };
          scores.set(i, { score: acc.score + weight, matched: acc.matched + 1 });
        }
      }
      return [...scores]
        .map(([i, { score, matched }]) => ({ item: items[i] as T, score, coverage: matched / stems.length }))
        .sort((a, b) => b.coverage - a.coverage || b.score - a.score)
        .slice(0, limit);
    },
    mended(query) {
      return contentWords(query).flatMap((said) => {
        const word = postings.has(stem(said)) ? undefined : known(stem(said));
        return word ? [{ said, read: written.get(word) ?? word }] : [];
      });
    },
  };
}
