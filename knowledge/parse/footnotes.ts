/**
 * Footnotes of a table: the notes printed just below it, each after its mark ("1  Profit attributable
 * to common shareholders."), and the marks a row label carries ("Profit 1"). A short note that is
 * itself a row label says what the row is (knowledge/parse/statements.ts).
 */
import { stripFootnotes } from '../concepts.ts';

/** A note names a line when it is as short as a label; longer ones explain ("Diluted by assumed exercise of …"). */
const LABEL_LENGTH = 80;

/** "1  Text." or "(a) Text.": the mark, then a sentence starting with a capital. */
const NOTE = /(?:^|\s)\(?(\d{1,2}|[a-z])\)?\s+([A-Z][^.]*)\./g;

/** The notes below a table, by mark, that are short enough to be a line's name. */
export function namingNotes(below: string): ReadonlyMap<string, string> {
  const notes = new Map<string, string>();
  for (const m of below.matchAll(NOTE)) {
    const [, mark, text] = m;
    if (mark && text && text.length <= LABEL_LENGTH && !notes.has(mark)) notes.set(mark, text.trim());
  }
  return notes;
}

/** The footnote marks printed after a label: "Profit 1" → ["1"], "EPS (1)(2)" → ["1", "2"]. */
export function footnoteMarks(label: string): string[] {
  return label.slice(stripFootnotes(label).length).match(/\d{1,2}|[a-z]/gi) ?? [];
}
