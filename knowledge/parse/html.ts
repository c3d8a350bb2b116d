/**
 * An HTML release as numbered plain-text lines and table grids, the two views the text reader
 * has of a text release: prose paragraphs separated by blank lines for the narrative, and every
 * table row as one line (its cells joined by two spaces, never read as a sentence) that the
 * grid's rows cite.
 */
import { htmlBlocks } from './html-blocks.ts';
import { readTable, type GridDraft } from './html-tables.ts';
import type { SourceLine } from './lines.ts';
import type { TableGrid } from './table-grid.ts';

/** How many text blocks before a table may name it. */
const CONTEXT_BLOCKS = 6;
/** A longer block, or a sentence, is prose, not a title or scale line: it stops the search for context. */
const CONTEXT_MAX_CHARS = 200;
const isProse = (text: string) => text.length > CONTEXT_MAX_CHARS || (text.split(' ').length >= 6 && /[.!?]["”’]?$/.test(text));
/** "(1) Derived from...", "* Not meaningful": a note to the table above, which stops the search too. */
const NOTE = /^(\(?\d{1,2}\)|\d{1,2} |\([a-z]\)|\*+)\s*\S/;

interface TextBlock {
  text: string;
  line: number;
}

class LineWriter {
  readonly lines: SourceLine[] = [];

  /** Writes a paragraph after a blank line; returns its first line's number. */
  paragraph(texts: readonly string[]): number {
    if (this.lines.length > 0) this.add('');
    for (const text of texts) this.add(text);
    return this.lines.length - texts.length + 1;
  }

  add(text: string): number {
    const no = this.lines.length + 1;
    this.lines.push({ no, raw: text, text, endsTable: false });
    return no;
  }
}

/** The short blocks just above a table, in reading order, up to the first block of prose or a note. */
function titlesAbove(blocks: readonly TextBlock[]): TextBlock[] {
  const out: TextBlock[] = [];
  for (let i = blocks.length - 1; i >= 0 && out.length < CONTEXT_BLOCKS; i--) {
    const block = blocks[i];
    if (!block || isProse(block.text)) break;
    // A note that ends in a colon introduces this table ("(5) ... categories:"); any other is the last table's.
    const note = NOTE.test(block.text);
    if (note && !block.text.endsWith(':')) break;
    out.unshift(block);
    if (note) break;
  }
  return out;
}

/**
 * `lineOf` and `texts` are indexed by the table's rows. Every block of a table repeats the title
 * above it, but only the first block's lines reach up to it.
 */
function toGrid(draft: GridDraft, lineOf: readonly number[], texts: readonly string[], above: readonly TextBlock[], first: boolean): TableGrid {
  const rows = draft.rows.map((r) => ({ label: r.label, cells: r.cells, line: lineOf[r.row] ?? 0, text: texts[r.row] ?? '' }));
  const firstRow = lineOf[draft.first] ?? 0;
  return {
    context: [...above.map((b) => b.text), ...draft.context],
    header: draft.header,
    rows,
    start: (first ? above[0]?.line : undefined) ?? firstRow,
    end: lineOf[draft.last] ?? firstRow,
  };
}

export function readHtml(content: string): { lines: SourceLine[]; tables: TableGrid[] } {
  const out = new LineWriter();
  const tables: TableGrid[] = [];
  /** Text blocks since the last table with figures. */
  let since: TextBlock[] = [];
  for (const block of htmlBlocks(content)) {
    if (block.kind === 'text') {
      since.push({ text: block.lines.join(' '), line: out.paragraph(block.lines) });
      continue;
    }
    const table = readTable(block.rows);
    if (table.grids.length === 0) {
      // Text laid out in a table: each row is a paragraph, and may name the next table.
      for (const text of table.texts) if (text) since.push({ text, line: out.paragraph([text]) });
      continue;
    }
    if (out.lines.length > 0) out.add('');
    const lineOf = table.texts.map((text) => (text ? out.add(text) : 0));
    const above = titlesAbove(since);
    table.grids.forEach((draft, i) => tables.push(toGrid(draft, lineOf, table.texts, above, i === 0)));
    since = [];
  }
  return { lines: out.lines, tables };
}
