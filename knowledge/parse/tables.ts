/**
 * Fixed-width statement tables: statements of operations, EBITDA reconciliations, balance sheets.
 *
 * A table is found by its line of column years ("2003   2002"). Above it, the column headers
 * ("Three Months Ended" / "June 30,") are matched to each year by position, and the caption gives
 * the kind of table and its scale. Below it, each row's label is split from its values; a label can
 * run over two lines, and a line ending in ":" opens a section ("Basic earnings per share:").
 * Nothing here knows a line number, a column offset or a file: a fourth release of the same kind reads.
 */
import { conceptForLabel, normaliseLabel, type Concept } from '../concepts.ts';
import type { StatementFact, TableKind, Unit, Warning } from '../facts.ts';
import { periodFromHeader } from '../period-grammar.ts';
import { periodId } from '../periods.ts';
import { isBlank, isRule, segments, type Segment, type SourceLine } from './lines.ts';

export interface TablesResult {
  facts: StatementFact[];
  warnings: Warning[];
  /** Inclusive line-number ranges that belong to tables (captions included): not narrative. */
  ranges: Array<[number, number]>;
  periods: string[];
}

interface Column {
  center: number;
  end: number;
  period: string;
}

const YEAR = /^(19|20)\d{2}$/;
const VALUE = /^(\(?-?(\d{1,3}(,\d{3})+|\d+)?(\.\d+)?\)?|-|—)$/;
const PERIOD_SEGMENT = /^(((three|six|nine|twelve) months?|(fiscal )?years?|quarters?) ended( [a-z]{3,9}\.? \d{1,2},?)?|[a-z]{3,9}\.? \d{1,2},?)$/i;
const SCALES: Array<[RegExp, number]> = [
  [/\bin thousands\b/i, 1_000],
  [/\bin millions\b/i, 1_000_000],
  [/\bin billions\b/i, 1_000_000_000],
];
/** How far up a table's caption may stand from its column years. */
const CAPTION_REACH = 25;
/** How far up a column header may stand from its column years. */
const HEADER_REACH = 6;
/** Label-only lines with this many words are running text: the table has ended. */
const PROSE_WORDS = 9;

function isYearLine(line: SourceLine): boolean {
  const segs = segments(line.text);
  return segs.length > 0 && segs.every((s) => YEAR.test(s.text));
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

export function parseValue(printed: string): number {
  if (printed === '-' || printed === '—') return 0;
  const negative = printed.startsWith('(') || printed.startsWith('-');
  const n = Number(printed.replace(/[(),\-]/g, ''));
  return negative ? -n : n;
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

interface Caption {
  kind?: TableKind;
  scale?: number;
  /** First line of the caption block (contiguous with the header): table, not narrative. */
  start: number;
}

function readCaption(lines: SourceLine[], yearIndex: number, floor: number): Caption {
  let kind: TableKind | undefined;
  let scale: number | undefined;
  for (let i = yearIndex - 1; i >= Math.max(floor, yearIndex - CAPTION_REACH); i--) {
    const text = lines[i]?.text ?? '';
    if (!kind) {
      if (/balance sheets?/i.test(text)) kind = 'balance_sheet';
      else if (/reconcil/i.test(text)) kind = 'ebitda_reconciliation';
      else if (/statements? of (operations|income)/i.test(text)) kind = 'operations';
    }
    scale ??= SCALES.find(([re]) => re.test(text))?.[1];
  }
  // The caption block: the indented (centred) lines above the header; running text starts at the margin.
  // It is looked for as far as the caption is: a file of nothing but headers is not one long caption.
  let start = yearIndex;
  for (let i = yearIndex - 1; i >= Math.max(floor, yearIndex - CAPTION_REACH); i--) {
    const line = lines[i];
    if (!line) break;
    if (isBlank(line)) continue;
    if (/^\S/.test(line.text)) break;
    start = i;
  }
  return { kind, scale, start };
}

function readColumns(lines: SourceLine[], yearIndex: number, floor: number): Column[] | undefined {
  const yearLine = lines[yearIndex];
  if (!yearLine) return undefined;
  const columns: Column[] = [];
  const years = segments(yearLine.text);
  for (const [k, year] of years.entries()) {
    const center = (year.start + year.end) / 2;
    const header: string[] = [];
    for (let i = yearIndex - 1; i >= Math.max(floor, yearIndex - HEADER_REACH); i--) {
      const line = lines[i];
      const candidates = segments(line?.text ?? '').filter((s) => PERIOD_SEGMENT.test(s.text));
      // Tabs align columns only to the next tab stop: a header line laid out with tabs, with one
      // heading per year or per equal group of years, is matched to the years in order, not by position.
      const tabbed = /\t/.test(`${line?.raw}${yearLine.raw}`) && candidates.length > 0 && years.length % candidates.length === 0;
      const seg = tabbed ? candidates[Math.floor((k * candidates.length) / years.length)] : nearestSegment(candidates, center, 20);
      if (seg) header.unshift(seg.text);
    }
    const period = periodFromHeader(`${header.join(' ')} ${year.text}`);
    if (!period) return undefined;
    columns.push({ center, end: year.end, period: periodId(period) });
  }
  return columns;
}

type PerShareVariant = 'basic' | 'diluted' | 'basic_and_diluted';

function perShareVariant(section: string): PerShareVariant | undefined {
  const s = normaliseLabel(section);
  if (!/per share/.test(s)) return undefined;
  if (/basic and diluted/.test(s)) return 'basic_and_diluted';
  if (/diluted/.test(s)) return 'diluted';
  if (/basic/.test(s)) return 'basic';
  return 'basic_and_diluted';
}

function rowConcept(label: string, section: string, scale: number): { concept: Concept; unit: Unit; multiplier: number } | undefined {
  const variant = perShareVariant(section);
  if (variant) {
    if (/\bshares\b/i.test(label)) {
      const v = /equivalents/i.test(label) && variant === 'basic' ? 'diluted' : variant;
      return { concept: `shares_${v}`, unit: 'shares', multiplier: scale };
    }
    return { concept: `eps_${variant}`, unit: 'USD/share', multiplier: 1 };
  }
  const concept = conceptForLabel(label);
  return concept ? { concept, unit: 'USD', multiplier: scale } : undefined;
}

/** Assigns value cells to columns: in order when every column has one, else by position. */
function placeValues(values: Segment[], columns: Column[]): Array<Segment | undefined> | undefined {
  if (values.length === columns.length) return values;
  if (values.length > columns.length) return undefined;
  const placed: Array<Segment | undefined> = columns.map(() => undefined);
  for (const value of values) {
    let best = 0;
    columns.forEach((col, i) => {
      if (Math.abs(col.end - value.end) < Math.abs((columns[best]?.end ?? 0) - value.end)) best = i;
    });
    if (placed[best]) return undefined;
    placed[best] = value;
  }
  return placed;
}

interface TableRead {
  facts: StatementFact[];
  warnings: Warning[];
  /** Index of the first line after the table. */
  next: number;
}

/** Reads the rows under a table's column years until the table ends. */
function readRows(release: string, lines: SourceLine[], yearIndex: number, columns: Column[], kind: TableKind, scale: number): TableRead {
  const facts: StatementFact[] = [];
  const warnings: Warning[] = [];
  let section = '';
  let pending: { text: string; no: number } | undefined;
  let blanks = 0;
  let j = yearIndex + 1;
  for (; j < lines.length; j++) {
    const line = lines[j] as SourceLine;
    if (line.endsTable) {
      j++;
      break;
    }
    if (isBlank(line)) {
      if (pending) [section, pending] = [pending.text, undefined];
      if (++blanks >= 3) break;
      continue;
    }
    blanks = 0;
    if (isRule(line)) continue;
    if (isYearLine(line)) break;
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
      if (row.label.split(/\s+/).length >= PROSE_WORDS) break;
      const joined = continues ? `${pending?.text} ${row.label}` : row.label;
      if (joined.endsWith(':')) [section, pending] = [joined, undefined];
      else pending = { text: joined, no: line.no };
      continue;
    }
    const label = continues ? `${pending?.text} ${row.label}` : row.label;
    pending = undefined;
    if (!row.label && !continues) {
      warnings.push({ code: 'unreadable_line', release, line: line.no, message: `figures without a label on line ${line.no}: ${line.raw.trim()}` });
      continue;
    }
    const target = rowConcept(label, section, scale);
    if (!target) {
      warnings.push({ code: 'unknown_label', release, line: line.no, message: `unknown row label "${label}" on line ${line.no}: no metric has it as an alias` });
      continue;
    }
    const placed = placeValues(row.values, columns);
    if (!placed) {
      warnings.push({ code: 'unreadable_line', release, line: line.no, message: `line ${line.no} has ${row.values.length} figures for ${columns.length} columns: ${line.raw.trim()}` });
      continue;
    }
    placed.forEach((cell, k) => {
      const column = columns[k];
      if (!cell || !column) return;
      facts.push({
        kind: 'statement',
        concept: target.concept,
        period: column.period,
        value: round(parseValue(cell.text) * target.multiplier),
        unit: target.unit,
        table: kind,
        label,
        printed: cell.text,
        multiplier: target.multiplier,
        release,
        line: line.no,
        text: line.raw,
      });
    });
  }
  return { facts, warnings, next: j };
}

function hasFiguresBelow(lines: SourceLine[], yearIndex: number): boolean {
  return lines.slice(yearIndex + 1, yearIndex + 6).some((line) => {
    const row = splitRow(line);
    return row.label !== '' && row.values.length > 0;
  });
}

const scaleWords = (scale: number) =>
  scale === 1_000 ? 'thousands' : scale === 1_000_000 ? 'millions' : scale === 1 ? 'whole units' : `units of ${scale}`;

export function parseTables(release: string, lines: SourceLine[]): TablesResult {
  const result: TablesResult = { facts: [], warnings: [], ranges: [], periods: [] };
  let previousScale: number | undefined;
  let floor = 0;
  for (let i = 0; i < lines.length; i++) {
    const yearLine = lines[i];
    if (!yearLine || !isYearLine(yearLine)) continue;
    const columns = readColumns(lines, i, floor);
    if (!columns) {
      // A year alone on a line is common in running text; it is a table only when figures follow.
      if (hasFiguresBelow(lines, i)) {
        result.warnings.push({ code: 'no_period', release, line: yearLine.no, message: `cannot tell the period of each column of the table whose years are on line ${yearLine.no}; its figures are not used` });
      }
      continue;
    }
    const caption = readCaption(lines, i, floor);
    const scale = caption.scale ?? previousScale ?? 1;
    const kind: TableKind = caption.kind ?? (columns.every((c) => /^\d{4}-\d{2}-\d{2}$/.test(c.period)) ? 'balance_sheet' : 'operations');
    const table = readRows(release, lines, i, columns, kind, scale);
    if (table.facts.length === 0 && table.warnings.length === 0) continue;
    if (!caption.scale) {
      result.warnings.push({ code: 'no_scale', release, line: yearLine.no, message: `the table on line ${yearLine.no} states no scale; read in ${scaleWords(scale)}${previousScale ? ', as the table above it' : ''}` });
    }
    previousScale = scale;
    for (const c of columns) if (!result.periods.includes(c.period)) result.periods.push(c.period);
    // One at a time: push(...rows) overflows the call stack on a table of a hundred thousand rows,
    // and concat would copy everything read so far at every table.
    for (const fact of table.facts) result.facts.push(fact);
    for (const warning of table.warnings) result.warnings.push(warning);
    const last = Math.min(table.next, lines.length) - 1;
    result.ranges.push([lines[caption.start]?.no ?? yearLine.no, lines[last]?.no ?? yearLine.no]);
    floor = table.next;
    i = table.next - 1;
  }
  return result;
}

/** Scaling by powers of ten in binary floating point leaves dust (0.7 * 1e6): keep cents exact. */
function round(value: number): number {
  return Math.round(value * 1e4) / 1e4;
}
