/**
 * One release file to facts: its tables, and around them its contacts, headline, dateline, narrative
 * sentences, quotes, teleconference, definitions and profile. A file with neither a dateline nor a
 * statement table is not a release and is refused; a release with unreadable parts gives warnings
 * and the rest of it.
 */
import { normaliseLabel } from '../concepts.ts';
import { FactSchema, type DefinitionFact, type Fact, type ReleaseFact, type Unstamped, type Warning } from '../facts.ts';
import { companyKey, readCompany, type CompanyName } from './company.ts';
import { labelOverrides } from './label-overrides.ts';
import { isoDate, monthNumber, parsePeriodId, periodEnd, periodYear } from '../periods.ts';
import { parseContacts } from './contacts.ts';
import { parseEvents } from './events.ts';
import { isBlank, toLines, type SourceLine } from './lines.ts';
import { MONTH_PATTERN } from '../period-grammar.ts';
import { sentenceFacts } from './narrative.ts';
import { BULLET, paragraphs, printedSpan, type Paragraph } from './paragraphs.ts';
import { parseQuotes } from './quotes.ts';
import { readStatements } from './statements.ts';
import type { TableGrid } from './table-grid.ts';
import { textTables } from './text-tables.ts';
import { readHtml } from './html.ts';

export type ParsedRelease =
  | { ok: true; release: string; facts: Fact[]; warnings: Warning[] }
  | { ok: false; release: string; reason: string };

/**
 * A press release has a few hundred facts and a handful of warnings. A file with far more is not
 * one, and serving it would cost every answer memory and time: it is refused, saying so.
 */
export const MAX_FACTS_PER_RELEASE = 5_000;
const MAX_WARNINGS_PER_RELEASE = 1_000;

const tooMany = (count: number, what: string, limit: number) =>
  `${count} ${what}, over the limit of ${limit} per release: not a press release (a real one has a few hundred)`;

const DATELINE = /^\s*([A-Z][A-Za-z .'-]+), ([A-Z]{2}|[A-Z][a-z]+)\.?, ([A-Za-z]+)\.? (\d{1,2}), (\d{4})\s+--\s+(.*)$/;
/** A date printed in full ("July 14, 2004", "FEB. 1, 2001"): the release's date when no dateline gives it. */
const FULL_DATE = new RegExp(String.raw`\b${MONTH_PATTERN} (\d{1,2}), ((?:19|20)\d{2})\b`, 'i');
/** A dateline starts with its city in capitals; its date may lack the year ("July 22 /PRNewswire/ --"). */
const CITY = /^\s*[A-Z][A-Z .'-]+,/;
const WIRE_DATE = new RegExp(String.raw`^[^/]*?\b${MONTH_PATTERN} (\d{1,2})\s*(?:/|--|—|–)`, 'i');
/** Lines of a filing's top that are no headline: "EXHIBIT 99", "NEWS RELEASE   [VERIZON LOGO]", "FOR IMMEDIATE RELEASE", "Press Contact: ...". */
const BOILERPLATE = /^\s*(?:exhibit\b|news release\b|press release\b|for immediate release\b)|\[[^\]]*logo\]|\bcontacts?:/i;

/** A title in title case: three words or more, not a sentence nor an address (numbers), its longer words capitalised. */
function isTitleCase(text: string): boolean {
  const words = text.trim().split(/\s+/);
  const long = words.filter((w) => /[A-Za-z]{4,}/.test(w));
  const numbers = words.filter((w) => /\d/.test(w)).length;
  return words.length >= 3 && numbers <= 1 && !/\.\s*$/.test(text) && long.length > 0 && long.filter((w) => /^[A-Z]/.test(w)).length >= 0.75 * long.length;
}
/** How far into a release its date is looked for. */
const DATE_REACH = 80;

function titleCase(text: string): string {
  return text.toLowerCase().replace(/\b([a-z])/g, (c) => c.toUpperCase());
}

/** A dateline's city as a place: "LEONIA" is Leonia, "New York" stays as printed. */
const placeName = (city: string) => (city === city.toUpperCase() ? titleCase(city) : city);

interface Dateline {
  index: number;
  date: string;
  headquarters: string;
}

function readDateline(lines: SourceLine[]): Dateline | undefined {
  const index = lines.findIndex((l) => DATELINE.test(l.text));
  const m = DATELINE.exec(lines[index]?.text ?? '');
  const month = monthNumber(m?.[3] ?? '');
  if (!m || !month) return undefined;
  const city = m[1] ?? '';
  return {
    index,
    date: isoDate(Number(m[5]), month, Number(m[4])),
    headquarters: `${placeName(city)}, ${m[2]}`,
  };
}

/** A place at a line's start, then at most a date and a wire's name, then a dash: "CUPERTINO, California—", "HOFFMAN ESTATES, Ill., July 22 /PRNewswire/ --". */
const PLACE = /^\s*([A-Z][A-Za-z.'-]*(?: [A-Z][A-Za-z.'-]*){0,3})((?:, [A-Z][A-Za-z.]*(?: [A-Z][a-z.]+)?)?),?\s*(.{0,60}?)\s*(?:--|—|–| - )/;
const DATE_AND_WIRE = /^(?:[A-Za-z]+\.? \d{1,2}(?:, \d{4})?)?\s*(?:\/[^/]*\/)?$/;
/** How far into a release a dateline of another form is looked for. */
const PLACE_REACH = 60;

/**
 * Where the company is based, from a dateline of another form than Infocrossing's: a city in
 * capitals ("NEW YORK - Verizon ...", "DEERFIELD, Ill. – Caterpillar ..."), or any city with the
 * date after it ("New York, January 18 --").
 */
function readPlace(lines: readonly SourceLine[]): string | undefined {
  for (const line of lines.slice(0, PLACE_REACH)) {
    const m = PLACE.exec(line.text);
    if (!m) continue;
    const city = m[1] ?? '';
    let state = (m[2] ?? '').replace(/^, /, '');
    let between = (m[3] ?? '').trim();
    // "New York, January 18 --": the month is the date's, not a state.
    if (state && monthNumber(state.slice(0, 3))) [between, state] = [`${state} ${between}`.trim(), ''];
    // A city in title case is a place only with its date after it: "Revenue, net -" is none.
    if (!DATE_AND_WIRE.test(between) || !(city === city.toUpperCase() || between)) continue;
    return state ? `${placeName(city)}, ${state}` : placeName(city);
  }
  return undefined;
}

/**
 * The release's date when no dateline of the usual form gives it, and its line (where the release
 * proper starts): a wire dateline without its year ("HOFFMAN ESTATES, Ill., July 22 /PRNewswire/ --"),
 * its year from the first full date; else the first full date near the top.
 */
function firstDate(lines: SourceLine[]): { index: number; date: string } | undefined {
  let full: { index: number; year: number; month: number; day: number } | undefined;
  for (let i = 0; i < Math.min(lines.length, DATE_REACH) && !full; i++) {
    const m = FULL_DATE.exec(lines[i]?.text ?? '');
    const month = monthNumber(m?.[1] ?? '');
    if (m && month) full = { index: i, year: Number(m[3]), month, day: Number(m[2]) };
  }
  if (!full) return undefined;
  for (let i = 0; i < Math.min(lines.length, DATE_REACH); i++) {
    const text = lines[i]?.text ?? '';
    const m = CITY.test(text) ? WIRE_DATE.exec(text) : null;
    const month = monthNumber(m?.[1] ?? '');
    if (m && month) return { index: i, date: isoDate(full.year, month, Number(m[2])) };
  }
  return { index: full.index, date: isoDate(full.year, full.month, full.day) };
}

/** A story's first line without its date: the city in capitals, then a dash ("NEW YORK - Verizon …", "KEARNEY, NE -- (BUSINESS WIRE) --"). */
const CITY_DASH = /^\s*[A-Z][A-Z.'-]+(?: [A-Z][A-Z.'-]+)*(?:, [A-Z][A-Za-z.]+)?\s+(?:--?|—|–)\s/;
/** Longer lines are a story's text, not a top's date, contacts, headline or highlights. */
const TOP_LINE = 90;

/**
 * Where the story starts when only a date line dates the release ("FEB. 1, 2001"): the headline,
 * contacts and highlights may follow that date, down to a line with the city and a dash; the
 * date's own line when text runs before any such line.
 */
function storyStart(lines: readonly SourceLine[], dated: number): number {
  for (let i = dated + 1; i < Math.min(lines.length, dated + DATE_REACH); i++) {
    const text = lines[i]?.text ?? '';
    if (CITY_DASH.test(text)) return i;
    if (text.trim().length > TOP_LINE) break;
  }
  return dated;
}

function isAbout(p: Paragraph): boolean {
  return /^about\b/i.test(p.text);
}

/** What an "About" paragraph says: under its heading when the heading is a line of its own ("About Oracle"), else without its lead-in. */
function aboutOf(p: Paragraph): string {
  const [heading] = p.lines;
  const rest = p.starts[1];
  if (heading && rest !== undefined && isName(heading.text.trim().replace(/^about\s+/i, ''))) return p.text.slice(rest);
  return withoutLink(p.text);
}

/**
 * "About Infocrossing, Inc. (www.infocrossing.com) Infocrossing provides..." without its lead-in and
 * link. Found by position: a pattern for it backtracked through every "(" of a text with no ")".
 */
function withoutLink(about: string): string {
  const open = about.indexOf('(', 'about '.length);
  const close = open < 0 ? -1 : about.indexOf(')', open);
  if (!/^about /i.test(about) || close < 0 || !isName(about.slice('about '.length, open))) return about;
  return about.slice(close + 1).trimStart();
}

/**
 * Words that can be a heading's company name ("Infocrossing, Inc.", "The Buckle"): a few, each
 * capitalised or a joining word. "Oracle engineers hardware ... about Oracle" is a sentence, and
 * the "(NYSE: ORCL)" after it no link of the heading.
 */
function isName(text: string): boolean {
  const words = text.trim().split(/\s+/).filter(Boolean);
  return words.length > 0 && words.length <= 6 && words.every((w) => /^[A-Z0-9&]/.test(w) || /^(and|of|the|de|du)$/.test(w));
}

function definitionOf(release: string, date: string, p: Paragraph): Unstamped<DefinitionFact> | undefined {
  const m = /^["“]?([A-Z][A-Za-z&-]+)["”]? (?:is|are) defined as\b/.exec(p.text);
  if (!m?.[1]) return undefined;
  return { kind: 'definition', term: m[1], definition: p.text, date, release, ...printedSpan(p, 0, p.text.length) };
}

/** A release's word that it reclassified its prior periods, wherever it stands (often among the tables' notes). */
const RECLASSIFIED = /\breclass(?:es|ified|ifications?)?\b[^.]*\bprior\b|\bprior\b[^.]*\breclass/i;

/** The note saying prior periods were reclassified, with its first line; its lines up to a blank one, as one text. */
function reclassNote(lines: readonly SourceLine[]): { line: number; text: string } | undefined {
  for (let i = 0; i < lines.length; i++) {
    if (!/reclass/i.test(lines[i]?.text ?? '')) continue;
    const note: string[] = [];
    for (let j = i; j < lines.length && !isBlank(lines[j] as SourceLine) && note.length < NOTE_LINES; j++) note.push((lines[j] as SourceLine).text.trim());
    const text = note.join(' ');
    if (RECLASSIFIED.test(text)) return { line: lines[i]?.no ?? 1, text };
  }
  return undefined;
}

/** Lines of the text below a table that a note about it may take, up to the next table's figures. */
const NOTE_LINES = 8;

/**
 * The release's text just below `grid` (a "FOOTNOTES:" heading and the note under it), on one line.
 * The next table's caption may reach up into it: its figures end it, not its caption.
 */
function textBelow(lines: readonly SourceLine[], grids: readonly TableGrid[], grid: TableGrid): string {
  const nextTable = grids.find((g) => g.start > grid.end)?.rows[0]?.line ?? Infinity;
  const from = lines.findIndex((l) => l.no > grid.end);
  if (from < 0) return '';
  const below: string[] = [];
  for (let i = from; i < lines.length && below.length < NOTE_LINES; i++) {
    const line = lines[i] as SourceLine;
    if (line.no >= nextTable) break;
    if (!isBlank(line)) below.push(line.text.trim());
  }
  return below.join(' ');
}

/** The figures of a release's tables, and the lines the tables take (not narrative). */
function statementsOf(release: string, lines: readonly SourceLine[], grids: readonly TableGrid[], layoutWarnings: readonly Warning[], company: CompanyName | undefined, key: string) {
  // The company's first name word tells its own statements from a subsidiary's.
  const word = company?.name.toLowerCase().match(/[a-z]{3,}/)?.[0];
  const overrides = labelOverrides(key);
  const read = readStatements(release, grids, { ...(word ? { word } : {}), ...(overrides ? { overrides } : {}), below: (grid) => textBelow(lines, grids, grid) });
  return {
    facts: read.facts,
    warnings: [...layoutWarnings, ...read.warnings],
    periods: read.periods,
    calendar: read.calendar,
    ranges: grids.map((g) => [g.start, g.end] as const),
  };
}

/** A release that names no company is filed under its file name, and says so. */
function unnamed(release: string, warnings: Warning[]): CompanyName {
  const name = release.replace(/\.[a-z]+$/i, '');
  warnings.push({ code: 'no_company', release, message: `no company name found (as "Name (NYSE: TICK)" or "Name today reported"): its facts are filed under "${name}"` });
  return { name };
}

/** HTML releases (`.htm`, `.html`) by their name: a text release may quote a tag or two. */
const HTML_FILE = /\.html?$/i;

export function parseRelease(release: string, content: string): ParsedRelease {
  if (HTML_FILE.test(release)) {
    const html = readHtml(content);
    return readRelease(release, html.lines, html.tables, []);
  }
  const lines = toLines(content);
  const layout = textTables(release, lines);
  return readRelease(release, lines, layout.grids, layout.warnings);
}

/** A release read into lines and table grids (from text or HTML) to its facts. */
export function readRelease(release: string, lines: SourceLine[], grids: readonly TableGrid[], layoutWarnings: readonly Warning[]): ParsedRelease {
  const warnings: Warning[] = [];
  const named = readCompany(lines.map((l) => l.text).join('\n'));
  const company = named ?? unnamed(release, warnings);
  const key = companyKey(company);
  const tables = statementsOf(release, lines, grids, layoutWarnings, named, key);
  // Before reading the prose: a file of figures this large would only be refused after it.
  if (tables.facts.length > MAX_FACTS_PER_RELEASE) return { ok: false, release, reason: tooMany(tables.facts.length, 'figures', MAX_FACTS_PER_RELEASE) };
  const dateline = readDateline(lines);
  const headquarters = dateline?.headquarters ?? readPlace(lines);
  const printed = dateline ?? firstDate(lines);
  // A release of words only (no table) is one when it names its company and its date.
  if (!dateline && tables.facts.length === 0 && !(named && printed)) {
    return { ok: false, release, reason: 'not an earnings release: no dateline ("CITY, ST, Month D, YYYY --"), no company and date, and no statement table with column periods' };
  }
  warnings.push(...tables.warnings);
  if (tables.facts.length === 0) warnings.push({ code: 'unreadable_file', release, message: 'no statement table with column periods: no figures are read from this release' });

  const latestEnd = tables.periods.map(parsePeriodId).flatMap((p) => (p ? [periodEnd(p)] : [])).sort().pop();
  const date = printed?.date ?? latestEnd ?? '';
  if (!printed) warnings.push({ code: 'unreadable_file', release, message: `no release date printed near the top: dated by its latest period, ${date}` });
  // Where the release proper starts: its dateline, else its story's first line, else its first full date; contacts and headline are above.
  const start = dateline ? dateline.index : storyStart(lines, printed?.index ?? 0);
  const { contacts, end: contactsEnd } = parseContacts(release, date, lines, start);
  const facts: Array<Unstamped<Fact>> = [...tables.facts, ...contacts];

  const headerLines = lines.slice(0, start).filter((l) => l.no > contactsEnd && !isBlank(l));
  const titles = headerLines.filter((l) => !BULLET.test(l.text) && !BOILERPLATE.test(l.text) && !FULL_DATE.test(l.text));
  // A heading over bullets ("YEAR-END HIGHLIGHTS") names the highlights, not the release.
  const overBullets = (l: SourceLine) => BULLET.test(headerLines[headerLines.indexOf(l) + 1]?.text ?? '');
  const capitals = titles.filter((l) => l.text === l.text.toUpperCase() && /[A-Z]{3}/.test(l.text) && !overBullets(l));
  // In capitals where the release has them; else in title case ("Apple Reports Third Quarter Results"), never the company's name alone.
  const headline = capitals.length > 0 ? capitals : titles.filter((l) => isTitleCase(l.text) && normaliseLabel(l.text) !== normaliseLabel(company.name));
  const inHeadline = new Set(headline);
  const bullets = paragraphs(headerLines.filter((l) => !inHeadline.has(l)));
  const tableLines = new Set(tables.ranges.flatMap(([from, to]) => Array.from({ length: to - from + 1 }, (_, k) => from + k)));
  const body = paragraphs(lines.slice(start).filter((l) => !tableLines.has(l.no)));
  const latest = tables.periods.map(parsePeriodId).filter((p) => p?.kind === 'duration').map((p) => (p ? periodYear(p) : 0));
  const quarters = tables.periods.filter((id) => /^\d{4}-Q[1-4]$/.test(id)).sort();
  const quarter = quarters[quarters.length - 1];
  const ctx = { year: latest.length > 0 ? latest.reduce((a, b) => Math.max(a, b)) : Number(date.slice(0, 4)), ...(quarter ? { quarter } : {}) };

  const about = body.find(isAbout);
  const definitions = body.map((p) => definitionOf(release, date, p)).filter((d): d is Unstamped<DefinitionFact> => d !== undefined);
  const defined = new Set(definitions.map((d) => d.line));
  const narrative = body.filter((p) => p !== about && !defined.has(p.lines[0]?.no ?? 0));
  const aboutText = about && aboutOf(about);

  const reclassified = reclassNote(lines);
  const releaseFact: Unstamped<ReleaseFact> = {
    kind: 'release',
    date,
    headline: headline.map((l) => l.text.trim()).join(' '),
    companyName: company.name,
    ...(company.ticker ? { ticker: company.ticker, ...(company.exchange ? { exchange: company.exchange } : {}) } : {}),
    ...(headquarters ? { headquarters } : {}),
    ...(aboutText ? { about: aboutText } : {}),
    periods: tables.periods,
    ...(tables.facts.length > 0 ? { fiscalYearEnd: tables.calendar.endMonth } : {}),
    ...(reclassified ? { reclassified } : {}),
    release,
    line: headline[0]?.no ?? lines[start]?.no ?? 1,
    ...(headline.length > 1 ? { lineEnd: headline[headline.length - 1]?.no } : {}),
    text: headline.map((l) => l.raw).join('\n'),
  };
  facts.push(
    releaseFact,
    ...sentenceFacts(release, 'headline', bullets, ctx),
    ...sentenceFacts(release, 'body', narrative, ctx),
    ...(about ? sentenceFacts(release, 'about', [about], ctx) : []),
    ...parseQuotes(release, date, narrative, contacts.map((c) => c.name)),
    ...parseEvents(release, narrative, date),
    ...definitions,
  );

  // zod at the edge: a fact that does not hold its schema is reported, not served.
  const valid: Fact[] = [];
  for (const fact of facts) {
    const checked = FactSchema.safeParse({ ...fact, company: key });
    if (checked.success) valid.push(checked.data);
    else warnings.push({ code: 'unreadable_line', release, line: fact.line, message: `line ${fact.line}: ${fact.kind} fact not read (${checked.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')})` });
  }
  if (valid.length > MAX_FACTS_PER_RELEASE) return { ok: false, release, reason: tooMany(valid.length, 'facts', MAX_FACTS_PER_RELEASE) };
  if (warnings.length > MAX_WARNINGS_PER_RELEASE) return { ok: false, release, reason: tooMany(warnings.length, 'unreadable lines and other warnings', MAX_WARNINGS_PER_RELEASE) };
  return { ok: true, release, facts: valid, warnings };
}
