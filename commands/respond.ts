/**
 * A typed question to its answer: the one place that picks the handler for an intent. Every
 * answer with a figure says how the question was read; a question that cannot be answered
 * exactly says so first ("not in the releases"), then shows what the releases do hold.
 */
import { isDeepStrictEqual } from 'node:util';
import { BENEFIT_LINES, CHARGE_OR_CREDIT_LINES, conceptInfo, DEFICIT_LINES, WORKING_CAPITAL_LINES } from '../knowledge/concepts.ts';
import { change } from '../knowledge/derive.ts';
import type { SentenceFact } from '../knowledge/facts.ts';
import { isoDate, lastDayOfMonth, parsePeriodId, periodCovers, periodEnd, periodId, priorQuarter, priorYear, quartersLater, shortPeriod, type Period } from '../knowledge/periods.ts';
import { SCALES } from '../knowledge/parse/narrative.ts';
import { capitalized } from '../knowledge/text.ts';
import { printedIn } from '../knowledge/printed-in.ts';
import type { Book, Figure, Snapshot } from '../knowledge/snapshot.ts';
import type { Store } from '../knowledge/store.ts';
import { changeAgainst, checkClaim, halfLastDigit, inTermsOf, notALoss, setAgainst, unitWords } from './against.ts';
import { answer, askedBack, cite, uniqueCitations, type Answer } from './answer.ts';
import { callAnswer, callChoices } from './call.ts';
import { channelCompanyAnswer } from './channel-company.ts';
import { bookFor, companyLabel, MAX_COMPANY_CHOICES, onlyCompanySaying } from './understand/companies.ts';
import { figureChange, periodComparison, reclassListNote, reclassNotes } from './compare.ts';
import { contactAnswer, contactChoices } from './contact.ts';
import { defineAnswer } from './define.ts';
import { familyPeriods, figureAnswer, figureNotes, figureSources, printedLine } from './figures.ts';
import { computedFrom, derivedMark, differenceDecimals, figureDecimals, formatAmount, formatFigure, inScaleAsked, percent, percentDecimals, roundingNote, roundingWords } from './format.ts';
import { helpAnswer } from './help.ts';
import { ingestElsewhere } from './ingest.ts';
import { evaluate, type Evaluation, finest, formatValue, shareOf, spentSize, valueChange, valueDecimals, type Value } from './measures.ts';
import { atPage, type PagedQuestion } from './paging.ts';
import { narrativeAnswer, whyAnswer, printedChange, rateSaid, adjustedRemarks, textMentions } from './narrative.ts';
import { profileAnswer } from './profile.ts';
import { quoteAnswer } from './quote.ts';
import { releaseOf } from './releases.ts';
import { resultsAnswer } from './results.ts';
import { sourcesAnswer } from './sources.ts';
import { trendAnswer } from './trend.ts';
import { isRatio } from './understand/vocabulary.ts';
import { unansweredAnswer, type UnansweredLog } from './unanswered.ts';
import { amountWords, describeQuestion, inSentence, measureLabel, periodLabel } from './understand/describe.ts';
import { monthsSaid, periodMonths } from './period-groups.ts';
import type { PeriodQuery } from '../knowledge/period-grammar.ts';
import type { Amount, DisplayUnit, Measure, Question } from './understand/question.ts';
import { combinedAnswer } from './combined.ts';
import { rankedAnswer, withRecent } from './ranked.ts';
import { YEAR_SO_FAR } from './understand/resolve.ts';
import { settledPeriod } from './understand/period-shift.ts';
import { notAvailable, READ_AS, readAs, shownMeasure, valueFacts, valueFields, valueSources, withReading } from './value-answers.ts';
import type { Command } from './spec.ts';

export interface Responded {
  answer: Answer;
  /** The question with its periods settled (ids): what a follow-up builds on, what a button re-asks. */
  settled: Question;
}


/** The table lines a computed value rests on, each as its row prints it: what "cost of revenues" was there. */
function printedLines(v: Value): Array<{ name: string; value: string }> {
  const printed = [...new Set(v.figures.flatMap((f) => (f.fact.kind === 'statement' ? [f.fact] : [])))];
  return printed.length > 0 ? [{ name: 'Lines used', value: printed.map((f) => `${printedLine(f)} — ${f.release} line ${f.line}`).join('\n') }] : [];
}

/** One computed value (a formula, a sum, a ratio, a narrative figure); `named`: what it is, where not its measure in its period. */
function computedAnswer(v: Value, q: Question, named?: { title: string; lead: string }): Answer {
  const printed = v.formula === undefined && v.figures.length === 0 && v.sentences.length > 0;
  // Computed, which the release may also print in words (a margin, a tax rate): never said to be printed nowhere.
  const within = v.formula ? roundingWords(v.unit, v.uncertainty ?? 0, v.value, valueDecimals(v.unit, v.figures)) : '';
  const rounded = within ? `; ${within}, as they are rounded` : '';
  // Inputs no release prints (Sears' Q1 2004, its first half less its second quarter): said so, with how each was derived.
  const derived = [...new Set(v.figures.flatMap((f) => (f.fact.kind === 'derived' ? [f.fact] : [])))];
  const how = printed ? 'as the release text gives it' : v.formula ? `computed from ${computedFrom(v.figures.map((f) => f.fact))}${rounded}` : 'as printed';
  const derivations = derived.length > 0 ? [{ name: 'Derived, not printed', value: derived.map((f) => `${conceptInfo(f.concept).name}: ${f.formula}`).join('\n') }] : [];
  const { title, lead } = named ?? { title: `${measureLabel(v.measure)} — ${shortPeriod(v.period)}`, lead: `${measureLabel(v.measure)} for ${shortPeriod(v.period)}` };
  return withReading(answer('figure', title, `${lead}: ${v.text} (${how}).`, {
    emphasis: [v.text],
    fields: v.formula ? [{ name: 'How it was computed', value: v.formula }, ...derivations, ...printedLines(v)] : [],
    notes: [...(v.mapped ? [`Read as: ${v.mapped}.`] : []), ...v.sentences.map((s) => `The release says: "${s.text}" (${s.release} line ${s.line})`)],
    sources: valueSources(v),
    facts: valueFacts(v),
  }), q);
}


/**
 * A net loss asked where net income was a profit but what was left to common stockholders a loss (Infocrossing's Q4 2002:
 * $0.6 million of net income, a $1.8 million "net loss" to common after the preferred stock's accretion and dividends, as
 * its release says it): that loss, beside the profit, named as what it is.
 */
function lossToCommon(v: Value, book: Book): { said: string; figure: Figure } | undefined {
  if (v.value < 0 || v.measure.kind !== 'concept' || v.measure.concept !== 'net_income') return undefined;
  const figure = book.figure('net_income_to_common', v.period);
  if (!figure || figure.value >= 0) return undefined;
  return { said: `The loss of ${shortPeriod(v.period)} is to common stockholders, after what goes to the preferred stock: ${formatFigure(figure.fact)}${derivedMark(figure.fact)} (${inSentence(conceptInfo('net_income_to_common').name)}).`, figure };
}

/**
 * The figure in the scale asked ("revenue in billions"), beside it as printed; said where it has no such scale ("gross
 * margin in billions": a percentage), never dropped unsaid. Nothing where the answer already shows it so.
 */
function scaleAsked(served: Value, unit: DisplayUnit, shown: string): string | undefined {
  // From its finest printing: cash at December 31, 2002 is 7,026 thousand where the Q4 release rounds it to 7.0 million
  // (it gave "$7,000 thousand": review 54). Nothing for a figure of none (a dash).
  const v = finest(served);
  if (v.value === 0) return undefined;
  const decimals = v.figures.length > 0 ? Math.max(...v.figures.map((f) => figureDecimals(f.fact))) : valueDecimals(v.unit, v.figures);
  const scaled = inScaleAsked(v.value, v.unit, decimals, unit);
  if (!scaled) return `Asked in ${unit}s: ${v.text} is ${unitWords(v.unit)}, shown as it is.`;
  if (shown.includes(scaled)) return undefined;
  // Finer than its printing ($14.4 million in thousands), its zeros are no digits the release gives: said so.
  const lastDigit = 10 ** (6 - decimals);
  const finer = unit !== 'cent' && (v.unit === 'USD' || v.unit === 'shares') && SCALES[unit] < lastDigit ? `, printed to the nearest ${formatAmount(lastDigit, v.unit, decimals)}` : '';
  const derived = v.figures.some((f) => f.fact.kind === 'derived') ? ', derived from rounded figures as above' : '';
  return `In ${unit}s, as asked: ${scaled}${finer}${derived}.`;
}

/**
 * A scale asked that the answer does not show its figures in (several figures, a comparison, a trend): said, never dropped
 * unsaid. Nothing where they are shown in it already ("in millions" of figures in millions); percentages have no scale.
 */
function scaleSaid(a: Answer, unit: DisplayUnit | undefined, measures: readonly Measure[]): Answer {
  if (!unit || a.kind === 'not_found') return a;
  if (measures.every(isRatio)) return { ...a, notes: [...a.notes, `Asked in ${unit}s: these are percentages or ratios, which have no scale; shown as they are.`] };
  const shown = [a.summary, ...a.fields.map((f) => `${f.name} ${f.value}`)].join(' ');
  const scales = [...shown.matchAll(/\d (thousand|million|billion)s?\b/g)].map((m) => m[1]);
  if (scales.length > 0 && scales.every((scale) => scale === unit)) return a;
  return { ...a, notes: [...a.notes, `Asked in ${unit}s: these figures are shown as printed; ask for one figure alone to see it in ${unit}s.`] };
}
const scaleSaidIn = (r: Responded, q: { unit?: DisplayUnit; measures: readonly Measure[] }): Responded => ({ ...r, answer: scaleSaid(r.answer, q.unit, q.measures) });

/** What a figure is said to be beside the amount asked: a profit asked as a loss is no loss; else the side it falls. */
function judgedAgainst(v: Value, q: Extract<Question, { intent: 'figure' }>): string | undefined {
  const [m] = q.measures;
  const concept = m?.kind === 'concept' ? m.concept : undefined;
  const said = q.asLoss ? (concept && DEFICIT_LINES.has(concept) ? 'deficit' : concept && BENEFIT_LINES.has(concept) ? 'benefit' : concept && CHARGE_OR_CREDIT_LINES.has(concept) ? 'charge' : 'loss') : undefined;
  // A credit is said to be one beside its amount (format.ts): asked as a charge, said again only against an amount.
  const again = said !== 'charge' || q.against !== undefined;
  return (said && again ? notALoss(v, q.against, said) : undefined) ?? (q.against && (q.claimed ? checkClaim(v, q.against, said) : setAgainst(v, q.against)));
}

/**
 * "Was EPS $0.09?", "did EPS hit 9 cents?" where basic and diluted are printed apart and differ (Infocrossing's Q4
 * 2003: 0.09 and 0.08): each checked, never the diluted alone said to be no (below), when the basic is what was said.
 */
function judgedEach(q: Extract<Question, { intent: 'figure' }>, book: Book): Extract<Question, { intent: 'figure' }> {
  const [only] = q.measures;
  // An adjusted figure is the release's words for it, never the two GAAP lines.
  if (!q.against || q.excluding || q.measures.length !== 1 || only?.kind !== 'concept' || only.concept !== 'eps_basic_and_diluted') return q;
  const each = (['eps_basic', 'eps_diluted'] as const).map((concept) => evaluate({ kind: 'concept', concept }, q.periods[0], book));
  const [basic, diluted] = each.map((e) => (e.ok ? e.value : undefined));
  return basic && diluted && basic.period === diluted.period && basic.value !== diluted.value ? { ...q, measures: [{ kind: 'concept', concept: 'eps_basic' }, { kind: 'concept', concept: 'eps_diluted' }] } : q;
}

function figures(asked: Extract<Question, { intent: 'figure' }>, book: Book): Responded {
  const q = judgedEach(asked, book);
  if (q.rank) return rankedAnswer({ ...q, rank: q.rank }, book);
  if (q.combined) return combinedAnswer(q, book);
  const periodsOf = (m: Measure): Array<PeriodQuery | undefined> => (q.periods.length > 0 ? withRecent(q.periods, m, book) : [undefined]);
  // Each measure's period once, however often it was asked ("Q4 2003" and "year-end 2003" are one balance date).
  const seen = new Set<string>();
  const cells = q.measures.flatMap((m) => periodsOf(m).map((p) => ({ m, p, r: evaluate(m, p, book) }))).filter((c) => {
    const key = c.r.ok ? `${JSON.stringify(c.m)} ${c.r.value.period}` : undefined;
    if (key === undefined) return true;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  const found = cells.flatMap((c) => (c.r.ok ? [c.r.value] : []));
  const missing = cells.filter((c) => !c.r.ok);
  // Periods never said are settled as the latest there was, and remembered so: another company's latest is its own.
  // "The last 4 quarters" of a flow are each of them, found or derived: "a year earlier" moves them, "which was highest?"
  // ranks them. A balance's stay said so: its dates are no periods of another line ("and revenue?" after cash).
  const said = q.periods.some((p) => p.kind === 'recent');
  const balanceDates = found.some((v) => parsePeriodId(v.period)?.kind === 'instant');
  const recent = said && q.measures[0] ? (balanceDates ? q.periods : withRecent(q.periods, q.measures[0], book)) : undefined;
  // A period asked and not found stays asked ("and for 2002?" after the quarters of 2003, one not given, is each of 2002's).
  const settledEach = cells.flatMap((c) => (c.r.ok ? [[c.r.value.period, settledPeriod(c.r.value.period, c.p)] as const] : c.p ? [[JSON.stringify(c.p), c.p] as const] : []));
  const settled: Question = { ...q, periods: recent ?? (found[0] ? [...new Map(settledEach).values()] : q.periods), ...(found[0] && q.periods.length === 0 ? { latest: true } : {}) };
  const adjusted = q.excluding ? adjustedRemarks(found, book) : [];
  if (cells.length === 1) {
    const [cell] = cells;
    if (!cell?.r.ok) {
      // A line the company's tables never print: what its text says of it, if anything (Sears' restructuring severance).
      const never = cell?.m.kind === 'concept' && familyPeriods(cell.m.concept, book).length === 0 ? textMentions(cell.m.concept, book) : undefined;
      const mentioned = never ? { fields: never.fields.map((f) => ({ ...f, name: `The text mentions it: ${f.name}` })), sources: never.sources, facts: never.facts } : {};
      return { answer: notAvailable(measureLabel(cell?.m as Measure), cell && !cell.r.ok ? cell.r.reason : '', q, mentioned), settled };
    }
    const v = cell.r.value;
    const base = v.measure.kind === 'concept' && v.figures[0] && !v.formula?.includes('narrative') ? figureAnswer(v.figures[0], book, v.mapped) : computedAnswer(v, q);
    const read = v.measure.kind === 'concept' ? withReading(base, q) : base;
    const judged = judgedAgainst(v, q);
    const toCommon = q.asLoss && !q.against ? lossToCommon(v, book) : undefined;
    const summary = [read.summary, q.unit ? scaleAsked(v, q.unit, read.summary) : undefined, judged, toCommon?.said].filter(Boolean).join('\n');
    const shown = toCommon ? { ...read, summary, emphasis: [...read.emphasis, formatFigure(toCommon.figure.fact)], sources: uniqueCitations([...read.sources, ...figureSources(toCommon.figure)]), facts: [...read.facts, toCommon.figure.fact] } : { ...read, summary };
    if (!q.excluding) return { answer: shown, settled: { ...settled, periods: [settledPeriod(v.period, cell.p)] } };
    return { answer: unjudged(excludingAnswer(read, adjusted, v), q.against), settled };
  }
  if (found.length === 0) {
    const reasons = [...new Set(missing.map((c) => (c.r.ok ? '' : c.r.reason)))];
    // "The last 2 years" of a company whose releases print no full year: no period to count back from.
    const recent = q.periods.find((p) => p.kind === 'recent');
    const label = inSentence(q.measures.map(measureLabel).join(', '));
    const none = recent?.kind === 'recent' ? `No ${recent.unit === 'year' ? 'full year' : 'quarter'} of ${label} is printed in the releases I hold, or derived from them: there are no last ${recent.count} ${recent.unit}s to show.` : `No period asked of ${label} is given.`;
    return { answer: notAvailable(q.measures.map(measureLabel).join(', '), reasons.length > 0 ? reasons.join('; ') : none, q), settled };
  }
  // A line asked but printed as another ("SG&A and G&A" where G&A is printed within SG&A) is named as asked, with the line shown.
  const named = (m: Measure, v: Value) => (isDeepStrictEqual(shownMeasure(v), m) ? measureLabel(m) : `${measureLabel(m)} (shown: ${inSentence(measureLabel(shownMeasure(v)))})`);
  const lines = cells.map((c) => (c.r.ok
    ? `${named(c.m, c.r.value)}, ${shortPeriod(c.r.value.period)}: ${c.r.value.text}${c.r.value.formula ? ' (computed)' : ''}`
    : `${measureLabel(c.m)}: not in the releases (${c.r.reason})`));
  if (q.paired) lines.push(...pairedChanges(q, cells));
  const { against } = q;
  if (against && found[0] && !q.excluding) lines.push(`${q.claimed ? 'Checked against the amount said,' : 'Set against'} ${inTermsOf(found[0].unit, against)}:`, ...found.map((v) => `${measureLabel(shownMeasure(v))}, ${shortPeriod(v.period)}: ${judgedAgainst(v, q)}`));
  const extra = found.flatMap((v) => (v.figures.length === 1 && v.measure.kind === 'concept' ? [figureNotes(v.figures[0] as NonNullable<Value['figures'][number]>, book, v.mapped)] : []));
  const a = answer('figure', q.measures.map(measureLabel).join(', '), lines.join('\n'), {
    emphasis: found.map((v) => v.text),
    fields: found.filter((v) => v.formula).map((v) => ({ name: `${measureLabel(v.measure)}, ${shortPeriod(v.period)}`, value: `computed: ${v.formula}` })),
    notes: [...extra.flatMap((e) => e.notes), ...q.measures.flatMap((m) => reclassListNote(found.filter((v) => isDeepStrictEqual(v.measure, m)), book))],
    sources: uniqueCitations([...found.flatMap(valueSources), ...extra.flatMap((e) => e.sources)]),
    facts: [...found.flatMap(valueFacts), ...extra.flatMap((e) => e.facts)],
  });
  const grid = withReading(a, q);
  return { answer: q.excluding ? unjudged(excludingAnswer(grid, adjusted, found[0] as Value), q.against) : grid, settled };
}

/**
 * Each period of the first half of a question's periods set against its own in the second ("each quarter 2003 vs 2002":
 * Q1 2003 against Q1 2002 ...), computed from the figures found, a pair with a side missing said so.
 */
function pairedChanges(q: Extract<Question, { intent: 'figure' }>, cells: ReadonlyArray<{ m: Measure; p: PeriodQuery | undefined; r: Evaluation }>): string[] {
  const half = q.periods.length / 2;
  // A question carried in from elsewhere (a button's id) may hold an odd number: no pairs then.
  if (!Number.isInteger(half)) return [];
  const at = (m: Measure, p: PeriodQuery | undefined) => cells.find((c) => c.m === m && isDeepStrictEqual(c.p, p))?.r;
  return q.measures.flatMap((m) => q.periods.slice(0, half).map((p, i) => {
    const other = q.periods[i + half] as PeriodQuery;
    const [x, y] = [at(m, p), at(m, other)];
    const name = `${measureLabel(m)}, ${periodLabel(p)} vs ${periodLabel(other)}`;
    if (!x?.ok || !y?.ok) return `${name}: not computed, as ${!x?.ok ? periodLabel(p) : periodLabel(other)} is not in the releases`;
    // A line's change as a comparison of it says it (its printings, a loss narrowing); a ratio's in points.
    const [xf, yf] = [x.value.figures, y.value.figures];
    const lines = m.kind === 'concept' && xf.length === 1 && yf.length === 1 && xf[0] && yf[0];
    return `${name}: ${lines ? figureChange(xf[0] as Figure, yf[0] as Figure) : valueDelta(x.value, y.value)} (computed)`;
  }));
}

/** The change from `y` to `x` of a measure computed from lines: in points for a percentage, else an amount and its percent. */
function valueDelta(x: Value, y: Value): string {
  const diff = x.value - y.value;
  if (x.unit === 'percent') {
    // Each side's rounding adds up in their difference ("+3.1 points" from 8.3% and 5.2%, each ±0.4): said beside it.
    const within = x.uncertainty !== undefined && y.uncertainty !== undefined ? x.uncertainty + y.uncertainty : undefined;
    return `${diff >= 0 ? '+' : ''}${diff.toFixed(within === undefined ? 1 : percentDecimals(diff, within))} points${within === undefined ? '' : roundingNote(within, diff)}`;
  }
  const c = x.unit === 'USD' ? valueChange(x, y) : undefined;
  return `${diff >= 0 ? '+' : '-'}${formatValue(Math.abs(diff), x.unit, differenceDecimals([x, y].map((v) => ({ decimals: valueDecimals(v.unit, v.figures), facts: v.figures.map((f) => f.fact) }))))}${c ? ` (${percent(c)})` : ''}`;
}

/** A figure excluding one-time items is the release's words, never a table figure to set against an amount: said so. */
const unjudged = (a: Answer, against: Amount | undefined): Answer =>
  against ? { ...a, notes: [`Not set against ${amountWords(against)}: the figure excluding one-time items is what the release's words say, not a figure of its tables; read it above.`, ...a.notes] } : a;

/** "excluding the one-time credit": the release's own adjusted statement, or an honest "not given". */
function excludingAnswer(reported: Answer, remarks: readonly SentenceFact[], v: Value): Answer {
  if (remarks.length === 0) {
    return {
      ...reported,
      kind: 'not_found',
      // "Not found", not "not in the releases": their text may say it in words the bot does not read as this figure.
      title: `${measureLabel(v.measure)} excluding one-time items: not found`,
      summary: `I find no ${inSentence(measureLabel(v.measure))} for ${shortPeriod(v.period)} excluding one-time items: the statements I read are the GAAP ones, as reported, and no sentence I read states it (an adjusted or non-GAAP table, or /search, may show the releases' words for it). As reported: ${reported.summary}`,
    };
  }
  return {
    ...reported,
    // The release's words are the answer: the reported figure, shown after them, is not put forward in bold.
    emphasis: [],
    summary: `Excluding the one-time items, the release says: ${remarks.map((s) => `"${s.text}" (${s.release} line ${s.line})`).join(' ')}\nAs reported: ${reported.summary}`,
    sources: uniqueCitations([...remarks.map(cite), ...reported.sources]),
    facts: [...remarks, ...reported.facts],
  };
}

/**
 * "YTD 2004 vs YTD 2003": the same part of the year as the first period, not whatever part of 2003
 * is longest (its full year, against nine months of 2004); no year: the year before.
 */
function likeForLike(versus: PeriodQuery | undefined, first: string): PeriodQuery | undefined {
  const part = first.slice(5);
  if (versus?.kind !== 'ytd' || !(YEAR_SO_FAR as readonly string[]).includes(part)) return versus;
  return { kind: 'id', id: `${versus.year ?? Number(first.slice(0, 4)) - 1}-${part}` };
}

/**
 * "How did revenue and net income compare with 2002?": each measure compared in turn, one answer
 * of them all (one reading said, each part's own notes and sources kept), never the first alone.
 */
function compareEach(q: Extract<Question, { intent: 'compare' }>, book: Book): Responded {
  if (q.measures.length <= 1) return compare(q, book);
  const parts = q.measures.map((measure) => ({ measure, ...compare({ ...q, measures: [measure] }, book) }));
  // Lines asked apart that a release prints as one ("basic and diluted EPS" where it prints "Basic and diluted") make the
  // same comparison: shown once, and said so.
  const same = (a: Answer, b: Answer) => a.title === b.title && a.summary === b.summary;
  const answers = parts.map((p) => p.answer).filter((a, i, all) => all.findIndex((b) => same(a, b)) === i);
  const once = answers.flatMap((a) => {
    const asked = parts.filter((p) => same(p.answer, a)).map((p) => inSentence(measureLabel(p.measure)));
    return asked.length > 1 ? [`${capitalized(asked.join(' and '))} are one line in the release: compared once.`] : [];
  });
  const kind = answers.some((a) => a.kind === 'comparison') ? 'comparison' : (answers[0] as Answer).kind;
  const combined = answer(kind, answers.map((a) => a.title).join('; '), answers.map((a) => a.summary).join('\n'), {
    emphasis: answers.flatMap((a) => a.emphasis),
    fields: answers.flatMap((a) => a.fields),
    notes: [...once, ...answers.flatMap((a) => a.notes.filter((n) => !n.startsWith(READ_AS)))],
    sources: uniqueCitations(answers.flatMap((a) => a.sources)),
    facts: answers.flatMap((a) => a.facts),
  });
  const first = parts[0]?.settled;
  return { answer: withReading(combined, q), settled: first?.intent === 'compare' ? { ...first, measures: q.measures } : q };
}

/** An amount over a period read from the tables, which adds up over a year. */
const addsUp = (v: Value): boolean => v.unit === 'USD' && v.figures.every((f) => conceptInfo(f.concept).measure === 'flow');

/** Whether a shorter period lies within a longer one (Q1 in the first half, not Q3); of equal or greater length, a plain ratio. */
const within = (part: string, whole: string): boolean => periodMonths(part) >= periodMonths(whole) || periodCovers(whole, part);

/**
 * Yes or no to whether `asked` was higher (or lower) than `against`: where the two are within their printed rounding of each
 * other, that the figures cannot tell; none where either is below zero (a loss "higher" is no plain size).
 */
function weighedVerdict(direction: 'higher' | 'lower', asked: Value, against: Value): string | undefined {
  if (asked.value < 0 || against.value < 0) return undefined;
  const diff = asked.value - against.value;
  const [a, b] = [`${shortPeriod(asked.period)} (${asked.text})`, `${shortPeriod(against.period)} (${against.text})`];
  if (Math.abs(diff) <= (asked.uncertainty ?? 0) + (against.uncertainty ?? 0)) return `The printed figures cannot tell: ${a} and ${b} are within their rounding of each other.`;
  const higher = diff > 0;
  // A balance at its date, a flow in its period.
  const prep = parsePeriodId(asked.period)?.kind === 'instant' ? 'at' : 'in';
  return `${higher === (direction === 'higher') ? 'Yes' : 'No'}: ${inSentence(measureLabel(asked.measure))} was ${higher ? 'higher' : 'lower'} ${prep} ${a} than ${prep} ${b}.`;
}

/** Two periods of different lengths ("FY 2003" and "Q4 2002"): a change between them means nothing. */
const unlike = (a: string, b: string) => periodMonths(a) > 0 && periodMonths(b) > 0 && periodMonths(a) !== periodMonths(b);

/**
 * The months of a period asked as a quarter, a half or nine months (a year's change in a balance is a year's either
 * way); the year to date through a month is not such a period.
 */
function spanMonths(query: PeriodQuery | undefined): 3 | 6 | 9 | undefined {
  const months = query && query.kind !== 'ytdTo' ? monthsSaid(query) : undefined;
  return months === 3 || months === 6 || months === 9 ? months : undefined;
}

/** A year against a quarter is asked back: each against its own kind a year earlier, or the quarter in the year asked. */
function unlikeAnswer(q: Extract<Question, { intent: 'compare' }>, a: string, b: string): Answer {
  const { versus: _asked, ...rest } = q;
  const ask = (period: string, versus?: string): Question => ({ ...rest, period: { kind: 'id', id: period }, ...(versus ? { versus: { kind: 'id', id: versus } } : {}) });
  // The second period's kind in the first's year ("Q4 2003" for FY 2003 against Q4 2002), against the second.
  const moved = `${a.slice(0, 4)}${b.slice(4)}`;
  const options = [ask(a), moved !== b ? ask(moved, b) : ask(b)];
  const alternatives = options.map((question) => ({ label: describeQuestion(question), question }));
  return withReading(askedBack('Which comparison?', `${shortPeriod(a)} and ${shortPeriod(b)} are periods of different lengths (${periodMonths(a)} and ${periodMonths(b)} months): a change between them would mean nothing. Which did you mean?`, alternatives), q);
}

/**
 * The period longer than a quarter a comparison is of: the one found, else the one asked when it names its fiscal
 * year ("2004", "H1 2004") though the releases do not give it whole.
 */
function longerThanAQuarter(found: string | undefined, asked: PeriodQuery | undefined): Extract<Period, { kind: 'duration' }> | undefined {
  const endOf = (year: number, month: number) => isoDate(year, month, lastDayOfMonth(year, month));
  const p = found ? parsePeriodId(found)
    : asked?.kind === 'year' ? { kind: 'duration' as const, months: 12, end: endOf(asked.year, 12) }
      : asked?.kind === 'span' && asked.year !== undefined && !asked.byDate ? { kind: 'duration' as const, months: asked.months, end: endOf(asked.year, asked.endMonth) }
        : undefined;
  return p?.kind === 'duration' && p.months > 3 ? p : undefined;
}

/**
 * A quarter-over-quarter comparison asked of a half, nine months or a year: its quarters the releases give for the
 * measure, each with the quarter before it, offered.
 */
function whichQuarter(q: Extract<Question, { intent: 'compare' }>, measure: Measure, p: Extract<Period, { kind: 'duration' }>, book: Book): Answer {
  const last: Period = { kind: 'duration', months: 3, end: p.end };
  const given = (quarter: Period | undefined) => quarter !== undefined && evaluate(measure, { kind: 'id', id: periodId(quarter) }, book).ok;
  const quarters = Array.from({ length: Math.floor(p.months / 3) }, (_, k) => quartersLater(last, -k))
    .flatMap((quarter) => (quarter && given(quarter) && given(quartersLater(quarter, -1)) ? [periodId(quarter)] : []))
    .reverse();
  const said = `Quarter over quarter sets a quarter against the one before, and ${shortPeriod(periodId(p))} is ${p.months} months.`;
  if (quarters.length === 0) return notAvailable(measureLabel(measure), `${said} No quarter of it is given with the quarter before it for ${inSentence(measureLabel(measure))}.`, q);
  const alternatives = quarters.map((quarter): { label: string; question: Question } => {
    const question: Question = { ...q, period: { kind: 'id', id: quarter } };
    return { label: describeQuestion(question), question };
  });
  return withReading(askedBack('Which quarter?', `${said} Which quarter did you mean?`, alternatives), q);
}

/**
 * The change of a balance the statement of cash flows also gives (inventories, deferred revenue), asked of a company
 * that prints one (its operating cash flow is read) with no balance to set against, over a period or none: that
 * statement's line, which is not read, or the balance sheet's, which is offered. Two balances, or "vs last year", are
 * the balance sheet's.
 */
function asksWhichChange(q: Extract<Question, { intent: 'compare' }>, measure: Measure, book: Book): boolean {
  const p = q.period;
  const overAPeriod = !p || p.kind === 'latest' || p.kind === 'year' || p.kind === 'span' || p.kind === 'ytd' || p.kind === 'ytdTo' || (p.kind === 'id' && parsePeriodId(p.id)?.kind !== 'instant');
  return !q.versus && overAPeriod && measure.kind === 'concept' && WORKING_CAPITAL_LINES.has(measure.concept) && book.periodsOf('net_cash_operating').length > 0;
}

/** The balance sheet's own comparison offered, asked back: the balance at `date` against the one at `against`. */
function balanceSheetOffer(q: Extract<Question, { intent: 'compare' }>, title: string, prompt: string, date: string, against: string): Answer {
  const question: Question = { ...q, period: { kind: 'id', id: date }, versus: { kind: 'id', id: against } };
  return withReading(askedBack(title, prompt, [{ label: describeQuestion(question), question }]), q);
}

/** A comparison one side of which is not given: why, and the side that is, with its source (its own label: "diluted"). */
function oneSideGiven(title: string, reason: string, given: Value, q: Question): Answer {
  return notAvailable(title, `${reason}. ${measureLabel(shownMeasure(given))} for ${shortPeriod(given.period)}: ${given.text}`, q, { sources: valueSources(given), facts: valueFacts(given) });
}

/**
 * "What % of 2003 revenue came in Q4?": the period's value as a percentage of the versus period's, each as found for the
 * period said (never a year earlier, nor another period found in its place), both amounts and the arithmetic shown.
 */
function periodShare(q: Extract<Question, { intent: 'compare' }>, measure: Measure, book: Book): Responded {
  const label = measureLabel(measure);
  // An adjusted figure is the release's words, no table's: never its reported figure's share in its place.
  if (q.excluding) return { answer: notAvailable(`${label}: a share of one period in another`, 'A share of one period in another is computed of the figures as reported only, not of adjusted or non-GAAP figures, which I do not compute', q), settled: q };
  const [a, b] = [evaluate(measure, q.period, book), evaluate(measure, q.versus, book)];
  if (!a.ok && !b.ok) return { answer: notAvailable(label, a.reason, q), settled: q };
  if (!a.ok || !b.ok) {
    const [missing, given] = a.ok ? [b as Extract<Evaluation, { ok: false }>, a.value] : [a, (b as Extract<Evaluation, { ok: true }>).value];
    return { answer: oneSideGiven(`${label}: a share of one period in another`, missing.reason, given, q), settled: q };
  }
  const [x, y] = [finest(a.value), finest(b.value)];
  const settled: Question = { ...q, period: settledPeriod(x.period, q.period), versus: settledPeriod(y.period, q.versus) };
  if (x.period === y.period) return { answer: notAvailable(label, `Both periods are ${shortPeriod(x.period)}: no share of one in the other`, q), settled };
  const [xp, yp] = [shortPeriod(x.period), shortPeriod(y.period)];
  const shown = (why: string): Responded => ({ answer: withReading(answer('comparison', `${label} — ${xp} and ${yp}`, `${why}. ${label} for ${xp}: ${x.text}; for ${yp}: ${y.text}.`, {
    fields: [...valueFields(x), ...valueFields(y)],
    sources: uniqueCitations([...valueSources(x), ...valueSources(y)]),
    facts: [...valueFacts(x), ...valueFacts(y)],
  }), q), settled });
  // Said only in the text, rounded as words are ("$5.9 million"): how far the share could be off is not known.
  if (x.figures.length === 0 || y.figures.length === 0 || x.uncertainty === undefined || y.uncertainty === undefined) return shown(`${label} is given in the text of the releases, rounded, not in their tables: no share of one period in another is computed from it`);
  // Only an amount over a period adds up over a year: a margin, a per-share figure, a share count or a balance has no share.
  if (!addsUp(x) || !addsUp(y)) return shown(`${label} is no amount over a period that adds up over a year (a margin, a per-share figure, a share count or a balance): no share of one period in another`);
  if (!within(x.period, y.period)) return shown(`${xp} is not within ${yp}: neither is a share of the other`);
  // Both amounts, the share not computed and why: never a percentage that means nothing.
  const share = shareOf(x, y);
  if (!share.ok) return shown(share.reason);
  return { answer: computedAnswer(share.value, q, { title: `${label} — ${xp} as a percentage of ${yp}`, lead: `${label} for ${xp} (${x.text}) as a percentage of ${yp}'s (${y.text})` }), settled };
}

function compare(q: Extract<Question, { intent: 'compare' }>, book: Book): Responded {
  const measure = q.measures[0] as Measure;
  if (q.share) return periodShare(q, measure, book);
  let a = evaluate(measure, q.period, book);
  const whichChange = asksWhichChange(q, measure, book);
  // "Were sales higher than last year?" where no full year is printed (a third quarter's release): the
  // latest period against a year earlier, as a comparison naming no period is, and said.
  const noYear = !a.ok && q.period?.kind === 'lastYear' && !q.period.back && !q.versus;
  if (noYear) a = evaluate(measure, undefined, book);
  // Quarter over quarter of a longer period ("revenue qoq 2003"): which of its quarters, asked back, whether the longer
  // period itself is given or not; never that period against a year earlier under "vs the quarter before".
  const longer = q.sequential && !q.versus ? longerThanAQuarter(a.ok ? a.value.period : undefined, q.period) : undefined;
  if (longer) return { answer: whichQuarter(q, measure, longer, book), settled: q };
  if (!a.ok) {
    // The other side said and found ("Q2 and Q3 2004", Q2 not given): its figure beside the reason, never nothing at all.
    const other = q.versus ? evaluate(measure, q.versus, book) : undefined;
    if (!other?.ok) return { answer: notAvailable(measureLabel(measure), a.reason, q), settled: q };
    return { answer: oneSideGiven(`${measureLabel(measure)} to compare`, a.reason, other.value, q), settled: q };
  }
  const first = a.value;
  const p = parsePeriodId(first.period);
  const before = (back: (x: Period) => Period): PeriodQuery | undefined => (p ? { kind: 'id', id: periodId(back(p)) } : undefined);
  // A balance's change in a quarter or a half ("how much did cash change in Q4 2003?") is from the balance at its start.
  const opening = !q.versus && !q.sequential && p?.kind === 'instant' ? spanMonths(q.period) : undefined;
  const start = opening && p ? quartersLater(p, -opening / 3) : undefined;
  // Over the year to date ("buckle cash change ytd"), from the fiscal year end before it, as "since year end" is (it was set
  // against a year earlier: Sears' cash up $638 million where the year to date saw it fall $5,498 million).
  const yearToDate = !q.versus && !q.sequential && p?.kind === 'instant' && (q.period?.kind === 'ytd' || q.period?.kind === 'ytdTo');
  const openingQuery: PeriodQuery | undefined = start ? { kind: 'date', date: periodEnd(start) } : yearToDate ? { kind: 'opening', before: first.period } : undefined;
  // Read back as compared: "cash and equivalents, Q4 2003 vs September 30, 2003".
  const read = openingQuery ? { ...q, versus: openingQuery } : q;
  let b = evaluate(measure, likeForLike(q.versus, first.period) ?? openingQuery ?? before(q.sequential ? priorQuarter : priorYear), book);
  // A period against itself compares nothing: against the same period a year earlier instead, and said.
  const itself = b.ok && b.value.period === first.period;
  if (itself) b = evaluate(measure, before(priorYear), book);
  // A balance asked to change with no period said ("how did Apple's receivables change?", "cash yoy") and none printed
  // a year earlier: the fiscal year end before it, as its balance sheet sets them, offered; never answered in place of
  // the year asked.
  const yearEndInstead = !b.ok && !q.versus && !q.sequential && (!q.period || q.period.kind === 'latest') && p?.kind === 'instant';
  const sinceYearEnd = yearEndInstead ? evaluate(measure, { kind: 'opening', before: first.period }, book) : undefined;
  if (sinceYearEnd?.ok && sinceYearEnd.value.period !== first.period) {
    const prompt = `No ${inSentence(measureLabel(measure))} a year before ${shortPeriod(first.period)} is printed. The balance sheet sets it against the fiscal year end before it:`;
    return { answer: balanceSheetOffer(q, 'Against the fiscal year end?', prompt, first.period, sinceYearEnd.value.period), settled: q };
  }
  // A period compared with that was not said (a year earlier, the quarter before, the opening balance) is settled as found:
  // a follow-up or a button compares the same two periods; another company's is found again from its own period.
  const found = itself ? 4 : q.sequential ? 1 : opening ? opening / 3 : yearToDate ? undefined : 4;
  const settled: Question = { ...q, period: settledPeriod(first.period, q.period), ...(b.ok ? { versus: q.versus ? settledPeriod(b.value.period, q.versus) : { kind: 'id', id: b.value.period, ...(found ? { found } : {}) } } : {}) };
  if (b.ok && unlike(first.period, b.value.period)) return { answer: unlikeAnswer(q, first.period, b.value.period), settled: q };
  // Over a period, from the balance at its start; with none, since the fiscal year end before the latest balance.
  const since = whichChange && (!q.period || q.period.kind === 'latest') ? evaluate(measure, { kind: 'opening', before: first.period }, book) : b;
  if (whichChange && since.ok) {
    const prompt = `The change in ${inSentence(measureLabel(measure))} may be the statement of cash flows' line, which I do not read (acquisitions, currency and other non-cash items make it differ from the balance sheet's), or the balance sheet's:`;
    return { answer: balanceSheetOffer(q, 'Which change?', prompt, first.period, since.value.period), settled: q };
  }
  if (!b.ok) return { answer: oneSideGiven(`${measureLabel(measure)} to compare with`, b.reason, first, read), settled };
  // Newer first: "from Q3 to Q4" compares Q4 with Q3.
  const newerFirst = first.period >= b.value.period || q.versus === undefined;
  const [x, y] = newerFirst ? [first, b.value] : [b.value, first];
  const printed = measure.kind === 'concept' ? printedChange(measure.concept, x.period, y.period, book) : undefined;
  const adjusted = q.excluding ? adjustedRemarks([x, y], book) : [];
  let result: Answer;
  if (measure.kind === 'concept' && x.figures.length === 1 && y.figures.length === 1) {
    result = periodComparison(x.figures[0] as NonNullable<Value['figures'][number]>, y.figures[0] as NonNullable<Value['figures'][number]>, book, [...new Set([x.mapped, y.mapped])].filter((m): m is string => Boolean(m)));
  } else {
    const delta = valueDelta(x, y);
    // A margin or a sum of cost lines printed on either side of a reclassification of prior periods: said, as for the line itself.
    const reclassed = reclassNotes(x, y, book);
    result = answer('comparison', `${measureLabel(measure)} — ${shortPeriod(x.period)} vs ${shortPeriod(y.period)}`, `${measureLabel(measure)}: ${x.text} in ${shortPeriod(x.period)} against ${y.text} in ${shortPeriod(y.period)}: ${delta}.`, {
      emphasis: [x.text, y.text],
      notes: reclassed,
      fields: [...valueFields(x), ...valueFields(y)],
      sources: uniqueCitations([...valueSources(x), ...valueSources(y)]),
      facts: [...valueFacts(x), ...valueFacts(y)],
    });
  }
  if (printed) {
    const c = x.figures[0] && y.figures[0] ? change(x.figures[0].fact, y.figures[0].fact) : undefined;
    result = {
      ...result,
      summary: `The release reports ${inSentence(conceptInfo(printed.concept).name)} ${rateSaid(printed.number)} (${printed.sentence.release} line ${printed.sentence.line}). ${result.summary}`,
      emphasis: [printed.number.printed, ...result.emphasis],
      notes: [...(c ? [`Printed beats computed: from the rounded table figures the change is ${percent(c)}; the release's own ${printed.number.printed} is the reported rate.`] : []), ...result.notes],
      sources: uniqueCitations([cite(printed.sentence), ...result.sources]),
      facts: [printed.sentence, ...result.facts],
    };
  }
  if (q.excluding) result = excludingAnswer(result, adjusted, x);
  // "Was revenue higher in Q1 2004 than in Q2 2004?": yes or no first, of the periods as asked, never left to the change's sign.
  const verdict = q.weighed && q.versus && !itself && !noYear && !q.excluding ? weighedVerdict(q.weighed, finest(first), finest(b.value)) : undefined;
  if (verdict) result = { ...result, summary: `${verdict} ${result.summary}` };
  // "Did revenue grow more than 5%?": the change shown set against it, the release's own rate where it prints one.
  if (q.against && !itself && !noYear && !q.excluding) {
    const computed = result.facts.find((f) => f.kind === 'ratio' && f.ratio === 'change');
    // A line computed from several in dollars (gross profit) changes by the percent its answer shows, with its inputs' rounding.
    const computedRate = computed?.kind === 'ratio' ? computed : measure.kind !== 'concept' && x.unit === 'USD' ? valueChange(x, y) : undefined;
    // Spending printed as cash used both years (capex) changes as its size does: -$13,013 to -$17,633 million grew 35.5%.
    const spent = Boolean(spentSize(x) && spentSize(y));
    const rate = printed ? { percent: printed.number.value, uncertainty: halfLastDigit(printed.number.printed), reported: true } : spent && computedRate ? { ...computedRate, percent: -computedRate.percent } : computedRate;
    const said = x.unit !== 'percent' && (measure.kind === 'concept' || x.unit === 'USD')
      ? changeAgainst(inSentence(measureLabel(measure)), spent ? [-x.value, -y.value] : [x.value, y.value], rate, q.against, q.premise)
      : `Not set against ${amountWords(q.against)}: ${inSentence(measureLabel(measure))} ${x.unit === 'percent' ? 'is a percentage, whose change is in points' : 'is computed from several lines, and only an amount\'s percent change is set against one'}.`;
    result = { ...result, summary: `${said} ${result.summary}` };
  }
  if (itself) result = { ...result, notes: [`Both periods are ${shortPeriod(first.period)}: compared with a year earlier instead.`, ...result.notes] };
  if (noYear) result = { ...result, notes: [`The releases print no full year of ${inSentence(measureLabel(measure))}: the latest period, ${shortPeriod(first.period)}, against a year earlier.`, ...result.notes] };
  // Said back in the order shown: "from 2002 to 2003" reads as 2003 vs 2002; and said, since the change's sign is the newer's.
  const shown = !newerFirst && q.period && q.versus ? { ...q, period: q.versus, versus: q.period } : read;
  if (!newerFirst) result = { ...result, notes: [`Newer set against older: the change from ${shortPeriod(y.period)} to ${shortPeriod(x.period)}.`, ...result.notes] };
  return { answer: withReading(result, shown), settled };
}

/** A chart holds two metrics at most; a narrative figure has no periods to draw. */
const chartable = (measures: readonly Measure[]) => measures.length > 0 && measures.length <= 2 && measures.every((m) => m.kind !== 'narrative');

/** A figure or a comparison offers, as a button, the chart of its metrics over every period. */
function withChart(r: Responded, measures: readonly Measure[]): Responded {
  const a = r.answer;
  if (!CHARTED.has(a.kind) || !chartable(measures)) return r;
  return { ...r, answer: { ...a, followUps: [...a.followUps, { label: 'Chart', question: { intent: 'trend', measures: [...measures] } }] } };
}

/** Answers with figures, which a chart of their metrics can follow. */
const CHARTED = new Set<Answer['kind']>(['figure', 'comparison']);

/** Every question an answer offers (buttons, choices) is about the company it answered about. */
function aboutCompany(a: Answer, company: string): Answer {
  const about = <T extends { question: Question }>(o: T): T => (o.question.company ? o : { ...o, question: { ...o.question, company } });
  return { ...a, followUps: a.followUps.map(about), ...(a.alternatives ? { alternatives: a.alternatives.map(about) } : {}) };
}

/** What only some answers need: the commands (/help), the reload (/reload), the unanswered log (/unanswered). */
export interface RespondDeps {
  commands: readonly Command[];
  /** Sets the asker's channel default company (admins). */
  channelCompany?: (company: string | undefined) => void;
  reload?: () => Promise<Answer>;
  unanswered?: UnansweredLog;
}


/** The companies' names for a message, the first few and how many more: a thousand names help nobody. */
function someCompanies(snapshot: Snapshot): string {
  const shown = snapshot.companies.slice(0, MAX_COMPANY_CHOICES).map((c) => c.name);
  const more = snapshot.companies.length - shown.length;
  return `${shown.join(', ')}${more > 0 ? ` and ${more} more` : ''}`;
}

/** "Which company?": one choice per company, each the same question about it. */
function whichCompany(q: Question, snapshot: Snapshot): Answer {
  const alternatives = snapshot.companies.slice(0, MAX_COMPANY_CHOICES).map((c) => ({ label: companyLabel(c), question: { ...q, company: c.key } }));
  const more = snapshot.companies.length - alternatives.length;
  const rest = more > 0 ? `\n…and ${more} more: name the company or its ticker in the question.` : '';
  return askedBack('Which company?', `The releases of ${snapshot.companies.length} companies are loaded, and the question names none. ${readAs(q)}`, alternatives, rest);
}

/**
 * The answer to a typed question: about the company it names, or the only one loaded; with several
 * and none named, it asks which. An answer about one of several companies names it in its title.
 */
export async function respond(q: Question, snapshot: Snapshot, deps: RespondDeps): Promise<Responded> {
  switch (q.intent) {
    case 'sources':
      return { answer: sourcesAnswer(snapshot), settled: q };
    case 'help':
      return { answer: helpAnswer(deps.commands), settled: q };
    case 'reload':
      return { answer: deps.reload ? await deps.reload() : answer('refusal', 'Reload', 'Reloading is not available here.'), settled: q };
    case 'ingest':
      return { answer: ingestElsewhere(), settled: q };
    case 'unanswered':
      return { answer: unansweredAnswer(deps.unanswered), settled: q };
    case 'channelCompany':
      if (!deps.channelCompany) return { answer: answer('refusal', 'Channel company', 'A default company can only be set in a channel.'), settled: q };
      deps.channelCompany(q.company);
      return { answer: channelCompanyAnswer(q.company, snapshot), settled: q };
  }
  const book = bookFor(snapshot, q.company);
  if (!book) {
    if (snapshot.books.length === 0) return { answer: notAvailable('No releases', 'no release is loaded', q), settled: q };
    if (q.company) return { answer: notAvailable(q.company, `no release of ${q.company} is loaded; the releases are of ${someCompanies(snapshot)}`, q), settled: q };
    const saying = q.intent === 'narrative' ? onlyCompanySaying(q.topic, snapshot) : undefined;
    if (saying) {
      const r = await respond({ ...q, company: saying.book.company.key }, snapshot, deps);
      return { ...r, answer: { ...r.answer, notes: [...r.answer.notes, `${saying.book.company.name} is the only company whose releases' text says "${saying.words.join(' ')}".`] } };
    }
    return { answer: whichCompany(q, snapshot), settled: q };
  }
  const others = q.intent === 'trend' ? (q.companies ?? []).flatMap((k) => snapshot.book(k) ?? []).filter((b) => b !== book) : [];
  const inBook = respondIn({ ...q, company: book.company.key }, book, others);
  const responded = { ...inBook, answer: aboutCompany(inBook.answer, book.company.key) };
  // A trend drawn for several companies names each in its own lines.
  if (others.length > 0) return responded;
  // The reading always names the company, even the only one loaded: asked about a company that is
  // not, a follow-up ("and fy?") answered from the one that is shows it at once. The title names it
  // where there are several to tell apart.
  const { answer: a } = responded;
  const named = (note: string) => (note.startsWith(READ_AS) ? `${READ_AS}${book.company.name}, ${note.slice(READ_AS.length)}` : note);
  const title = snapshot.books.length === 1 ? a.title : `${book.company.name}: ${a.title}`;
  return { ...responded, answer: { ...a, title, notes: a.notes.map(named) } };
}

/** A page of results: settled on the page shown (a page past the last shows the last), for "next" to follow on from. */
function paged(a: Answer, q: PagedQuestion): Responded {
  return { answer: a, settled: atPage(q, a.paging?.page ?? 0) };
}

/** The answer from one company's book (and, for a trend drawn beside them, other companies'). */
function respondIn(q: Question, book: Book, others: readonly Book[] = []): Responded {
  switch (q.intent) {
    case 'figure': {
      // One figure shows the scale asked itself (`scaleAsked`); several, a rank or a sum say it is not shown.
      const one = q.measures.length === 1 && q.periods.length <= 1 && q.periods[0]?.kind !== 'recent' && !q.rank && !q.combined;
      const inScale = (r: Responded): Responded => (one ? r : scaleSaidIn(r, q));
      if (!q.release) return withChart(inScale(figures(q, book)), q.measures);
      const release = releaseOf(book, q.release);
      if (!release) return { answer: withReading(answer('not_found', 'Release: not loaded', `No release of ${book.company.name} I hold reports ${periodLabel(q.release)}.`), q), settled: q };
      return withChart(inScale(figures(q, printedIn(book, release))), q.measures);
    }
    case 'compare':
      // "Versus last quarter" alone names no metric to compare.
      if (q.measures.length === 0) return { answer: notAvailable('Comparison', 'no metric was named to compare (say which: "revenue versus last quarter")', q), settled: q };
      return withChart(scaleSaidIn(compareEach(q, book), q), q.measures);
    case 'trend':
      if (q.measures.length === 0) return { answer: notAvailable('Trend', 'no metric was named', q), settled: q };
      return paged(scaleSaid(withReading(trendAnswer(q.measures, [book, ...others], q), q), q.unit, q.measures), q);
    case 'results':
      return withChart(resultsAnswer(q, book), [{ kind: 'concept', concept: 'revenue' }, { kind: 'concept', concept: 'net_income' }]);
    case 'why':
      return { answer: withReading(whyAnswer(q, book), q), settled: q };
    case 'narrative':
      return paged(withReading(narrativeAnswer(q, book), q), q);
    case 'quote':
      return paged(withReading(quoteAnswer(q, book), q), q);
    case 'contact':
      return { answer: withReading(q.role || q.person || !q.field ? contactAnswer(q, book) : contactChoices(q, book), q), settled: q };
    case 'call': {
      const release = releaseOf(book, q.release);
      if (!q.release && book.releases.length > 1 && q.field && ['pass_code', 'replay', 'when'].includes(q.field)) return { answer: withReading(callChoices(q, book), q), settled: q };
      return { answer: withReading(callAnswer(release, q, book), q), settled: q };
    }
    case 'define':
      return { answer: withReading(defineAnswer(q.term, q.releases.map((r) => releaseOf(book, r)), book), q), settled: q };
    case 'profile':
      return { answer: withReading(profileAnswer(q, book), q), settled: q };
    default:
      return { answer: notAvailable('Question', 'this question is not about a company', q), settled: q };
  }
}

export type { Store };
