/**
 * The typed question: what every transport turns its input into (free text, slash options, slash
 * text, a button or menu choice) and the only thing handlers read. Nothing here is text to parse.
 */
import type { Concept } from '../../knowledge/concepts.ts';
import type { PeriodQuery } from '../../knowledge/period-grammar.ts';

/** What is measured: a statement line, a formula over lines (gross margin), a sum, a ratio, or a narrative figure. */
export type Measure =
  | { kind: 'concept'; concept: Concept }
  | { kind: 'formula'; formula: string }
  | { kind: 'sum'; parts: Concept[] }
  /**
   * `percent`: asked as a share ("cash as % of total assets"), said as a percentage; else as times ("EBITDA to interest").
   * `numeratorFormula`, `denominatorFormula`: a side said as a formula a statement may print as that line ("total costs",
   * printed as total operating expenses): computed by the formula, the printed line served only where it is the formula's
   * result (Apple's "Total operating expenses" leave out its cost of sales).
   */
  | { kind: 'ratio'; numerator: Concept; denominator: Concept; percent?: true; numeratorFormula?: string; denominatorFormula?: string }
  | { kind: 'narrative'; measure: string };

export type Rank = 'highest' | 'lowest';

/**
 * An amount said in a question: `value` in dollars (`USD`, "$20 million", "5 cents"), percent
 * ("30%"), a ratio ("2x", "2 times"), or a number said without any ("20 million", "0.10"), which the
 * figure's unit settles; `scaled`: said with thousand, million or billion.
 */
export interface Amount {
  value: number;
  unit: 'USD' | 'percent' | 'times' | 'number';
  scaled: boolean;
  /** The place of its last digit as typed ("$13.6 billion": 100 million): a figure that rounds to it there agrees with it. */
  step?: number;
  /** Said as roughly so ("about $14 million"): a claim agrees a little further from it (commands/against.ts). */
  about?: true;
  /**
   * Said with digits after its point, a tenth of its unit or more ("$0.4 million", "$13.6 billion"), as releases round
   * their prose ("$0.05 billion" is not: it is "$50 million" said another way).
   */
  fraction?: true;
}

export type ContactField = 'phone' | 'email' | 'organisation' | 'title';
export type CallField = 'when' | 'dial_in' | 'international' | 'replay' | 'pass_code' | 'webcast';
/** What a company profile answers: its listing, where it is, what it does, its headlines, when its fiscal year ends. */
export const PROFILE_FIELDS = ['ticker', 'exchange', 'headquarters', 'business', 'experience', 'alliances', 'headline', 'fiscal_year_end'] as const;
export type ProfileField = (typeof PROFILE_FIELDS)[number];

/** A scale a figure may be asked in: "in billions", "in thousands", "in cents". */
export type DisplayUnit = 'thousand' | 'million' | 'billion' | 'cent';

/** What a question asks, whichever company it is about. */
export type QuestionBody =
  /**
   * Figures: every measure in every period (multi-part questions hold several). `rank`: which
   * quarter has the highest or lowest value ("which quarter had the highest revenue in 2003?"): the
   * quarters of the year in `periods` (a year), of the periods given, or (none) every quarter given.
   */
  /** `combined`: the periods' figures added up ("revenue in Q1 and Q2 2003 combined", "Q1 2003 + Q2 2003"). */
  /** `release`: the figures as that release printed them ("PP&E at December 31, 2002 in the Q1 release"), not as restated since. */
  /** `latest`: `periods` were settled as the latest the company gives, none having been said (another company's are its own). */
  /** `against`: an amount each figure is set against ("was revenue above $20 million?"): the answer says which side it falls. */
  /**
   * `unit`: the scale it was asked in ("revenue in billions"), shown beside the figure as printed.
   * `asLoss`: a profit line asked as a loss ("the net loss in Q1 2003"), an equity line as a deficit, the tax line as a
   * benefit: a profit (an expense) is said to be none, never judged as one; a loss claimed is judged by its size.
   */
  /** `claimed`: the amount is what the asker says the figure was ("was net income $1.2 million?"): the answer says whether it was. */
  /** `paired`: the first half of the periods set against the second, each with its own (each quarter of two years). */
  | { intent: 'figure'; measures: Measure[]; periods: PeriodQuery[]; excluding?: boolean; rank?: Rank; combined?: true; release?: PeriodQuery; latest?: true; against?: Amount; asLoss?: true; claimed?: true; paired?: true; unit?: DisplayUnit }
  /** One measure in two periods; `versus` missing: the same period a year earlier. */
  /**
   * `share`: the period's value as a percentage of the versus period's (a quarter's share of its year), not the change
   * between them. `weighed`: asked yes or no whether the period's value was higher (or lower) than the versus period's.
   * `against`: a percentage the change is set against ("did revenue grow more than 5%?"); `premise`: the way the question
   * says the figure went ("grow", "fall"), whose size is set against it.
   */
  | { intent: 'compare'; measures: Measure[]; period?: PeriodQuery; versus?: PeriodQuery; sequential?: boolean; excluding?: boolean; unit?: DisplayUnit; share?: true; weighed?: 'higher' | 'lower'; against?: Amount; premise?: 'up' | 'down' }
  /**
   * `page`: which page of the periods (0, the first, when missing), as for the other paged answers;
   * `companies`: other companies drawn beside the question's own ("Apple vs Oracle revenue").
   */
  | { intent: 'trend'; measures: Measure[]; page?: number; companies?: string[]; unit?: DisplayUnit }
  /** The headline figures of a period: "how did Q4 go?". */
  /** `latest`: `period` was settled as the latest the company gives, none having been said (another company's is its own). */
  | { intent: 'results'; period?: PeriodQuery; latest?: true }
  /**
   * Why a figure moved, or (`unusual`) what one-time items it holds: the release's own words. `premise`: the way the
   * question says the one figure went in its one period ("why did revenue fall in Q3 2004?"), checked against a year earlier.
   */
  | { intent: 'why'; measures: Measure[]; period?: PeriodQuery; topic: string[]; unusual?: boolean; premise?: 'up' | 'down' }
  /** Anything else the text of the releases may hold: words to look for. */
  /** `names`: names no vocabulary explains (SMS, AmQUEST): a sentence must hold them to answer. */
  /** `page`: which page of the sentences found, from 0 (the best); missing: 0. */
  /** `figure`: the lines a follow-up named after an answer from the text, offered as figures where the text says nothing. */
  | { intent: 'narrative'; topic: string[]; period?: PeriodQuery; release?: PeriodQuery; names: string[]; page?: number; figure?: Measure[] }
  /** `page`: which page of the quotes found, from 0 (the best); missing: 0. */
  | { intent: 'quote'; topic: string[]; speaker?: string; release?: PeriodQuery; page?: number }
  | { intent: 'contact'; role?: string; person?: string; field?: ContactField; release?: PeriodQuery }
  | { intent: 'call'; release?: PeriodQuery; field?: CallField }
  | { intent: 'define'; term: string; releases: PeriodQuery[] }
  | { intent: 'profile'; field: ProfileField; release?: PeriodQuery }
  | { intent: 'sources' }
  | { intent: 'help' }
  | { intent: 'reload' }
  /** Admins: add a release uploaded as a file (Discord's /ingest; elsewhere, only how to). */
  | { intent: 'ingest' }
  /** Admins: the questions most often not answered from the releases. */
  | { intent: 'unanswered' }
  /** Admins: set (or, without a company, clear) the channel's default company. */
  | { intent: 'channelCompany' };

/**
 * A question: what it asks, and about which company (its key). Without a company it is about the
 * only company loaded, the conversation's, the channel's default, or the reader asks back.
 */
export type Question = QuestionBody & { company?: string };

export type Intent = Question['intent'];

/** A reading of the input: a question, a choice to offer (ask back), or why it was not understood. */
export type Reading =
  | { kind: 'question'; question: Question }
  /**
   * `every`: the choices are every reading of what was said (a word's meanings, "last year" after a quarter), not examples
   * of what could be asked ("compare which figure? for example..."): where the releases give one reading, or none, that is
   * the answer; examples are always asked.
   */
  | { kind: 'clarify'; prompt: string; alternatives: Array<{ label: string; question: Question }>; every?: true }
  /** `title`: what was not understood (an option, by default). */
  | { kind: 'invalid'; message: string; valid?: string[]; title?: string };
