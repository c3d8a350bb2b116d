/**
 * The golden rule of test/fixtures/questions.jsonl, as the reference README states it. A question's
 * `any` is a list of alternatives; the answer passes when every check of ONE alternative holds:
 *
 * - `{num: V, tol: T}`: some number in the answer, scaled by a word right after it (thousand,
 *   million, billion, K, M, B...), or by 1, 1e3 or 1e6 when no word follows, is within T of V
 *   (signs ignored);
 * - `{pct: V, tol: T}`: some percentage in the answer is within T of V;
 * - `{text: S}`: the answer contains S (case ignored);
 * - `{digits: S}`: the answer's digits, all else removed, contain S (phone numbers);
 * - `{re: R}`: the regular expression R matches the answer (case ignored).
 *
 * "Within" means <=, with a hair of slack for binary floating point (8.8 - 8.7 is 0.10000000000000142).
 */
import { readFileSync } from 'node:fs';

export type Check =
  | { num: number; tol: number }
  | { pct: number; tol: number }
  | { text: string }
  | { digits: string }
  | { re: string };

export type Alternative = Check[];

export interface GoldenQuestion {
  id: string;
  question: string;
  any: Alternative[];
  note: string;
}

/** A number as printed: `13,129`, `13.129`, `.04`, `0.40`; sign and parentheses are not part of it. */
const NUMBER = /(?<![\d.])(?:\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?|\.\d+)/g;

/** Scale words that may follow a number, right after it (spaces allowed), longest first. */
const SCALE_WORDS: ReadonlyArray<readonly [RegExp, number]> = [
  [/^\s*(?:thousands?|thou)\b/i, 1e3],
  [/^\s*(?:millions?|mln|mil|mn|mm)\b/i, 1e6],
  [/^\s*(?:billions?|bln|bn)\b/i, 1e9],
  [/^\s*k\b/i, 1e3],
  [/^\s*m\b/i, 1e6],
  [/^\s*b\b/i, 1e9],
];

const DEFAULT_SCALES = [1, 1e3, 1e6] as const;

export interface FoundNumber {
  printed: string;
  value: number;
  /** The values the number may stand for: its scale word's, or 1, 1e3 and 1e6 times it. */
  candidates: number[];
}

/** Every number in the text with the values it may stand for (absolute: signs are ignored). */
export function numbersIn(text: string): FoundNumber[] {
  const out: FoundNumber[] = [];
  for (const m of text.matchAll(NUMBER)) {
    const printed = m[0];
    const value = Number(printed.replace(/,/g, ''));
    if (!Number.isFinite(value)) continue;
    const after = text.slice((m.index ?? 0) + printed.length);
    const word = SCALE_WORDS.find(([re]) => re.test(after));
    const candidates = word ? [value * word[1]] : DEFAULT_SCALES.map((s) => value * s);
    out.push({ printed, value, candidates });
  }
  return out;
}

/** Every percentage in the text, signed when a sign is printed: `8.7%`, `+55.0%`, `-100.0 %`, `374 percent`. */
export function percentagesIn(text: string): number[] {
  const out: number[] = [];
  const re = /([-+−])?\s?(\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?|\.\d+)\s?(?:%|per ?cent\b)/gi;
  for (const m of text.matchAll(re)) {
    const value = Number((m[2] ?? '').replace(/,/g, ''));
    if (!Number.isFinite(value)) continue;
    out.push(m[1] === '-' || m[1] === '−' ? -value : value);
  }
  return out;
}

const within = (x: number, v: number, tol: number) => Math.abs(x - v) <= tol + 1e-9 * Math.max(1, Math.abs(v));

export function checkHolds(check: Check, answer: string): boolean {
  if ('num' in check) {
    const target = Math.abs(check.num);
    return numbersIn(answer).some((n) => n.candidates.some((c) => within(Math.abs(c), target, check.tol)));
  }
  if ('pct' in check) return percentagesIn(answer).some((p) => within(p, check.pct, check.tol));
  if ('text' in check) return answer.toLowerCase().includes(check.text.toLowerCase());
  if ('digits' in check) return answer.replace(/\D/g, '').includes(check.digits);
  if ('re' in check) return new RegExp(check.re, 'i').test(answer);
  throw new Error(`unknown check ${JSON.stringify(check)}`);
}

export function describeCheck(check: Check): string {
  if ('num' in check) return `a number within ${check.tol} of ${check.num}`;
  if ('pct' in check) return `a percentage within ${check.tol} of ${check.pct}%`;
  if ('text' in check) return `the text "${check.text}"`;
  if ('digits' in check) return `the digits ${check.digits}`;
  return `a match of /${check.re}/i`;
}

export interface Verdict {
  pass: boolean;
  /** For a failure: per alternative, the checks that did not hold. */
  failed: string[][];
}

export function judge(any: readonly Alternative[], answer: string): Verdict {
  if (any.length === 0) throw new Error('a golden question needs at least one alternative');
  const failed = any.map((alt) => alt.filter((c) => !checkHolds(c, answer)).map(describeCheck));
  return { pass: failed.some((f) => f.length === 0), failed };
}

export function passes(any: readonly Alternative[], answer: string): boolean {
  return judge(any, answer).pass;
}

export function readGolden(path: string): GoldenQuestion[] {
  return readFileSync(path, 'utf8')
    .split(/\r?\n/)
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as GoldenQuestion);
}
