/**
 * Running text as paragraphs: blank-line separated runs of lines outside the tables, joined into one
 * string with a map back to line numbers, so that any span of it can be cited by line.
 */
import { isBlank, isRule, type SourceLine } from './lines.ts';

export interface Paragraph {
  lines: SourceLine[];
  /** The lines joined by single spaces, runs of white space folded. */
  text: string;
  /** Offset in `text` where each line starts. */
  starts: number[];
}

/** A list item's marker ("o    Raised $76.5 million..."): layout, not text; each item is a paragraph. */
export const BULLET = /^\s*[o•*-]\s+(?=\S)/;

export function toParagraph(lines: SourceLine[]): Paragraph {
  const starts: number[] = [];
  let text = '';
  for (const [i, line] of lines.entries()) {
    if (text) text += ' ';
    starts.push(text.length);
    const words = line.text.trim().replace(/\s+/g, ' ');
    text += i === 0 ? words.replace(BULLET, '') : words;
  }
  return { lines, text, starts };
}

/** Index in `p.lines` of the line holding the character at `offset` of the paragraph's text. */
function lineIndexAt(p: Paragraph, offset: number): number {
  // Binary search: a paragraph can be thousands of lines, and every sentence of it asks.
  let [low, high] = [0, p.starts.length - 1];
  while (low < high) {
    const mid = (low + high + 1) >> 1;
    if ((p.starts[mid] ?? Infinity) <= offset) low = mid;
    else high = mid - 1;
  }
  return low;
}

/** The printed lines a span of the paragraph's text stands on. */
export function printedSpan(p: Paragraph, from: number, to: number): { line: number; lineEnd?: number; text: string } {
  const [firstIndex, lastIndex] = [lineIndexAt(p, from), lineIndexAt(p, Math.max(from, to - 1))];
  const first = p.lines[firstIndex]?.no ?? 0;
  const last = p.lines[lastIndex]?.no ?? 0;
  const text = p.lines.slice(firstIndex, lastIndex + 1).map((l) => l.raw).join('\n');
  return last > first ? { line: first, lineEnd: last, text } : { line: first, text };
}

/** A filing's page break (`<PAGE>`), and the "- more -" printed before one: layout, not text. */
const PAGE_BREAK = /<PAGE>/i;
const MORE = /^\s*-+\s*more\s*-+\s*$/i;
/** A running head printed at a page's top, ending in its page number ("Verizon 4Q Earnings Release, p. 3"). */
const RUNNING_HEAD = /(?:\bp(?:age)?\.?|-)\s*\d{1,3}\s*-?\s*$/i;
/** How many lines past a page break a paragraph cut by it may run on: past its furniture, never past a table. */
const RUN_ON_REACH = 8;
/** Whether a paragraph's last line ends a sentence: one that does not runs on across a page break. */
const endsSentence = (lines: readonly SourceLine[]) => /[.!?:]["”’)]?$/.test(lines.at(-1)?.text.trim() ?? '.');

/**
 * Paragraphs of the given lines, skipping rule lines (underlines of headings) and page breaks; a paragraph a page
 * break cuts mid-sentence runs on after it (Verizon's "... represent a $14" / "billion-a-year market ...").
 */
export function paragraphs(lines: SourceLine[]): Paragraph[] {
  const out: Paragraph[] = [];
  let current: SourceLine[] = [];
  let blank = false;
  let runsOn = false;
  let breakAt = 0;
  const flush = () => {
    if (current.length > 0) out.push(toParagraph(current));
    current = [];
  };
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] as SourceLine;
    if (PAGE_BREAK.test(line.raw) || MORE.test(line.text)) {
      if (PAGE_BREAK.test(line.raw) && lines[i + 1] && RUNNING_HEAD.test(lines[i + 1]?.text ?? '')) i++;
      // Of a paragraph of two lines or more: a line alone (a footnote's "Not meaningful") runs on into no heading.
      if (current.length > 1 && !endsSentence(current)) {
        runsOn = true;
        breakAt = line.no;
      }
      continue;
    }
    if (isBlank(line)) {
      blank = true;
      continue;
    }
    if (isRule(line)) continue;
    // It runs on into the next page's first lines of text, never into a heading in capitals ("FOOTNOTE:", "UNAUDITED")
    // nor text far past the break (the page's tables between).
    const runsOnHere = runsOn && line.no - breakAt <= RUN_ON_REACH && /[a-z]/.test(line.text);
    if ((blank && !runsOnHere) || BULLET.test(line.text)) flush();
    blank = false;
    runsOn = false;
    current.push(line);
  }
  flush();
  return out;
}

/**
 * Sentence boundaries: a full stop, question or exclamation mark (and a closing quote) followed by a
 * capital or an opening quote, except after abbreviations and initials.
 */
const ABBREVIATION = /(\b(inc|mr|mrs|ms|dr|co|corp|ltd|jr|sr|st|no|vs|[ap]\.m|e\.g|i\.e|u\.s)|(^|\s)[A-Z])\.["”]?$/i;
/** Longer than any text ABBREVIATION matches with the character before it: only this tail is tested. */
const ABBREVIATION_REACH = 12;

export interface SentenceSpan {
  text: string;
  from: number;
  to: number;
}

export function sentences(p: Paragraph): SentenceSpan[] {
  const out: SentenceSpan[] = [];
  let from = 0;
  for (const m of p.text.matchAll(/[.!?]["”]?(?=\s+["“(]?[A-Z0-9])/g)) {
    const to = m.index + m[0].length;
    // Testing the whole sentence so far would re-read a text that never ends a sentence at every stop.
    if (ABBREVIATION.test(p.text.slice(Math.max(from, to - ABBREVIATION_REACH), to))) continue;
    out.push({ text: p.text.slice(from, to).trim(), from, to });
    from = to + 1;
  }
  const rest = p.text.slice(from).trim();
  if (rest) out.push({ text: rest, from, to: p.text.length });
  return out;
}
