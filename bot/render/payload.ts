/**
 * A question carried in a button's or menu option's id, so the click is answered without
 * memory of the message (after a restart too): versioned ("q1."), JSON with its common pieces
 * shortened, checked with zod on the way back in (a custom id is input like any other). A paging
 * button carries its page in the question (`page`), and the company the question is about stays
 * with it.
 */
import { escapeRegExp } from '../../knowledge/text.ts';
import { z } from 'zod';
import { ConceptSchema } from '../../knowledge/facts.ts';
import { MAX_PAGE } from '../../commands/paging.ts';
import { PROFILE_FIELDS, type Question } from '../../commands/understand/question.ts';

const VERSION = 'q1.';

/** Discord's longest custom id (and select option value): anything longer did not come from a button. */
export const MAX_ID = 100;

// Unions keyed by their tag: a value is checked against the one shape its tag names, not tried against each.
const PERIOD_QUERIES = [
  z.strictObject({ kind: z.literal('span'), months: z.union([z.literal(3), z.literal(6), z.literal(9), z.literal(12)]), endMonth: z.number().int().min(1).max(12), year: z.number().int().optional(), endDay: z.number().int().min(1).max(31).optional(), byDate: z.literal(true).optional(), back: z.number().int().min(1).max(20).optional(), opensNext: z.literal(true).optional() }),
  z.strictObject({ kind: z.literal('date'), date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/), wholeMonth: z.literal(true).optional() }),
  z.strictObject({ kind: z.literal('year'), year: z.number().int() }),
  z.strictObject({ kind: z.literal('yearEnd'), year: z.number().int(), opening: z.literal(true).optional() }),
  z.strictObject({ kind: z.literal('latest') }),
  z.strictObject({ kind: z.literal('lastQuarter'), back: z.number().int().min(1).max(40).optional() }),
  z.strictObject({ kind: z.literal('lastYear'), back: z.number().int().min(1).max(20).optional() }),
  z.strictObject({ kind: z.literal('monthEnd'), month: z.number().int().min(1).max(12) }),
  z.strictObject({ kind: z.literal('relative'), years: z.number().int(), quarters: z.number().int().optional(), inYear: z.number().int().optional() }),
  z.strictObject({ kind: z.literal('id'), id: z.string().max(20), byDate: z.literal(true).optional(), own: z.enum(['lastQuarter', 'lastYear', 'ytd', 'latest', 'opening', 'part']).optional(), found: z.number().int().min(1).max(4).optional() }),
  z.strictObject({ kind: z.literal('ytd'), year: z.number().int().optional() }),
  z.strictObject({ kind: z.literal('ytdTo'), month: z.number().int().min(1).max(12), year: z.number().int().optional() }),
  z.strictObject({ kind: z.literal('recent'), count: z.number().int().min(1).max(40), unit: z.enum(['quarter', 'year']) }),
  z.strictObject({ kind: z.literal('part'), months: z.union([z.literal(3), z.literal(6), z.literal(9)]) }),
  z.strictObject({ kind: z.literal('opening'), before: z.string().regex(/^\d{4}-(?:\d{2}-\d{2}|Q[1-4]|H[12]|9M|FY)$/).optional(), through: z.literal(true).optional(), latest: z.literal(true).optional() }),
] as const;
// Trailing twelve months end at any period but trailing twelve months: no recursion, so the schema compiles (below).
const PeriodQuerySchema = z.discriminatedUnion('kind', [
  ...PERIOD_QUERIES,
  z.strictObject({ kind: z.literal('ltm'), at: z.discriminatedUnion('kind', [...PERIOD_QUERIES]).optional() }),
]);

const MeasureSchema = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('concept'), concept: ConceptSchema }),
  z.strictObject({ kind: z.literal('formula'), formula: z.string().max(40) }),
  z.strictObject({ kind: z.literal('sum'), parts: z.array(ConceptSchema).max(6) }),
  z.strictObject({ kind: z.literal('ratio'), numerator: ConceptSchema, denominator: ConceptSchema, percent: z.literal(true).optional(), numeratorFormula: z.string().max(40).optional(), denominatorFormula: z.string().max(40).optional() }),
  z.strictObject({ kind: z.literal('narrative'), measure: z.string().max(40) }),
]);

const words = z.array(z.string().max(40)).max(20);
const AmountSchema = z.strictObject({ value: z.number(), unit: z.enum(['USD', 'percent', 'times', 'number']), scaled: z.boolean(), step: z.number().positive().optional(), about: z.literal(true).optional(), fraction: z.literal(true).optional() });
/** The company a question is about (its key: a ticker, else the name in capitals). */
const company = { company: z.string().min(1).max(60).optional() };
/** Which page of a paged answer (0, the first, when missing). */
const page = { page: z.number().int().min(1).max(MAX_PAGE).optional() };
const QuestionShape = z.discriminatedUnion('intent', [
  z.strictObject({ intent: z.literal('figure'), measures: z.array(MeasureSchema).max(6), periods: z.array(PeriodQuerySchema).max(6), excluding: z.boolean().optional(), rank: z.enum(['highest', 'lowest']).optional(), combined: z.literal(true).optional(), release: PeriodQuerySchema.optional(), latest: z.literal(true).optional(), against: AmountSchema.optional(), asLoss: z.literal(true).optional(), claimed: z.literal(true).optional(), paired: z.literal(true).optional(), unit: z.enum(['thousand', 'million', 'billion', 'cent']).optional(), ...company }),
  z.strictObject({ intent: z.literal('compare'), measures: z.array(MeasureSchema).max(6), period: PeriodQuerySchema.optional(), versus: PeriodQuerySchema.optional(), sequential: z.boolean().optional(), excluding: z.boolean().optional(), unit: z.enum(['thousand', 'million', 'billion', 'cent']).optional(), share: z.literal(true).optional(), weighed: z.enum(['higher', 'lower']).optional(), against: AmountSchema.optional(), premise: z.enum(['up', 'down']).optional(), ...company }),
  z.strictObject({ intent: z.literal('trend'), measures: z.array(MeasureSchema).max(6), companies: z.array(z.string().min(1).max(60)).max(3).optional(), unit: z.enum(['thousand', 'million', 'billion', 'cent']).optional(), ...page, ...company }),
  z.strictObject({ intent: z.literal('results'), period: PeriodQuerySchema.optional(), latest: z.literal(true).optional(), ...company }),
  z.strictObject({ intent: z.literal('why'), measures: z.array(MeasureSchema).max(6), period: PeriodQuerySchema.optional(), topic: words, unusual: z.boolean().optional(), premise: z.enum(['up', 'down']).optional(), ...company }),
  z.strictObject({ intent: z.literal('narrative'), topic: words, names: words, period: PeriodQuerySchema.optional(), release: PeriodQuerySchema.optional(), figure: z.array(MeasureSchema).max(6).optional(), ...page, ...company }),
  z.strictObject({ intent: z.literal('quote'), topic: words, speaker: z.string().max(60).optional(), release: PeriodQuerySchema.optional(), ...page, ...company }),
  z.strictObject({ intent: z.literal('contact'), role: z.string().max(60).optional(), person: z.string().max(60).optional(), field: z.enum(['phone', 'email', 'organisation', 'title']).optional(), release: PeriodQuerySchema.optional(), ...company }),
  z.strictObject({ intent: z.literal('call'), release: PeriodQuerySchema.optional(), field: z.enum(['when', 'dial_in', 'international', 'replay', 'pass_code', 'webcast']).optional(), ...company }),
  z.strictObject({ intent: z.literal('define'), term: z.string().max(60), releases: z.array(PeriodQuerySchema).max(4), ...company }),
  z.strictObject({ intent: z.literal('profile'), field: z.enum(PROFILE_FIELDS), release: PeriodQuerySchema.optional(), ...company }),
  z.strictObject({ intent: z.enum(['sources', 'help']) }),
]);
/** Compiled to one generated function (zod's `compile`): checking a button's question is part of making every answer. */
const QuestionSchema = z.compile(QuestionShape, { strict: true });

/**
 * Custom ids hold 100 characters: the JSON's most common pieces are written short. A question whose
 * JSON holds a "~" is never encoded, so every "~" of an id is one of these.
 */
const SHORT: ReadonlyArray<readonly [string, string]> = [
  ['{"kind":"concept","concept":', '~c'], ['{"kind":"formula","formula":', '~f'], ['{"kind":"id","id":', '~i'], ['{"kind":"span",', '~s'],
  ['"intent":', '~n'], ['"measures":', '~m'], ['"periods":', '~p'], ['"period":', '~q'], ['"versus":', '~v'], ['"months":', '~o'],
  ['"endMonth":', '~e'], ['"year":', '~y'], ['"figure"', '~F'], ['"compare"', '~K'], ['"results"', '~R'], ['"topic":', '~t'],
  // Added with paging (ids made before hold none of them, and read as before).
  ['"narrative"', '~N'], ['"quote"', '~Q'], ['"trend"', '~T'], ['"names":', '~a'], ['"company":', '~C'], ['"page":', '~g'],
  // Added with figures settled as the latest.
  ['"latest":true', '~l'],
  // Added with figures set against an amount.
  ['"against":{"value":', '~A'], ['"unit":', '~U'], ['"scaled":', '~S'],
  // Added with periods settled as the company's own latest, or its year's opening balance.
  ['"own":"latest"', '~L'], ['"own":"opening"', '~O'], ['"found":', '~w'],
  // Added with ratios whose sides are said as formulas (their buttons did not fit before).
  ['{"kind":"ratio",', '~r'], ['"numerator":', '~u'], ['"denominator":', '~d'], ['"percent":true', '~P'], ['"numeratorFormula":', '~x'], ['"denominatorFormula":', '~X'],
  // Added with the lines and formulas ratios name most (Apple's total costs over its revenue had no Source button).
  ['"revenue"', '~V'], ['"net_income"', '~I'], ['"operating_income"', '~J'], ['"operating_expenses"', '~E'], ['"cost_of_revenue"', '~W'],
  ['"gross_profit"', '~G'], ['"total_costs"', '~Z'], ['"total_liabilities"', '~B'], ['"stockholders_equity"', '~Y'], ['"total_assets"', '~D'],
  ['"selling_admin"', '~H'], ['"ebitda"', '~M'],
];

/**
 * Shortening and lengthening each in one pass over the text. No two pieces overlap in a question's
 * JSON, so writing the first piece found at each place short is writing each piece short in turn.
 */
const SHORT_OF = new Map(SHORT);
const LONG_OF = new Map(SHORT.map(([long, short]) => [short, long]));
const LONGS = new RegExp(SHORT.map(([long]) => escapeRegExp(long)).join('|'), 'g');
const SHORTS = /~[A-Za-z]/g;

/**
 * Ids made before, by question and length: the same buttons come back on many answers (every
 * figure of a metric offers its chart), and checking an id against the schema is most of making it.
 * Bounded: past its size it starts over.
 */
const ENCODED_KEPT = 5000;
const encoded = new Map<string, string | undefined>();

/** The id of a question, or undefined when it does not fit `max` characters (then no button is offered). */
export function encodeQuestion(q: Question, max: number): string | undefined {
  const json = JSON.stringify(q);
  const key = `${max} ${json}`;
  if (encoded.has(key)) return encoded.get(key);
  if (encoded.size >= ENCODED_KEPT) encoded.clear();
  const id = encodeJson(json, max);
  encoded.set(key, id);
  return id;
}

function encodeJson(json: string, max: number): string | undefined {
  if (json.includes('~')) return undefined;
  const id = `${VERSION}${json.replace(LONGS, (long) => SHORT_OF.get(long) ?? long)}`;
  if (id.length > Math.min(max, MAX_ID)) return undefined;
  // Only an id that reads back: a question the schema cannot carry whole gets no button. The schema's
  // objects are strict, with no defaults or transforms, so what reads back is this very question. The
  // id lengthens back to this very JSON (it held no "~"), so the JSON is what is checked.
  return questionIn(json) ? id : undefined;
}

/**
 * The question an id carries; undefined for another version, a broken or oversized id, or anything
 * but a question of the exact shape (no key more, none of the wrong kind).
 */
export function decodeQuestion(id: string): Question | undefined {
  if (!id.startsWith(VERSION) || id.length > MAX_ID) return undefined;
  return questionIn(id.slice(VERSION.length).replace(SHORTS, (short) => LONG_OF.get(short) ?? short));
}

/** The question a JSON text holds, if it is one of the exact shape. */
function questionIn(json: string): Question | undefined {
  try {
    const parsed = QuestionSchema.safeParse(JSON.parse(json));
    return parsed.success ? (parsed.data as Question) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The Confirm and Cancel buttons of an upload (/ingest): versioned ("v1"), carrying the pending
 * upload's id and nothing else; the upload itself stays on the server (commands/pending-uploads.ts).
 */
export interface UploadButton {
  action: 'confirm' | 'cancel';
  id: string;
}

const UPLOAD_BUTTON = /^upl:v1:(ok|no):([A-Za-z0-9_-]{22})$/;

export const encodeUploadButton = (b: UploadButton): string => `upl:v1:${b.action === 'confirm' ? 'ok' : 'no'}:${b.id}`;

/** The button's action and upload id; undefined for another version, another button, or a broken id. */
export function decodeUploadButton(customId: string): UploadButton | undefined {
  const m = UPLOAD_BUTTON.exec(customId);
  return m ? { action: m[1] === 'ok' ? 'confirm' : 'cancel', id: m[2] ?? '' } : undefined;
}
