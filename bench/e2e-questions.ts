/**
 * The end-to-end benchmark's questions: as many different ones as asked for, written from the
 * snapshot's own metrics and periods, as slash commands (/metric, /compare) and as words in the
 * ways people type them ("what was revenue in Q3 2003", "ebitda 2002 q4", "net income fy2003?").
 *
 * Each question asks for something no other one asks for (its metric and periods are its own), so
 * no answer remembered for one question can serve another: every answer is computed. No randomness:
 * the same snapshot and count give the same questions, for the baseline and the bot alike.
 */
import { CONCEPT_IDS, conceptInfo, type Concept } from '../knowledge/concepts.ts';
import { longDate, MONTHS, parsePeriodId, periodYear, isRolling } from '../knowledge/periods.ts';
import type { Book, Figure, Snapshot } from '../knowledge/snapshot.ts';
import { notGivenAlone } from '../commands/figures.ts';
import { METRICS, termChoices } from '../commands/understand/vocabulary.ts';

export type BenchQuestion =
  /** A slash command and its options, as Discord sends them. */
  | { kind: 'command'; name: 'metric' | 'compare'; options: Readonly<Record<string, string>> }
  /** A question in words, posted in a channel. */
  | { kind: 'text'; text: string };

/** What a question asks for: a metric in a period, two metrics in one, or one in two periods. */
type Target =
  | { kind: 'figure'; metric: Metric; period: string }
  | { kind: 'pair'; metrics: readonly [Metric, Metric]; period: string }
  | { kind: 'ratio'; metrics: readonly [Metric, Metric]; period: string }
  | { kind: 'compare'; metric: Metric; period: string; versus: string };

/** A metric, the words people call it by, and the periods the releases give it for. */
interface Metric {
  words: readonly string[];
  periods: readonly string[];
  /** A statement line (a ratio of two is asked with /compare versus-metric); none for a formula. */
  concept?: Concept;
  balance: boolean;
}

const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
const yy = (year: number) => String(year % 100).padStart(2, '0');
const ORDINALS = ['first', 'second', 'third', 'fourth'];

/** A period in the ways people write it. */
function periodWords(id: string): string[] {
  const p = parsePeriodId(id);
  if (!p) throw new Error(`not a period id: ${id}`);
  if (p.kind === 'instant') {
    const [y, m, d] = p.date.split('-').map(Number) as [number, number, number];
    const month = MONTHS[m - 1] ?? '';
    return [longDate(p.date), `${m}/${d}/${yy(y)}`, `${cap(month.slice(0, 3))} ${d} ${y}`, m === 12 ? `year-end ${y}` : `the end of ${cap(month)} ${y}`];
  }
  const year = periodYear(p);
  const code = id.slice(5);
  if (isRolling(id)) {
    const [y, m, d] = p.end.split('-').map(Number) as [number, number, number];
    return [`TTM as of ${m}/${d}/${yy(y)}`, `twelve months ended ${longDate(p.end)}`, `trailing twelve months at ${m}/${d}/${y}`];
  }
  if (code.startsWith('Q')) {
    const q = Number(code.slice(1));
    const month = MONTHS[q * 3 - 1] ?? '';
    return [`Q${q} ${year}`, `${q}Q${yy(year)}`, `${year} q${q}`, `Q${q}'${yy(year)}`, `the ${ORDINALS[q - 1] ?? ''} quarter of ${year}`, `the ${month} quarter of ${year}`, `three months ended ${longDate(p.end)}`];
  }
  if (code === 'H1') return [`H1 ${year}`, `1H${yy(year)}`, `the first half of ${year}`, `six months ended ${longDate(p.end)}`];
  if (code === 'H2') return [`H2 ${year}`, `2H${yy(year)}`, `the second half of ${year}`, `back half of ${year}`];
  if (code === '9M') return [`9M ${year}`, `9M${yy(year)}`, `the first nine months of ${year}`, `nine months ended ${longDate(p.end)}`];
  if (code === 'FY') return [`FY${year}`, `fiscal ${year}`, `FY${yy(year)}`, `full year ${year}`];
  throw new Error(`no words for period ${id}`);
}

/** Words that name several metrics ("earnings": net income? per share?): the reader asks back, so a question of them asks for no one target. */
const AMBIGUOUS = new Set(METRICS.ambiguous.map((a) => a.phrase));

/** The book's statement lines and the formulas over them (margins, working capital...), each with its periods. */
function metricsOf(book: Book): Metric[] {
  // The periods each line is given for alone: not a derived figure the bot withholds (mostly rounding, or across a reclassification).
  const given = (c: Concept) => book.periodsOf(c).filter((p) => !notGivenAlone(book.figure(c, p) as Figure));
  const periods = new Map<string, readonly string[]>(CONCEPT_IDS.map((c) => [c, given(c)]));
  const metrics: Metric[] = CONCEPT_IDS.filter((c) => (periods.get(c) ?? []).length > 0).map((c) => {
    const info = conceptInfo(c);
    const words = [info.name.toLowerCase(), ...info.synonyms].filter((w) => !AMBIGUOUS.has(w));
    return { concept: c, words, periods: periods.get(c) ?? [], balance: info.measure === 'balance' };
  });
  for (const f of METRICS.formulas) {
    // A formula has a value where both its terms have one (a term may be another formula).
    const [a, b] = f.terms.map((t): readonly string[] => termChoices(t).flatMap((c) => periods.get(c) ?? [])) as [readonly string[], readonly string[]];
    const both = a.filter((p) => b.includes(p));
    periods.set(f.id, both);
    if (both.length > 0) metrics.push({ words: f.phrases, periods: both, balance: both.every((p) => parsePeriodId(p)?.kind === 'instant') });
  }
  return metrics;
}

/** Round robin over the lists: the first of each, then the second of each... (a mix, not one list after another). */
function interleave<T>(lists: readonly (readonly T[])[]): T[] {
  const out: T[] = [];
  for (let i = 0; lists.some((l) => i < l.length); i++) for (const l of lists) if (i < l.length) out.push(l[i] as T);
  return out;
}

/** Periods of one kind (quarters, halves, nine months, years, a balance date), to compare with each other. */
const periodKind = (id: string) => (isRolling(id) ? 'rolling' : parsePeriodId(id)?.kind === 'instant' ? 'date' : id.slice(5, 6));

function targetsOf(book: Book): Record<Target['kind'], Target[]> {
  const metrics = metricsOf(book);
  const figure = interleave(metrics.map((m) => m.periods.map((period): Target => ({ kind: 'figure', metric: m, period }))));
  // Later period first: "revenue Q3 2003 vs Q1 2003".
  const compare = interleave(metrics.map((m) => m.periods.flatMap((period, i) =>
    m.periods.slice(0, i).filter((v) => periodKind(v) === periodKind(period) && periodKind(v) !== 'rolling').reverse()
      .map((versus): Target => ({ kind: 'compare', metric: m, period, versus })))));
  // Two lines asked together are of one kind: two amounts, two balances (not an amount and a share count).
  const lines = metrics.flatMap((m) => (m.concept ? [{ metric: m, concept: m.concept, measure: conceptInfo(m.concept).measure }] : []));
  const inBoth = (a: Metric, b: Metric) => a.periods.filter((p) => b.periods.includes(p) && !isRolling(p));
  const pair = interleave(lines.flatMap((a, i) => lines.slice(i + 1).filter((b) => a.measure === b.measure)
    .map((b) => inBoth(a.metric, b.metric).map((period): Target => ({ kind: 'pair', metrics: [a.metric, b.metric], period })))));
  // Each other flow as a share of revenue, the top line of every income statement.
  const revenue = lines.find((l) => l.concept === 'revenue')?.metric;
  const ratio = revenue
    ? interleave(lines.filter((l) => l.measure === 'flow' && l.metric !== revenue)
      .map(({ metric }) => inBoth(metric, revenue).map((period): Target => ({ kind: 'ratio', metrics: [metric, revenue], period }))))
    : [];
  return { figure, compare, pair, ratio };
}

/** Which kind each question in ten is: single figures most, then comparisons, two metrics at once, ratios. */
const MIX: readonly Target['kind'][] = ['figure', 'compare', 'figure', 'pair', 'compare', 'figure', 'ratio', 'figure', 'compare', 'pair'];

/**
 * A period option holds one period alone: "first half of 2003", not "the first half of 2003"; and
 * "TTM as of 3/31/03" is two periods to it ("twelve months ended March 31, 2003" is one).
 */
const optionWords = (id: string) => periodWords(id).filter((p) => !/^(ttm|trailing)\b/i.test(p)).map((p) => p.replace(/^the /, ''));

const pick = <T>(list: readonly T[], n: number): T => list[n % list.length] as T;

/** The question asking for a target: the n-th of the benchmark, which picks its words and transport. */
function phrase(target: Target, n: number, company: string): BenchQuestion {
  // Single figures and comparisons alternate between slash commands and words; two metrics at once
  // are asked in words, a ratio with /compare versus-metric.
  const command = target.kind === 'ratio' || (target.kind !== 'pair' && n % 2 === 0);
  // Each question the next words of each list, and the templates in strides: the phrasings vary from one question to the next.
  const turn = Math.floor(n / 2);
  const w = (words: readonly string[], salt: number) => pick(words, turn + salt);
  const period = (id: string, salt: number) => w(command ? optionWords(id) : periodWords(id), salt);
  if (target.kind === 'figure') {
    const m = w(target.metric.words, 0);
    const p = period(target.period, 3);
    if (command) return { kind: 'command', name: 'metric', options: { metric: m, period: p } };
    const at = target.metric.balance ? 'at' : 'in';
    return { kind: 'text', text: pick([
      `what was ${m} ${at} ${p}?`, `${m} ${p}`, `${p} ${m}?`, `how much ${m} did ${company} report for ${p}?`,
      `${company} ${m} ${p}`, `${m} for ${p}?`, `What was ${company}'s ${m} ${at} ${p}?`, `${m}, ${p}`, `tell me ${m} ${at} ${p}`,
    ], turn * 5) };
  }
  if (target.kind === 'compare') {
    const m = w(target.metric.words, 1);
    const [p, v] = [period(target.period, 2), period(target.versus, 4)];
    if (command) return { kind: 'command', name: 'compare', options: { metric: m, period: p, versus: v } };
    return { kind: 'text', text: pick([
      `how did ${m} in ${p} compare to ${v}?`, `${m} ${p} vs ${v}`, `${m}: ${p} versus ${v}?`, `change in ${m} from ${v} to ${p}`,
      `${p} ${m} compared with ${v}`, `how did ${company}'s ${m} in ${p} compare with ${v}?`,
    ], turn * 5) };
  }
  const [a, b] = target.metrics.map((metric, i) => w(metric.words, i)) as [string, string];
  const p = period(target.period, 2);
  if (target.kind === 'ratio') return { kind: 'command', name: 'compare', options: { metric: a, 'versus-metric': b, period: p } };
  return { kind: 'text', text: pick([`${a} and ${b} ${p}?`, `what were ${a} and ${b} in ${p}`, `${p}: ${a} & ${b}`], n) };
}

/** The question whose answer, computed once, the benchmark's precomputed bots give to every question: a figure with its buttons, as big as most answers. */
export const PRECOMPUTED_QUESTION = 'revenue Q4 2003';

/** `count` questions, each asking for something none of the others does; throws if the snapshot has fewer. */
export function benchQuestions(snapshot: Snapshot, count: number): BenchQuestion[] {
  // People name a company without its legal form: "Infocrossing", not "Infocrossing, Inc.".
  const books = snapshot.books.map((book) => ({ company: book.company.name.replace(/,?\s+(inc|corp|corporation|co|company|ltd|llc|plc)\.?$/i, ''), targets: targetsOf(book) }));
  const pools = new Map(MIX.map((kind) => [kind, interleave(books.map((b) => b.targets[kind].map((target) => ({ target, company: b.company }))))]));
  const taken = new Map(MIX.map((kind) => [kind, 0]));
  const questions: BenchQuestion[] = [];
  for (let slot = 0; questions.length < count; slot++) {
    // The kind this slot asks for, or the next one that has targets left.
    const kind = [...MIX.slice(slot % MIX.length), ...MIX].find((k) => (taken.get(k) ?? 0) < (pools.get(k)?.length ?? 0));
    if (!kind) throw new RangeError(`the snapshot has ${questions.length} different questions to ask, not ${count}`);
    const next = taken.get(kind) ?? 0;
    taken.set(kind, next + 1);
    const { target, company } = pools.get(kind)?.[next] ?? {};
    if (!target || !company) throw new Error('unreachable: the pool was counted');
    questions.push(phrase(target, questions.length, company));
  }
  return questions;
}
