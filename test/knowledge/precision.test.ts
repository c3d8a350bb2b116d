/** How far a percentage of rounded figures may be off: the extremes of its inputs' printed rounding. */
import { describe, expect, it } from 'vitest';
import { hasPercentChange, roundedPercent } from '../../knowledge/precision.ts';

describe('roundedPercent', () => {
  it.each([
    // 2.75 / 2.25 and 2.85 / 2.15: +22.2% to +32.6%
    { kind: 'change', a: 2.8, ua: 0.05, b: 2.2, ub: 0.05, percent: 27.27, uncertainty: 5.33 },
    // 0.55 / 0.65 and 0.65 / 0.55: -15.4% to +18.2%, never "0.0%" alone
    { kind: 'change', a: 0.6, ua: 0.05, b: 0.6, ub: 0.05, percent: 0, uncertainty: 18.18 },
    // a larger loss: (-1.25 + 0.95) / 0.95 = -31.6% to (-1.15 + 1.05) / 1.05 = -9.5%
    { kind: 'change', a: -1.2, ua: 0.05, b: -1.0, ub: 0.05, percent: -20, uncertainty: 11.58 },
    { kind: 'share', a: 9.4, ua: 0.05, b: 14.4, ub: 0.05, percent: 65.28, uncertainty: 0.58 },
    // thousands: rounding moves it by less than a hundredth of a point
    { kind: 'share', a: 13129, ua: 0.5, b: 13129, ub: 0.5, percent: 100, uncertainty: 0.0076 },
  ] as const)('$kind of $a ± $ua against $b ± $ub: $percent%, ± $uncertainty points', ({ kind, a, ua, b, ub, percent, uncertainty }) => {
    const r = roundedPercent(kind, a, ua, b, ub);
    expect(r?.percent).toBeCloseTo(percent, 1);
    expect(r?.uncertainty).toBeCloseTo(uncertainty, 1);
  });

  it('has no percentage of a base its rounding could make zero, nor of zero', () => {
    expect(roundedPercent('change', 0.3, 0.05, 0.04, 0.05)).toBeUndefined();
    expect(roundedPercent('share', 1, 0, 0, 0)).toBeUndefined();
  });
});

describe('hasPercentChange', () => {
  it.each([
    { after: 14.4, before: 13.4, has: true },
    { after: -1.2, before: -1.0, has: true },
    // across a sign change, or to or from zero (a dash): ±100% or unbounded by the sign alone
    { after: 0.6, before: -0.3, has: false },
    { after: 0, before: -0.2, has: false },
    { after: 0, before: 53.189, has: false },
    { after: 0.3, before: 0, has: false },
  ])('$before to $after: $has', ({ after, before, has }) => {
    expect(hasPercentChange(after, before)).toBe(has);
  });
});
