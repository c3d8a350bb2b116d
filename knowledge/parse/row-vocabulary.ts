/**
 * Per-share rows: which EPS a row is, from its label and the block heading above it.
 *
 * Releases print EPS under headings ("Basic earnings per share:", "PER COMMON SHARE:", "Basic" then
 * "Diluted") and repeat the same label in each block, or print it in one row ("Profit per common
 * share — diluted"). Only the bottom-line EPS is read: a line "before cumulative effect", a
 * dividend or a book value per share is another figure. The words are data, in
 * knowledge/vocabulary/statement-rows.json.
 */
import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { normaliseLabel, stripFootnotes, type Concept } from '../concepts.ts';

const words = z.array(z.string().min(1)).min(1);
const Variant = z.enum(['basic', 'diluted', 'basic_and_diluted']);
type Variant = z.infer<typeof Variant>;

export const StatementRowsSchema = z.object({
  $comment: z.string(),
  perShare: words,
  shares: words,
  weightedShares: words,
  sharesCounted: words,
  stockLine: words,
  sharesAtDate: words,
  bottomLineWords: words,
  otherPerShareLines: words,
  variants: z.array(z.tuple([z.string().min(1), Variant])).min(1),
});

export const STATEMENT_ROWS = StatementRowsSchema.parse(
  JSON.parse(readFileSync(new URL('../vocabulary/statement-rows.json', import.meta.url), 'utf8')),
);

const has = (text: string, phrases: readonly string[]) => phrases.some((p) => ` ${text} `.includes(` ${p} `));
const BOTTOM_LINE = new Set(STATEMENT_ROWS.bottomLineWords);

function variantOf(text: string): Variant | undefined {
  return STATEMENT_ROWS.variants.find(([phrase]) => has(text, [phrase]))?.[1];
}

/** Drops "per share" so that "shares" in what is left means a share count. */
const withoutPerShare = (text: string) => ` ${text} `.replace(/ per (common )?share /g, ' ').trim();
const isSharesText = (text: string) => has(withoutPerShare(text), STATEMENT_ROWS.shares);

/** The heading rows above: whether they open a per-share block, which EPS, a share-count block. */
export interface Section {
  text: string;
  perShare: boolean;
  shares: boolean;
  variant?: Variant;
  /** A block of another per-share line ("Earnings per common share before accounting change:"). */
  other: boolean;
}

/** The section a heading row opens; "Basic" or "Diluted" alone refines a per-share block. */
export function sectionOf(heading: string, previous: Section | undefined): Section {
  const text = normaliseLabel(stripFootnotes(heading));
  const variant = variantOf(text);
  const bare = variant !== undefined && text.split(' ').every((w) => BOTTOM_LINE.has(w));
  if (bare && previous && (previous.perShare || previous.shares)) return { ...previous, text: `${previous.text} ${text}`, variant };
  const perShare = has(text, STATEMENT_ROWS.perShare) || bare;
  return {
    text,
    perShare,
    shares: isSharesText(text),
    ...(variant ? { variant } : {}),
    other: perShare && has(text, STATEMENT_ROWS.otherPerShareLines),
  };
}

/** `average`, `counted`: a share count said to be a weighted average, or a count outstanding, by its label or its heading. */
export type PerShareRow = { kind: 'eps'; concept: Concept } | { kind: 'shares'; concept: Concept; average: boolean; counted: boolean } | 'skip' | undefined;

/**
 * What a row is when it is about shares: an EPS, a share count, another per-share line ('skip'),
 * or undefined when it is not a per-share row at all. A bare EPS label is basic when the table
 * also prints a diluted one, else the one EPS the table gives.
 */
export function perShareRow(label: string, section: Section, tableHasDiluted: boolean): PerShareRow {
  const text = normaliseLabel(stripFootnotes(label));
  const labelPerShare = has(text, STATEMENT_ROWS.perShare);
  // A weighted average says so on its own ("Weighted average number of common shares-assuming dilution").
  const weighted = isSharesText(text) && has(text, STATEMENT_ROWS.weightedShares);
  // So does a count of shares outstanding ("Total common shares outstanding"), never "Common shares" alone (a dollar line).
  const counted = isSharesText(text) && has(text, STATEMENT_ROWS.sharesCounted) && !has(text, STATEMENT_ROWS.stockLine);
  if (!labelPerShare && !section.perShare && !section.shares && !weighted && !counted) return undefined;
  const variant = variantOf(text) ?? section.variant ?? (tableHasDiluted ? 'basic' : 'basic_and_diluted');
  if (isSharesText(text) || (section.shares && !labelPerShare)) {
    // Shares outstanding "End of period" are a count at a date, never the period's weighted average.
    const said = `${section.text} ${text}`;
    if (has(said, STATEMENT_ROWS.sharesAtDate)) return { kind: 'shares', concept: 'shares_outstanding', average: false, counted: true };
    // "Weighted average shares and equivalents" under a basic heading is the diluted count.
    const v = /equivalents/.test(text) && variant === 'basic' ? 'diluted' : variant;
    return { kind: 'shares', concept: `shares_${v}`, average: has(said, STATEMENT_ROWS.weightedShares), counted: has(said, STATEMENT_ROWS.sharesCounted) };
  }
  if (section.other || has(text, STATEMENT_ROWS.otherPerShareLines)) return 'skip';
  if (!text.split(' ').every((w) => BOTTOM_LINE.has(w))) return 'skip';
  return { kind: 'eps', concept: `eps_${variant}` };
}
