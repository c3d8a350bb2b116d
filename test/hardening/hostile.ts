/**
 * Hostile release texts, as the attacks made them: each under the 2 MB cap, each built
 * from the project's Q1 release so that everything but the attack reads as a release.
 */
import { Q1, releaseText } from '../support/releases.ts';

const q1Lines = () => releaseText(Q1).split('\n');
/** Index of the dateline. */
const DATELINE = 19;
/** Index of the statement of operations' column years. */
const YEAR_LINE = 130;
const TARGET = 1_900_000;

const repeatTo = (unit: string, bytes = TARGET) => unit.repeat(Math.floor(bytes / unit.length));

/** One paragraph of short quotations by one speaker. */
export function quoteParagraph(bytes = TARGET): string {
  const lines = q1Lines();
  const quotes = repeatTo('"Go," stated Zach Lonstein. \n', bytes);
  return [...lines.slice(0, DATELINE + 5), quotes, ...lines.slice(DATELINE + 5)].join('\n');
}

/** The statement's header block repeated, year line and all, with no row under any. */
export function repeatedHeaders(bytes = TARGET): string {
  const lines = q1Lines();
  const header = `${lines.slice(YEAR_LINE - 3, YEAR_LINE + 1).join('\n')}\n`;
  return [...lines, repeatTo(header, bytes)].join('\n');
}

/** One line of figures straight after the dateline. */
export function figureLine(bytes = TARGET): string {
  const lines = q1Lines();
  const line = repeatTo('$1.2 million, 3.4% and 5,678 shares in 2003 ', bytes);
  return [...lines.slice(0, DATELINE + 1), line, ...lines.slice(DATELINE + 1)].join('\n');
}

/** A statement table of `rows` revenue rows. */
export function manyRows(rows: number): string {
  const lines = q1Lines();
  const row = lines.find((l) => l.startsWith('Revenues')) ?? '';
  return [...lines.slice(0, YEAR_LINE + 3), ...Array.from({ length: rows }, () => row), ...lines.slice(YEAR_LINE + 3)].join('\n');
}

/** The project's Q1 release with every run of two or more spaces made one tab. */
export const withTabs = (text: string) => text.replace(/ {2,}/g, '\t');

/** A statement table of `rows` two-figure revenue rows, each as short as a row can be. */
export function shortRows(rows: number): string {
  const lines = q1Lines();
  return [...lines.slice(0, YEAR_LINE + 3), 'Revenues  1  2\n'.repeat(rows), ...lines.slice(YEAR_LINE + 3)].join('\n');
}
