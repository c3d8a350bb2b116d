/**
 * Table tests of the period grammar alone (knowledge/period-grammar.ts): the periods `findPeriods` reads
 * in a text and the periods `impossiblePeriod` says back. A date is read only when what it means is
 * plain; one that could be two dates is said back, never guessed nor read as its bare year.
 */
import { describe, expect, it } from 'vitest';
import { findPeriods, impossiblePeriod, type PeriodQuery } from '../../knowledge/period-grammar.ts';

const read = (text: string): PeriodQuery[] => findPeriods(text).map((p) => p.query);
const date = (iso: string): PeriodQuery => ({ kind: 'date', date: iso });
const quarterEnded = (endMonth: number, year: number): PeriodQuery => ({ kind: 'span', months: 3, endMonth, year, byDate: true });

describe('dotted dates', () => {
  it.each([
    // Day first, a day past 12 making the order plain.
    { text: 'cash 30.06.2003', expected: [date('2003-06-30')] },
    { text: 'cash 31.03.2003', expected: [date('2003-03-31')] },
    { text: 'cash 30.6.2003', expected: [date('2003-06-30')] },
    // Month first, the same.
    { text: 'cash 06.30.2003', expected: [date('2003-06-30')] },
    { text: 'cash 3.31.2003', expected: [date('2003-03-31')] },
    { text: 'cash 12.31.03', expected: [date('2003-12-31')] },
    { text: 'cash 6.30.03', expected: [date('2003-06-30')] },
    // Year first is year-month-day; a day and month alike are one date whichever comes first.
    { text: 'cash 2003.06.30', expected: [date('2003-06-30')] },
    { text: 'cash 12.12.2003', expected: [date('2003-12-12')] },
    // A span said by its end in dotted figures, as with slashes.
    { text: 'revenue for the quarter ended 30.06.2003', expected: [quarterEnded(6, 2003)] },
    { text: 'revenue quarter ending 31.03.2002', expected: [quarterEnded(3, 2002)] },
    { text: 'revenue six months ended 30.06.2003', expected: [{ kind: 'span', months: 6, endMonth: 6, year: 2003, byDate: true }] },
  ])('reads "$text"', ({ text, expected }) => {
    expect(impossiblePeriod(text)).toBeUndefined();
    expect(read(text)).toEqual(expected);
  });

  it.each([
    // Either order is a date: said back with both, never one guessed.
    { text: 'cash 03.06.2003', says: /"03\.06\.2003" could be June 3, 2003 or March 6, 2003/ },
    { text: 'cash 03.06.03', says: /could be June 3, 2003 or March 6, 2003/ },
    { text: 'revenue 13 weeks ended 3.7.2004', says: /could be July 3, 2004 or March 7, 2004/ },
    // No date in either order.
    { text: 'cash 31.31.2003', says: /"31\.31\.2003" is not a date/ },
    { text: 'cash 2003.13.01', says: /"2003\.13\.01" is not a date/ },
    // A range of dates is no period here: never its year, nor two dates compared.
    { text: 'revenue 01.01.2003-30.06.2003', says: /"01\.01\.2003-30\.06\.2003" is a range of dates/ },
  ])('says back "$text", never its bare year', ({ text, says }) => {
    expect(impossiblePeriod(text)).toMatch(says);
    expect(read(text).filter((q) => q.kind === 'year')).toEqual([]);
  });

  it.each([
    // Decimals, amounts, versions and addresses are no dates; a year alone is still one.
    { text: 'revenue 14.4 million', expected: [] },
    { text: 'net income $13.4m', expected: [] },
    { text: 'eps 0.08', expected: [] },
    { text: 'revenue up 7.5%', expected: [] },
    { text: 'EPS .04', expected: [] },
    { text: 'version 1.2.3', expected: [] },
    { text: 'v2.1.0 and 2.0.10', expected: [] },
    { text: 'host 10.1.1.12', expected: [] },
    { text: 'revenue 2003', expected: [{ kind: 'year', year: 2003 }] },
    // A year that may be left out stays so.
    { text: 'revenue H1', expected: [{ kind: 'span', months: 6, endMonth: 6 }] },
    { text: 'revenue 9M', expected: [{ kind: 'span', months: 9, endMonth: 9 }] },
    { text: "revenue h2'03", expected: [{ kind: 'span', months: 6, endMonth: 12, year: 2003 }] },
    { text: 'revenue 3/31/2003', expected: [date('2003-03-31')] },
  ])('reads "$text" as before', ({ text, expected }) => {
    expect(impossiblePeriod(text)).toBeUndefined();
    expect(read(text)).toEqual(expected);
  });
});

describe('a quarter said by the month it ends in', () => {
  it.each([
    { text: 'oracle revenue may quarter 2014', same: 'quarter ending may 2014' },
    { text: 'oracle revenue the May quarter of 2014', same: 'quarter ending may 2014' },
    { text: 'feb quarter 2014', same: 'quarter ending feb 2014' },
    { text: 'november quarter 2013', same: 'quarter ending november 2013' },
    { text: 'august quarter 2013', same: 'quarter ending august 2013' },
    { text: 'sears revenue july quarter 2004', same: 'quarter ending july 2004' },
    { text: 'buckle revenue november quarter 2024', same: 'quarter ending november 2024' },
    { text: 'the Jan quarter 2004', same: 'quarter ending january 2004' },
  ])('reads "$text" as "$same"', ({ text, same }) => {
    expect(read(text)).toEqual(read(same));
    expect(read(text)).toHaveLength(1);
  });

  it.each([
    // The forms that read already, the same query.
    { text: 'the June quarter of 2003', expected: [quarterEnded(6, 2003)] },
    { text: 'may 2014 quarter', expected: [quarterEnded(5, 2014)] },
    // "May" the verb is no month.
    { text: 'may I ask revenue q4 2003', expected: [{ kind: 'span', months: 3, endMonth: 12, year: 2003 }] },
    { text: 'results may quarter to quarter vary', expected: [] },
  ])('reads "$text"', ({ text, expected }) => {
    expect(read(text)).toEqual(expected);
  });
});

describe('the start of the year', () => {
  it.each([
    { text: 'cash at the beginning of the year', expected: [{ kind: 'opening' }] },
    { text: 'cat cash at the start of the fiscal year', expected: [{ kind: 'opening' }] },
    // With its year, the year end before it, as before.
    { text: 'cash at the beginning of 2003', expected: [date('2002-12-31')] },
  ])('reads "$text"', ({ text, expected }) => {
    expect(read(text)).toEqual(expected);
  });
});

describe('a period\'s start said as going into it, and the year to date said as up to', () => {
  const opens = (endMonth: number, year: number): PeriodQuery => ({ kind: 'span', months: 3, endMonth, year, opensNext: true });
  it.each([
    { text: 'cash going into Q2 2003', expected: [opens(3, 2003)] },
    { text: 'cash heading into the second half of 2003', expected: [opens(6, 2003)] },
    { text: 'cash at the start of H2 2003', expected: [opens(6, 2003)] },
    { text: 'cash entering the first half of 2003', expected: [opens(12, 2002)] },
    { text: 'equity going into 2003', expected: [date('2002-12-31')] },
    { text: 'cash going into the year', expected: [{ kind: 'opening' }] },
    { text: 'revenue up to the end of june 2003', expected: [{ kind: 'ytdTo', month: 6, year: 2003 }] },
    { text: 'net income until september 2003', expected: [{ kind: 'ytdTo', month: 9, year: 2003 }] },
    { text: 'revenue through Q3 2003', expected: [{ kind: 'span', months: 9, endMonth: 9, year: 2003 }] },
    { text: 'revenue up to the second quarter of 2003', expected: [{ kind: 'span', months: 6, endMonth: 6, year: 2003 }] },
    // The end of a range of quarters is that quarter, never the year to it.
    { text: 'revenue Q1 2003 through Q4 2003', expected: [{ kind: 'span', months: 3, endMonth: 3, year: 2003 }, { kind: 'span', months: 3, endMonth: 12, year: 2003 }] },
  ])('reads "$text"', ({ text, expected }) => {
    expect(read(text)).toEqual(expected);
  });

  it.each(['and going into Q2?', 'cash at the start of Q2', 'cash going into the second half'])('says back "%s": a start without its year', (text) => {
    expect(impossiblePeriod(text)).toContain('say the year of the period it starts');
  });

  it.each(['LT liabilities going into the june quarter 2003', 'and going into it?', 'cash going into the year-end 2003 quarter'])('says back "%s": going into what is read as no start', (text) => {
    expect(impossiblePeriod(text)).toContain('I read the start of a year, a half or a quarter said with its year');
  });

  it.each(['cash going into Q2 2003', 'what did they say about entering new markets?', 'cash entering 2003'])('leaves "%s" as read', (text) => {
    expect(impossiblePeriod(text)).toBeUndefined();
  });
});

describe('months and half a year before or after', () => {
  const by = (quarters: number): PeriodQuery => ({ kind: 'relative', years: 0, quarters });
  it.each([
    // Half a year is two quarters, never "a year" with the half unread (it gave December 31, 2003 for "half a year after 12/31/02").
    { text: 'cash half a year before', expected: [by(-2)] },
    { text: 'equity half a year after 12/31/02', expected: [by(2), date('2002-12-31')] },
    { text: 'and six months earlier?', expected: [by(-2)] },
    { text: 'three months later', expected: [by(1)] },
    { text: 'nine months ago', expected: [by(-3)] },
    // A span said with its end is still that span.
    { text: 'revenue the six months ended june 30 2003', expected: [{ kind: 'span', months: 6, endMonth: 6, year: 2003, byDate: true }] },
  ])('reads "$text"', ({ text, expected }) => {
    expect(read(text)).toEqual(expected);
  });
});

describe('a part of a fiscal year said with "fy"', () => {
  const span = (months: 3 | 6 | 9 | 12, endMonth: number, year?: number): PeriodQuery => ({ kind: 'span', months, endMonth, ...(year ? { year } : {}) });
  it.each([
    // The part and its fiscal year are one period, never the part and the whole year (it was H1 and FY 2003).
    { text: 'revenue first half fy2003', expected: [span(6, 6, 2003)] },
    { text: 'second half fy 2003', expected: [span(6, 12, 2003)] },
    { text: 'oracle 4q fy14 revenue', expected: [span(3, 12, 2014)] },
    { text: '3rd quarter fy03', expected: [span(3, 9, 2003)] },
    { text: 'first two quarters fy2003', expected: [span(6, 6, 2003)] },
    { text: '9 mo fy03', expected: [span(9, 9, 2003)] },
    { text: '6mo 2003', expected: [span(6, 6, 2003)] },
    // "fy" alone is a whole year, the year said elsewhere or the latest; beside a part said with "and", its own period.
    { text: 'fy revenue', expected: [span(12, 12)] },
    { text: 'and fy?', expected: [span(12, 12)] },
    { text: 'q4 and fy 2014', expected: [span(3, 12), span(12, 12, 2014)] },
  ])('reads "$text"', ({ text, expected }) => {
    expect(read(text)).toEqual(expected);
  });
});

describe('a year said whole', () => {
  const fiscalYear = (year: number): PeriodQuery => ({ kind: 'span', months: 12, endMonth: 12, year });
  it.each([
    // Said whole, the year is its fiscal year, never a bare year a follow-up fills with the quarter before (it was Q4 2002).
    { text: 'and for all of 2002?', expected: [fiscalYear(2002)] },
    { text: 'the whole of 2002', expected: [fiscalYear(2002)] },
    { text: 'and 2002 as a whole?', expected: [fiscalYear(2002)] },
    { text: 'revenue for the entire 2003', expected: [fiscalYear(2003)] },
    // A bare year stays one: "and 2002?" after Q4 2003 is Q4 2002.
    { text: 'and 2002?', expected: [{ kind: 'year', year: 2002 }] },
  ])('reads "$text"', ({ text, expected }) => {
    expect(read(text)).toEqual(expected);
  });
});

describe('a year end said without its year', () => {
  it.each([
    // The last year end is the latest one (a follow-up: the one before the date asked); it was "year end" with a "last" left over.
    { text: 'and last year end?', expected: [{ kind: 'opening', through: true }] },
    { text: 'cash at the end of last year', expected: [{ kind: 'opening', through: true }] },
    // The most recent, the latest: after a date that is a year end, that one (the last: the one before it).
    { text: 'cash at the most recent year-end', expected: [{ kind: 'opening', through: true, latest: true }] },
    { text: 'cash at the end of the latest fiscal year', expected: [{ kind: 'opening', through: true, latest: true }] },
    // The prior year end is the one before: "the end of the prior year" was a year before the period asked (June 30, 2002).
    { text: 'cash at the prior year end', expected: [{ kind: 'opening' }] },
    { text: 'and at the end of the prior year?', expected: [{ kind: 'opening' }] },
    // Alone, the end of the fiscal year said or of the latest one.
    { text: 'cash at year end', expected: [{ kind: 'span', months: 12, endMonth: 12 }] },
  ])('reads "$text"', ({ text, expected }) => {
    expect(read(text)).toEqual(expected);
  });
});

describe('a quarter that cannot be one', () => {
  it.each([
    { text: 'revenue Q5 2003', says: /"Q5" is not a quarter/ },
    // Two digits are no quarter either (it was the year alone, "ebitda Q13" then called no metric).
    { text: 'ebitda Q13 2003', says: /"Q13" is not a quarter/ },
    { text: 'revenue q10', says: /"q10" is not a quarter/ },
  ])('says back "$text"', ({ text, says }) => {
    expect(impossiblePeriod(text)).toMatch(says);
  });

  it.each(['revenue Q4 2003', 'filed its 10-Q', 'revenue q1'])('reads "%s" as before', (text) => {
    expect(impossiblePeriod(text)).toBeUndefined();
  });
});

describe('the last months of a year', () => {
  it.each([
    // The last six months are the second half, never the first (read as "six months of 2003" they were).
    { text: 'change in cash over the last six months of 2003', expected: [{ kind: 'span', months: 6, endMonth: 12, year: 2003 }] },
    { text: 'revenue final 6 months of fiscal 2003', expected: [{ kind: 'span', months: 6, endMonth: 12, year: 2003 }] },
    { text: 'revenue first six months of 2003', expected: [{ kind: 'span', months: 6, endMonth: 6, year: 2003 }] },
    // The last half of a year is its second half (it read "2003", the whole year); the last half alone, the latest half
    // (it read the latest quarter, or "half year"'s first half).
    { text: 'revenue in the last half of 2003', expected: [{ kind: 'span', months: 6, endMonth: 12, year: 2003 }] },
    { text: 'equity change in the last half of the year', expected: [{ kind: 'span', months: 6, endMonth: 12 }] },
    { text: 'revenue last half', expected: [{ kind: 'part', months: 6 }] },
    { text: 'revenue the latest half year', expected: [{ kind: 'part', months: 6 }] },
    // The months before a period, as a span ending when it starts (it was a shift: Q1 2003 after Q4 2003); months "before"
    // with no "the" stay a shift.
    { text: 'and for the nine months before?', expected: [{ kind: 'part', months: 9, before: true }] },
    { text: 'the six months preceding it', expected: [{ kind: 'part', months: 6, before: true }] },
    { text: 'revenue nine months before', expected: [{ kind: 'relative', years: 0, quarters: -3 }] },
    // A count of periods with "the": each of them up to the period it moves from (it was the farthest alone, Q2 2003 for
    // "the two quarters before" Q4 2003); without "the", a shift.
    { text: 'and the two quarters before?', expected: [{ kind: 'relative', years: 0, quarters: -2, each: true }] },
    // Said as an adjective, it can be said of now: with no period to move from, the latest ones (`orLatest`); a count past
    // the periods read each is the latest ones.
    { text: 'the three preceding quarters', expected: [{ kind: 'relative', years: 0, quarters: -3, each: true, orLatest: true }] },
    { text: 'and the previous two quarters?', expected: [{ kind: 'relative', years: 0, quarters: -2, each: true, orLatest: true }] },
    { text: 'the two previous quarters', expected: [{ kind: 'relative', years: 0, quarters: -2, each: true, orLatest: true }] },
    { text: 'EBITDA prior 2 years', expected: [{ kind: 'relative', years: -2, each: true, orLatest: true }] },
    { text: 'revenue previous 12 quarters', expected: [{ kind: 'recent', count: 12, unit: 'quarter' }] },
    { text: 'the two quarters prior', expected: [{ kind: 'relative', years: 0, quarters: -2, each: true }] },
    { text: 'the two following quarters', expected: [{ kind: 'relative', years: 0, quarters: 2, each: true }] },
    { text: 'revenue in the 2 quarters after Q1 2003', expected: [{ kind: 'relative', years: 0, quarters: 2, each: true }, { kind: 'span', months: 3, endMonth: 3, year: 2003 }] },
    { text: 'EBITDA for the two years before 2003', expected: [{ kind: 'relative', years: -2, each: true }, { kind: 'year', year: 2003 }] },
    { text: 'revenue two quarters before', expected: [{ kind: 'relative', years: 0, quarters: -2 }] },
  ])('reads "$text"', ({ text, expected }) => {
    expect(impossiblePeriod(text)).toBeUndefined();
    expect(read(text)).toEqual(expected);
  });

  it('reads the last three months of a year as its fourth quarter', () => {
    expect(read('revenue in the last three months of 2003')).toEqual(read('revenue Q4 2003'));
  });

  it('says back the last nine months, which no release reports, never the first nine', () => {
    expect(impossiblePeriod('revenue last nine months of 2003')).toMatch(/not its last nine/);
  });
});

describe('periods said in the plural, as a table heads its columns', () => {
  it.each([
    // The tables' heading: the year (or quarter) ending that day, never the quarter read off the date alone.
    { text: 'revenue in the years ended December 31 2003', expected: [{ kind: 'span', months: 12, endMonth: 12, year: 2003, byDate: true }] },
    { text: 'revenue for the years ended 12/31/03', expected: [{ kind: 'span', months: 12, endMonth: 12, year: 2003, byDate: true }] },
    { text: 'revenue in the quarters ended June 30 2003', expected: [quarterEnded(6, 2003)] },
  ])('reads "$text"', ({ text, expected }) => {
    expect(impossiblePeriod(text)).toBeUndefined();
    expect(read(text)).toEqual(expected);
  });

  it.each([
    // Several periods counted up to one end: no one figure answers, never the quarter ending that day.
    { text: 'revenue in the two years ended December 31 2003', says: /"two years ended" is two periods/ },
    { text: 'net income for the 2 quarters ended June 30, 2003', says: /"2 quarters ended" is 2 periods/ },
    { text: 'ebitda for the three fiscal years ending 2003', says: /is three periods/ },
  ])('says back "$text"', ({ text, says }) => {
    expect(impossiblePeriod(text)).toMatch(says);
  });
});
