/**
 * What a question takes back: "revenue Q4 2003, sorry I meant Q3", "nvm, EBITDA", "no, operating
 * income", "for the year instead". The words that take it back are data (cues.json: corrections anywhere,
 * corrections_after_pause only at the start or after punctuation, corrections_trailing at the end); the question is cut at them, and
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

// "For the year instead": the word that takes back, said last (never "instead of", which says what is left out).
const TRAILING = new RegExp(String.raw`[\s,]+(?:${longestFirst(CUES.corrections_trailing)})[\s.!?]*$`, 'i');

/** Whether the question ends with words that take back the one before it ("for the year instead"). */
export const endsTakingBack = (text: string): boolean => TRAILING.test(text);

// "Never mind the EBITDA, …": the few words dismissed, up to the pause, go with the words dismissing them.
const DISMISSED = new RegExp(String.raw`(?:^|(?<=[\s,.;:!?(]))(?:${longestFirst(CUES.corrections_dismissing)})\s+[^,;.?!]{1,40}?\s*[,;]\s*(?=\S)`, 'gi');

/**
 * A part of a question: its words with the punctuation around them trimmed. A point alone after a space or a comma,
 * right before digits, is the number's ("no, .15 dollars"); right after a word or other points ("no.15m", "no....07")
 * it may be either: trimmed as punctuation, and `withPoint` is the part read with it, for the reader to ask which.
 */
export interface Part {
  text: string;
  withPoint?: string;
}

function trimmed(part: string): Part {
  const text = part.replace(/[\s,;:\-–—]+$/, '');
  const lead = /^[\s,.;:!?\-–—]*/.exec(text)?.[0] ?? '';
  const rest = text.slice(lead.length);
  if (!/^\d/.test(rest) || !lead.endsWith('.')) return { text: rest };
  return /[\s,]\.$/.test(lead) ? { text: `.${rest}` } : { text: rest, withPoint: `.${rest}` };
}

/**
 * The parts of a question between the words that take back what came before, in order; empty parts dropped. A question
 * that opens with a point before digits and takes nothing back is an amount with its decimal point (".15 dollars", the
 * unit asked back); after a correction the points are trimmed as punctuation, as an ellipsis is ("no...20 cents"), with
 * the reading of the point kept beside: "no....07" or "no.15m" may be either, and no reading of them is safe (reviews
 * 62-65 each found a wrong verdict).
 */
export function correctedParts(typed: string): Part[] {
  const text = typed.replace(TRAILING, '');
  const parts = text.split(DISMISSED).flatMap((piece) => piece.split(MARKER)).map(trimmed).filter((part) => /\w/.test(part.text));
  // Nothing taken back: the question itself, with the point of an amount it opens with.
  if (parts.length === 1 && parts[0]?.text === trimmed(text).text) return /^\s*\.\d/.test(text) && !parts[0].text.startsWith('.') ? [{ text: `.${parts[0].text}` }] : parts;
  // A part may open with another such word once the one before it is cut ("oh sorry, Q3").
  return parts.flatMap((part) => {
    const again = correctedParts(part.text);
    return again.length === 1 && again[0]?.text === part.text ? [part] : again;
  });
}
