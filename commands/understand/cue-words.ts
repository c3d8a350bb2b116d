/**
 * The cue words the reader's stages share (slots.ts, combine-measures.ts, read-question.ts), as sets built once from
 * the vocabulary (vocabulary/cues.json), and the small readings of them more than one stage makes.
 */
import type { Span } from './spot.ts';
import { CUES, type Cue } from './vocabulary.ts';

export const spanCues = (s: Span): Cue[] => (s.value.kind === 'cue' ? s.value.cues : []);
export const CASH_FLOW_WORDS = new Set(CUES.cash_flow_words);
export const COMPARATIVES = new Set([...CUES.comparatives.up, ...CUES.comparatives.down]);
const WEIGHED_DOWN = new Set(CUES.comparatives.down);
/** The single words of the ranking cues ("best", "lowest"), each with its end. */
export const SUPERLATIVE = new Map([...CUES.cues.highest.map((w) => [w, 'highest'] as const), ...CUES.cues.lowest.map((w) => [w, 'lowest'] as const)].filter(([w]) => !w.includes(' ')));
const WHICH_PERIOD = new Map(Object.entries(CUES.which_periods).flatMap(([unit, said]) => said.map((w) => [w, unit as keyof typeof CUES.which_periods] as const)));
export const PAIR_WORDS = new Set(CUES.pair_words);
export const EXCHANGE_WORDS = new Set(CUES.exchange_words);
export const RANGE_ENDS = new Set(CUES.range_ends);
export const RATIO_WORDS = new Set(CUES.ratio_words);

/**
 * "Which quarter had higher revenue?", "which half of 2003 saw lower EBITDA?": the periods a "which" weighs, and which
 * way; undefined without a comparative, or when the "which" asks for something else ("which line was higher").
 */
export function whichWeighs(words: readonly string[]): { unit: keyof typeof CUES.which_periods; rank: 'highest' | 'lowest' } | undefined {
  const rankOf = (w: string): 'highest' | 'lowest' | undefined => SUPERLATIVE.get(w) ?? (COMPARATIVES.has(w) ? (WEIGHED_DOWN.has(w) ? 'lowest' : 'highest') : undefined);
  // "Best year for net income", "the better half": the period a superlative or comparative names is what is weighed.
  const named = words.findIndex((w, i) => i > 0 && WHICH_PERIOD.has(w) && rankOf(words[i - 1] ?? '') !== undefined);
  if (named > 0) return { unit: WHICH_PERIOD.get(words[named] ?? '') as keyof typeof CUES.which_periods, rank: rankOf(words[named - 1] ?? '') as 'highest' | 'lowest' };
  // "Which year had the most EBITDA?", "which of the quarters had higher revenue?".
  const at = words.indexOf('which');
  const of = at >= 0 && words[at + 1] === 'of' && words[at + 2] === 'the' ? at + 3 : at + 1;
  const after = words[of] === 'two' || words[of] === '2' ? of + 1 : of;
  const unit = at >= 0 ? WHICH_PERIOD.get(words[after] ?? '') : undefined;
  const rank = words.slice(after + 1).map(rankOf).find((r) => r !== undefined);
  return unit && rank ? { unit, rank } : undefined;
}
export const AMOUNT_WORDS = new Set(CUES.amount_words);
export const PERCENT_WORDS = new Set(CUES.percent_words);
export const SHARE_WORDS = new Set(CUES.share_words);
export const SHARE_OF = new Set(CUES.share_of_words);
/** Cues of a change between periods: with one, two periods are set against each other, never a part and its whole. */
export const CHANGE_CUES = ['change', 'growth', 'compare', 'difference'] as const;
export const NOT_THEN = new Set(CUES.not_then_words);
export const CAUSE_AFTER = new Set(CUES.cause_after_words);

const PREMISE_UP = new Set(CUES.premise.up);
const PREMISE_DOWN = new Set(CUES.premise.down);
/** The way a word says a figure went: "grew" up, "fell" down. */
export const wayOf = (word: string): 'up' | 'down' | undefined => (PREMISE_UP.has(word) ? 'up' : PREMISE_DOWN.has(word) ? 'down' : undefined);
/** The one way words say a figure went; none where they say neither or both. */
export function waySaid(words: readonly string[]): 'up' | 'down' | undefined {
  const ways = new Set(words.map(wayOf).filter((w) => w !== undefined));
  return ways.size === 1 ? [...ways][0] : undefined;
}

/**
 * Whether a percent said of one figure asks its share of a whole: a word of percent ("rate" and "ratio" name ratios of
 * their own, the cash ratio: none of them said), of one period, nothing set against it (a change in percent is no share:
 * "SG&A qoq in %", "between Q3 2003 and Q3 2004 in %").
 */
export const asksShare = (words: readonly string[], periods: number, compared: boolean): boolean =>
  words.some((w) => SHARE_WORDS.has(w)) && !words.some((w) => PERCENT_WORDS.has(w) && !SHARE_WORDS.has(w)) && periods === 1 && !compared;
export const LEFT_OUT_ITEMS = new Set(CUES.left_out_items);
