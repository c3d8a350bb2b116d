/**
 * Chat shorthand written out before a question is read ("NI q4'02" is "net income q4'02", "tca
 * ye02" is "total current assets year-end 02"). The words are data
 * (commands/understand/vocabulary/shorthand.json), checked with zod.
 */
import { readFileSync } from 'node:fs';
import { z } from 'zod';

export const ShorthandSchema = z.object({
  $comment: z.string(),
  words: z.record(z.string().regex(/^[a-z]+$/), z.string().min(1)),
  patterns: z.array(z.tuple([z.string().min(1), z.string()])),
});

export const SHORTHAND = ShorthandSchema.parse(JSON.parse(readFileSync(new URL('./vocabulary/shorthand.json', import.meta.url), 'utf8')));

const WORD = new RegExp(`\\b(?:${Object.keys(SHORTHAND.words).join('|')})\\b`, 'gi');
const PATTERNS = SHORTHAND.patterns.map(([pattern, replacement]) => [new RegExp(pattern, 'gi'), replacement] as const);

/** The question with its shorthand written out, patterns first ("op inc" before "op"); a word joined to another by an apostrophe or a hyphen is left as it is ("Inc.'s", "op-ed"). */
export function writtenOut(text: string): string {
  const patterned = PATTERNS.reduce((t, [pattern, replacement]) => t.replace(pattern, replacement), text);
  return patterned.replace(WORD, (word, at: number, whole: string) => (/['’-]/.test(whole[at - 1] ?? '') || /['’-]\w/.test(whole.slice(at + word.length, at + word.length + 2)) ? word : SHORTHAND.words[word.toLowerCase()] ?? word));
}
