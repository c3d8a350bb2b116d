/**
 * Metric names as people type them: ids, names, printed labels and synonyms ("sales", "top line",
 * "EPS", "loss per share", "deficit"), any case and punctuation, with typos ("revnue", "ebidta",
 * "net incme") mended word by word by fuse.js. In a sentence, the longest name it contains wins
 * ("net loss to common stockholders" over "net loss").
 */
import Fuse from 'fuse.js';
import { CONCEPTS, normaliseLabel, type Concept } from '../../knowledge/concepts.ts';

export type MetricMatch =
  | { ok: true; concept: Concept; start: number; end: number }
  | { ok: false; suggestions: Concept[] };

interface Name {
  words: string[];
  concept: Concept;
}

const NAMES: readonly Name[] = CONCEPTS.flatMap((c) =>
  [c.id.replace(/_/g, ' '), c.name, ...c.labels, ...c.synonyms].map((n) => ({ words: normaliseLabel(n).split(' '), concept: c.id })),
)
  .filter((n, i, all) => n.words.join('').length > 1 && all.findIndex((m) => m.words.join(' ') === n.words.join(' ')) === i)
  .sort((a, b) => b.words.join(' ').length - a.words.join(' ').length);

const METRIC_WORDS = [...new Set(NAMES.flatMap((n) => n.words))].filter((w) => w.length >= 3);
const KNOWN = new Set(METRIC_WORDS);
/** Typos keep their first letter far more often than not: one small fuzzy index per letter. */
const BY_LETTER = new Map(
  [...new Set(METRIC_WORDS.map((w) => w[0] ?? ''))].map((letter) => [letter, new Fuse(METRIC_WORDS.filter((w) => w.startsWith(letter)), { includeScore: true, threshold: 0.4 })]),
);

interface Token {
  word: string;
  start: number;
  end: number;
}

function tokens(text: string): Token[] {
  const out: Token[] = [];
  for (const m of text.matchAll(/[A-Za-z0-9&']+/g)) {
    for (const word of normaliseLabel(m[0]).split(' ').filter(Boolean)) out.push({ word, start: m.index, end: m.index + m[0].length });
  }
  return out;
}

/** A word close to a metric word ("revnue" → "revenue"), or the word itself. */
function mend(word: string): string {
  if (word.length < 4 || KNOWN.has(word) || /\d/.test(word)) return word;
  const hit = BY_LETTER.get(word[0] ?? '')?.search(word, { limit: 1 })[0];
  return hit && Math.abs(hit.item.length - word.length) <= 2 ? hit.item : word;
}

function findName(words: readonly string[]): { name: Name; at: number } | undefined {
  for (const name of NAMES) {
    for (let i = 0; i + name.words.length <= words.length; i++) {
      if (name.words.every((w, k) => words[i + k] === w)) return { name, at: i };
    }
  }
  return undefined;
}

/** The metric a sentence names, and where; typos are mended word by word when nothing matches. */
export function metricInText(text: string): MetricMatch {
  const toks = tokens(text);
  const found = findName(toks.map((t) => t.word)) ?? findName(toks.map((t) => mend(t.word)));
  if (!found) return { ok: false, suggestions: [] };
  const first = toks[found.at] as Token;
  const last = toks[found.at + found.name.words.length - 1] as Token;
  return { ok: true, concept: found.name.concept, start: first.start, end: last.end };
}

/** The metric a whole option value names: it must be most of the text. */
export function metricFromOption(text: string): MetricMatch {
  const match = metricInText(text);
  const words = normaliseLabel(text);
  if (match.ok && normaliseLabel(text.slice(match.start, match.end)).length >= words.length * 0.6) return match;
  return { ok: false, suggestions: suggest(words) };
}

/** Metrics that share a word with the text, for "did you mean". */
function suggest(words: string): Concept[] {
  const mended = words.split(' ').map(mend);
  const hits = NAMES.filter((n) => n.words.some((w) => w.length >= 4 && mended.includes(w))).map((n) => n.concept);
  return [...new Set(hits)].slice(0, 3);
}
