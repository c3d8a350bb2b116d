/**
 * A question carried in a button's or menu option's id, so any shard answers the click without
 * memory of the message: versioned ("q1."), JSON with its common pieces shortened, checked with zod on the
 * way back in (a custom id is input like any other).
 */
import { z } from 'zod';
import { ConceptSchema } from '../../knowledge/facts.ts';
import type { Question } from '../../commands/understand/question.ts';

const VERSION = 'q1.';

const PeriodQuerySchema: z.ZodType = z.lazy(() => z.union([
  z.object({ kind: z.literal('span'), months: z.union([z.literal(3), z.literal(6), z.literal(9), z.literal(12)]), endMonth: z.number().int().min(1).max(12), year: z.number().int().optional(), endDay: z.number().int().min(1).max(31).optional() }),
  z.object({ kind: z.literal('date'), date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/) }),
  z.object({ kind: z.enum(['year', 'yearEnd']), year: z.number().int() }),
  z.object({ kind: z.enum(['latest', 'lastQuarter', 'lastYear']) }),
  z.object({ kind: z.literal('monthEnd'), month: z.number().int().min(1).max(12) }),
  z.object({ kind: z.literal('ltm'), at: PeriodQuerySchema.optional() }),
  z.object({ kind: z.literal('relative'), years: z.number().int(), quarters: z.number().int().optional() }),
  z.object({ kind: z.literal('id'), id: z.string().max(20) }),
]));

const MeasureSchema = z.union([
  z.object({ kind: z.literal('concept'), concept: ConceptSchema }),
  z.object({ kind: z.literal('formula'), formula: z.string().max(40) }),
  z.object({ kind: z.literal('sum'), parts: z.array(ConceptSchema).max(6) }),
  z.object({ kind: z.literal('ratio'), numerator: ConceptSchema, denominator: ConceptSchema }),
  z.object({ kind: z.literal('narrative'), measure: z.string().max(40) }),
]);

const words = z.array(z.string().max(40)).max(20);
const QuestionSchema = z.union([
  z.object({ intent: z.literal('figure'), measures: z.array(MeasureSchema).max(6), periods: z.array(PeriodQuerySchema).max(6), excluding: z.boolean().optional() }),
  z.object({ intent: z.literal('compare'), measures: z.array(MeasureSchema).max(6), period: PeriodQuerySchema.optional(), versus: PeriodQuerySchema.optional(), sequential: z.boolean().optional(), excluding: z.boolean().optional() }),
  z.object({ intent: z.literal('trend'), measures: z.array(MeasureSchema).max(6) }),
  z.object({ intent: z.literal('results'), period: PeriodQuerySchema.optional() }),
  z.object({ intent: z.literal('why'), measures: z.array(MeasureSchema).max(6), period: PeriodQuerySchema.optional(), topic: words, unusual: z.boolean().optional() }),
  z.object({ intent: z.literal('narrative'), topic: words, names: words, period: PeriodQuerySchema.optional(), release: PeriodQuerySchema.optional() }),
  z.object({ intent: z.literal('quote'), topic: words, speaker: z.string().max(60).optional(), release: PeriodQuerySchema.optional() }),
  z.object({ intent: z.literal('contact'), role: z.string().max(60).optional(), person: z.string().max(60).optional(), field: z.enum(['phone', 'email', 'organisation', 'title']).optional(), release: PeriodQuerySchema.optional() }),
  z.object({ intent: z.literal('call'), release: PeriodQuerySchema.optional(), field: z.enum(['when', 'dial_in', 'international', 'replay', 'pass_code', 'webcast']).optional() }),
  z.object({ intent: z.literal('define'), term: z.string().max(60), releases: z.array(PeriodQuerySchema).max(4) }),
  z.object({ intent: z.literal('profile'), field: z.enum(['ticker', 'exchange', 'headquarters', 'business', 'experience', 'alliances', 'headline']), release: PeriodQuerySchema.optional() }),
  z.object({ intent: z.enum(['sources', 'help']) }),
]);

/** Custom ids hold 100 characters: the JSON's most common pieces are written short ("~" never occurs in it). */
const SHORT: ReadonlyArray<readonly [string, string]> = [
  ['{"kind":"concept","concept":', '~c'], ['{"kind":"formula","formula":', '~f'], ['{"kind":"id","id":', '~i'], ['{"kind":"span",', '~s'],
  ['"intent":', '~n'], ['"measures":', '~m'], ['"periods":', '~p'], ['"period":', '~q'], ['"versus":', '~v'], ['"months":', '~o'],
  ['"endMonth":', '~e'], ['"year":', '~y'], ['"figure"', '~F'], ['"compare"', '~K'], ['"results"', '~R'], ['"topic":', '~t'],
];

/** The id of a question, or undefined when it does not fit `max` characters (then no button is offered). */
export function encodeQuestion(q: Question, max: number): string | undefined {
  const id = `${VERSION}${SHORT.reduce((text, [long, short]) => text.split(long).join(short), JSON.stringify(q))}`;
  return id.length <= max ? id : undefined;
}

/** The question an id carries; undefined for another version, a broken id, or a question that is not one. */
export function decodeQuestion(id: string): Question | undefined {
  if (!id.startsWith(VERSION)) return undefined;
  try {
    const json = [...SHORT].reverse().reduce((text, [long, short]) => text.split(short).join(long), id.slice(VERSION.length));
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
