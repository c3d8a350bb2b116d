/**
 * A release as numbered lines. SEC filings wrap tables in `<TABLE>`, `<CAPTION>`, `<S>`/`<C>` tags;
 * they are blanked here (keeping line numbers) and `</TABLE>` is remembered as a table's end.
 */

export interface SourceLine {
  /** 1-based line number in the file. */
  no: number;
  /** The line as printed, for citations. */
  raw: string;
  /** The line with SEC markup blanked and tabs expanded: what parsers read. */
  text: string;
  /** True on a `</TABLE>` line. */
  endsTable: boolean;
}

const MARKUP = /<\/?(TABLE|CAPTION|PAGE|S|C|FN)>/gi;

/**
 * Tabs to the next 8-column stop, and never to fewer than two spaces: a tab separates columns, and
 * a single space would join a label to its figure ("Revenues\t13,129" would read as one label).
 */
function expandTabs(line: string): string {
  if (!line.includes('\t')) return line;
  let out = '';
  for (const ch of line) out += ch === '\t' ? ' '.repeat(out.length % 8 === 7 ? 9 : 8 - (out.length % 8)) : ch;
  return out;
}

export function toLines(content: string): SourceLine[] {
  return content.split(/\r?\n/).map((line, i) => {
    // trimEnd drops what /\s+$/ matches, without the regular expression's retries at every inner run of spaces.
    const raw = line.trimEnd();
    const expanded = expandTabs(raw);
    const markup = raw.includes('<');
    return {
      no: i + 1,
      raw,
      text: markup ? expanded.replace(MARKUP, (tag) => ' '.repeat(tag.length)).trimEnd() : expanded.trimEnd(),
      // A page break ends a table too: a table that runs on prints its heads again on the next page.
      endsTable: markup && /<\/TABLE>|<PAGE>/i.test(raw),
    };
  });
}

/** Text runs separated by two or more spaces, with their columns: how fixed-width layouts split. */
export interface Segment {
  text: string;
  start: number;
  end: number;
}

export function segments(text: string): Segment[] {
  const out: Segment[] = [];
  for (const m of text.matchAll(/\S+(?: \S+)*/g)) {
    out.push({ text: m[0], start: m.index, end: m.index + m[0].length });
  }
  return out;
}

export const isBlank = (line: SourceLine) => line.text.trim() === '';
export const isRule = (line: SourceLine) => /^[\s\-=_]*[-=_]{3,}[\s\-=_]*$/.test(line.text);
