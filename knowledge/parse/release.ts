/**
 * One release file to facts: its tables, and around them its contacts, headline, dateline, narrative
 * sentences, quotes, teleconference, definitions and profile. A file with neither a dateline nor a
 * statement table is not a release and is refused; a release with unreadable parts gives warnings
 * and the rest of it.
 */
import { FactSchema, type DefinitionFact, type Fact, type ReleaseFact, type Warning } from '../facts.ts';
import { isoDate, monthNumber, parsePeriodId, periodYear } from '../periods.ts';
import { parseContacts } from './contacts.ts';
import { parseEvents } from './events.ts';
import { isBlank, toLines, type SourceLine } from './lines.ts';
import { sentenceFacts } from './narrative.ts';
import { paragraphs, printedSpan, type Paragraph } from './paragraphs.ts';
import { parseQuotes } from './quotes.ts';
import { readStatements } from './statements.ts';
import type { TableGrid } from './table-grid.ts';
import { textTables } from './text-tables.ts';

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
const LISTED = /\((Nasdaq|NYSE|AMEX|NASDAQ|Nyse|Amex)[A-Za-z ]*: ?([A-Z.]+)\)/i;

function titleCase(text: string): string {
  return text.toLowerCase().replace(/\b([a-z])/g, (c) => c.toUpperCase());
}

interface Dateline {
  index: number;
  date: string;
  headquarters: string;
  company: string;
  exchange?: string;
  ticker?: string;
}

function readDateline(lines: SourceLine[], content: string): Dateline | undefined {
  const index = lines.findIndex((l) => DATELINE.test(l.text));
  const m = DATELINE.exec(lines[index]?.text ?? '');
  const month = monthNumber(m?.[3] ?? '');
  if (!m || !month) return undefined;
  const rest = m[6] ?? '';
  const printedCompany = /^(.+?),? \(/.exec(rest)?.[1] ?? rest.split(',')[0] ?? '';
  // Upper-case datelines ("INFOCROSSING, INC.") take the company's spelling from elsewhere in the text.
  const escaped = printedCompany.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const spelled = [...content.matchAll(new RegExp(escaped, 'gi'))].find((x) => x[0] !== x[0].toUpperCase());
  const listed = LISTED.exec(rest);
  const city = m[1] ?? '';
  return {
    index,
    date: isoDate(Number(m[5]), month, Number(m[4])),
    headquarters: `${city === city.toUpperCase() ? titleCase(city) : city}, ${m[2]}`,
    company: spelled?.[0] ?? printedCompany,
    ...(listed ? { exchange: titleCase(listed[1] ?? ''), ticker: listed[2] } : {}),
  };
}

function isAbout(p: Paragraph): boolean {
  return /^about\b/i.test(p.text);
}

/**
 * "About Infocrossing, Inc. (www.infocrossing.com) Infocrossing provides..." without its lead-in and
 * link. Found by position: a pattern for it backtracked through every "(" of a text with no ")".
 */
function withoutLink(about: string): string {
  const open = about.indexOf('(', 'about '.length);
  const close = open < 0 ? -1 : about.indexOf(')', open);
  if (!/^about /i.test(about) || close < 0) return about;
  return about.slice(close + 1).trimStart();
}

function definitionOf(release: string, date: string, p: Paragraph): DefinitionFact | undefined {
  const m = /^["“]?([A-Z][A-Za-z&-]+)["”]? (?:is|are) defined as\b/.exec(p.text);
  if (!m?.[1]) return undefined;
  return { kind: 'definition', term: m[1], definition: p.text, date, release, ...printedSpan(p, 0, p.text.length) };
}

/** The figures of a release's tables, and the lines the tables take (not narrative). */
function statementsOf(release: string, grids: readonly TableGrid[], layoutWarnings: readonly Warning[]) {
  const read = readStatements(release, grids);
  return {
    facts: read.facts,
    warnings: [...layoutWarnings, ...read.warnings],
    periods: read.periods,
    ranges: grids.map((g) => [g.start, g.end] as const),
  };
}

export function parseRelease(release: string, content: string): ParsedRelease {
  const lines = toLines(content);
  const text = textTables(release, lines);
  const tables = statementsOf(release, text.grids, text.warnings);
  // Before reading the prose: a file of figures this large would only be refused after it.
  if (tables.facts.length > MAX_FACTS_PER_RELEASE) return { ok: false, release, reason: tooMany(tables.facts.length, 'figures', MAX_FACTS_PER_RELEASE) };
  const dateline = readDateline(lines, content);
  if (!dateline && tables.facts.length === 0) {
    return { ok: false, release, reason: 'not an earnings release: no dateline ("CITY, ST, Month D, YYYY --") and no statement table with column years' };
  }
  const warnings: Warning[] = [...tables.warnings];
  if (!dateline) warnings.push({ code: 'unreadable_file', release, message: 'no dateline ("CITY, ST, Month D, YYYY --"): the release date, headline and narrative are not read' });
  if (tables.facts.length === 0) warnings.push({ code: 'unreadable_file', release, message: 'no statement table with column years: no figures are read from this release' });

  const date = dateline?.date ?? '';
  const { contacts, end: contactsEnd } = parseContacts(release, date, lines.slice(0, dateline?.index ?? 0));
  const facts: Fact[] = [...tables.facts, ...contacts];

  if (dateline) {
    const headerLines = lines.slice(0, dateline.index).filter((l) => l.no > contactsEnd && !isBlank(l));
    const headline = headerLines.filter((l) => !/^\s*[o•*-]\s/.test(l.text) && l.text === l.text.toUpperCase() && /[A-Z]{3}/.test(l.text));
    const inHeadline = new Set(headline);
    const bullets = paragraphs(headerLines.filter((l) => !inHeadline.has(l)));
    const tableLines = new Set(tables.ranges.flatMap(([from, to]) => Array.from({ length: to - from + 1 }, (_, k) => from + k)));
    const body = paragraphs(lines.slice(dateline.index).filter((l) => !tableLines.has(l.no)));
    const latest = tables.periods.map(parsePeriodId).filter((p) => p?.kind === 'duration').map((p) => (p ? periodYear(p) : 0));
    const ctx = { year: latest.length > 0 ? latest.reduce((a, b) => Math.max(a, b)) : Number(date.slice(0, 4)) };

    const about = body.find(isAbout);
    const definitions = body.map((p) => definitionOf(release, date, p)).filter((d): d is DefinitionFact => d !== undefined);
    const defined = new Set(definitions.map((d) => d.line));
    const narrative = body.filter((p) => p !== about && !defined.has(p.lines[0]?.no ?? 0));
    const aboutText = about && withoutLink(about.text);

    const releaseFact: ReleaseFact = {
      kind: 'release',
      date,
      headline: headline.map((l) => l.text.trim()).join(' '),
      company: dateline.company,
      ...(dateline.ticker ? { ticker: dateline.ticker, exchange: dateline.exchange } : {}),
      headquarters: dateline.headquarters,
      ...(aboutText ? { about: aboutText } : {}),
      periods: tables.periods,
      release,
      line: headline[0]?.no ?? lines[dateline.index]?.no ?? 1,
      ...(headline.length > 1 ? { lineEnd: headline[headline.length - 1]?.no } : {}),
      text: headline.map((l) => l.raw).join('\n'),
    };
    facts.push(
      releaseFact,
      ...sentenceFacts(release, 'headline', bullets, ctx),
      ...sentenceFacts(release, 'body', narrative, ctx),
      ...(about ? sentenceFacts(release, 'about', [about], ctx) : []),
      ...parseQuotes(release, date, narrative, contacts.map((c) => c.name)),
      ...parseEvents(release, narrative),
      ...definitions,
    );
  }

  // zod at the edge: a fact that does not hold its schema is reported, not served.
  const valid: Fact[] = [];
  for (const fact of facts) {
    const checked = FactSchema.safeParse(fact);
    if (checked.success) valid.push(checked.data);
    else warnings.push({ code: 'unreadable_line', release, line: fact.line, message: `line ${fact.line}: ${fact.kind} fact not read (${checked.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')})` });
  }
  if (valid.length > MAX_FACTS_PER_RELEASE) return { ok: false, release, reason: tooMany(valid.length, 'facts', MAX_FACTS_PER_RELEASE) };
  if (warnings.length > MAX_WARNINGS_PER_RELEASE) return { ok: false, release, reason: tooMany(warnings.length, 'unreadable lines and other warnings', MAX_WARNINGS_PER_RELEASE) };
  return { ok: true, release, facts: valid, warnings };
}
