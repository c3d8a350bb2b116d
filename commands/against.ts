/**
 * A figure set against an amount the question named ("was revenue above $20 million in Q4 2003?"):
 * which side of it the figure falls, or why that cannot be said: a percentage against dollars, a
 * number whose unit the figure does not settle ("above 20" for revenue), or a figure rounded too
 * coarsely to tell (14.4 in millions against $14.42 million).
 */
import { capitalized } from '../knowledge/text.ts';
import { SCALES } from '../knowledge/parse/narrative.ts';
import { finest, type Value } from './measures.ts';
import { percentDecimals, roundingNote } from './format.ts';
import { amountWords } from './understand/describe.ts';
import type { Amount } from './understand/question.ts';

/** How an amount said reads for a figure of each unit; undefined: it cannot be set against it. */
function amountFor(unit: Value['unit'], a: Amount): number | undefined {
  // Zero is zero in any unit.
  if (a.value === 0 && a.unit !== 'percent' && a.unit !== 'times') return 0;
  switch (unit) {
    case 'USD':
      // A number said in full ("2,206,000") is dollars; a small one ("20") could be millions: its unit is asked for.
      return a.unit === 'USD' || (a.unit === 'number' && (a.scaled || a.value >= 100_000)) ? a.value : undefined;
    case 'USD/share':
      return (a.unit === 'USD' || a.unit === 'number') && !a.scaled ? a.value : undefined;
    case 'percent':
      // "Above 0.2" for a margin could be 20% or 0.2%: asked for.
      return a.unit === 'percent' || (a.unit === 'number' && !a.scaled && a.value >= 1) ? a.value : undefined;
    case 'shares':
      return a.unit === 'number' ? a.value : undefined;
    case 'times':
      return a.unit === 'times' || (a.unit === 'number' && !a.scaled) ? a.value : undefined;
  }
}

/** What a figure of each unit is, in words. */
export const unitWords = (unit: Value['unit']): string => UNIT_WORDS[unit];

const UNIT_WORDS: Readonly<Record<Value['unit'], string>> = {
  USD: 'an amount in dollars', 'USD/share': 'an amount per share', percent: 'a percentage', shares: 'a number of shares', times: 'a ratio',
};

/** The amount in the figure's terms: "20 million" set against revenue is "$20 million". */
export function inTermsOf(unit: Value['unit'], a: Amount): string {
  const words = amountWords(a);
  if (a.unit !== 'number') return words;
  if (unit === 'USD' || unit === 'USD/share') return `$${words}`;
  if (unit === 'percent') return `${words}%`;
  return unit === 'shares' ? `${words} shares` : unit === 'times' ? `${words} times` : words;
}

/** Half the last digit of the first number of a figure's words ("$14.4 million": $0.05 million). */
export function halfLastDigit(text: string): number {
  const m = /(\d[\d,]*)(?:\.(\d+))?\s*(thousand|million|billion)?/.exec(text);
  if (!m) return 0;
  const scale = m[3] === 'billion' ? 1e9 : m[3] === 'million' ? 1e6 : m[3] === 'thousand' ? 1e3 : 1;
  return 0.5 * scale * 10 ** -(m[2]?.length ?? 0);
}

/** Where `v` falls against `a`, in a sentence: "$14.4 million is below $20 million." */
/**
 * A profit line asked as a loss ("was the net loss above $2 million?") whose figure is a profit: said so, and never
 * set against the amount as if it were the loss asked about (it answered "$0.270 million is below $2 million"); an
 * equity line asked as a deficit, likewise.
 */
/** What a line's negative figure is asked as: a loss of a profit line, a deficit of equity, a benefit of the tax line. */
export type AskedAsNegative = 'loss' | 'deficit' | 'benefit' | 'charge';

const NOT_NEGATIVE: Record<AskedAsNegative, string> = { loss: 'a profit, not a loss', deficit: 'positive, not a deficit', benefit: 'an expense, not a benefit', charge: 'a credit, not a charge' };

export function notALoss(v: Value, a: Amount | undefined, said: AskedAsNegative = 'loss'): string | undefined {
  if (v.value < 0) return undefined;
  const is = v.value === 0 ? `none: there is no ${said}` : NOT_NEGATIVE[said];
  return a ? `Not set against ${inTermsOf(v.unit, a)}: ${v.text} is ${is}.` : `Asked as a ${said}: ${v.text} is ${is}.`;
}

/**
 * A loss or deficit as its size, the figure a claim of one names ("was the net loss $2.2 million?"). Already at its
 * finest printing, so it holds no figures for `finest` to read the signed one from again.
 */
function sizeOf(v: Value, said: AskedAsNegative): Value {
  const exact = finest(v);
  return { ...exact, value: -exact.value, figures: [], text: `a ${said} of ${exact.text.replace(/^-/, '')}` };
}

/** Where a figure falls against an amount: a sentence whatever the question (no unit to set it against, a loss as a size), or the side. */
type Placed = { said: string } | { close: string; rounded: string } | { equal: string } | { above: boolean; shown: string; words: string };

/** The scales a table prints amounts in, as an amount is said in them. */
const SCALE_WORDS = new Map<number, string>(Object.entries(SCALES).map(([word, scale]) => [scale, word]));

/**
 * The scale a bare number was most likely said in: as it is (dollars, shares), in thousands or millions, as tables print
 * them, or the scale the figure's own tables print it in, the one that puts the number nearest the figure (300 against
 * Buckle's $293.6 million: millions; 300,000 against it: thousands; 2,206,000 against $2.2 million: dollars; 50,300
 * against 50.297 million shares: thousands).
 */
const printedScale = (v: Value, said: number): number => {
  const scales = [...new Set([1, 1e3, 1e6, 1e9, ...v.figures.flatMap((f) => f.printings.map((p) => p.multiplier))])];
  const off = (scale: number) => Math.abs(Math.log10(Math.abs(said * scale) || 1) - Math.log10(Math.abs(v.value) || 1));
  return scales.reduce((best, scale) => (off(scale) < off(best) ? scale : best));
};

/** Whether `a` is nearer `to` than `b` is, by ratio. */
const nearer = (a: number, b: number, to: number): boolean => Math.abs(Math.log10(Math.abs(a / to))) < Math.abs(Math.log10(Math.abs(b / to)));

function place(served: Value, a: Amount): Placed {
  // Judged at its finest printing: cash at December 31, 2002 is 7,026 thousand where the Q4 release rounds it to 7.0 million.
  const v = finest(served);
  // A bare number nearer the figure in a table's scale than as it is ("more than 300000" of $293.6 million; "below 50300"
  // of 50.297 million shares) is in that scale, not said: its unit is asked for, never the figure set against $300,000.
  const unscaled = a.unit === 'number' && !a.scaled;
  const bare = unscaled && (v.unit === 'USD' || v.unit === 'shares');
  const scale = bare ? printedScale(v, a.value) : 1;
  // "EPS above 15": 15 cents sits nearer $0.16 than $15 does: asked, never judged against $15.
  const cents = unscaled && v.unit === 'USD/share' && a.value >= 1 && nearer(a.value / 100, a.value, v.value);
  if (cents) return { said: `Not set against ${amountWords(a)}: say its unit ("${amountWords(a)} cents" or "$${amountWords(a)}").` };
  const amount = scale !== 1 ? undefined : amountFor(v.unit, a);
  if (amount === undefined) {
    const said = amountWords(a);
    const scaleWord = SCALE_WORDS.get(scale) ?? 'million';
    if (bare && v.unit === 'USD') return { said: `Not set against ${said}: say its unit ("$${said} ${scaleWord}").` };
    if (bare && v.unit === 'shares') return { said: `Not set against ${said}: say its unit ("${said} ${scaleWord} shares").` };
    if (unscaled && v.unit === 'percent') return { said: `Not set against ${said}: say it as a percentage ("${said}%" or "${Number((a.value * 100).toPrecision(12))}%").` };
    return { said: `Not set against ${said}: ${v.text} is ${UNIT_WORDS[v.unit]}.` };
  }
  // Where the figure may lie, its printing or its inputs being rounded: within that of the amount, no side is known.
  const rounding = v.uncertainty ?? halfLastDigit(v.text);
  // A loss against a positive amount ("net loss over $2 million"): as a signed figure it is below; as a size, below only
  // when smaller. Where the two readings part (a loss of $2.178 million against $2 million), no side is said.
  if (amount > 0 && v.value < 0 && Math.abs(v.value) + rounding >= amount) {
    return { said: `Not set against ${inTermsOf(v.unit, a)}: ${v.text} is negative (a loss or a deficit): as a signed figure it is below ${inTermsOf(v.unit, a)}, as a size it is not.` };
  }
  const off = v.value - amount;
  const words = inTermsOf(v.unit, a);
  if (Math.abs(off) <= rounding && rounding > 0) return { close: words, rounded: v.formula ? 'computed from rounded figures' : 'rounded as printed' };
  if (off === 0) return { equal: words };
  return { above: off > 0, shown: shownApart(v, amount), words };
}

export function setAgainst(served: Value, a: Amount): string {
  const placed = place(served, a);
  if ('said' in placed) return placed.said;
  if ('close' in placed) return `Too close to ${placed.close} to tell which side: ${finest(served).text} is ${placed.rounded}.`;
  if ('equal' in placed) return `${finest(served).text} is equal to ${placed.equal}.`;
  return `${placed.shown} is ${placed.above ? 'above' : 'below'} ${placed.words}.`;
}

/**
 * A change set against the percentage a question named ("did revenue grow more than 5%?"): how it went, and whether by
 * more or less than that; where the question says a way (`premise`) the figure did not go, said so. Which side of the
 * amount, never yes or no: "more than" and "at most" are the asker's words, not read. A percent change of a figure below
 * zero reads backwards (a loss that widens "falls"): not set against anything.
 */
export function changeAgainst(name: string, values: readonly [number, number], change: { percent: number; uncertainty: number; reported?: boolean } | undefined, a: Amount, premise?: 'up' | 'down'): string {
  const limit = amountWords(a);
  if (values.some((v) => v < 0)) return `Not set against ${limit}: ${name} is below zero, where a percent change reads backwards.`;
  if (!change) return `Not set against ${limit}: ${name} has no percent change to or from zero.`;
  const size = Math.abs(change.percent);
  const by = change.reported ? `${size}%, as the release reports it` : `${size.toFixed(percentDecimals(change.percent, change.uncertainty))}%`;
  const moved = change.percent === 0 ? 'was unchanged' : `${change.percent > 0 ? 'grew' : 'fell'} ${by}`;
  const Name = capitalized(name);
  if (premise && change.percent !== 0 && (premise === 'up') !== change.percent > 0) return `${Name} did not ${premise === 'up' ? 'grow' : 'fall'}: it ${moved}.`;
  // Within the rounding, with room for the binary fractions' own (8.8 less 8.75 is 0.0500000000000007).
  if (Math.abs(size - a.value) <= change.uncertainty + 1e-9) return `Too close to ${limit} to tell: ${name} ${moved}${change.reported ? ', rounded' : roundingNote(change.uncertainty) || ' (computed from rounded figures)'}.`;
  if (size === a.value) return `${Name} ${moved}: exactly ${limit}.`;
  return `${Name} ${moved}: ${size > a.value ? 'more' : 'less'} than ${limit}.`;
}

/**
 * How near a figure must be to an amount claimed, as a share of it, to agree with it at the digits said: CLAIM_NEAR in
 * whole units, ABOUT_NEAR said "about" so, PROSE_NEAR said with digits after its point as releases round their prose.
 */
const CLAIM_NEAR = 0.025;
const ABOUT_NEAR = 0.05;
const PROSE_NEAR = 0.1;

/**
 * A figure checked against the amount the asker says it was ("was net income $1.2 million in Q4 2003?"): yes, as far as
 * its printing shows, or no, with the side the amount is off.
 */
export function checkClaim(claimed: Value, a: Amount, asLoss?: AskedAsNegative): string {
  // A loss claimed by its size ("was the net loss $2.2 million?" for 2,178 in brackets): the size is set against it.
  const served = asLoss && claimed.value < 0 && a.value > 0 ? sizeOf(claimed, asLoss) : claimed;
  const placed = place(served, a);
  if ('said' in placed) return placed.said;
  if ('close' in placed) return `Yes, as far as its rounding shows: ${finest(served).text} (${placed.rounded}) agrees with ${placed.close}.`;
  if ('equal' in placed) return `Yes: ${finest(served).text}.`;
  // The figure rounded to the last digit said is the amount said, and near it: in whole units ("$2 billion" for 2,014
  // million is yes, "$14 million" for 14.4 and "$1 million" for 0.6 are no); said "about" so ("about $14 million" for
  // 14.4 is yes, "about 30%" for 27.8% no); with digits after its point ("$0.4 million" for 375 thousand is the release's
  // own words; "$0.1 billion" for 53 million and "$0.10" for EPS of $0.08 are no).
  const amount = amountFor(served.unit, a);
  const v = finest(served);
  const near = amount !== undefined && amount !== 0 && Math.abs(v.value - amount) <= (a.fraction ? PROSE_NEAR : a.about ? ABOUT_NEAR : CLAIM_NEAR) * Math.abs(amount);
  if (a.step && amount !== undefined && near && Math.abs(Math.round(v.value / a.step) * a.step - amount) < a.step / 2) return `Yes, to the digits said: ${shownApart(v, amount)} rounds to ${placed.words}.`;
  return `No: ${placed.shown}, ${placed.above ? 'above' : 'below'} the ${placed.words} said.`;
}

/**
 * A computed ratio as its answer shows it, with the digits that part it from the amount when its shown rounding equals
 * it: "13.65% (13.7% rounded)" is below 13.7%, never "13.7% is below 13.7%".
 */
function shownApart(v: Value, amount: number): string {
  const shown = Number(/-?\d[\d,]*(?:\.\d+)?/.exec(v.text)?.[0]?.replace(/,/g, '') ?? NaN);
  if ((v.unit !== 'percent' && v.unit !== 'times') || shown !== amount) return v.text;
  let digits = 3;
  while (digits < 12 && Number(v.value.toPrecision(digits)) === amount) digits++;
  return `${Number(v.value.toPrecision(digits))}${v.unit === 'percent' ? '%' : ' times'} (${v.text} rounded)`;
}
