/**
 * An amount a figure is set against ("was revenue above $20 million in Q4 2003?", "eps over 5 cents",
 * "gross margin > 30%"): found in the text with the words that set it (vocabulary: cues.json
 * `thresholds`), read as a number with its unit, and taken out of the text, so what is left is the
 * figure question. Which side of it the figure falls is the answer's to say, not the reader's.
 */
import { longestFirst } from './phrases.ts';
import type { Amount } from './question.ts';
import { CUES } from './vocabulary.ts';

/** Words of scale and their power of ten; "m" and "mm" are millions, as analysts write them. */
const SCALES: Readonly<Record<string, number>> = { k: 3, thousand: 3, thousands: 3, m: 6, mm: 6, mn: 6, mil: 6, million: 6, millions: 6, b: 9, bn: 9, billion: 9, billions: 9 };
const SCALE_WORDS = longestFirst(Object.keys(SCALES));

/** Words stand apart ("over", not "turnover"); signs need no space ("EBITDA>2.2m"). */
const WORDS = longestFirst(CUES.thresholds.filter((w) => /^[a-z]/i.test(w)));
const SIGNS = longestFirst(CUES.thresholds.filter((w) => !/^[a-z]/i.test(w)));
/**
 * A threshold word, then the amount: "$" or not, the number, then a scale, "%", cents, "x" or dollars.
 * Not a number of periods ("more than 2 quarters") or of things ("top 3 expenses"), a share of a line
 * ("less than 20% of revenue": a ratio, not an amount) nor a year ("over 2003"), which the lookaheads
 * leave out; a minus is kept to be refused.
 */
const THRESHOLD = new RegExp(
  `((?<![a-z0-9])(?:${WORDS})|${SIGNS})\\s*([-−])?\\s*(\\$)?\\s*([-−])?(\\d[\\d,]*(?:\\.\\d+)?|\\.\\d+)(?![\\d,]|\\.\\d)\\s*(?:(%|percent|pct|cents?|c|¢|x|times|dollars?|usd|${SCALE_WORDS})(?![a-z0-9])|(?![a-z0-9])(?!\\s*(?:quarters?|years?|months?|weeks?|days?|periods?)\\b)(?!\\s+[a-z]+s\\b))(?!\\s*of\\b)`,
  'i',
);

/** Digits grouped by thousands, as amounts are written here ("13,500,000"); a comma elsewhere is no grouping. */
const GROUPED = /^\d{1,3}(?:,\d{3})+(?:\.\d+)?$/;

/**
 * The amount a figure is set against, and where in `text` it was said; none when the text sets none. `unreadable`:
 * a number whose comma groups no thousands ("above 14,4m": a decimal comma, or a slip), said back, never read as 144.
 */
export function thresholdIn(text: string): { amount: Amount; start: number; end: number } | { unreadable: string } | undefined {
  const m = THRESHOLD.exec(text);
  if (!m) return undefined;
  const [whole, word = '', minus, sign, minusAfter, typed = '', unitWord] = m;
  // A negative amount ("EPS below -0.5") is not read: the sign would be lost, or set against a loss read as a size.
  if (minus || minusAfter) return undefined;
  if (typed.includes(',') && !GROUPED.test(typed)) return { unreadable: typed };
  const digits = typed.replace(/,/g, '');
  const said = unitWord?.toLowerCase();
  // "13,500,000 dollars" is "$13,500,000".
  const dollarWord = said === 'dollar' || said === 'dollars' || said === 'usd';
  const dollar = sign ?? (dollarWord ? '$' : undefined);
  const unit = dollarWord ? undefined : said;
  // "Top" is an amount's word only with its sign or unit ("top $10m"): "top 3 revenue sources" is a rank.
  if (/^top/i.test(word) && !dollar && !unit) return undefined;
  // A year alone is no amount: "revenue over 2003" is the year's revenue ("above 2,014" is an amount).
  if (!dollar && !unit && /^(?:19|20)\d\d$/.test(typed)) return undefined;
  const scale = unit ? SCALES[unit] : undefined;
  const percent = unit === '%' || unit === 'percent' || unit === 'pct';
  // "Above 2x", "more than 2 times": a ratio's number.
  const times = unit === 'x' || unit === 'times';
  const cents = unit !== undefined && /^(?:cents?|c|¢)$/.test(unit);
  if ((percent || cents || times) && dollar) return undefined;
  // Read from the digits as typed, so "$14.4m" is 14,400,000 exactly, not 14.4 times a million.
  const amount: Amount = percent || times
    ? { value: Number(digits), unit: percent ? 'percent' : 'times', scaled: false }
    : cents
      ? { value: Number(`${digits}e-2`), unit: 'USD', scaled: false }
      : { value: Number(scale ? `${digits}e${scale}` : digits), unit: dollar ? 'USD' : 'number', scaled: scale !== undefined };
  return { amount, start: m.index, end: m.index + whole.length };
}
