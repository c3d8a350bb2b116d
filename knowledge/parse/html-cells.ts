/**
 * What a table cell's text is (a figure, a printed zero, a year, a period heading, a footnote mark),
 * and a row's cells as the figures they print: releases lay a figure out over several cells, a `$`
 * in one, `(32` in the next and `)` in a third.
 */

/** A cell placed on the table's physical columns, `start` to `end` inclusive. */
export interface PlacedCell {
  text: string;
  start: number;
  end: number;
}

const NUMBER = /^\(?[-−]?(\d[\d,]*(\.\d+)?|\.\d+)\s?%?\)?%?$/;
/** Printed zeros. */
const DASH = /^(—|–|-|--|−|―)$/;
const YEAR = /^(19|20)\d{2}$/;
/** A figure's own `$`, stripped so the cell holds the figure as a reader parses it. */
const DOLLAR = /^(\(?)\$\s?(?=[\d.(\-—–])/;
/**
 * The tail of a figure printed in the next cell: `(32` then `)`, `12` then `%`, `(1.8` then
 * `pts)`, maybe with a footnote mark after it: `)(a)`.
 */
const TAIL = /^(\)%?|%\)?|(?:pts|bps|bp|pp)\.?\)?)\s?(.*)$/i;
/** A figure cut before its tail, or a complete one: what a tail may join. */
const HEAD = /^(\(?[-−]?(\d[\d,]*(\.\d+)?|\.\d+)%?|—|–|-|--)$/;
/** "1", "(2)", "1,2", "(a)", "*": a footnote reference. */
const FOOTNOTE_MARK = /^(\(?\d{1,2}(,\s?\d{1,2})*\)?|\([a-z]\)|\*{1,3}|[†‡§])$/;
const PERIOD_WORD =
  /\b((19|20)\d{2}|jan(uary)?|feb(ruary)?|mar(ch)?|apr(il)?|may|june?|july?|aug(ust)?|sep(t(ember)?)?|oct(ober)?|nov(ember)?|dec(ember)?|months?|weeks?|quarters?|years?|fiscal|ended|ending|q[1-4]|[1-4]q|ytd|year-to-date|period)\b/i;

/** A figure or a printed zero; a bare year is a heading, not a figure. */
export const isFigure = (text: string) => (NUMBER.test(text) && !YEAR.test(text)) || DASH.test(text);
export const isFootnoteMark = (text: string) => FOOTNOTE_MARK.test(text);
/** A column heading that names a period: a year, a date, "Three Months Ended", "Q1". */
export const isPeriodHeading = (text: string) => PERIOD_WORD.test(text);
/** Holds a number that is not a year: a table without one is layout, not figures. */
export const isNumeric = (text: string) => NUMBER.test(text) && !YEAR.test(text);

/**
 * The row's non-empty cells with each figure whole: a lone `$` dropped, a figure's leading `$`
 * stripped, and a `)` or `%` cell joined to the figure before it (a mark printed after the `)`
 * stays in its cell). A figure takes over the column of its dropped `$`: a heading centred over
 * the `$` alone is still over the figure.
 */
export function joinFigures(cells: readonly PlacedCell[]): PlacedCell[] {
  const out: PlacedCell[] = [];
  let dollarStart: number | undefined;
  for (const cell of cells) {
    if (cell.text === '') continue;
    if (cell.text === '$') {
      dollarStart ??= cell.start;
      continue;
    }
    const previous = out[out.length - 1];
    const tail = TAIL.exec(cell.text);
    const [, closing = '', mark = ''] = tail ?? [];
    if (previous && tail && (mark === '' || FOOTNOTE_MARK.test(mark)) && HEAD.test(previous.text) && !YEAR.test(previous.text)) {
      const joiner = /^[a-z]/i.test(closing) ? ' ' : '';
      out[out.length - 1] = { ...previous, text: previous.text + joiner + closing };
      if (mark) out.push({ ...cell, text: mark });
    } else {
      const text = cell.text.replace(DOLLAR, '$1');
      const start = isFigure(text) ? Math.min(cell.start, dollarStart ?? cell.start) : cell.start;
      out.push(text === cell.text && start === cell.start ? cell : { ...cell, text, start });
    }
    dollarStart = undefined;
  }
  return out;
}
