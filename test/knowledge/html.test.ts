/**
 * The HTML reader: each layout rule on a few lines of HTML next to the rule, then the four real
 * HTML releases (Apple's `<font>` tables, Oracle's 44 tables, Workiva's Caterpillar and Buckle).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { MAX_ROWS_PER_TABLE } from '../../knowledge/parse/html-blocks.ts';
import { MAX_VALUE_COLUMNS } from '../../knowledge/parse/html-tables.ts';
import { readHtml } from '../../knowledge/parse/html.ts';
import type { GridRow, TableGrid } from '../../knowledge/parse/table-grid.ts';
import { FIXTURES_DIR } from '../support/fixtures.ts';

/** The one grid read from `html`. */
function onlyGrid(html: string): TableGrid {
  const { tables } = readHtml(html);
  expect(tables).toHaveLength(1);
  return tables[0] as TableGrid;
}

function row(grid: TableGrid, label: string): GridRow {
  const found = grid.rows.filter((r) => r.label === label);
  expect(found.map((r) => r.label), `rows labelled "${label}"`).toHaveLength(1);
  return found[0] as GridRow;
}

const cells = (grid: TableGrid, label: string) => row(grid, label).cells;

/** A table: rows of cells, a cell either its text or [text, colspan]. */
function table(...rows: Array<Array<string | [string, number]>>): string {
  const td = (c: string | [string, number]) => (typeof c === 'string' ? `<td>${c}</td>` : `<td colspan="${c[1]}">${c[0]}</td>`);
  return `<table>${rows.map((r) => `<tr>${r.map(td).join('')}</tr>`).join('\n')}</table>`;
}

describe('table cells', () => {
  it('drops a $ printed in its own cell', () => {
    const grid = onlyGrid(table(['', ['2004', 2]], ['Net sales', '$', '2,014'], ['Cost of sales', '', '1,455']));
    expect(cells(grid, 'Net sales')).toEqual(['2,014']);
    expect(cells(grid, 'Cost of sales')).toEqual(['1,455']);
  });

  it('joins a negative split over two cells, "(32" then ")"', () => {
    const grid = onlyGrid(table(['', '2004', '', '2003', ''], ['Operating income (loss)', '72', '', '(32', ')']));
    expect(cells(grid, 'Operating income (loss)')).toEqual(['72', '(32)']);
  });

  it('joins a percent split over two cells, "(2%" then ")" and "12" then "%"', () => {
    const grid = onlyGrid(table(['', '2014', '', '% Change', ''], ['Operating income', '4,909', '', '(2%', ')'], ['Revenues', '11,320', '', '12', '%']));
    expect(cells(grid, 'Operating income')).toEqual(['4,909', '(2%)']);
    expect(cells(grid, 'Revenues')).toEqual(['11,320', '12%']);
  });

  it('keeps a dash alone in a cell as the printed zero', () => {
    const grid = onlyGrid(table(['', '2004', '2003', '2002', '2001'], ['Restructuring costs', '—', '–', '-', '--'], ['Other', '1', '2', '3', '4']));
    expect(cells(grid, 'Restructuring costs')).toEqual(['—', '–', '-', '--']);
  });

  it('drops spacer columns empty in every row, so each row has one cell per value column', () => {
    const grid = onlyGrid(
      table(['', '', '2004', '', '', '2003', ''], ['Net sales', '', '2,014', '', '', '1,545', ''], ['Gross margin', '', '559', '', '', '428', '']),
    );
    expect(grid.header).toEqual([['2004', '2003']]);
    expect(cells(grid, 'Net sales')).toEqual(['2,014', '1,545']);
  });

  it('lines a figure up by the last column it spans, with or without a $ cell of its own', () => {
    const grid = onlyGrid(
      table([['', 3], ['2022', 3], ['2021', 3]], [['Sales', 3], '$', '12,886', '', '$', '11,191', ''], [['Revenues', 3], ['703', 2], '', ['696', 2], '']),
    );
    expect(cells(grid, 'Sales')).toEqual(['12,886', '11,191']);
    expect(cells(grid, 'Revenues')).toEqual(['703', '696']);
  });

  it('gives a heading printed over the $ cell alone to the figure beside it', () => {
    const grid = onlyGrid(table(['', '2024', '', '2023', '', '', '% Chg'], ['Sales', '$', '1,000', '$', '900', '', '11%']));
    expect(grid.header).toEqual([['2024', '2023', '% Chg']]);
    expect(grid.context).toEqual([]);
    expect(cells(grid, 'Sales')).toEqual(['1,000', '900', '11%']);
  });

  it('keeps percent and NM cells as cells of their own column', () => {
    const grid = onlyGrid(table(['', '2014', '% of Revenues', '% Change'], ['Revenues', '11,320', '100%', 'NM']));
    expect(cells(grid, 'Revenues')).toEqual(['11,320', '100%', 'NM']);
  });

  it('ignores cells hidden with display:none, as Workiva prints spare columns', () => {
    const html = `<table><tr><td></td><td style="display:none">9,999</td><td>2022</td></tr>
      <tr><td>Revenues</td><td style="display:none">9,999</td><td>703</td></tr></table>`;
    expect(cells(onlyGrid(html), 'Revenues')).toEqual(['703']);
  });
});

describe('footnote marks', () => {
  it('appends a <sup> mark to the label after a space, and a raised Workiva span too', () => {
    const html = table(['', '2022'], ['Profit<sup>1</sup>', '1,537'], ['Profit per common share — diluted<font style="position:relative;top:-3.15pt">2</font>', '2.86']);
    const grid = onlyGrid(html);
    expect(cells(grid, 'Profit 1')).toEqual(['1,537']);
    expect(cells(grid, 'Profit per common share — diluted 2')).toEqual(['2.86']);
  });

  it('keeps an ordinal superscript on its number in prose', () => {
    const { lines } = readHtml('<p>2407 W. 24<sup>th</sup> St.</p>');
    expect(lines.map((l) => l.text)).toEqual(['2407 W. 24th St.']);
  });

  it('drops a column of footnote numbers printed after the figures', () => {
    const grid = onlyGrid(
      table(
        ['', 'Consolidated', 'Adjustments', ''],
        ['Revenues of Financial Products', '703', '(110)', '1'],
        ['Cost of goods sold', '9,559', '(1)', ''],
        ['Receivables', '9,135', '4,966', '1,2'],
      ),
    );
    expect(cells(grid, 'Revenues of Financial Products')).toEqual(['703', '(110)']);
    expect(cells(grid, 'Cost of goods sold')).toEqual(['9,559', '(1)']);
    expect(cells(grid, 'Receivables')).toEqual(['9,135', '4,966']);
  });

  it('keeps a column of small numbers that has its own heading', () => {
    const grid = onlyGrid(table(['', 'Revenue', 'Stores'], ['North', '1,234', '12'], ['South', '987', '(3)']));
    expect(cells(grid, 'North')).toEqual(['1,234', '12']);
  });

  it('splits a footnote mark printed after the closing parenthesis, ")(a)", from the figure', () => {
    const grid = onlyGrid(table(['', 'As Reported', 'Adjustments', '', 'Non-GAAP'], ['Restructuring costs', '8', '(8', ')(a)', '—']));
    expect(cells(grid, 'Restructuring costs')).toEqual(['8', '(8)', '—']);
  });
});

describe('headers, titles and blocks', () => {
  const stacked = table(
    ['', ['THREE MONTHS ENDED', 5], '', ['NINE MONTHS ENDED', 5]],
    ['', ['June 26,', 2], '', ['June 28,', 2], '', ['June 26,', 2], '', ['June 28,', 2]],
    ['', ['2004', 2], '', ['2003', 2], '', ['2004', 2], '', ['2003', 2]],
    ['Net sales', '$', '2,014', '', '$', '1,545', '', '$', '5,929', '', '$', '4,492'],
  );

  it('gives each value column the heading whose span covers it, stacked headers top first', () => {
    const grid = onlyGrid(stacked);
    expect(grid.header).toEqual([
      ['THREE MONTHS ENDED', 'THREE MONTHS ENDED', 'NINE MONTHS ENDED', 'NINE MONTHS ENDED'],
      ['June 26,', 'June 28,', 'June 26,', 'June 28,'],
      ['2004', '2003', '2004', '2003'],
    ]);
    expect(cells(grid, 'Net sales')).toEqual(['2,014', '1,545', '5,929', '4,492']);
  });

  it('puts a title row spanning the table, and text over the label column, into the context', () => {
    const grid = onlyGrid(
      table(
        [['CONDENSED CONSOLIDATED STATEMENTS OF OPERATIONS', 3]],
        ['(In millions, except per share amounts)', '2004', '2003'],
        ['Net sales', '2,014', '1,545'],
      ),
    );
    expect(grid.context).toEqual(['CONDENSED CONSOLIDATED STATEMENTS OF OPERATIONS', '(In millions, except per share amounts)']);
    expect(grid.header).toEqual([['2004', '2003']]);
  });

  it('takes the short text blocks above the table as context, and spans their lines', () => {
    const html = `<p>Revenue grew 30 percent in the quarter.</p>
      <p>UNAUDITED CONDENSED CONSOLIDATED STATEMENTS OF OPERATIONS</p><p>(In millions, except share amounts)</p>
      ${table(['', '2004'], ['Net sales', '2,014'])}`;
    const { lines, tables } = readHtml(html);
    const grid = tables[0] as TableGrid;
    expect(grid.context).toEqual(['UNAUDITED CONDENSED CONSOLIDATED STATEMENTS OF OPERATIONS', '(In millions, except share amounts)']);
    expect(lines[grid.start - 1]?.text).toBe('UNAUDITED CONDENSED CONSOLIDATED STATEMENTS OF OPERATIONS');
    expect(lines[grid.end - 1]?.text).toBe('Net sales  2,014');
  });

  it('starts a new grid at a header row inside the body, repeating the context', () => {
    const grid = readHtml(
      `<p>(Dollars in millions)</p>${table(['', 'Q4 2014', 'Q4 2013'], ['Revenues', '11,320', '10,947'], ['', 'Fiscal 2014', 'Fiscal 2013', '% Change'], ['Revenues', '38,275', '37,180', '3%'])}`,
    ).tables;
    expect(grid).toHaveLength(2);
    expect(grid.map((g) => g.header)).toEqual([[['Q4 2014', 'Q4 2013']], [['Fiscal 2014', 'Fiscal 2013', '% Change']]]);
    expect(grid.map((g) => g.rows.map((r) => r.cells))).toEqual([[['11,320', '10,947']], [['38,275', '37,180', '3%']]]);
    expect(grid.map((g) => g.context)).toEqual([['(Dollars in millions)'], ['(Dollars in millions)']]);
    expect((grid[1]?.start ?? 0) > (grid[0]?.end ?? 0)).toBe(true);
  });

  it('keeps a subtotal printed without a label as a row with an empty label', () => {
    const grid = onlyGrid(table(['', '2024', '2023'], ['Selling', '71,986', '70,242'], ['General and administrative', '13,602', '12,908'], ['', '85,588', '83,150']));
    expect(grid.rows.map((r) => r.label)).toEqual(['Selling', 'General and administrative', '']);
    expect(grid.rows[2]?.cells).toEqual(['85,588', '83,150']);
  });

  it('keeps section titles just above the first figures as body rows', () => {
    const grid = onlyGrid(table(['', '2014'], ['REVENUES', ''], ['New software licenses', '3,769']));
    expect(grid.rows.map((r) => [r.label, r.cells])).toEqual([
      ['REVENUES', ['']],
      ['New software licenses', ['3,769']],
    ]);
  });

  it('reads no grid from a table of text, of years only, or of numbered notes', () => {
    const html = [
      table(['Contact:', 'Thomas B. Heacock'], ['', '(308) 236-8491']),
      table(['2004', '2003']),
      table(['(1)', 'Profit attributable to common shareholders.'], ['(2)', 'Diluted by assumed exercise of awards.']),
    ].join('');
    const { lines, tables } = readHtml(html);
    expect(tables).toEqual([]);
    expect(lines.map((l) => l.text).filter(Boolean)).toContain('(1)  Profit attributable to common shareholders.');
  });
});

describe('text', () => {
  it('decodes entities, numeric references 128-159 as Windows-1252 and &nbsp; as a space', () => {
    const { lines } = readHtml('<p>CUPERTINO&#151;Apple&#174; said the quarter&#146;s&nbsp;results &amp; more &#147;grew&#148;</p>');
    expect(lines.map((l) => l.text)).toEqual(['CUPERTINO—Apple® said the quarter’s results & more “grew”']);
  });

  it('separates paragraphs by a blank line and folds white space inside one', () => {
    const html = `<p>CUPERTINO, California—July 14, 2004—Apple today
      announced    financial results.</p><p>&#147;It was an outstanding quarter,&#148; said Steve Jobs.</p>
      <h2>About Apple</h2><div>Apple ignited the personal computer revolution.</div>`;
    expect(readHtml(html).lines.map((l) => l.text)).toEqual([
      'CUPERTINO, California—July 14, 2004—Apple today announced financial results.',
      '',
      '“It was an outstanding quarter,” said Steve Jobs.',
      '',
      'About Apple',
      'Apple ignited the personal computer revolution.',
    ]);
  });

  it('keeps a heading with the paragraph it heads, as a text release prints "About X" over its profile', () => {
    const html = `<p>Oracle will hold a call.</p><p><b>About Oracle</b></p><p>Oracle engineers hardware and software.</p>
      <p>About The Buckle, Inc.</p><p>Buckle is a specialty retailer.</p><p><b>Contacts</b></p>
      <p>THE BUCKLE, INC. REPORTS THIRD QUARTER NET INCOME</p><p>KEARNEY, NE -- The Buckle, Inc. announced results.</p>`;
    expect(readHtml(html).lines.map((l) => l.text)).toEqual([
      'Oracle will hold a call.',
      '',
      'About Oracle',
      'Oracle engineers hardware and software.',
      '',
      'About The Buckle, Inc.',
      'Buckle is a specialty retailer.',
      '',
      'Contacts',
      '',
      'THE BUCKLE, INC. REPORTS THIRD QUARTER NET INCOME',
      '',
      'KEARNEY, NE -- The Buckle, Inc. announced results.',
    ]);
  });

  it('keeps blocks printed one under the other without a gap as the lines of one paragraph', () => {
    const html = `<p style="margin:0in 0in .0001pt">Press Contact:</p><address>Steve Dowling</address><address>(408) 974-1896</address>
      <address>&nbsp;</address><address>Investor Relations Contacts:</address><div>Nancy Paxton<br>(408) 974-5420</div>
      <div><font><br></font></div><div style="margin-top:6pt">Next paragraph.</div>`;
    expect(readHtml(html).lines.map((l) => l.text)).toEqual([
      'Press Contact:',
      'Steve Dowling',
      '(408) 974-1896',
      '',
      'Investor Relations Contacts:',
      'Nancy Paxton',
      '(408) 974-5420',
      '',
      'Next paragraph.',
    ]);
  });

  it('reads an inline element indented by style as set off by a space, as Workiva prints bullets', () => {
    const html = '<div><font>&#8226;</font><font style="padding-left:14.56pt">Other income was $253 million.</font></div>';
    expect(readHtml(html).lines.map((l) => l.text)).toEqual(['• Other income was $253 million.']);
  });

  it('renders each table row as one line, cells joined by two spaces, and numbers lines from 1', () => {
    const { lines, tables } = readHtml(`<p>Results</p>${table(['', '2004', '2003'], ['Net sales', '$', '2,014', '$', '1,545'], ['Operating loss', '(32', ')', '9', ''])}<p>After.</p>`);
    expect(lines.map((l) => [l.no, l.text])).toEqual([
      [1, 'Results'],
      [2, ''],
      [3, '2004  2003'],
      [4, 'Net sales  2,014  1,545'],
      [5, 'Operating loss  (32)  9'],
      [6, ''],
      [7, 'After.'],
    ]);
    expect(lines.every((l) => l.raw === l.text && !l.endsTable)).toBe(true);
    const grid = tables[0] as TableGrid;
    expect(grid.rows.map((r) => [r.line, r.text])).toEqual([
      [4, 'Net sales  2,014  1,545'],
      [5, 'Operating loss  (32)  9'],
    ]);
    expect([grid.start, grid.end]).toEqual([1, 5]);
  });

  it('reads a table inside a layout table as a table, and the layout cells as paragraphs', () => {
    const html = `<table><tr><td><p>THE BUCKLE, INC.</p>${table(['', '2024'], ['Net income', '44,172'])}</td><td>Page 2</td></tr></table>`;
    const { lines, tables } = readHtml(html);
    expect(tables.map((g) => [g.context, g.rows.map((r) => r.cells)])).toEqual([[['THE BUCKLE, INC.'], [['44,172']]]]);
    expect(lines.map((l) => l.text)).toContain('Page 2');
  });

  it('skips scripts, styles and the title', () => {
    const html = '<html><head><title>Exhibit</title><style>p { color: red }</style></head><body><script>var a = "<p>x</p>";</script><p>Body</p></body></html>';
    expect(readHtml(html).lines.map((l) => l.text)).toEqual(['Body']);
  });
});

describe('hostile input', () => {
  it('reads unclosed tags, deep nesting and stray closing tags without throwing', () => {
    const unclosed = readHtml(`<p>one<p>two<div><b><i>three${table(['', '2004'], ['Net sales', '<font>2,014'])}<p>four`);
    expect(unclosed.lines.map((l) => l.text).filter(Boolean)).toEqual(['one', 'two', 'three', '2004', 'Net sales  2,014', 'four']);
    expect(readHtml(`${'<div>'.repeat(10_000)}deep${'</span>'.repeat(10_000)}`).lines.map((l) => l.text)).toEqual(['deep']);
    expect(readHtml('<<<>>><td><tr></table></table><p/><//p><x y="&#999999999;">&#0;&#xD800;&amp').tables).toEqual([]);
  });

  it('closes only what a cell opened: a stray </font> or </div> in a cell does not end the table', () => {
    const html = `<div><font size="2"><table><tr><td></td><td>2004</td></tr>
      <tr><td>Net sales</font></div></td><td>2,014</font></td></tr><tr><td>Cost of sales</td><td>1,455</td></tr></table></font></div>`;
    const grid = onlyGrid(html);
    expect(grid.rows.map((r) => [r.label, r.cells])).toEqual([
      ['Net sales', ['2,014']],
      ['Cost of sales', ['1,455']],
    ]);
  });

  it('reads a 100,000-row table up to its row cap, and a 5,000-column one up to its column cap', () => {
    const long = readHtml(`<table><tr><td></td><td>2004</td></tr>${'<tr><td>Revenue</td><td>1,234</td></tr>'.repeat(100_000)}</table>`);
    expect(long.tables).toHaveLength(1);
    // The header row is the first of the rows read.
    expect(long.tables[0]?.rows.length).toBe(MAX_ROWS_PER_TABLE - 1);
    const wide = readHtml(`<table><tr><td>Revenue</td>${'<td>1,234</td>'.repeat(5_000)}</tr></table>`);
    expect(wide.tables[0]?.rows[0]?.cells).toHaveLength(MAX_VALUE_COLUMNS);
  });

  it('reads a release with no table as paragraphs only', () => {
    const { lines, tables } = readHtml('<p>No figures here.</p>'.repeat(1_000));
    expect(tables).toEqual([]);
    expect(lines).toHaveLength(1_999);
  });
});

describe('real releases', () => {
  const read = (name: string) => readHtml(readFileSync(`${FIXTURES_DIR}realworld/releases/${name}`, 'utf8'));
  const releases = {
    apple: read('apple-2004-q3.htm'),
    oracle: read('oracle-2014-q4.htm'),
    caterpillar: read('caterpillar-2022-q1.htm'),
    buckle: read('buckle-2024-q3.htm'),
  };
  const titled = (grids: TableGrid[], title: string) => {
    const found = grids.filter((g) => g.context.some((c) => c.includes(title)));
    expect(found.length, `grids titled "${title}"`).toBeGreaterThan(0);
    return found[0] as TableGrid;
  };

  it('gives every grid row its own rendered line, inside the grid span', () => {
    for (const [name, { lines, tables }] of Object.entries(releases)) {
      expect(tables.length, name).toBeGreaterThan(0);
      for (const grid of tables) {
        for (const r of grid.rows) {
          expect(lines[r.line - 1]?.text, `${name} line ${r.line}`).toBe(r.text);
          expect(r.line >= grid.start && r.line <= grid.end, `${name} line ${r.line} in ${grid.start}-${grid.end}`).toBe(true);
          expect(r.cells).toHaveLength(grid.rows[0]?.cells.length ?? 0);
        }
        for (const h of grid.header) expect(h).toHaveLength(grid.rows[0]?.cells.length ?? 0);
      }
    }
  });

  it("reads Apple's statement of operations under its stacked header, and its balance sheet", () => {
    const { tables } = releases.apple;
    expect(tables).toHaveLength(4);
    const operations = titled(tables, 'UNAUDITED CONDENSED CONSOLIDATED STATEMENTS OF OPERATIONS');
    expect(operations.context).toContain('(In millions, except share and per share amounts)');
    expect(operations.header).toEqual([
      ['THREE MONTHS ENDED', 'THREE MONTHS ENDED', 'NINE MONTHS ENDED', 'NINE MONTHS ENDED'],
      ['June 26,', 'June 28,', 'June 26,', 'June 28,'],
      ['2004', '2003', '2004', '2003'],
    ]);
    expect(cells(operations, 'Net sales')).toEqual(['2,014', '1,545', '5,929', '4,492']);
    expect(cells(operations, 'Operating income (loss)')).toEqual(['72', '9', '198', '(32)']);
    expect(cells(operations, 'Restructuring costs')).toEqual(['8', '—', '18', '26']);
    expect(operations.rows.filter((r) => r.label === 'Diluted').map((r) => r.cells)).toEqual([
      ['0.16', '0.05', '0.45', '0.07'],
      ['0.16', '0.05', '0.45', '0.07'],
      ['392,621', '363,777', '381,259', '362,421'],
    ]);
    const balance = titled(tables, 'UNAUDITED CONDENSED CONSOLIDATED BALANCE SHEETS');
    expect(balance.header).toEqual([
      ['June 26,', 'September 27,'],
      ['2004', '2003'],
    ]);
    expect(cells(balance, 'Cash and cash equivalents')).toEqual(['3,120', '3,396']);
    expect(cells(balance, 'Total assets')).toEqual(['7,223', '6,815']);
  });

  it("reads Oracle's statements with their interleaved % of Revenues columns", () => {
    const { tables } = releases.oracle;
    expect(tables).toHaveLength(13);
    const quarter = titled(tables, 'Q4 FISCAL 2014 FINANCIAL RESULTS CONDENSED CONSOLIDATED STATEMENTS OF OPERATIONS');
    expect(quarter.header[1]).toEqual(['2014', '% of Revenues', '2013', '% of Revenues', '(Decrease) in US $', 'in Constant Currency (1)']);
    expect(cells(quarter, 'Total Revenues')).toEqual(['11,320', '100%', '10,947', '100%', '3%', '3%']);
    expect(cells(quarter, 'OPERATING INCOME')).toEqual(['4,909', '43%', '5,000', '46%', '(2%)', '(3%)']);
    expect(quarter.rows.filter((r) => r.label === 'Basic').map((r) => r.cells[0])).toEqual(['0.81', '4,475']);
    const supplemental = titled(tables, 'SUPPLEMENTAL ANALYSIS OF GAAP REVENUES AND HEADCOUNT');
    expect(supplemental.header[1]).toEqual(['Q1', 'Q2', 'Q3', 'Q4', 'TOTAL', 'Q1', 'Q2', 'Q3', 'Q4', 'TOTAL']);
    expect(supplemental.rows.find((r) => r.label === 'Total Revenues')?.cells).toEqual(
      ['8,181', '9,094', '8,958', '10,947', '37,180', '8,372', '9,275', '9,307', '11,320', '38,275'],
    );
  });

  it("reads Caterpillar's footnoted labels and drops its trailing footnote columns", () => {
    const { tables } = releases.caterpillar;
    expect(tables.length).toBeGreaterThanOrEqual(15);
    expect(tables.length).toBeLessThanOrEqual(30);
    const results = titled(tables, 'Condensed Consolidated Statement of Results of Operations');
    expect(results.header).toEqual([
      ['Three Months Ended March 31,', 'Three Months Ended March 31,'],
      ['2022', '2021'],
    ]);
    expect(cells(results, 'Profit 1')).toEqual(['1,537', '1,530']);
    expect(cells(results, 'Profit per common share — diluted 2')).toEqual(['2.86', '2.77']);
    expect(cells(results, 'Total sales and revenues')).toEqual(['13,589', '11,887']);
    const consolidating = titled(tables, 'Supplemental Data for Financial Position At March 31, 2022');
    expect(consolidating.header[1]).toEqual(['Consolidated', 'Machinery, Energy & Transportation', 'Financial Products', 'Consolidating Adjustments']);
    expect(cells(consolidating, 'Receivables – trade and other')).toEqual(['9,135', '3,734', '435', '4,966']);
    expect(cells(consolidating, 'Cash and cash equivalents')).toEqual(['6,526', '5,662', '864', '—']);
  });

  it("reads Buckle's three-date balance sheet and its subtotals printed without a label", () => {
    const { tables } = releases.buckle;
    expect(tables).toHaveLength(2);
    const balance = titled(tables, 'CONSOLIDATED BALANCE SHEETS');
    expect(balance.header).toEqual([['November 2, 2024', 'February 3, 2024 (1)', 'October 28, 2023']]);
    expect(balance.rows.filter((r) => r.label === '').map((r) => r.cells)).toEqual([['143,032', '128,837', '124,068']]);
    expect(cells(balance, 'Cash and cash equivalents')).toEqual(['301,958', '268,213', '311,657']);
    const income = titled(tables, 'CONSOLIDATED STATEMENTS OF INCOME');
    expect(income.context).toContain('CONSOLIDATED STATEMENTS OF INCOME (Amounts in Thousands Except Per Share Amounts) (Unaudited)');
    expect(income.rows.filter((r) => r.label === '').map((r) => r.cells)).toEqual([['85,588', '83,150', '248,163', '244,328']]);
  });

  it('renders the prose of a release as blank-line separated paragraphs', () => {
    const text = releases.apple.lines.map((l) => l.text).join('\n');
    expect(text).toContain(
      '\n\nCUPERTINO, California—July 14, 2004—Apple® today announced financial results for its fiscal 2004 third quarter ended June 26, 2004. For the quarter,',
    );
    expect(text).toContain('\n\nPress Contact:\nSteve Dowling\nApple\n(408) 974-1896\nsdowling@apple.com\n\n');
    expect(releases.caterpillar.lines.map((l) => l.text).join('\n')).toContain('\n\nAbout Caterpillar\nWith 2021 sales and revenues of $51.0 billion,');
  });
});
