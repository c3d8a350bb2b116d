/**
 * The golden checker itself: hand cases that must pass and, as much, cases that must fail, so a
 * checker that passes everything cannot hide behind the golden test.
 */
import { describe, expect, it } from 'vitest';
import { checkHolds, judge, numbersIn, passes, percentagesIn, type Alternative } from '../support/golden-check.ts';

describe('numbers in an answer', () => {
  it('reads printed forms: $13.129 million, -$2.2 million, 13,129, (0.40), .04', () => {
    const text = 'Revenue was $13.129 million; loss -$2.2 million; printed 13,129; EPS (0.40); prints .04';
    expect(numbersIn(text).map((n) => n.value)).toEqual([13.129, 2.2, 13129, 0.4, 0.04]);
  });

  it('scales by the word right after the number, else by 1, 1e3 and 1e6', () => {
    const [million, bare] = numbersIn('$2.8 million and 2,206');
    expect(million?.candidates).toEqual([2_800_000]);
    expect(bare?.candidates).toEqual([2206, 2_206_000, 2_206_000_000]);
    expect(numbersIn('14.4M, 7K, 1.2B, 3 thousand, 2 billion').map((n) => n.candidates)).toEqual([[14_400_000], [7000], [1_200_000_000], [3000], [2_000_000_000]]);
  });

  it('does not take a word that merely starts with a scale letter as a scale', () => {
    expect(numbersIn('2003 by March').map((n) => n.candidates.length)).toEqual([3]);
    expect(numbersIn('5 monkeys')[0]?.candidates).toEqual([5, 5000, 5_000_000]);
  });

  it('reads percentages with their sign', () => {
    expect(percentagesIn('up 8.7%, +55.0%, -100.0% and 374 percent; 16.9 %')).toEqual([8.7, 55, -100, 374, 16.9]);
    expect(percentagesIn('no percentage: 8.7 and 55')).toEqual([]);
  });
});

describe('single checks', () => {
  it('num: $13.129 million is 13,129,000 within 1,000', () => {
    expect(checkHolds({ num: 13_129_000, tol: 1000 }, 'Revenue was $13.129 million.')).toBe(true);
    expect(checkHolds({ num: 13_129_000, tol: 1000 }, 'Printed: 13,129 (in thousands)')).toBe(true);
  });

  it('num: signs are ignored (-$2.2 million is 2.2 million; 5.5 million matches a printed (5.5))', () => {
    expect(checkHolds({ num: 2_200_000, tol: 1000 }, 'a loss of -$2.2 million')).toBe(true);
    expect(checkHolds({ num: -5_500_000, tol: 1000 }, 'printed (5.5) in millions')).toBe(true);
  });

  it('num: "within" is inclusive, and one past the tolerance fails', () => {
    expect(checkHolds({ num: 12_926_000, tol: 11_000 }, '$12.937 million')).toBe(true);
    expect(checkHolds({ num: 12_926_000, tol: 11_000 }, '$12.938 million')).toBe(false);
    expect(checkHolds({ num: 13_129_000, tol: 1000 }, '$13.130 million')).toBe(true);
  });

  it('num: MUST FAIL on a wrong value, a wrong scale word, or no number at all', () => {
    expect(checkHolds({ num: 13_129_000, tol: 1000 }, 'Revenue was $13.4 million.')).toBe(false);
    expect(checkHolds({ num: 13_129_000, tol: 1000 }, 'Revenue was $13.129 billion.')).toBe(false);
    expect(checkHolds({ num: 13_129_000, tol: 1000 }, 'Revenue was 13.129 thousand.')).toBe(false);
    expect(checkHolds({ num: 2_800_000, tol: 1000 }, 'EBITDA is not in the releases.')).toBe(false);
  });

  it('pct: 8.7% within 0.1 of 8.7, and 8.8% on the boundary; 8.9% and -8.7% fail', () => {
    expect(checkHolds({ pct: 8.7, tol: 0.1 }, 'Revenue grew +8.7%.')).toBe(true);
    expect(checkHolds({ pct: 8.7, tol: 0.1 }, 'the narrative rounds to 8.8%')).toBe(true);
    expect(checkHolds({ pct: 8.7, tol: 0.1 }, 'grew 8.9%')).toBe(false);
    expect(checkHolds({ pct: 8.7, tol: 0.1 }, 'fell -8.7%')).toBe(false);
  });

  it('pct: MUST FAIL when the number is there but not as a percentage', () => {
    expect(checkHolds({ pct: 16.2, tol: 0.1 }, 'EBITDA margin 16.2 (ratio)')).toBe(false);
    expect(checkHolds({ pct: 55, tol: 0.1 }, '+$0.783 million, $55.0 million')).toBe(false);
  });

  it('text: case ignored; MUST FAIL when absent', () => {
    expect(checkHolds({ text: 'michael wilczak' }, 'Media Relations: Michael Wilczak')).toBe(true);
    expect(checkHolds({ text: 'Michael Wilczak' }, 'Media Relations: Matthew Hayden')).toBe(false);
  });

  it('digits: all else removed; MUST FAIL on other digits', () => {
    expect(checkHolds({ digits: '2018404941' }, 'call 201-840-4941')).toBe(true);
    expect(checkHolds({ digits: '8883719318' }, 'dial 1-888-371-9318 or 973-935-2100')).toBe(true);
    expect(checkHolds({ digits: '2018404941' }, 'call 201-840-4732')).toBe(false);
  });

  it('re: case ignored; MUST FAIL when it does not match', () => {
    expect(checkHolds({ re: '4:30 ?p\\.?m' }, 'at 4:30 P.M. Eastern')).toBe(true);
    expect(checkHolds({ re: '\\$?0\\.4\\b(?!\\d)' }, 'was $0.4 million')).toBe(true);
    expect(checkHolds({ re: '\\$?0\\.4\\b(?!\\d)' }, 'was $0.44 million or .04')).toBe(false);
    expect(checkHolds({ re: '\\b18\\b' }, 'more than 17 years; 2018')).toBe(false);
  });
});

describe('alternatives', () => {
  const p04: Alternative[] = [[{ num: 55_200_000, tol: 1000 }, { num: 50_800_000, tol: 1000 }, { pct: 8.7, tol: 0.1 }]];
  const p25: Alternative[] = [[{ re: '\\b18\\b' }], [{ re: '\\b17\\b' }]];

  it('every check of one alternative must hold', () => {
    expect(passes(p04, 'Revenue was $55.2 million in FY 2003 against $50.8 million in FY 2002: +8.7%.')).toBe(true);
  });

  it('MUST FAIL when one check of the only alternative is missing', () => {
    const verdict = judge(p04, 'Revenue was $55.2 million in FY 2003 against $50.8 million in FY 2002.');
    expect(verdict.pass).toBe(false);
    expect(verdict.failed).toEqual([['a percentage within 0.1 of 8.7%']]);
  });

  it('checks are not pooled across alternatives: each alternative stands alone', () => {
    const split: Alternative[] = [[{ text: 'alpha' }, { text: 'beta' }], [{ text: 'gamma' }, { text: 'delta' }]];
    expect(passes(split, 'alpha and delta')).toBe(false);
    expect(passes(split, 'gamma and delta')).toBe(true);
  });

  it('one alternative out of several is enough', () => {
    expect(passes(p25, 'With more than 17 years of experience')).toBe(true);
    expect(passes(p25, 'With more than 19 years of experience')).toBe(false);
  });

  it('an empty answer passes nothing', () => {
    expect(passes(p04, '')).toBe(false);
    expect(passes(p25, '')).toBe(false);
  });
});
