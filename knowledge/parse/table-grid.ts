/**
 * A statement-like table as rows and columns, whatever the file's format: fixed-width text and HTML
 * releases are both turned into this, and one reader (`statements.ts`) reads figures from it.
 */

export interface GridRow {
  /** The row's label as printed, footnote marks included; '' for a subtotal printed without one. */
  label: string;
  /**
   * One entry per column of the grid: the figure as printed, with its sign and marks joined
   * ('1,234', '(32)', '.70', '—', '12%', '(2%)'), or '' where the row has nothing in that column.
   */
  cells: string[];
  /** The row's line (1-based) in the text the facts cite, and that line as printed. */
  line: number;
  text: string;
}

export interface TableGrid {
  /** Text above the figures that names the table (title, caption, scale line), in reading order. */
  context: string[];
  /**
   * Header rows above the figures, top first, each with one entry per column: what that row prints
   * over the column ('' for nothing). A heading spanning several columns is repeated in each.
   */
  header: string[][];
  rows: GridRow[];
  /** First and last line of the table, captions included: these lines are not narrative. */
  start: number;
  end: number;
}

/** What /\s/ matches, by char code: tabs and line ends, spaces, and Unicode's other spaces. */
const isSpace = (c: number) => c === 32 || (c >= 9 && c <= 13) || (c > 127 && /\s/.test(String.fromCharCode(c)));

/**
 * Running text rather than a title: a long line (nine words or more) of mostly lower-case letters.
 * Counted in one pass: it is asked of every line above every table.
 */
export function isRunningText(text: string): boolean {
  let words = 0;
  let lower = 0;
  let inWord = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c >= 97 && c <= 122) lower++;
    const space = isSpace(c);
    if (!space && !inWord) words++;
    inWord = !space;
  }
  return Math.max(words, 1) >= 9 && lower > text.length / 2;
}
