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

export interface TextIndex<T> {
  search(query: string, limit: number): Array<TextHit<T>>;
}

export function buildTextIndex<T>(items: readonly T[], textOf: (item: T) => string): TextIndex<T> {
  const postings = new Map<string, number[]>();
  items.forEach((item, i) => {
    for (const s of new Set(contentWords(textOf(item)).map(stem))) addTo(postings, s, i);
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
        const weight = idf.get(word) ?? 0;
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
  };
}
