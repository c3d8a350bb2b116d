/**
 * Fixed-width text tables into grids (`table-grid.ts`); what the figures mean is `statements.ts`.
 *
 * A table is found by its line of column heads: years ("2003   2002"), dates ("12/31/00") and
 * "% Change" columns at the right of the line, perhaps after a caption's last words ("(millions,
 * except per share)  2004  2003"). Above it, the header lines ("For the 13 / Weeks Ended / July 3,
 * 2004 and / June 28, 2003") are matched to each column by position; the caption block above names
 * the table and its scale. Below it, each row's label is split from its figures; a label can run
 * over several lines, and a line ending in ":" (or "Basic", "Diluted" alone) opens a section.
 * Nothing here knows a line number, a column offset or a file: a fourth release of the same kind reads.
 */
import type { Warning } from '../facts.ts';
import { isBlank, isRule, segments, type Segment, type SourceLine } from './lines.ts';
import type { GridRow, TableGrid } from './table-grid.ts';

export interface TextTables {
  grids: TableGrid[];
  /** Lines that look like table rows but cannot be read: said, not guessed. */
  warnings: Warning[];
}

interface Column {
  center: number;
  end: number;
}

/** A column head on the line of heads: a year, a date, or a percentage/change column. */
const HEAD = /^((19|20)\d{2}\*?|\d{1,2}\/\d{1,2}\/(\d{2}|\d{4})|%( change)?|\$ change|% of (net )?(revenues?|sales)|change|variance)$/i;
const DATED_HEAD = /^((19|20)\d{2}\*?|\d{1,2}\/\d{1,2}\/(\d{2}|\d{4}))$/;
const VALUE = /^(\(?-?(\d{1,3}(,\d{3})+|\d+)?(\.\d+)?%?\)?(\([a-z]\)|\*)?|-{1,3}|—|\*|nm|n\/a)$/i;
/** A footnote mark printed on a figure: "1,604(a)", "0.38*". */
const MARK = /(\([a-z]\)|\*)$/i;
/** Header text over a column says when: months, weeks, a date, a year, "ended", a change. */
const HEADER_SEGMENT = /\b(jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?\b|\b(19|20)\d{2}\b|\d{1,2}\/\d{1,2}\/\d{2}|\bend(ed|ing)\b|\bmonths?\b|\bmos\b|\bweeks?\b|\bquarters?\b|\byears?\b|\bfiscal\b|%|\bchange\b|^for the\b|\bq[1-4]\b/i;
/** How far up a table's caption may stand from its line of heads. */
const CAPTION_REACH = 25;
/** How far up a column header may stand from its line of heads. */
const HEADER_REACH = 6;
/** Label-only lines with this many words are running text: the table has ended. */
const PROSE_WORDS = 9;
/** "Basic" or "Diluted" alone on a line heads a block of per-share rows, like a line ending in ":". */
const BLOCK_HEADING = /^(basic|diluted|basic and diluted)\s*:?$/i;

const MAY_HOLD_A_HEAD = /(?:19|20)\d{2}|\d\/\d/;

/** The column heads at the right of a line, or undefined when it is not a line of heads. */
function heads(line: SourceLine): Segment[] | undefined {
  // Most lines print no year and no date: no column head (DATED_HEAD) can be among their segments.
  if (!MAY_HOLD_A_HEAD.test(line.text)) return undefined;
  const segs = segments(line.text).flatMap(splitHeads);
  const first = segs.findIndex((s) => DATED_HEAD.test(s.text));
  if (first < 0) return undefined;
  const columns = segs.slice(first);
  return columns.every((s) => HEAD.test(s.text)) && first <= 2 ? columns : undefined;
}

const isUpperCase = (text: string) => /[A-Z]{2}/.test(text) && text === text.toUpperCase();
const CONNECTOR = /(\b(and|of|to|in|for|on|from|before|after|with|the|less|net|per)|[,&/-])$/i;

/**
 * Whether a line goes on with the label above it ("Credit and financial products" / "revenues")
 * or starts a row under a heading ("Current assets" / "Cash and cash equivalents"): a label goes on
 * in lower case, after a connecting word, or in capitals under capitals.
 */
function continuesLabel(above: string, line: string): boolean {
  return /^[a-z(]/.test(line) || CONNECTOR.test(above) || (isUpperCase(above) && isUpperCase(line));
}

/** Column heads printed one space apart ("12/31/93 12/31/92") are still two columns. */
function splitHeads(seg: Segment): Segment[] {
  if (!seg.text.includes(' ') || !/^\d/.test(seg.text)) return [seg];
  const words = [...seg.text.matchAll(/\S+/g)];
  if (words.length < 2 || !words.every((w) => DATED_HEAD.test(w[0]))) return [seg];
  return words.map((w) => ({ text: w[0], start: seg.start + w.index, end: seg.start + w.index + w[0].length }));
}

interface Row {
  label: string;
  values: Segment[];
}

/** Splits a line into its label and the value cells at its right; `$` is decoration. */
function splitRow(line: SourceLine): Row {
  const segs = segments(line.text.replace(/\$/g, ' '));
  const values: Segment[] = [];
  while (segs.length > 0 && VALUE.test(segs[segs.length - 1]?.text ?? '')) values.unshift(segs.pop() as Segment);
  return { label: segs.map((s) => s.text).join(' '), values };
}

function nearestSegment(candidates: Segment[], column: number, reach: number): Segment | undefined {
  let best: Segment | undefined;
  let bestDistance = Infinity;
  for (const seg of candidates) {
    const distance = column < seg.start ? seg.start - column : column > seg.end ? column - seg.end : 0;
    if (distance < bestDistance) [best, bestDistance] = [seg, distance];
  }
  return bestDistance <= reach ? best : undefined;
}

/**
 * The lines above the heads that may name the table (title, scale, the sentence introducing it),
 * nearest last, and the line the table's caption block starts on.
 */
function readCaption(lines: SourceLine[], headIndex: number, floor: number, headerTop: number): { context: string[]; start: number } {
  const context: string[] = [];
  let start = headerTop;
  for (let i = headerTop - 1; i >= Math.max(floor, headIndex - CAPTION_REACH); i--) {
    const line = lines[i];
    if (!line || isBlank(line) || isRule(line)) continue;
    context.unshift(line.text.trim());
    start = i;
  }
  // The caption's last words may share the header lines, at their left ("(millions, except").
  for (let i = headerTop; i <= headIndex; i++) {
    const label = splitHeaderLabel(lines[i]);
    if (label) context.push(label);
  }
  return { context, start };
}

/** The words at the left of a header line, before the column area. */
function splitHeaderLabel(line: SourceLine | undefined): string {
  const segs = segments(line?.text ?? '');
  const first = segs[0];
  return first && first.start < 8 && !HEADER_SEGMENT.test(first.text) ? first.text : '';
}

/** One header row per line above the heads, each segment over the column nearest it, and the heads themselves. */
function readHeader(lines: SourceLine[], headIndex: number, floor: number, columns: Column[], headSegs: Segment[]): { header: string[][]; top: number } {
  const header: string[][] = [];
  let top = headIndex;
  const headLine = lines[headIndex] as SourceLine;
  for (let i = headIndex - 1; i >= Math.max(floor, headIndex - HEADER_REACH); i--) {
    const line = lines[i];
    if (!line) break;
    const over = segments(line.text).filter((s) => s.start >= 8);
    // One heading per column ("Domestic  Canada  Consolidated", "13  13") is a header line whatever
    // its words; a single centred line is a caption unless it says when.
    const candidates = over.length >= 2 && over.length >= columns.length / 2 ? over : over.filter((s) => HEADER_SEGMENT.test(s.text));
    if (candidates.length === 0) continue;
    // Tabs align columns only to the next tab stop: a header line laid out with tabs, with one
    // heading per column or per equal group of columns, is matched to the columns in order, not by position.
    const tabbed = /\t/.test(`${line.raw}${headLine.raw}`) && columns.length % candidates.length === 0;
    header.unshift(columns.map((col, k) => (tabbed ? candidates[Math.floor((k * candidates.length) / columns.length)] : nearestSegment(candidates, col.center, 20))?.text ?? ''));
    top = i;
  }
  header.push(headSegs.map((s) => s.text));
  return { header, top };
}

/** Assigns value cells to columns: in order when every column has one, else by position. */
function placeValues(values: Segment[], columns: Column[]): string[] | undefined {
  if (values.length === columns.length) return values.map((v) => v.text.replace(MARK, ''));
  if (values.length > columns.length) return undefined;
  const placed: string[] = columns.map(() => '');
  for (const value of values) {
    let best = 0;
    columns.forEach((col, i) => {
      if (Math.abs(col.end - value.end) < Math.abs((columns[best]?.end ?? 0) - value.end)) best = i;
    });
    if (placed[best]) return undefined;
    placed[best] = value.text.replace(MARK, '');
  }
  return placed;
}

interface RowsRead {
  rows: GridRow[];
  warnings: Warning[];
  /** Index of the first line after the table. */
  next: number;
}

/** Reads the rows under a table's heads until the table ends; a label over several lines is one row. */
function readRows(release: string, lines: SourceLine[], headIndex: number, columns: Column[]): RowsRead {
  const rows: GridRow[] = [];
  const warnings: Warning[] = [];
  let pending: { text: string; no: number } | undefined;
  const heading = (text: string, no: number) => rows.push({ label: text, cells: columns.map(() => ''), line: no, text: lines.find((l) => l.no === no)?.raw ?? text });
  let blanks = 0;
  /** The line after the last row with figures: headings below it belong to the next table. */
  let after = headIndex + 1;
  let j = headIndex + 1;
  for (; j < lines.length; j++) {
    const line = lines[j] as SourceLine;
    if (line.endsTable) {
      j++;
      break;
    }
    if (isBlank(line)) {
      if (pending) heading(pending.text, pending.no);
      pending = undefined;
      if (++blanks >= 3) break;
      continue;
    }
    blanks = 0;
    if (isRule(line)) continue;
    if (heads(line)) break;
    const row = splitRow(line);
    const continues = pending !== undefined && pending.no === line.no - 1;
    if (row.values.length === 0) {
      if (/^\(.*\)$/.test(row.label)) continue;
      // Digits after a column gap that do not read as figures: a row cut off or garbled.
      if (segments(line.text).slice(1).some((s) => /\d/.test(s.text) && !/[a-z]{3}/i.test(s.text))) {
        warnings.push({ code: 'unreadable_line', release, line: line.no, message: `line ${line.no} has figures that cannot be read: ${line.raw.trim()}` });
        pending = undefined;
        continue;
      }
      if (row.label.split(/\s+/).length >= PROSE_WORDS && !row.label.endsWith(':')) break;
      if (BLOCK_HEADING.test(row.label)) {
        if (pending) heading(pending.text, pending.no);
        heading(row.label, line.no);
        pending = undefined;
        continue;
      }
      const joins = continues && continuesLabel(pending?.text ?? '', row.label);
      if (pending && !joins) heading(pending.text, pending.no);
      const joined = joins ? `${pending?.text} ${row.label}` : row.label;
      if (joined.endsWith(':')) {
        heading(joined, line.no);
        pending = undefined;
      } else {
        pending = { text: joined, no: line.no };
      }
      continue;
    }
    const joins = continues && continuesLabel(pending?.text ?? '', row.label);
    if (pending && !joins) heading(pending.text, pending.no);
    const label = joins ? `${pending?.text} ${row.label}` : row.label;
    pending = undefined;
    if (!row.label && !continues) {
      warnings.push({ code: 'unreadable_line', release, line: line.no, message: `figures without a label on line ${line.no}: ${line.raw.trim()}` });
      continue;
    }
    const cells = placeValues(row.values, columns);
    if (!cells) {
      warnings.push({ code: 'unreadable_line', release, line: line.no, message: `line ${line.no} has ${row.values.length} figures for ${columns.length} columns: ${line.raw.trim()}` });
      continue;
    }
    rows.push({ label, cells, line: line.no, text: line.raw });
    after = j + 1;
  }
  while (rows.length > 0 && rows[rows.length - 1]?.cells.every((c) => c === '')) rows.pop();
  return { rows, warnings, next: Math.min(j, after) };
}

export function textTables(release: string, lines: SourceLine[]): TextTables {
  const result: TextTables = { grids: [], warnings: [] };
  let floor = 0;
  for (let i = 0; i < lines.length; i++) {
    const headLine = lines[i];
    const headSegs = headLine && heads(headLine);
    if (!headLine || !headSegs) continue;
    const columns = headSegs.map((s) => ({ center: (s.start + s.end) / 2, end: s.end }));
    const table = readRows(release, lines, i, columns);
    // A year alone on a line is common in running text; it is a table only when figures follow.
    if (!table.rows.some((r) => r.cells.some((c) => c !== ''))) continue;
    const { header, top } = readHeader(lines, i, floor, columns, headSegs);
    const caption = readCaption(lines, i, floor, top);
    const last = Math.min(table.next, lines.length) - 1;
    result.grids.push({ context: caption.context, header, rows: table.rows, start: lines[caption.start]?.no ?? headLine.no, end: lines[last]?.no ?? headLine.no });
    // One at a time: push(...rows) overflows the call stack on a table of a hundred thousand rows.
    for (const warning of table.warnings) result.warnings.push(warning);
    floor = table.next;
    i = table.next - 1;
  }
  return result;
}
