/**
 * Searching the text by a question's words and by the other words the releases use for them
 * ("outlook": "expects", "sales": "revenue", "EPS": "earnings"; data in cues.json related_words),
 * for sentences and quotes alike.
 */
import type { Mended, TextHit } from '../knowledge/text-index.ts';
import { CUES } from './understand/vocabulary.ts';

/** The words, and the same with one of them in the other words the releases use for it ("outlook": "expects", "sales": "revenues"). */
function relatedPhrasings(words: readonly string[]): string[][] {
  return [[...words], ...words.flatMap((w, i) => (CUES.related_words[w] ?? []).map((r) => words.map((t, k) => (k === i ? r : t))))];
}

/** What a search finds for the words or any of their related phrasings: each item once, at its best (most words, then rarer ones). */
export function searchRelated<T>(words: readonly string[], search: (words: readonly string[]) => Iterable<TextHit<T>>): Map<T, TextHit<T>> {
  const best = new Map<T, TextHit<T>>();
  for (const phrasing of relatedPhrasings(words)) {
    for (const h of search(phrasing)) {
      const seen = best.get(h.item);
      if (!seen || h.coverage > seen.coverage || (h.coverage === seen.coverage && h.score > seen.score)) best.set(h.item, h);
    }
  }
  return best;
}

/** Words of the question searched as near words the releases use ("president" as "presentation"): said, so a misreading shows. */
export const mendedNotes = (mended: readonly Mended[]): string[] =>
  mended.map((m) => `Read "${m.said}" as "${m.read}", the nearest word in the releases' text.`);
