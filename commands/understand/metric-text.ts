/**
 * Metric names as people type them: ids, names, printed labels and synonyms ("sales", "top line",
 * "EPS", "loss per share", "deficit"), any case and punctuation, with typos ("revnue") caught by
 * fuse.js. In a sentence, the longest name it contains wins ("net loss to common stockholders" over
 * "net loss").
 */
import { CONCEPTS, normaliseLabel, type Concept } from '../../knowledge/concepts.ts';
import type { Snapshot } from '../../knowledge/snapshot.ts';

export type MetricMatch =
  | { ok: true; concept: Concept; start: number; end: number }
  | { ok: false; suggestions: Concept[] };

const NAMES: ReadonlyArray<{ words: string; concept: Concept }> = CONCEPTS.flatMap((c) =>
  [c.id.replace(/_/g, ' '), c.name, ...c.labels, ...c.synonyms].map((n) => ({ words: normaliseLabel(n), concept: c.id })),
)
  .filter((n, i, all) => n.words.length > 1 && all.findIndex((m) => m.words === n.words) === i)
  .sort((a, b) => b.words.length - a.words.length);

/** Positions map from the normalised text back to the original, so a match can be cut out. */
function normaliseWithMap(text: string): { norm: string; map: number[] } {
  let norm = '';
  const map: number[] = [];
  let lastSpace = true;
  for (let i = 0; i < text.length; i++) {
    const piece = normaliseLabel(text[i] === '&' ? ' and ' : (text[i] ?? ''));
    const ch = piece === '' ? (/[\s\-/]/.test(text[i] ?? '') ? ' ' : '') : piece;
    for (const c of ch) {
      if (c === ' ' && lastSpace) continue;
      norm += c;
      map.push(i);
      lastSpace = c === ' ';
    }
  }
  return { norm, map };
}

/** The metric a whole option value names, exactly or within typo distance. */
export function metricFromOption(text: string, snapshot: Snapshot): MetricMatch {
  const words = normaliseLabel(text);
  const exact = NAMES.find((n) => n.words === words);
  if (exact) return { ok: true, concept: exact.concept, start: 0, end: text.length };
  const within = metricInText(text, snapshot);
  if (within.ok && normaliseLabel(text.slice(within.start, within.end)).length >= words.length * 0.6) return within;
  return fuzzy(words, snapshot, text.length);
}

function fuzzy(words: string, snapshot: Snapshot, length: number): MetricMatch {
  const results = words.length >= 3 ? snapshot.search.metrics.search(words, { limit: 10 }) : [];
  const best = results[0];
  if (best && (best.score ?? 1) <= 0.3) return { ok: true, concept: best.item.concept, start: 0, end: length };
  const suggestions = [...new Set(results.filter((r) => (r.score ?? 1) <= 0.5).map((r) => r.item.concept))].slice(0, 3);
  return { ok: false, suggestions };
}

/** The metric a sentence names, and where; typos are tried word by word. */
export function metricInText(text: string, snapshot: Snapshot): MetricMatch {
  const { norm, map } = normaliseWithMap(text);
  const padded = ` ${norm} `;
  for (const name of NAMES) {
    const at = padded.indexOf(` ${name.words} `);
    if (at >= 0) {
      const start = map[at] ?? 0;
      const end = (map[at + name.words.length - 1] ?? text.length - 1) + 1;
      return { ok: true, concept: name.concept, start, end };
    }
  }
  // Typos: a long word close to a metric name ("revnue", "ebidta").
  for (const m of norm.matchAll(/[a-z]{5,}/g)) {
    const hit = snapshot.search.metrics.search(m[0], { limit: 1 })[0];
    if (hit && (hit.score ?? 1) <= 0.25 && Math.abs(hit.item.name.length - m[0].length) <= 2) {
      const start = map[m.index] ?? 0;
      return { ok: true, concept: hit.item.concept, start, end: (map[m.index + m[0].length - 1] ?? start) + 1 };
    }
  }
  return { ok: false, suggestions: [] };
}
