/** A question said back in words ("Read as: revenue, Q4 2003 vs Q4 2002"), so a misreading shows at once. */
import { conceptInfo } from '../../knowledge/concepts.ts';
import { longDate, MONTHS, shortPeriod } from '../../knowledge/periods.ts';
import type { PeriodQuery } from '../../knowledge/period-grammar.ts';
import type { Amount, Measure, Question } from './question.ts';
import { samePart } from './period-shift.ts';
import { formulaNamed, narrativeMeasureNamed, ratioSides } from './vocabulary.ts';

/** A name inside a sentence: "EBITDA margin" stays, "Net income" becomes "net income". */
export const inSentence = (name: string) => (/^[A-Z]{2,}/.test(name) ? name : name.charAt(0).toLowerCase() + name.slice(1));

/**
 * How far a relative period moves: "the quarter before", "2 quarters after", "1 year earlier"; from
 * `from` when given ("1 year after the latest").
 */
export function shiftWords(q: Extract<PeriodQuery, { kind: 'relative' }>, from?: string): string {
  if (q.inYear !== undefined) return `the same part of ${q.inYear}${from ? ` as ${from}` : ''}`;
  const [count, unit] = q.quarters ? [q.quarters, 'quarter'] : [q.years, 'year'];
  const n = Math.abs(count);
  const amount = unit === 'quarter' && n === 1 ? 'the quarter' : `${n} ${unit}${n === 1 ? '' : 's'}`;
  const direction = from ? `${count < 0 ? 'before' : 'after'} ${from}` : count < 0 ? (unit === 'quarter' ? 'before' : 'earlier') : unit === 'quarter' ? 'after' : 'later';
  return `${amount} ${direction}`;
}

/** The words a search of the text looks for, as the reader kept them; a question of names alone ("R&D", "P/E") by its names. */
export const searchedWords = (q: Extract<Question, { intent: 'narrative' }>): string => [...new Set([...q.names, ...q.topic])].join(' ');

export function measureLabel(m: Measure): string {
  switch (m.kind) {
    case 'concept':
      return conceptInfo(m.concept).name;
    case 'formula':
      return formulaNamed(m.formula)?.name ?? m.formula;
    case 'narrative':
      return narrativeMeasureNamed(m.measure)?.name ?? m.measure;
    case 'sum':
      return m.parts.map((c) => inSentence(conceptInfo(c).name)).join(' + ').replace(/^./, (c) => c.toUpperCase());
    case 'ratio': {
      const [over, under] = ratioSides(m);
      return `${measureLabel(over)} / ${inSentence(measureLabel(under))}`;
    }
  }
}

/** A month by its number, capitalised: "October". */
export const monthName = (n: number) => (MONTHS[n - 1] ?? '').replace(/^./, (c) => c.toUpperCase());

export function periodLabel(q: PeriodQuery): string {
  switch (q.kind) {
    case 'span': {
      const year = q.year ?? (q.back ? `of ${q.back === 1 ? 'the year' : `${q.back} years`} before the latest` : '(latest year)');
      // Said by its end ("the June quarter"): which fiscal quarter that is depends on the company, so the end is said.
      // A day with no year: the year is the one a period ended on that day ("October 28, year not said").
      if (q.byDate) return `the ${q.months} months ended ${monthName(q.endMonth)}${q.endDay ? ` ${q.endDay},` : ''} ${q.endDay && q.year === undefined ? 'year not said' : year}`;
      if (q.opensNext && q.year !== undefined) return q.endMonth === 12 ? `the start of Q1 ${q.year + 1}` : `the start of Q${q.endMonth / 3 + 1} ${q.year}`;
      if (q.months === 3) return `Q${q.endMonth / 3} ${year}`;
      if (q.months === 6) return `${q.endMonth === 6 ? 'H1' : 'H2'} ${year}`;
      if (q.months === 9) return `9M ${year}`;
      return `FY ${year}`;
    }
    case 'date':
      return q.wholeMonth ? `end of ${monthName(Number(q.date.slice(5, 7)))} ${q.date.slice(0, 4)}` : longDate(q.date);
    case 'year':
      return String(q.year);
    case 'yearEnd':
      return q.opening ? `the start of fiscal ${q.year + 1} (year-end ${q.year})` : `year-end ${q.year}`;
    case 'latest':
      return 'the latest period';
    case 'lastQuarter':
      return q.back ? `the quarter ${q.back === 1 ? '' : `${q.back} quarters `}before the latest` : 'the latest quarter';
    case 'lastYear':
      return q.back ? `the year ${q.back === 1 ? '' : `${q.back} years `}before the latest` : 'the latest year';
    case 'monthEnd':
      return `end of ${monthName(q.month)}`;
    case 'ltm':
      return `twelve months ended ${q.at ? periodLabel(q.at) : 'latest'}`;
    case 'relative':
      return shiftWords(q);
    case 'id':
      return shortPeriod(q.id);
    case 'ytd':
      return `year to date ${q.year ?? '(latest year)'}`;
    case 'ytdTo':
      return `year to date through ${monthName(q.month)} ${q.year ?? '(latest year)'}`;
    case 'recent':
      return `the last ${q.count} ${q.unit}${q.count === 1 ? '' : 's'}`;
    case 'opening':
      if (q.before) return `the ${q.through ? 'latest ' : ''}fiscal year end ${q.through ? 'by' : 'before'} ${shortPeriod(q.before)}`;
      return q.through ? 'the latest fiscal year end' : 'the start of the latest fiscal year';
    case 'closing':
      return `the fiscal year end after ${shortPeriod(q.after)}`;
    case 'part':
      if (q.before) return `the ${q.months} months before the period asked (not a part of its fiscal year)`;
      return `the latest ${q.months === 3 ? 'quarter' : q.months === 6 ? 'half' : 'nine months'}`;
  }
}

const SCALE_WORDS: ReadonlyArray<readonly [number, string]> = [[1e9, 'billion'], [1e6, 'million'], [1e3, 'thousand']];

/** An amount said back: "$20 million", "30%", "$0.05", "5 million" (a number said without a unit). */
export function amountWords(a: Amount): string {
  if (a.unit === 'percent') return `${a.value}%`;
  if (a.unit === 'times') return `${a.value} times`;
  const scale = a.scaled ? SCALE_WORDS.find(([factor]) => Math.abs(a.value) >= factor) ?? SCALE_WORDS[2] : undefined;
  const number = scale ? `${Number((a.value / scale[0]).toPrecision(12))} ${scale[1]}` : a.value.toLocaleString('en-US', { maximumFractionDigits: 6 });
  return a.unit === 'USD' ? `$${number}` : number;
}

/** A paired question's periods in their pairs: each of the first half with its own in the second. */
const pairsOf = (periods: readonly PeriodQuery[]): Array<[PeriodQuery, PeriodQuery]> =>
  periods.slice(0, periods.length / 2).map((p, i) => [p, periods[i + periods.length / 2] as PeriodQuery]);

/** Whether each pair is the same part of two years (each quarter of 2003 against 2002's). */
const sameParts = (periods: readonly PeriodQuery[]): boolean => pairsOf(periods).every(([a, b]) => samePart(a, b));

/** Periods listed, read back; the quarters (or years) just before the latest, each, as one phrase: "the 2 quarters before the latest". */
function periodsLabel(periods: readonly PeriodQuery[]): string {
  const [first] = periods;
  const unit = first?.kind === 'lastQuarter' ? 'quarters' : first?.kind === 'lastYear' ? 'years' : undefined;
  const beforeLatest = unit && periods.length > 1 && periods.every((p, i) => (p.kind === 'lastQuarter' || p.kind === 'lastYear') && p.kind === first?.kind && p.back === periods.length - i);
  return beforeLatest ? `the ${periods.length} ${unit} before the latest` : periods.map(periodLabel).join(' and ');
}

/** "revenue and EBITDA, Q4 2003" — the question as understood. */
export function describeQuestion(q: Question): string {
  const measures = (ms: readonly Measure[]) => (ms.length === 0 ? 'no metric named' : ms.map((m) => inSentence(measureLabel(m))).join(', '));
  switch (q.intent) {
    case 'figure': {
      const printedIn = q.release ? `, as printed in the release for ${periodLabel(q.release)}` : '';
      if (q.rank) return `${measures(q.measures)}: the ${q.rank} quarter${q.periods.length ? ` of ${q.periods.map(periodLabel).join(', ')}` : ''}${printedIn}`;
      if (q.combined) return `${measures(q.measures)}, ${q.periods.map(periodLabel).join(' + ')} combined${printedIn}`;
      if (q.paired && q.periods.length % 2 === 0 && !sameParts(q.periods)) return `${measures(q.measures)}, ${pairsOf(q.periods).map(([a, b]) => `${periodLabel(a)} vs ${periodLabel(b)}`).join(' and ')}${q.excluding ? ', excluding one-time items' : ''}${printedIn}`;
      return `${measures(q.measures)}${q.periods.length ? `, ${periodsLabel(q.periods)}` : ', latest period'}${q.paired ? ', each against the same period of the other year' : ''}${q.excluding ? ', excluding one-time items' : ''}${printedIn}${q.against ? `, ${q.claimed ? 'checked against the amount said,' : 'set against'} ${q.against.about ? 'about ' : ''}${amountWords(q.against)}` : ''}`;
    }
    case 'compare':
      if (q.share) return `${measures(q.measures)}, ${q.period ? periodLabel(q.period) : 'latest period'} as a percentage of ${q.versus ? periodLabel(q.versus) : 'a year earlier'}${q.excluding ? ', excluding one-time items' : ''}`;
      return `${measures(q.measures)}, ${q.period ? periodLabel(q.period) : 'latest period'}${q.weighed ? `: ${q.weighed} than` : ' vs'} ${q.versus ? periodLabel(q.versus) : q.sequential ? 'the quarter before' : 'a year earlier'}${q.weighed ? '?' : ''}${q.excluding ? ', excluding one-time items' : ''}${q.against ? `, its ${q.premise === 'up' ? 'rise' : q.premise === 'down' ? 'fall' : 'change'} set against ${amountWords(q.against)}` : ''}`;
    case 'trend':
      return `${measures(q.measures)}, every period`;
    case 'results':
      return `headline results, ${q.period ? periodLabel(q.period) : 'latest quarter'}`;
    case 'why':
      return `what the releases give as the reason for ${measures(q.measures)}${q.period ? `, ${periodLabel(q.period)}` : ''}`;
    case 'narrative': {
      const words = searchedWords(q);
      return `the text of the releases${words ? ` about "${words}"` : ''}${q.period ? `, ${periodLabel(q.period)}` : ''}`;
    }
    case 'quote':
      return `quotes${q.speaker ? ` by ${q.speaker}` : ''}${q.topic.length ? ` about "${q.topic.join(' ')}"` : ''}${q.release ? `, release for ${periodLabel(q.release)}` : ''}`;
    case 'contact':
      return `contact${q.role ? `: ${q.role}` : ''}${q.person ? `: ${q.person}` : ''}${q.field ? `, ${q.field}` : ''}${q.release ? `, release for ${periodLabel(q.release)}` : ''}`;
    case 'call':
      return `teleconference${q.release ? ` for ${periodLabel(q.release)}` : ''}${q.field ? `, ${q.field.replace('_', ' ')}` : ''}`;
    case 'define':
      return `definition of ${q.term}${q.releases.length ? `, releases for ${q.releases.map(periodLabel).join(' and ')}` : ''}`;
    case 'profile':
      return `company profile: ${q.field.replace(/_/g, ' ')}`;
    case 'sources':
      return 'the releases loaded';
    case 'help':
      return 'help';
    case 'reload':
      return 'reload the releases';
    case 'ingest':
      return 'add a release';
    case 'unanswered':
      return 'the questions not answered';
    case 'channelCompany':
      return "the channel's default company";
  }
}
