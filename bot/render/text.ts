/**
 * An answer as plain text, for the console and the CLI (and for tests that read answers as users
 * do). At most 2,000 characters, Discord's message limit, so a text answer fits anywhere.
 */
import type { Answer, Paging } from '../../commands/answer.ts';
import { clip } from './clip.ts';

export const MAX_TEXT = 2000;

/** Which page an answer shows: "Page 2 of 7 (sentences 4-6 of 19)". */
export function pageLabel(p: Paging): string {
  return `Page ${p.page + 1} of ${p.pages} (${p.noun} ${p.first}-${p.last} of ${p.total})`;
}

/** The page, and how to see the others in a conversation (the console, --batch, a channel). */
function pageLine(p: Paging): string {
  const ways = [...(p.next ? [`"next" for page ${p.page + 2}`] : []), ...(p.previous ? [`"previous" for page ${p.page}`] : [])];
  return `${pageLabel(p)}. Say ${ways.join(', or ')}.`;
}

/** `max`: the length to clip at (Discord's message limit by default; the CLI's JSON takes all). */
export function renderText(a: Answer, max = MAX_TEXT): string {
  const lines = [a.title, a.summary];
  for (const f of a.fields) lines.push(`${f.name}:${f.value.includes('\n') ? `\n  ${f.value.split('\n').join('\n  ')}` : ` ${f.value}`}`);
  for (const n of a.notes) lines.push(`Note: ${n}`);
  const sources = a.sources.slice(0, 4).map((s) => `${s.release} line ${s.line}${s.lineEnd ? `-${s.lineEnd}` : ''}`);
  if (sources.length > 0) lines.push(`Source: ${sources.join('; ')}${a.sources.length > 4 ? `; and ${a.sources.length - 4} more` : ''}`);
  if (!a.paging) return clip(lines.join('\n'), max);
  // The page and how to see more come last, and are never clipped away.
  const page = pageLine(a.paging);
  return `${clip(lines.join('\n'), max - page.length - 1)}\n${page}`;
}
