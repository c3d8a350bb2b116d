/**
 * `/compare metric:<name> period:<period> versus:<period>`: two periods of one metric, the difference
 * and the percent change; `versus` omitted, the same period a year earlier (a balance's change over a quarter or a
 * half: from the balance at its start, as the balance sheets set them). With `versus-metric`,
 * two metrics in one period: the first as a share of the second (EBITDA margin).
 */
import { conceptInfo, COST_LINES } from '../knowledge/concepts.ts';
import { change } from '../knowledge/derive.ts';
import { shortPeriod } from '../knowledge/periods.ts';
import type { StatementFact } from '../knowledge/facts.ts';
import type { Figure, Book } from '../knowledge/snapshot.ts';
import { answer, uniqueCitations, type Answer } from './answer.ts';
import { belowZeroChange, differenceDecimals, figureDecimals, formatAmount, formatFigure, percent, signWord, zeroSides } from './format.ts';
import { figureNotes, figureSources, precise } from './figures.ts';
import { invalid, optionalPeriod, parseMetricOption, type Parsed } from './understand/options.ts';
import { movedFrom, withYear, yearOf } from './understand/period-shift.ts';
import { statementLineOf } from './understand/vocabulary.ts';
import type { Measure } from './understand/question.ts';
import type { PeriodQuery } from '../knowledge/period-grammar.ts';
import { defineCommand, option } from './spec.ts';

function side(figure: Figure, book: Book) {
  const f = figure.fact;
  const where = f.kind === 'statement' ? `${f.release} line ${f.line}` : `derived: ${f.formula}`;
  return { name: `${conceptInfo(figure.concept).name}, ${shortPeriod(figure.period)}`, value: `${formatFigure(f)}${signWord(f)} — ${where}`, extra: figureNotes(figure, book) };
}

/** Two figures of one metric: values, difference, percent change. */
/**
 * Where one of two figures was restated, both as one release printed them side by side (the latest
 * such): a change on one basis, not a later release's restated figure against an earlier one's (PP&E
 * at June 30, 2003, 19,760, against the same release's 19,437 at Dec 31, 2002, not the Q4 release's
 * reclassed 19.5). Otherwise each at its finest printing.
 */
function sideBySide(a: Figure, b: Figure): [Figure, Figure] | undefined {
  const restated = [a, b].some((f) => f.notes.some((n) => n.kind === 'restated'));
  if (!restated || a.fact.kind !== 'statement' || b.fact.kind !== 'statement' || a.fact.release === b.fact.release) return undefined;
  const usable = (p: StatementFact) => !p.flags?.includes('misprint');
  const release = a.printings.find((p) => usable(p) && b.printings.some((q) => usable(q) && q.release === p.release))?.release;
  const [pa, pb] = [a.printings.find((p) => usable(p) && p.release === release), b.printings.find((p) => usable(p) && p.release === release)];
  return pa && pb ? [{ ...a, value: pa.value, fact: pa }, { ...b, value: pb.value, fact: pb }] : undefined;
}

/**
 * Two cost lines printed by releases on either side of one that reclassified prior periods (Infocrossing's
 * Q4 2003 S&A against Q1 2003's, as the May 2003 release printed it): which release says so, as the
 * figures may not be on one basis. A derived figure straddling it is never given at all (snapshot.ts).
 */
function acrossReclass(a: Figure, b: Figure, book: Book): string | undefined {
  if (!COST_LINES.has(a.concept) || a.fact.kind !== 'statement' || b.fact.kind !== 'statement') return undefined;
  const printedBy = (f: StatementFact) => book.releases.find((r) => r.release === f.release);
  const [ra, rb] = [printedBy(a.fact), printedBy(b.fact)];
  if (!ra || !rb || ra.release === rb.release) return undefined;
  const [older, newer] = ra.date < rb.date ? [ra, rb] : [rb, ra];
  const by = book.releases.find((r) => r.reclassified && r.date > older.date && r.date <= newer.date);
  if (!by?.reclassified) return undefined;
  const before = older === ra ? a : b;
  return `${shortPeriod(before.period)} is as ${older.release} printed it, before ${by.release} reclassified prior periods (line ${by.reclassified.line}: "${by.reclassified.text}"): the two may not be on one basis.`;
}

/** What two values resting on figures of the same lines must say of a reclassification between their printings. */
export function reclassNotes(x: { figures: readonly Figure[] }, y: { figures: readonly Figure[] }, book: Book): string[] {
  return [...new Set(x.figures.flatMap((fx) => y.figures.flatMap((fy) => (fy.concept === fx.concept ? [acrossReclass(fx, fy, book)] : []))).filter((n): n is string => n !== undefined))];
}

/**
 * Values listed together ("each quarter of 2003", a trend) resting on cost lines printed on both sides of a reclassification
 * of prior periods: which were printed before it, said once; none when all are on one side.
 */
export function reclassListNote(values: ReadonlyArray<{ period: string; figures: readonly Figure[] }>, book: Book): string[] {
  const printed = (v: { figures: readonly Figure[] }) => v.figures.flatMap((f) => (f.fact.kind === 'statement' && COST_LINES.has(f.concept) ? [f.fact.release] : []))
    .flatMap((release) => book.releases.filter((r) => r.release === release).map((r) => r.date));
  for (const by of book.releases) {
    if (!by.reclassified) continue;
    const before = values.filter((v) => printed(v).some((date) => date < by.date));
    if (before.length === 0 || !values.some((v) => printed(v).some((date) => date >= by.date))) continue;
    const periods = [...new Set(before.map((v) => shortPeriod(v.period)))];
    return [`${periods.join(', ')} ${periods.length === 1 ? 'is' : 'are'} as printed before ${by.release} reclassified prior periods (line ${by.reclassified.line}: "${by.reclassified.text}"): the list is not all on one basis.`];
  }
  return [];
}

/** Two figures of a line as compared: the same release's printings where one was restated, else the most precise. */
const compared = (printedA: Figure, printedB: Figure): [Figure, Figure] => sideBySide(printedA, printedB) ?? [precise(printedA), precise(printedB)];

/** The change from `printedB` to `printedA` in words: "+$1.3 million, +9.7%", a loss narrowing or a sign crossing said. */
export function figureChange(printedA: Figure, printedB: Figure): string {
  const [a, b] = compared(printedA, printedB);
  const decimals = differenceDecimals([a, b].map((f) => ({ decimals: figureDecimals(f.fact), facts: [f.fact] })));
  const diff = a.value - b.value;
  const c = change(a.fact, b.fact);
  // Across zero: a loss and a profit, a deficit and positive equity, a credit and a charge.
  const [below, above] = zeroSides(a.concept);
  const pct = c ? `, ${percent(c)}${belowZeroChange(a.concept, a.value, b.value, c)}` : a.value * b.value < 0 ? ` (from ${b.value < 0 ? below : above} to ${a.value < 0 ? below : above}: a percent change is not meaningful)` : ' (no percent change to or from zero)';
  return `${diff >= 0 ? '+' : '-'}${formatAmount(Math.abs(diff), a.fact.unit, decimals)}${pct}`;
}

export function periodComparison(printedA: Figure, printedB: Figure, book: Book, mapped: string[] = []): Answer {
  const [a, b] = compared(printedA, printedB);
  const name = conceptInfo(a.concept).name;
  const c = change(a.fact, b.fact);
  const sides = [side(a, book), side(b, book)];
  const prep = conceptInfo(a.concept).measure === 'balance' ? 'at' : 'in';
  const summary = `${name} was ${formatFigure(a.fact)} ${prep} ${shortPeriod(a.period)} against ${formatFigure(b.fact)} ${prep} ${shortPeriod(b.period)}: ${figureChange(printedA, printedB)}.`;
  return answer('comparison', `${name} — ${shortPeriod(a.period)} vs ${shortPeriod(b.period)}`, summary, {
    emphasis: [formatFigure(a.fact), formatFigure(b.fact)],
    fields: sides.map(({ name: n, value }) => ({ name: n, value })),
    notes: [
      ...mapped.map((m) => `Read as: ${m}.`),
      ...(c ? [`Change computed from the printed figures: ${c.formula}.`] : []),
      ...[acrossReclass(a, b, book)].filter((n): n is string => n !== undefined),
      ...sides.flatMap((s) => s.extra.notes),
    ],
    sources: uniqueCitations([...figureSources(a), ...figureSources(b), ...sides.flatMap((s) => s.extra.sources)]),
    facts: [a.fact, b.fact, ...(c ? [c] : []), ...sides.flatMap((s) => s.extra.facts)],
    followUps: [],
  });
}

/** A comparison is of one period against another: "the last 4 quarters" is several (/metric lists them). */
function onePeriod(parsed: Parsed<PeriodQuery | undefined>): Parsed<PeriodQuery | undefined> {
  if (!parsed.ok || parsed.value?.kind !== 'recent') return parsed;
  return { ok: false, message: `"the last ${parsed.value.count} ${parsed.value.unit}s" is several periods; compare one ${parsed.value.unit} with another, or list them with /metric`, valid: [] };
}

/**
 * The versus option as said against the period, as in words: "2003" against nine months of 2004 is nine months of
 * 2003 (it was fiscal 2003); "last year", "a year earlier", "the prior quarter" are before the period asked (they were
 * before the latest: Q1 2003 "vs last year" was set against Q4 2002). With no period said, the latest against a year
 * before it, or, said of a quarter, against the quarter before it (it was set against itself). A quarter before what is
 * no quarter is said to be none (it was a year earlier, unsaid).
 */
function versusOf(period: PeriodQuery | undefined, versus: PeriodQuery | undefined): { versus?: PeriodQuery; sequential?: true } | { none: string } {
  const v: PeriodQuery | undefined = versus?.kind === 'lastYear' && !versus.back ? { kind: 'relative', years: -1 } : versus;
  if (!period || yearOf(period) === undefined) {
    if (v?.kind !== 'relative' || v.inYear !== undefined) return v ? { versus: v } : {};
    return v.quarters ? { sequential: true } : {};
  }
  if (v?.kind === 'relative') {
    const moved = movedFrom(period, v);
    return moved ? { versus: moved } : { none: 'versus: the quarter before is of a quarter or a balance sheet date, and the period is neither: name the period to compare with (e.g. "H1 2003 vs H1 2002").' };
  }
  if (v?.kind === 'year' && period.kind !== 'year') return { versus: withYear(period, v.year) };
  return v ? { versus: v } : {};
}

export const compare = defineCommand({
  name: 'compare',
  scoped: true,
  description: 'Compare a metric across two periods, or two metrics in one period',
  options: {
    metric: option('metric', 'The metric: revenue, EBITDA, net income, cash...', true),
    period: option('period', 'The period (default: the latest)', false),
    versus: option('period', 'The period to compare with (default: a year earlier; a balance over a quarter: its start)', false),
    'versus-metric': option('metric', 'Another metric in the same period (e.g. revenue, for a margin)', false),
  },
  examples: ['/compare revenue FY2003 FY2002', '/compare ebitda Q2 2003 Q2 2002', '/compare metric:ebitda versus-metric:revenue period:Q4 2003'],
  read({ metric, period, versus, 'versus-metric': versusMetric }, snapshot, company) {
    const m = parseMetricOption(metric, snapshot, company);
    if (!m.ok) return invalid('metric', m);
    const p = onePeriod(optionalPeriod(period, snapshot));
    if (!p.ok) return invalid('period', p);
    const read = onePeriod(optionalPeriod(versus, snapshot));
    if (!read.ok) return invalid('versus', read);
    const against = versusOf(p.value, read.value);
    if ('none' in against) return { kind: 'invalid', message: against.none, valid: [] };
    const v = { ok: true as const, value: against.versus };
    if (versusMetric) {
      const other = parseMetricOption(versusMetric, snapshot, company);
      if (!other.ok) return invalid('versus-metric', other);
      // Each side a line, or a formula a statement may print as one ("total liabilities"), computed by it where it is not.
      const [top, bottom] = [statementLineOf(m.value), statementLineOf(other.value)];
      if (!top || !bottom) {
        return { kind: 'invalid', message: `versus-metric: a ratio here is of two lines the statements print or add up (e.g. EBITDA and revenue); "${!top ? metric : versusMetric}" is neither: for a margin worked out from other lines, ask for it by name ("gross margin${period ? ` ${period}` : ''}").`, valid: ['revenue'] };
      }
      if (top === bottom) return { kind: 'invalid', message: `versus-metric: "${versusMetric}" is the metric itself; a ratio is of two lines (e.g. EBITDA and revenue).`, valid: ['revenue'] };
      const ratio: Measure = {
        kind: 'ratio', numerator: top, denominator: bottom,
        ...(m.value.kind === 'formula' ? { numeratorFormula: m.value.formula } : {}),
        ...(other.value.kind === 'formula' ? { denominatorFormula: other.value.formula } : {}),
      };
      // With a versus period too: the ratio in each, set against each other, never the second period dropped.
      if (v.value) return { kind: 'question', question: { intent: 'compare', measures: [ratio], ...(p.value ? { period: p.value } : {}), versus: v.value } };
      return { kind: 'question', question: { intent: 'figure', measures: [ratio], periods: p.value ? [p.value] : [] } };
    }
    return { kind: 'question', question: { intent: 'compare', measures: [m.value], ...(p.value ? { period: p.value } : {}), ...(v.value ? { versus: v.value } : {}), ...(against.sequential ? { sequential: true } : {}) } };
  },
});
