/** How exact a printed figure is: half its last printed digit, in base units. */
import type { FigureFact, StatementFact } from './facts.ts';

/** A cell printed as a dash: zero, in any of the dashes tables use. */
export const DASH = /^(-{1,3}|—|–)$/;

/** A figure printed as a dash: zero, with no digits, so nothing about how finely its table rounds. */
export const isDash = (fact: FigureFact): boolean => fact.kind === 'statement' && DASH.test(fact.printed);

/**
 * Whether a percent change from `before` to `after` means anything: not across a sign change (a loss
 * to a profit), nor to or from zero, where it is unbounded or ±100% by the sign alone (a tax benefit
 * of 0.2 million to none is no "+100%").
 */
export const hasPercentChange = (after: number, before: number): boolean => Math.sign(after) * Math.sign(before) === 1;

export function halfUnit(fact: Pick<StatementFact, 'printed' | 'multiplier'>): number {
  return 0.5 * fact.multiplier * 10 ** -decimalsOf(fact.printed);
}

/** Digits after the first "." that has any: what /\.(\d+)/ finds, without a regular expression (checks call this millions of times). */
function decimalsOf(printed: string): number {
  for (let dot = printed.indexOf('.'); dot >= 0; dot = printed.indexOf('.', dot + 1)) {
    let end = dot + 1;
    while (end < printed.length && printed.charCodeAt(end) >= 48 && printed.charCodeAt(end) <= 57) end++;
    if (end > dot + 1) return end - dot - 1;
  }
  return 0;
}

/** Do two printings agree once each is read as rounded to its own precision? */
export function agree(a: StatementFact, b: StatementFact): boolean {
  return Math.abs(a.value - b.value) <= halfUnit(a) + halfUnit(b) + 1e-9;
}

/** Digits printed: the more, the more precise ("19,437" thousand over "19.5" million). */
export function significantDigits(fact: Pick<StatementFact, 'printed'>): number {
  return fact.printed.replace(/[^\d]/g, '').replace(/^0+/, '').length;
}

/**
 * `a` as a percentage of `b` ("share"), or the percent change from `b` to `a` ("change", over |b|),
 * with how many points it may be off when `a` and `b` are each off by up to `ua` and `ub` (their
 * printed rounding); undefined when `b`'s range reaches zero, where the percentage has no bound.
 */
export function roundedPercent(kind: 'share' | 'change', a: number, ua: number, b: number, ub: number): { percent: number; uncertainty: number } | undefined {
  if (Math.abs(b) <= ub) return undefined;
  // (a − b) / |b| is a / |b| less the base's sign: one quotient either way, extreme at a corner of the ranges.
  const divisor = kind === 'change' ? Math.abs(b) : b;
  const offset = kind === 'change' ? Math.sign(b) * 100 : 0;
  const at = (x: number, y: number) => (x / y) * 100 - offset;
  const percent = at(a, divisor);
  const corners = [at(a - ua, divisor - ub), at(a - ua, divisor + ub), at(a + ua, divisor - ub), at(a + ua, divisor + ub)];
  return { percent, uncertainty: Math.max(Math.max(...corners) - percent, percent - Math.min(...corners)) };
}
