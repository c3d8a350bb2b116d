/**
 * Figures from table grids, text or HTML alike: which tables are the company's statements, what
 * period each column is in the company's fiscal calendar, the scale, and which concept each row is.
 *
 * A release holds many look-alike tables. Only a table whose every figure column is a period (or a
 * percentage beside one) is a statement: a column headed by a segment, a subsidiary, "As Reported"
 * or "Non-GAAP" makes the table something else; so does a title that says non-GAAP, adjusted, pro
 * forma, segment, guidance or trailing (each column four quarters, headed by the last of them), or
 * that names another corporation (a subsidiary's statements). Such tables are skipped, never served
 * as the GAAP figure. Within a statement, a balance is read only
 * in a date column and a flow only in a period column, so averages of balances over a quarter are
 * not mistaken for the balance sheet.
 */
import { conceptForLabel, conceptInfo, type Concept } from '../concepts.ts';
import { CALENDAR_YEAR, fiscalPeriodId, learnCalendar, type FiscalCalendar, type PrintedDuration } from '../fiscal.ts';
import type { Unstamped, StatementFact, TableKind, Unit, Warning } from '../facts.ts';
import { columnPeriod, type ColumnPeriod } from './column-period.ts';
import { footnoteMarks, namingNotes } from './footnotes.ts';
import { isoDate } from '../periods.ts';
import { DASH, halfUnit } from '../precision.ts';
import { isRunningText, type GridRow, type TableGrid } from './table-grid.ts';
import { perShareRow, sectionOf, type Section } from './row-vocabulary.ts';

export interface StatementsResult {
  facts: Unstamped<StatementFact>[];
  warnings: Warning[];
  /** Every period the statements hold, in the order printed. */
  periods: string[];
  calendar: FiscalCalendar;
}

const SCALE_WORDS: Record<string, number> = { thousands: 1_000, millions: 1_000_000, billions: 1_000_000_000 };
const SCALE = /\b(thousands|millions|billions)\b/i;
/** A title (a short line) that says the table is not the GAAP statement. */
const NOT_GAAP = /non[- ]?gaap|adjusted basis|as adjusted|pro ?forma|\bsegments?\b|consolidating|supplemental (consolidating|information)|geographic|by region|guidance|outlook|trailing/i;
const TITLE_LENGTH = 140;
/** A note just below a table saying what its figures are ("The segment financial results above are presented on an adjusted basis"). */
const NOTE_NOT_GAAP = /\b(?:segments?|adjusted basis|non[- ]?gaap|pro ?forma)\b[^.]*\babove\b|\babove\b[^.]*\b(?:segments?|adjusted basis|non[- ]?gaap|pro ?forma)\b/i;
/** A title line that is a corporation's name: a subsidiary's statement when it is not the release's company. */
const CORPORATION = /\b(inc|corp|corporation|co|bancshares|bancorp|ltd|plc|llc|n\.a)\.?(,? and subsidiaries)?\s*$/i;
const isTitle = (line: string) => line.length < TITLE_LENGTH && !isRunningText(line);
const CELL = /^\(?-?\$?\s*(\d{1,3}(,\d{3})+|\d+)?(\.\d+)?\)?$/;

function parseValue(printed: string): number {
  if (DASH.test(printed)) return 0;
  const negative = printed.startsWith('(') || printed.startsWith('-');
  const n = Number(printed.replace(/[()$,\s-]/g, ''));
  return negative ? -n : n;
}

/** The period phrase a title gives for columns that print only their year ("Three Months Ended March 31"). */
function titlePeriod(context: readonly string[]): string {
  for (const line of [...context].reverse()) {
    const m = /\b((?:for the )?(?:\d{1,2}|three|six|nine|twelve|thirteen|twenty-six|thirty-nine|fifty-two) (?:months?|weeks?|mos\.?)(?: ended| ending)?[^()]*?|(?:fiscal )?years? ended[^()]*?)(?=$|\(|\s{2})/i.exec(line);
    if (m?.[1]) return m[1];
  }
  return '';
}

function tableKind(context: readonly string[], columns: readonly ColumnPeriod[]): TableKind {
  const title = context.filter(isTitle).join(' ');
  if (/balance sheets?|financial (position|condition)/i.test(title)) return 'balance_sheet';
  // A reconciliation is often introduced by a sentence, not a title.
  if (/reconcil/i.test(context.join(' '))) return 'ebitda_reconciliation';
  if (/cash flows?/i.test(title)) return 'cash_flow';
  return columns.every((c) => c.kind !== 'duration' && c.kind !== 'fiscal') ? 'balance_sheet' : 'operations';
}

function scaleOf(texts: readonly string[]): number | undefined {
  let scale: number | undefined;
  for (const text of texts) {
    const m = SCALE.exec(text);
    if (m && (text.length < TITLE_LENGTH || /\(/.test(text))) scale = SCALE_WORDS[m[1]?.toLowerCase() ?? ''];
  }
  return scale;
}

interface ReadGrid {
  grid: TableGrid;
  columns: ColumnPeriod[];
}

/** Each grid's columns, and the grids that are statements (every column a period or a ratio). */
function statementGrids(release: string, grids: readonly TableGrid[], company: StatementsCompany, warnings: Warning[]): ReadGrid[] {
  const out: ReadGrid[] = [];
  const companyWord = company.word;
  const another = (line: string) => companyWord !== undefined && CORPORATION.test(line) && !line.toLowerCase().includes(companyWord);
  for (const grid of grids) {
    if (grid.context.some((l) => isTitle(l) && (NOT_GAAP.test(l) || another(l)))) continue;
    if (NOTE_NOT_GAAP.test(company.below?.(grid) ?? '')) continue;
    const width = Math.max(0, ...grid.rows.map((r) => r.cells.length), ...grid.header.map((h) => h.length));
    const fallback = titlePeriod(grid.context);
    const columns = Array.from({ length: width }, (_, c) => {
      const header = grid.header.map((row) => row[c] ?? '').join(' ');
      const read = columnPeriod(header);
      return read.kind === 'unknown' && fallback ? columnPeriod(`${fallback} ${header}`) : read;
    });
    if (columns.some((c) => c.kind === 'other')) continue;
    const periodic = columns.filter((c) => c.kind !== 'ratio' && c.kind !== 'unknown');
    if (periodic.length === 0) {
      if (columns.some((c) => c.kind === 'unknown') && grid.rows.some((r) => r.cells.some((x) => CELL.test(x) && x !== ''))) {
        warnings.push({ code: 'no_period', release, line: grid.start, message: `cannot tell the period of each column of the table on line ${grid.start}; its figures are not used` });
      }
      continue;
    }
    out.push({ grid, columns });
  }
  return out;
}

function periodIdOf(column: ColumnPeriod, calendar: FiscalCalendar): string | undefined {
  if (column.kind === 'instant') return column.date;
  if (column.kind === 'fiscal') return column.id;
  if (column.kind === 'duration') return fiscalPeriodId(column.duration, calendar);
  return undefined;
}

const durationsOf = (grids: readonly ReadGrid[]): PrintedDuration[] =>
  grids.flatMap((g) => g.columns.flatMap((c) => (c.kind === 'duration' ? [c.duration] : [])));

interface Target {
  concept: Concept;
  unit: Unit;
  multiplier: number;
  /** A share count said to be a count outstanding, not a weighted average. */
  counted?: boolean;
}

/** A row's concept, unit and scale, given the section it sits in; undefined when no concept has it. */
function rowTarget(row: GridRow, section: Section, scale: number, hasDiluted: boolean, overrides?: ReadonlyMap<string, Concept>): Target | undefined {
  const perShare = perShareRow(row.label, section, hasDiluted);
  if (perShare === 'skip') return undefined;
  const rowScale = scaleOf([row.label, section.text]) ?? scale;
  if (perShare?.kind === 'shares') return { concept: perShare.concept, unit: 'shares', multiplier: rowScale, counted: perShare.counted && !perShare.average };
  if (perShare?.kind === 'eps') return { concept: perShare.concept, unit: 'USD/share', multiplier: 1 };
  if (/\badjusted\b|non[- ]?gaap|pro ?forma/i.test(row.label)) return undefined;
  const concept = conceptForLabel(row.label, overrides);
  return concept ? { concept, unit: 'USD', multiplier: rowScale } : undefined;
}

const printedEnd = (d: PrintedDuration) => ({ ends: isoDate(d.end.year, d.end.month, d.end.day), ...(d.weeks ? { weeks: d.weeks } : {}) });

/** Balances are read in date columns, flows in period columns: a balance averaged over a quarter is not the balance sheet. */
function fitsColumn(concept: Concept, column: ColumnPeriod): boolean {
  const instant = column.kind === 'instant';
  return conceptInfo(concept).measure === 'balance' ? instant : !instant;
}

/**
 * A row's line and period in a column. A share count said outstanding in a date column is the count at that date (Sears'
 * balance sheet "Total common shares outstanding"), never one said to be a weighted average nor one saying neither (a
 * table of periods headed by their end dates); one at the end of the period in a period column (Verizon's "Common shares
 * outstanding, End of period") is the count on the period's last day. Any other line is as read, where its measure fits.
 */
function lineIn(target: Target, concept: Concept, column: ColumnPeriod, period: string): { concept: Concept; period: string } | undefined {
  if (target.unit === 'shares' && column.kind === 'instant') return target.counted ? { concept: 'shares_outstanding', period } : undefined;
  if (concept === 'shares_outstanding') return column.kind === 'duration' ? { concept, period: isoDate(column.duration.end.year, column.duration.end.month, column.duration.end.day) } : undefined;
  return fitsColumn(concept, column) ? { concept, period } : undefined;
}

/** Lines the facts hold as positive amounts when they cost the company: an expense, or a tax the company pays. */
const EXPENSES: ReadonlySet<Concept> = new Set(['cost_of_revenue', 'selling_admin', 'selling', 'general_admin', 'research_development', 'depreciation_amortization', 'restructuring', 'operating_expenses', 'net_interest_expense', 'interest_expense', 'income_tax']);

/** Half a unit of a printed figure's last digit, as printed: how far a sum of such figures may be from its printed total. */
const halfUnitOf = (printed: string) => halfUnit({ printed, multiplier: 1 });

/**
 * Whether row `at` is printed as a deduction in column `k`: with the rows above it from some
 * subtotal, it sums as printed to a subtotal below it (Sears' 89 + (32) + (4) = 53, Verizon's
 * operating income through "Provision for income taxes (852)" to income from continuing
 * operations). A statement that prints expenses positive and subtracts them (Infocrossing's
 * "Income tax expense (benefit) (0.1)", a benefit: 0.5 - (0.1) = 0.6) does not sum so.
 */
function sumsAsDeduction(rows: readonly GridRow[], at: number, k: number): boolean {
  const cell = (i: number) => {
    const c = rows[i]?.cells[k] ?? '';
    return c && (CELL.test(c) || DASH.test(c)) ? c : undefined;
  };
  for (let s = at - 1; s >= Math.max(0, at - 10); s--) {
    const first = cell(s);
    if (first === undefined) continue;
    let sum = parseValue(first);
    let tolerance = halfUnitOf(first);
    for (let i = s + 1; i < Math.min(rows.length, at + 6); i++) {
      const c = cell(i);
      if (c === undefined) continue;
      if (i > at && Math.abs(sum - parseValue(c)) <= tolerance + halfUnitOf(c)) return true;
      sum += parseValue(c);
      tolerance += halfUnitOf(c);
    }
  }
  return false;
}

/**
 * Whether an expense row is printed as a deduction: printed negative, and summing as printed in
 * every column where it is (a positive expense summing with others is only a list of costs).
 */
function printedAsDeduction(rows: readonly GridRow[], at: number, columns: readonly number[]): boolean {
  const checked = columns.filter((k) => {
    const c = rows[at]?.cells[k] ?? '';
    return CELL.test(c) && parseValue(c) < 0;
  });
  return checked.length > 0 && checked.every((k) => sumsAsDeduction(rows, at, k));
}

/**
 * Another line a row also is, as its footnote names it: Caterpillar's "Profit 1", whose note 1 is
 * "Profit attributable to common shareholders", is its bottom line and its profit to common
 * shareholders. Only an amount, and only a note that is a line's label.
 */
function footnotedConcept(row: GridRow, target: Target, notes: ReadonlyMap<string, string>, overrides: ReadonlyMap<string, Concept> | undefined): { concept: Concept; footnote: string } | undefined {
  if (target.unit !== 'USD') return undefined;
  for (const mark of footnoteMarks(row.label)) {
    const note = notes.get(mark);
    const named = note === undefined ? undefined : conceptForLabel(note, overrides);
    if (note && named && named !== target.concept && conceptInfo(named).measure === conceptInfo(target.concept).measure) return { concept: named, footnote: `${note}.` };
  }
  return undefined;
}

/**
 * A total printed without a label: a row of figures alone that closes a block under a heading ("OPERATING
 * EXPENSES:", then "Selling" and "General and administrative", then 85,588) and is, in every column, the sum of
 * the block's rows as printed. It is the heading's total: `label` the heading as printed, `reads` what names its
 * line ("Total operating expenses"). Anything else stays unread.
 */
function unlabelledTotal(rows: readonly GridRow[], at: number): { label: string; reads: string } | undefined {
  let heading = at - 1;
  while (heading >= 0 && (rows[heading]?.cells.some((c) => c !== '') ?? false)) heading--;
  const head = rows[heading];
  const block = rows.slice(heading + 1, at);
  if (!head || !/^[^:]{3,60}:$/.test(head.label.trim()) || block.length < 2 || block.some((r) => !r.label.trim())) return undefined;
  const row = rows[at] as GridRow;
  const columns = row.cells.flatMap((c, k) => (CELL.test(c) ? [k] : []));
  const sums = columns.every((k) => {
    const cells = block.map((r) => r.cells[k] ?? '');
    if (cells.some((c) => !CELL.test(c))) return false;
    const total = cells.reduce((sum, c) => sum + parseValue(c), 0);
    const slack = cells.reduce((sum, c) => sum + halfUnitOf(c), halfUnitOf(row.cells[k] ?? ''));
    return Math.abs(total - parseValue(row.cells[k] ?? '')) <= slack;
  });
  const named = head.label.trim().slice(0, -1);
  return columns.length > 0 && sums ? { label: named, reads: `Total ${named.toLowerCase()}` } : undefined;
}

function readGrid(release: string, read: ReadGrid, calendar: FiscalCalendar, fallbackScale: number, company: StatementsCompany, out: StatementsResult): void {
  const { overrides } = company;
  const notes = namingNotes(company.below?.(read.grid) ?? '');
  const { grid, columns } = read;
  const kind = tableKind(grid.context, columns);
  const scale = scaleOf([...grid.context, ...grid.header.flat()]) ?? fallbackScale;
  const ids = columns.map((c) => periodIdOf(c, calendar));
  const hasDiluted = grid.rows.some((r) => /dilut/i.test(r.label));
  let section: Section = sectionOf('', undefined);
  const periodColumns = ids.flatMap((id, k) => (id ? [k] : []));
  const hasFigures = (row: GridRow) => row.cells.some((c) => c !== '' && (CELL.test(c) || DASH.test(c)));
  // The line of the next row with figures after each row, read once from the bottom up (a table may have thousands of rows).
  const nextLines = new Array<number | undefined>(grid.rows.length);
  for (let i = grid.rows.length - 2; i >= 0; i--) {
    const below = grid.rows[i + 1] as GridRow;
    nextLines[i] = hasFigures(below) ? below.line : nextLines[i + 1];
  }
  grid.rows.forEach((printed, at) => {
    if (printed.cells.every((c) => c === '')) {
      section = sectionOf(printed.label, section);
      return;
    }
    // A total printed without a label is its heading's ("Total operating expenses"), cited by the heading.
    const total = printed.label.trim() ? undefined : unlabelledTotal(grid.rows, at);
    if (!printed.label.trim() && !total) return;
    const row = total ? { ...printed, label: total.label } : printed;
    const target = rowTarget(total ? { ...row, label: total.reads } : row, section, scale, hasDiluted, overrides);
    if (!target) {
      out.warnings.push({ code: 'unknown_label', release, line: row.line, message: `unknown row label "${row.label}" on line ${row.line}: no metric has it as an alias` });
      return;
    }
    // An expense printed in parentheses as a deduction is an expense, not a benefit: held positive. Not in a
    // reconciliation, which adds expenses back to its total: there a negative tax is a benefit added back.
    const next = nextLines[at];
    const sign = kind !== 'ebitda_reconciliation' && EXPENSES.has(target.concept) && printedAsDeduction(grid.rows, at, periodColumns) ? -1 : 1;
    const also = footnotedConcept(row, target, notes, overrides);
    for (const { concept: said, footnote } of [{ concept: target.concept, footnote: undefined }, ...(also ? [also] : [])]) row.cells.forEach((cell, k) => {
      const column = columns[k];
      const id = ids[k];
      if (!column || !id || !cell || !CELL.test(cell) && !DASH.test(cell)) return;
      const line = lineIn(target, said, column, id);
      if (!line) return;
      const { concept, period } = line;
      out.facts.push({
        kind: 'statement',
        concept,
        period,
        value: round(sign * parseValue(cell) * target.multiplier),
        unit: target.unit,
        table: kind,
        label: row.label,
        printed: cell.replace(/^\$\s*/, ''),
        multiplier: target.multiplier,
        ...(column.kind === 'duration' && period === id ? printedEnd(column.duration) : {}),
        ...(next ? { next } : {}),
        ...(footnote ? { footnote } : {}),
        release,
        line: row.line,
        text: row.text,
      });
      if (!out.periods.includes(period)) out.periods.push(period);
    });
  });
}

/**
 * The statements of one release. The fiscal calendar is learned from all its columns first (a
 * nine-month column ending in June means a year ending in September), then every column is named.
 */
/** What the reader knows of the company and the release around the tables. */
export interface StatementsCompany {
  /** The company's first name word: a title naming another corporation is a subsidiary's statement. */
  word?: string;
  /** The company's own row labels (normalised label to concept). */
  overrides?: ReadonlyMap<string, Concept>;
  /** The release's text just below a table: a note there may say what its figures are. */
  below?: (grid: TableGrid) => string;
}

export function readStatements(release: string, grids: readonly TableGrid[], company: StatementsCompany = {}): StatementsResult {
  const warnings: Warning[] = [];
  const statements = statementGrids(release, grids, company, warnings);
  const durations = durationsOf(statements);
  const calendar = durations.length > 0 ? learnCalendar(durations) : CALENDAR_YEAR;
  const out: StatementsResult = { facts: [], warnings, periods: [], calendar };
  let previousScale = 1;
  /** Facts from tables titled as the consolidated statements: what look-alikes elsewhere must agree with. */
  const consolidated = new Set<Unstamped<StatementFact>>();
  for (const read of statements) {
    const before = out.facts.length;
    const stated = scaleOf([...read.grid.context, ...read.grid.header.flat()]);
    const first = read.grid.rows[0]?.line ?? read.grid.start;
    if (stated === undefined) {
      warnings.push({ code: 'no_scale', release, line: first, message: `the table whose first row is line ${first} states no scale; read in ${scaleWords(previousScale)}${previousScale !== 1 ? ', as the table above it' : ''}` });
    }
    readGrid(release, read, calendar, previousScale, company, out);
    if (read.grid.context.some((l) => isTitle(l) && /consolidated/i.test(l))) for (const f of out.facts.slice(before)) consolidated.add(f);
    previousScale = stated ?? previousScale;
  }
  return { ...out, facts: withoutVagueEps(withoutLookAlikes(out.facts, consolidated)) };
}

/**
 * A figure a part of the company prints (a segment page, "Domestic Telecom - Selected Financial
 * Results") under the statement's own label and period, with another value, is that part's: where
 * the consolidated statements print the (concept, period), a table that is neither they nor a
 * reconciliation of them gives nothing for it.
 */
function withoutLookAlikes(facts: Array<Unstamped<StatementFact>>, consolidated: ReadonlySet<Unstamped<StatementFact>>): Array<Unstamped<StatementFact>> {
  const values = new Map<string, Set<number>>();
  for (const f of consolidated) {
    const key = `${f.concept}|${f.period}`;
    values.set(key, (values.get(key) ?? new Set()).add(f.value));
  }
  return facts.filter((f) => {
    if (consolidated.has(f) || f.table === 'ebitda_reconciliation') return true;
    const printed = values.get(`${f.concept}|${f.period}`);
    return !printed || printed.has(f.value);
  });
}

/**
 * An EPS printed without "basic" or "diluted" is the one EPS of its period only when the release
 * prints no basic or diluted EPS for that period: beside them, a highlights table's bare "Profit
 * per share" is one of the two, and which one it does not say.
 */
function withoutVagueEps(facts: Array<Unstamped<StatementFact>>): Array<Unstamped<StatementFact>> {
  const specific = new Set(facts.filter((f) => f.concept === 'eps_basic' || f.concept === 'eps_diluted').map((f) => f.period));
  return facts.filter((f) => f.concept !== 'eps_basic_and_diluted' || !specific.has(f.period));
}

const scaleWords = (scale: number) =>
  scale === 1_000 ? 'thousands' : scale === 1_000_000 ? 'millions' : scale === 1 ? 'whole units' : `units of ${scale}`;

/** Scaling by powers of ten in binary floating point leaves dust (0.7 * 1e6): keep cents exact. */
function round(value: number): number {
  return Math.round(value * 1e4) / 1e4;
}

