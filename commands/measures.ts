/**
 * A measure's value in a period: a printed (or derived) statement figure, a formula over figures
 * (gross margin, working capital), a sum or ratio the question spelled out, or a figure only the
 * narrative gives (net cash from operations). Every computed value carries its arithmetic.
 */
import { CHARGE_OR_CREDIT_LINES, conceptInfo, COST_LINES, PRINTED_AS_PARTS, PRINTED_WITHIN, SPENDING_LINES, type Concept } from '../knowledge/concepts.ts';
import type { FigureFact, SentenceFact, SentenceNumber } from '../knowledge/facts.ts';
import { parsePeriodId, shortPeriod } from '../knowledge/periods.ts';
import type { Figure, Book } from '../knowledge/snapshot.ts';
import { rememberPer } from '../knowledge/remember.ts';
import { escapeRegExp, stem } from '../knowledge/text.ts';
import { addTo } from '../knowledge/multimap.ts';
import { figureDecimals, formatFigure, money, percentDecimals, roundingWords } from './format.ts';
import { halfUnit, hasPercentChange, roundedPercent } from '../knowledge/precision.ts';
import { derivedSum, FORMULAS, signedTerms, uncertaintyOf } from '../knowledge/derive.ts';
import { lookupFigure, mostlyRounding, precise } from './figures.ts';
import { inSentence, measureLabel } from './understand/describe.ts';
import type { PeriodQuery } from '../knowledge/period-grammar.ts';
import type { Measure } from './understand/question.ts';
import { periodIdOf } from './understand/resolve.ts';
import { formulaNamed, METRICS, narrativeMeasureNamed, ratioSides, termChoices, termMeasure, type Formula, type Term } from './understand/vocabulary.ts';

export type ValueUnit = 'USD' | 'USD/share' | 'shares' | 'percent' | 'times';

export interface Value {
  measure: Measure;
  /** The period id it was found for. */
  period: string;
  value: number;
  unit: ValueUnit;
  /** The statement figures it rests on, printed or derived. */
  figures: Figure[];
  /** Narrative sentences it rests on. */
  sentences: SentenceFact[];
  /** How it was computed, when it was: never shown as if printed. */
  formula?: string;
  /** How far it may be off because the table figures it rests on are rounded; unknown for amounts read from text. */
  uncertainty?: number;
  /** How the period asked was mapped to the one shown. */
  mapped?: string;
  /** The value in words. */
  text: string;
}

/** `reclassified`: a cost line carved across a reclassification, which a sum of lines is derived without. */
export type Evaluation = { ok: true; value: Value } | { ok: false; reason: string; period?: string; reclassified?: true };

const ID = (id: string): PeriodQuery => ({ kind: 'id', id });

function concept(c: Concept, query: PeriodQuery | undefined, book: Book, measure: Measure): Evaluation {
  const info = conceptInfo(c);
  const q = query ?? { kind: 'latest' };
  // Weighted averages and per-share amounts cover a period: a date names no such figure, nor does a share count
  // at year-end ("shares outstanding at year end 2003"; year-end EPS is the year's).
  const atDate = q.kind === 'date' || q.kind === 'monthEnd' || (q.kind === 'yearEnd' && info.measure === 'shares');
  if ((info.measure === 'shares' || info.measure === 'per_share') && atDate) {
    return { ok: false, reason: info.measure === 'shares' ? `${info.name} is a weighted average over a period, never a count at a date: ask for it over a period, or for the shares outstanding at that date` : `${info.name} is a weighted average over a period; the releases do not give a per-share amount at a date` };
  }
  const found = lookupFigure(c, q, book);
  // "G&A" where the statements print only selling and administrative expenses, "interest expense" where only the net:
  // that line, said so.
  const within = standIn(c, book);
  if (!found.ok && within) {
    const shown = concept(within.line, query, book, measure);
    if (shown.ok) return { ok: true, value: { ...shown.value, mapped: [`${info.name.toLowerCase()} is not printed apart: ${conceptInfo(within.line).name.toLowerCase()} (${within.how}) shown`, shown.value.mapped].filter(Boolean).join('; ') } };
  }
  // "SG&A" where the statements print selling and general and administrative expenses apart: the two added, said so.
  const parts = found.ok ? undefined : partsOf(c, book);
  if (parts) {
    const sum = evaluate(parts, query, book);
    if (sum.ok) return { ok: true, value: { ...sum.value, mapped: `${info.name.toLowerCase()} is not printed as one line: ${parts.parts.map((p) => conceptInfo(p).name.toLowerCase()).join(' and ')}, printed apart, added` } };
  }
  if (!found.ok) {
    const said = saidInText(c, q, book, measure);
    return said ?? { ok: false, reason: `${found.answer.summary.replace(/\.$/, '')}. ${found.answer.fields.map((f) => `${f.name}: ${f.value}`).join('. ')}` };
  }
  const f = found.figure;
  if (f.fact.kind === 'derived' && mostlyRounding(f)) {
    return { ok: false, period: f.period, reason: `${info.name} for ${shortPeriod(f.period)} can only be derived as ${f.fact.formula}, and the rounding of those printed figures (about ±${formatValue(f.fact.uncertainty, f.fact.unit === 'USD/share' ? 'USD/share' : 'USD')}) is half the result or more, so it is not given` };
  }
  if (f.fact.kind === 'derived' && f.reclassified) {
    const why = f.reclassified;
    return {
      ok: false, period: f.period, reclassified: true,
      reason: `${info.name} for ${shortPeriod(f.period)} could only be derived as ${f.fact.formula}, from releases on both sides of a reclassification of prior periods (${why.release} line ${why.line}: "${why.text}"), so it is not given; a sum of every cost line carved so is derived as one`,
    };
  }
  return {
    ok: true,
    value: {
      measure, period: f.period, value: f.value, unit: f.fact.unit, figures: [f], sentences: [], uncertainty: uncertaintyOf(f.fact),
      ...(f.fact.kind === 'derived' ? { formula: f.fact.formula } : {}),
      ...(found.mapped ? { mapped: found.mapped } : {}),
      text: formatFigure(f.fact),
    },
  };
}

/** Per book: the amounts its sentences name as a statement line of a period, by `concept|period`. */
const namedInText = new WeakMap<Book, Map<string, Array<{ sentence: SentenceFact; number: SentenceNumber }>>>();

/**
 * A line no table prints, when the release's text names it for the period ("net income of $1.57
 * billion, or $2.12 a share, for the fourth quarter of 2003"): given as the text says it, and only
 * when every sentence that names it says the same.
 */
function saidInText(c: Concept, q: PeriodQuery, book: Book, measure: Measure): Evaluation | undefined {
  let index = namedInText.get(book);
  if (!index) {
    index = new Map();
    for (const f of book.facts) {
      if (f.kind !== 'sentence') continue;
      for (const number of f.numbers) if (number.concept && number.period) addTo(index, `${number.concept}|${number.period}`, { sentence: f, number });
    }
    namedInText.set(book, index);
  }
  const period = periodIdOf(q, book);
  const said = period ? index.get(`${c}|${period}`) : undefined;
  const first = said?.[0];
  if (!period || !first || said.some((s) => s.number.value !== first.number.value)) return undefined;
  const unit = first.number.unit === 'USD/share' ? 'USD/share' : 'USD';
  return { ok: true, value: { measure, period, value: first.number.value, unit, figures: [], sentences: said.map((s) => s.sentence), text: first.number.printed } };
}

/** Decimals a computed value is given with: of percent points, times, dollars per share, or millions. */
export const COMPUTED_DECIMALS: Readonly<Record<ValueUnit, number>> = { percent: 1, times: 2, 'USD/share': 2, shares: 3, USD: 3 };

/**
 * Decimals of a computed amount: of millions, the finest its printed figures give (35.9 = 12.3 + 23.6
 * million, not 35.900); other units, and amounts resting on no figure, as COMPUTED_DECIMALS says.
 */
export function valueDecimals(unit: ValueUnit, figures: readonly Figure[]): number {
  if (unit !== 'USD' || figures.length === 0) return COMPUTED_DECIMALS[unit];
  return Math.max(...figures.map((f) => figureDecimals(f.fact)));
}

export function formatValue(value: number, unit: ValueUnit, decimals = COMPUTED_DECIMALS[unit]): string {
  if (unit === 'percent') return `${value.toFixed(decimals)}%`;
  // Never "0.00 times" for what is not nothing: two significant digits where the decimals would round it away.
  if (unit === 'times') return `${value !== 0 && Math.abs(value) < 10 ** -decimals ? value.toPrecision(2) : value.toFixed(decimals)} times`;
  if (unit === 'USD/share') return `${value < 0 ? '-' : ''}$${Math.abs(value).toFixed(decimals)} per share`;
  if (unit === 'shares') return `${(value / 1e6).toFixed(Math.max(0, decimals))} million shares`;
  return money(value, decimals);
}

/** How far a combination of values may be off, in its own unit, from how far each may; unknown if any part's is. */
function combinedUncertainty(op: Formula['op'], unit: Formula['unit'], parts: readonly Value[]): number | undefined {
  if (parts.some((p) => p.uncertainty === undefined)) return undefined;
  const [a, b] = parts as [Value, Value];
  if (op !== 'ratio') return parts.reduce((sum, p) => sum + (p.uncertainty ?? 0), 0);
  const rounded = roundedPercent('share', a.value, a.uncertainty ?? 0, b.value, b.uncertainty ?? 0);
  return rounded && (unit === 'percent' ? rounded.uncertainty : rounded.uncertainty / 100);
}

/** Two values combined: the arithmetic of formulas, sums and ratios. */
function combine(measure: Measure, op: Formula['op'], unit: Formula['unit'], parts: Value[], label: string): Evaluation {
  const [a, b] = parts as [Value, Value];
  if (op === 'ratio' && b.value === 0) return { ok: false, reason: `${measureLabel(b.measure)} is zero in ${shortPeriod(b.period)}: no ratio` };
  const raw = op === 'minus' ? a.value - b.value : op === 'plus' ? parts.reduce((s, p) => s + p.value, 0) : a.value / b.value;
  const value = unit === 'percent' ? raw * 100 : raw;
  const uncertainty = combinedUncertainty(op, unit, parts);
  const sign = op === 'minus' ? ' − ' : op === 'plus' ? ' + ' : ' / ';
  const figures = parts.flatMap((p) => p.figures);
  const decimals = unit === 'percent' ? percentDecimals(value, uncertainty ?? 0) : valueDecimals(unit, figures);
  const text = formatValue(value, unit, decimals);
  const within = roundingWords(unit, uncertainty ?? 0, value, decimals);
  const rounding = within ? ` (${within}, as the printed figures are rounded)` : '';
  const formula = `${label}, ${shortPeriod(a.period)} = ${parts.map((p) => inSentence(measureLabel(p.measure))).join(sign)} = ${parts.map((p) => p.text).join(sign)} = ${text}${rounding}`;
  return {
    ok: true,
    value: {
      measure, period: a.period, value, unit: unit === 'USD' ? 'USD' : unit, figures, sentences: parts.flatMap((p) => p.sentences),
      formula, ...(uncertainty !== undefined ? { uncertainty } : {}), ...(a.mapped ? { mapped: a.mapped } : {}), text,
    },
  };
}

/**
 * One line's value in one period as a percentage of its value in another (a quarter's share of its year), its arithmetic
 * said. None where the two lie on either side of zero (a quarter's profit within a year's loss is no share of it), nor of
 * a whole at zero or so near it that its rounding could make it zero.
 */
export function shareOf(part: Value, whole: Value): Evaluation {
  const label = measureLabel(part.measure);
  const side = (v: Value) => `${v.value < 0 ? 'below' : 'above'} zero in ${shortPeriod(v.period)}`;
  if (part.value * whole.value < 0) return { ok: false, reason: `${label} is ${side(part)} and ${side(whole)}: a share of one in the other would mean nothing` };
  const rounded = roundedPercent('share', part.value, part.uncertainty ?? 0, whole.value, whole.uncertainty ?? 0);
  if (!rounded) return { ok: false, reason: `${label} in ${shortPeriod(whole.period)} is zero, or too near zero for its rounding: no share of it is computed` };
  const decimals = percentDecimals(rounded.percent, rounded.uncertainty);
  const text = formatValue(rounded.percent, 'percent', decimals);
  const within = roundingWords('percent', rounded.uncertainty, rounded.percent, decimals);
  const rounding = within ? ` (${within}, as the printed figures are rounded)` : '';
  return {
    ok: true,
    value: {
      measure: part.measure, period: part.period, value: rounded.percent, unit: 'percent', figures: [...part.figures, ...whole.figures], sentences: [...part.sentences, ...whole.sentences],
      formula: `${label}, ${shortPeriod(part.period)} / ${inSentence(label)}, ${shortPeriod(whole.period)} = ${part.text} / ${whole.text} = ${text}${rounding}`,
      uncertainty: rounded.uncertainty, text,
    },
  };
}

/** The percent change from `before` to `after`, and how many points rounding may move it (0: not known), where `hasPercentChange` finds one. */
export function valueChange(after: Value, before: Value): { percent: number; uncertainty: number } | undefined {
  if (!hasPercentChange(after.value, before.value)) return undefined;
  return roundedPercent('change', after.value, after.uncertainty ?? 0, before.value, before.uncertainty ?? 0);
}

/** What a kind of statement line measures, as said when two kinds cannot be divided. */
/** The lines earnings per share are of. */
const EARNINGS_LINES: ReadonlySet<Concept> = new Set<Concept>(['net_income', 'net_income_to_common']);

const KIND_WORDS: Record<ReturnType<typeof conceptInfo>['measure'], string> = {
  flow: 'an amount over a period',
  balance: 'a balance at a date',
  per_share: 'an amount per share',
  shares: 'a number of shares',
};

type Unevaluated = Extract<Evaluation, { ok: false }>;

/**
 * Spending printed as cash used, in parentheses (capital expenditures of (580)), as its size, said to be cash used:
 * "$580 million of cash used". Undefined for any other value, the net cash lines included, whose sign is the news.
 */
export function spentSize(v: Value): Value | undefined {
  if (v.measure.kind !== 'concept' || !SPENDING_LINES.has(v.measure.concept) || v.value >= 0) return undefined;
  return { ...v, value: -v.value, text: `${v.text.replace(/^-/, '')} of cash used` };
}

/** A term as arithmetic takes it: a line at its finest printing that agrees with the one served (13,746 thousand, not 13.7 million). */
export function finest(v: Value): Value {
  const [f] = v.figures;
  if (v.figures.length !== 1 || !f?.finest) return v;
  const exact = precise(f);
  return { ...v, value: exact.value, figures: [exact], uncertainty: uncertaintyOf(exact.fact), text: formatFigure(exact.fact) };
}

/** The line or formula a term is in this company's book: the first of its choices the company prints, else the last (the general line). */
function termIn(term: Term, book: Book): string {
  const choices = termChoices(term);
  return choices.find((c) => book.printedConcepts.includes(c as Concept)) ?? (choices[choices.length - 1] as string);
}

/** A line in a ratio: as printed, or where a company never prints it, the formula that computes it (total liabilities). */
function lineIn(concept: Concept, book: Book): Measure {
  const formula = book.printedConcepts.includes(concept) ? undefined : METRICS.formulas.find((f) => f.printed === concept);
  return formula ? { kind: 'formula', formula: formula.id } : { kind: 'concept', concept };
}

/** Evaluates every term at the period the first one settles on, so the parts always share it. */
function terms(list: readonly Measure[], query: PeriodQuery | undefined, book: Book): Value[] | Unevaluated {
  const first = evaluate(list[0] as Measure, query, book);
  if (!first.ok) return first;
  const out = [finest(first.value)];
  for (const m of list.slice(1)) {
    const next = evaluate(m, ID(first.value.period), book);
    if (!next.ok) return next;
    out.push(finest(next.value));
  }
  return out;
}

/**
 * Cost lines added up in a period one of them could only be carved across a reclassification: the
 * sum derived as one from the printed sums, which amounts moved among the lines leave whole; the
 * lines one by one are not shown.
 */
function sumAcrossReclass(measure: Extract<Measure, { kind: 'sum' }>, failed: Unevaluated, book: Book): Evaluation {
  const { period } = failed;
  // Which lines a reclassification of costs moved amounts between is not printed: only a sum holding every such line
  // carved across it is sure to hold what moved ("S&A + D&A" for Q3 2003 would be $2.642 million, the quarters printed
  // about $4 million). D&A is measured from the assets, not classified, so a sum may leave it out.
  const carved = period ? [...COST_LINES].filter((c) => c !== 'depreciation_amortization' && book.figure(c, period)?.reclassified) : [];
  if (!carved.every((c) => measure.parts.includes(c))) {
    const missing = carved.filter((c) => !measure.parts.includes(c)).map((c) => conceptInfo(c).name.toLowerCase());
    return { ...failed, reason: `${failed.reason}, and this sum leaves out ${missing.join(' and ')}` };
  }
  const sum = period ? derivedSum(measure.parts, period, (c, p) => book.figure(c, p)?.fact) : undefined;
  if (!sum || !period) return failed;
  const figures = sum.inputs.flatMap((f) => book.figure(f.concept, f.period) ?? []);
  return {
    ok: true,
    value: {
      measure, period, value: sum.value, unit: 'USD', figures, sentences: [], uncertainty: sum.uncertainty,
      formula: `${sum.formula} (the lines summed before the periods are subtracted: one by one they straddle a reclassification of prior periods, which moves amounts between them)`,
      text: money(sum.value, valueDecimals('USD', figures)),
    },
  };
}

/** Wholes a line over them is a share of. */
const SHARE_OF: ReadonlySet<Concept> = new Set(['revenue', 'sales_revenue', 'total_assets', 'total_liabilities_and_equity']);

/** Whether a printed value and a computed one are the same amount, as far as the rounding of what they rest on says. */
function within(printed: Value, computed: Value): boolean {
  const shown = printed.figures[0]?.fact;
  const slack = (shown?.kind === 'statement' ? halfUnit(shown) : (printed.uncertainty ?? 0)) + (computed.uncertainty ?? 0);
  return Math.abs(printed.value - computed.value) <= slack + 1e-9 * Math.abs(computed.value);
}

/** The wider line a company prints `c` only within, when it prints that line and never `c` itself. */
function standIn(c: Concept, book: Book): { line: Concept; how: string } | undefined {
  const within = PRINTED_WITHIN[c];
  return within && book.periodsOf(c).length === 0 && book.periodsOf(within.line).length > 0 ? within : undefined;
}

/** A line a company prints only as its parts (The Buckle's SG&A): their sum, which stands for it; none where the line is printed. */
export function partsOf(concept: Concept, book: Book): Extract<Measure, { kind: 'sum' }> | undefined {
  const parts = PRINTED_AS_PARTS[concept];
  return parts && book.periodsOf(concept).length === 0 ? { kind: 'sum', parts: [...parts] } : undefined;
}

/**
 * The label the release prints a figure's line under: its own, or for a derived figure that of the printed line it is
 * derived from (Apple's H1 2004 "Gross margin", 9M less Q3); never the vocabulary's name said as if printed.
 */
function printedLabel(fact: FigureFact, book: Book): string | undefined {
  if (fact.kind === 'statement') return fact.label;
  const printed = fact.inputs.map((i) => book.figure(i.concept, i.period)?.fact).find((f) => f?.kind === 'statement' && f.concept === fact.concept);
  return printed?.kind === 'statement' ? printed.label : undefined;
}

/**
 * Evaluations worked out before, per book: a book never changes, so a measure's value for a period query
 * is the same however the question was put, and many questions ask the same few figures.
 */
const evaluated = rememberPer<Book, Evaluation>(5000);

/** The value of a measure for a period query; `undefined` query: the latest period. */
export function evaluate(measure: Measure, query: PeriodQuery | undefined, book: Book): Evaluation {
  return evaluated(book, JSON.stringify([measure, query ?? null]), () => evaluateOnce(measure, query, book));
}

function evaluateOnce(measure: Measure, query: PeriodQuery | undefined, book: Book): Evaluation {
  switch (measure.kind) {
    case 'concept':
      return concept(measure.concept, query, book, measure);
    case 'formula': {
      const f = formulaNamed(measure.formula);
      if (!f) return { ok: false, reason: `no formula ${measure.formula}` };
      // Printed, it is served as printed, under the line's own name: Apple's "Total operating expenses" leaves out the cost of
      // sales, which the formula would add, so it is never called by the formula's name.
      const printed = f.printed ? concept(f.printed, query, book, { kind: 'concept', concept: f.printed }) : undefined;
      const shown = printed?.ok ? printed.value.figures[0]?.fact : undefined;
      const parts = terms(f.terms.map((t) => termMeasure(termIn(t, book))), query, book);
      const computed = 'reason' in parts ? undefined : combine(measure, f.op, f.unit, parts, `${f.name}${f.note ? ` (${f.note})` : ''}`);
      // A printed line that is not the formula's result is another measure: Apple's 487 of "Total operating expenses"
      // against 1,942 of revenue less operating income. Then the formula is computed, never the line given for it.
      const apart = printed?.ok && computed?.ok && !within(printed.value, computed.value);
      if (printed?.ok && shown && !apart) {
        const label = printedLabel(shown, book);
        const said = label ? `the release prints it, as "${label}"` : 'the release prints the line';
        return { ok: true, value: { ...printed.value, mapped: [printed.value.mapped, `${inSentence(f.name)}: ${said}`].filter(Boolean).join('; ') } };
      }
      if ('reason' in parts) return { ok: false, reason: parts.reason };
      return computed ?? { ok: false, reason: `no formula ${measure.formula}` };
    }
    case 'sum': {
      const parts = terms(measure.parts.map((c) => ({ kind: 'concept', concept: c })), query, book);
      if ('reason' in parts) return parts.reclassified ? sumAcrossReclass(measure, parts, book) : { ok: false, reason: parts.reason };
      return combine(measure, 'plus', 'USD', parts, measureLabel(measure));
    }
    case 'ratio': {
      const [top, bottom] = [conceptInfo(measure.numerator), conceptInfo(measure.denominator)];
      // Only like over like: dollars over a year's dollars, a balance over a balance, shares over shares.
      if (top.measure !== bottom.measure) {
        const kinds = new Set([top.measure, bottom.measure]);
        // An amount over shares is an amount per share: of net income, earnings per share, which the releases print from
        // their own share counts; of another line ("revenue per share"), none the releases print.
        const perShare = top.measure === 'flow' && bottom.measure === 'shares';
        const why = kinds.has('balance') && kinds.has('flow') ? 'which period to set against the date is a choice the releases do not make'
          : perShare && EARNINGS_LINES.has(top.id) ? 'one over the other is an amount per share, which the releases print as earnings per share (ask for basic or diluted EPS)'
          : perShare ? 'one over the other is an amount per share, which the releases do not print for it'
          : 'one over the other means nothing';
        return { ok: false, reason: `${top.name} is ${KIND_WORDS[top.measure]} and ${inSentence(bottom.name)} ${KIND_WORDS[bottom.measure]}: ${why}, so it is not computed` };
      }
      // "How much of net income went to preferred dividends?" where the line was a credit: no share of it is one.
      const either = [top, bottom].find((c) => CHARGE_OR_CREDIT_LINES.has(c.id));
      if (either) return { ok: false, reason: `${either.name} is a charge in some periods and a credit in others: a ratio of it would say neither, so it is not computed (ask for it alone)` };
      // A line printed only within a wider one stands in for it alone, said so; in a ratio it would be the wider line's share.
      const held = [measure.numerator, measure.denominator].find((c) => standIn(c, book));
      const wider = held && standIn(held, book);
      if (held && wider) return { ok: false, reason: `${conceptInfo(held).name} is not printed apart, only within ${inSentence(conceptInfo(wider.line).name)}: a ratio of it is not computed (ask for it alone)` };
      const parts = terms(ratioSides(measure).map((side) => (side.kind === 'concept' ? lineIn(side.concept, book) : side)), query, book);
      if ('reason' in parts) return { ok: false, reason: parts.reason };
      // A part of a whole (of revenue, of total assets) is a share of it, in percent: cash to total assets is 0.5%, never "0.00 times".
      const unit = measure.percent || SHARE_OF.has(measure.denominator) ? 'percent' : 'times';
      // Spending set against an amount is a share of its size: capital expenditures are 1.5% of revenue, never -1.5%.
      const [spent, against] = parts as [Value, Value];
      const size = against.value > 0 ? spentSize(spent) : undefined;
      return combine(measure, 'ratio', unit, size ? [size, against] : parts, measureLabel(measure));
    }
    case 'narrative':
      return narrative(measure, query, book);
  }
}

/** Per book and narrative measure: the sentences that give it, each with the number it ties to a period, found once. */
const narrativeFound = rememberPer<Book, Array<{ sentence: SentenceFact; number: SentenceNumber }>>(100);

function narrativeNumbers(id: string, book: Book): Array<{ sentence: SentenceFact; number: SentenceNumber }> {
  return narrativeFound(book, id, () => findNarrativeNumbers(id, book));
}

/**
 * The numbers a sentence says are the measure: each said after one of its phrases with no other
 * amount between ("operating cash flow grew 14.9 percent to $4.7 billion"), or just before one
 * ("the $1.3 million in cash from operations"); never an amount of another line said beside it
 * ("operating income rose 25.5 percent, to $1.8 billion, and operating cash flow ...").
 */
function amountsSaidOf(sentence: SentenceFact, phrases: readonly string[]): SentenceNumber[] {
  const text = sentence.text.toLowerCase().replace(/\s+/g, ' ');
  const spans = phrases.flatMap((p) => [...text.matchAll(new RegExp(`\\b${escapeRegExp(p)}\\b`, 'g'))].map((m) => [m.index, m.index + m[0].length] as const));
  let from = 0;
  const placed = sentence.numbers.map((n) => {
    const at = text.indexOf(n.printed.toLowerCase().replace(/\s+/g, ' '), from);
    if (at >= 0) from = at + n.printed.length;
    return { n, at, end: at + n.printed.length };
  });
  const amountBetween = (a: number, b: number) => placed.some((o) => o.n.unit === 'USD' && o.at >= a && o.at < b);
  return placed.filter(({ at, end }) => at >= 0 && spans.some(([start, stop]) => (stop <= at && !amountBetween(stop, at)) || (start >= end && /^ ?(?:in|of|from|for)? ?(?:net )?$/.test(text.slice(end, start))))).map((p) => p.n);
}

function findNarrativeNumbers(id: string, book: Book): Array<{ sentence: SentenceFact; number: SentenceNumber }> {
  const m = narrativeMeasureNamed(id);
  if (!m) return [];
  const need = m.sentence.map(stem);
  const out: Array<{ sentence: SentenceFact; number: SentenceNumber }> = [];
  for (const f of book.ofKind('sentence')) {
    if (f.section === 'about') continue;
    const words = new Set((f.text.toLowerCase().match(/[a-z]+/g) ?? []).map(stem));
    if (!need.every((w) => words.has(w))) continue;
    // An amount of this measure: not the change it made; money used in operations counts against it.
    const amounts = amountsSaidOf(f, m.phrases).filter((n) => n.unit === 'USD' && n.period && n.role !== 'change').map((n) => (n.role === 'outflow' ? { ...n, value: -n.value } : n));
    for (const n of amounts) out.push({ sentence: f, number: n });
  }
  return out;
}

function narrative(measure: Extract<Measure, { kind: 'narrative' }>, query: PeriodQuery | undefined, book: Book): Evaluation {
  // Printed in a statement (Verizon's cash flows): the statement's, never a sentence's, which may be a segment's
  // (Verizon Wireless's "operating cash flow ... to $1.2 billion" in the quarter the statement does not print).
  const line = narrativeMeasureNamed(measure.measure)?.printed;
  if (line && book.periodsOf(line).length > 0) return concept(line, query, book, measure);
  const found = narrativeNumbers(measure.measure, book);
  const period = query ? periodIdOf(query, book) : found.map((f) => f.number.period as string).sort().at(-1);
  const name = measureLabel(measure);
  if (!period) return { ok: false, reason: `${name}: the releases give it for ${[...new Set(found.map((f) => shortPeriod(f.number.period as string)))].join(', ') || 'no period'}` };
  const at = (p: string) => found.find((f) => f.number.period === p);
  const direct = at(period);
  const value = (hit: { sentence: SentenceFact; number: SentenceNumber }): Value => ({
    // As printed ("$0.3 billion", never "$300.0 million"): a sentence's amount is no more precise than it says.
    measure, period, value: hit.number.value, unit: 'USD', figures: [], sentences: [hit.sentence], text: hit.number.value < 0 ? `-${hit.number.printed}` : hit.number.printed,
  });
  if (direct) return { ok: true, value: value(direct) };
  // Narrative figures combine like table figures: H2 = FY − H1.
  const p = parsePeriodId(period);
  const year = p ? period.slice(0, 4) : '';
  const code = period.slice(5);
  for (const [target, parts] of FORMULAS) {
    if (target !== code) continue;
    const hits = parts.map(([sign, c]) => [sign, at(`${year}-${c}`)] as const);
    if (hits.some(([, h]) => !h)) continue;
    const total = hits.reduce((s, [sign, h]) => s + sign * (h?.number.value ?? 0), 0);
    const text = money(total, 1);
    // An amount the sentence gives as an outflow ("cash used in operations of $1.5 million") is negative: its sign is written.
    const written = (h: (typeof hits)[number][1]) => (h && h.number.value < 0 && !/^[-−(]/.test(h.number.printed) ? `(-${h.number.printed})` : h?.number.printed ?? '');
    const formula = `${shortPeriod(period)} = ${signedTerms(hits, (h) => `${shortPeriod(h?.number.period ?? '')} ${written(h)}`)} = ${text} (narrative figures)`;
    return { ok: true, value: { measure, period, value: total, unit: 'USD', figures: [], sentences: hits.map(([, h]) => (h as { sentence: SentenceFact }).sentence), formula, text } };
  }
  const have = [...new Set(found.map((f) => shortPeriod(f.number.period as string)))];
  return { ok: false, period, reason: `${name} for ${shortPeriod(period)} is not in the releases, and cannot be derived from them (they give it for ${have.join(', ') || 'no period'})` };
}
