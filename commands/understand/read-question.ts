/**
 * One part of a question, read from its slots (slots.ts) into a `Reading`: a typed question, an honest "which did you
 * mean?", or not understood. Candidate readings are proposed for the intents the cues and slots allow; a follow-up
 * fills what it leaves out from the question before.
 */
import { isDeepStrictEqual } from 'node:util';
import { CHARGE_OR_CREDIT_LINES, conceptInfo, type Concept } from '../../knowledge/concepts.ts';
import type { Book, Snapshot } from '../../knowledge/snapshot.ts';
import { lastDayOfMonth, longDate, monthNumber, parsePeriodId, periodEnd } from '../../knowledge/periods.ts';
import { fiscalPeriodId, monthsToDate } from '../../knowledge/fiscal.ts';
import { monthsSaid } from '../period-groups.ts';
import { canEndLtm, ORDINAL, type PeriodQuery } from '../../knowledge/period-grammar.ts';
import type { CallField, Measure, ProfileField, Question, Rank, Reading } from './question.ts';
import { balanceAnchorOf, balanceDateOf, calendarSpan, fiscalEnd, latestLike, movedByDates, movedFrom, movedWithoutYear, nthLike, partOf, quarterBeside, quartersOf, samePart, shiftQuarters, shiftYears, withYear, yearOf, yearOnly } from './period-shift.ts';
import { wordsPattern } from './phrases.ts';
import { bookFor, companyLabel, MAX_COMPANY_CHOICES } from './companies.ts';
import { periodIdOf } from './resolve.ts';
import { FILLERS, tokenize } from './spot.ts';
import { CUES, isRatio, METRICS, ratioSides, statementLineOf, termIs, subtraction, termMeasure, type Cue } from './vocabulary.ts';
import { describeQuestion, inSentence, measureLabel, periodLabel } from './describe.ts';
import type { Slots } from './slots.ts';
import { COSTS, ONE, amountOfMargin, conceptOf, distinctMeasures, familyOf, isBalance, measuresLabel, percentOfLine, percentOfWhat, ratioOf, revenueWord, sideOf } from './measure-forms.ts';
import { AMOUNT_WORDS, CASH_FLOW_WORDS, COMPARATIVES, PAIR_WORDS, PERCENT_WORDS, RANGE_ENDS, SUPERLATIVE, asksShare, wayOf, whichWeighs } from './cue-words.ts';
import { partsOfTwoYears } from './settle-periods.ts';
import { addable } from './combine-measures.ts';

/**
 * Every word that names the teleconference or a detail of it (not its time: "what", "day"), and those that, after a
 * figure, name its business instead.
 */
const CALL_WORDS = new Set([...CUES.cues.call, ...Object.entries(CUES.call_fields).flatMap(([field, list]) => (field === 'when' ? [] : list))].flatMap((p) => p.split(' ')));
const CALL_WORDS_AFTER_FIGURES = new Set(CUES.call_words_after_figures);
/** The words of the roles' names ("chief", "financial", "officer", "cfo"). */
const ROLE_WORDS = new Set(Object.values(CUES.roles).flat().flatMap((p) => p.split(' ')));

/**
 * The year to date a flow "since" the start of a fiscal year is: the start of this year, of fiscal 2014 (its opening
 * balance's date), or a fiscal year's last day ("since December 31, 2002" of a calendar year, "the beginning of 2003").
 */
function sinceYearStart(p: PeriodQuery | undefined, book: Book): PeriodQuery | undefined {
  if (p?.kind === 'opening' && !p.before && !p.through) return { kind: 'ytd' };
  if (p?.kind === 'yearEnd' && p.opening) return { kind: 'ytd', year: p.year + 1 };
  if (p?.kind !== 'date') return undefined;
  const [year, month, day] = p.date.split('-').map(Number) as [number, number, number];
  // A month's last day, or a day the releases print a balance sheet at (a 52/53-week year's end: Apple's September 27,
  // 2003, Sears' January 3, 2004), that ends a fiscal year: the next one to date.
  const ended = fiscalPeriodId({ months: 12, end: { year, month, day } }, { endMonth: book.company.fiscalYearEnd });
  const dayOfItsOwn = day === lastDayOfMonth(year, month) || book.conceptsIn(p.date).length > 0;
  return ended && dayOfItsOwn ? { kind: 'ytd', year: Number(ended.slice(0, 4)) + 1 } : undefined;
}

/**
 * The describing words of a follow-up, with what it points back to ("it", "that"): the names the
 * previous question used, or its words when it used none.
 */
function topicWithContext(slots: Slots, previous?: Question, subject: readonly string[] = []): string[] {
  const names = previous?.intent === 'narrative' ? (previous.names.length > 0 ? previous.names : subject) : [];
  const before = names.length > 0 ? names : previous && 'topic' in previous ? previous.topic : [];
  return [...new Set([...slots.topic, ...before])];
}

/** The words of what a previous question about measures asked about ("redeemable preferred stock"): what its "it" is. */
const measureTopic = (measures: readonly Measure[]): string[] => measures.flatMap((m) => tokenize(measureLabel(m)).map((t) => t.word));

const COST_WORDS = new Set(CUES.cost_words);
const EARNING_VERBS = new Set(CUES.earning_verbs);
const COMPANY_ALONE = new Set(CUES.company_alone_words);
const JUDGING = new Set(CUES.judging);
const LOWER_IS_BETTER = new Set(METRICS.lower_is_better);
/** A line's or formula's id, as the vocabulary names it. */
const measureId = (m: Measure) => (m.kind === 'concept' ? m.concept : m.kind === 'formula' ? m.formula : '');
/** Periods no release reports alone, and words asking whether a contact named is still the one. */
const UNREPORTED_PERIODS = new Set(CUES.unreported_periods);
const CONTACT_CHANGES = new Set(CUES.contact_changes);
/** The statement of cash flows' operating line, as the vocabulary names it: cash a company generated. */
const OPERATING_CASH: Measure = { kind: 'narrative', measure: 'operating_cash_flow' };
const FISCAL_YEAR_END_ASKED = wordsPattern(CUES.fiscal_year_end_asked);
const THAT_DATE = wordsPattern(CUES.that_date);
const LINES_RANKED = new Set(CUES.lines_ranked.flatMap((p) => p.split(' ')));
const RANKED_BY_SIZE = new Set(CUES.ranked_by_size);
const FISCAL_YEAR_END_WORDS = new Set(CUES.fiscal_year_end_asked.flatMap((p) => tokenize(p).map((t) => t.word)));
const PERIOD_PREPOSITIONS = new Set(CUES.period_prepositions);
const WHEN_WORDS = new Set(CUES.when_words);
const YEAR_END_WHICH = new Set(CUES.year_end_which);
const QUESTION_WORDS = new Set(CUES.question_words);
/** The follow-up cue's phrases of several words, as spaced words ("what about"). */
const FOLLOW_UP_PHRASES = CUES.cues.follow_up.map((p) => ` ${tokenize(p).map((t) => t.word).join(' ')} `).filter((p) => p.trim().includes(' '));

/** Which of the questions was meant, asked back: each a pick away, labelled as it is read. */
const whichOf = (prompt: string, questions: readonly Question[]): Reading => ({ kind: 'clarify', prompt, every: true, alternatives: questions.map((question) => ({ label: describeQuestion(question), question })) });

/**
 * "And last quarter?" after a quarter before the latest (Q2 2003, Q4 2003 the latest): the latest quarter, or the one
 * before the quarter asked (Q1 2003): asked, never one of them chosen unsaid (it gave Q4 2003, later than Q2). None
 * where the two are one quarter, or the quarter asked is the latest (then it is the one before: `latestAgain`).
 */
function lastQuarterAfter(said: PeriodQuery | undefined, before: PeriodQuery | undefined, measures: Measure[], book: Book | undefined): Reading | undefined {
  if (said?.kind !== 'lastQuarter' || said.back || before?.kind !== 'id' || !/-Q[1-4]$/.test(before.id) || !book) return undefined;
  const latest = periodIdOf({ kind: 'lastQuarter' }, book);
  const prior = shiftQuarters(before, -1);
  if (!latest || prior?.kind !== 'id' || latest === before.id || latest === prior.id) return undefined;
  return whichOf('"Last quarter": the latest quarter, or the one before the quarter asked?', [{ kind: 'id', id: latest } as const, prior].map((p): Question => ({ intent: 'figure', measures, periods: [p] })));
}
const PERSON = new Set(CUES.pronouns.person);
const THING = new Set(CUES.pronouns.thing);
/** Who a follow-up's "they" may be: the company, or what the answer before found in the text. */
const THEY = new Set([...CUES.pronouns.thing, ...CUES.pronouns.plural]);
const says = (words: readonly string[], set: ReadonlySet<string>) => words.some((w) => set.has(w));
/** The words of quote cues and roles: how a quote is asked for, not what it is about. */
const QUOTE_ASKING = new Set([...CUES.cues.quote, ...Object.values(CUES.roles).flat(), 'about', 'release'].flatMap((p) => tokenize(p).map((t) => t.word)));
const QUOTE_MORE = new Set(CUES.quote_more);
const QUOTE_OTHER = new Set(CUES.quote_other);

/** What the text of the releases says about the question's words, in its period: the reading that gives no figure. */
const textQuestion = (s: Slots, period: PeriodQuery | undefined): Question => ({ intent: 'narrative', topic: s.topic, names: s.names, ...(period ? { period } : {}) });
const aboutTheText = (s: Slots, period: PeriodQuery | undefined): Reading => ({ kind: 'question', question: textQuestion(s, period) });

/** Two lines asked one less the other where the vocabulary names no formula of them: said so, the lines offered side by side. */
export function linesNotSubtracted(lines: readonly Measure[], periods: PeriodQuery[]): Reading {
  return { kind: 'clarify', prompt: `I do not subtract one line from another unless the releases' own arithmetic names the result (revenue less cost of revenues is gross profit). The lines side by side?`, alternatives: [{ label: measuresLabel(lines), question: { intent: 'figure', measures: [...lines], periods } }] };
}

/** What a follow-up takes from the figure question before: its measures, its first period, and every period it named. */
export function figureContext(previous: Question | undefined): { measures: Measure[]; period?: PeriodQuery; periods: PeriodQuery[] } | undefined {
  if (!previous) return undefined;
  const at = (period: PeriodQuery | undefined) => (period ? { period, periods: [period] } : { periods: [] });
  switch (previous.intent) {
    case 'figure':
      return { measures: previous.measures, ...at(previous.periods[0]), periods: previous.periods };
    case 'compare':
      return { measures: previous.measures, ...at(previous.period), ...(previous.period && previous.versus ? { periods: [previous.period, previous.versus] } : {}) };
    case 'why':
      return { measures: previous.measures, ...at(previous.period) };
    case 'trend':
      return { measures: previous.measures, periods: [] };
    case 'results':
      return { measures: [], ...at(previous.period) };
    default:
      return undefined;
  }
}

/** What "all three" says back when there are not that many periods (or lines) said or asked before: none when there are. */
function miscountedReading(counted: NonNullable<Slots['counted']>, periods: number, lines: number, askedBefore: boolean): Reading | undefined {
  const { said, count, of } = counted;
  if ((of !== 'lines' && periods === count) || (of !== 'periods' && lines === count)) return undefined;
  const many = (n: number, what: string) => `${n === 0 ? 'no' : n} ${what}${n === 1 ? '' : 's'}`;
  const example = '("EBITDA for Q2, Q3 and Q4 2003", "revenue and EBITDA for Q4 2003")';
  return {
    kind: 'invalid',
    title: 'Which ones?',
    message: askedBefore ? `"${said}": I have ${many(periods, 'period')} and ${many(lines, 'line')} from the question, not ${count}. Name the ${count} you mean ${example}.` : `"${said}": ${count} of what? Name them ${example}.`,
  };
}

/**
 * The two periods the last two questions asked one after the other of the same figure (and company): "revenue Q4
 * 2003", then "and Q3 2003?". None when they asked other figures, several periods, or periods of different lengths.
 */
function periodsAskedInTurn(previous: Question | undefined, earlier: Question | undefined): { measures: Measure[]; later: PeriodQuery; earlier: PeriodQuery } | undefined {
  if (previous?.intent !== 'figure' || earlier?.intent !== 'figure' || previous.rank || earlier.rank || previous.company !== earlier.company) return undefined;
  const [a, b] = [earlier.periods, previous.periods];
  if (a.length !== 1 || b.length !== 1 || a[0]?.kind !== 'id' || b[0]?.kind !== 'id' || JSON.stringify(previous.measures) !== JSON.stringify(earlier.measures)) return undefined;
  const [first, second] = [parsePeriodId(a[0].id), parsePeriodId(b[0].id)];
  // Two balances' dates, or two spans of one length: a quarter against a quarter, never against a year.
  if (!first || !second || a[0].id === b[0].id || first.kind !== second.kind || monthsSaid(a[0]) !== monthsSaid(b[0])) return undefined;
  const [older, newer] = periodEnd(first) < periodEnd(second) ? [a[0], b[0]] : [b[0], a[0]];
  return { measures: previous.measures, later: newer, earlier: older };
}

/**
 * Two lines the last two questions asked one after the other in one period (and company): "R&D Q3 2004", then "and
 * SG&A?". None when they asked several lines each, other periods, or the same line.
 */
function linesAskedInTurn(previous: Question | undefined, earlier: Question | undefined): Measure[] | undefined {
  if (previous?.intent !== 'figure' || earlier?.intent !== 'figure' || previous.rank || earlier.rank || previous.combined || earlier.combined || previous.company !== earlier.company) return undefined;
  const [a, b] = [earlier.measures, previous.measures];
  if (a.length !== 1 || b.length !== 1 || isDeepStrictEqual(a, b) || !isDeepStrictEqual(previous.periods, earlier.periods)) return undefined;
  return [...a, ...b];
}

/** The lines added up, as one sum, where they add up (of one kind, none holding another); none where they do not. */
function sumOf(lines: readonly Measure[]): Measure | undefined {
  const parts = lines.flatMap((m) => (m.kind === 'sum' ? m.parts : m.kind === 'concept' ? [m.concept] : []));
  const every = lines.every((m) => m.kind === 'sum' || m.kind === 'concept');
  return every && parts.length > 1 && new Set(parts).size === parts.length && addable(parts) ? { kind: 'sum', parts } : undefined;
}

/**
 * Figures added up in a follow-up: "combined?", "in total?", "plus SG&A?", "together with short-term investments?",
 * "plus Q2?". The periods asked in turn ("revenue Q1 2003", "and Q2 2003?") or the one said, or the lines asked in turn
 * or side by side or the one said, added up; never the last figure again as if it were the total (review 89). Lines
 * that do not add up, or nothing known to add, are said back. Undefined where no adding is asked of a figure before.
 */
function addedInFollowUp(s: Slots, words: readonly string[], periods: readonly PeriodQuery[], context: { measures: Measure[]; periods: PeriodQuery[] }, previous: Question | undefined, earlier: Question | undefined, changeAsked: boolean): Reading | undefined {
  const has = (c: Cue) => s.cues.has(c);
  const plusSaid = words.includes('plus') || words.includes('+');
  // "And the total?", "total for both quarters?": the pair before added up, as "combined?" is; never with a period said ("the
  // total for the year?" is that period's figure).
  const adding = has('combined') || (s.measures.length === 0 && s.periods.length === 0 && words.includes('total'));
  if (!(adding || plusSaid) || previous?.intent !== 'figure' || previous.rank || previous.combined) return undefined;
  if (changeAsked || has('ratio_of') || has('share_of') || has('minus')) return undefined;
  const notAdded = (lines: readonly Measure[]): Reading => ({
    kind: 'invalid',
    title: 'These do not add up',
    message: `${measuresLabel([...lines])}: I add up lines of one kind (amounts of a period, or balances at one date), none part of another; per-share amounts and share counts never. Ask for them side by side ("${[measuresLabel([...lines]).toLowerCase(), ...context.periods.map(periodLabel)].join(' ')}").`,
  });
  // A line said: "plus SG&A?", "and SG&A combined?", "together with short-term investments?". Not a sum said whole ("cost
  // of revenues plus S&A?"), which is a question of its own: never the line before added to it.
  if (s.measures.length === 1 && s.measures[0]?.measure.kind !== 'sum' && s.periods.length === 0) {
    const lines = [...context.measures, ...s.measures.map((m) => m.measure)];
    const sum = sumOf(lines);
    return sum ? { kind: 'question', question: { intent: 'figure', measures: [sum], periods: [...context.periods] } } : notAdded(lines);
  }
  if (s.measures.length > 0) return undefined;
  // A period said: "plus Q2?", "and Q2 combined?" after Q1's figure: the two periods' figures added, as "Q1 plus Q2" is.
  const [one] = context.periods;
  if (s.periods.length === 1 && periods.length === 1 && context.periods.length === 1 && one) {
    return { kind: 'question', question: { intent: 'figure', measures: [...context.measures], periods: [one, ...periods], combined: true } };
  }
  if (s.periods.length > 0 || !adding) return undefined;
  // Several periods or several lines before: added up as said with them (below, and in the handler), never here.
  if (context.periods.length > 1) return undefined;
  if (context.measures.length > 1) {
    const sum = sumOf(context.measures);
    return sum ? { kind: 'question', question: { intent: 'figure', measures: [sum], periods: [...context.periods] } } : notAdded(context.measures);
  }
  const inTurn = periodsAskedInTurn(previous, earlier);
  if (inTurn) return { kind: 'question', question: { intent: 'figure', measures: inTurn.measures, periods: [inTurn.earlier, inTurn.later], combined: true } };
  const lines = linesAskedInTurn(previous, earlier);
  if (lines) {
    const sum = sumOf(lines);
    return sum ? { kind: 'question', question: { intent: 'figure', measures: [sum], periods: [...previous.periods] } } : notAdded(lines);
  }
  return {
    kind: 'invalid',
    title: 'Added up: which figures?',
    message: `I keep your last question (${describeQuestion(previous)}), one figure: name what to add up, e.g. "revenue Q1 2003 plus Q2 2003" or "cost of revenues plus S&A Q4 2003".`,
  };
}

/** An earnings-per-share line said from "per" ("per share", "per diluted share", "per share diluted"): of whatever it follows, not EPS itself. */
const saidPerShare = (s: Slots, m: Slots['measures'][number]): boolean => m.measure.kind === 'concept' && familyOf(m.measure.concept) === ONE.eps
  && (s.tokens[m.at]?.word === 'per' || (s.tokens[m.at - 2]?.word === 'per' && s.tokens[m.at - 1]?.word === 'share'));

/** A period of a follow-up read against the period before: "a year earlier", "Q1" (same year), "2002" (same span). */
function againstPrevious(p: PeriodQuery, before: PeriodQuery | undefined): PeriodQuery {
  if (!before) return p;
  // "And at the prior year end?", "and last year end?" after June 30, 2003: the fiscal year end before that date
  // (December 31, 2002), never the latest balance sheet's nor the coming one; "the latest year end" is that date's own
  // where it is one (Verizon's December 31, 2000, not 1999).
  // One said against a date of the question's own ("total assets June 30, 2003 vs last year end") keeps it.
  const date = balanceAnchorOf(before);
  if (p.kind === 'opening' && date && !p.before) return p.latest ? { kind: 'opening', before: date, through: true } : { kind: 'opening', before: date };
  if (p.kind === 'relative' && p.inYear !== undefined) return withYear(before, p.inYear);
  // "And the quarter before?" after a quarter said without its year that was not found ("buckle revenue q1"): the quarter
  // before the latest year's Q1, never the latest quarter (it gave Buckle's Q3 2024).
  const yearless = p.kind === 'relative' && before.kind === 'span' ? movedWithoutYear(before, p) : undefined;
  if (yearless) return yearless;
  // "The quarter before that" after H1 2003: the quarter before the half began, Q4 2002 (it was the latest quarter).
  if (p.kind === 'relative' && p.quarters) return shiftQuarters(before, p.quarters) ?? quarterBeside(before, p.quarters) ?? p;
  // "And the trailing twelve months?" after H1 2003: the twelve months to it, not to the latest period.
  if (p.kind === 'ltm' && !p.at && canEndLtm(before)) return { kind: 'ltm', at: before };
  if (p.kind === 'relative') return shiftYears(before, p.years);
  // "And the quarter?" after FY 2000: Q4 2000; "for the half?" after Q2 2004: H1 2004, after Q1 2003 the half it is in, H1.
  // After a balance's date, the balance at that date: a part of no period.
  if (p.kind === 'part') return partOf(p, before) ?? (!p.before && (before.kind === 'date' || (before.kind === 'id' && /^\d{4}-\d{2}-\d{2}$/.test(before.id))) ? before : p);
  // "And 2002?" after Q4 2003: Q4 2002. "And for 2003?" after Q4 2003 names no other quarter: the year itself.
  if (p.kind === 'year' && yearOf(before) === p.year && yearOnly(before) === undefined) return p;
  if (p.kind === 'year' && before.kind === 'span' && before.year !== undefined) return { ...before, year: p.year };
  if (p.kind === 'year' && before.kind === 'id') return withYear(before, p.year);
  // "YTD?" after Q2 2003: the year up to that quarter's end, H1 2003 (after Q3, nine months), as "YTD as of Q2 2003" is; never the whole year.
  const upTo = p.kind === 'ytd' && p.year === undefined && before.kind !== 'year' ? fiscalEnd(before) : undefined;
  if (upTo) return { kind: 'span', months: upTo.endMonth as 3 | 6 | 9 | 12, endMonth: upTo.endMonth, year: upTo.year };
  const year = yearOf(before);
  // A part said so many years before the latest ("the year-ago second quarter") keeps its own year.
  if (year !== undefined && (((p.kind === 'span' || p.kind === 'ytd') && p.year === undefined && !(p.kind === 'span' && p.back)) || p.kind === 'monthEnd')) return withYear(p, year);
  return p;
}

/** Which figure an ambiguous word means, each choice asked with the metrics said beside it ("revenue and income"). */
function clarifyMeasure(choices: string[], phrase: string, periods: PeriodQuery[], beside: readonly Measure[] = []): Reading {
  const alternatives = choices.map((id) => {
    const measure = termMeasure(id);
    const measures = [...beside, measure];
    const question: Question = { intent: 'figure', measures, periods };
    return { label: measuresLabel(measures), question };
  });
  return { kind: 'clarify', prompt: `"${phrase}" can mean more than one figure. Which one did you mean?`, alternatives, every: true };
}

/**
 * Cash said with a word of flow ("generated", "burned"): the cash from operations, or the change in the
 * cash balance over the period (a quarter against the quarter before, a year against the year before).
 */
function clarifyCashFlow(word: string, measures: readonly Measure[], periods: PeriodQuery[]): Reading {
  const isCash = (m: Measure) => m.kind === 'concept' && m.concept === 'cash';
  const flows = measures.map((m) => (isCash(m) ? OPERATING_CASH : m));
  const [period, more] = periods;
  const months = period && !more ? (yearOnly(period) !== undefined ? 12 : monthsSaid(period)) : undefined;
  const change: Question | undefined = period && (months === 3 || months === 12) && measures.every(isCash)
    ? { intent: 'compare', measures: [...measures], period, ...(months === 3 ? { sequential: true } : {}) }
    : undefined;
  return {
    kind: 'clarify',
    every: true,
    prompt: `Cash is a balance, at a date, and "${word}" asks for a flow: the cash from operations, or the change in the cash balance over the period. Which one did you mean?`,
    alternatives: [
      { label: measuresLabel(flows), question: { intent: 'figure', measures: flows, periods } },
      ...(change ? [{ label: `${measureLabel(measures[0] as Measure)}: change over the ${months === 3 ? 'quarter' : 'year'}`, question: change }] : []),
    ],
  };
}

/** The terms the releases define, in lower case: read once per snapshot. */
const termsBySnapshot = new WeakMap<Snapshot, ReadonlySet<string>>();
function definedTerms(snapshot: Snapshot): ReadonlySet<string> {
  let terms = termsBySnapshot.get(snapshot);
  if (!terms) {
    terms = new Set(snapshot.ofKind('definition').map((d) => d.term.toLowerCase()));
    termsBySnapshot.set(snapshot, terms);
  }
  return terms;
}

/**
 * "The August call", "the call in May": the call of the release published that month, any year (it was the latest call,
 * the month dropped); never "may" as a verb ("may I have the dial-in?").
 */
function monthOfCall(words: readonly string[]): PeriodQuery | undefined {
  const callWords = CUES.call_month_words;
  const at = words.findIndex((w, i) => monthNumber(w) !== undefined && !(w === 'may' && CUES.verb_subjects.includes(words[i - 1] ?? ''))
    && (callWords.includes(words[i + 1] ?? '') || (words[i - 1] === 'in' && callWords.includes(words[i - 2] ?? ''))));
  const month = monthNumber(words[at] ?? '');
  return month ? { kind: 'monthEnd', month } : undefined;
}

/** Whether a line is said as a loss ("net loss", "operating losses") or a deficit ("the stockholders' deficit"). */
const saidAs = (s: Slots, words: readonly string[]): boolean => s.measures.some((m) => s.tokens.slice(m.at, m.to).some((t) => words.includes(t.word)));

/** A company as a choice names it ("Oracle Corporation (ORCL)"), by its key. */
function namedCompany(key: string, snapshot: Snapshot): string {
  const c = snapshot.book(key)?.company;
  return c ? companyLabel(c) : key;
}

/** The same question about each company named; for figures, also the chart that draws them side by side. */
export function oneCompanyOf(question: Question, companies: readonly string[], snapshot: Snapshot): Reading {
  const named = (key: string) => namedCompany(key, snapshot);
  const alternatives = companies.map((key) => ({ label: named(key), question: { ...question, company: key } }));
  const [first, ...others] = companies;
  const chartable = (question.intent === 'figure' || question.intent === 'compare') && question.measures.length > 0;
  if (chartable && first) {
    alternatives.push({ label: 'Side by side, by quarter (a chart)', question: { intent: 'trend', measures: question.measures, company: first, companies: others } });
  }
  return { kind: 'clarify', prompt: `The question names ${companies.length} companies, and this answer is about one. Which one?`, alternatives };
}

/** A figure of one company compared with another's: the other's figure, or both drawn side by side; never one company's periods against each other. */
export function acrossCompanies(before: string, now: string, measures: Measure[], periods: PeriodQuery[], snapshot: Snapshot): Reading {
  const named = (key: string) => namedCompany(key, snapshot);
  const figure: Question = { intent: 'figure', measures, periods, company: now };
  return {
    kind: 'clarify',
    prompt: `I compare a company's figures across its own periods, not two companies in one answer. Which would help?`,
    alternatives: [
      { label: `${named(now)}: ${describeQuestion(figure)}`, question: figure },
      { label: `${named(before)} and ${named(now)} side by side, by quarter (a chart)`, question: { intent: 'trend', measures, company: before, companies: [now] } },
    ],
  };
}

/** Questions asked beside the figures, after which a figure follow-up still builds on the figures before them. */
const ASIDES = new Set<Question['intent']>(['quote', 'contact', 'call', 'profile', 'define']);

/**
 * A question asked again of another company: a period settled as the latest, that period unsaid, or said of the first
 * company's own calendar ("last quarter", "year to date"), is the other's own; a period said by its dates, where the
 * other's fiscal year ends in another month, is the months it covered (after Apple's quarter ended June 28, 2003, its
 * fiscal Q3, "and Infocrossing?" is Infocrossing's quarter ended June 2003, its Q2, never its Q3, July to September).
 */
function askedOf(q: Question, from: string | undefined, to: string | undefined, snapshot: Snapshot): Question {
  if (q.intent === 'figure' && q.latest) return { intent: 'figure', measures: q.measures, periods: [] };
  if (q.intent === 'results' && q.latest) return { intent: 'results' };
  const [before, after] = [from ? bookFor(snapshot, from) : undefined, to ? bookFor(snapshot, to) : undefined];
  if (!before || !after || before === after) return q;
  // A period of the company's own calendar ("last quarter") is the other's own; said by its dates, the months it covered
  // where the calendars differ.
  const apart = before.company.fiscalYearEnd !== after.company.fiscalYearEnd;
  const months = (p: PeriodQuery) => (p.kind === 'id' && (p.own || apart) ? calendarSpan(p, (id) => before.endsOf(id), { endMonth: before.company.fiscalYearEnd }) : p);
  // A sales line shown beside the total ("caterpillar sales") is not asked of a company that prints none apart.
  const shownBeside = (m: Measure) => m.kind === 'concept' && m.concept !== 'revenue' && METRICS.over_sales.sales.includes(m.concept) && !after.printedConcepts.includes(m.concept);
  const measures = 'measures' in q && q.measures.some((m) => conceptOf(m) === 'revenue') ? { measures: q.measures.filter((m) => !shownBeside(m)) } : {};
  // A period compared with that was found, not said: the other's is found as far before its own period (a year before is
  // what a comparison finds with none said; the quarter before, what a sequential one does, found or not).
  const { versus, ...asked } = 'versus' in q ? q : { ...q, versus: undefined };
  const back = versus?.kind === 'id' && versus.found ? versus.found : 'sequential' in q && q.sequential && !versus ? 1 : undefined;
  const against = back ? (back === 4 ? undefined : ({ kind: 'relative', years: 0, quarters: -back } as const)) : versus && months(versus);
  return {
    ...asked,
    ...measures,
    ...('periods' in q ? { periods: q.periods.map(months) } : {}),
    ...('period' in q && q.period ? { period: months(q.period) } : {}),
    ...(against ? { versus: against } : {}),
  } as Question;
}

/** Questions a bare company name after them asks again of that company. */
const ANOTHER_COMPANY_ASKS = new Set<Question['intent']>(['figure', 'compare', 'trend', 'results', 'why', 'call', 'contact', 'quote', 'profile']);

/** Questions whose business a word of the call said alone after them is of ("and online?" after comparable sales). */
const FIGURES_OR_TEXT = new Set<Question['intent']>(['figure', 'compare', 'trend', 'narrative']);

/**
 * "And online?", "what about international?" right after a figure or words of the text, "international wireless
 * customers", "online subscribers" beside words they qualify: of that business, not the call's webcast or international
 * dial-in; words to read, never dropped (it gave Verizon's webcast address for its online subscribers).
 */
function callWordsOfFigures(s: Slots, previous: Question | undefined): Slots {
  const said = s.tokens.map((t) => t.word).filter((w) => CALL_WORDS.has(w));
  if (said.length === 0 || !said.every((w) => CALL_WORDS_AFTER_FIGURES.has(w))) return s;
  const qualifying = !s.cues.has('call') && s.unexplained.some((w) => !CALL_WORDS.has(w));
  if (!qualifying && (!previous || !FIGURES_OR_TEXT.has(previous.intent))) return s;
  return { ...s, callFields: [], cues: new Set([...s.cues].filter((c) => c !== 'call')), unexplained: [...s.unexplained, ...said] };
}

/** Cues that make a "why" more than one figure's move in one period: against another, a part of it, a rate. */
const NOT_A_PLAIN_MOVE: readonly Cue[] = ['compare', 'sequential', 'year_on_year', 'excluding', 'leaving_out', 'unusual', 'one_time', 'ratio_of', 'plus', 'minus', 'difference', 'highest', 'lowest'];

/**
 * The way a "why" says its one figure went in its one period ("why did revenue fall in Q3 2004?"), read only where
 * nothing else is said: no other period or comparison ("fall compared to Q1", "sequentially"), no word qualifying the
 * figure ("online sales", "adjusted"), no rate ("revenue growth slow"), no negation ("why didn't ...").
 */
function premiseOf(s: Slots): 'up' | 'down' | undefined {
  const [m] = s.measures;
  if (s.measures.length !== 1 || !m || s.periods.length !== 1 || NOT_A_PLAIN_MOVE.some((c) => s.cues.has(c))) return undefined;
  if (s.tokens.some((t) => t.word === 'not' || /n['’]?t$/.test(t.word))) return undefined;
  const own = new Set(s.tokens.slice(m.at, m.to).map((t) => t.word));
  const rest = s.topic.filter((w) => w !== 'why' && !own.has(w));
  const [said] = rest;
  if (rest.length !== 1 || said === undefined) return undefined;
  return wayOf(said);
}

/**
 * A period said with "a year earlier", "a year ago", "two years ago" of it, as one period, never the period with those
 * words dropped (nor two periods): "net income fourth quarter a year earlier" (that part of the year before the one asked
 * before, else before the latest), "the quarter before last, a year ago" (four quarters further back), "a year before the
 * latest", and after a year or a part of one, "and the year-ago quarter?" (the quarter it ends with, a year earlier) and
 * "and year to date a year ago?" (the year up to the same point a year earlier). Undefined where none is said so.
 */
function yearsEarlierSaid(s: Slots, comparing: boolean, askedBefore: PeriodQuery | undefined, yearAskedBefore: number | undefined, words: readonly string[]): PeriodQuery | undefined {
  const [firstSaid, secondSaid] = s.periods;
  const yearAgo = s.periods.find((p) => p.kind === 'relative' && p.years < 0 && !p.quarters && p.inYear === undefined);
  if (yearAgo?.kind !== 'relative') return undefined;
  const back = -yearAgo.years;
  // Said of it: next to it, after a comma or "in"/"of" ("... of the prior year"), never listed with it or set against it.
  const join = firstSaid ? s.joins.get(firstSaid) : undefined;
  const ofLatest = s.periods.some((p) => p.kind === 'lastQuarter' || p.kind === 'latest');
  const saidOfIt = s.periods.length === 2 && !comparing && (join === 'next' || (ofLatest && join !== 'list' && join !== 'versus' && join !== 'range'));
  const part = saidOfIt ? [firstSaid, secondSaid].find((p) => p !== yearAgo) : undefined;
  if (part?.kind === 'span' && part.year === undefined && !part.back && !part.byDate) return yearAskedBefore !== undefined ? withYear(part, yearAskedBefore - back) : { ...part, back };
  if (part?.kind === 'lastQuarter') return { kind: 'lastQuarter', back: (part.back ?? 0) + 4 * back };
  if (part?.kind === 'latest') return { kind: 'relative', years: -back };
  // After a year or a part of one longer than a quarter, "the quarter" said with it.
  const longerBefore = askedBefore && (askedBefore.kind === 'year' || (monthsSaid(askedBefore) ?? 0) > 3) ? askedBefore : undefined;
  const quarterSaid = s.periods.length === 1 ? words.includes('quarter') : s.periods.length === 2 && s.periods.some((p) => p.kind === 'part' && p.months === 3);
  const endingQuarter = longerBefore && quarterSaid ? partOf({ kind: 'part', months: 3 }, longerBefore) : undefined;
  if (endingQuarter) return shiftYears(endingQuarter, yearAgo.years);
  const ytdSaid = s.periods.length === 2 && s.periods.some((p) => p.kind === 'ytd' && p.year === undefined);
  const through = ytdSaid && askedBefore ? fiscalEnd(askedBefore) : undefined;
  return through && [3, 6, 9, 12].includes(through.endMonth) ? { kind: 'span', months: through.endMonth as 3 | 6 | 9 | 12, endMonth: through.endMonth, year: through.year + yearAgo.years } : undefined;
}

/**
 * "What is Oracle's fiscal year end?": when its fiscal year ends (it gave the year's results). Only where nothing else is
 * asked ("oracle fiscal year end results", "... vs prior year", "... guidance" ask of the year) and the words are no
 * period: a year said, a word just before them ("cash since fiscal year end", "at the prior fiscal year end"), or a
 * follow-up of a figure ("and at fiscal year end?", "versus fiscal year end?" after cash: the balance then; "when does
 * Oracle's fiscal year end?" after it, a company of its own, is a question of its own).
 */
function asksFiscalYearEnd(s: Slots, words: readonly string[], previous: Question | undefined, followUp: boolean): boolean {
  // The two words before them, up to the company's name ("for Oracle, fiscal year end": "for" is Oracle's, no period's).
  const plain = words.map((w, i) => (s.companyTokens.has(i) ? '|' : w)).filter((w) => w !== 'the');
  const fiscalYearEnd = FISCAL_YEAR_END_ASKED.exec(plain.join(' '));
  const lastTwo = fiscalYearEnd ? plain.join(' ').slice(0, fiscalYearEnd.index).trim().split(' ').filter((w) => w !== '').slice(-2) : [];
  const wordsBefore = lastTwo.slice(lastTwo.lastIndexOf('|') + 1);
  // A year said, or a word of a period just before them, makes them a period; not a word the date asked takes ("the date for
  // the fiscal year end"). "Prior", "next" always do: which year end, no date of the company's.
  const [twoBefore, oneBefore] = wordsBefore.length === 2 ? wordsBefore : [undefined, wordsBefore[0]];
  const dateAsked = twoBefore !== undefined && WHEN_WORDS.has(twoBefore) && oneBefore !== undefined && PERIOD_PREPOSITIONS.has(oneBefore);
  const periodSaid = words.some((w) => /\d/.test(w)) || wordsBefore.some((w) => YEAR_END_WHICH.has(w)) || (!dateAsked && wordsBefore.some((w) => PERIOD_PREPOSITIONS.has(w)));
  const nothingElse = s.measures.length === 0 && s.ambiguous.length === 0 && s.unexplained.every((w) => FISCAL_YEAR_END_WORDS.has(w)) && s.topic.every((w) => FISCAL_YEAR_END_WORDS.has(w)) && [...s.cues].every((c) => c === 'follow_up');
  // Asked when ("when does its fiscal year end?", "what month...", "... end date?") is the date, after a figure too; not a
  // date of it ("what was it on the date of the fiscal year end?": the figure then).
  const whenAsked = words.includes('when') || /\bwhat (?:date|month|day)\b/.test(words.join(' ')) || (fiscalYearEnd !== null && WHEN_WORDS.has(fiscalYearEnd[0].split(' ').at(-1) ?? ''));
  const afterFigures = (previous?.intent === 'figure' || previous?.intent === 'compare' || previous?.intent === 'trend') && (!s.company || followUp) && !whenAsked;
  return fiscalYearEnd !== null && nothingElse && !afterFigures && !periodSaid;
}

/**
 * "Revenue for the period ended December 31, 2003": the quarter and the months of the fiscal year to date both end that
 * day (three and twelve months; at June 30, three and six), and a release's tables head each "ended" then, so which is
 * asked, never the quarter alone (it gave Q4 2003). Only a flow's, at the end of a fiscal quarter past the year's first;
 * undefined for any other question.
 */
function periodEndedAsked(words: readonly string[], periods: readonly PeriodQuery[], measures: readonly Measure[], book: Book | undefined): Reading | undefined {
  const [p] = periods;
  if (!book || periods.length !== 1 || p?.kind !== 'date' || measures.length === 0 || measures.some(isBalance)) return undefined;
  if (!words.some((w, i) => (w === 'period' || w === 'periods') && (words[i + 1] === 'ended' || words[i + 1] === 'ending'))) return undefined;
  const [year, month, day] = p.date.split('-').map(Number) as [number, number, number];
  const toDate = monthsToDate(month, { endMonth: book.company.fiscalYearEnd });
  if (day !== lastDayOfMonth(year, month) || toDate % 3 !== 0 || toDate === 3) return undefined;
  const asked = ([3, toDate as 6 | 9 | 12] as const).map((months): Question => ({ intent: 'figure', measures: [...measures], periods: [{ kind: 'span', months, endMonth: month, year, byDate: true }] }));
  return whichOf(`"The period ended ${longDate(p.date)}": both the quarter and the ${toDate} months of the fiscal year end then. Which did you mean?`, asked);
}

/** Quarters said from a period they do not move: said back with how to ask, never a year moved in their place. */
export const unmovedPeriod = (said: string): Reading => ({
  kind: 'invalid',
  title: 'Period not understood',
  message: `"${said}": I move quarters from a quarter or a balance sheet's date ("a quarter before December 31, 2003", "the quarter before Q4 2003"), not from a year or a year end. Name the quarter or the date.`,
});

export function readQuestion(read: Slots, snapshot: Snapshot, previous?: Question, subject: readonly string[] = [], correcting = false, earlier?: Question): Reading {
  const s = callWordsOfFigures(read, previous);
  const has = (c: Cue) => s.cues.has(c) || (c === 'follow_up' && correcting);
  // A change asked between periods, in any of its words ("compare", "grew", "growth", "the difference").
  const changeAsked = has('compare') || has('change') || has('growth') || has('difference');
  // Another company named after figures of the latest period: its own latest, not the period the one before had.
  // A figure asked after a quote, a contact or the call ("revenue Q1 2003", "what did Lonstein say?", "and net income?")
  // builds on the figures asked before the aside, never on none (it was the latest period).
  // Not a figure at the date the aside answered ("what was cash at that date?" after when the fiscal year ends): at that
  // date (it gave the latest balance sheet's).
  const words = s.tokens.map((t) => t.word);
  const atDateAnswered = previous?.intent === 'profile' && previous.field === 'fiscal_year_end' && THAT_DATE.test(words.join(' '));
  const figuresBefore = previous && ASIDES.has(previous.intent) ? earlier : previous;
  // "The smallest revenue line", "Oracle's biggest segment": lines ranked against each other, which the reader does not do
  // (it gave the total, or the highest quarter): said so.
  const linesRanked = (has('highest') || has('lowest')) && s.tokens.some((t, k) => LINES_RANKED.has(t.word) && (!s.spanned.has(k) || s.fillerTokens.has(k)));
  if (linesRanked) {
    return { kind: 'invalid', title: 'Lines are not ranked', message: `I rank one figure across periods ("which quarter of 2003 had the highest revenue?"), not lines or segments against each other. Name the lines to see them side by side ("revenue and EBITDA Q4 2003").` };
  }
  // The fiscal year end answered is the latest one (Apple's September 27, 2003, before its June 26, 2004 balance sheet).
  const yearEndAnswered: PeriodQuery = { kind: 'opening', through: true, latest: true };
  const context = atDateAnswered
    ? { measures: [], period: yearEndAnswered, periods: [yearEndAnswered] }
    : figureContext(s.company && figuresBefore?.company && s.company !== figuresBefore.company ? askedOf(figuresBefore, figuresBefore.company, s.company, snapshot) : figuresBefore);
  const release = s.releases[0];

  if (words.length === 0) return { kind: 'question', question: { intent: 'help' } };
  // "And in the first?" after the second quarter of 2003: its first quarter (it searched the text for "first").
  const [ordinalSaid] = s.unexplained;
  const nth = context?.period && ordinalSaid !== undefined && s.unexplained.length === 1 && s.periods.length === 0 && s.measures.length === 0 ? nthLike(context.period, ORDINAL[ordinalSaid] ?? 0) : undefined;
  if (nth) return readQuestion({ ...s, unexplained: [], topic: s.topic.filter((w) => w !== ordinalSaid), periods: [nth] }, snapshot, previous, subject, correcting, earlier);
  // "thx", "nice 👍", "ok": nothing asked, after an answer too; never that answer again.
  const nothingAsked = s.cues.size === 0 && s.measures.length === 0 && s.ambiguous.length === 0 && s.periods.length === 0 && s.releases.length === 0 && !s.company
    && s.unexplained.length === 0 && s.topic.length === 0 && s.people.length === 0 && s.roles.length === 0 && s.callFields.length === 0 && s.contactFields.length === 0 && !s.profile;
  if (nothingAsked && !correcting) return { kind: 'question', question: { intent: 'help' } };
  if (has('help') && s.measures.length === 0 && s.unexplained.length === 0) return { kind: 'question', question: { intent: 'help' } };
  // "When was the Q4 release?": the releases and their dates.
  const releaseDate = words.includes('when') && s.releases.length > 0 && !has('call') && !has('quote');
  if ((has('sources') || releaseDate) && s.measures.length === 0) return { kind: 'question', question: { intent: 'sources' } };
  // "Where is that from?": the answer before, again, with its source; never the company's headquarters.
  if (has('cite') && previous && s.measures.length === 0 && s.periods.length === 0) return { kind: 'question', question: previous };
  // "And EBITDA for all three?", "those two quarters": the periods or lines said, or else asked before, when there are that
  // many; otherwise said back, never others read as the ones meant (it searched the text for "three").
  const miscounted = s.counted && miscountedReading(s.counted, s.periods.length || (context?.periods.length ?? 0), s.measures.length || (context?.measures.length ?? 0), context !== undefined);
  if (miscounted) return miscounted;

  // The teleconference: any call word; its period names the release.
  // Dial-ins, replays, pass codes and webcasts belong to the teleconference; "online" beside a metric ("online sales") does not.
  const callFieldSaid = s.callFields.some((f) => f !== 'when');
  const callWord = (has('call') || (callFieldSaid && s.measures.length === 0)) && !s.roles.length && !s.people.length;
  // "Revenue Q4 2003 and what did Lonstein say about it", "EBITDA Q4 2003? When is the call?": two questions. Which is
  // asked back, never one answered as if it were both.
  const secondAt = secondQuestionAt(words, s.afterBreak);
  const figureFirst = secondAt > 0 && s.measures.some((m) => m.to <= secondAt) && s.periods.length > 0;
  // A figure and the call in one message, either first ("when is the call? and revenue Q4 2003?", "net income 2003. what's
  // the dial-in?"): two questions. Not a word of the call beside a metric alone ("online sales").
  const callBeside = (has('call') || callFieldSaid) && s.measures.length > 0 && (secondAt > 0 || s.afterBreak.size > 0) && !s.roles.length && !s.people.length;
  if (callWord || callBeside || (previous?.intent === 'call' && s.measures.length === 0 && (s.callFields.length > 0 || s.periods.length > 0 || s.releases.length > 0))) {
    const field = pickCallField(s.callFields, words);
    const which = release ?? s.periods[0] ?? monthOfCall(words) ?? (previous?.intent === 'call' ? previous.release : undefined);
    const call: Question = { intent: 'call', ...(which ? { release: which } : {}), ...(field ? { field } : {}) };
    return callBeside ? twoQuestions({ intent: 'figure', measures: distinctMeasures(s), periods: s.periods }, call) : { kind: 'question', question: call };
  }

  // What someone said.
  // A role said is whose words are asked ("what did the CFO say?"): the quotes of its holder, or none, never everyone's.
  const speaker = s.people[0] ?? s.roles[0]
    ?? (says(words, PERSON) && previous?.intent === 'contact' ? previous.person ?? previous.role : undefined)
    ?? (says(words, PERSON) && previous?.intent === 'quote' ? previous.speaker : undefined);
  // "And in Q4?" after quotes: the same quotes, from the release of that period.
  const quotedIn = release ?? s.periods[0];
  if (previous?.intent === 'quote' && quotedIn && has('follow_up') && s.measures.length === 0 && s.unexplained.length === 0 && !s.people.length && !s.roles.length) {
    return { kind: 'question', question: { ...previous, release: quotedIn } };
  }
  // "Any more?", "what else?", "anything else?" after quotes: more of them, no topic (it searched the text for "else").
  // Said of someone ("what else did he say?"): theirs; else anyone's ("any other quotes?").
  const moreAsked = previous?.intent === 'quote' && s.measures.length === 0 && s.ambiguous.length === 0 && s.periods.length === 0 && !s.company && !s.people.length && !s.roles.length
    && !words.includes('about') && [...s.unexplained, ...s.topic].length > 0 && [...s.unexplained, ...s.topic].every((w) => QUOTE_MORE.has(w) || QUOTE_OTHER.has(w));
  if (moreAsked) {
    const { speaker: before, ...rest } = previous;
    return { kind: 'question', question: { ...rest, topic: [], ...(before && says(words, PERSON) ? { speaker: before } : {}) } };
  }
  // "And the CFO?", "and Catz?" after quotes: that speaker's words, on the same topic; never their contact card.
  // Only the speaker said (no topic of their own, no "what did ... say", which reads afresh), and one who speaks in the
  // releases: a quoted person, or a role whose holders are quoted ("and the press contact?" is a contact).
  const speaks = () => {
    const company = s.company ?? previous?.company;
    const quotes = (company ? snapshot.book(company) : undefined) ?? snapshot;
    return s.people.length > 0 ? quotes.ofKind('quote').some((q) => q.speaker === s.people[0]) : s.roles.length > 0 && CUES.speaking_roles.includes(s.roles[0] ?? '');
  };
  const otherSpeaker = previous?.intent === 'quote' && !has('quote') && s.measures.length === 0 && s.ambiguous.length === 0 && s.contactFields.length === 0 && s.unexplained.length === 0
    && !has('contact') && !has('contact_list') && s.periods.length === 0 && s.topic.every((w) => s.personWords.includes(w) || ROLE_WORDS.has(w)) && speaks();
  if (otherSpeaker && speaker) return { kind: 'question', question: { ...previous, speaker } };
  // "What did Jobs say about iPod, no wait, about Mac revenue": the same speaker's words, about what the correction says.
  if (correcting && previous?.intent === 'quote' && !s.people.length && !s.roles.length && s.topic.length > 0 && s.periods.length === 0) {
    return { kind: 'question', question: { ...previous, topic: s.topic } };
  }
  if (has('quote') && !s.contactFields.length && figureFirst) return twoQuestions({ intent: 'figure', measures: distinctMeasures(s), periods: s.periods }, { intent: 'quote', topic: [], ...(speaker ? { speaker } : {}) });
  // "What did the Q1 release say total assets were?": the release's own figure, no one's quote ("say about revenue" stays a search).
  const releaseSays = !speaker && release !== undefined && !words.includes('about') && (s.measures.length > 0 || (context !== undefined && context.measures.length > 0 && says(words, THING)));
  if (has('quote') && !s.contactFields.length && !releaseSays) {
    const said = [...s.topic, ...s.periodWords.filter((w) => /^[a-z]{4,}$/.test(w))].filter((w) => !QUOTE_ASKING.has(w) && !s.personWords.includes(w) && !s.people.some((p) => p.toLowerCase().includes(w)));
    // "What else did he say (about outsourcing)?": more quotes, on the topic said; "any other quotes?" too, but what is said
    // to be about keeps "other" ("about other income", "about the rest of the year").
    const topical = said.filter((w) => !QUOTE_MORE.has(w));
    const own = topical.every((w) => QUOTE_OTHER.has(w)) && !words.includes('about') && s.measures.length === 0 && s.ambiguous.length === 0 ? [] : topical;
    // "What did Lonstein say about 2004?": a year said with no other topic is what the quotes speak of (it listed all seven;
    // commands/quote.ts lists them all again where none does).
    const years = own.length === 0 ? s.periods.flatMap((p) => (p.kind === 'year' ? [String(p.year)] : [])) : [];
    const pointsBack = says(words, THING) && own.length === 0 && years.length === 0;
    // "it" after an answer from the text is what that answer found ("SMS"), else what was asked before.
    const topic = pointsBack && previous && 'topic' in previous ? (previous.intent === 'narrative' && subject.length > 0 ? [...subject] : previous.topic) : [...own, ...years];
    // "how did he react to the Q4 numbers": the release that reports that quarter.
    const quarter = s.periods.find((p) => p.kind === 'span' && p.months === 3);
    const from = release ?? quarter;
    return { kind: 'question', question: { intent: 'quote', topic, ...(speaker ? { speaker } : {}), ...(from ? { release: from } : {}) } };
  }

  // Who to contact, and how.
  // Words of figures ("is that up?", "margin?") after a contact build on the figures asked before it, if any; so does a
  // period alone after every contact was listed ("and Q1?"). Not a contact said ("who was it in Q1?"), nor one pointed at
  // ("is that the same in Q1?"), nor "did it change?" with no figure before (the contact may have).
  const figuresAside = figureContext(earlier) !== undefined;
  const listedBefore = previous?.intent === 'contact' && !previous.role && !previous.person;
  const contactChanged = !listedBefore && words.some((w) => CONTACT_CHANGES.has(w));
  const backToFigures = previous?.intent === 'contact' && !has('contact') && (s.ambiguous.length > 0 || (figuresAside && ((changeAsked && !contactChanged) || (listedBefore && s.periods.length > 0 && !words.some((w) => THING.has(w))))));
  const contactFollowUp = previous?.intent === 'contact' && s.measures.length === 0 && s.unexplained.length === 0 && !backToFigures;
  // "CFO 2003", "what was cfo in 2003": a role's word that names a figure too, said with a period and nothing of a contact
  // (no release, person or detail): the contact or the figure, asked (it gave the contact).
  const figureToo = s.roles.length === 1 && s.measures.length === 0 && s.periods.length > 0 && !release && s.people.length === 0 && s.contactFields.length === 0
    ? words.filter((w) => Object.hasOwn(CUES.role_or_figure, w)).map((w) => CUES.role_or_figure[w])[0] : undefined;
  if (figureToo !== undefined) {
    const figure: Question = { intent: 'figure', measures: [termMeasure(figureToo)], periods: s.periods };
    return { kind: 'clarify', prompt: 'This names a role and a figure. Which did you mean?', alternatives: [
      { label: `Contact: ${s.roles[0]}`, question: { intent: 'contact', role: s.roles[0] as string } },
      { label: describeQuestion(figure), question: figure },
    ] };
  }
  const personAsked = s.people.length > 0 && (s.contactFields.length > 0 || s.measures.length === 0);
  // "who are Apple's contacts?": every contact, when nothing narrows them.
  const allContacts = has('contact_list') && s.measures.length === 0;
  const contactAsked = (s.roles.length > 0 && s.measures.length === 0) || personAsked || (s.contactFields.length > 0 && s.measures.length === 0 && !s.profile) || allContacts;
  if ((contactAsked && s.unexplained.length === 0) || contactFollowUp) {
    // A role said now is asked of whoever holds it, a person said now whatever they do: never the one asked before, under
    // the new role ("and the media contact?" after "who is Ryan Fiedler" gave Caterpillar's investor relations contact).
    const role = s.roles[0] ?? (contactFollowUp && previous?.intent === 'contact' && s.people.length === 0 ? previous.role : undefined);
    const person = s.people[0] ?? (contactFollowUp && previous?.intent === 'contact' && s.roles.length === 0 ? previous.person : undefined);
    const field = s.contactFields[0];
    // "What's their phone?" after "and in the Q1 release?": that release's contact, not the role's latest holder.
    const which = release ?? s.periods[0] ?? (contactFollowUp && previous?.intent === 'contact' ? previous.release : undefined);
    if (!role && !person && (field === 'phone' || field === 'email')) {
      return { kind: 'question', question: { intent: 'contact', field } };
    }
    return { kind: 'question', question: { intent: 'contact', ...(role ? { role } : {}), ...(person ? { person } : {}), ...(field ? { field } : {}), ...(which ? { release: which } : {}) } };
  }

  // Definitions: "define EBITDA", "how does the Q1 release treat ... in EBITDA".
  if (has('define')) {
    const term = s.measures.find((m) => m.measure.kind === 'concept' && m.measure.concept === 'ebitda') ? 'EBITDA' : s.unexplained.join(' ');
    if (term === 'EBITDA' || definedTerms(snapshot).has(term.toLowerCase())) {
      return { kind: 'question', question: { intent: 'define', term, releases: [...s.releases, ...s.periods] } };
    }
  }

  // About the company: "what does Infocrossing do?", or just its name ("what's IFOX?").
  // Not with a cue of another kind of answer ("Infocrossing: compare the quarters" asks which figures, not what it does).
  const otherCue = [...s.cues].some((c) => c !== 'follow_up');
  // A word of spending said with it ("apple expenses") asks which costs, never what the company does.
  // So does a word naming several figures ("sears income": which income, never what Sears does).
  const companyWordsOnly = s.company && s.measures.length === 0 && s.ambiguous.length === 0 && s.periods.length === 0 && s.unexplained.length === 0 && s.topic.length === 0 && !words.some((w) => COST_WORDS.has(w));
  const onlyTheCompany = companyWordsOnly && !otherCue;
  // "and Apple?", "what about Apple?" after a question about another company: the same question, about Apple ("what's Apple?" is not one).
  // So is a company named alone after "which company?" (a question before that named none, with several loaded).
  const companyPicked = previous !== undefined && previous.company === undefined && snapshot.books.length > 1;
  // And so is a name alone after a question about another company ("oracle?", "ok, apple then"), never its profile ("what's Oracle?" is).
  const nameAlone = s.tokens.every((t, i) => s.companyTokens.has(i) || s.fillerTokens.has(i) || COMPANY_ALONE.has(t.word));
  // "And Sears?" after Oracle's replay number: its "and" is no other cue (it asked the text of the releases about nothing).
  const anotherAsked = companyWordsOnly && [...s.cues].every((c) => c === 'follow_up' || c === 'plus');
  if (anotherAsked && (((has('follow_up') || nameAlone || has('plus')) && previous?.company !== s.company) || companyPicked) && previous && !s.profile && ANOTHER_COMPANY_ASKS.has(previous.intent)) {
    return { kind: 'question', question: askedOf(previous, previous.company, s.company, snapshot) };
  }
  const business = ((asksWhatItDoes(s) && s.measures.length === 0) || onlyTheCompany || asksWhoItIs(s)) && !s.profile;
  // "Where are they headquartered?" after an answer from the text about SMS: SMS's, in the text, not the company's profile.
  const aboutSubject = previous?.intent === 'narrative' && subject.length > 0 && !s.company && words.some((w) => THEY.has(w));
  if (s.profile && aboutSubject && s.measures.length === 0) return { kind: 'question', question: { intent: 'narrative', topic: s.topic, names: [...subject] } };
  if (asksFiscalYearEnd(s, words, previous, has('follow_up'))) return { kind: 'question', question: { intent: 'profile', field: 'fiscal_year_end' } };
  if ((s.profile || business) && s.measures.length === 0 && s.unexplained.length === 0) {
    return { kind: 'question', question: { intent: 'profile', field: business ? 'business' : (s.profile as ProfileField), ...(release ?? s.periods[0] ? { release: release ?? s.periods[0] } : {}) } };
  }

  // Words nobody explained: never a figure; what the text of the releases says about them.
  // "And in 1992?" after the text about noninterest revenue in 1993: the same words, of that period (it gave 1992's headline results).
  const periodOnly = !s.company && s.periods.length > 0 && s.measures.length === 0 && s.unexplained.length === 0 && s.topic.length === 0 && [...s.cues].every((c) => c === 'follow_up' || c === 'plus');
  const narrativeFollowUp = previous?.intent === 'narrative' && ((s.periods.length === 0 && (s.unexplained.length > 0 || s.measures.length > 0 || says(words, THING))) || periodOnly);
  // A reason asked for a metric ("why was net income positive?") stays a why: its answer is the releases' words, never a
  // figure. Not of a name nobody explained ("why did SMS revenue grow?"): that is about SMS, in the text.
  // Nor of a word said just before the metric that the reader does not know ("why did new software license revenue grow",
  // "nonperforming assets", "Energy & Transportation profit"): a part of it, in the text (it gave the whole line's reasons).
  const qualified = s.measures.some((m) => {
    const t = m.at - 1;
    return t >= 0 && !s.spanned.has(t) && !s.fillerTokens.has(t) && !s.companyTokens.has(t) && s.unexplained.includes(s.tokens[t]?.word ?? '');
  });
  const whyOfMetric = has('why') && s.measures.length > 0 && s.names.length === 0 && !qualified;
  if ((s.unexplained.length > 0 && !whyOfMetric) || narrativeFollowUp) {
    // "what effect did it have on EPS?" after a question about the preferred stock in Q4 2003: "it" is that, then.
    const aboutBefore = !narrativeFollowUp && says(words, THING) && context !== undefined && context.measures.length > 0 && s.periods.length === 0;
    const periods = aboutBefore && context.period ? [context.period] : s.periods.map((p) => againstPrevious(p, context?.period));
    // A period alone asks the same words again, never the names the answer before happened to find ("and in 1999?" after
    // the text about book value per share searched "nynex ntl", of its first sentence).
    const again = periodOnly && previous && 'topic' in previous ? [...previous.topic] : undefined;
    // A line named after an answer from the text is searched by the words said for it, whole ("net income", never "net").
    const lineWords = narrativeFollowUp && !periodOnly ? s.measures.flatMap((m) => s.tokens.slice(m.at, m.to).map((t) => t.word)) : [];
    const topic = narrativeFollowUp ? again ?? [...new Set([...lineWords, ...topicWithContext(s, previous, subject)])] : aboutBefore ? [...new Set([...s.topic, ...measureTopic(context.measures)])] : s.topic;
    const names = [...new Set([...s.names, ...(narrativeFollowUp && previous?.intent === 'narrative' ? previous.names : [])])];
    // "And net income?" after an answer from the text about access lines: those words again with the line's, and where the
    // text says nothing of both, the line's figure offered (it searched the text for "net access" and stopped there).
    const figure = narrativeFollowUp && !periodOnly && s.measures.length > 0 && s.unexplained.length === 0 ? { figure: distinctMeasures(s) } : {};
    return { kind: 'question', question: { intent: 'narrative', topic, names, ...(periods[0] ? { period: periods[0] } : {}), ...(release ? { release } : {}), ...figure } };
  }

  // Fill from the conversation what the follow-up leaves out.
  // "sales and revenues" is one line said twice, not two.
  const said = distinctMeasures(s);
  let measures = said;
  // A year in a question of its own ("net income for 2002" after Q1 2003) is that year; in a follow-up ("and 2002?",
  // "same for 2002") it is the period before, in that year.
  // So is a year whose quarters are ranked ("worst quarter in 2002?" after Q4 2003: 2002's quarters, never Q4 2002).
  const ownQuestion = (s.measures.length > 0 && !has('follow_up')) || has('highest') || has('lowest') || whichWeighs(words)?.unit === 'quarter';
  // "Revenue last year end", "and last year end?" after revenue: a year end is a balance sheet's date; of a flow it is "last
  // year", and "the end of the prior year" a year before (it was refused as no balance).
  const lines = measures.length > 0 ? measures : context?.measures ?? [];
  const flowsAsked = (lines.length > 0 || previous?.intent === 'results') && lines.every((m) => !isBalance(m));
  const yearEndOfFlow = (p: PeriodQuery | undefined) => flowsAsked && p?.kind === 'opening' && p.through === true;
  const openingOfFlow = (p: PeriodQuery | undefined) => flowsAsked && p?.kind === 'opening' && !p.through;
  // "Since year end", and of a balance "up or down from year end", after June 30, 2003: the year end before it (December
  // 31, 2002), never the one after (it set December 31, 2003 against June 30).
  const since = (p: PeriodQuery, before: PeriodQuery | undefined) => ((words.includes('since') || (words.includes('from') && !flowsAsked)) && before && p.kind === 'span' && p.months === 12 && p.year === undefined ? shiftYears(before, -1) : before);
  // "And last quarter?" after the latest quarter itself (Oracle's Q4 fiscal 2014): the one before it, never that quarter again.
  // So after the latest balance sheet's date ("cash Dec 31 2003"): the quarter end before it, never that date again.
  // Said "last" ("and last quarter?"), never "the latest quarter", which is the latest itself (it gave Sears' Q1 2004
  // after Q2 2004: review 54).
  const lastSaid = words.some((w, i) => w === 'last' && words[i + 1] === 'quarter');
  const latestAgain = (p: PeriodQuery) => {
    if (!lastSaid) return false;
    const before = context?.period?.kind === 'id' ? context.period.id : balanceDateOf(context?.period);
    const book = p.kind === 'lastQuarter' && !p.back && s.measures.length === 0 && before ? bookFor(snapshot, s.company ?? previous?.company) : undefined;
    const latest = book ? periodIdOf(p, book) : undefined;
    // Where the quarter ended as printed (Apple's June 26, 2004; Oracle's fiscal Q4, May 31, 2014).
    const ended = (id: string | undefined) => {
      const parsed = id ? parsePeriodId(id) : undefined;
      return id && parsed ? (book?.endsOf(id) ?? periodEnd(parsed)) : undefined;
    };
    return latest !== undefined && (latest === before || (parsePeriodId(before ?? '')?.kind === 'instant' && ended(latest) === before));
  };
  // "And Buckle's Q3?" after Apple's Q3 2004: the year said before, where the other company has periods in it, else
  // none (its latest Q3), never a year its releases do not reach (it asked The Buckle for Q3 2004). A period said from
  // the one before ("Oracle's revenue the quarter before?" after Sears' Q2 2004) is that one still, never the latest (it
  // gave Oracle's latest quarter): where the releases do not reach it, they say so.
  const other = s.company && previous?.company && s.company !== previous.company ? bookFor(snapshot, s.company) : undefined;
  const yearCarried = (p: PeriodQuery, q: PeriodQuery): PeriodQuery => {
    const id = other && p.kind !== 'relative' && yearOf(p) === undefined && yearOf(q) !== undefined ? periodIdOf(q, other) : undefined;
    return id !== undefined && other?.conceptsIn(id).length === 0 ? p : q;
  };
  const partsDated = s.periods.some((p) => p.kind === 'span' && p.year !== undefined);
  // "The fiscal year before" is a whole fiscal year, never a quarter a year earlier: the one before the year of the period
  // asked before ("and the fiscal year before?" after Q4 2000: FY 1999), else before the latest (nothing asked before, only
  // the latest by default, or a question of its own: "oracle revenue the fiscal year before").
  const saidText = ` ${words.join(' ')} `;
  const wholeYearBefore = s.periods.length === 1 && CUES.whole_year_before.some((phrase) => saidText.includes(` ${phrase} `));
  const otherCompany = s.company !== undefined && figuresBefore?.company !== undefined && s.company !== figuresBefore.company;
  const askedBefore = ownQuestion || otherCompany ? undefined : context?.period;
  const yearAskedBefore = askedBefore && askedBefore.kind !== 'latest' && askedBefore.kind !== 'lastQuarter' ? fiscalEnd(askedBefore)?.year : undefined;
  // "Q4 of the year before last": that quarter of the year before the latest (it gave the latest Q4, the year dropped).
  const yearsBeforeLast = s.periods.length === 2 ? s.periods.find((p) => p.kind === 'lastYear' && (p.back ?? 0) > 0) : undefined;
  const partOfYearBefore = yearsBeforeLast?.kind === 'lastYear' ? s.periods.find((p) => p.kind === 'span' && p.year === undefined && !p.back && !p.byDate) : undefined;
  const aChange = (['compare', 'change', 'growth', 'difference', 'year_on_year'] as const).some(has);
  // "Sears revenue the quarter before?" after Apple's Q3 2003, "Infocrossing's a year earlier?" after Apple's Q3 2004, where
  // the fiscal years end apart: before or after it in time, by its dates (the three months ended March 2003; June 2003),
  // never by its label (Sears' Q2 2003 ended the same day as Apple's Q3 2003; the quarter after Sears' first half was
  // inside it). A period the asker did not say (the latest) is the other company's own, as before.
  const [fromBook, toBook] = otherCompany ? [bookFor(snapshot, figuresBefore?.company), bookFor(snapshot, s.company)] : [];
  const movedInTime = (p: PeriodQuery): PeriodQuery | undefined => {
    const asked = figureContext(figuresBefore)?.period;
    if (!fromBook || !toBook || fromBook.company.fiscalYearEnd === toBook.company.fiscalYearEnd || p.kind !== 'relative' || p.inYear !== undefined || asked?.kind !== 'id' || asked.own) return undefined;
    const span = calendarSpan({ kind: 'id', id: asked.id, byDate: true }, (id) => fromBook.endsOf(id), { endMonth: fromBook.company.fiscalYearEnd });
    return span.kind === 'span' ? movedByDates(span, p.years, p.quarters ?? 0) : undefined;
  };
  let periods = s.periods.map((p, i): PeriodQuery => {
    // "The quarter before Q3 2014 vs a year earlier?" after another question: a year before the period said with it, below,
    // never before the one asked before (it set Q2 2014 against Q4 2013).
    const saidBefore = s.periods[i - 1];
    if (p.kind === 'relative' && saidBefore !== undefined && saidBefore.kind !== 'relative') return p;
    if (wholeYearBefore && p.kind === 'relative' && p.years === -1 && !p.quarters && p.inYear === undefined) {
      return yearAskedBefore !== undefined ? { kind: 'year', year: yearAskedBefore - 1 } : { kind: 'lastYear', back: 1 };
    }
    const inTime = movedInTime(p);
    if (inTime) return inTime;
    if (latestAgain(p)) return againstPrevious({ kind: 'relative', years: 0, quarters: -1 }, context?.period);
    if (yearEndOfFlow(p)) return { kind: 'lastYear' };
    if (openingOfFlow(p)) return againstPrevious({ kind: 'relative', years: -1 }, context?.period);
    // A year beside parts of another ("Q4 and full year 2003 vs 2002") is the year they are set against, never the period before in it.
    return (ownQuestion || partsDated) && p.kind === 'year' ? p : yearCarried(p, againstPrevious(p, since(p, context?.period)));
  });
  const saidEarlier = yearsEarlierSaid(s, aChange, askedBefore, yearAskedBefore, words);
  if (saidEarlier) periods = [saidEarlier];
  // "Q2 of the year before last": of the year before the latest, or, while the latest year is not over, the year before
  // that: asked, as "Q2 last year" is (it gave the latest Q4, the year dropped).
  if (partOfYearBefore?.kind === 'span' && yearsBeforeLast?.kind === 'lastYear' && !has('compare')) {
    const back = yearsBeforeLast.back ?? 1;
    return whichOf('"The year before last" beside a quarter: which did you mean?', [back, back + 1].map((n): Question => ({ intent: 'figure', measures, periods: [{ ...partOfYearBefore, back: n }] })));
  }
  // "And for 2002?" after each quarter of 2003: each quarter of 2002, never the first alone.
  const yearAgain = !ownQuestion && periods.length === 1 && s.periods[0]?.kind === 'year' ? s.periods[0] : undefined;
  // Parts of years, of one year or several ("each quarter 2003 vs 2002"): each part of the year said, once.
  const partsOfYears = previous?.intent === 'figure' && context && context.periods.length > 1 && context.periods.every((p) => yearOnly(p) === undefined && yearOf(p) !== undefined);
  // Each part moved to the year said; the year all the parts were of, asked again, is the year itself ("and for 2003?" after
  // 2003's quarters), while after two years' quarters it is its quarters.
  const sameYear = yearAgain && context?.periods.every((p) => yearOf(p) === yearAgain.year);
  const movedTo = (year: number, p: PeriodQuery): PeriodQuery => {
    if (!sameYear && p.kind === 'span') return { ...p, year };
    if (!sameYear && p.kind === 'id') return withYear(p, year);
    return againstPrevious({ kind: 'year', year }, p);
  };
  // Once each, however written ("2002-Q3" found, Q3 2002 asked).
  const listedAgain = yearAgain && partsOfYears && context ? [...new Map(context.periods.map((p) => movedTo(yearAgain.year, p)).map((p) => [periodLabel(p), p])).values()] : undefined;
  if (listedAgain) periods = listedAgain;
  // "EBITDA that quarter" after a quote, a call or a contact of the Q1 release: the quarter that release reports, never the
  // latest; "that half", "that year": the half or the fiscal year it falls in.
  const releaseBefore = previous && (previous.intent === 'quote' || previous.intent === 'call' || previous.intent === 'contact' || previous.intent === 'narrative') ? previous.release ?? ('period' in previous ? previous.period : undefined) : undefined;
  if (releaseBefore && periods.length === 0 && s.measures.length > 0 && says(words, THING)) {
    const end = fiscalEnd(releaseBefore);
    const part = words.includes('half') ? partOf({ kind: 'part', months: 6 }, releaseBefore) : words.includes('year') && end ? { kind: 'span' as const, months: 12 as const, endMonth: 12, year: end.year } : releaseBefore;
    if (part) periods = [part];
  }
  // "Revenue since the beginning of 2003", "since the start of fiscal 2014", "since the start of the year": a flow from the
  // fiscal year's start to the latest, its year to date (it set the latest quarter against the quarter ending that day).
  // In a follow-up, the start of the year said bare is of the year asked before.
  const [started, besides] = s.periods;
  const sinceBook = bookFor(snapshot, s.company ?? previous?.company);
  const sinceStart = flowsAsked && words.includes('since') && !besides && sinceBook ? sinceYearStart(started, sinceBook) : undefined;
  // "And since the start of the year?" after Q2 2003: its year up to that quarter's end, H1 2003.
  const endAskedBefore = sinceStart?.kind === 'ytd' && sinceStart.year === undefined && askedBefore ? fiscalEnd(askedBefore) : undefined;
  // After a first quarter it is that quarter, as asked before (left to the comparison with a year earlier).
  const yearToDate: PeriodQuery | undefined = !endAskedBefore ? sinceStart
    : [6, 9].includes(endAskedBefore.endMonth) ? { kind: 'span', months: endAskedBefore.endMonth as 6 | 9, endMonth: endAskedBefore.endMonth, year: endAskedBefore.year }
    : endAskedBefore.endMonth === 12 ? { kind: 'ytd', year: endAskedBefore.year } : undefined;
  if (yearToDate) periods = [yearToDate];
  // "Cash change since year end" with nothing before it: the latest balance against the year's opening one.
  const [yearEnd, more] = periods;
  const yearEndSaid = (yearEnd?.kind === 'span' && yearEnd.months === 12 && yearEnd.year === undefined && words.includes('since')) || (yearEnd?.kind === 'opening' && (words.includes('since') || has('compare') || has('change')));
  if (yearEndSaid && !context?.period && !more) {
    periods = [{ kind: 'latest' }, { kind: 'opening' }];
  }
  // A word naming several figures, until the conversation says which ("what's that as a margin?").
  let unsettled = s.compound ? undefined : s.ambiguous[0];
  // "As a percent of revenue for the year?" after EBITDA names a line and a period, and still builds on the one before.
  const shareOnly = s.measures.length === 1 && s.shareOfEnds.includes(s.measures[0]?.at ?? -1);
  // "And R&D?" after "what share of revenue went to SG&A?": R&D's share of the same whole, never R&D alone, also in a period
  // said ("and R&D in Q2?"). Not asked as a question of its own ("what was R&D?") nor as an amount ("and R&D in dollars?").
  const shareBefore = context?.measures.length === 1 && context.measures[0]?.kind === 'ratio' && context.measures[0].percent ? context.measures[0] : undefined;
  // The follow-up's own words ("what about") ask nothing of their own; "what's R&D?" does.
  const asking = FOLLOW_UP_PHRASES.reduce((said, phrase) => said.replace(phrase, ' '), ` ${words.join(' ')} `).split(' ');
  const fragment = s.cues.has('follow_up') && [...s.cues].every((c) => c === 'follow_up' || c === 'plus') && !asking.some((w) => AMOUNT_WORDS.has(w) || QUESTION_WORDS.has(w));
  const followUp = context !== undefined && (measures.length === 0 || periods.length === 0 || shareOnly || (shareBefore !== undefined && fragment && s.measures.length === 1));
  if (followUp && context) {
    // After a share ("cash as a percent", then "as a percent of current assets?"), its part over the whole said.
    const before = shareBefore ? ratioSides(shareBefore)[0] : context.measures.length === 1 ? context.measures[0] : undefined;
    const base = before ? conceptOf(before) : undefined;
    // "Diluted?" after a share count: the diluted count, never diluted EPS.
    const lone = s.measures.length === 1 && s.measures[0] && s.measures[0].to - s.measures[0].at === 1 ? words[s.measures[0].at] : undefined;
    const counts = familyOf(base) === ONE.shares ? ONE.shares : undefined;
    if (counts && (lone === 'basic' || lone === 'diluted')) measures = [{ kind: 'concept', concept: counts[lone] }];
    // Revenue's margin is no margin: which one is asked back. A formula's margin is the vocabulary's ratio of it over
    // revenue ("as a margin?" after gross profit: the gross margin), where there is one.
    const marginAsked = s.ambiguous.length > 0 && measures.length === 0 && /margin/.test(s.ambiguous[0]?.phrase ?? '');
    if (marginAsked && base && base !== 'revenue') {
      measures = [{ kind: 'ratio', numerator: base, denominator: 'revenue' }];
      unsettled = undefined;
    }
    const formulaMargin = marginAsked && !base && context.measures.length === 1 && context.measures[0]?.kind === 'formula' ? context.measures[0].formula : undefined;
    const marginOfFormula = formulaMargin ? METRICS.formulas.find((f) => f.op === 'ratio' && termIs(f.terms[0], formulaMargin) && termIs(f.terms[1], 'revenue')) : undefined;
    if (marginOfFormula) {
      measures = [{ kind: 'formula', formula: marginOfFormula.id }];
      unsettled = undefined;
    }
    // "And as a percent?" after gross profit: its margin over revenue (after cash, its share of total assets), as asked of
    // it in one question (it gave the amount again); after revenue, which has neither, its change or its amount is asked.
    // Never after a change or a comparison ("in percentage terms?" after a fall is the fall's percent), nor of a growth
    // ("and the rate of growth?").
    // So after several lines ("and as a percent?" after COGS and SG&A: each one's).
    const percentAsked = measures.length === 0 && context.measures.length > 0 && previous?.intent === 'figure' && !previous.rank
      && words.some((w) => PERCENT_WORDS.has(w)) && !aChange && !words.some((w) => CUES.growth.includes(w));
    const shareAskedAfter = asksShare(words, previous?.intent === 'figure' ? previous.periods.length : 2, false);
    const linesInPercent = percentAsked ? context.measures.map((m) => (isRatio(m) ? m : percentOfLine(m, shareAskedAfter))) : [];
    const withoutPercent = context.measures.find((_, i) => !linesInPercent[i]);
    if (percentAsked && !withoutPercent && linesInPercent.some((m, i) => m !== context.measures[i])) {
      measures = linesInPercent.filter((m): m is Measure => m !== undefined);
      unsettled = undefined;
    } else if (percentAsked && withoutPercent && shareAskedAfter) {
      // "As a percent?" after revenue, EPS, total assets: its change or its amount is asked (it gave the amount again).
      if (previous?.intent === 'figure') return percentOfWhat(measureLabel(withoutPercent), { ...previous, measures: [...context.measures] });
    }
    // "as a share of revenue?" after EBITDA: the previous metric over this one, never this one alone. After a formula
    // (gross profit), the vocabulary's ratio of the two (gross margin); no such ratio: not understood, never revenue.
    const over = s.measures.length === 1 ? s.measures[0] : undefined;
    // A formula's line stands as the whole ("as a percent of gross profit?": Apple's gross margin line), its formula kept; in
    // percent where said so (it gave the whole alone, or 0.81 times for "as a percent of operating income?": review 57).
    const denominator = over && s.shareOfEnds.includes(over.at) ? statementLineOf(over.measure) : undefined;
    const inPercent = words.some((w) => PERCENT_WORDS.has(w) || w === '%');
    if (base && over && denominator && base !== denominator) {
      measures = [{ kind: 'ratio', numerator: base, denominator, ...(inPercent ? { percent: true } : {}), ...(over.measure.kind === 'formula' ? { denominatorFormula: over.measure.formula } : {}) }];
    }
    const part = over && !denominator && fragment ? statementLineOf(over.measure) : undefined;
    if (shareBefore && over && part && part !== shareBefore.denominator && conceptInfo(part).measure === conceptInfo(shareBefore.denominator).measure) {
      const [, whole] = ratioSides(shareBefore);
      measures = [ratioOf(over.measure, part, sideOf(whole, shareBefore.denominator), true)];
    }
    // "And the amount?", "in dollars?" after a share, naming no line: the part's amount, never the share again; after a
    // margin, the amount it is of.
    const amountAsked = s.measures.length === 0 && words.some((w) => AMOUNT_WORDS.has(w)) && !words.some((w) => PERCENT_WORDS.has(w));
    if (shareBefore && amountAsked) measures = [ratioSides(shareBefore)[0]];
    const marginBefore = context.measures.length === 1 && context.measures[0]?.kind === 'formula' ? amountOfMargin(context.measures[0].formula) : undefined;
    if (marginBefore && amountAsked) measures = [marginBefore];
    // "As a % of sales?" after the cost of sales: in the asker's words, as said in one question (`overSales`).
    if (over && denominator === 'revenue') s.revenueOver = revenueWord(s.tokens, over);
    const formulaBefore = context.measures.length === 1 && context.measures[0]?.kind === 'formula' ? context.measures[0].formula : undefined;
    if (!base && denominator && formulaBefore) {
      const ratio = METRICS.formulas.find((f) => f.op === 'ratio' && termIs(f.terms[0], formulaBefore) && termIs(f.terms[1], denominator));
      if (!ratio) return aboutTheText({ ...s, topic: [...new Set([...measureTopic(context.measures), ...s.topic])] }, periods[0] ?? context.period);
      measures = [{ kind: 'formula', formula: ratio.id }];
    }
    // "per share?" after a metric that is not earnings: that metric per share, which no table prints, never EPS.
    // So is "per diluted share?" (it gave diluted EPS).
    const perShare = s.measures.length === 1 && s.measures[0] !== undefined && saidPerShare(s, s.measures[0]);
    if (perShare && base && !['net_income', 'net_income_to_common'].includes(base) && familyOf(base) !== ONE.eps) {
      return aboutTheText({ ...s, topic: [...new Set([...measureTopic(context.measures), ...s.topic])] }, periods[0] ?? context.period);
    }
    // "And expenses?" after net income: which costs, as asked alone, never the line before again.
    const spending = s.measures.length === 0 && !has('results') ? words.find((w) => COST_WORDS.has(w)) : undefined;
    if (spending && COSTS) return clarifyMeasure(COSTS.choices, spending, periods.length > 0 ? periods : context.period ? [context.period] : []);
    // "And what did they earn?" after a line: the results of the period before (the words asked alone give them), never that
    // line again (it gave the revenue or the total assets again); after cash, cash said as a flow, asked back below.
    const earningAsked = s.measures.length === 0 && words.some((w) => EARNING_VERBS.has(w)) && !context.measures.some((m) => conceptOf(m) === 'cash');
    if (measures.length === 0 && previous?.intent !== 'results' && !earningAsked) measures = context.measures;
    // "And last year?" after a quarter or a year: a year before it, or the latest year the releases give? Asked, never guessed.
    const lastYearSaid = s.periods.length === 1 && ((s.periods[0]?.kind === 'lastYear' && !s.periods[0].back) || yearEndOfFlow(s.periods[0])) && words.some((w, i) => w === 'last' && (words[i + 1] === 'year' || (words[i + 1] === 'fiscal' && words[i + 2] === 'year')));
    const asked = context.period;
    if (lastYearSaid && measures.length > 0 && asked && yearOf(asked) !== undefined && !has('compare') && !has('change') && !has('trend')) {
      // "And adjusted last year?": each reading adjusted (it was the figure as reported).
      const adjusted = has('excluding') ? { excluding: true as const } : {};
      const yearBefore: Question = { intent: 'figure', measures, periods: [shiftYears(asked, -1)], ...adjusted };
      const latestYear: Question = { intent: 'figure', measures, periods: [{ kind: 'lastYear' }], ...adjusted };
      return { kind: 'clarify', prompt: '"Last year" after that: which did you mean?', every: true, alternatives: [
        { label: `${describeQuestion(yearBefore)} (a year before)`, question: yearBefore },
        { label: describeQuestion(latestYear), question: latestYear },
      ] };
    }
    // Said "last quarter" (never "the latest quarter", which is what it says), after figures (a comparison keeps its own).
    const lastQuarterAsked = lastSaid && previous?.intent === 'figure' && s.periods.length === 1 && s.measures.length === 0 && measures.length > 0 && !aChange ? lastQuarterAfter(s.periods[0], askedBefore, measures, bookFor(snapshot, s.company ?? previous?.company)) : undefined;
    if (lastQuarterAsked) return lastQuarterAsked;
    // "And in 2002?", "and EBITDA?" after "which quarter had the highest revenue in 2003?": that ranking again, of that
    // year's quarters or of that line, never the year's total.
    const rankedBefore = previous?.intent === 'figure' ? previous.rank : undefined;
    const yearSaid = s.periods.length === 1 && s.periods[0]?.kind === 'year' ? s.periods[0] : undefined;
    const newWeighing = has('highest') || has('lowest') || has('compare') || has('change') || has('trend') || whichWeighs(words) !== undefined;
    if (rankedBefore && previous?.intent === 'figure' && (s.periods.length === 0 || yearSaid) && !newWeighing && measures.length > 0) {
      return rankReading(rankedBefore, s, measures, yearSaid ? [yearSaid] : previous.periods, snapshot);
    }
    // "And 2002?" after H2 2003 against H1 2003: the same two periods of 2002, never H2 2002 against a year earlier.
    const within = previous?.intent === 'compare' && previous.period && previous.versus && yearOf(previous.period) !== undefined && yearOf(previous.period) === yearOf(previous.versus) ? previous : undefined;
    if (within?.period && within.versus && yearSaid && s.measures.length === 0 && !newWeighing) {
      return { kind: 'question', question: { intent: 'compare', measures, period: withYear(within.period, yearSaid.year), versus: withYear(within.versus, yearSaid.year) } };
    }
    // "And Q4?", "just Q2", "and the full year?" after parts of 2003 each against 2002's: the parts said, each against its own
    // again. Not after pairs of other parts ("Q4 2003 vs Q3 2003 and FY 2003 vs 2002"): no year is set against another there.
    const half = previous?.intent === 'figure' && previous.paired ? previous.periods.length / 2 : 0;
    const sameParts = previous?.intent === 'figure' && half > 0 && previous.periods.slice(0, half).every((p, k) => samePart(p, previous.periods[half + k]));
    const pairedBefore = sameParts && previous?.intent === 'figure' ? [yearOf(previous.periods[0] as PeriodQuery), yearOf(previous.periods[half] as PeriodQuery)] : [];
    const [laterYear, earlierYear] = pairedBefore;
    if (laterYear !== undefined && earlierYear !== undefined && laterYear !== earlierYear && s.periods.length > 0 && s.measures.length === 0 && !newWeighing && periods.every((p) => p.kind === 'span' && p.year === laterYear)) {
      return { kind: 'question', question: { intent: 'figure', measures, periods: [...periods, ...periods.map((p) => withYear(p, earlierYear))], paired: true } };
    }
    // "Which was highest?" after several quarters: ranked among them, not the first of them alone. After one, the
    // periods asked about before it are not kept: which to rank is asked, never the one period given as the answer.
    const ranking = has('highest') ? 'highest' : has('lowest') ? 'lowest' : undefined;
    // After a year, its quarters are what is ranked (below); "which was bigger?" weighs two things, which one year is not.
    const weighsTwo = words.some((w) => COMPARATIVES.has(w)) && !words.some((w) => w === 'quarter' || w === 'quarters');
    const only = context.periods.length === 1 && context.periods[0] && (weighsTwo || yearOnly(context.periods[0]) === undefined) ? context.periods[0] : undefined;
    // "Best year?", "the better half?": the two years or halves weighed below, not quarters to rank.
    const weighsLonger = whichWeighs(words)?.unit === 'year' || whichWeighs(words)?.unit === 'half';
    if (ranking && !weighsLonger && periods.length === 0 && only && measures.length > 0) {
      const year = yearOf(only);
      const inYear: Question = { intent: 'figure', measures, periods: year !== undefined ? [{ kind: 'year', year }] : [], rank: ranking };
      const every: Question = { intent: 'figure', measures, periods: [], rank: ranking };
      return { kind: 'clarify', prompt: `I keep only your last question (${periodLabel(only)}), not the periods before it. Which quarters should I rank?`, alternatives: [
        ...(year !== undefined ? [{ label: describeQuestion(inYear), question: inYear }] : []),
        { label: describeQuestion(every), question: every },
      ] };
    }
    // "What's the difference?" after "revenue Q4 2003" and "and Q3 2003?": those two periods, the later against the earlier,
    // never the last against a year before it.
    const inTurn = periodsAskedInTurn(previous, earlier);
    // "Why down?" asks for a reason, which the comparison does not give: read below, as "why" is.
    if (changeAsked && inTurn && periods.length === 0 && s.measures.length === 0 && !has('why') && !has('year_on_year') && !has('sequential') && !has('trend')) {
      return { kind: 'question', question: { intent: 'compare', measures: inTurn.measures, period: inTurn.later, versus: inTurn.earlier } };
    }
    // "What is the difference?" after two lines of one period: the one less the other where the vocabulary names it (revenue
    // and cost of revenues: gross profit), else the lines side by side, asked; never each against a year earlier.
    const onlyDifference = has('difference') && !has('compare') && !has('change') && !has('growth') && !has('year_on_year') && !has('sequential');
    const [lineA, lineB] = context.measures.map(conceptOf);
    if (onlyDifference && previous?.intent === 'figure' && periods.length === 0 && s.measures.length === 0 && context.measures.length === 2 && context.periods.length === 1 && lineA && lineB) {
      const formula = subtraction(lineA, lineB) ?? subtraction(lineB, lineA);
      if (formula) return { kind: 'question', question: { intent: 'figure', measures: [{ kind: 'formula', formula: formula.id }], periods: [...context.periods] } };
      return linesNotSubtracted(context.measures, [...context.periods]);
    }
    const added = addedInFollowUp(s, words, periods, context, previous, earlier, changeAsked);
    if (added) return added;
    // "And both?", "what about the two?" after two periods or two lines asked in turn: both figures side by side, never
    // the last alone.
    // "And net income for those?", "net income for both?" after two periods asked in turn: the line said, in both.
    const pairSaid = [...s.cues].every((c) => c === 'follow_up' || c === 'plus' || c === 'both') && periods.length === 0 && words.some((w) => PAIR_WORDS.has(w));
    const bothAsked = pairSaid && s.measures.length === 0;
    const linesInTurn = bothAsked ? linesAskedInTurn(previous, earlier) : undefined;
    if (pairSaid && inTurn) return { kind: 'question', question: { intent: 'figure', measures: bothAsked ? inTurn.measures : measures, periods: [inTurn.earlier, inTurn.later] } };
    if (linesInTurn && previous?.intent === 'figure') return { kind: 'question', question: { intent: 'figure', measures: linesInTurn, periods: [...previous.periods] } };
    // "Growth between them?" after one period: the periods before it are not kept, so which comparison is asked back,
    // never that period against a year earlier as if it were the pair meant.
    const pair = context.periods.length === 1 ? context.periods[0] : undefined;
    // Not a pair of lines ("the difference between revenue and EBITDA", "how did both change" after two lines), nor a basis said ("yoy").
    const betweenTwo = changeAsked && words.some((w) => PAIR_WORDS.has(w)) && s.measures.length === 0 && context.measures.length === 1 && !has('year_on_year') && !has('sequential');
    if (betweenTwo && periods.length === 0 && pair && measures.length > 0 && previous?.intent !== 'compare') {
      const yearEarlier: Question = { intent: 'compare', measures, period: pair };
      const quarterBefore: Question = { intent: 'compare', measures, period: pair, sequential: true };
      return { kind: 'clarify', prompt: `I keep only your last question (${periodLabel(pair)}), not the periods before it. Which comparison did you mean?`, alternatives: [
        { label: describeQuestion(yearEarlier), question: yearEarlier },
        ...(monthsSaid(pair) === 3 ? [{ label: describeQuestion(quarterBefore), question: quarterBefore }] : []),
      ] };
    }
    // "And EBITDA?" after Q2 against Q1: the same two periods, never the first against a year earlier. So is "compare
    // the two" after two periods' figures.
    const pairBefore = previous?.intent === 'compare' || (previous?.intent === 'figure' && changeAsked);
    if (periods.length === 0 && ranking && context.periods.length > 1) periods = [...context.periods];
    else if (periods.length === 0 && pairBefore && context.periods.length === 2 && !has('trend') && !has('sequential') && !has('year_on_year')) periods = [...context.periods];
    // "Chart it": every period of the metric, not the one asked before. "And revenue?" after several periods' figures:
    // each of them, never the first alone.
    else if (periods.length === 0 && context.period && !has('trend') && !weighsLonger) periods = previous?.intent === 'figure' && context.periods.length > 1 ? [...context.periods] : [context.period];
  }
  const comparingWords = has('compare') || has('change');
  // "Change to year end?", "how much did it rise by December 31, 2003?": a change from the period before to the one named,
  // never the one named against a year earlier (it set December 31, 2003 against December 31, 2002).
  const runsTo = has('change') && !has('compare') && words.some((w) => RANGE_ENDS.has(w));
  // "How much higher was it at year end 2003?" after a balance: the date named against the one before, as "than" would set
  // it (a flow's "how much higher is the first?" names no period).
  const comparedOn = balanceDateOf(context?.period) !== undefined && words.some((w) => COMPARATIVES.has(w)) && !words.includes('than');
  const onlyRelative = s.periods.length > 0 && s.periods.every((p) => p.kind === 'relative' || p.kind === 'lastYear');
  // "Change over the last quarter?", "over the half?" after a balance at June 30, 2003: over the months up to that date,
  // from March 31 (it set the latest quarter against a year earlier).
  const [over] = s.periods;
  const monthsOver = over?.kind === 'part' ? over.months : over?.kind === 'lastQuarter' && !over.back ? 3 : undefined;
  const dated = balanceDateOf(context?.period) !== undefined ? context?.period : undefined;
  const fromBefore = monthsOver !== undefined && s.periods.length === 1 && s.measures.length === 0 && has('change') && dated ? shiftQuarters(dated, -monthsOver / 3) : undefined;
  if (fromBefore && dated) {
    periods = [dated, fromBefore];
  } else if (context?.period && comparingWords && onlyRelative) {
    // "compare that to last year", "how does that compare with a year earlier?": the period before, against a year earlier.
    const before = s.periods[0] as PeriodQuery;
    const moved = movedFrom(context.period, before);
    if (!moved) return unmovedPeriod(`${periodLabel(before)} ${periodLabel(context.period)}`);
    periods = [context.period, moved];
  } else if (context?.period && !yearToDate && (has('compare') || (has('change') && ['than', 'from', 'since'].some((w) => words.includes(w))) || runsTo || comparedOn) && s.measures.length === 0 && s.periods.length === 1) {
    // "compare that to 2002" after Q4 2003: the period before against the one named (Q4 2002), not 2002 against a year before it;
    // "was that higher than Q3?", "how much is that up from Q3?": Q4 2003 against Q3 2003. "Vs year end?" after a balance at
    // June 30, 2003: against the year end before it, as a balance sheet sets them (it set December 31, 2003 against it); "change
    // to year end?", the year end the change runs to, after it.
    const date = balanceDateOf(context.period);
    const versus = periods[0] as PeriodQuery;
    // "Change from then through year end": the year end it runs to whatever year the "from" gave it.
    const bareYearEnd = s.periods[0]?.kind === 'span' && s.periods[0].months === 12 && s.periods[0].year === undefined;
    const yearEndAfter = bareYearEnd && ((versus.kind === 'span' && versus.year === Number(date?.slice(0, 4))) || runsTo);
    const yearEnd: PeriodQuery | undefined = date === undefined ? undefined : runsTo ? { kind: 'closing', after: date } : { kind: 'opening', before: date };
    // "How much higher was it at year end?" after June 30, 2003: the year end before, or the one after? Asked, each a pick away.
    if (comparedOn && bareYearEnd && !has('compare') && !runsTo && date !== undefined && measures.length > 0) {
      return whichOf('"Year end": the one before, or the one after?', [
        { intent: 'compare', measures, period: context.period, versus: { kind: 'opening', before: date } },
        { intent: 'compare', measures, period: { kind: 'closing', after: date }, versus: context.period },
      ]);
    }
    periods = [context.period, yearEndAfter && yearEnd ? yearEnd : versus];
  }
  // "A year earlier", "the quarter before" move from the other period said; "last year" only once another is said before it
  // ("Q4 2003 vs last year") or it is said as what is compared with ("vs last year, Q4 2003"). Said first, it is the latest
  // year itself: "last year vs the year before" is that year against the one before it (it was the latest quarter's),
  // "last year vs 2002" that year against 2002 (it was 2001 against 2002).
  const movedRelative = periods.findIndex((p) => p.kind === 'relative');
  // Beside "the year before last" it is the latest year too: "the year before last vs last year" (it was 2001 vs 2002).
  const beforeLast = periods.some((p) => p.kind === 'lastYear' && (p.back ?? 0) > 0);
  const relative = movedRelative >= 0 ? movedRelative : beforeLast ? -1 : periods.findIndex((p, i) => p.kind === 'lastYear' && (i > 0 || s.comparandFirst));
  // "last quarter vs the quarter before": the quarter before whichever is the latest, settled when answered.
  let sequential = has('sequential');
  // "And Q4?" after a quarter against the one before: that quarter against the one before it, as the first was; a
  // period of its own to compare with, a year earlier said, or a longer period ("and the year?") is theirs.
  const versusBefore = previous?.intent === 'compare' ? previous.versus : undefined;
  const quarterBefore = (versusBefore?.kind === 'id' && versusBefore.found === 1) || (versusBefore?.kind === 'relative' && versusBefore.years === 0 && versusBefore.quarters === -1);
  const sequentialBefore = previous?.intent === 'compare' && (previous.sequential === true || quarterBefore);
  const spanOverAQuarter = (p: PeriodQuery | undefined) => p?.kind === 'span' && p.months > 3;
  if (followUp && sequentialBefore && s.measures.length === 0 && s.periods.length === 1 && periods.length === 1 && !spanOverAQuarter(s.periods[0]) && !has('year_on_year') && !has('compare')) sequential = true;
  const quarterBack = periods[relative];
  // So is any period against "the previous quarter" said as a comparison ("Q3 2014 vs the previous quarter"): a quarter
  // against the one before it, which its follow-ups ("and Q2?") are too.
  const againstQuarterBefore = quarterBack?.kind === 'relative' && quarterBack.years === 0 && quarterBack.quarters === -1 && quarterBack.inYear === undefined && periods.length === 2;
  if (againstQuarterBefore && (periods.some((p) => p.kind === 'lastQuarter' || p.kind === 'latest') || changeAsked)) {
    periods = periods.filter((_, i) => i !== relative);
    sequential = true;
  } else if (s.eachAlone && !context?.period && periods.every((p) => p.kind === 'relative')) {
    const { said, query } = s.eachAlone;
    if (!query.orLatest) return { kind: 'invalid', title: 'Which period?', message: `"${said}": before or after which period? Name it ("the two quarters before Q4 2003"), or the periods themselves ("Q2 and Q3 2003").` };
    // "The previous two quarters" with nothing before it: the latest two, or the two before the latest? Asked for figures
    // of their own, as "the previous quarter" is; otherwise the latest, as it was read before.
    const count = Math.abs(query.quarters || query.years);
    const unit = query.quarters ? 'quarter' : 'year';
    const latest: PeriodQuery = { kind: 'recent', count, unit };
    if (measures.length > 0 && !comparingWords && !has('sequential')) {
      const back = Array.from({ length: count }, (_, k): PeriodQuery => ({ kind: unit === 'quarter' ? 'lastQuarter' : 'lastYear', back: count - k }));
      return whichOf(`"${said}": which did you mean?`, [{ intent: 'figure', measures, periods: [latest] }, { intent: 'figure', measures, periods: back }]);
    }
    periods = [latest];
  } else if (relative >= 0 && periods.length > 1) {
    // Each moved from the period said that is not moved: "Q4 2003, the quarter before and the year before", "Q4 2003 and the
    // two quarters before" (the second was left to move from the latest).
    const fixed = periods.findIndex((p, i) => i !== relative && p.kind !== 'relative');
    const base = periods[fixed] ?? (periods.find((_, i) => i !== relative) as PeriodQuery);
    const moving = fixed >= 0 ? [...new Set([relative, ...periods.flatMap((p, i) => (p.kind === 'relative' ? [i] : []))])] : [relative];
    for (const at of moving.sort((a, b) => b - a)) {
      const yearBack = periods[at] as PeriodQuery;
      const earlier = movedFrom(base, yearBack);
      if (!earlier) return unmovedPeriod(`${periodLabel(yearBack)} ${periodLabel(base)}`);
      // Before "the latest quarter" a year is not said by a query: the comparison's own "a year earlier" is it.
      const oneYear = (yearBack.kind === 'relative' && yearBack.years === -1 && !yearBack.quarters) || (yearBack.kind === 'lastYear' && !yearBack.back);
      if (JSON.stringify(earlier) === JSON.stringify(base) && oneYear) periods.splice(at, 1);
      else periods[at] = earlier;
    }
  }
  const endedThen = periodEndedAsked(words, periods, measures, bookFor(snapshot, s.company ?? previous?.company));
  if (endedThen) return endedThen;
  // "The previous quarter" with nothing before it: the latest quarter, or the one before it? Asked for a figure of its
  // own, as "the previous year" is; compared with another period, the latest.
  const previousQuarter = !context?.period && periods.length === 1 && periods[0]?.kind === 'relative' && periods[0].quarters === -1;
  if (previousQuarter && measures.length > 0 && !comparingWords && !has('sequential')) {
    return whichOf('"The previous quarter": which did you mean?', [{ intent: 'figure', measures, periods: [{ kind: 'lastQuarter' }] }, { intent: 'figure', measures, periods: [{ kind: 'lastQuarter', back: 1 }] }]);
  }
  periods = periods.map((p) => (p.kind === 'relative' && p.quarters === -1 ? { kind: 'lastQuarter' } : p));
  // "EBITDA for the previous year" with nothing before it: the latest year or the one before it, asked; never the latest quarter a year back.
  const [yearBack] = periods;
  const previousYear = !context?.period && periods.length === 1 && yearBack?.kind === 'relative' && yearBack.years === -1 && !yearBack.quarters && yearBack.inYear === undefined
    && words.some((w, i) => (w === 'previous' || w === 'prior') && words[i + 1] === 'year' && !['quarter', 'period', 's', 'end', 'ending', 'ended'].includes(words[i + 2] ?? ''))
    // "The same quarter of the prior year" names its part: that part a year before, not a whole year.
    && !s.periodWords.some((w) => w === 'quarter' || w === 'period' || w === 'time');
  if (previousYear && measures.length > 0 && !comparingWords) {
    return whichOf('"The previous year": which did you mean?', [{ intent: 'figure', measures, periods: [{ kind: 'lastYear' }] }, { intent: 'figure', measures, periods: [{ kind: 'lastYear', back: 1 }] }]);
  }
  // "Cash vs last quarter": the latest against the quarter before it, never the latest against itself. "Cash vs (last)
  // year end": the latest balance against the fiscal year's opening one, as "since year end" is.
  const [comparand] = periods;
  const againstLastQuarter = comparand?.kind === 'lastQuarter' && !comparand.back;
  const balanceAsked = measures.some(isBalance);
  const againstYearEnd = balanceAsked && periods.length === 1 && ((comparand?.kind === 'span' && comparand.months === 12 && comparand.year === undefined) || comparand?.kind === 'opening');
  if (periods.length === 1 && s.periods.length === 1 && s.comparandFirst && comparingWords && againstLastQuarter) {
    return { kind: 'question', question: { intent: 'compare', measures, sequential: true } };
  }
  if (s.comparandFirst && comparingWords && againstYearEnd) periods = [{ kind: 'latest' }, { kind: 'opening' }];
  // "Revenue vs 2002", "was revenue higher than in Q3 2003?": the one period said is what the latest like it is compared with.
  const latest = periods.length === 1 && s.periods.length === 1 && s.comparandFirst && comparingWords ? latestLike(periods[0] as PeriodQuery) : undefined;
  if (latest) periods = [latest, periods[0] as PeriodQuery];
  // "Is cash higher than a year ago?": the latest against a year earlier, which a comparison with no period is.
  if (periods.length === 1 && periods[0]?.kind === 'relative' && (has('compare') || has('change') || has('difference'))) periods = [];

  if (unsettled) return clarifyMeasure(unsettled.choices, unsettled.phrase, periods, said);
  // "How much cash did they generate in 2003?": cash said as a flow is never the balance at the period's end.
  const cashFlowWord = measures.some((m) => m.kind === 'concept' && m.concept === 'cash') ? words.find((w) => CASH_FLOW_WORDS.has(w)) : undefined;
  if (cashFlowWord) return clarifyCashFlow(cashFlowWord, measures, periods);

  if (measures.length === 0) {
    // "Results vs last year": the headline results, which set each figure against a year earlier.
    if (has('results') && periods.length > 0 && periods.every((p) => p.kind === 'relative' || p.kind === 'lastYear')) return { kind: 'question', question: { intent: 'results' } };
    if ((has('change') || has('compare')) && !context) return clarifyCompare(periods);
    // "What were the expenses in Q4 2003?": which costs, never the headline results.
    const spending = has('results') ? undefined : words.find((w) => COST_WORDS.has(w));
    if (spending && COSTS) return clarifyMeasure(COSTS.choices, spending, periods);
    // "And at the start of the year?" with no line before it: a balance sheet's date, whose balance is not said.
    if (periods.length > 0 && periods.every((p) => p.kind === 'opening')) {
      return { kind: 'invalid', title: 'Which balance?', message: `The start of the year is a balance sheet's date: name the balance, for example "cash at the start of the year".` };
    }
    // "how did Q4 go?" or a period alone: the headline results; anything more said is a topic.
    if (has('results') || previous?.intent === 'results' || (periods.length > 0 && s.topic.length === 0)) {
      if (has('compare') && !periods.length) return clarifyCompare();
      const period = periods[0];
      // The results of the last few quarters: their headline figures, each quarter (the results of one are of one).
      if (period?.kind === 'recent') return { kind: 'question', question: { intent: 'figure', measures: [{ kind: 'concept', concept: 'revenue' }, { kind: 'concept', concept: 'net_income' }], periods: [period] } };
      return { kind: 'question', question: { intent: 'results', ...(period ? { period } : {}) } };
    }
    if (comparingWords) return clarifyCompare(periods);
    return aboutTheText(s, undefined);
  }

  // "accretion ... and per share": a per-share amount of something other than earnings is no EPS line.
  const perShareOf = s.measures.find((m) => saidPerShare(s, m));
  const earningsLike = measures.some((m) => m.kind === 'concept' && ['net_income', 'net_income_to_common'].includes(m.concept));
  const notEarningsPerShare = measures.some((m) => familyOf(conceptOf(m)) !== ONE.eps);
  if (perShareOf && measures.length > 1 && !earningsLike && notEarningsPerShare) {
    return aboutTheText(s, periods[0]);
  }
  // "EPS excluding special items" leaves the unusual out: the figure without them, not why it moved.
  if (has('why') || (has('unusual') && !has('excluding'))) {
    const period = periods[0];
    // Of a question of its own: after others, the figure the conversation was about may be a part of this one, or set
    // against another period (it said Buckle's revenue "did not rise" after its online sales, EBITDA "did not fall"
    // against a year earlier after Q1 and Q2 were asked in turn).
    const premise = previous ? undefined : premiseOf(s);
    const why: Question = { intent: 'why', measures, topic: s.topic, ...(period ? { period } : {}), ...(has('unusual') ? { unusual: true } : {}), ...(premise ? { premise } : {}) };
    // "Net income 2003 and what drove it", "revenue 2003 vs 2002 and why": the figures, or the reason? Asked.
    if (figureFirst) return twoQuestions({ intent: 'figure', measures, periods }, why);
    return { kind: 'question', question: why };
  }
  // A role beside a metric ("who is the CEO and what was revenue?", "media revenue"): two questions, or one the tables
  // cannot answer. Which is asked back, with the text about both; neither is answered as if it were the question.
  const role = s.roles[0];
  if (role && s.measures.length > 0) {
    const figure: Question = { intent: 'figure', measures, periods };
    return { kind: 'clarify', prompt: 'This names a role and a figure. Which did you mean?', alternatives: [
      { label: `Contact: ${role}`, question: { intent: 'contact', role } },
      { label: describeQuestion(figure), question: figure },
      { label: `What the releases' text says about "${s.topic.join(' ')}"`, question: textQuestion(s, periods[0]) },
    ] };
  }
  // Figures only the narrative gives are compared in its words, not recomputed.
  // So is a metric with a word the bot knows only as something else ("online sales", "phone revenue", "headline
  // EPS"): a part or a kind of it no table prints, never a figure of the whole.
  // So is an average of a metric ("average revenue per quarter"): the releases print averages of share counts only.
  const averagedOf = (ms: readonly Measure[]) => has('average') && ms.some((m) => {
    const c = conceptOf(m);
    return !c || conceptInfo(c).measure !== 'shares';
  });
  const averaged = averagedOf(s.measures.map((m) => m.measure));
  const otherWords = callFieldSaid || s.contactFields.length > 0 || s.profile !== undefined || s.compound || averaged || s.amountSaid;
  if ((comparingWords && measures.some((m) => m.kind === 'narrative')) || (otherWords && s.measures.length > 0)) {
    return aboutTheText(s, periods[0]);
  }
  // "And the average?" after a balance: so is the average of the line asked before, never that line again as if it were.
  if (followUp && s.measures.length === 0 && averagedOf(measures)) return aboutTheText({ ...s, topic: [...new Set([...measureTopic(measures), ...s.topic])] }, periods[0]);
  // "excluding the licensor credit", and "adjusted EPS" naming none: never the figure as reported, as if asked for.
  const excluding = has('excluding');
  // "Apple vs Oracle revenue by quarter": the other companies named are drawn beside the first.
  const others = s.companies.slice(1);
  // "And net income?", "and The Buckle?" after revenue by quarter: by quarter again, never the latest quarter alone.
  const trendBefore = previous?.intent === 'trend' && fragment && (s.measures.length > 0 || s.companies.length > 0) && s.periods.length === 0 ? previous : undefined;
  const drawnBeside = others.length > 0 ? others : s.companies.length === 0 ? trendBefore?.companies ?? [] : [];
  if ((has('trend') || trendBefore) && periods.length === 0) return { kind: 'question', question: { intent: 'trend', measures, ...(drawnBeside.length > 0 ? { companies: drawnBeside } : {}) } };
  // "revenue in each quarter of 2003": the year's quarters, not its total.
  const year = periods.length === 1 ? yearOnly(periods[0] as PeriodQuery) : undefined;
  // Of a calendar year ("each quarter of calendar 2013"), the calendar's quarters, never the company's fiscal ones; a year
  // said by its end in another month ("the year ended May 31, 2014") is the company's own, its quarters its fiscal ones.
  const asked = periods[0];
  const byDate = asked?.kind === 'span' && asked.byDate === true && asked.months === 12 && asked.endMonth === 12;
  if (has('trend') && year !== undefined) return { kind: 'question', question: { intent: 'figure', measures, periods: quartersOf(year).map((q) => (byDate ? { ...q, byDate } : q)), ...(excluding ? { excluding: true } : {}) } };
  // "Revenue Q1 and Q2 2003 vs 2002", "Q4 and full year 2003 vs 2002", "Q1 and Q2 2003 vs Q1 and Q2 2002": each part against
  // the same part of the other year, never the last against the first, nor listed without the changes asked.
  if (changeAsked && s.pairsSaid && periods.length === s.periods.length && periods.length % 2 === 0) return { kind: 'question', question: { intent: 'figure', measures, periods, paired: true, ...(excluding ? { excluding: true } : {}) } };
  const twoYears = changeAsked ? partsOfTwoYears(periods, s.joins) : undefined;
  if (twoYears) {
    const [later, earlier] = [...twoYears.years].sort((a, b) => b - a) as [number, number];
    const at = (year: number) => twoYears.parts.map((p) => ({ ...p, year }) as PeriodQuery);
    return { kind: 'question', question: { intent: 'figure', measures, periods: [...at(later), ...at(earlier)], paired: true, ...(excluding ? { excluding: true } : {}) } };
  }
  // "Revenue each quarter of 2003 and 2002", "each quarter 2003 vs 2002": each quarter of both years, never the two years'
  // totals; set against each other, each against its own (`paired`: the changes are respond.ts's `pairedChanges`).
  const years = periods.length === 2 ? periods.flatMap((p) => yearOnly(p) ?? []) : [];
  if (has('trend') && years.length === 2) {
    // Set against each other, the later year first, as any comparison ("from 2002 to 2003" is 2003's quarters against 2002's).
    const inOrder = changeAsked ? [...years].sort((a, b) => b - a) : years;
    return { kind: 'question', question: { intent: 'figure', measures, periods: inOrder.flatMap(quartersOf), ...(changeAsked ? { paired: true } : {}), ...(excluding ? { excluding: true } : {}) } };
  }
  // "Which quarter had the highest revenue in 2003?": that year's quarters (no year: every quarter; or the last few), ranked.
  // "Which is bigger, net interest expense or D&A?": two lines set against each other, no ranking of quarters.
  const eitherLine = s.measures.length >= 2 && words.includes('or');
  // "Which half of 2003 had higher EBITDA?": the year's second half against its first (no year: the latest of each);
  // "which year had higher revenue?": the latest year against the one before. Never a year against the year before it.
  const weighs = eitherLine || periods.length > 1 ? undefined : whichWeighs(words);
  const half = (endMonth: number): PeriodQuery => ({ kind: 'span', months: 6, endMonth, ...(year !== undefined ? { year } : {}) });
  if (weighs?.unit === 'half' && (periods.length === 0 || year !== undefined)) {
    return { kind: 'question', question: { intent: 'compare', measures, period: half(12), versus: half(6) } };
  }
  // "EBITDA in each half of 2003", "revenue by half": the year's two halves (no year: the latest of each), never its total.
  if (!weighs && has('by_half') && (periods.length === 0 || year !== undefined)) {
    return { kind: 'question', question: { intent: 'figure', measures, periods: [half(6), half(12)], ...(excluding ? { excluding: true } : {}) } };
  }
  if (weighs?.unit === 'year' && periods.length === 0) return { kind: 'question', question: { intent: 'compare', measures, period: { kind: 'lastYear' }, versus: { kind: 'lastYear', back: 1 } } };
  // "Which month had the highest revenue?": no release reports a month alone; never the highest quarter as if asked.
  // A balance is at a day, and at a month's end ("which month-end had the most cash?"): those are asked.
  const unreported = measures.some(isBalance) ? undefined : words.find((w, i) => UNREPORTED_PERIODS.has(w) && words[i + 1] !== 'end' && (words[i - 1] === 'which' || SUPERLATIVE.has(words[i - 1] ?? '') || COMPARATIVES.has(words[i - 1] ?? '')));
  if (unreported && (has('highest') || has('lowest') || words.includes('which'))) {
    return { kind: 'invalid', title: 'Period not reported', message: `The releases report quarters, halves, nine months and years, never a ${unreported.replace(/s$/, '')} alone: ask which quarter (for example "which quarter had the highest revenue in 2003?").` };
  }
  // "Which quarter had higher revenue in 2003?": its quarters ranked, as "the highest" is.
  const rankSaid = eitherLine ? undefined : has('highest') ? 'highest' : has('lowest') ? 'lowest' : weighs?.unit === 'quarter' ? weighs.rank : undefined;
  // "The worst quarter for opex": of a cost, the highest; "best", the lowest. "Highest opex" measures, and is as said.
  const judgedCost = words.some((w) => JUDGING.has(w)) && measures.length === 1 && LOWER_IS_BETTER.has(measureId(measures[0] as Measure));
  const rank = rankSaid && judgedCost ? (rankSaid === 'highest' ? 'lowest' : 'highest') : rankSaid;
  const recent = periods.length === 1 && periods[0]?.kind === 'recent';
  // "Which quarter had the biggest revenue growth?": I rank figures, not their changes; never the biggest figure as if asked.
  if (rank && has('growth')) {
    const ranked: Question = { intent: 'figure', measures, periods: year !== undefined ? [{ kind: 'year', year }] : periods, rank };
    const each: Question = { intent: 'trend', measures };
    return { kind: 'clarify', prompt: 'I rank quarters by the figure, not by how much it changed. Which would help?', alternatives: [
      { label: describeQuestion(ranked), question: ranked },
      { label: `${describeQuestion(each)}, to set them side by side`, question: each },
    ] };
  }
  if (rank && (periods.length !== 1 || year !== undefined || recent)) return rankReading(rank, s, measures, year !== undefined ? [{ kind: 'year', year }] : periods, snapshot);

  const flow = measures.length === 1 && measures[0]?.kind === 'concept' && conceptInfo(measures[0].concept).measure === 'flow';
  // "And EBITDA?" after "Q1 plus Q2 revenue 2003": another line of the same periods, added up again, never compared.
  const addedAgain = followUp && flow && previous?.intent === 'figure' && previous.combined === true && s.periods.length === 0 && !has('both') && !changeAsked;
  // "Revenue in Q1 and Q2 2003 combined", "Q1 2003 + Q2 2003": the periods' figures added up, never compared.
  if (periods.length >= 2 && measures.length === 1 && (has('combined') || s.plusBetweenPeriods || addedAgain)) {
    return { kind: 'question', question: { intent: 'figure', measures, periods, combined: true } };
  }
  // "Total revenue Q1 and Q2 2003": the line called total in each, or the two added up? Asked, never guessed.
  // Never for balances: two dates' balances do not add up ("total assets Dec 31, 2003 and 2002" compares them).
  // Not a line's own name ("Total revenues", "total sales and revenues"): those compare as any line does.
  const totalSaid = s.tokens.some((t, i) => t.word === 'total' && !s.measures.some((m) => i >= m.at && i < m.to));
  if (alikePeriods(periods) && flow && totalSaid && !has('compare') && !has('change') && !has('difference') && !has('both')) {
    const added: Question = { intent: 'figure', measures, periods, combined: true };
    const apart: Question = { intent: 'figure', measures, periods };
    return { kind: 'clarify', prompt: '"Total" over two periods: which did you mean?', alternatives: [
      { label: `${describeQuestion(added)} (added up)`, question: added },
      { label: `${describeQuestion(apart)} (each period)`, question: apart },
    ] };
  }
  const continuing = previous?.intent === 'compare' && followUp;
  // Two periods said side by side are compared when they are alike ("Q4 2003 and Q4 2002"); a quarter beside a year is two figures.
  const alike = alikePeriods(periods);
  // Two periods listed again in another year ("and for 2003?" after Q1 and Q2 2004) stay a list, never set against each other.
  const comparing = continuing || has('compare') || has('change') || sequential || has('difference') || (alike && measures.length === 1 && !has('both') && !(listedAgain && listedAgain.length > 1));
  // "Basic EPS Q4 2003 vs diluted": two metrics side by side in one period, not each against a year earlier.
  const [m1, m2] = s.measures;
  // So are two lines weighed against each other ("was cash bigger than current liabilities?"): never each against a year earlier.
  const weighedBetween = (at: number) => m1 !== undefined && m2 !== undefined && at >= m1.to && at < m2.at;
  const betweenMetrics = s.measures.length === 2 && m1 && m2 && s.compareAt.some(weighedBetween);
  const weighed = s.measures.length === 2 && !has('growth') && words.some((w, k) => COMPARATIVES.has(w) && weighedBetween(k));
  // "The difference between basic and diluted shares in Q4 2003": the two lines of one period side by side, never each against a year earlier.
  const betweenLines = s.measures.length === 2 && has('difference') && !has('compare') && s.tokens.some((t, k) => t.word === 'between' && m1 !== undefined && k < m1.at);
  if ((betweenMetrics || betweenLines || weighed) && periods.length <= 1 && (weighed || !has('change')) && !sequential) {
    return { kind: 'question', question: { intent: 'figure', measures, periods, ...(excluding ? { excluding: true } : {}) } };
  }
  // "Revenue growth over the last 4 quarters": each of them, or the latest against a year earlier? Asked, never picked.
  const several = periods.find((p) => p.kind === 'recent');
  if (comparing && several) {
    const list: Question = { intent: 'figure', measures, periods: [several] };
    const latest: Question = { intent: 'compare', measures, period: { kind: 'lastQuarter' } };
    return { kind: 'clarify', prompt: 'A change is between two periods. Which did you mean?', alternatives: [
      { label: describeQuestion(list), question: list },
      { label: describeQuestion(latest), question: latest },
    ] };
  }
  if (comparing && measures.length >= 1 && periods.length <= 2) {
    const [first, given] = periods;
    // "Q4 2003 compared with 2002": that quarter of 2002, never a quarter against a whole year (nor the year so far).
    const part = (first?.kind === 'span' && first.months < 12) || first?.kind === 'ytd' || first?.kind === 'ytdTo';
    // "Cash yoy Q2 2003": against the same period a year earlier, as said; never a balance's change over the quarter.
    const yearEarlier = first?.kind === 'span' && !given && has('year_on_year') && !sequential && first.year !== undefined ? shiftYears(first, -1) : undefined;
    const second = first && part && given?.kind === 'year' && yearOf(first) !== given.year ? withYear(first, given.year) : given ?? yearEarlier;
    // Against an amount ("was it more than 2m?") it is a threshold, not the two periods weighed.
    // Nor of an adjusted figure: the levels weighed would be the reported ones.
    const weighed = first && second && measures.length === 1 && s.periods.length > 0 && !s.amountSaid && !excluding ? weighedAsked(words) : undefined;
    const question: Question = {
      intent: 'compare', measures,
      ...(first ? { period: first } : {}),
      ...(second ? { versus: second } : {}),
      ...(sequential ? { sequential: true } : {}),
      ...(excluding ? { excluding: true } : {}),
      ...(weighed ? { weighed } : {}),
    };
    return { kind: 'question', question };
  }
  // "Revenue and operating income for the nine months 2004 and 2003": the year after a part of a year is that part of
  // it, as in a comparison (it was fiscal 2003). The part's own year is the whole of it: "Q4 2003 and 2003" are the
  // quarter and the year (it read Q4 2003 twice).
  const [first, given] = periods;
  const partOfYear = (first?.kind === 'span' && first.months < 12) || first?.kind === 'ytd' || first?.kind === 'ytdTo';
  const listed = first && partOfYear && given?.kind === 'year' && yearOf(first) !== given.year && periods.length === 2 ? [first, withYear(first, given.year)] : periods;
  // "And net income?" after each quarter of 2003 against 2002's: the same periods, each against its own again.
  const pairedAgain = previous?.intent === 'figure' && previous.paired && isDeepStrictEqual(listed, previous.periods);
  return { kind: 'question', question: { intent: 'figure', measures, periods: listed, ...(pairedAgain ? { paired: true } : {}), ...(excluding ? { excluding: true } : {}) } };
}

const YES_NO_OPENERS = new Set(CUES.yes_no_openers);
const NEGATIONS = new Set(CUES.negations);
const WEIGHED_UP = new Set(CUES.weighed_by_size.up);
const WEIGHED_DOWN_BY_SIZE = new Set(CUES.weighed_by_size.down);
const MULTIPLES = new Set(CUES.weighed_by_size.multiples);
const OF_CHANGES = new Set(CUES.weighed_by_size.of_changes);

/**
 * "Was revenue higher in Q1 2004 than in Q2 2004?": a yes or no asked of the first period against the one after "than",
 * answered first (it showed the change, newer first, and left the verdict to the reader: review 79). Only a size word
 * ("better" of a cost is no size), in a question put as one ("was", "did"); never by a multiple ("more than twice"), which
 * is no plain higher.
 */
function weighedAsked(words: readonly string[]): 'higher' | 'lower' | undefined {
  if (!YES_NO_OPENERS.has(words[0] ?? '') || words.some((w) => MULTIPLES.has(w))) return undefined;
  const at = words.findIndex((w) => WEIGHED_UP.has(w) || WEIGHED_DOWN_BY_SIZE.has(w));
  if (at < 0 || !words.slice(at + 1).includes('than')) return undefined;
  // What is weighed is said before the word of size: a growth ("was revenue growth lower ...?") or a question put
  // negatively ("was revenue not lower ...?") is no plain verdict; "..., or not?", "(not adjusted)" after it are.
  if (words.slice(0, at).some((w) => NEGATIONS.has(w) || OF_CHANGES.has(w))) return undefined;
  return WEIGHED_UP.has(words[at] ?? '') ? 'higher' : 'lower';
}

/** Where a second question starts ("… and what did he say", "…? also when is the call", "…. who is the CFO"), or -1: a question word after "and", "plus", "also", a question mark or a full stop. */
function secondQuestionAt(words: readonly string[], afterBreak: ReadonlySet<number>): number {
  return words.findIndex((w, i) => i > 1 && SECOND_QUESTION_WORDS.has(w) && (['and', 'plus', 'also'].includes(words[i - 1] ?? '') || afterBreak.has(i)));
}
const SECOND_QUESTION_WORDS = new Set(['what', 'who', 'why', 'how', 'when', 'where', 'whats']);

/** Two questions in one: each offered, the figure first. */
function twoQuestions(figure: Question, other: Question): Reading {
  return { kind: 'clarify', prompt: 'This asks two things; I answer one at a time. Which first?', alternatives: [
    { label: describeQuestion(figure), question: figure },
    { label: describeQuestion(other), question: other },
  ] };
}

/** Two periods of the same length, or of lengths not said ("Q4 2003 and Q4 2002", not a quarter beside a year). */
function alikePeriods(periods: readonly PeriodQuery[]): boolean {
  const [a, b] = periods.map(monthsSaid);
  // A part beside its own year said bare ("Q4 2003 and 2003") is a quarter beside the whole year.
  const [p, q] = periods;
  const partOfItsYear = (part?: PeriodQuery, year?: PeriodQuery) => year?.kind === 'year' && part?.kind === 'span' && part.months < 12 && part.year === year.year;
  return periods.length === 2 && (a === undefined || b === undefined || a === b) && !partOfItsYear(p, q) && !partOfItsYear(q, p);
}

/**
 * A ranking of quarters: the periods as said (a year, the last few, none), the handler lists them,
 * so a choice's id stays short. Companies are not ranked against each other ("which company had the
 * highest revenue?": their releases cover different years), and of a loss ("the smallest net loss",
 * a negative figure) which end is meant is asked, never guessed.
 */
function rankReading(rank: Rank, s: Slots, measures: Measure[], periods: PeriodQuery[], snapshot: Snapshot): Reading {
  const ranked = (r: Rank): Question => ({ intent: 'figure', measures, periods, rank: r });
  const words = s.tokens.map((t) => t.word);
  const acrossCompanies = words.some((w, i) => w === 'companies' || (w === 'company' && (words[i - 1] === 'which' || words[i - 1] === 'what')));
  if (!s.company && acrossCompanies) {
    return { kind: 'clarify', prompt: "I rank one company's own quarters, not companies against each other (their releases cover different years). Which company's quarters?", alternatives: snapshot.books.slice(0, MAX_COMPANY_CHOICES).map((b) => ({ label: companyLabel(b.company), question: { ...ranked(rank), company: b.company.key } })) };
  }
  const name = measures.map((m) => inSentence(measureLabel(m))).join(' and ');
  if (saidAs(s, ['loss', 'losses'])) {
    return { kind: 'clarify', prompt: 'A loss is a negative figure: which quarter did you mean?', alternatives: [
      { label: `The highest ${name} (the smallest loss)`, question: ranked('highest') },
      { label: `The lowest ${name} (the largest loss)`, question: ranked('lowest') },
    ] };
  }
  // "The largest accretion charge", "the biggest tax benefit", "the largest deficit": a size on one side of zero, which the
  // signed figures ranked do not give (it gave Q4 2003's credit as the largest charge, a tax expense as the largest benefit).
  // So is a line printed as a charge in one quarter and a credit in another ("the highest accretion").
  const bySize = words.find((w) => RANKED_BY_SIZE.has(w));
  const signed = measures.find((m) => m.kind === 'concept' && CHARGE_OR_CREDIT_LINES.has(m.concept));
  if (!bySize && !signed) return { kind: 'question', question: ranked(rank) };
  const why = bySize ? `"${bySize}" counts a figure by its size, and the releases print it signed` : `${measureLabel(signed as Measure)} is printed as a charge (negative) or a credit`;
  return { kind: 'clarify', prompt: `${why}: which quarter did you mean?`, alternatives: [
    { label: `The highest ${name}, signed as printed${signed ? ' (the largest credit, or the smallest charge)' : ''}`, question: ranked('highest') },
    { label: `The lowest ${name}, signed as printed${signed ? ' (the largest charge)' : ''}`, question: ranked('lowest') },
  ] };
}

/** "What does Infocrossing do?", with anything or nothing around it but fillers ("hey bot, ... thx"). */
function asksWhatItDoes(s: Slots): boolean {
  const words = s.tokens.map((t) => t.word);
  const isDo = (w: string | undefined) => w === 'does' || w === 'do';
  const what = words.indexOf('what');
  const does = words.findIndex((w, i) => i > what && isDo(w));
  const last = words.findLastIndex(isDo);
  // After the last "do" only fillers and the company's name ("what does Infocrossing do, at Infocrossing?", "… as per the release?").
  return what >= 0 && does > what && last > does + 1 && words.every((w, i) => i <= last || FILLERS.has(w) || s.companyTokens.has(i) || s.fillerTokens.has(i));
}

/** "Who is The Buckle?", "who's Oracle": the company named after "who" alone, asked what it is (not a contact). */
function asksWhoItIs(s: Slots): boolean {
  return s.company !== undefined && s.tokens[0]?.word === 'who' && s.measures.length === 0 && s.tokens.every((t, i) => i === 0 || s.companyTokens.has(i) || s.fillerTokens.has(i) || FILLERS.has(t.word));
}

/** "Compare Q4 2003 to Q4 2002" naming no figure: which figure is asked, each choice in the periods said (none: the latest quarter against a year earlier). */
function clarifyCompare(periods: readonly PeriodQuery[] = []): Reading {
  const [period, versus] = periods;
  const choices: Concept[] = ['revenue', 'ebitda', 'net_income'];
  return { kind: 'clarify', prompt: 'Compare which figure? For example:', alternatives: choices.map((concept) => {
    const question: Question = { intent: 'compare', measures: [{ kind: 'concept', concept }], period: period ?? { kind: 'lastQuarter' }, ...(versus ? { versus } : {}) };
    return { label: describeQuestion(question).replace(/^./, (c) => c.toUpperCase()), question };
  }) };
}

function pickCallField(fields: readonly CallField[], words: readonly string[]): CallField | undefined {
  if (fields.includes('pass_code')) return 'pass_code';
  // "The international replay number": the replay's, which says which of its numbers is for international callers.
  if (fields.includes('international') && fields.includes('replay')) return 'replay';
  if (fields.includes('international')) return 'international';
  if (fields.includes('webcast')) return 'webcast';
  if (fields.includes('replay')) return 'replay';
  if (fields.includes('dial_in')) return 'dial_in';
  if (fields.includes('when') || words.includes('when')) return 'when';
  return undefined;
}
