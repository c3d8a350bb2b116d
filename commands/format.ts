/**
 * Figures as words, at the precision they were printed: 13,129 in thousands is "$13.129 million",
 * 14.4 in millions is "$14.4 million". Never more digits than the release gave, never fewer.
 */
import { CASH_FLOW_LINES, CHARGE_OR_CREDIT_LINES, type Concept, conceptInfo, COST_LINES } from '../knowledge/concepts.ts';
import type { FigureFact, Unit } from '../knowledge/facts.ts';
import { longDate } from '../knowledge/periods.ts';
import { SCALES } from '../knowledge/parse/narrative.ts';
import { isDash } from '../knowledge/precision.ts';
import type { Book } from '../knowledge/snapshot.ts';
import type { DisplayUnit } from './understand/question.ts';

/** Decimals of millions that a fact's printing supports: 3 for thousands, 1 for "14.4" millions. */
function millionDecimals(fact: FigureFact): number {
  // A derived figure to the finest unit its inputs were printed in: 3.9 less 1.2 million is $2.7 million, not $2.700 million.
  // Below zero, coarser than a million: Chemical's "$9.5" in billions is $9.5 billion, never $9,500 million (to the million).
  if (fact.kind === 'derived') return Math.max(-3, Math.round(Math.log10(1e6 / fact.resolution)));
  const printedDecimals = /\.(\d+)/.exec(fact.printed)?.[1]?.length ?? 0;
  return Math.max(-3, Math.round(Math.log10(1e6 / fact.multiplier)) + printedDecimals);
}

// One formatter per precision: building an Intl.NumberFormat costs far more than using one.
const formatters = new Map<number, Intl.NumberFormat>();
function grouped(n: number, decimals: number): string {
  let f = formatters.get(decimals);
  if (!f) {
    f = new Intl.NumberFormat('en-US', { minimumFractionDigits: decimals, maximumFractionDigits: decimals });
    formatters.set(decimals, f);
  }
  return f.format(n);
}

/**
 * Dollars in millions to `decimals` places; `decimals` below zero, in billions to that many fewer than three. Under
 * $100,000, in dollars where the figures are exact to the thousand; else in millions, never more digits than they hold
 * (0.733 less 0.7 million is "$0.0 million", not "$33,000").
 */
export function money(value: number, decimals = 1): string {
  const sign = value < 0 ? '-' : '';
  const abs = Math.abs(value);
  if (decimals < 0) return `${sign}$${grouped(abs / 1e9, decimals + 3)} billion`;
  if (abs >= 1e5 || abs === 0 || decimals < 3) return `${sign}$${grouped(abs / 1e6, decimals)} million`;
  return `${sign}$${grouped(abs, 0)}`;
}

/** An amount in words at a given precision: dollars, dollars per share, or shares. */
export function formatAmount(value: number, unit: Unit, decimals: number): string {
  if (unit === 'USD/share') return `${value < 0 ? '-' : ''}$${Math.abs(value).toFixed(decimals)} per share`;
  if (unit === 'shares') return `${grouped(value / 1e6, Math.max(0, decimals))} million shares`;
  return money(value, decimals);
}

/**
 * A figure in the scale it was asked in, to every digit it holds ("in billions": $2.014 billion; "in cents": 16 cents
 * per share); undefined where its unit has no such scale (a percentage in billions, dollars in cents). `decimals`: as
 * formatAmount's (of millions; of dollars for an amount per share).
 */
export function inScaleAsked(value: number, unit: Unit | 'percent' | 'times', decimals: number, asked: DisplayUnit): string | undefined {
  const sign = value < 0 ? '-' : '';
  const abs = Math.abs(value);
  if (asked === 'cent') return unit === 'USD/share' ? `${sign}${grouped(abs * 100, Math.max(0, decimals - 2))} cents per share` : undefined;
  if (unit !== 'USD' && unit !== 'shares') return undefined;
  const scale = SCALES[asked];
  const places = Math.max(0, decimals + Math.round(Math.log10(scale / 1e6)));
  return unit === 'USD' ? `${sign}$${grouped(abs / scale, places)} ${asked}` : `${sign}${grouped(abs / scale, places)} ${asked} shares`;
}

/** Decimals a figure supports in its unit: of dollars per share, else of millions. */
export function figureDecimals(fact: FigureFact): number {
  if (fact.unit === 'USD/share') return fact.kind === 'statement' ? (/\.(\d+)/.exec(fact.printed)?.[1]?.length ?? 2) : 2;
  return millionDecimals(fact);
}

/**
 * Decimals of a difference: the coarser side's (27.5 million less 12,899 thousand is 14.6 million, not
 * 14.601). A side resting on dashes alone sets none: a dash prints no digits, so it says nothing of how
 * finely its table rounds, and 0 less (0.2) million is 0.2 million, never 0.
 */
export function differenceDecimals(sides: ReadonlyArray<{ decimals: number; facts: readonly FigureFact[] }>): number {
  const printed = sides.filter((s) => s.facts.length === 0 || !s.facts.every(isDash));
  return Math.min(...(printed.length > 0 ? printed : sides).map((s) => s.decimals));
}

/** A figure in words: "$14.4 million", "-$0.76 per share", "5.383 million shares", "$0 (printed as a dash)". */
export function formatFigure(fact: FigureFact): string {
  if (isDash(fact)) {
    return fact.unit === 'shares' ? '0 shares (printed as a dash)' : '$0 (printed as a dash: zero)';
  }
  return formatAmount(fact.value, fact.unit, figureDecimals(fact));
}

/** Points of rounding at which a percentage's one decimal would claim more than its inputs hold. */
const SAY_ROUNDING_FROM = 0.5;

/**
 * A computed percentage change, "+8.7%"; when the rounding of its printed inputs may move it by half
 * a point or more, how far too: "+0.0% (±17 points, as the printed figures are rounded)".
 */
/**
 * What a line's amount is below zero and above it: a deficit (a balance), a credit (a cost line), a tax benefit, a charge
 * (preferred accretion, printed negative when charged), cash used (a line of the cash flows), else a loss.
 */
export function zeroSides(concept: Concept): [string, string] {
  if (concept === 'income_tax') return ['a tax benefit', 'a tax expense'];
  if (CHARGE_OR_CREDIT_LINES.has(concept)) return ['a charge', 'a credit'];
  if (CASH_FLOW_LINES.has(concept)) return ['cash used', 'cash provided'];
  return conceptInfo(concept).measure === 'balance' ? ['a deficit', 'a positive balance'] : COST_LINES.has(concept) ? ['a credit', 'a charge'] : ['a loss', 'a profit'];
}

/** A percent change between two amounts below zero reads backwards ("+32.9%" for a loss that shrank): said in words too. */
export function belowZeroChange(concept: Concept, now: number, before: number, change: { percent: number; uncertainty: number }): string {
  if (!(now < 0 && before < 0)) return '';
  const noun = zeroSides(concept)[0].replace(/^an? /, '');
  const smaller = Math.abs(now) < Math.abs(before);
  const verb = noun === 'loss' ? (smaller ? 'narrowed' : 'widened') : smaller ? 'shrank' : 'grew';
  return ` (the ${noun} ${verb} by ${Math.abs(change.percent).toFixed(percentDecimals(change.percent, change.uncertainty))}%)`;
}

export function percent(change: { percent: number; uncertainty: number }): string {
  return `${change.percent > 0 ? '+' : ''}${change.percent.toFixed(percentDecimals(change.percent, change.uncertainty))}%${roundingNote(change.uncertainty, change.percent)}`;
}

/**
 * Decimals of a computed percentage: one, or two where its inputs' rounding is under a twentieth of a point yet could
 * make the one decimal another (469 / 1,999 million is 23.43-23.49%: "23.46%", never "23.5%", which the company's
 * own 23.4% contradicts); the rounding is said beside it (`roundingNote`).
 */
export function percentDecimals(shown: number, uncertainty: number): number {
  return uncertainty < 0.05 && roundingSaid(uncertainty, shown) ? 2 : 1;
}

/**
 * Whether a percentage shown to one decimal, `shown`, needs its inputs' rounding said: from half a point, or
 * when that rounding could make the decimal shown another (469 / 1,999 million is 23.43-23.49%: "23.5%"
 * alone would claim the company's own 23.4% is not the rate).
 */
export function roundingSaid(uncertainty: number, shown?: number): boolean {
  // As numbers: "-0.0" and "0.0" are one decimal shown (Buckle's tax rate, the same two years running, was "+0.00 points (±0.0007)").
  return uncertainty >= SAY_ROUNDING_FROM || (shown !== undefined && Number((shown - uncertainty).toFixed(1)) !== Number((shown + uncertainty).toFixed(1)));
}

/** What follows a percentage `shown` its inputs' rounding may move by `uncertainty` points. */
export function roundingNote(uncertainty: number, shown?: number): string {
  return roundingSaid(uncertainty, shown) ? ` (${points(uncertainty)}, as the printed figures are rounded)` : '';
}

/** A dollar margin of rounding in words: "0.20 million", "1.0 thousand" (never "±$0.00 million"). */
export const dollarsWithin = (uncertainty: number) => (uncertainty >= 10_000 ? `${(uncertainty / 1e6).toFixed(2)} million` : `${(uncertainty / 1e3).toFixed(1)} thousand`);

/**
 * How far its printed inputs' rounding may move a computed value shown with `decimals`, in its unit's words
 * ("±0.7 points", "±0.35", "±$0.20 million"); '' where it cannot move what is shown. A percentage or a ratio: when
 * it could change a digit shown (1.75 times from 0.7 / 0.4 is 1.44-2.14). Dollars: when it reaches ten of the last
 * unit shown (a sum of lines rounded alike is off in its last digit as each is; $11.374 million from lines in
 * millions and in thousands is off by $0.2 million).
 */
export function roundingWords(unit: string, uncertainty: number, shown: number, decimals: number): string {
  if (unit === 'percent') return roundingSaid(uncertainty, shown) ? points(uncertainty) : '';
  if (unit === 'times') return (shown - uncertainty).toFixed(decimals) !== (shown + uncertainty).toFixed(decimals) ? `±${uncertainty < 0.01 ? Number(uncertainty.toPrecision(1)) : uncertainty.toFixed(2)}` : '';
  const lastUnit = Math.abs(shown) >= 1e5 ? 1e6 * 10 ** -decimals : 1;
  return unit === 'USD' && uncertainty >= 1000 && uncertainty >= 5 * lastUnit ? `±$${dollarsWithin(uncertainty)}` : '';
}

/** What a computed value's inputs are, as its summary says: printed, derived from printed ones (marked so), or both. */
export function computedFrom(facts: readonly FigureFact[]): string {
  const derived = facts.filter((f) => f.kind === 'derived').length;
  return derived === 0 ? 'printed figures' : derived === facts.length ? 'figures derived from printed ones' : 'printed figures and figures derived from them';
}

/**
 * What a derived figure is marked with: " (derived)", and how far its inputs' rounding may move it where that reaches
 * the digits shown (55.2 million less 26,711 thousand less 14.4 million: "$14.089 million (derived, ±$0.10 million)").
 */
export function derivedMark(fact: FigureFact): string {
  if (fact.kind !== 'derived') return '';
  const within = derivedRounding(fact);
  return within ? ` (derived, ${within})` : ' (derived)';
}

/** How far a derived figure's inputs' rounding may move it, where that reaches the digits shown ("±$0.10 million"); else ''. */
export const derivedRounding = (fact: Extract<FigureFact, { kind: 'derived' }>): string => roundingWords('USD', fact.uncertainty, fact.value, figureDecimals(fact));

/** The same, short, for a list whose note says what it means: " (±0.7 points)". */
export function roundingMark(uncertainty: number, shown?: number): string {
  return roundingSaid(uncertainty, shown) ? ` (${points(uncertainty)})` : '';
}

/** "±0.7 points", "±17 points", "±0.03 points": below a tenth, to one significant digit. */
export const points = (uncertainty: number) => `±${uncertainty < 0.1 ? Number(uncertainty.toPrecision(1)) : uncertainty < 10 ? uncertainty.toFixed(1) : uncertainty.toFixed(0)} points`;

/**
 * Words a reader needs next to a negative figure: what it is below zero (`zeroSides`: a loss, a deficit, a credit, a tax
 * benefit, a charge); a share count below zero is none of them.
 */
export function signWord(fact: FigureFact): string {
  if (fact.value >= 0) return CHARGE_OR_CREDIT_LINES.has(fact.concept) && fact.value > 0 ? ' (a credit, not a charge)' : '';
  return conceptInfo(fact.concept).measure === 'shares' ? '' : ` (${zeroSides(fact.concept)[0]})`;
}

/** "infocrossing-2003-q4.txt (March 18, 2004)": a release as users know it. */
export function releaseName(book: Book, file: string): string {
  const release = book.releases.find((r) => r.release === file);
  return release ? `${file} (${longDate(release.date)})` : file;
}
