/**
 * Which company a release is about, read from the release itself: the name printed before its
 * listing ("Caterpillar Inc. (NYSE: CAT)", "Sears, Roebuck and Co. (NYSE: S)"), else the company
 * that "today reported" or "today announced", else the headline's "X Reports ...". Nothing about
 * any company is known in advance.
 */

export interface CompanyName {
  name: string;
  ticker?: string;
  exchange?: string;
}

/** A capitalised name of up to six words, with its commas, "and", "&" and suffixes ("Inc.", "Co."). */
const NAME = String.raw`((?:(?:The|[A-Z][A-Za-z&'’.-]*|&),?\s+(?:and\s+|of\s+)?){0,5}[A-Z][A-Za-z&'’.-]*\.?)`;
/** A listing, "(NYSE: CAT)": looked for first, then the name right before it. */
const LISTING = /[([]\s*(NYSE|NASDAQ|Nasdaq|AMEX|Amex|NYSE American|NYSE Arca|Nyse)(?:\s*[A-Za-z]*)?\s*:\s*([A-Z][A-Z.]{0,5})\s*[)\]]/g;
const NAME_BEFORE = new RegExp(String.raw`${NAME},?\s*$`);
/** Far more than a six-word name takes. */
const NAME_REACH = 300;
const SUBJECT = new RegExp(String.raw`${NAME}®?\s+today\s+(?:reported|announced)`);
const HEADLINE = new RegExp(String.raw`^\s*${NAME}®?\s+(?:Reports|Announces|Posts)\b`, 'm');
/** Capitalised words that start a sentence or a dateline rather than a name. */
const NOT_NAME = /^(?:[A-Z]{2,}[,.]?\s+)*(?:[A-Z][a-z]+day,?\s+)?/;

const titleCase = (text: string) => text.toLowerCase().replace(/\b([a-z])/g, (c) => c.toUpperCase());

function clean(name: string): string {
  const trimmed = name.replace(/®/g, '').replace(/\s+/g, ' ').trim().replace(/,$/, '');
  if (trimmed === trimmed.toUpperCase()) return titleCase(trimmed);
  // A dateline's city in capitals may run into the name ("YORK - Verizon"): the name starts at mixed case.
  return trimmed.replace(NOT_NAME, '') || trimmed;
}

const exchangeName = (printed: string) => (/^nasdaq$/i.test(printed) ? 'Nasdaq' : printed.toUpperCase());

export function readCompany(text: string): CompanyName | undefined {
  const flat = text.slice(0, 20_000).replace(/\s+/g, ' ');
  // Matching the name at every capital of the text, then the listing, would cost far more.
  for (const listing of flat.matchAll(LISTING)) {
    const name = NAME_BEFORE.exec(flat.slice(Math.max(0, listing.index - NAME_REACH), listing.index))?.[1];
    if (name) return { name: clean(name), ticker: listing[2]?.replace(/\.$/, ''), exchange: exchangeName(listing[1] ?? '') };
  }
  const subject = SUBJECT.exec(flat) ?? HEADLINE.exec(text.slice(0, 5_000));
  return subject?.[1] ? { name: clean(subject[1]) } : undefined;
}

/** The key facts of one company share: its ticker, else its name without suffixes, in capitals. */
export function companyKey(company: CompanyName): string {
  if (company.ticker) return company.ticker.toUpperCase();
  return company.name
    .toUpperCase()
    .replace(/[^A-Z0-9 ]/g, ' ')
    .replace(/\b(INC|CORP|CORPORATION|CO|COMPANY|LTD|PLC|THE)\b/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}
