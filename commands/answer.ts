/**
 * What every handler returns: a transport-free answer that the Discord embed renderer and the text
 * renderer (CLI, console) both draw. Handlers fill it; they never format for a transport.
 */
import type { Fact } from '../knowledge/facts.ts';
import type { Question } from './understand/question.ts';

export interface Citation {
  release: string;
  line: number;
  lineEnd?: number;
  /** The printed line(s), for "show me the source". */
  text: string;
}

export interface AnswerField {
  name: string;
  value: string;
  inline?: boolean;
}

/** A command and its options, as a slash command would carry them. */
export interface CommandCall {
  name: string;
  options: Record<string, string>;
}

/** One period of a chart's series. */
export interface ChartPoint {
  /** The period id (`2003-Q4`, `2003-12-31`). */
  period: string;
  /** The period as the axis shows it (`Q4 2003`). */
  label: string;
  /** The value exactly as the facts give it (dollars, dollars per share, percent). */
  value: number;
  /** The value as labelled on the chart, in its axis' unit, at the precision it was printed or computed with. */
  text: string;
  /** Computed, not printed: drawn hollow, and the legend says so. */
  derived: boolean;
}

/** The axis a series is drawn against: values are divided by `scale` to be plotted in its unit. */
export interface ChartAxis {
  title: string;
  scale: number;
}

export interface ChartSeries {
  /** What the legend calls it: the measure, with the company's name once a chart holds two companies. */
  name: string;
  company: string;
  axis: ChartAxis;
  points: ChartPoint[];
}

/** Periods of one length on one axis: quarters are never drawn on an axis with years. */
export interface ChartPanel {
  /** `Quarters`, `Years`, `Balances`... */
  title: string;
  /** Lines for sequences of quarters or balances, bars for the few longer periods. */
  style: 'line' | 'bar';
  /** The x axis, oldest first: every period any series of the panel has. */
  periods: Array<{ period: string; label: string }>;
  series: ChartSeries[];
}

/** A chart as data: what to draw, not how; a transport renders it (a PNG in Discord and with --chart). */
export interface ChartSpec {
  title: string;
  /** The company (or companies) and the releases the figures come from. */
  caption: string;
  panels: ChartPanel[];
}

export type AnswerKind =
  | 'figure'
  | 'comparison'
  | 'trend'
  | 'quotes'
  | 'contacts'
  | 'events'
  | 'definitions'
  | 'sentences'
  | 'sources'
  | 'help'
  | 'reload'
  | 'unanswered'
  | 'not_found'
  | 'refusal'
  | 'clarify';

/**
 * Which page of a longer list an answer shows (search, quote and trend results), and the questions
 * that ask for the pages before and after it: a transport offers them (Previous / Next buttons,
 * "next" in the console); nothing about the list is kept anywhere else.
 */
export interface Paging {
  /** The page shown, from 0. */
  page: number;
  /** How many pages there are (more than one: a list that fits one page has no paging). */
  pages: number;
  /** How many results all pages hold, and the positions (from 1) of the first and last shown. */
  total: number;
  first: number;
  last: number;
  /** What is counted, in the plural: "sentences", "quotes", "periods". */
  noun: string;
  /** The question asking for the page before; none on the first page. */
  previous?: Question;
  /** The question asking for the page after; none on the last page. */
  next?: Question;
}

export interface Answer {
  kind: AnswerKind;
  title: string;
  /** The answer itself, in a sentence or two: the figure, the change, who to call. Plain text. */
  summary: string;
  /** The words of the summary a reader's eye should land on (the figures): transports emphasise them. */
  emphasis: string[];
  fields: AnswerField[];
  /** What a careful reader must know: derived, misprint, restated, one-time item. */
  notes: string[];
  sources: Citation[];
  /** The facts the answer used, with their sources (for --json and --batch). */
  facts: Fact[];
  /** A follow-up the transport may offer as a button, as the question it asks. */
  followUps: Array<{ label: string; question: Question }>;
  /** Readings to choose from when the question could mean several things (asked back). */
  alternatives?: Array<{ label: string; question: Question }>;
  /** Answers only the asker should see (refusals of admin commands). */
  private?: boolean;
  /** The figures of the answer drawn over their periods (trends); the exact figures stay in the fields. */
  chart?: ChartSpec;
  /** Set when the answer shows one page of several. */
  paging?: Paging;
  /** An upload waiting for its admin (/ingest): transports offer Confirm and Cancel, carrying this id and nothing else. */
  upload?: { id: string };
}

export function answer(kind: AnswerKind, title: string, summary: string, rest: Partial<Omit<Answer, 'kind' | 'title' | 'summary'>> = {}): Answer {
  // A note gathered twice (a sentence of the release about both periods compared) is shown once.
  return { kind, title, summary, emphasis: [], fields: [], notes: [], sources: [], facts: [], followUps: [], ...rest, ...(rest.notes ? { notes: [...new Set(rest.notes)] } : {}) };
}

/** Asked back: the prompt, then each reading numbered (the console's choices; Discord offers them as a menu), and what follows them. */
export function askedBack(title: string, prompt: string, alternatives: Array<{ label: string; question: Question }>, after = ''): Answer {
  return answer('clarify', title, `${prompt}\n${alternatives.map((a, i) => `${i + 1}. ${a.label}`).join('\n')}${after}`, { alternatives });
}

export function cite(fact: { release: string; line: number; lineEnd?: number; text?: string }): Citation {
  return {
    release: fact.release,
    line: fact.line,
    ...(fact.lineEnd && fact.lineEnd !== fact.line ? { lineEnd: fact.lineEnd } : {}),
    text: fact.text ?? '',
  };
}

/** Citations without repeats, in first-use order. */
export function uniqueCitations(citations: readonly Citation[]): Citation[] {
  const seen = new Set<string>();
  return citations.filter((c) => {
    const key = `${c.release}:${c.line}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
