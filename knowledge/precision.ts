/** How exact a printed figure is: half its last printed digit, in base units. */
import type { StatementFact } from './facts.ts';

export function halfUnit(fact: Pick<StatementFact, 'printed' | 'multiplier'>): number {
  const decimals = /\.(\d+)/.exec(fact.printed)?.[1]?.length ?? 0;
  return 0.5 * fact.multiplier * 10 ** -decimals;
}

/** Do two printings agree once each is read as rounded to its own precision? */
export function agree(a: StatementFact, b: StatementFact): boolean {
  return Math.abs(a.value - b.value) <= halfUnit(a) + halfUnit(b) + 1e-9;
}

/** Digits printed: the more, the more precise ("19,437" thousand over "19.5" million). */
export function significantDigits(fact: Pick<StatementFact, 'printed'>): number {
  return fact.printed.replace(/[^\d]/g, '').replace(/^0+/, '').length;
}
