/**
 * Metrics listed with their last words said once ("gross and operating margins") are written out whole before a
 * question is read; lists that already name whole metrics, and lines whose own name has an "and", are left as said.
 */
import { describe, expect, it } from 'vitest';
import { sharedHeadsWrittenOut } from '../../commands/understand/shared-heads.ts';

describe('metrics listed with their last words said once', () => {
  it.each([
    ['gross and operating margins q4 2003', 'gross margins and operating margins q4 2003'],
    ['gross, operating and net margins', 'gross margins, operating margins and net margins'],
    ['operating and net income q4 2003', 'operating income and net income q4 2003'],
    ['current and long-term liabilities at dec 31 2003', 'current liabilities and long-term liabilities at dec 31 2003'],
    ['gross & operating margin', 'gross margin and operating margin'],
    // The words before the list that are metrics alone stay as said.
    ['revenue, gross and operating margins', 'revenue, gross margins and operating margins'],
  ])('%s: %s', (said, read) => {
    expect(sharedHeadsWrittenOut(said)).toBe(read);
  });

  it.each([
    // Two metrics already: never "revenue income", nor EBITDA's margin for the EBITDA asked, nor the pretax income
    // ("pretax" alone) a margin.
    'revenue and operating income q4 2003',
    'ebitda and net margin',
    'pretax and operating margin',
    // A line's own name ("Sales and marketing"), periods, companies: no metric with the words after them.
    'sales and marketing expenses fy14',
    'research and development expenses',
    'q3 and q4 revenue',
    'apple and oracle revenue',
    'selling, general and administrative expenses',
  ])('%s: left as said', (said) => {
    expect(sharedHeadsWrittenOut(said)).toBe(said);
  });
});
