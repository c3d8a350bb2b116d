/**
 * What a question takes back: "revenue Q4 2003, sorry I meant Q3", "nvm, EBITDA", "no, operating
 * income". The words that take it back are data (cues.json: corrections anywhere,
 * corrections_after_pause only at the start or after punctuation); the question is cut at them, and
 * each part is read against the one before it, as a follow-up is against the question before.
 */
import { longestFirst } from './phrases.ts';
import { CUES } from './vocabulary.ts';

const PAUSE = longestFirst(CUES.corrections_after_pause);
// The strong words anywhere, pause words just before them joining in ("Q4 2003 oh wait I meant 2002"); the pause
// words alone after a pause, or with one after them ("revenue Q2 2003 sorry, net income").
const MARKER = new RegExp(
  String.raw`(?:^|(?<=[\s,.;:!?(]))(?:(?:${PAUSE})[\s,]+)*(?:${longestFirst(CUES.corrections)})\b|(?:^|(?<=[,.;:!?(\-–—]\s*))\s*(?:${PAUSE})\b|(?<=\s)(?:${PAUSE})(?=\s*[,;:!\-–—])`,
  'gi',
);

// "Never mind the EBITDA, …": the few words dismissed, up to the pause, go with the words dismissing them.
const DISMISSED = new RegExp(String.raw`(?:^|(?<=[\s,.;:!?(]))(?:${longestFirst(CUES.corrections_dismissing)})\s+[^,;.?!]{1,40}?\s*[,;]\s*(?=\S)`, 'gi');

/**
 * A part with the punctuation around it trimmed. A point right before digits is the number's (".15 dollars"); after an
 * ellipsis ("no...20 cents") the points are the ellipsis's, unless there are more than three or the digits start with a
 * nought ("no....07 dollars", "...07 dollars": $0.07).
 */
function trimmed(part: string): string {
  const text = part.replace(/[\s,;:\-–—]+$/, '');
  const lead = /^[\s,.;:!?\-–—]*/.exec(text)?.[0] ?? '';
  const rest = text.slice(lead.length);
  const points = /\.*$/.exec(lead)?.[0].length ?? 0;
  const decimal = /^\d/.test(rest) && (points === 1 || points > 3 || (points > 1 && rest.startsWith('0')));
  return decimal ? `.${rest}` : rest;
}

/** The parts of a question between the words that take back what came before, in order; empty parts dropped. */
export function correctedParts(text: string): string[] {
  const parts = text.split(DISMISSED).flatMap((piece) => piece.split(MARKER)).map(trimmed).filter((part) => /\w/.test(part));
  // A part may open with another such word once the one before it is cut ("oh sorry, Q3").
  return parts.length === 1 && parts[0] === trimmed(text) ? parts : parts.flatMap(correctedParts);
}
