/** How exact a printed figure is: half its last printed digit, in base units. */
import type { StatementFact } from './facts.ts';

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
