/**
 * How a question's measures are said and related: a line's concept, revenue as said, a ratio's sides, a line as a
 * percent of another, a margin's amount, the family a line belongs to. Shared by the slot reader and the question reader.
 */
import { conceptInfo, type Concept } from '../../knowledge/concepts.ts';
import type { Measure, Question, Reading } from './question.ts';
import type { Token } from './spot.ts';
import { formulaNamed, METRICS, statementLineOf, termChoices, termMeasure } from './vocabulary.ts';
import { describeQuestion, inSentence, measureLabel } from './describe.ts';
import type { Slots } from './slots.ts';

export const conceptOf = (m: Measure): Concept | undefined => (m.kind === 'concept' ? m.concept : undefined);

/** A ratio formula's numerator ("gross margin": gross profit); undefined for a formula of another kind. */
export function numeratorOf(formula: string): string | undefined {
  const f = METRICS.formulas.find((g) => g.id === formula);
  return f?.op === 'ratio' && f.terms[0] !== undefined ? termChoices(f.terms[0])[0] : undefined;
}

/** How revenue was said: as sales ("net sales"), or as revenue or a total ("total sales and revenues"). */
export type RevenueWord = 'sales' | 'revenue';
export const revenueWord = (tokens: readonly Token[], said: { at: number; to: number }): RevenueWord => {
  const words = tokens.slice(said.at, said.to).map((t) => t.word);
  return words.includes('sales') && !words.some((w) => w.startsWith('revenue')) ? 'sales' : 'revenue';
};


/** A side of a ratio: its line, and the formula it was said as, if one. */
export interface RatioOf {
  line: Concept;
  formula?: string;
}

/** A side of a ratio said as `m`, its line `line`. */
export const sideOf = (m: Measure, line: Concept): RatioOf => ({ line, ...(m.kind === 'formula' ? { formula: m.formula } : {}) });

/** The line `line` (said as `m`) over `whole`: each side said as a formula is computed by it. */
export function ratioOf(m: Measure, line: Concept, whole: RatioOf, percent: boolean): Measure {
  return {
    kind: 'ratio', numerator: line, denominator: whole.line,
    ...(percent ? { percent: true } : {}),
    ...(m.kind === 'formula' ? { numeratorFormula: m.formula } : {}),
    ...(whole.formula ? { denominatorFormula: whole.formula } : {}),
  };
}

/** A balance at a date (cash), or a ratio or formula of balances (the current ratio, working capital), not a flow over a period. */
export const isBalance = (m: Measure): boolean => {
  if (m.kind === 'formula') return METRICS.formulas.find((f) => f.id === m.formula)?.terms.every((t) => termChoices(t).every((c) => isBalance(termMeasure(c)))) ?? false;
  if (m.kind === 'sum') return m.parts.every((c) => conceptInfo(c).measure === 'balance');
  const concept = m.kind === 'ratio' ? m.numerator : conceptOf(m);
  return concept !== undefined && conceptInfo(concept).measure === 'balance';
};

export const ONE: Record<string, { basic: Concept; diluted: Concept }> = {
  shares: { basic: 'shares_basic', diluted: 'shares_diluted' },
  eps: { basic: 'eps_basic', diluted: 'eps_diluted' },
};
export const familyOf = (c: Concept | undefined) => (c?.startsWith('shares') ? ONE.shares : c?.startsWith('eps') ? ONE.eps : undefined);
/** The costs a word of spending may mean: the vocabulary's own choices for "costs". */
export const COSTS = METRICS.ambiguous.find((a) => a.phrase === 'costs');

/** A line or formula as a key: its concept or formula id. */
const measureKey = (m: Measure): string | undefined => (m.kind === 'concept' ? m.concept : m.kind === 'formula' ? m.formula : undefined);

/**
 * Each line's own percent: the percent formula of it, the one over revenue first (gross profit's gross margin, net income's
 * net margin; income tax's effective tax rate, over pretax income).
 */
const PERCENT_OF = new Map(METRICS.formulas.flatMap((f) => {
  const [top, bottom] = f.terms;
  const line = f.op === 'ratio' && f.unit === 'percent' && top !== undefined ? measureKey(termMeasure(termChoices(top)[0] ?? '')) : undefined;
  return line ? [{ line, id: f.id, overRevenue: termChoices(bottom ?? '').includes('revenue') }] : [];
}).sort((a, b) => Number(a.overRevenue) - Number(b.overRevenue)).map(({ line, id }) => [line, id] as const));

/**
 * A line asked "as a percent" with no whole said ("gross profit as a percent", "cash in %"): its own percent formula, else,
 * where `shareAsked`, the common-size reading, a flow over revenue, a balance over total assets (METRICS.common_size).
 * Undefined for a whole itself, a count or an amount per share: a percent of nothing said.
 */
export function percentOfLine(m: Measure, shareAsked: boolean): Measure | undefined {
  const own = PERCENT_OF.get(measureKey(m) ?? '');
  if (own) return { kind: 'formula', formula: own };
  // A formula (total liabilities) stands as its printed line, its formula kept.
  const line = statementLineOf(m);
  if (!shareAsked || !line || COUNTED.has(line)) return undefined;
  const measure = conceptInfo(line).measure;
  const whole = measure === 'flow' || measure === 'balance' ? METRICS.common_size[measure] : undefined;
  return whole && whole !== line ? { kind: 'ratio', numerator: line, denominator: whole, percent: true, ...(m.kind === 'formula' ? { numeratorFormula: m.formula } : {}) } : undefined;
}
const COUNTED: ReadonlySet<Concept> = new Set(METRICS.common_size.counts);

/**
 * A line asked as a percent that has none and is a share of no whole ("revenue as a percent", "EPS in %"): asked back, its
 * change in percent (what "by what percent?" means) or its amount, never the amount with the percent dropped; a share of
 * another line is for the asker to name.
 */
export function percentOfWhat(label: string, q: Extract<Question, { intent: 'figure' }>): Reading {
  // A figure qualified (adjusted, the highest, a sum, as a release printed it), of several periods or beside other lines
  // has no one plain change to offer: said back.
  if (q.excluding || q.rank || q.combined || q.release || q.against || q.periods.length > 1 || q.measures.length > 1) {
    return { kind: 'invalid', title: 'Percent of what?', message: `"${label}" as a percent: of which line? Name it ("${label.toLowerCase()} as a percent of ..."), or ask its change ("... growth").` };
  }
  const { unit: _unit, ...amount } = q;
  // Set against a year earlier, as its choice says (a balance's comparison by default is with the start of its year).
  const change: Question = { intent: 'compare', measures: q.measures, ...(q.periods[0] ? { period: q.periods[0] } : {}), versus: { kind: 'relative', years: -1 }, ...(q.company ? { company: q.company } : {}) };
  return {
    kind: 'clarify',
    prompt: `"${label}" as a percent: its change in percent, or its amount? (As a share of another line, name it: "${label.toLowerCase()} as a percent of ...".)`,
    alternatives: [change, amount].map((question) => ({ label: describeQuestion(question), question })),
  };
}

export function amountOfMargin(formulaId: string): Measure | undefined {
  const formula = formulaNamed(formulaId);
  const numerator = formula?.op === 'ratio' && formula.unit === 'percent' && formula.terms[0] !== undefined ? termChoices(formula.terms[0])[0] : undefined;
  return numerator ? termMeasure(numerator) : undefined;
}

/** Measures as a choice names them: "Net income and EBITDA". */
export const measuresLabel = (ms: readonly Measure[]) => ms.map((m, i) => (i === 0 ? measureLabel(m) : inSentence(measureLabel(m)))).join(' and ');

/** The lines said, each once ("sales and revenues" is one line said twice). */
export const distinctMeasures = (s: Slots): Measure[] => [...new Map(s.measures.map((m) => [JSON.stringify(m.measure), m.measure])).values()];
