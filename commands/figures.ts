/**
 * Looking up one figure for a metric and period as a user wrote them, and saying it: the value at
 * its printed precision, the period spelled out, its source, the change against a year earlier,
 * and what the knowledge layer knows about it (misprint, restatement, derived, one-time items).
 * Shared by the figure, comparison and results answers.
 */
import { conceptInfo, type Concept } from '../knowledge/concepts.ts';
import { change } from '../knowledge/derive.ts';
import type { Fact, StatementFact } from '../knowledge/facts.ts';
import { comparePeriods, longDate, parsePeriodId, periodEnd, periodId, priorYear, shortPeriod } from '../knowledge/periods.ts';
import type { Figure, Book } from '../knowledge/snapshot.ts';
import { answer, cite, uniqueCitations, type Answer, type Citation } from './answer.ts';
import { belowZeroChange, derivedMark, derivedRounding, dollarsWithin, formatFigure, percent, releaseName, signWord } from './format.ts';
import type { PeriodQuery } from '../knowledge/period-grammar.ts';
import { printedChange, rateSaid } from './narrative.ts';
import { resolvePeriod } from './understand/resolve.ts';
import { inSentence, periodLabel } from './understand/describe.ts';

/** Lines a release prints in one of several forms: per-share and share-count lines "basic and diluted" or apart; equity in total or its common stockholders'. */
export const FAMILY: Partial<Record<Concept, Concept[]>> = {
  eps_basic_and_diluted: ['eps_diluted', 'eps_basic'],
  eps_diluted: ['eps_basic_and_diluted'],
  eps_basic: ['eps_basic_and_diluted'],
  shares_basic_and_diluted: ['shares_diluted', 'shares_basic'],
  shares_diluted: ['shares_basic_and_diluted'],
  shares_basic: ['shares_basic_and_diluted'],
  // Infocrossing prints its common stockholders' equity only (its preferred stock is outside equity).
  stockholders_equity: ['common_stockholders_equity'],
};

export type Lookup =
  | { ok: true; figure: Figure; mapped?: string }
  | { ok: false; answer: Answer };



/** The periods a line is given for: a line said by its family ("EPS": basic and diluted, printed apart) is given where any of them is. */
export const familyPeriods = (concept: Concept, book: Book): string[] => [...new Set([concept, ...(FAMILY[concept] ?? [])].flatMap((c) => book.periodsOf(c)))].sort(comparePeriods);

/** What releases print where a line people ask for by name is not: share counts printed as weighted averages over periods only. */
const PRINTED_INSTEAD: Partial<Record<Concept, Concept>> = { shares_outstanding: 'shares_basic_and_diluted' };

/** `asked`: the period id looked for; none when the query named no period the releases have (then `said`, the query in words). */
export function notInReleases(concept: Concept, asked: string | undefined, book: Book, said?: string): Answer {
  const name = conceptInfo(concept).name;
  const have = familyPeriods(concept, book);
  const what = asked ? `${name} for ${book.describePeriod(asked)}` : said ? `${name} for ${said}` : name;
  const others = asked ? book.conceptsIn(asked) : [];
  const only = book.printedIn;
  const [title, text] = only
    ? [`${name}: not in that release`, `${what} is not reported in ${only.release} (${longDate(only.date)}), the release asked for.`]
    : [`${name}: not in the releases`, `${what} is not reported in the releases I hold, and cannot be derived from them.`];
  const instead = PRINTED_INSTEAD[concept];
  const insteadHave = instead ? familyPeriods(instead, book) : [];
  return answer('not_found', title, text, {
    fields: [
      { name: `${name} is available for`, value: have.length > 0 ? have.map(shortPeriod).join(', ') : 'no period' },
      ...(others.length > 0 ? [{ name: `Reported for ${shortPeriod(asked ?? '')}`, value: others.map((c) => conceptInfo(c).name).join(', ') }] : []),
      ...(instead && insteadHave.length > 0 ? [{ name: 'Printed instead', value: `${conceptInfo(instead).name}, over each period rather than at its end: ${insteadHave.map(shortPeriod).join(', ')}` }] : []),
    ],
  });
}

/** The figure for a metric and a period query (undefined: the latest period the metric has). */
export function lookupFigure(concept: Concept, query: PeriodQuery | undefined, book: Book): Lookup {
  const q: PeriodQuery = query ?? { kind: 'latest' };
  const tried: Array<string | undefined> = [];
  const hits: Array<{ c: Concept; period: string; mapped?: string }> = [];
  for (const c of [concept, ...(FAMILY[concept] ?? [])]) {
    const r = resolvePeriod(q, c, book);
    if ('found' in r) hits.push({ c, ...r.found });
    else tried.push(r.missing);
    // A period named: the first of the family that has it. The latest: the latest any of them has (the Q4 2003 release
    // prints diluted shares only, so the latest share count is not Q2 2003's basic-and-diluted one).
    if (hits.length > 0 && !moving(q)) break;
  }
  const hit = hits.reduce<(typeof hits)[number] | undefined>((best, h) => (!best || endOf(h.period) > endOf(best.period) ? h : best), undefined);
  // A year's (or a period's) end no release prints is no date to name: Apple's fiscal 2004 ends on a Saturday no release
  // gives (it said September 30, 2004), so the period is said as asked.
  const yearly = q.kind === 'year' || q.kind === 'yearEnd' || (q.kind === 'span' && conceptInfo(concept).measure === 'balance');
  const unprinted = yearly && tried[0] !== undefined && book.conceptsIn(tried[0]).length === 0;
  if (!hit) return { ok: false, answer: notInReleases(concept, unprinted ? undefined : tried[0], book, periodLabel(q)) };
  const figure = book.figure(hit.c, hit.period) as Figure;
  // "EPS" where basic and diluted are printed apart: which one is shown, and that the other is printed too.
  const apart = hit.c !== concept ? (FAMILY[concept] ?? []).filter((c) => c !== hit.c && book.figure(c, hit.period)) : [];
  const lower = (c: Concept) => conceptInfo(c).name.toLowerCase();
  const family = hit.c === concept ? undefined
    : apart.length > 0 ? `this release prints ${[hit.c, ...apart].map(lower).join(' and ')} apart for that period: ${lower(hit.c)} shown`
    : `this release prints ${lower(hit.c)} for that period`;
  const mapped = [hit.mapped, family].filter(Boolean).join('; ');
  return mapped ? { ok: true, figure, mapped } : { ok: true, figure };
}

/**
 * A figure derived from rounded ones that is mostly rounding (Q3 2002 net income, 1.1 − 0.604 − 0.6 =
 * −0.104 ± 0.1005): never given as a figure, in one period or in a trend.
 */
export const mostlyRounding = (f: Figure): boolean => f.fact.kind === 'derived' && f.fact.uncertainty >= Math.abs(f.value) / 2;

/** A derived figure never given alone: mostly rounding, or a cost line carved across a reclassification of prior periods. */
export const notGivenAlone = (f: Figure): boolean => mostlyRounding(f) || f.reclassified !== undefined;

/** Why figures left out of a list are not given: one note per reason, naming their periods. */
export function notGivenNotes(left: readonly Figure[]): string[] {
  const periods = (fs: readonly Figure[]) => [...new Set(fs.map((f) => shortPeriod(f.period)))].join(', ');
  const rounding = left.filter(mostlyRounding);
  const reclassified = left.filter((f) => !mostlyRounding(f) && f.reclassified);
  const why = reclassified[0]?.reclassified;
  return [
    ...(rounding.length > 0 ? [`Not given: ${periods(rounding)}, derivable only from printed figures whose rounding is half the result or more.`] : []),
    ...(why ? [`Not given: ${periods(reclassified)}, derivable only from releases on both sides of a reclassification of prior periods (${why.release} line ${why.line}: "${why.text}").`] : []),
  ];
}

/** A period query that moves with the releases ("latest", "last quarter", "Q2" without its year). */
const moving = (q: PeriodQuery) => q.kind === 'latest' || q.kind === 'lastQuarter' || q.kind === 'lastYear' || q.kind === 'monthEnd' || q.kind === 'part' || ((q.kind === 'span' || q.kind === 'ytd' || q.kind === 'ytdTo') && q.year === undefined);
const endOf = (period: string) => {
  const p = parsePeriodId(period);
  return p ? periodEnd(p) : '';
};


/** A table figure as its row prints it: "Cost of sales" 1,455 (in millions). */
export const printedLine = (f: StatementFact): string =>
  `"${f.label}" ${f.printed}${f.multiplier === 1e3 ? ' (in thousands)' : f.multiplier === 1e6 ? ' (in millions)' : f.multiplier === 1e9 ? ' (in billions)' : ''}${deducted(f) ? ', in parentheses as a deduction' : ''}`;

/** An expense the statement prints in parentheses and subtracts: held positive, which its printing must not seem to contradict. */
const deducted = (f: StatementFact) => f.value > 0 && /^\(|^-/.test(f.printed);

/** The fact a figure is, for citations: printed line, or the derivation's inputs. */
export function figureSources(figure: Figure): Citation[] {
  const f = figure.fact;
  if (f.kind === 'statement') return [cite(f)];
  return f.inputs.map((i) => cite({ release: i.release, line: i.line, text: `${shortPeriod(i.period)}: ${i.value}` }));
}

function derivedNote(figure: Figure): string | undefined {
  const f = figure.fact;
  if (f.kind !== 'derived') return undefined;
  // Inputs printed in thousands leave a few thousand dollars: said in thousands, never "±$0.00 million".
  const plusMinus = f.uncertainty >= 1000 ? `; accurate to about ±$${dollarsWithin(f.uncertainty)}, as its inputs are rounded` : '';
  return `Derived, not printed: ${f.formula}${plusMinus}.`;
}

/** Notes about a figure: derived, misprint, restated, precision, and what the narrative adds. */
export function figureNotes(figure: Figure, book: Book, mapped?: string): { notes: string[]; sources: Citation[]; facts: Fact[] } {
  const notes: string[] = [];
  if (mapped) notes.push(`Read as: ${mapped}.`);
  const derived = derivedNote(figure);
  if (derived) notes.push(derived);
  // A row of figures alone (The Buckle's 85,588 under "OPERATING EXPENSES:") is the total of the block its label heads.
  if (figure.fact.kind === 'statement' && !/[a-z]/i.test(figure.fact.text)) notes.push(`Printed without a label: the total of the rows under "${figure.fact.label}", which it equals.`);
  if (figure.fact.kind === 'statement' && figure.fact.footnote) notes.push(`"${figure.fact.label}" is read as ${inSentence(conceptInfo(figure.concept).name)} by its footnote in the table: "${figure.fact.footnote}"`);
  for (const n of figure.notes) notes.push(`${n.kind === 'misprint' ? 'Misprint' : n.kind === 'restated' ? 'Restated' : 'More precise'}: ${n.text}.`);
  const remarks = book.remarks(figure.concept, figure.period).slice(0, 2);
  for (const r of remarks) notes.push(`The release says: "${r.text}" (${r.release} line ${r.line})`);
  return { notes, sources: remarks.map(cite), facts: remarks };
}

/**
 * The figure as arithmetic takes it: its finest printing that agrees with the one served (7,026
 * thousand, where the latest release rounds it to 7.0 million), cited as that printing.
 */
export const precise = (f: Figure): Figure => (f.finest ? { ...f, value: f.finest.value, fact: f.finest, notes: f.notes.filter((n) => n.kind !== 'precision') } : f);

/** The answer to "what was <metric> in <period>". */
export function figureAnswer(figure: Figure, book: Book, mapped?: string): Answer {
  const f = figure.fact;
  const info = conceptInfo(figure.concept);
  const when = book.describePeriod(figure.period);
  const at = info.measure === 'balance' ? `at ${when}` : `for ${when}`;
  const extra = figureNotes(figure, book, mapped);
  const fields = [{ name: f.kind === 'derived' ? 'Derived from' : 'Printed', value: f.kind === 'derived' ? f.formula : `${printedLine(f)} — ${releaseName(book, f.release)}, line ${f.line}` }];
  const facts: Fact[] = [f, ...extra.facts];
  const sources = [...figureSources(figure)];

  const period = parsePeriodId(figure.period);
  const printedPrior = period && book.figure(figure.concept, periodId(priorYear(period)));
  const prior = printedPrior && precise(printedPrior);
  if (prior && !notGivenAlone(prior)) {
    const c = change(precise(figure).fact, prior.fact);
    const computed = c ? `${percent(c)} (computed)${belowZeroChange(figure.concept, precise(figure).fact.value, prior.fact.value, c)}` : '';
    // The rate the release prints for the change ("EBITDA increased 24.2%"): printed beats computed, the computed one said after it.
    const rate = printedChange(figure.concept, figure.period, prior.period, book);
    const said = rate && `the release says ${rateSaid(rate.number)} (${rate.sentence.release} line ${rate.sentence.line})${c ? `; from the rounded table figures ${computed}` : ''}`;
    fields.push({ name: `vs ${shortPeriod(prior.period)}`, value: `${formatFigure(prior.fact)}${derivedMark(prior.fact)}${said ? `, ${said}` : computed ? `, ${computed}` : ''}` });
    sources.push(...figureSources(prior), ...(rate ? [cite(rate.sentence)] : []));
    facts.push(prior.fact, ...(c ? [c] : []), ...(rate ? [rate.sentence] : []));
  }
  const within = f.kind === 'derived' ? derivedRounding(f) : '';
  const derived = f.kind === 'derived' ? ` (derived, not printed${within ? `; ${within}, as its inputs are rounded` : ''})` : '';
  const summary = `${info.name} ${at} was ${formatFigure(f)}${signWord(f)}${derived}.`;
  return answer('figure', `${info.name} — ${shortPeriod(figure.period)}`, summary, {
    emphasis: [formatFigure(f)],
    fields,
    notes: extra.notes,
    sources: uniqueCitations([...sources, ...extra.sources]),
    facts,
    followUps: prior ? [{ label: `vs ${shortPeriod(prior.period)}`, question: { intent: 'compare', measures: [{ kind: 'concept', concept: figure.concept }], period: { kind: 'id', id: figure.period }, versus: { kind: 'id', id: prior.period } } }] : [],
  });
}
