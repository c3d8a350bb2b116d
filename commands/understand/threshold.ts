/**
 * An amount a figure is set against ("was revenue above $20 million in Q4 2003?", "eps over 5 cents",
 * "gross margin > 30%"): found in the text with the words that set it (vocabulary: cues.json
 * `thresholds`), read as a number with its unit, and taken out of the text, so what is left is the
 * figure question. Which side of it the figure falls is the answer's to say, not the reader's.
 */
import { SCALE } from '../../knowledge/parse/narrative.ts';
import { longestFirst } from './phrases.ts';
import type { Amount } from './question.ts';
import { CUES } from './vocabulary.ts';

/**
 * Words of scale and their power of ten: the vocabulary's ("bn", "mln", "thousands"), and after a number the single
 * letters analysts write ("$14.4m", "2b"), which alone are letters of other words ("s&m").
 */
const SCALES: Readonly<Record<string, number>> = {
  ...Object.fromEntries(Object.entries(CUES.display_units).flatMap(([unit, words]) => {
    const scale = SCALE[unit];
    return scale ? words.map((w) => [w, Math.round(Math.log10(scale))] as const) : [];
  })),
  m: 6, b: 9,
};
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
export function thresholdIn(text: string): { amount: Amount; start: number; end: number } | { unreadable: string; fractionOfCent?: true } | undefined {
  const m = THRESHOLD.exec(text);
  if (!m) return undefined;
  const [whole, word = '', minus, sign, minusAfter, typed = '', unitWord] = m;
  // A negative amount ("EPS below -0.5") is not read: the sign would be lost, or set against a loss read as a size.
  if (minus || minusAfter) return undefined;
  if (typed.includes(',') && !GROUPED.test(typed)) return { unreadable: typed };
  // "Top" is an amount's word only with its sign or unit ("top $10m"): "top 3 revenue sources" is a rank.
  if (/^top/i.test(word) && !sign && !unitWord) return undefined;
  if (fractionOfCent(typed, unitWord)) return { unreadable: `${typed} cents`, fractionOfCent: true };
  const amount = amountOf(typed, sign, unitWord);
  return amount ? { amount, start: m.index, end: m.index + whole.length } : undefined;
}

/** An amount with its sign or unit: "$1.2 million", "9 cents", "14.4m", "27.8%"; a bare number is no claim. */
const CLAIMED = new RegExp(`(?<![a-z0-9.,$-])(\\$)?\\s*(\\d[\\d,]*(?:\\.\\d+)?|\\.\\d+)(?![\\d,]|\\.\\d)\\s*(%|percent|pct|cents?|c|¢|${SCALE_WORDS})?(?![a-z0-9])`, 'gi');
const CLAIM_ASKING = new RegExp(`^(?:${longestFirst(CUES.claims.asking)})\\b`, 'i');
const CLAIM_PREFIX = new RegExp(`^\\s*(?:${longestFirst(CUES.claims.prefixes)})\\b[:,]?`, 'i');
const CLAIM_CHECKING = new RegExp(`\\b(?:${longestFirst(CUES.claims.checking)})\\s*[?!.]*$`, 'i');
const CHANGE_BEFORE = new RegExp(`\\b(?:${longestFirst(CUES.claims.changes)})\\s*$`, 'i');
/** "Apple Q3 2004 revenue was": an amount said right after, the question a statement with its question mark. */
const STATED_BEFORE = new RegExp(`\\b(?:${longestFirst(CUES.claims.stated)})\\s+(?:(?:${longestFirst(CUES.claims.hedges)})\\s*)?$`, 'i');

/** A claimed amount said as roughly so: "about $14 million", "~$14m". */
const HEDGED = new RegExp(`(?:^|[^a-z])(?:${longestFirst(CUES.claims.hedges)})\\s*$`, 'i');

/**
 * The amount a yes-or-no question claims a figure was ("was net income $1.2 million in Q4 2003?", "is $1.2m the Q4
 * net income?", "EPS was 9 cents, right?"), and where in `text` it was said: one amount with its sign or unit, not
 * after a word of change ("was revenue up 10%?"). Checked, never searched for in the text as words. `from` and
 * `checking`: where the words asking to check it end ("is it true that") and start ("right?"), which ask nothing else.
 */
export function claimIn(text: string): { amount: Amount; start: number; end: number; from: number; checking: number } | undefined {
  const checked = CLAIM_CHECKING.exec(text);
  const prefix = CLAIM_PREFIX.exec(text);
  // Not a period's months ("9M 2003", "6m fy04"): an amount said has no year after it.
  const found = [...text.matchAll(CLAIMED)].filter((m) => (m[1] || m[3]) && !/^\s*(?:fy|fiscal|['’]?\d{2}\b|\d{4}\b)/i.test(text.slice(m.index + m[0].length)));
  const [m] = found;
  // "Apple Q3 2004 revenue was $2.0 billion?": a statement asked, as "..., right?" is (it searched the text for "revenue $2.0").
  // Not asked which ("what revenue was $14.4 million?", "when was it $14 million?"): that is no figure said to be checked.
  const stated = m !== undefined && /\?\s*$/.test(text) && STATED_BEFORE.test(text.slice(0, m.index)) && !/^\s*(?:what|which|when|where|who|how)\b/i.test(text);
  if (!CLAIM_ASKING.test(text.trim()) && !prefix && !checked && !stated) return undefined;
  if (!m || found.length > 1 || CHANGE_BEFORE.test(text.slice(0, m.index))) return undefined;
  const typed = m[2] ?? '';
  if (typed.includes(',') && !GROUPED.test(typed)) return undefined;
  const amount = amountOf(typed, m[1], m[3]);
  // The place of the last digit typed, in the amount's own terms: "13.6" billion is to the hundred million; a whole
  // number's trailing zeros before a scale word, or in a thousand or more, are no digits said ("$800 million" and
  // "$380,000" are to the hundred million and the ten thousand; "80 cents" is to the cent).
  const digits = typed.replace(/,/g, '');
  const decimals = digits.includes('.') ? (digits.split('.')[1] ?? '').length : 0;
  const zeros = decimals === 0 && (amount?.scaled || Number(digits) >= 1000) ? (/(0*)$/.exec(digits)?.[1]?.length ?? 0) : 0;
  const places = Number(digits) === 0 ? 0 : zeros - decimals;
  const step = amount ? Number((amount.value / Number(digits)) * 10 ** places) : undefined;
  const end = m.index + m[0].length;
  const from = prefix && prefix[0].length <= m.index ? prefix[0].length : 0;
  const about = HEDGED.test(text.slice(0, m.index));
  return amount ? { amount: { ...amount, ...(step && Number.isFinite(step) ? { step: Number(step.toPrecision(6)) } : {}), ...(about ? { about: true } : {}), ...(decimals > 0 && Number(digits) >= 0.1 ? { fraction: true } : {}) }, start: m.index, end, from, checking: checked && checked.index >= end ? checked.index : text.length } : undefined;
}

/** ".9 cents", "0.5 cents": a fraction of a cent, which no one means, and whether 9 cents or 90 is not said (".09 cents" is 9 either way). */
const fractionOfCent = (typed: string, unitWord: string | undefined): boolean =>
  /^(?:cents?|c|¢)$/i.test(unitWord ?? '') && /^\d*\.(?:\d|\d{3,})$/.test(typed) && Number(typed) < 1;

/** An amount alone, with its sign or unit ("15 cents", "$15", "$2.5bn?", "0.15 dollars"), and nothing else said. */
const ALONE = new RegExp(`^\\s*(\\$)?\\s*(\\d[\\d,]*(?:\\.\\d+)?|\\.\\d+)\\s*(%|percent|pct|cents?|c|¢|dollars?|usd|${SCALE_WORDS})?\\s*[?.!]*\\s*$`, 'i');

/**
 * A reply that is an amount alone: after a figure set against a bare number ("above 15", whose unit is asked), the amount
 * meant ("15 cents", "$15"); after one set against an amount, the amount meant instead ("no, 14,500,000"), bare or not (a
 * bare one set against, as at first, is asked its unit: never dropped, the figure shown with no verdict). A year alone is
 * none: a period.
 */
export function amountAlone(text: string): Amount | { unreadable: string; fractionOfCent: true } | undefined {
  const m = ALONE.exec(text);
  if (!m) return undefined;
  const typed = m[2] ?? '';
  if (fractionOfCent(typed, m[3])) return { unreadable: `${typed} cents`, fractionOfCent: true };
  return typed.includes(',') && !GROUPED.test(typed) ? undefined : amountOf(typed, m[1], m[3]);
}

/** The amount typed, with its sign and unit word as said; none for a year alone or a unit that cannot go with a dollar sign. */
function amountOf(typed: string, sign: string | undefined, unitWord: string | undefined): Amount | undefined {
  const digits = typed.replace(/,/g, '');
  const said = unitWord?.toLowerCase();
  // "13,500,000 dollars" is "$13,500,000".
  const dollarWord = said === 'dollar' || said === 'dollars' || said === 'usd';
  const dollar = sign ?? (dollarWord ? '$' : undefined);
  const unit = dollarWord ? undefined : said;
  // A year alone is no amount: "revenue over 2003" is the year's revenue ("above 2,014" is an amount).
  if (!dollar && !unit && /^(?:19|20)\d\d$/.test(typed)) return undefined;
  const scale = unit ? SCALES[unit] : undefined;
  const percent = unit === '%' || unit === 'percent' || unit === 'pct';
  // "Above 2x", "more than 2 times": a ratio's number.
  const times = unit === 'x' || unit === 'times';
  const cents = unit !== undefined && /^(?:cents?|c|¢)$/.test(unit);
  if ((percent || cents || times) && dollar) return undefined;
  // Read from the digits as typed, so "$14.4m" is 14,400,000 exactly, not 14.4 times a million. ".09 cents" is 9 cents,
  // whether the point was a dollar's or a slip: never a fraction of a cent.
  return percent || times
    ? { value: Number(digits), unit: percent ? 'percent' : 'times', scaled: false }
    : cents
      ? { value: /^\.\d\d$/.test(digits) ? Number(digits) : Number(`${digits}e-2`), unit: 'USD', scaled: false }
      : { value: Number(scale ? `${digits}e${scale}` : digits), unit: dollar ? 'USD' : 'number', scaled: scale !== undefined };
}
