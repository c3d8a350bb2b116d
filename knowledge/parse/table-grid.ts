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

/** Running text rather than a title: a long line of mostly lower-case words. */
export function isRunningText(text: string): boolean {
  const words = text.trim().split(/\s+/);
  return words.length >= 9 && (text.match(/[a-z]/g)?.length ?? 0) > text.length / 2;
}
