/**
 * Searching the text by a question's words and by the other words the releases use for them
 * ("outlook": "expects", "sales": "revenue", "EPS": "earnings"; data in cues.json related_words),
 * for sentences and quotes alike.
 */
import type { Mended, TextHit } from '../knowledge/text-index.ts';
import { CUES } from './understand/vocabulary.ts';

/** The words, and the same in the other words the releases use for them ("outlook": "expects", "sales": "revenues"). */
/** What a hit of related words weighs against one of the words as said. */
const RELATED_WEIGHT = 0.5;

/** Phrasings searched for one question at most: related words multiply them. */
const MAX_PHRASINGS = 12;

function relatedPhrasings(words: readonly string[]): string[][] {
  // Every word as said or as one of its related ones, together ("EPS guidance" is also "earnings expects": one word at a
  // time never found Apple's "we expect ... earnings per diluted share"); the words as said first, the count bounded.
  let phrasings: string[][] = [[]];
  for (const w of words) {
    const alternatives = [w, ...(CUES.related_words[w] ?? [])];
    phrasings = phrasings.flatMap((p) => alternatives.map((a) => [...p, a])).slice(0, MAX_PHRASINGS);
  }
  return phrasings;
}

/** What a search finds for the words or any of their related phrasings: each item once, at its best (most words, then rarer ones). */
export function searchRelated<T>(words: readonly string[], search: (words: readonly string[]) => Iterable<TextHit<T>>): Map<T, TextHit<T>> {
  const best = new Map<T, TextHit<T>>();
  for (const [i, phrasing] of relatedPhrasings(words).entries()) {
    // The words as said rank before their related ones at as many words found ("target" before boilerplate "expected").
    for (const found of search(phrasing)) {
      const h = i === 0 ? found : { ...found, score: found.score * RELATED_WEIGHT };
      const seen = best.get(h.item);
      if (!seen || h.coverage > seen.coverage || (h.coverage === seen.coverage && h.score > seen.score)) best.set(h.item, h);
    }
  }
  return best;
}

/** Words of the question searched as near words the releases use ("president" as "presentation"): said, so a misreading shows. */
export const mendedNotes = (mended: readonly Mended[]): string[] =>
  mended.map((m) => `Read "${m.said}" as "${m.read}", the nearest word in the releases' text.`);
