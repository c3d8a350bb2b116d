/**
 * A question in words to a typed `Question`, or an honest "which did you mean?" / "not understood".
 *
 * The question is split into its parts (corrections.ts, several questions in one), each part's words are read as
 * slots (slots.ts: measures, periods, cues, people, roles), and the slots as a reading (read-question.ts): candidate
 * readings are proposed for the intents the cues and slots allow, each scored by how much of the question it explains;
 * the best is taken, and a question with words nobody explained is never answered with a figure (it goes to the text
 * of the releases instead). Here, what a reading becomes once read: said in a unit, as a loss, in one release, over
 * sales, of one company or several. A follow-up fills what it leaves out from the previous question of the same
 * conversation.
 */
import { isDeepStrictEqual } from 'node:util';
import { BENEFIT_LINES, CHARGE_OR_CREDIT_LINES, conceptInfo, DEFICIT_LINES, PROFIT_LINES, type Concept } from '../../knowledge/concepts.ts';
import type { Book, Snapshot } from '../../knowledge/snapshot.ts';
import { monthsSaid } from '../period-groups.ts';
import { impossiblePeriod, type PeriodQuery } from '../../knowledge/period-grammar.ts';
import type { DisplayUnit, Measure, Question, Reading } from './question.ts';
import { movedFrom, quartersOf, shiftYears, withYear, yearOf, yearOnly } from './period-shift.ts';
import { sharedHeadsWrittenOut } from './shared-heads.ts';
import { writtenOut } from './shorthand.ts';
import { wordsPattern } from './phrases.ts';
import { amountAlone, claimIn, thresholdIn } from './threshold.ts';
import { bookFor, companyLabel } from './companies.ts';
import { correctedParts, endsTakingBack, type Part } from './corrections.ts';
import { editDistance, FILLERS, lexiconOf, tokenize } from './spot.ts';
import { CUES, formulaNamed, METRICS } from './vocabulary.ts';
import { amountWords, describeQuestion, inSentence, measureLabel } from './describe.ts';
import { type PeriodShare, type Slots, slotsOf } from './slots.ts';
import { CHANGE_CUES, waySaid } from './cue-words.ts';
import { COSTS, ONE, conceptOf, distinctMeasures, familyOf, measuresLabel, percentOfWhat, revenueWord } from './measure-forms.ts';
import { acrossCompanies, figureContext, linesNotSubtracted, oneCompanyOf, readQuestion, unmovedPeriod } from './read-question.ts';

const UNPRINTED = new Set(METRICS.unprinted);

/**
 * "And net income?", "and Q3?", "and 2002?" after a share of one period in another: the same share of the line or the
 * part said, of the same whole moved as the part was moved across years ("and 2002?" after Q1 2003's share of H1 2003 is
 * Q1 2002's of H1 2002, never of H1 2003), a year said alone moving both (it set FY 2013 against FY 2014). It was a change
 * against a year earlier, the share dropped. A question of its own ("what was net income?"), a change asked, or a metric
 * and a period both said, is not. Whether the line adds up over a year and the part is within the whole, respond.ts says.
 */
function shareAgain(q: Extract<Question, { intent: 'figure' | 'compare' }>, previous: Question | undefined, s: Slots): Question | undefined {
  if (previous?.intent !== 'compare' || !previous.share || !previous.period || !previous.versus || q.measures.length !== 1) return undefined;
  if (!s.cues.has('follow_up') || (s.measures.length > 0 && s.periods.length > 0) || CHANGE_CUES.some((c) => s.cues.has(c))) return undefined;
  const [said] = s.periods;
  // "And adjusted EBITDA?": asked so, which respond.ts refuses, never the reported figures' share in its place.
  const base = { intent: 'compare' as const, measures: q.measures, share: true as const, ...(q.excluding ? { excluding: true as const } : {}), ...(q.company ? { company: q.company } : {}) };
  const [wasPart, wasWhole] = [previous.period, previous.versus];
  // Words not read ("and in the first?") are no follow-up of the same share: never the share before again.
  if (!said) return s.unexplained.length === 0 ? { ...base, period: wasPart, versus: wasWhole } : undefined;
  // "And the year before?", "a year earlier?": both moved alike (it kept this year's whole); "the quarter before?" moves the
  // part within the same whole (respond.ts says where it leaves it).
  if (said.kind === 'relative') {
    const [part, whole] = [movedFrom(wasPart, said), said.quarters ? wasWhole : movedFrom(wasWhole, said)];
    return part && whole ? { ...base, period: part, versus: whole } : undefined;
  }
  // Only a period of its own: "and ytd?" is no part said.
  if (said.kind !== 'span' && said.kind !== 'year' && said.kind !== 'id') return undefined;
  const from = yearOf(wasPart);
  // A year alone ("and fiscal 2013?") is the same part of it; a part ("and Q3?") is that part, its year the one before's if unsaid.
  const yearAlone = said.kind === 'year' ? said.year : said.kind === 'span' && said.months === 12 && !said.byDate ? said.year : undefined;
  const part = yearAlone !== undefined ? withYear(wasPart, yearAlone) : said.kind === 'span' && said.year === undefined && from !== undefined ? { ...said, year: from } : said;
  const to = yearOf(part);
  const whole = from !== undefined && to !== undefined ? shiftYears(wasWhole, to - from) : wasWhole;
  return { ...base, period: part, versus: whole };
}

/** A part said without its year, of a whole that says one ("what % of 2003 revenue came in Q4?": Q4 2003). */
const inYearOf = (part: PeriodQuery, whole: PeriodQuery): PeriodQuery => {
  const year = yearOf(whole);
  return part.kind === 'span' && part.year === undefined && !part.back && year !== undefined ? withYear(part, year) : part;
};

/** The fiscal year a part of it is in ("Q4 2003": FY 2003), where the part names its year. */
function yearOfPart(part: PeriodQuery): PeriodQuery | undefined {
  if (part.kind === 'span' && part.months < 12 && part.year !== undefined && !part.byDate && !part.opensNext) return { kind: 'span', months: 12, endMonth: 12, year: part.year };
  const id = part.kind === 'id' ? /^(\d{4})-(?:Q[1-4]|H[12]|9M)$/.exec(part.id) : null;
  return id ? { kind: 'id', id: `${id[1]}-FY` } : undefined;
}

/**
 * A share of one period in another (`periodShare`) of the line read: the part as a percentage of the whole, computed; where
 * the two periods cannot be told (a whole year of a part said without its year), said so, never either amount alone.
 */
function shareReading(how: PeriodShare, q: Extract<Question, { intent: 'figure' | 'compare' }>, previous: Question | undefined): Reading | undefined {
  const unclear = (message: string): Reading => ({ kind: 'invalid', title: 'A share of one period in another', message });
  if (how === 'several') return unclear('A share of one period in another is of one part at a time: ask for each part\'s share of the whole (for example "Q3 2003 revenue as a percentage of FY 2003 revenue").');
  if (how === 'compared') return unclear('A share of one period in another is computed one at a time, not set against another period\'s: ask for each share (for example "Q4 2003 revenue as a percentage of FY 2003 revenue", then "and 2002?").');
  // Two periods alike are read as compared ("Q2 2003 revenue as a percent of Q1 2003 revenue"), in the order said.
  const [a, b] = q.intent === 'figure' ? q.periods : [q.period, q.versus];
  const said = previous?.intent === 'figure' && previous.periods.length === 1 ? previous.periods[0] : undefined;
  // "And as a share of the full year?": of the part asked before only (after a year it is no share), of its line ("what
  // share of 2003 net income?" after Q4 2003's), the whole said without a year in the part's ("of nine months": 9M 2003).
  // Of another line ("as a percent of revenue for the year?" after Q1 EBITDA) it is one line over another, read below.
  const sameLine = previous?.intent === 'figure' && previous.measures.length === 1 && isDeepStrictEqual(previous.measures[0], q.measures[0]);
  if (how === 'whole' && !(said && sameLine && (monthsSaid(said) ?? 12) < 12)) return undefined;
  const longer = (x: PeriodQuery) => (x.kind === 'year' ? 12 : monthsSaid(x) ?? 0);
  const wholeOf = (x: PeriodQuery | undefined, of: PeriodQuery): PeriodQuery | undefined => x?.kind === 'year' || (x?.kind === 'span' && x.year !== undefined) ? x
    : x?.kind === 'span' && x.months < 12 ? inYearOf(x, of) : yearOfPart(of);
  const [part, whole] = how === 'whole' ? [said, said && wholeOf(a, said)]
    // The year said of a part said without one ("what % of 2003 revenue came in Q4?") is read as the part's year: its whole.
    : how === 'ofItsYear' || !b ? [a, a && yearOfPart(a)]
      : !a ? [a, b]
        : how === 'ordered' ? [a, b]
          : how === 'whole first' ? [inYearOf(b, a), a]
            : longer(a) < longer(b) ? [inYearOf(a, b), b] : [inYearOf(b, a), a];
  if (!part || !whole || q.measures.length !== 1) return unclear('Which two periods the share is of is not clear: say both with their years (for example "Q4 2003 revenue as a percentage of FY 2003 revenue").');
  return { kind: 'question', question: { intent: 'compare', measures: q.measures, period: part, versus: whole, share: true, ...(q.excluding ? { excluding: true } : {}), ...(q.company ? { company: q.company } : {}) } };
}
const COST_NOUNS = new Set(CUES.cost_nouns);
const ONE_TIME_LINES = new Set<Concept>(CUES.one_time_lines);
const JOINING = new Set(CUES.line_joining_words);

/** How a question names a line or formula when it is said in another's place: by its name, where that is one of its phrases. */
function phraseNaming(id: string): string {
  const formula = formulaNamed(id);
  const phrases = formula ? formula.phrases : (METRICS.concepts[id as Concept] ?? []);
  const name = (formula?.name ?? conceptInfo(id as Concept).name).toLowerCase();
  return phrases.includes(name) ? name : [...phrases].sort((a, b) => b.length - a.length)[0] ?? name;
}

/**
 * A word naming several figures said beside other lines ("costs as % of revenue", "revenue and income"): the
 * question with each figure it may mean said in its place, to be read as it asks it (a share, a list), never dropped
 * nor listed beside the ratio it was in. So is a noun of spending said alone ("expenses as % of revenue": it gave the
 * revenue alone): some cost. Not one said with the line it qualifies ("EBITDA margin", "D&A expense", "spending on
 * R&D"), nor after a word no vocabulary explains ("noninterest expense": a line of its own, searched for).
 */
function severalBeside(text: string, s: Slots): { word: string; choices: string[] } | undefined {
  const inMeasure = (i: number) => s.measures.some((m) => i >= m.at && i < m.to);
  const unexplained = (i: number) => s.unexplained.includes(s.tokens[i]?.word ?? '');
  const qualifies = (i: number) => inMeasure(i - 1) || inMeasure(i + 1) || unexplained(i - 1) || (['on', 'for', 'of', 'in'].includes(s.tokens[i + 1]?.word ?? '') && inMeasure(i + 2));
  const spending = s.tokens.findIndex((t, i) => COST_NOUNS.has(t.word) && !s.spanned.has(i) && !qualifies(i));
  const [first] = s.ambiguous;
  const said = first && !s.compound ? first : spending >= 0 && COSTS ? { at: spending, to: spending + 1, choices: COSTS.choices } : undefined;
  const [start, end] = [s.tokens[said?.at ?? -1]?.start, s.tokens[(said?.to ?? 0) - 1]?.end];
  if (!said || start === undefined || end === undefined) return undefined;
  return { word: text.slice(start, end), choices: said.choices.map((id) => `${text.slice(0, start)}${phraseNaming(id)}${text.slice(end)}`) };
}

/** The company of each person the releases name: a person of one company names it ("what did Larry Ellison say"). */
const peopleBySnapshot = new WeakMap<Snapshot, ReadonlyMap<string, ReadonlySet<string>>>();
function companyOfPeople(people: readonly string[], snapshot: Snapshot): string | undefined {
  let map = peopleBySnapshot.get(snapshot);
  if (!map) {
    const companies = new Map<string, Set<string>>();
    for (const book of snapshot.books) for (const person of book.people) companies.set(person, (companies.get(person) ?? new Set()).add(book.company.key));
    map = companies;
    peopleBySnapshot.set(snapshot, map);
  }
  const keys = new Set(people.flatMap((p) => [...(map.get(p) ?? [])]));
  return keys.size === 1 ? [...keys][0] : undefined;
}

/**
 * The reading of a question, given the conversation's previous question (if any). The company it
 * names, else the previous question's, goes with every question and every choice asked back.
 * `earlier`: the question before `previous`, when the conversation kept one ("revenue Q4 2003", "and Q3 2003?",
 * "the difference?").
 */
export function interpret(typed: string, snapshot: Snapshot, previous?: Question, subject?: readonly string[], earlier?: Question): Reading {
  // "Revenue Q4 2003, sorry I meant Q3": each part read against the one before, the last one answered.
  const parts = correctedParts(typed);
  const [first, ...rest] = parts;
  // "Nvm, Oracle": a part after words that take back is a follow-up, a company alone naming whose figure.
  const taken = rest.length > 0 || endsTakingBack(typed) || (first !== undefined && !typed.trim().startsWith(first.text));
  if (rest.length === 0) return lastPart(first ?? { text: '' }, snapshot, previous, subject, taken, earlier);
  let before = previous;
  for (const [i, part] of parts.slice(0, -1).entries()) {
    const reading = interpretPart(part.text, snapshot, before, subject, i > 0);
    // "Hmm, I meant net income to common": a part that asks nothing ("hmm", "ok") leaves the question before as it was
    // (it took its place, and the period asked was lost: the latest served).
    if (reading.kind === 'question' && reading.question.intent !== 'help') before = reading.question;
  }
  return lastPart(parts.at(-1) ?? { text: '' }, snapshot, before, subject, true);
}

/**
 * The part answered. "No....07 dollars", "no.15m": the point may be the amount's or punctuation, so where the two
 * readings set the figure against different amounts, both are asked back ($0.07 or $7), never one of them taken.
 */
function lastPart(part: Part, snapshot: Snapshot, previous: Question | undefined, subject: readonly string[] | undefined, correcting: boolean, earlier?: Question): Reading {
  const reading = interpretPart(part.text, snapshot, previous, subject, correcting, earlier);
  if (part.withPoint === undefined) return reading;
  const pointed = interpretPart(part.withPoint, snapshot, previous, subject, correcting, earlier);
  const amount = (r: Reading) => (r.kind === 'question' && r.question.intent === 'figure' ? r.question.against : undefined);
  // A fraction of a cent reads as none (the amount's own rule: "no...10 cents" is 10 cents either way, "no...9 cents" 9).
  const [plain, withPoint] = [amount(reading), amount(pointed)];
  if (!plain || !withPoint || JSON.stringify(plain) === JSON.stringify(withPoint) || reading.kind !== 'question' || pointed.kind !== 'question') return reading;
  return {
    kind: 'clarify',
    prompt: `"${part.withPoint}": is the point the amount's (${amountWords(withPoint)}) or punctuation (${amountWords(plain)})?`,
    every: true,
    alternatives: [pointed.question, reading.question].map((q) => ({ label: describeQuestion(q), question: q })),
  };
}

function interpretPart(typed: string, snapshot: Snapshot, previous?: Question, subject?: readonly string[], correcting = false, earlier?: Question): Reading {
  const text = sharedHeadsWrittenOut(writtenOut(typed));
  // "15 cents", "$15" after a figure set against an amount: the amount meant, the same figure set against it (a unit asked
  // for "above 15" searched the text for "15", or showed the figure with the amount dropped).
  // Not after a claim checked ("was EPS 9 cents?"), whose amount is judged to the digits said.
  const meant = previous?.intent === 'figure' && previous.against && !previous.claimed ? amountAlone(text) : undefined;
  if (previous?.intent === 'figure' && meant && !('unreadable' in meant)) return { kind: 'question', question: { ...previous, against: meant } };
  // "Was revenue above $20 million in Q4 2003?": the figure question without the amount, set against it. Read
  // otherwise (a change, a search), the amount is part of the question as before: never dropped unsaid.
  const found = meant && 'unreadable' in meant ? meant : thresholdIn(text);
  if (found && 'unreadable' in found && found.fractionOfCent) {
    return { kind: 'invalid', title: 'Amount not understood', message: `"${found.unreadable}" is a fraction of a cent: write the cents whole ("9 cents") or the dollars ("$0.09").` };
  }
  if (found && 'unreadable' in found) {
    return { kind: 'invalid', title: 'Amount not understood', message: `"${found.unreadable}" is not a number I can read: write a decimal with a point (${found.unreadable.replace(/,/g, '.')}) and thousands with commas in threes (14,400,000).` };
  }
  // "Was net income $1.2 million in Q4 2003?": the figure checked against the amount claimed (it searched the text for
  // "$1.2" and showed the net income to common stockholders, which made the claim look true).
  // Not of an adjusted figure ("was adjusted EPS $2.88?"): which the statements do not print, and the text answers.
  const claim = found || EXCLUDING_SAID.test(text) ? undefined : claimIn(text);
  const threshold = found ?? claim;
  if (threshold) {
    const restText = `${text.slice(claim?.from ?? 0, threshold.start)} ${text.slice(threshold.end, claim?.checking)}`;
    const readRest = readPart(restText, snapshot, previous, subject, correcting, earlier);
    // "Was it more than 2m?", "did it beat 13m?" after a figure: that figure set against the amount (it compared it
    // with a year earlier, or searched the text for "13m beat").
    const read: Reading = readRest.kind === 'question' && readRest.question.intent === 'help' && previous?.intent === 'figure' ? { kind: 'question', question: previous } : readRest;
    // "Net income over $1m in 2003 and 2002": two periods said side by side read as compared; with no word of change,
    // each is set against the amount ("grew more than 5%" stays a change, no figure set against anything).
    const noChange = () => !(['compare', 'change', 'growth', 'difference', 'sequential', 'year_on_year'] as const).some((c) => slotsOf(restText, snapshot).cues.has(c));
    const rest: Reading = read.kind === 'question' && read.question.intent === 'compare' && read.question.period && read.question.versus && noChange()
      ? { kind: 'question', question: { intent: 'figure', measures: read.question.measures, periods: [read.question.period, read.question.versus], ...(read.question.company ? { company: read.question.company } : {}) } }
      : read;
    // "Did revenue grow more than 5% in Q4 2003?": the change set against the percentage, in the way it is said to have gone.
    if (!claim && threshold.amount.unit === 'percent' && rest.kind === 'question' && rest.question.intent === 'compare' && !rest.question.share && !rest.question.weighed && !noChange()) {
      const premise = waySaid(tokenize(restText).map((t) => t.word));
      return { kind: 'question', question: { ...rest.question, against: threshold.amount, ...(premise ? { premise } : {}) } };
    }
    const figures = (r: Reading) => (r.kind === 'question' ? [r.question] : r.kind === 'clarify' ? r.alternatives.map((a) => a.question) : []);
    const all = figures(rest);
    if (all.length > 0 && all.every((q) => q.intent === 'figure' && !q.rank && !q.combined)) {
      // "In which quarters of 2003 was EBITDA above $2.5 million?": each quarter of the year, not the year.
      const byQuarter = QUARTER_BY_QUARTER.test(text) && !/\bnot\b[^,;.?]*\bquarter/i.test(text) && !WHOLE_YEAR.test(text);
      // "Did revenue ever top $20m?", "were both years above $50m?", "over the last 4 quarters": which periods, or
      // each of them or their total, is not said: asked, never the latest alone nor each as if meant.
      const periodsUnsaid = all.some((q) => q.intent === 'figure' && (q.periods.length === 0 || q.periods.some((p) => p.kind === 'recent')));
      if (periodsUnsaid && SEVERAL_PERIODS.test(text)) {
        return { kind: 'invalid', title: 'Which periods?', message: `Set against ${amountWords(threshold.amount)}: which periods? Name them, e.g. "in which quarters of 2003 was revenue above $14 million?" or "revenue above $50 million in 2003 and 2002".` };
      }
      return eachQuestion(rest, (q) => {
        if (q.intent !== 'figure') return q;
        const year = byQuarter && q.periods.length === 1 ? yearOnly(q.periods[0] as PeriodQuery) : undefined;
        // "Did annual revenue top $50m in 2003, or only per quarter?": the year as a whole, whatever else its quarters read as.
        const whole = WHOLE_YEAR.test(text) ? wholeYearOf(q.periods) : undefined;
        const periods = whole !== undefined ? [{ kind: 'year' as const, year: whole }] : year !== undefined ? quartersOf(year) : q.periods;
        return { ...q, periods, against: threshold.amount, ...(claim ? { claimed: true as const } : {}) };
      });
    }
  }
  return readPart(text, snapshot, previous, subject, correcting, earlier);
}

/** "Quarters with", "which quarter", "any quarter": the quarters of the year said, each set against an amount. */
const QUARTER_BY_QUARTER = wordsPattern(CUES.amount_periods.by_quarter);
/** The year whose four quarters these periods are, if they are. */
function wholeYearOf(periods: readonly PeriodQuery[]): number | undefined {
  const year = periods[0] ? yearOf(periods[0]) : undefined;
  return year !== undefined && JSON.stringify(periods) === JSON.stringify(quartersOf(year)) ? year : undefined;
}

/** Words naming the year as a whole ("annual revenue", "total over all quarters"): never its quarters one by one. */
const WHOLE_YEAR = wordsPattern(CUES.amount_periods.whole_year);
/** Words asking about several periods or any of them ("ever", "both years", "all quarters"). */
const SEVERAL_PERIODS = wordsPattern(CUES.amount_periods.several);
/** Words of an adjusted or excluding figure ("adjusted EPS", "before the credit"). */
const EXCLUDING_SAID = wordsPattern(CUES.cues.excluding);

/** Lines said as left out of others (`from`): not taken out, which no release's arithmetic names; the lines side by side offered. */
function oneLineOutOfAnother(left: { words: string; measures: Measure[] }, from: readonly Measure[], periods: PeriodQuery[]): Reading {
  const asked = [...from, ...left.measures];
  return {
    kind: 'clarify',
    prompt: `"${left.words}" is a line of the statements of its own (${left.measures.map(measureLabel).join(', ')}): I do not take one line out of another, and no sentence of the releases is read as doing it. The lines side by side?`,
    alternatives: [{ label: measuresLabel(asked), question: { intent: 'figure', measures: asked, periods } }],
  };
}

/** A part of a question, its shorthand written out. */
/** `choice`: the text is one reading of a word naming several figures, read once more (never again for a word in it). */
function readPart(text: string, snapshot: Snapshot, previous?: Question, subject?: readonly string[], correcting = false, earlier?: Question, choice = false): Reading {
  const said = slotsOf(text, snapshot, previous);
  // Only what to leave out, after a figure ("excluding the restructuring charge?" after net income): of that figure, as if
  // said with it; never the line left out asked for.
  const before = said.linesLeftOut?.alone && !said.company ? figureContext(previous) : undefined;
  const alone = before && before.measures.length > 0 ? said.linesLeftOut : undefined;
  // A one-time line the company's statements never print (Caterpillar's restructuring costs) is left out as an item is:
  // the release's own adjusted words are looked for, never one line taken out of another (nor a recurring line, as
  // depreciation, read as any one-time item).
  const book = bookFor(snapshot, said.company ?? previous?.company);
  const unprintedOneTime = (m: Measure) => m.kind === 'concept' && ONE_TIME_LINES.has(m.concept) && book !== undefined && !book.printedConcepts.includes(m.concept);
  const takenAsLines = (left: { measures: readonly Measure[]; item: boolean }) => !left.item && !left.measures.every(unprintedOneTime);
  if (before && alone && takenAsLines(alone)) return oneLineOutOfAnother(alone, before.measures, said.periods.length > 0 ? said.periods : before.periods);
  const s = alone ? { ...said, measures: [] } : said;
  // A period that cannot be one is said back, never dropped or mended (which would answer another period:
  // "the quarter ending September 31, 2003" is no Q3) nor searched for.
  const impossible = impossiblePeriod(text);
  if (impossible) return { kind: 'invalid', title: 'Period not understood', message: impossible };
  // Arithmetic said in words beside it ("excluding D&A (cost of revenues plus S&A)") says what is meant.
  // A one-time line left out is an item unless a line is joined right after it: "EPS excluding restructuring and taxes"
  // leaves out more than it, which is asked back ("excluding restructuring, what was EPS" is EPS adjusted).
  const leftOut = s.linesLeftOut && !s.linesLeftOut.alone && !s.linesLeftOut.item ? s.linesLeftOut : undefined;
  // Fillers aside ("restructuring and the taxes"), only words joining lines between them.
  const joinedAfter = (m: { at: number }) => {
    const between = leftOut !== undefined && m.at >= leftOut.to ? s.tokens.slice(leftOut.to, m.at).map((t) => t.word).filter((w) => JOINING.has(w) || !FILLERS.has(w)) : [];
    return between.length > 0 && between.every((w) => JOINING.has(w));
  };
  const asItem = leftOut !== undefined && !takenAsLines(leftOut) && !s.measures.some(joinedAfter);
  if (leftOut && !asItem && s.measures.length > 0 && !s.measures.some((m) => m.measure.kind === 'sum' || m.measure.kind === 'ratio')) {
    return oneLineOutOfAnother(leftOut, s.measures.map((m) => m.measure), s.periods);
  }
  if (s.linesSubtracted) return linesNotSubtracted(s.linesSubtracted, s.periods);
  if (s.sumShared) return sideBySide(s.sumShared, s.periods, `I compute the share of one line in another ("R&D as a percent of revenue"), not of a sum of lines. The figures side by side?`);
  // A measure no release prints ("EBITDAR"): said so, never the line a letter away nor sentences about it.
  const unprinted = s.unexplained.find((w) => UNPRINTED.has(w));
  if (unprinted) return { kind: 'invalid', title: 'Not in the releases', message: `"${unprinted.includes(' ') ? unprinted : unprinted.toUpperCase()}" is not a line I read from the releases, and I do not compute it.` };
  if (s.negated) {
    return { kind: 'invalid', title: 'Not understood', message: `"${s.negated}": I do not read what a question says it is not. Ask for what you want instead (for example "basic EPS Q4 2003", "revenue Q3 2003").` };
  }
  if (s.unmoved) return unmovedPeriod(s.unmoved);
  if (s.periodLeftOut) {
    return { kind: 'invalid', title: 'Period left out', message: `"${s.periodLeftOut}" is a period left out of another: I do not subtract periods. Ask for the periods you want added up, e.g. "EBITDA Q2 2002 + Q3 2002 + Q4 2002".` };
  }
  const company = s.company ?? (snapshot.books.length > 1 && s.people.length > 0 ? companyOfPeople(s.people, snapshot) : undefined) ?? previous?.company;
  const misspelt = !s.company && snapshot.books.length > 1 ? misspeltCompany(text, s, snapshot, previous) : undefined;
  if (misspelt) return misspelt;

  // "Compare that with Sears Q2 2003" after Infocrossing's revenue: two companies, which no comparison of one company's periods answers.
  const asked = figureContext(previous);
  // A comparison said whole ("and Apple Q3 2004 vs Q3 2003") is that company's own.
  if (s.company && previous?.company && s.company !== previous.company && s.cues.has('compare') && s.companies.length <= 1 && s.periods.length < 2 && asked && asked.measures.length > 0) {
    return acrossCompanies(previous.company, s.company, s.measures.length > 0 ? distinctMeasures(s) : asked.measures, s.periods.length > 0 ? s.periods : asked.periods, snapshot);
  }
  const besideOthers = s.measures.length > 0 && !choice ? severalBeside(text, s) : undefined;
  if (besideOthers) {
    const readings = besideOthers.choices.map((said) => readPart(said, snapshot, previous, subject, correcting, earlier, true));
    const questions = readings.flatMap((r) => (r.kind === 'question' ? [r.question] : []));
    if (questions.length === readings.length) {
      return { kind: 'clarify', prompt: `"${besideOthers.word}" can mean more than one figure. Which one did you mean?`, alternatives: questions.map((question) => ({ label: describeQuestion(question), question })), every: true };
    }
  }
  const [release] = s.releases;
  const read = release ? printedInRelease(readQuestion(s, snapshot, previous, subject, correcting), release) : readQuestion(s, snapshot, previous, subject, correcting, earlier);
  const reading = inUnit(asLoss(s.quarterOfLastYear ? ofWhichYear(read) : read, s), s, previous);
  // Companies named side by side in a question answered about one: which one is asked back, never the first alone.
  if (s.companies.length > 1 && reading.kind === 'question' && !(reading.question.intent === 'trend' && reading.question.companies)) {
    return oneCompanyOf(reading.question, s.companies, snapshot);
  }
  const again = excludingAgain(reading, previous, s);
  const about = company ? eachQuestion(again, (q) => ({ ...q, company })) : again;
  // Read as that figure (not the text's: "international sales %"), its percent of nothing said is asked.
  if (s.percentOfNothing && about.kind === 'question' && about.question.intent === 'figure') return percentOfWhat(s.percentOfNothing, about.question);
  const ofPeriods = about.kind === 'question' && (about.question.intent === 'figure' || about.question.intent === 'compare') ? about.question : undefined;
  const share = s.periodShare && ofPeriods ? shareReading(s.periodShare, ofPeriods, previous) : undefined;
  if (share) return share;
  const sameShare = ofPeriods && !s.periodShare ? shareAgain(ofPeriods, previous, s) : undefined;
  if (sameShare) return { kind: 'question', question: sameShare };
  return overSales(about, s, bookFor(snapshot, company));
}

/**
 * "And Q1 2021?", "and last year?", "and in dollars?" after adjusted EPS or an adjusted margin: no line said, so what was
 * left out stays out, never the figure as reported as if asked for. So after a profit line alone ("and EBITDA?" after net income
 * excluding the credit: the release's EBITDA without it, where it gave EBITDA as reported; review 89). Another line said
 * anew ("and revenue?"), or with its own period or words, is asked as said, and so is the figure as reported ("what about
 * GAAP?").
 */
function excludingAgain(reading: Reading, previous: Question | undefined, s: Slots): Reading {
  const before = (previous?.intent === 'figure' || previous?.intent === 'compare') && previous.excluding ? previous : undefined;
  // A profit line or earnings per share said with nothing else ("and EBITDA?", "per share?") is asked of the same terms,
  // as its period is: the items left out are in what they earn. Revenue or a balance said, or a line with its own period,
  // words or cues, is a question of its own.
  const earns = (m: Measure) => m.kind === 'concept' && (PROFIT_LINES.has(m.concept) || familyOf(m.concept) === ONE.eps);
  const lineAlone = s.periods.length === 0 && s.unexplained.length === 0 && [...s.cues].every((c) => c === 'follow_up' || c === 'plus') && s.measures.every((m) => earns(m.measure));
  if (!before || (s.measures.length > 0 && !lineAlone) || s.cues.has('reported')) return reading;
  return eachQuestion(reading, (q) => (q.intent === 'figure' || q.intent === 'compare' ? { ...q, excluding: true } : q));
}

/**
 * The cost of sales set against revenue where the company prints its sales apart from revenues of another kind
 * (Caterpillar's Financial Products', Sears' credit), read in the asker's words: "as a percent of sales" is over the
 * sales line, as the gross margin is; "of revenue" or "of total sales and revenues" over the total, as named; "sales
 * minus cost of sales" is gross profit, over the sales; "revenue minus cost of sales" asked back (gross profit is over
 * the sales, not the revenue named; the two lines side by side).
 */
function overSales(reading: Reading, s: Slots, book: Book | undefined): Reading {
  if (reading.kind !== 'question' || (reading.question.intent !== 'figure' && reading.question.intent !== 'compare') || !book) return reading;
  const q = reading.question;
  const sales = METRICS.over_sales.sales.find((c) => c !== 'revenue' && book.printedConcepts.includes(c));
  if (!sales) return reading;
  // "Caterpillar sales Q1 2022", "was caterpillar sales $12.9 billion?": its sales line and its total side by side, the
  // word said fitting either (the total alone was judged against the sales said).
  const saidSales = s.measures.some((m) => conceptOf(m.measure) === 'revenue' && revenueWord(s.tokens, m) === 'sales');
  const line = q.measures.findIndex((m) => conceptOf(m) === 'revenue');
  if (saidSales && line >= 0 && !q.measures.some((m) => conceptOf(m) === sales)) {
    return { kind: 'question', question: { ...q, measures: [...q.measures.slice(0, line), { kind: 'concept', concept: sales }, ...q.measures.slice(line)] } };
  }
  const ratio = s.revenueOver === 'sales' ? q.measures.findIndex((m) => m.kind === 'ratio' && m.denominator === 'revenue' && METRICS.over_sales.lines.includes(m.numerator)) : -1;
  const with_ = (at: number, replacement: Measure[]): Question => ({ ...q, measures: [...q.measures.slice(0, at), ...replacement, ...q.measures.slice(at + 1)] });
  const over = q.measures[ratio];
  if (over?.kind === 'ratio') return { kind: 'question', question: with_(ratio, [{ ...over, denominator: sales }]) };
  // "Gross profit as a percentage of total sales and revenues": over the total named, never the gross margin's sales.
  const margin = s.revenueOver === 'revenue' ? q.measures.findIndex((m) => m.kind === 'formula' && m.formula === 'gross_margin') : -1;
  if (margin >= 0) return { kind: 'question', question: with_(margin, [{ kind: 'ratio', numerator: 'gross_profit', denominator: 'revenue', percent: true }]) };
  const at = s.revenueLess === 'revenue' ? q.measures.findIndex((m) => m.kind === 'formula' && m.formula === 'gross_profit') : -1;
  const m = q.measures[at];
  if (!m) return reading;
  const alternatives = [with_(at, [m]), with_(at, [{ kind: 'concept', concept: 'revenue' }, { kind: 'concept', concept: 'cost_of_revenue' }])];
  const name = inSentence(conceptInfo(sales).name);
  return {
    kind: 'clarify',
    prompt: `${book.company.name} prints its ${name} apart from revenues of another kind, and its cost of sales is the cost of those ${name} alone. Which did you mean?`,
    alternatives: alternatives.map((question) => ({ label: describeQuestion(question), question })),
  };
}

/**
 * "Revenue Q3 of last year": the latest year's Q3, or the one a year before it? Each is a reading people
 * mean ("last year" as the latest fiscal year, or as the year before this one): asked back, never picked.
 */
function ofWhichYear(reading: Reading): Reading {
  if (reading.kind !== 'question' || reading.question.intent !== 'figure') return reading;
  const q = reading.question;
  // After Q4 2003, "and Q4 last year?" took that year from the conversation: Q4 2003 again, or Q4 2002.
  const at = q.periods.findIndex((p) => p.kind === 'span');
  const part = q.periods[at];
  // "YTD last year": the latest year's year to date, or the one before? Neither is a period to offer without its year.
  if (part?.kind !== 'span' && q.periods.some((p) => p.kind === 'ytd' && p.year === undefined)) {
    return { kind: 'invalid', title: 'Which year to date?', message: '"Year to date" with "last year" can be the latest year\'s or the one before it: say the year ("YTD 2003", "nine months 2002").' };
  }
  if (part?.kind !== 'span') return reading;
  const earlier = part.year === undefined ? { ...part, back: 1 } : shiftYears(part, -1);
  const yearBefore: Question = { ...q, periods: q.periods.map((p, i) => (i === at ? earlier : p)) };
  return { kind: 'clarify', prompt: '"Last year" beside a quarter: which did you mean?', every: true, alternatives: [
    { label: describeQuestion(q), question: q },
    { label: describeQuestion(yearBefore), question: yearBefore },
  ] };
}

/**
 * "The net loss in Q1 2003", "was the net loss above $2 million", "was the stockholders' deficit $14.4 million?", "the
 * tax benefit in 1993": a profit line's figure asked as a loss, an equity line's as a deficit, the tax line's as a benefit.
 */
function asLoss(reading: Reading, s: Slots): Reading {
  const said = s.measures.flatMap((m) => s.tokens.slice(m.at, m.to).map((t) => t.word));
  const words = s.tokens.map((t) => t.word);
  return eachQuestion(reading, (q) => (q.intent === 'figure' && !q.rank && q.measures.length === 1 && q.measures.every((m) => askedAsNegative(said, m, words)) ? { ...q, asLoss: true } : q));
}

/**
 * Whether the words naming a metric ask its line as a loss, a deficit or a benefit (a slash command's metric option too);
 * a line printed as a charge or a credit is asked as a charge by the word anywhere in the question (`words`): "was Q4
 * accretion a charge above $0.5m?" (it said a credit was above).
 */
export function askedAsNegative(said: readonly string[], m: Measure, words: readonly string[] = said): boolean {
  const saidOf = (list: readonly string[], ...as: string[]) => list.some((w) => as.includes(w));
  const lines = saidOf(said, 'loss', 'losses') ? PROFIT_LINES : saidOf(said, 'deficit', 'deficits') ? DEFICIT_LINES : saidOf(said, 'benefit', 'benefits') ? BENEFIT_LINES
    : saidOf(words, 'charge', 'charges') ? CHARGE_OR_CREDIT_LINES : undefined;
  return lines !== undefined && m.kind === 'concept' && lines.has(m.concept);
}

/** Each scale a figure may be asked in, by the words saying it. */
const SCALES_SAID = new Map(Object.entries(CUES.display_units).flatMap(([unit, words]) => words.map((w) => [w, unit as DisplayUnit] as const)));

/** The questions a scale can be asked of: a figure's, a comparison's, a trend's. */
const inScale = (q: Question) => q.intent === 'figure' || q.intent === 'compare' || q.intent === 'trend';

/**
 * "Revenue in billions", "EPS in cents", "net income ($m)": the scale asked, shown beside the figure as printed. A word of
 * scale after a number is the number's ("above $2 billion"), never the figure's. A scale alone after a figure, nothing
 * else asked, is that figure in the scale (it gave the help): said with "in" ("in k?") or written out ("thousands?"),
 * never a "k" alone, which is chatter ("ok").
 */
function inUnit(reading: Reading, s: Slots, previous?: Question): Reading {
  const said = s.tokens.flatMap((t, i) => {
    const unit = SCALES_SAID.get(t.word);
    // "Per cent" is written out as "percent" before (shorthand.json): a "cent" here is cents.
    const before = s.tokens[i - 1]?.word ?? '';
    return unit && !/\d/.test(before) ? [{ unit, plain: before === 'in' || t.word.length > 3 }] : [];
  });
  const unit = said[0]?.unit;
  if (!unit || said.some((u) => u.unit !== unit)) return reading;
  const alone = reading.kind === 'question' && reading.question.intent === 'help' && !s.cues.has('help') && said.some((u) => u.plain);
  if (alone && previous && inScale(previous)) return { kind: 'question', question: { ...previous, unit } };
  return eachQuestion(reading, (q) => (inScale(q) ? { ...q, unit } : q));
}

/** A reading with `change` made to its question, or to each question it offers to choose from. */
function eachQuestion(reading: Reading, change: (q: Question) => Question): Reading {
  if (reading.kind === 'question') return { ...reading, question: change(reading.question) };
  if (reading.kind === 'clarify') return { ...reading, alternatives: reading.alternatives.map((a) => ({ ...a, question: change(a.question) })) };
  return reading;
}

/** Figures "in the Q1 release": as that release printed them, never as restated since. */
const printedInRelease = (reading: Reading, release: PeriodQuery): Reading =>
  eachQuestion(reading, (q) => (q.intent === 'figure' && !q.release ? { ...q, release } : q));

/**
 * A word nobody explained, one letter from a company's name ("Aple", "Oracel"): asked back as that
 * company's question, never answered as if named, for a word that close may be another.
 */
function misspeltCompany(text: string, s: Slots, snapshot: Snapshot, previous?: Question): Reading | undefined {
  const names = [...lexiconOf(snapshot).companies].filter(([word]) => word.length >= 4);
  for (const word of s.unexplained) {
    const at = s.tokens.find((t) => t.word === word);
    if (word.length < 4 || !at) continue;
    const close = names.filter(([name]) => name[0] === word[0] && editDistance(word, name, 1) <= 1);
    const [only] = close;
    if (!only || close.some(([, key]) => key !== only[1])) continue;
    const again = interpret(`${text.slice(0, at.start)}${only[0]}${text.slice(at.end)}`, snapshot, previous);
    const book = snapshot.book(only[1]);
    if (again.kind !== 'question' || again.question.company !== only[1] || !book) continue;
    const label = companyLabel(book.company);
    return { kind: 'clarify', prompt: `No company loaded is called "${word}". Did you mean ${label}?`, alternatives: [{ label: `${label}: ${describeQuestion(again.question)}`, question: again.question }] };
  }
  return undefined;
}

/** Arithmetic the reader does not do, said so, with the figures it would use offered side by side. */
function sideBySide(asked: readonly Measure[], periods: PeriodQuery[], prompt: string): Reading {
  return { kind: 'clarify', prompt, alternatives: [{ label: measuresLabel(asked), question: { intent: 'figure', measures: [...asked], periods } }] };
}
