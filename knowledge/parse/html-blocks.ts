/**
 * An HTML release as the blocks a reader sees: paragraphs of text, and tables as rows of cells.
 *
 * Every block element ends a line. A paragraph ends where a reader sees a gap: a block with a
 * margin (a `<p>` has one unless its style removes it), an empty block that still takes a line
 * (`<p>&nbsp;</p>`, Workiva's `<div><br></div>`), two `<br>` in a row, a list item, a rule, a
 * table. So zero-margin blocks printed one under the other (a contact's name, company and phone)
 * stay one paragraph, and so do a heading and the sentences under it, as in a text release. A
 * table that holds another table is layout: its cells are paragraphs, the tables inside it tables.
 */
import { readMarkup, type MarkupHandler } from './html-events.ts';
import { blockSpacing, isIndented, isSuperscript, type Attributes } from './html-style.ts';

export interface RawCell {
  /** Trimmed, white space folded to single spaces. */
  text: string;
  colspan: number;
  rowspan: number;
}

export type Block = { kind: 'text'; lines: string[] } | { kind: 'table'; rows: RawCell[][] };

/** Elements whose edges end a line of running text, and separate words inside a cell. */
const BLOCK = new Set([
  'address', 'article', 'aside', 'blockquote', 'body', 'caption', 'center', 'dd', 'div', 'dl', 'dt', 'fieldset',
  'figcaption', 'figure', 'footer', 'form', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'header', 'html', 'kbd', 'main', 'nav',
  'ol', 'p', 'pre', 'section', 'ul',
]);
/** Elements that are always a paragraph of their own, or end one. */
const PARAGRAPH = new Set(['li', 'hr']);
const NBSP = '\u00a0';
/** Wider spans are hostile: the table model never needs more than a few dozen columns. */
export const MAX_SPAN = 100;
/** Cells of a row past this many are not read (a statement has a few dozen). */
const MAX_CELLS_PER_ROW = 1_000;
/** Rows of a table past this many are not read (a statement has a few hundred at most). */
export const MAX_ROWS_PER_TABLE = 10_000;
/** A superscript that is an ordinal suffix belongs to its number ("24th"); any other is a mark. */
const ORDINAL = /^(st|nd|rd|th)$/i;

const foldSpaces = (text: string) => text.replace(/[\s\u200b]+/g, ' ').trim();

function span(value: string | undefined): number {
  const n = Number.parseInt(value ?? '', 10);
  return Number.isFinite(n) && n > 1 ? Math.min(n, MAX_SPAN) : 1;
}

/** Text being gathered, as pieces: a superscript's leading space is decided when it closes. */
class Inline {
  private pieces: string[] = [];
  /** Changes whenever the text is taken, so a mark left from before is known to be stale. */
  generation = 0;

  add(text: string): void {
    this.pieces.push(text);
  }

  /** A placeholder where a space may go later. */
  mark(): number {
    this.pieces.push('');
    return this.pieces.length - 1;
  }

  /** Puts a space at `mark` unless what follows it is an ordinal suffix; looks at a few pieces only. */
  separateAt(mark: number): void {
    const following = this.pieces.slice(mark + 1, mark + 6).join('').trim();
    if (following && !ORDINAL.test(following)) this.pieces[mark] = ' ';
  }

  get empty(): boolean {
    return this.pieces.every((p) => p.trim() === '');
  }

  take(): string {
    const text = foldSpaces(this.pieces.join(''));
    this.pieces = [];
    this.generation++;
    return text;
  }
}

interface OpenCell {
  text: Inline;
  colspan: number;
  rowspan: number;
}

interface TableState {
  /** Holds another table: its cells are running text. */
  layout: boolean;
  rows: RawCell[][];
  row?: RawCell[];
  cell?: OpenCell;
}

interface Frame {
  superscript?: { text: Inline; generation: number; mark: number };
  /** A block of running text: what had been shown when it opened, and whether a gap follows it. */
  block?: { shown: number; spacers: number; gapAfter: boolean };
}

class BlockReader implements MarkupHandler {
  readonly blocks: Block[] = [];
  private lines: string[] = [];
  private readonly line = new Inline();
  /** Nothing shown since the last `<br>`: a second one leaves an empty line, a gap. */
  private lineBroken = false;
  /** Pieces of visible text, and of what only takes room (`<br>`, `&nbsp;`), added to running text. */
  private shown = 0;
  private spacers = 0;
  private readonly tables: TableState[] = [];
  private readonly frames: Frame[] = [];
  private preformatted = 0;

  private get table(): TableState | undefined {
    return this.tables[this.tables.length - 1];
  }

  private get dataTable(): TableState | undefined {
    const table = this.table;
    return table && !table.layout ? table : undefined;
  }

  /** The open cell of a data table: text and block edges go there instead of the running text. */
  private get cell(): OpenCell | undefined {
    return this.dataTable?.cell;
  }

  open(name: string, attributes: Attributes): void {
    const table = this.dataTable;
    const frame: Frame = {};
    if (name === 'table') this.startTable();
    else if (name === 'tr') {
      if (table) this.startRow(table);
      else this.endParagraph();
    } else if (name === 'td' || name === 'th') {
      if (table) this.startCell(table, attributes);
      else this.endParagraph();
    } else if (name === 'br') this.lineBreak();
    else if (this.cell && (BLOCK.has(name) || PARAGRAPH.has(name))) this.cell.text.add(' ');
    else if (PARAGRAPH.has(name)) this.endParagraph();
    else if (BLOCK.has(name)) {
      const spacing = blockSpacing(name, attributes);
      if (spacing.before) this.endParagraph();
      else this.endLine();
      frame.block = { shown: this.shown, spacers: this.spacers, gapAfter: spacing.after };
    } else if (isIndented(attributes)) (this.cell?.text ?? this.line).add(' ');
    if (name === 'pre') this.preformatted++;
    if (isSuperscript(name, attributes)) {
      const text = this.cell?.text ?? this.line;
      frame.superscript = { text, generation: text.generation, mark: text.mark() };
    }
    this.frames.push(frame);
  }

  close(name: string): void {
    const { superscript, block } = this.frames.pop() ?? {};
    if (superscript && superscript.text.generation === superscript.generation) superscript.text.separateAt(superscript.mark);
    const table = this.dataTable;
    if (name === 'table') this.endTable();
    else if (name === 'tr') {
      if (table) this.endRow(table);
      else this.endParagraph();
    } else if (name === 'td' || name === 'th') {
      if (table) this.endCell(table);
      else this.endParagraph();
    } else if (this.cell && (BLOCK.has(name) || PARAGRAPH.has(name))) this.cell.text.add(' ');
    else if (PARAGRAPH.has(name)) this.endParagraph();
    else if (block) {
      const blankLine = this.shown === block.shown && this.spacers > block.spacers;
      if (block.gapAfter || blankLine) this.endParagraph();
      else this.endLine();
    }
    if (name === 'pre') this.preformatted = Math.max(0, this.preformatted - 1);
  }

  text(text: string): void {
    if (this.cell) this.cell.text.add(text);
    else if (this.preformatted > 0 && text.includes('\n')) {
      text.split('\n').forEach((part, i) => {
        if (i > 0) this.lineBreak();
        this.addToLine(part);
      });
    } else this.addToLine(text);
  }

  finish(): Block[] {
    this.endParagraph();
    return this.blocks;
  }

  private addToLine(text: string): void {
    this.line.add(text);
    if (text.replaceAll(NBSP, ' ').trim()) {
      this.shown++;
      this.lineBroken = false;
    } else if (text.includes(NBSP)) this.spacers++;
  }

  private lineBreak(): void {
    if (this.cell) return this.cell.text.add(' ');
    this.spacers++;
    if (this.line.empty && this.lineBroken) return this.endParagraph();
    this.endLine();
    this.lineBroken = true;
  }

  private endLine(): void {
    const text = this.line.take();
    if (text) this.lines.push(text);
  }

  private endParagraph(): void {
    this.endLine();
    if (this.lines.length > 0) this.blocks.push({ kind: 'text', lines: this.lines });
    this.lines = [];
    this.lineBroken = false;
  }

  private startTable(): void {
    this.endParagraph();
    const outer = this.dataTable;
    if (outer) this.becomeLayout(outer);
    this.tables.push({ layout: false, rows: [] });
  }

  private endTable(): void {
    const table = this.tables.pop();
    this.endParagraph();
    if (!table || table.layout) return;
    this.endRow(table);
    if (table.rows.length > 0) this.blocks.push({ kind: 'table', rows: table.rows });
  }

  /** What was read as cells so far becomes running text: a row a paragraph, the open cell's text another. */
  private becomeLayout(table: TableState): void {
    const partial = table.cell?.text.take() ?? '';
    table.cell = undefined;
    if (table.row) table.rows.push(table.row);
    for (const row of table.rows) {
      const text = row.map((c) => c.text).filter(Boolean).join('  ');
      if (text) this.blocks.push({ kind: 'text', lines: [text] });
    }
    if (partial) this.blocks.push({ kind: 'text', lines: [partial] });
    table.layout = true;
    table.rows = [];
    table.row = undefined;
  }

  private startRow(table: TableState): void {
    this.endRow(table);
    table.row = [];
  }

  private endRow(table: TableState): void {
    this.endCell(table);
    if (table.row && table.rows.length < MAX_ROWS_PER_TABLE) table.rows.push(table.row);
    table.row = undefined;
  }

  private startCell(table: TableState, attributes: Attributes): void {
    this.endCell(table);
    table.cell = { text: new Inline(), colspan: span(attributes.get('colspan')), rowspan: span(attributes.get('rowspan')) };
  }

  private endCell(table: TableState): void {
    const cell = table.cell;
    if (!cell) return;
    table.cell = undefined;
    const text = cell.text.take();
    table.row ??= [];
    if (table.row.length < MAX_CELLS_PER_ROW) table.row.push({ text, colspan: cell.colspan, rowspan: cell.rowspan });
  }
}

/** A heading: one short line with no full stop but a company's "Inc.", "About Apple", "About The Buckle, Inc.". */
const HEADING = /^[A-Za-z][^.!?:;]*(\b(Inc|Corp|Co|Ltd)\.)?$/;
const ENDS_SENTENCE = /[.!?]["”’)]?$/;
function isHeading(block: Block): boolean {
  const line = block.kind === 'text' && block.lines.length === 1 ? (block.lines[0] ?? '') : '';
  return HEADING.test(line) && line.split(' ').length <= 8;
}

const isSentences = (block: Block | undefined) => block?.kind === 'text' && ENDS_SENTENCE.test(block.lines[block.lines.length - 1] ?? '');

/**
 * A heading and the paragraph it heads are one paragraph, as in a text release ("About Infocrossing"
 * above its profile): the narrative reader finds a section by its first words.
 */
function headingsInParagraphs(blocks: readonly Block[]): Block[] {
  const out: Block[] = [];
  for (let i = 0; i < blocks.length; i++) {
    const block = blocks[i] as Block;
    const next = blocks[i + 1];
    if (block.kind === 'text' && next?.kind === 'text' && isHeading(block) && isSentences(next)) {
      out.push({ kind: 'text', lines: [...block.lines, ...next.lines] });
      i++;
    } else out.push(block);
  }
  return out;
}

export function htmlBlocks(content: string): Block[] {
  const reader = new BlockReader();
  readMarkup(content, reader);
  return headingsInParagraphs(reader.finish());
}

