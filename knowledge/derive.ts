/**
 * Figures no release prints, computed from printed ones and labelled with their formula: a quarter
 * from the year less the half and the other quarter, second halves, nine months; margins over
 * revenue; changes against the same period a year earlier.
 */
import { CONCEPT_IDS, conceptInfo, isAdditive, type Concept } from './concepts.ts';
import type { DerivedFact, FigureFact, InputRef, RatioFact } from './facts.ts';
import { parsePeriodId, priorYear, periodId, shortPeriod } from './periods.ts';
import { halfUnit, hasPercentChange, isDash, roundedPercent } from './precision.ts';

/** What derivations read: the figure served for (concept, period), printed or derived. */
export type FigureSource = (concept: Concept, period: string) => FigureFact | undefined;

/** A period as the sum and difference of others in the same year: target = sum(sign * part). */
export const FORMULAS: ReadonlyArray<readonly [string, ReadonlyArray<readonly [1 | -1, string]>]> = [
  // A half from its two printed quarters first (Oracle's), as the release's own quarters add up.
  ['H1', [[1, 'Q1'], [1, 'Q2']]],
  ['Q2', [[1, 'H1'], [-1, 'Q1']]],
  ['Q1', [[1, 'H1'], [-1, 'Q2']]],
  ['H2', [[1, 'FY'], [-1, 'H1']]],
  ['9M', [[1, 'FY'], [-1, 'Q4']]],
  // A year printed as the third quarter and nine months (Apple's, The Buckle's): the half before them.
  ['H1', [[1, '9M'], [-1, 'Q3']]],
  ['Q3', [[1, 'FY'], [-1, 'H1'], [-1, 'Q4']]],
  ['Q3', [[1, '9M'], [-1, 'H1']]],
  ['Q4', [[1, 'FY'], [-1, '9M']]],
  ['9M', [[1, 'H1'], [1, 'Q3']]],
  ['H2', [[1, 'Q3'], [1, 'Q4']]],
];

export const uncertaintyOf = (f: FigureFact): number => (f.kind === 'derived' ? f.uncertainty : halfUnit(f));
const resolutionOf = (f: FigureFact): number => (f.kind === 'derived' ? f.resolution : 2 * halfUnit(f));

const ref = (f: FigureFact): InputRef => ({ concept: f.concept, period: f.period, value: f.value, release: f.release, line: f.line });

/** Signed terms written out as arithmetic: "FY 2003 − H1 2003 − Q4 2003" (the first term's sign is the result's). */
export function signedTerms<T>(terms: ReadonlyArray<readonly [1 | -1, T]>, write: (t: T) => string): string {
  // A negative term after another is bracketed: "−23 million − (−32 million)", never "− -32".
  return terms.map(([sign, t], i) => {
    const text = write(t);
    return `${i === 0 ? '' : sign < 0 ? ' − ' : ' + '}${i > 0 && /^[-−]/.test(text) ? `(${text})` : text}`;
  }).join('');
}

/**
 * "50.8 million" / "24,474 thousand": an input as its release printed it, signed as its value is. Parentheses
 * mark a loss on most lines but a deduction on some (Verizon's income taxes, "(7,009)", an expense of 7,009):
 * the sign written is the value's, so the formula adds up to the result.
 */
/** A derived input in millions, grouped as printed figures are ("17,647 million", never "17647 million"). */
const MILLIONS = new Intl.NumberFormat('en-US', { maximumFractionDigits: 3 });

function asPrinted(f: FigureFact): string {
  if (f.kind === 'derived') return `${MILLIONS.format(f.value / 1e6)} million (derived)`;
  const scale = f.multiplier === 1e6 ? ' million' : f.multiplier === 1e3 ? ' thousand' : '';
  return isDash(f) ? '0 (a dash)' : `${f.value < 0 ? '-' : ''}${f.printed.replace(/^\((.*)\)$/, '$1').replace(/^-/, '')}${scale}`;
}

function round(value: number, decimals: number): number {
  const f = 10 ** decimals;
  return Math.round(value * f) / f;
}

const ADDITIVE = CONCEPT_IDS.filter(isAdditive);

/**
 * Derived amounts for every additive concept and year the releases cover. `present`, when given,
 * names the concepts with any figure: the others derive nothing, and are not tried. `trailing`:
 * whether the twelve months ending at each quarter are derived, which their calendar ids ("the
 * twelve months ended March 31") can say only of a year that ends in December.
 */
export function deriveAmounts(years: readonly number[], get: FigureSource, present?: ReadonlySet<Concept>, trailing = true): DerivedFact[] {
  const derived = new Map<string, DerivedFact>();
  const lookup: FigureSource = (c, p) => get(c, p) ?? derived.get(`${c}|${p}`);
  const concepts = present ? ADDITIVE.filter((c) => present.has(c)) : ADDITIVE;
  for (const concept of concepts) {
    for (const year of years) {
      for (const [target, parts] of FORMULAS) {
        const period = `${year}-${target}`;
        if (lookup(concept, period)) continue;
        const inputs = parts.map(([sign, code]) => [sign, lookup(concept, `${year}-${code}`)] as const);
        if (inputs.some(([, f]) => !f)) continue;
        const present = inputs as ReadonlyArray<readonly [1 | -1, FigureFact]>;
        derived.set(`${concept}|${period}`, build(concept, period, shortPeriod(period), present));
      }
    }
  }
  // The twelve months ending at a quarter: the prior year, plus this year to date, less the same stretch a year before.
  for (const concept of trailing ? concepts : []) {
    for (const year of years) {
      for (const [toDate, month] of [['Q1', 3], ['H1', 6], ['9M', 9]] as const) {
        const end = `${year}-${String(month).padStart(2, '0')}-${month === 3 ? 31 : 30}`;
        const period = `${end}-12M`;
        const parts = [[1, `${year - 1}-FY`], [1, `${year}-${toDate}`], [-1, `${year - 1}-${toDate}`]] as const;
        const inputs = parts.map(([sign, p]) => [sign, lookup(concept, p)] as const);
        if (inputs.some(([, f]) => !f) || lookup(concept, period)) continue;
        const present = inputs as ReadonlyArray<readonly [1 | -1, FigureFact]>;
        derived.set(`${concept}|${period}`, build(concept, period, `LTM ${shortPeriod(`${year}-${toDate}`)}`, present));
      }
    }
  }
  return [...derived.values()];
}

/**
 * A sum of lines derived as one, from their printed figures: Q3 2003 cost of revenues + S&A is
 * (FY 2003 of both) − (H1 2003 of both) − (Q4 2003 of both), where the lines one by one straddle a
 * reclassification that moved amounts between them. Undefined when no formula has every input printed.
 */
export function derivedSum(concepts: readonly Concept[], period: string, get: FigureSource): { value: number; uncertainty: number; formula: string; inputs: FigureFact[] } | undefined {
  const m = /^(\d{4})-([A-Z0-9]+)$/.exec(period);
  if (!m) return undefined;
  const [, year, code] = m;
  for (const [target, parts] of FORMULAS) {
    if (target !== code) continue;
    const rows = parts.map(([sign, part]) => [sign, concepts.map((c) => get(c, `${year}-${part}`))] as const);
    if (rows.some(([, fs]) => fs.some((f) => f?.kind !== 'statement'))) continue;
    const printed = rows as ReadonlyArray<readonly [1 | -1, FigureFact[]]>;
    const terms = signedTerms(printed, (fs) => shortPeriod(fs[0]?.period ?? ''));
    const numbers = signedTerms(printed, (fs) => `(${fs.map(asPrinted).join(' + ')})`);
    return {
      value: round(printed.reduce((s, [sign, fs]) => s + sign * fs.reduce((t, f) => t + f.value, 0), 0), 4),
      uncertainty: round(printed.reduce((s, [, fs]) => s + fs.reduce((t, f) => t + uncertaintyOf(f), 0), 0), 4),
      formula: `${shortPeriod(period)} = ${terms} = ${numbers}`,
      inputs: printed.flatMap(([, fs]) => fs),
    };
  }
  return undefined;
}

/** A derived fact from signed inputs, cited by its first input (the longer period it is carved from). */
function build(concept: Concept, period: string, label: string, present: ReadonlyArray<readonly [1 | -1, FigureFact]>): DerivedFact {
  const value = round(present.reduce((s, [sign, f]) => s + sign * f.value, 0), 4);
  const primary = present[0]?.[1] as FigureFact;
  const terms = signedTerms(present, (f) => shortPeriod(f.period));
  const numbers = signedTerms(present, asPrinted);
  return {
    kind: 'derived',
    concept,
    period,
    value,
    unit: 'USD',
    formula: `${label} = ${terms} = ${numbers}`,
    uncertainty: round(present.reduce((s, [, f]) => s + uncertaintyOf(f), 0), 4),
    resolution: Math.min(...present.map(([, f]) => resolutionOf(f))),
    inputs: present.map(([, f]) => ref(f)),
    company: primary.company,
    release: primary.release,
    line: primary.line,
  };
}

/**
 * Whether `b` can be the base of a percentage: not zero, nor so small that its rounding could make
 * it zero (a derived figure's can), where the percentage has no bound: as `roundedPercent` decides.
 */
const isBase = (b: FigureFact): boolean => Math.abs(b.value) > uncertaintyOf(b);

/**
 * A percentage of two figures, cited by the first: a margin (a / b) or a change ((a − b) / |b|),
 * with how many points the rounding of the printed inputs may move it; undefined without a base.
 */
function ratio(kind: RatioFact['ratio'], a: FigureFact, b: FigureFact, formula: string): RatioFact | undefined {
  const rounded = roundedPercent(kind === 'change' ? 'change' : 'share', a.value, uncertaintyOf(a), b.value, uncertaintyOf(b));
  if (!rounded) return undefined;
  return {
    kind: 'ratio',
    ratio: kind,
    concept: a.concept,
    base: b.concept,
    period: a.period,
    basePeriod: b.period,
    percent: round(rounded.percent, 4),
    uncertainty: round(rounded.uncertainty, 4),
    formula,
    inputs: [ref(a), ref(b)],
    company: a.company,
    release: a.release,
    line: a.line,
  };
}

/** `part` as a percentage of `whole`: a margin. */
export function margin(part: FigureFact, whole: FigureFact): RatioFact | undefined {
  const formula = `${conceptInfo(part.concept).name} / ${conceptInfo(whole.concept).name}, ${shortPeriod(part.period)} = ${asPrinted(part)} / ${asPrinted(whole)}`;
  return ratio('margin', part, whole, formula);
}

/** The change from `before` to `after`, as a percentage of `before`'s size, where `hasPercentChange` finds one. */
export function change(after: FigureFact, before: FigureFact): RatioFact | undefined {
  if (!hasPercentChange(after.value, before.value)) return undefined;
  const [a, b] = [shortPeriod(after.period), shortPeriod(before.period)];
  const formula = `(${a} − ${b}) / |${b}| = (${asPrinted(after)} − ${asPrinted(before)}) / ${asPrinted(before).replace(/^-/, '')}`;
  return ratio('change', after, before, formula);
}

/** The id of the same period a year earlier, read once per id (a book asks it of every figure). */
const PRIOR = new Map<string, string>();
function priorYearId(id: string, p: NonNullable<ReturnType<typeof parsePeriodId>>): string {
  let prior = PRIOR.get(id);
  if (prior === undefined) {
    prior = periodId(priorYear(p));
    if (PRIOR.size >= 50_000) PRIOR.clear();
    PRIOR.set(id, prior);
  }
  return prior;
}

/**
 * How many facts `deriveRatios` gives, without making them: what a count of the facts needs, at a
 * fraction of the memory. The same conditions as `margin`, `change` and `ratio` (a test holds them equal).
 */
export function ratioCount(figures: Iterable<FigureFact>, get: FigureSource): number {
  let count = 0;
  for (const f of figures) {
    const p = parsePeriodId(f.period);
    if (!p) continue;
    const revenue = get('revenue', f.period);
    if (revenue && f.concept !== 'revenue' && isAdditive(f.concept) && isBase(revenue)) count += 1;
    const before = get(f.concept, priorYearId(f.period, p));
    if (before && hasPercentChange(f.value, before.value) && isBase(before)) count += 1;
  }
  return count;
}

/** Margins over revenue for every flow, and year-on-year changes for every figure. */
export function deriveRatios(figures: readonly FigureFact[], get: FigureSource): RatioFact[] {
  const out: RatioFact[] = [];
  for (const f of figures) {
    const p = parsePeriodId(f.period);
    if (!p) continue;
    const revenue = get('revenue', f.period);
    if (revenue && f.concept !== 'revenue' && isAdditive(f.concept)) {
      const m = margin(f, revenue);
      if (m) out.push(m);
    }
    const before = get(f.concept, priorYearId(f.period, p));
    const c = before && change(f, before);
    if (c) out.push(c);
  }
  return out;
}
