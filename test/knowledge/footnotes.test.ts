/** Footnotes below a table and the marks after a row label (knowledge/parse/footnotes.ts). */
import { describe, expect, it } from 'vitest';
import { footnoteMarks, namingNotes } from '../../knowledge/parse/footnotes.ts';

describe('the notes below a table', () => {
  it.each([
    ['1  Profit attributable to common shareholders. 2  Diluted by assumed exercise of stock-based compensation awards using the treasury stock method. (more)', [['1', 'Profit attributable to common shareholders']]],
    ['(a) Net income attributable to Acme. (b) Excludes restructuring.', [['a', 'Net income attributable to Acme'], ['b', 'Excludes restructuring']]],
    ['See accompanying notes to the financial statements.', []],
    ['', []],
  ])('%s', (below, notes) => {
    expect([...namingNotes(below)]).toEqual(notes);
  });
});

describe('the footnote marks after a row label', () => {
  it.each([
    ['Profit 1', ['1']],
    ['Profit per common share — diluted 2', ['2']],
    ['EARNINGS PER SHARE(1)(2)', ['1', '2']],
    ['Sales (a)', ['a']],
    ['Total sales and revenues', []],
    ['Weighted-average common shares outstanding (millions)', []],
  ])('%s', (label, marks) => {
    expect(footnoteMarks(label)).toEqual(marks);
  });
});
