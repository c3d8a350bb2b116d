/**
 * Table tests of the question interpreter alone: `interpret(text, snapshot, previous?)` over the rows
 * of test/fixtures/understand-table.jsonl, each row a question and the partial reading a careful
 * analyst expects. No store, no handlers, no rendering: only what the question was read as.
 *
 * A row: `{"text": "...", "previous"?: <Question JSON>, "expect": {...}, "note"?: "...", "todo"?: true}`.
 * The expectation is partial (only what it names is checked):
 *
 *   intent      "figure" | "compare" | "trend" | "results" | "why" | "narrative" | "quote" | "contact" | ...
 *   measures    the measures in order, compact: "revenue" (a concept id), "formula:gross_margin",
 *               "narrative:operating_cash_flow", "sum:cost_of_revenue+selling_admin", "ratio:ebitda/net_interest_expense",
 *               "ratio:formula:total_costs/revenue" (a side said as a formula)
 *   periods     the figure's periods in order ("Q2 2003", "Q2 2003 by date" when said as ended on a date); period / versus (compare, results, why, narrative); release
 *               (call, contact, quote, profile, narrative). Each a PeriodQuery object as knowledge/period-grammar.ts
 *               builds it, or a shorthand: "Q4 2003", "Q4" (no year), "H1 2003", "9M 2003", "FY 2002",
 *               "2003" (a bare year), "year-end 2002", "2003-06-30" (a date), "end of 2003-06-30" (a month said without its day), "month-end 6", "latest",
 *               "last quarter", "last year", "LTM", "LTM at 2003-12-31", "1 year earlier", "2 years later", "the quarter after", "2 quarters before", "id:2003-Q2", "YTD 2003", "YTD" (the year so far),
 *               "YTD to 2003-06" (the fiscal year through that month), "last 4 quarters";
 *               "a|b" accepts either ("Q1 2003|2003-03-31" for a balance at the quarter's end); null: none.
 *   sequential, excluding, combined, paired, share   booleans on a compare / figure (combined: the periods' figures added up;
 *               paired: the first half of the periods each set against its own in the second; share: a compare's
 *               period as a percentage of its versus)
 *   clarify     true: the bot asks back; `choices`: compact measures some alternative must offer; false: it must not
 *   invalid     true: the bot says the question back as one it cannot read, and looks nothing up
 *   weighed     "higher" | "lower": a compare asked yes or no ("was revenue higher in Q1 than in Q2?"); null: not asked so
 *   role, person, field, speaker, term, rank   as the Question carries them (field: contact, call or profile; rank: a figure's highest or lowest);
 *               role or person null: the Question carries none
 *   topic       words the narrative / quote topic must hold; [] : the topic must be empty (nothing searched for)
 *   against     the amount a figure is set against ("above $20m": {"value": 20000000, "unit": "USD"}); null: none
 *   claimed     true: the amount is what the asker says the figure was ("was net income $1.2 million?"), checked
 *   unit        the scale a figure was asked in ("in billions": "billion"), shown beside it as printed; null: none
 *   not         what the reading must not be: {"measures": [...]} (none of these measures), {"periods": [...]}
 *   notIntent   intents the reading must not have (["figure", "compare"]: abstain from figures); a
 *               clarify reading has no intent and passes
 *
 * A row whose correct reading the interpreter does not give yet is kept with the correct expectation
 * and `"todo": true`: it is listed (it.todo) and not run, so the suite stays green and the gap stays visible.
 */
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { CONCEPT_IDS } from '../../knowledge/concepts.ts';
import { loadSnapshot } from '../../knowledge/load.ts';
import type { Snapshot } from '../../knowledge/snapshot.ts';
import { interpret } from '../../commands/understand/interpret.ts';
import type { PeriodQuery } from '../../knowledge/period-grammar.ts';
import type { Measure, Question, Reading } from '../../commands/understand/question.ts';
import { METRICS } from '../../commands/understand/vocabulary.ts';
import { FIXTURES_DIR } from '../support/fixtures.ts';
import { RELEASES_DIR } from '../support/releases.ts';

const TABLE_FILE = `${FIXTURES_DIR}understand-table.jsonl`;

const INTENTS = ['figure', 'compare', 'trend', 'results', 'why', 'narrative', 'quote', 'contact', 'call', 'define', 'profile', 'sources', 'help', 'reload'] as const;

// ---- compact measures -------------------------------------------------------------------------

const CONCEPTS = new Set<string>(CONCEPT_IDS);
const FORMULAS = new Set(METRICS.formulas.map((f) => f.id));
const NARRATIVES = new Set(METRICS.narrative.map((n) => n.id));

export function compactMeasure(m: Measure): string {
  switch (m.kind) {
    case 'concept':
      return m.concept;
    case 'formula':
      return `formula:${m.formula}`;
    case 'narrative':
      return `narrative:${m.measure}`;
    case 'sum':
      return `sum:${m.parts.join('+')}`;
    case 'ratio':
      // A side said as a formula is named by it: "ratio:formula:total_costs/revenue".
      return `ratio:${m.numeratorFormula ? `formula:${m.numeratorFormula}` : m.numerator}/${m.denominatorFormula ? `formula:${m.denominatorFormula}` : m.denominator}`;
  }
}

/** Why a compact measure names nothing the vocabulary knows, or undefined. */
function badMeasure(s: string): string | undefined {
  const [kind, rest] = s.includes(':') ? [s.slice(0, s.indexOf(':')), s.slice(s.indexOf(':') + 1)] : ['concept', s];
  const concepts = (list: string[]) => list.filter((c) => !CONCEPTS.has(c)).map((c) => `unknown concept "${c}"`)[0];
  switch (kind) {
    case 'concept':
      return CONCEPTS.has(rest) ? undefined : `unknown concept "${rest}"`;
    case 'formula':
      return FORMULAS.has(rest) ? undefined : `unknown formula "${rest}"`;
    case 'narrative':
      return NARRATIVES.has(rest) ? undefined : `unknown narrative measure "${rest}"`;
    case 'sum':
      return concepts(rest.split('+'));
    case 'ratio': {
      const parts = rest.split('/');
      if (parts.length !== 2) return `a ratio is "ratio:a/b", not "${s}"`;
      return parts.map((p) => (p.startsWith('formula:') ? badMeasure(p) : concepts([p]))).find(Boolean);
    }
    default:
      return `unknown measure kind "${kind}"`;
  }
}

// ---- periods ----------------------------------------------------------------------------------

/** A shorthand period to the PeriodQuery it stands for, or undefined. */
function periodOf(text: string): PeriodQuery | undefined {
  // "Q2 2003 by date": said as the period ended on a date ("the quarter ended June 30, 2003").
  const byDate = /\s+by date$/.exec(text);
  if (byDate) {
    const q = periodOf(text.slice(0, byDate.index));
    return q?.kind === 'span' ? { ...q, byDate: true } : undefined;
  }
  const t = text.trim();
  let m: RegExpExecArray | null;
  const year = (y: string | undefined) => (y ? { year: Number(y) } : {});
  if ((m = /^Q([1-4])(?: (\d{4}))?$/.exec(t))) return { kind: 'span', months: 3, endMonth: Number(m[1]) * 3, ...year(m[2]) };
  if ((m = /^H([12])(?: (\d{4}))?$/.exec(t))) return { kind: 'span', months: 6, endMonth: Number(m[1]) * 6, ...year(m[2]) };
  if ((m = /^9M(?: (\d{4}))?$/.exec(t))) return { kind: 'span', months: 9, endMonth: 9, ...year(m[1]) };
  if ((m = /^FY(?: (\d{4}))?$/.exec(t))) return { kind: 'span', months: 12, endMonth: 12, ...year(m[1]) };
  if ((m = /^(\d{4})$/.exec(t))) return { kind: 'year', year: Number(m[1]) };
  if ((m = /^year-end (\d{4})$/.exec(t))) return { kind: 'yearEnd', year: Number(m[1]) };
  if (/^\d{4}-\d{2}-\d{2}$/.test(t)) return { kind: 'date', date: t };
  if ((m = /^end of (\d{4}-\d{2}-\d{2})$/.exec(t))) return { kind: 'date', date: m[1] as string, wholeMonth: true };
  if ((m = /^month-end (\d{1,2})$/.exec(t))) return { kind: 'monthEnd', month: Number(m[1]) };
  if (t === 'latest') return { kind: 'latest' };
  if (t === 'last quarter') return { kind: 'lastQuarter' };
  if (t === 'last year') return { kind: 'lastYear' };
  if (t === 'LTM') return { kind: 'ltm' };
  if ((m = /^LTM at (.+)$/.exec(t))) {
    const at = periodOf(m[1] as string);
    return at ? { kind: 'ltm', at } : undefined;
  }
  if ((m = /^YTD(?: (\d{4}))?$/.exec(t))) return { kind: 'ytd', ...year(m[1]) };
  if ((m = /^YTD to (\d{4})-(\d{2})$/.exec(t))) return { kind: 'ytdTo', month: Number(m[2]), year: Number(m[1]) };
  if ((m = /^last (\d+) (quarter|year)s$/.exec(t))) return { kind: 'recent', count: Number(m[1]), unit: m[2] === 'quarter' ? 'quarter' : 'year' };
  if ((m = /^(\d+) years? (earlier|later)$/.exec(t))) return { kind: 'relative', years: (m[2] === 'later' ? 1 : -1) * Number(m[1]) };
  if ((m = /^(the|\d+) quarters? (before|after)$/.exec(t))) return { kind: 'relative', years: 0, quarters: (m[2] === 'after' ? 1 : -1) * (m[1] === 'the' ? 1 : Number(m[1])) };
  if ((m = /^id:(.+)$/.exec(t))) return { kind: 'id', id: m[1] as string };
  return undefined;
}

const PeriodExpect = z.union([
  z.string().refine((s) => s.split('|').every((a) => periodOf(a) !== undefined), { message: 'not a period shorthand (see the header of understand-table.test.ts)' }),
  z.object({ kind: z.string() }).passthrough(),
]);
type PeriodExpect = z.infer<typeof PeriodExpect>;

/** The period queries an expectation accepts. */
function accepted(e: PeriodExpect): unknown[] {
  return typeof e === 'string' ? e.split('|').map((a) => periodOf(a)) : [e];
}

const same = (a: unknown, b: unknown) => JSON.stringify(sortKeys(a)) === JSON.stringify(sortKeys(b));
function sortKeys(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(sortKeys);
  if (v && typeof v === 'object') return Object.fromEntries(Object.entries(v).sort(([a], [b]) => a.localeCompare(b)).map(([k, x]) => [k, sortKeys(x)]));
  return v;
}
const periodMatches = (e: PeriodExpect, actual: unknown) => accepted(e).some((a) => same(a, actual));

// ---- rows -------------------------------------------------------------------------------------

const MeasureExpect = z.string().superRefine((s, ctx) => {
  const bad = badMeasure(s);
  if (bad) ctx.addIssue({ code: 'custom', message: bad });
});

const Expect = z.object({
  intent: z.enum(INTENTS).optional(),
  measures: z.array(MeasureExpect).min(1).optional(),
  periods: z.array(PeriodExpect).optional(),
  period: PeriodExpect.nullable().optional(),
  versus: PeriodExpect.nullable().optional(),
  release: PeriodExpect.nullable().optional(),
  sequential: z.boolean().optional(),
  excluding: z.boolean().optional(),
  combined: z.boolean().optional(),
  paired: z.boolean().optional(),
  share: z.boolean().optional(),
  weighed: z.enum(['higher', 'lower']).nullable().optional(),
  clarify: z.boolean().optional(),
  invalid: z.literal(true).optional(),
  choices: z.array(MeasureExpect).optional(),
  role: z.string().nullable().optional(),
  person: z.string().nullable().optional(),
  field: z.string().optional(),
  speaker: z.string().optional(),
  term: z.string().optional(),
  rank: z.enum(['highest', 'lowest']).optional(),
  topic: z.array(z.string()).optional(),
  against: z.union([z.null(), z.object({ value: z.number(), unit: z.enum(['USD', 'percent', 'times', 'number']) }).strict()]).optional(),
  /** A profit line asked as a loss ("the net loss"): true; false, asked as itself. */
  asLoss: z.boolean().optional(),
  claimed: z.boolean().optional(),
  /** The scale a figure was asked in ("in billions"); null: none. */
  unit: z.union([z.null(), z.enum(['thousand', 'million', 'billion', 'cent'])]).optional(),
  not: z.object({ measures: z.array(MeasureExpect).optional(), periods: z.array(PeriodExpect).optional() }).strict().optional(),
  notIntent: z.array(z.enum(INTENTS)).min(1).optional(),
}).strict().refine((e) => Object.keys(e).length > 0, { message: 'an empty expectation checks nothing' })
  .refine((e) => !(e.clarify && e.intent), { message: 'a clarify reading has no intent' });
type Expect = z.infer<typeof Expect>;

const Row = z.object({
  text: z.string().min(1),
  previous: z.object({ intent: z.enum(INTENTS) }).passthrough().optional(),
  expect: Expect,
  note: z.string().optional(),
  todo: z.literal(true).optional(),
}).strict();
type Row = z.infer<typeof Row>;

function readTable(file: string): Row[] {
  const rows: Row[] = [];
  readFileSync(file, 'utf8').split(/\r?\n/).forEach((line, i) => {
    if (!line.trim()) return;
    let json: unknown;
    try {
      json = JSON.parse(line);
    } catch (error) {
      throw new Error(`${file}:${i + 1}: not JSON: ${(error as Error).message}`);
    }
    const parsed = Row.safeParse(json);
    if (!parsed.success) throw new Error(`${file}:${i + 1}: ${parsed.error.issues.map((x) => `${x.path.join('.')}: ${x.message}`).join('; ')}`);
    rows.push(parsed.data);
  });
  return rows;
}

// ---- the matcher ------------------------------------------------------------------------------

/** What the reading gets wrong against the expectation; empty when it matches. */
export function mismatches(e: Expect, reading: Reading): string[] {
  const out: string[] = [];
  const q: Record<string, unknown> | undefined = reading.kind === 'question' ? (reading.question as Record<string, unknown>) : undefined;
  const intent = q?.intent as string | undefined;
  const measures = Array.isArray(q?.measures) ? (q.measures as Measure[]).map(compactMeasure) : [];

  if (e.clarify && reading.kind !== 'clarify') out.push('expected to ask back (clarify)');
  if (e.clarify === false && reading.kind === 'clarify') out.push('must not ask back');
  if (e.invalid && reading.kind !== 'invalid') out.push('expected to be said back, nothing looked up (invalid)');
  if (e.choices && reading.kind === 'clarify') {
    const offered = reading.alternatives.flatMap((a) => ('measures' in a.question ? a.question.measures.map(compactMeasure) : []));
    for (const c of e.choices) if (!offered.includes(c)) out.push(`clarify does not offer ${c} (offers ${offered.join(', ')})`);
  }
  if (e.intent && intent !== e.intent) out.push(`intent: expected ${e.intent}`);
  if (e.notIntent && intent && e.notIntent.includes(intent as (typeof INTENTS)[number])) out.push(`intent must not be ${intent}`);
  if (e.measures && !same(e.measures, measures)) out.push(`measures: expected [${e.measures.join(', ')}], got [${measures.join(', ')}]`);
  if (e.not?.measures) for (const m of e.not.measures) if (measures.includes(m)) out.push(`must not read ${m}`);
  if (e.asLoss !== undefined && (q?.asLoss === true) !== e.asLoss) out.push(`asLoss: expected ${e.asLoss}`);
  if (e.claimed !== undefined && (q?.claimed === true) !== e.claimed) out.push(`claimed: expected ${e.claimed}`);
  if (e.unit !== undefined && (q?.unit ?? null) !== e.unit) out.push(`unit: expected ${e.unit}, got ${q?.unit ?? null}`);

  const periodField = (name: 'period' | 'versus' | 'release') => {
    const want = e[name];
    if (want === undefined) return;
    const got = q?.[name];
    if (want === null ? got !== undefined : !periodMatches(want, got)) out.push(`${name}: expected ${JSON.stringify(want)}, got ${JSON.stringify(got)}`);
  };
  // Two periods compared are put in order by the responder (the later first): either order is right.
  const swapped = e.period && e.versus && q?.versus !== undefined && periodMatches(e.period, q.versus) && periodMatches(e.versus, q.period);
  if (!swapped) {
    periodField('period');
    periodField('versus');
  }
  periodField('release');
  const periods = Array.isArray(q?.periods) ? (q.periods as unknown[]) : undefined;
  if (e.periods) {
    const ok = periods !== undefined && periods.length === e.periods.length && e.periods.every((p, i) => periodMatches(p, periods[i]));
    if (!ok) out.push(`periods: expected ${JSON.stringify(e.periods)}, got ${JSON.stringify(periods)}`);
  }
  if (e.not?.periods) {
    const all = [...(periods ?? []), q?.period, q?.versus].filter((p) => p !== undefined);
    for (const p of e.not.periods) if (all.some((a) => periodMatches(p, a))) out.push(`must not read the period ${JSON.stringify(p)}`);
  }
  for (const k of ['sequential', 'excluding', 'combined', 'paired', 'share'] as const) {
    if (e[k] !== undefined && (q?.[k] === true) !== e[k]) out.push(`${k}: expected ${e[k]}`);
  }
  if (e.weighed !== undefined && q?.weighed !== (e.weighed ?? undefined)) out.push(`weighed: expected ${JSON.stringify(e.weighed)}, got ${JSON.stringify(q?.weighed)}`);
  for (const k of ['role', 'person', 'field', 'speaker', 'term', 'rank'] as const) {
    if (e[k] !== undefined && q?.[k] !== (e[k] ?? undefined)) out.push(`${k}: expected ${JSON.stringify(e[k])}, got ${JSON.stringify(q?.[k])}`);
  }
  if (e.against !== undefined) {
    const got = q?.against as { value: number; unit: string } | undefined;
    const ok = e.against === null ? got === undefined : got?.value === e.against.value && got.unit === e.against.unit;
    if (!ok) out.push(`against: expected ${JSON.stringify(e.against)}, got ${JSON.stringify(got)}`);
  }
  if (e.topic) {
    const topic = Array.isArray(q?.topic) ? (q.topic as string[]) : [];
    for (const w of e.topic) if (!topic.includes(w)) out.push(`topic lacks "${w}" (has ${topic.join(' ')})`);
    if (e.topic.length === 0 && topic.length > 0) out.push(`topic should be empty (has ${topic.join(' ')})`);
  }
  return out;
}

// ---- the table --------------------------------------------------------------------------------

const rows = readTable(TABLE_FILE);
const name = (r: Row) => (r.previous ? `${r.text} (after ${JSON.stringify(r.previous)})` : r.text);
const active = rows.filter((r) => !r.todo).map((r) => ({ ...r, name: name(r) }));
const todo = rows.filter((r) => r.todo);

let snapshot: Snapshot;
beforeAll(async () => {
  const loaded = await loadSnapshot(RELEASES_DIR);
  if (!loaded.ok) throw new Error(`cannot load the releases: ${loaded.reason}`);
  snapshot = loaded.snapshot;
});

describe('the interpreter, row by row (test/fixtures/understand-table.jsonl)', () => {
  it('holds enough rows, negatives among them, and no row twice', () => {
    expect(rows.length).toBeGreaterThanOrEqual(320);
    expect(rows.filter((r) => r.expect.not || r.expect.notIntent).length).toBeGreaterThanOrEqual(60);
    const keys = rows.map((r) => name(r));
    expect(keys.filter((k, i) => keys.indexOf(k) !== i)).toEqual([]);
  });

  it.each(active.map((r) => [r.name, r] as const))('%s', (_name, row) => {
    const reading = interpret(row.text, snapshot, row.previous as Question | undefined);
    const wrong = mismatches(row.expect, reading);
    expect(wrong, `read as ${JSON.stringify(reading)}${row.note ? `\nnote: ${row.note}` : ''}`).toEqual([]);
  });

  for (const row of todo) it.todo(name(row));
});
