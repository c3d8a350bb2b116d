/**
 * An HTML table's rows to table grids (`table-grid.ts`): which cells are labels and which are
 * figures, which physical columns carry values, the header rows above them, and the title rows
 * that name the table.
 *
 * Cells are placed on physical columns (colspan and rowspan expanded). A figure is anchored on
 * the last column it spans, where right-aligned figures line up whether or not a row gives the
 * `$` its own cell; a heading applies to every value column its span covers. The label column is
 * found from the rows that print a label before their first figure.
 */
import { MAX_SPAN, type RawCell } from './html-blocks.ts';
import { isFigure, isFootnoteMark, isNumeric, isPeriodHeading, joinFigures, type PlacedCell } from './html-cells.ts';

/** Physical columns past this are not read: a hostile table could ask for millions. */
const MAX_COLUMNS = 500;
/** Value columns past this are not read: a statement has a few dozen at most. */
export const MAX_VALUE_COLUMNS = 40;

export interface GridDraft {
  /** The table's own title text: rows that name it, and text in the label column above the figures. */
  context: string[];
  header: string[][];
  /** `row` is the index of the row in the table. */
  rows: Array<{ label: string; cells: string[]; row: number }>;
  /** Indexes of the first and last row the grid spans, its header included. */
  first: number;
  last: number;
}

export interface ReadTable {
  /** Each row as one line, its cells joined by two spaces; '' for a row with no text. */
  texts: string[];
  grids: GridDraft[];
}

interface Row {
  index: number;
  label: string;
  /** Cells outside the label column, in order. */
  values: PlacedCell[];
  hasFigure: boolean;
}

interface Segment {
  head: Row[];
  body: Row[];
}

interface Carried {
  start: number;
  end: number;
  rows: number;
}

/** Cells on physical columns: a cell starts at the first column not taken by a rowspan from above. */
function place(rows: readonly RawCell[][]): PlacedCell[][] {
  let carried: Carried[] = [];
  return rows.map((row) => {
    const placed: PlacedCell[] = [];
    const next: Carried[] = [];
    let column = 0;
    let k = 0;
    for (const cell of row) {
      for (; k < carried.length && (carried[k]?.start ?? Infinity) <= column; k++) column = Math.max(column, (carried[k]?.end ?? 0) + 1);
      if (column >= MAX_COLUMNS) break;
      const end = Math.min(column + cell.colspan - 1, MAX_COLUMNS - 1);
      placed.push({ text: cell.text, start: column, end });
      if (cell.rowspan > 1) next.push({ start: column, end, rows: Math.min(cell.rowspan, MAX_SPAN) - 1 });
      column = end + 1;
    }
    carried = [...carried.filter((c) => --c.rows > 0), ...next].sort((a, b) => a.start - b.start);
    return placed;
  });
}

/**
 * The first value column (where the leftmost figure of a labelled row starts) and where the
 * label column starts. A footnote row, "(1)" then its text, has no label before its figure and
 * does not count; a table with no labelled row is a list of notes, not figures.
 */
function labelGeometry(rows: readonly PlacedCell[][]): { firstValue: number; labelStart: number } | undefined {
  let [firstValue, labelStart] = [Infinity, Infinity];
  for (const cells of rows) {
    const i = cells.findIndex((c) => isFigure(c.text));
    const figure = cells[i];
    if (figure && cells.slice(0, i).some((c) => !isFigure(c.text))) {
      firstValue = Math.min(firstValue, figure.start);
      labelStart = Math.min(labelStart, cells[0]?.start ?? 0);
    }
  }
  return firstValue < Infinity ? { firstValue, labelStart } : undefined;
}

function toRow(index: number, cells: readonly PlacedCell[], firstValue: number, labelStart: number): Row {
  // A section title spanning the whole width starts in the label column: it is a label.
  const isLabel = (c: PlacedCell) => c.end < firstValue || (c.start <= labelStart && !isFigure(c.text));
  const values = cells.filter((c) => !isLabel(c));
  const label = cells.filter(isLabel).map((c) => c.text).join(' ');
  return { index, label, values, hasFigure: values.some((c) => isFigure(c.text)) };
}

/** A sentence, or longer than any column heading: a note printed across the value columns. */
const isProse = (text: string) => {
  const words = text.split(' ').length;
  return words >= 12 || (words >= 4 && /[.:]$/.test(text));
};

/**
 * A row with no figures whose value columns hold short headings, one at least naming a period
 * ("First Quarter 2022 | First Quarter 2021 | $ Change"): the header of the next block.
 */
const isBlockHeading = (row: Row) =>
  !row.hasFigure && row.values.some((c) => isPeriodHeading(c.text)) && row.values.every((c) => !isProse(c.text));

/** A note printed across the value columns of a row with no figures is part of its label. */
function withProseInLabel(row: Row): Row {
  if (row.hasFigure || !row.values.some((c) => isProse(c.text))) return row;
  return { ...row, label: [row.label, ...row.values.map((c) => c.text)].filter(Boolean).join(' '), values: [] };
}

/** Releases stack a quarter block and a year block in one table, each under its own header. */
function segments(rows: readonly Row[]): Segment[] {
  const out: Segment[] = [];
  let current: Segment = { head: [], body: [] };
  for (const row of rows) {
    if (current.body.length === 0) {
      (row.hasFigure ? current.body : current.head).push(row);
    } else if (isBlockHeading(row)) {
      out.push(current);
      current = { head: [row], body: [] };
    } else current.body.push(row);
  }
  const previous = out[out.length - 1];
  // Headings with no figures under them end the block above rather than start one.
  if (previous && current.body.length === 0) previous.body.push(...current.head);
  else out.push(current);
  return out.filter((s) => s.body.length > 0);
}

/** The heading over value column `column`, whose figures start as far left as `start`. */
function headingOver(cells: readonly PlacedCell[], column: number, start: number): string {
  const over = cells.find((c) => c.start <= column && column <= c.end) ?? cells.find((c) => c.start <= column && c.end >= start);
  return over?.text ?? '';
}

/**
 * Columns holding only footnote marks, each printed right after a figure ("(110)" then "1",
 * "(8)" then "(a)"), under no heading of their own: marks, not values.
 */
function footnoteColumns(segment: Segment, columns: readonly number[]): Set<number> {
  const candidate = new Map<number, boolean>();
  for (const row of segment.body) {
    row.values.forEach((cell, i) => {
      const afterFigure = isFigure(row.values[i - 1]?.text ?? '');
      candidate.set(cell.end, (candidate.get(cell.end) ?? true) && afterFigure && isFootnoteMark(cell.text));
    });
  }
  const marks = new Set(columns.filter((c) => candidate.get(c)));
  for (const row of segment.head) {
    for (const cell of row.values) {
      const covered = columns.filter((c) => cell.start <= c && c <= cell.end);
      if (covered.length > 0 && covered.every((c) => marks.has(c))) covered.forEach((c) => marks.delete(c));
    }
  }
  return marks;
}

function gridOf(segment: Segment, inherited: readonly string[]): GridDraft | undefined {
  // Label-only rows just above the first figures are the body's first section titles ("REVENUES").
  const lastHeading = segment.head.findLastIndex((r) => r.values.length > 0);
  const head = segment.head.slice(0, lastHeading + 1);
  const body = [...segment.head.slice(lastHeading + 1), ...segment.body].map(withProseInLabel);

  const starts = new Map<number, number>();
  for (const row of body) for (const cell of row.values) starts.set(cell.end, Math.min(starts.get(cell.end) ?? Infinity, cell.start));
  const all = [...starts.keys()].sort((a, b) => a - b);
  const marks = footnoteColumns({ head, body }, all);
  const columns = all.filter((c) => !marks.has(c)).slice(0, MAX_VALUE_COLUMNS);
  if (columns.length === 0) return undefined;

  const header = head
    .map((row) => columns.map((c) => headingOver(row.values, c, starts.get(c) ?? c)))
    .filter((texts) => texts.some(Boolean));
  const rows = body.map((row) => {
    const byColumn = new Map<number, string>();
    for (const cell of row.values) byColumn.set(cell.end, [byColumn.get(cell.end), cell.text].filter(Boolean).join(' '));
    return { label: row.label, cells: columns.map((c) => byColumn.get(c) ?? ''), row: row.index };
  });
  return {
    context: [...inherited, ...head.map((r) => r.label).filter(Boolean)],
    header,
    rows,
    first: (head[0] ?? body[0])?.index ?? 0,
    last: body[body.length - 1]?.index ?? 0,
  };
}

export function readTable(raw: readonly RawCell[][]): ReadTable {
  const cells = place(raw).map(joinFigures);
  const texts = cells.map((row) => row.map((c) => c.text).join('  '));
  const geometry = labelGeometry(cells);
  // A table without a number that is not a year lays out text: no grid.
  if (!geometry || !cells.some((row) => row.some((c) => isNumeric(c.text)))) return { texts, grids: [] };

  const rows = cells.flatMap((row, index) => (row.length > 0 ? [toRow(index, row, geometry.firstValue, geometry.labelStart)] : []));
  const grids: GridDraft[] = [];
  let titles: string[] | undefined;
  for (const segment of segments(rows)) {
    const grid = gridOf(segment, titles ?? []);
    if (!grid) continue;
    // Every block repeats the table's title; only the first block's title rows are the table's.
    titles ??= grid.context;
    grids.push(grid);
  }
  return { texts, grids };
}
