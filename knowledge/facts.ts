/**
 * The facts earnings-bot knows, as zod schemas: read this file first.
 *
 * Every fact is cited: `release` (file name), `line` (1-based, first line), `lineEnd` when it spans
 * several lines, and `text`, the line(s) as printed. Figures are in base units: dollars, shares, or
 * dollars per share, sign included (a printed `(x)` is negative, a dash is zero).
 */
import { z } from 'zod';
import { CONCEPT_IDS, type Concept } from './concepts.ts';

/** A period id as written: see PeriodId. */
export const PERIOD_ID = /^\d{4}-(Q[1-4]|H[12]|9M|FY|\d{2}-\d{2}|\d{2}-\d{2}-\d{1,2}M)$/;
export const PeriodIdSchema = z.string().regex(PERIOD_ID, 'not a period id');
/** `2003-Q4`, `2003-H1`, `2003-9M`, `2003-FY` for durations; `2003-12-31` for balance-sheet dates. */
export type PeriodId = z.infer<typeof PeriodIdSchema>;

export const ConceptSchema = z.enum(CONCEPT_IDS);
export type { Concept };

export const UnitSchema = z.enum(['USD', 'USD/share', 'shares']);
export type Unit = z.infer<typeof UnitSchema>;

const cited = {
  /** The company's key (its ticker, else its name in capitals): facts of two companies never meet. */
  company: z.string().min(1),
  release: z.string().min(1),
  line: z.number().int().positive(),
  lineEnd: z.number().int().positive().optional(),
  text: z.string(),
};

export const TableKindSchema = z.enum(['operations', 'ebitda_reconciliation', 'balance_sheet', 'cash_flow']);
export type TableKind = z.infer<typeof TableKindSchema>;

/** One cell of a statement table, exactly as printed, with the scale its caption gives. */
export const StatementFactSchema = z.object({
  kind: z.literal('statement'),
  concept: ConceptSchema,
  period: PeriodIdSchema,
  value: z.number(),
  unit: UnitSchema,
  table: TableKindSchema,
  label: z.string().min(1),
  printed: z.string().min(1),
  multiplier: z.number().positive(),
  /** The period's last day as its column prints it, and its length in weeks when it counts weeks. */
  ends: z.string().regex(/^\d{4}-\d{2}-\d{2}$/).optional(),
  weeks: z.number().int().positive().optional(),
  /** The line of the next row with figures in the same table: which lines a statement prints one after another. */
  next: z.number().int().positive().optional(),
  /** Set by the snapshot: `misprint` (the release's arithmetic rejects it), `superseded` (a later release restates it). */
  flags: z.array(z.enum(['misprint', 'superseded'])).optional(),
  /** The table's footnote that names the row as this line ("Profit attributable to common shareholders."), when that is why it is read so. */
  footnote: z.string().min(1).optional(),
  ...cited,
});
export type StatementFact = z.infer<typeof StatementFactSchema>;

/** Where a derived figure came from: enough to cite each input. */
export const InputRefSchema = z.object({
  concept: ConceptSchema,
  period: PeriodIdSchema,
  value: z.number(),
  release: z.string(),
  line: z.number().int().positive(),
});
export type InputRef = z.infer<typeof InputRefSchema>;

/** A figure no release prints, computed from printed ones; never shown as if printed. */
export const DerivedFactSchema = z.object({
  kind: z.literal('derived'),
  concept: ConceptSchema,
  period: PeriodIdSchema,
  value: z.number(),
  unit: UnitSchema,
  formula: z.string(),
  /** How far the result may be off because its inputs are rounded (same unit as value). */
  uncertainty: z.number().nonnegative(),
  /** The finest unit any input was printed in (1,000 for thousands, 100,000 for millions to one decimal): it is shown to that, never finer. */
  resolution: z.number().positive(),
  inputs: z.array(InputRefSchema).min(1),
  company: z.string().min(1),
  release: z.string(),
  line: z.number().int().positive(),
});
export type DerivedFact = z.infer<typeof DerivedFactSchema>;

export const RatioKindSchema = z.enum(['margin', 'change']);
/** A percentage computed from printed figures: a margin in one period, or a change between two. */
export const RatioFactSchema = z.object({
  kind: z.literal('ratio'),
  ratio: RatioKindSchema,
  concept: ConceptSchema,
  /** The denominator's concept for a margin (revenue); the same concept for a change. */
  base: ConceptSchema,
  period: PeriodIdSchema,
  /** For a change: the earlier period. */
  basePeriod: PeriodIdSchema,
  percent: z.number(),
  /** How many points the percentage may be off because its inputs are rounded. */
  uncertainty: z.number().nonnegative(),
  formula: z.string(),
  inputs: z.array(InputRefSchema).length(2),
  company: z.string().min(1),
  release: z.string(),
  line: z.number().int().positive(),
});
export type RatioFact = z.infer<typeof RatioFactSchema>;

export const NumberUnitSchema = z.enum(['USD', 'USD/share', 'percent', 'shares', 'count']);
export const SentenceNumberSchema = z.object({
  value: z.number(),
  unit: NumberUnitSchema,
  printed: z.string(),
  /** The period the sentence ties this number to, when it says one. */
  period: PeriodIdSchema.optional(),
  /** `change`: the amount something changed by ("an improvement of $5.2 million"); `outflow`: money "used". */
  role: z.enum(['change', 'outflow']).optional(),
  /** The statement line the sentence says the amount is ("net income of $1.57 billion, or $2.12 a share"). */
  concept: ConceptSchema.optional(),
});
export type SentenceNumber = z.infer<typeof SentenceNumberSchema>;

export const SentenceFactSchema = z.object({
  kind: z.literal('sentence'),
  section: z.enum(['headline', 'body', 'about']),
  /** The heading of the body's part it is in ("Sears Canada", "Outlook"): whose figures a segment's sentence gives. */
  heading: z.string().min(1).max(80).optional(),
  numbers: z.array(SentenceNumberSchema),
  periods: z.array(PeriodIdSchema),
  ...cited,
});
export type SentenceFact = z.infer<typeof SentenceFactSchema>;

export const QuoteFactSchema = z.object({
  kind: z.literal('quote'),
  speaker: z.string().min(1),
  speakerTitle: z.string().optional(),
  /** The quotation's words, joined across its paragraphs. */
  quote: z.string().min(1),
  date: z.string(),
  ...cited,
});
export type QuoteFact = z.infer<typeof QuoteFactSchema>;

export const ContactFactSchema = z.object({
  kind: z.literal('contact'),
  role: z.string().min(1),
  name: z.string().min(1),
  organisation: z.string(),
  phone: z.string(),
  email: z.string().optional(),
  date: z.string(),
  ...cited,
});
export type ContactFact = z.infer<typeof ContactFactSchema>;

export const EventFactSchema = z.object({
  kind: z.literal('event'),
  event: z.literal('teleconference'),
  subject: z.string(),
  date: z.string(),
  time: z.string(),
  timeZone: z.string(),
  dialIn: z.array(z.string()),
  replay: z.array(z.string()),
  replayUntil: z.string().optional(),
  /** The replay's pass code. */
  passCode: z.string().optional(),
  /** The live call's pass code, given with its dial-in ("by dialing (913) 312-6699, Passcode: 822011"). */
  dialInPassCode: z.string().optional(),
  webcast: z.string().optional(),
  /** Where the replay is watched, where the release gives a web address for it apart from the live webcast's (The Buckle's). */
  replayWebcast: z.string().optional(),
  ...cited,
});
export type EventFact = z.infer<typeof EventFactSchema>;

export const DefinitionFactSchema = z.object({
  kind: z.literal('definition'),
  term: z.string().min(1),
  definition: z.string().min(1),
  date: z.string(),
  ...cited,
});
export type DefinitionFact = z.infer<typeof DefinitionFactSchema>;

export const ReleaseFactSchema = z.object({
  kind: z.literal('release'),
  date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  headline: z.string(),
  /** The company's name as the release prints it; `company` is its key. */
  companyName: z.string(),
  ticker: z.string().optional(),
  exchange: z.string().optional(),
  headquarters: z.string().optional(),
  about: z.string().optional(),
  /** Every period the release's tables hold, in the order printed. */
  periods: z.array(PeriodIdSchema),
  /** The month (1-12) the company's fiscal year ends in, as its columns show. */
  fiscalYearEnd: z.number().int().min(1).max(12).optional(),
  /** Where the release says it reclassified prior periods ("Certain reclasses have been made to prior periods"). */
  reclassified: z.object({ line: z.number().int().positive(), text: z.string() }).optional(),
  ...cited,
});
export type ReleaseFact = z.infer<typeof ReleaseFactSchema>;

export const FactSchema = z.discriminatedUnion('kind', [
  StatementFactSchema,
  DerivedFactSchema,
  RatioFactSchema,
  SentenceFactSchema,
  QuoteFactSchema,
  ContactFactSchema,
  EventFactSchema,
  DefinitionFactSchema,
  ReleaseFactSchema,
]);
export type Fact = z.infer<typeof FactSchema>;
/** A fact as a release's parser reads it, before the release's company is known and stamped on it. */
export type Unstamped<F extends Fact> = F extends unknown ? Omit<F, 'company'> : never;

/** A figure a user can be given: printed or derived. */
export type FigureFact = StatementFact | DerivedFact;

/** Something a reader should know: a misread line, a check that fails, a restatement. */
export interface Warning {
  code:
    | 'unreadable_line'
    | 'unknown_label'
    | 'no_scale'
    | 'no_period'
    | 'not_a_release'
    | 'unreadable_file'
    | 'no_company'
    | 'misprint'
    | 'restated'
    | 'check_failed';
  message: string;
  release?: string;
  line?: number;
  concept?: Concept;
  period?: PeriodId;
}
