/**
 * Searching the text by a question's words and by the other words the releases use for them
 * ("outlook": "expects", "sales": "revenue", "EPS": "earnings"; data in cues.json related_words),
 * for sentences and quotes alike.
 */
import type { Mended, TextHit } from '../knowledge/text-index.ts';
import { CUES } from './understand/vocabulary.ts';

/** What a hit weighs for each word in it searched as a related one, against the words as said. */
const RELATED_WEIGHT = 0.5;

/** Phrasings with two or more words changed, searched for one question at most: related words multiply them. */
const MAX_COMBINED = 8;

interface Phrasing {
  words: string[];
  /** How many of the words are related ones rather than as said. */
  changed: number;
}

/**
 * The words as said; then with each one in turn in the other words the releases use for it ("outlook": "expects",
 * "sales": "revenues"); then with several changed together ("EPS guidance" as "earnings expects": one word at a time
 * never found Apple's "we expect ... earnings per diluted share"), those bounded.
 */
function relatedPhrasings(words: readonly string[]): Phrasing[] {
  const alternatives = words.map((w) => [w, ...(CUES.related_words[w] ?? [])]);
  const single = words.flatMap((_, i) => (alternatives[i] ?? []).slice(1).map((r) => ({ words: words.map((t, k) => (k === i ? r : t)), changed: 1 })));
  let combined: Phrasing[] = [{ words: [], changed: 0 }];
  for (const options of alternatives) {
    combined = combined.flatMap((p) => options.map((a, j) => ({ words: [...p.words, a], changed: p.changed + (j > 0 ? 1 : 0) })));
    if (combined.length > 64) break;
  }
  const several = combined.filter((p) => p.changed >= 2 && p.words.length === words.length).slice(0, MAX_COMBINED);
  return [{ words: [...words], changed: 0 }, ...single, ...several];
}

/**
 * What a search finds for the words or any of their related phrasings: each item once, at its best (most words, then
 * rarer ones); the fewer words changed, the more a hit weighs ("target" before boilerplate "expected").
 */
export function searchRelated<T>(words: readonly string[], search: (words: readonly string[]) => Iterable<TextHit<T>>): Map<T, TextHit<T>> {
  const best = new Map<T, TextHit<T>>();
  for (const phrasing of relatedPhrasings(words)) {
    const weight = RELATED_WEIGHT ** phrasing.changed;
    for (const found of search(phrasing.words)) {
      const h = weight === 1 ? found : { ...found, score: found.score * weight };
      const seen = best.get(h.item);
      if (!seen || h.coverage > seen.coverage || (h.coverage === seen.coverage && h.score > seen.score)) best.set(h.item, h);
    }
  }
  return best;
}

/** Words of the question searched as near words the releases use ("president" as "presentation"): said, so a misreading shows. */
export const mendedNotes = (mended: readonly Mended[]): string[] =>
  mended.map((m) => `Read "${m.said}" as "${m.read}", the nearest word in the releases' text.`);
