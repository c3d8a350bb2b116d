/**
 * Realistic earnings releases, generated: N releases of N/10 companies (by default), written as
 * the fixed-width text releases the parser reads (modelled on knowledge/releases/*.txt and the
 * Sears release in test/fixtures/realworld/releases). Each company has its own name, ticker,
 * exchange, headquarters, people, fiscal calendar (December, June or September year ends in
 * months; January year ends in 52/53-week years), scale (thousands or millions), size and layout
 * (SEC <TABLE> markup or plain, one EPS row or Basic and Diluted, an EBITDA reconciliation or
 * none, contacts or none). Its figures come from one quarterly series, so every release agrees
 * with the others on the periods they share, and every subtotal adds up at the printed scale:
 * the checks find nothing to warn about.
 *
 * Deterministic: the same options give the same bytes.
 *
 *   node --import ./knowledge/typescript.mjs bench/generate.ts --releases 1000 --out /tmp/releases [--companies 100] [--seed 1]
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import type { Concept } from '../knowledge/concepts.ts';
import { isMain } from './stats.ts';

export interface GenerateOptions {
  releases: number;
  /** Default: releases / 10, at least 1. */
  companies?: number;
  seed?: number;
}

/** A figure a release prints, as the parser should read it: for tests of the generator. */
export interface PrintedFigure {
  concept: Concept;
  period: string;
  /** In base units (dollars, shares, dollars per share). */
  value: number;
}

export interface GeneratedRelease {
  name: string;
  content: string;
  /** The company's key: its ticker. */
  company: string;
  figures: PrintedFigure[];
}

// ---------------------------------------------------------------------------------------------
// Randomness and formatting

type Rng = () => number;

/** mulberry32: small, fast, deterministic. */
function rngOf(seed: number): Rng {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const pick = <T>(rng: Rng, list: readonly T[]): T => list[Math.floor(rng() * list.length)] as T;
const between = (rng: Rng, lo: number, hi: number) => lo + (hi - lo) * rng();
const int = (rng: Rng, lo: number, hi: number) => Math.floor(between(rng, lo, hi + 1));

/** 13,582; (2,396) for a negative; a dash for zero. */
function amount(n: number): string {
  if (n === 0) return '-';
  const s = Math.abs(n).toLocaleString('en-US');
  return n < 0 ? `(${s})` : s;
}

const capital = (text: string) => `${text.charAt(0).toUpperCase()}${text.slice(1)}`;
const perShare = (n: number) => (n < 0 ? `(${Math.abs(n).toFixed(2)})` : n.toFixed(2));

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const ORDINAL = ['first', 'second', 'third', 'fourth'];

interface Day {
  year: number;
  month: number;
  day: number;
}

const dayOf = (d: Date): Day => ({ year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate() });
const dateOf = (d: Day) => new Date(Date.UTC(d.year, d.month - 1, d.day));
const addDays = (d: Day, n: number) => dayOf(new Date(dateOf(d).getTime() + n * 86_400_000));
const monthEnd = (year: number, month: number): Day => dayOf(new Date(Date.UTC(year, month, 0)));
const longDate = (d: Day) => `${MONTHS[d.month - 1]} ${d.day}, ${d.year}`;
const monthDay = (d: Day) => `${MONTHS[d.month - 1]} ${d.day},`;
const iso = (d: Day) => `${d.year}-${String(d.month).padStart(2, '0')}-${String(d.day).padStart(2, '0')}`;
const weekday = (d: Day) => WEEKDAYS[dateOf(d).getUTCDay()] as string;

/** Millions as a sentence prints them: "$13.6 million", "$1.25 billion". */
function money(base: number): string {
  const abs = Math.abs(base);
  if (abs >= 1e9) return `$${(abs / 1e9).toFixed(2)} billion`;
  return `$${(abs / 1e6).toFixed(1)} million`;
}

function pct(now: number, before: number): string {
  return `${Math.abs(((now - before) / Math.abs(before)) * 100).toFixed(1)}%`;
}

/** Wraps running text at 80 columns, as the releases are printed. */
function wrap(text: string, indent = ''): string {
  const out: string[] = [];
  let line = indent;
  for (const word of text.split(/\s+/).filter(Boolean)) {
    if (line.trim() && line.length + 1 + word.length > 80) {
      out.push(line);
      line = word;
    } else line = line.trim() ? `${line} ${word}` : `${line}${word}`;
  }
  if (line.trim()) out.push(line);
  return out.join('\n');
}

// ---------------------------------------------------------------------------------------------
// Companies

const NAME_STARTS = ['Al', 'Bel', 'Cor', 'Dun', 'El', 'Fair', 'Gran', 'Har', 'Ivor', 'Jun', 'Kel', 'Lor', 'Mar', 'Nor', 'Or', 'Pen', 'Quin', 'Ros', 'Sil', 'Tor', 'Ul', 'Ver', 'Wes', 'Yar', 'Zen', 'Ash', 'Brin', 'Cal', 'Dor', 'Ever', 'Fen', 'Glen', 'Hol', 'Ister', 'Kin', 'Lyn', 'Mer', 'Nel', 'Oak', 'Pres'];
const NAME_ENDS = ['brook', 'cliff', 'dale', 'field', 'gate', 'haven', 'mont', 'ridge', 'stone', 'ton', 'view', 'wick', 'wood', 'way', 'crest', 'port', 'bridge', 'mere', 'shaw', 'ford', 'vale', 'holm', 'stead', 'bury', 'worth', 'ley', 'combe', 'hurst', 'grove', 'marsh'];
const INDUSTRIES = [
  { word: 'Systems', what: 'information technology outsourcing services to large and mid-sized companies', things: ['data center services', 'managed hosting', 'network management', 'application support'] },
  { word: 'Technologies', what: 'software and services for the financial industry', things: ['license revenue', 'subscription services', 'maintenance', 'professional services'] },
  { word: 'Industries', what: 'engineered components for industrial and commercial customers', things: ['valves', 'pumps', 'filtration products', 'aftermarket parts'] },
  { word: 'Foods', what: 'branded and private label food products', things: ['frozen entrees', 'snacks', 'bakery products', 'food service'] },
  { word: 'Stores', what: 'specialty apparel and accessories through its stores and website', things: ['denim', 'footwear', 'accessories', 'online sales'] },
  { word: 'Energy', what: 'natural gas gathering, processing and marketing services', things: ['gathering volumes', 'processing margins', 'marketing', 'storage'] },
  { word: 'Health', what: 'clinical laboratory and diagnostic services', things: ['test volumes', 'esoteric testing', 'anatomic pathology', 'physician services'] },
  { word: 'Networks', what: 'broadband and wireless communications equipment', things: ['optical systems', 'access products', 'wireless backhaul', 'services'] },
  { word: 'Materials', what: 'specialty chemicals and performance materials', things: ['coatings', 'adhesives', 'additives', 'sealants'] },
  { word: 'Logistics', what: 'freight transportation and supply chain services', things: ['truckload', 'intermodal', 'brokerage', 'warehousing'] },
];
const SUFFIXES = [', Inc.', ' Corporation', ' Corp.', ' Holdings, Inc.', ' Group, Inc.', ' Company'];
const CITIES = [
  ['LEONIA', 'NJ'], ['CHICAGO', 'IL'], ['HOUSTON', 'TX'], ['SAN JOSE', 'CA'], ['ATLANTA', 'GA'], ['DENVER', 'CO'], ['BOSTON', 'MA'],
  ['MINNEAPOLIS', 'MN'], ['COLUMBUS', 'OH'], ['NASHVILLE', 'TN'], ['PHOENIX', 'AZ'], ['SEATTLE', 'WA'], ['RALEIGH', 'NC'], ['TULSA', 'OK'],
  ['KEARNEY', 'NE'], ['PITTSBURGH', 'PA'], ['MILWAUKEE', 'WI'], ['SALT LAKE CITY', 'UT'], ['RICHMOND', 'VA'], ['PORTLAND', 'OR'],
];
const FIRST_NAMES = ['Zach', 'William', 'Michael', 'Matthew', 'Laura', 'Karen', 'David', 'Susan', 'Robert', 'Linda', 'James', 'Patricia', 'Thomas', 'Anne', 'Richard', 'Helen', 'Daniel', 'Margaret', 'Steven', 'Carol'];
const LAST_NAMES = ['Lonstein', 'McHale', 'Wilczak', 'Hayden', 'Brennan', 'Okafor', 'Lindqvist', 'Marchetti', 'Kowalski', 'Ferreira', 'Nakamura', 'Delgado', 'Abernathy', 'Whitcombe', 'Rasmussen', 'Castellano', 'Pemberton', 'Haldane', 'Sorensen', 'Vasquez', 'Thornbury', 'Oyelaran', 'Kingsley', 'Moretti'];
const IR_FIRMS = ['Hayden Communications, Inc.', 'Integrated Corporate Relations', 'The Ruth Group', 'Lippert/Heilshorn & Associates', 'Cameron Associates'];
const CONSONANTS = 'BCDFGHJKLMNPRSTVWXZ';

type Calendar = 'december' | 'june' | 'september' | 'january-weeks';

interface Plan {
  key: string;
  name: string;
  /** The name in capitals, as a table's caption prints it. */
  caption: string;
  short: string;
  ticker: string;
  exchange: 'NYSE' | 'Nasdaq';
  city: string;
  state: string;
  industry: (typeof INDUSTRIES)[number];
  ceo: string;
  cfo: string;
  ir: { name: string; firm: string; phone: string };
  calendar: Calendar;
  scale: 'thousands' | 'millions';
  layout: 'sec' | 'plain';
  eps: 'combined' | 'split';
  ebitda: boolean;
  contacts: boolean;
  /** A table of revenues by line of business after the statement. */
  segments: boolean;
  /** First fiscal year and quarter with a release. */
  firstYear: number;
  firstQuarter: number;
  releases: number;
  seed: number;
  labels: { revenue: string; cost: string; sga: string; operating: string; interest: string; pretax: string; tax: string; net: string; equity: string; total: string };
  /** Paragraphs of highlights, outlook and boilerplate each release prints: its length. */
  highlights: number;
  /** Long paragraphs (risk factors, accounting notes) after the boilerplate. */
  long: number;
}

function phone(rng: Rng): string {
  const area = int(rng, 201, 989);
  return rng() < 0.5 ? `${area}-${int(rng, 200, 999)}-${int(rng, 1000, 9999)}` : `(${area}) ${int(rng, 200, 999)}-${int(rng, 1000, 9999)}`;
}

function plans(count: number, releases: number, seed: number): Plan[] {
  const rng = rngOf(seed);
  const words: string[] = [];
  for (const a of NAME_STARTS) for (const b of NAME_ENDS) words.push(a + b);
  // Shuffled: the company names of a small run are not all "Al..."
  for (let i = words.length - 1; i > 0; i--) {
    const j = Math.floor(rng() * (i + 1));
    [words[i], words[j]] = [words[j] as string, words[i] as string];
  }
  const tickers = new Set<string>();
  const out: Plan[] = [];
  for (let c = 0; c < count; c++) {
    const word = (words[c % words.length] as string) + (c >= words.length ? ['ia', 'on', 'ex', 'ar'][Math.floor(c / words.length) % 4] : '');
    const industry = pick(rng, INDUSTRIES);
    const suffix = pick(rng, SUFFIXES);
    const name = `${word} ${industry.word}${suffix}`;
    let ticker = '';
    while (!ticker || tickers.has(ticker)) {
      const length = rng() < 0.3 ? 3 : 4;
      ticker = (word[0] as string).toUpperCase() + Array.from({ length: length - 1 }, () => pick(rng, [...CONSONANTS])).join('');
    }
    tickers.add(ticker);
    const [city, state] = pick(rng, CITIES) as [string, string];
    const person = () => `${pick(rng, FIRST_NAMES)} ${pick(rng, LAST_NAMES)}`;
    const calendar: Calendar = industry.word === 'Stores' ? 'january-weeks' : pick(rng, ['december', 'december', 'december', 'december', 'june', 'september'] as const);
    // Releases per company: N/companies on average, a few more or fewer each.
    const share = Math.floor(releases / count) + (c < releases % count ? 1 : 0);
    out.push({
      key: ticker,
      name,
      caption: name.toUpperCase(),
      short: word,
      ticker,
      exchange: rng() < 0.6 ? 'NYSE' : 'Nasdaq',
      city,
      state,
      industry,
      ceo: person(),
      cfo: person(),
      ir: { name: person(), firm: pick(rng, IR_FIRMS), phone: phone(rng) },
      calendar,
      scale: rng() < 0.7 ? 'thousands' : 'millions',
      layout: rng() < 0.5 ? 'sec' : 'plain',
      eps: rng() < 0.5 ? 'combined' : 'split',
      ebitda: rng() < 0.5,
      contacts: rng() < 0.6,
      segments: rng() < 0.5,
      firstYear: int(rng, 1996, 2020),
      firstQuarter: int(rng, 1, 4),
      releases: share,
      seed: Math.floor(rng() * 2 ** 31),
      labels: {
        revenue: pick(rng, ['Revenues', 'Net sales', 'Total revenues', 'Net revenues']),
        cost: pick(rng, ['Cost of revenues', 'Operating costs', 'Cost of revenue']),
        sga: pick(rng, ['Selling and administrative expenses', 'Selling, general and administrative expenses']),
        operating: pick(rng, ['Income (loss) from operations', 'Operating income', 'Income from operations']),
        interest: pick(rng, ['Net interest expense', 'Interest expense, net']),
        pretax: pick(rng, ['Income (loss) before income taxes', 'Income before income taxes']),
        tax: pick(rng, ['Income tax expense', 'Income taxes']),
        net: pick(rng, ['Net income (loss)', 'Net income', 'Net earnings']),
        equity: pick(rng, ["Stockholders' equity", "Common stockholders' equity"]),
        total: pick(rng, ["Total Liabilities and Stockholders' Equity", "Total liabilities and stockholders' equity"]),
      },
      highlights: int(rng, 5, 14),
      long: int(rng, 0, 4),
    });
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Fiscal calendars: quarters, their last days and their names

interface Quarter {
  /** The fiscal year, as the company names it. */
  year: number;
  quarter: number;
  end: Day;
  /** Weeks, in a 52/53-week calendar. */
  weeks?: number;
}

/** The Saturday nearest January 31 of `year`: the end of the retail fiscal year named `year - 1`. */
function retailYearEnd(year: number): Day {
  const jan31 = { year, month: 1, day: 31 };
  const dow = dateOf(jan31).getUTCDay();
  const toSaturday = (6 - dow + 7) % 7;
  return addDays(jan31, toSaturday <= 3 ? toSaturday : toSaturday - 7);
}

function quarterOf(calendar: Calendar, year: number, quarter: number): Quarter {
  if (calendar === 'january-weeks') {
    const start = addDays(retailYearEnd(year), 1);
    const end = retailYearEnd(year + 1);
    const weeksInYear = Math.round((dateOf(end).getTime() - dateOf(start).getTime()) / (7 * 86_400_000) + 1 / 7);
    if (quarter < 4) return { year, quarter, end: addDays(start, quarter * 91 - 1), weeks: 13 };
    return { year, quarter, end, weeks: weeksInYear - 39 };
  }
  const endMonth = calendar === 'december' ? 12 : calendar === 'june' ? 6 : 9;
  // Fiscal year `year` ends in endMonth of `year`; its quarter q ends 3q months after the year before's end.
  const month = endMonth + quarter * 3;
  const calendarYear = month > 12 ? year : year - 1;
  return { year, quarter, end: monthEnd(calendarYear, ((month - 1) % 12) + 1) };
}

const yearEndOf = (calendar: Calendar, year: number) => quarterOf(calendar, year, 4).end;

/** A period id as the parser names it: the fiscal year's label and the part of it. */
const periodOf = (year: number, part: string) => `${year}-${part}`;

// ---------------------------------------------------------------------------------------------
// Figures: one quarterly series per company, summed into halves, nine months and years

interface Flows {
  revenue: number;
  cost: number;
  sga: number;
  da: number;
  interest: number;
  tax: number;
  shares: number;
}

interface Balances {
  cash: number;
  otherCurrent: number;
  ppe: number;
  otherNoncurrent: number;
  currentLiabilities: number;
  longTermLiabilities: number;
}

class Series {
  readonly #flows = new Map<string, Flows>();
  readonly #balances = new Map<string, Balances>();
  readonly #rng: Rng;
  readonly #base: number;
  readonly #growth: number;
  readonly #ratios: { cost: number; sga: number; da: number; interest: number; assets: number; shares: number };

  constructor(plan: Plan) {
    this.#rng = rngOf(plan.seed);
    const rng = this.#rng;
    // Quarterly revenue in the printed scale.
    this.#base = plan.scale === 'thousands' ? between(rng, 4_000, 400_000) : between(rng, 150, 12_000);
    this.#growth = between(rng, -0.02, 0.04);
    this.#ratios = {
      cost: between(rng, 0.45, 0.72),
      sga: between(rng, 0.12, 0.28),
      da: between(rng, 0.02, 0.1),
      interest: between(rng, 0, 0.04),
      assets: between(rng, 2.5, 6),
      // Shares in the printed scale: a quarter's EPS of a few cents to a dollar or two.
      shares: this.#base * between(rng, 0.04, 0.6),
    };
  }

  /** Quarter `t` counted from the series' start: its figures, drawn once. */
  quarter(year: number, quarter: number): Flows {
    const key = `${year}-${quarter}`;
    const known = this.#flows.get(key);
    if (known) return known;
    const rng = rngOf((year * 4 + quarter) ^ Math.floor(this.#base * 1000));
    const t = (year - 1990) * 4 + quarter;
    const seasonal = [0.94, 1.0, 1.02, 1.08][quarter - 1] as number;
    const revenue = Math.max(10, Math.round(this.#base * (1 + this.#growth) ** (t / 4) * seasonal * between(rng, 0.95, 1.05)));
    const r = this.#ratios;
    const flows: Flows = {
      revenue,
      cost: Math.round(revenue * r.cost * between(rng, 0.97, 1.03)),
      sga: Math.round(revenue * r.sga * between(rng, 0.95, 1.05)),
      da: Math.round(revenue * r.da * between(rng, 0.95, 1.05)),
      interest: Math.round(revenue * r.interest * between(rng, 0.9, 1.1)),
      tax: 0,
      shares: Math.round(r.shares * (1 + (t % 40) * 0.002)),
    };
    const pretax = flows.revenue - flows.cost - flows.sga - flows.da - flows.interest;
    flows.tax = pretax > 0 ? Math.round(pretax * between(rng, 0.3, 0.4)) : 0;
    this.#flows.set(key, flows);
    return flows;
  }

  balances(year: number, quarter: number): Balances {
    const key = `${year}-${quarter}`;
    const known = this.#balances.get(key);
    if (known) return known;
    const rng = rngOf((year * 4 + quarter) ^ Math.floor(this.#base * 7919));
    const assets = this.quarter(year, quarter).revenue * this.#ratios.assets;
    const balances: Balances = {
      cash: Math.round(assets * between(rng, 0.05, 0.15)),
      otherCurrent: Math.round(assets * between(rng, 0.15, 0.25)),
      ppe: Math.round(assets * between(rng, 0.25, 0.4)),
      otherNoncurrent: Math.round(assets * between(rng, 0.15, 0.3)),
      currentLiabilities: Math.round(assets * between(rng, 0.15, 0.25)),
      longTermLiabilities: Math.round(assets * between(rng, 0.2, 0.35)),
    };
    this.#balances.set(key, balances);
    return balances;
  }
}

/** A column of a statement of operations: a fiscal period and the quarters it sums. */
interface FlowColumn {
  period: string;
  quarters: Flows[];
  /** Last day and length, as its header prints them. */
  end: Day;
  months: 3 | 6 | 9 | 12;
  weeks?: number;
}

interface Row {
  label: string;
  /** Base-unit multiplier of the printed figures; 1 for per-share amounts. */
  concept?: Concept;
  values?: number[];
  /** Per-share amounts print two decimals. */
  perShare?: boolean;
  dollar?: boolean;
  rule?: '-' | '=';
  heading?: boolean;
}

function flowFigures(columns: readonly FlowColumn[]) {
  const sum = (f: (q: Flows) => number) => columns.map((c) => c.quarters.reduce((s, q) => s + f(q), 0));
  const revenue = sum((q) => q.revenue);
  const cost = sum((q) => q.cost);
  const sga = sum((q) => q.sga);
  const da = sum((q) => q.da);
  const interest = sum((q) => q.interest);
  const tax = sum((q) => q.tax);
  const operating = revenue.map((r, i) => r - (cost[i] as number) - (sga[i] as number) - (da[i] as number));
  const pretax = operating.map((o, i) => o - (interest[i] as number));
  const net = pretax.map((p, i) => p - (tax[i] as number));
  const shares = columns.map((c) => Math.round(c.quarters.reduce((s, q) => s + q.shares, 0) / c.quarters.length));
  const eps = net.map((n, i) => Math.round((n / (shares[i] as number)) * 100) / 100);
  const dilutedShares = shares.map((s) => Math.round(s * 1.012));
  const epsDiluted = net.map((n, i) => Math.round((n / (n > 0 ? (dilutedShares[i] as number) : (shares[i] as number))) * 100) / 100);
  const ebitda = net.map((n, i) => n + (tax[i] as number) + (interest[i] as number) + (da[i] as number));
  return { revenue, cost, sga, da, interest, tax, operating, pretax, net, shares, dilutedShares, eps, epsDiluted, ebitda };
}

// ---------------------------------------------------------------------------------------------
// Tables as printed

const LABEL_WIDTH = 46;

interface Layout {
  width: number;
  /** Spaces between columns. */
  gap: number;
}

/** A figure in its column: "$" at the left when asked, digits right-aligned, a ")" hanging. */
function cell(text: string, width: number, dollar: boolean): string {
  const body = text.endsWith(')') ? text : `${text} `;
  const padded = body.padStart(width - (dollar ? 1 : 0));
  return dollar ? `$${padded}` : padded;
}

const centred = (text: string, width: number) => {
  const left = Math.max(0, Math.floor((width - text.length) / 2));
  return `${' '.repeat(left)}${text}`.padEnd(width);
};

/** Header lines over groups of columns: each group's text centred over its columns. */
function headerLine(groups: ReadonlyArray<readonly [string, number]>, layout: Layout, indent: number): string {
  let line = ' '.repeat(indent + LABEL_WIDTH);
  for (const [text, span] of groups) {
    const width = span * layout.width + (span - 1) * layout.gap;
    line += ' '.repeat(layout.gap) + centred(text, width);
  }
  return line.trimEnd();
}

function renderRows(rows: readonly Row[], layout: Layout, indent: number, scale: number): { lines: string[]; figures: PrintedFigure[]; periods?: never } {
  const lines: string[] = [];
  for (const row of rows) {
    if (row.rule) {
      const count = rows.find((r) => r.values)?.values?.length ?? 0;
      lines.push(`${' '.repeat(indent + LABEL_WIDTH)}${Array.from({ length: count }, () => ' '.repeat(layout.gap) + row.rule?.repeat(layout.width)).join('')}`);
      continue;
    }
    if (!row.values) {
      lines.push(`${' '.repeat(indent)}${row.label}`);
      continue;
    }
    const cells = row.values.map((v) => ' '.repeat(layout.gap) + cell(row.perShare ? perShare(v) : amount(v), layout.width, row.dollar ?? false));
    lines.push(`${' '.repeat(indent)}${row.label.padEnd(LABEL_WIDTH)}${cells.join('')}`);
  }
  void scale;
  return { lines, figures: [] };
}

// ---------------------------------------------------------------------------------------------
// One release

interface Context {
  plan: Plan;
  series: Series;
  q: Quarter;
  rng: Rng;
  /** Printed units to base units. */
  unit: number;
}

const PARTS: Record<number, string> = { 1: 'Q1', 2: 'H1', 3: '9M', 4: 'FY' };
const LENGTH_WORDS: Record<number, string> = { 3: 'Three', 6: 'Six', 9: 'Nine', 12: 'Twelve' };
const WEEK_WORDS: Record<number, string> = { 13: 'Thirteen', 14: 'Fourteen', 26: 'Twenty-Six', 39: 'Thirty-Nine', 52: 'Fifty-Two', 53: 'Fifty-Three' };

/** The columns of the release's statement of operations: the quarter and the year to date, each beside the year before. */
function flowColumns(ctx: Context): FlowColumn[] {
  const { plan, series, q } = ctx;
  const quartersOf = (year: number, upTo: number, from = 1) => Array.from({ length: upTo - from + 1 }, (_, k) => series.quarter(year, from + k));
  const columns: FlowColumn[] = [];
  for (const year of [q.year, q.year - 1]) {
    const quarter = quarterOf(plan.calendar, year, q.quarter);
    columns.push({ period: periodOf(year, `Q${q.quarter}`), quarters: quartersOf(year, q.quarter, q.quarter), end: quarter.end, months: 3, ...(quarter.weeks ? { weeks: quarter.weeks } : {}) });
  }
  if (q.quarter > 1) {
    for (const year of [q.year, q.year - 1]) {
      const quarter = quarterOf(plan.calendar, year, q.quarter);
      columns.push({
        period: periodOf(year, PARTS[q.quarter] as string),
        quarters: quartersOf(year, q.quarter),
        end: quarter.end,
        months: (q.quarter * 3) as 6 | 9 | 12,
        // 26 and 39 weeks; 52 or 53 for a year whose fourth quarter has 13 or 14.
        ...(quarter.weeks ? { weeks: q.quarter === 4 ? 39 + quarter.weeks : 13 * q.quarter } : {}),
      });
    }
  }
  return columns;
}

/** The header lines over the flow columns, in the company's style. */
function flowHeader(ctx: Context, columns: readonly FlowColumn[], layout: Layout, indent: number): string[] {
  const { plan, q } = ctx;
  const pairs = [columns.slice(0, 2), columns.slice(2, 4)].filter((p) => p.length > 0);
  if (plan.calendar !== 'december' && q.quarter === 1) {
    // A quarter alone says nothing of the fiscal year: the header names it ("First Quarter of Fiscal" over "2005").
    return [
      headerLine([['First Quarter of Fiscal', 2]], layout, indent),
      headerLine(columns.map((c) => [c.period.slice(0, 4), 1] as const), layout, indent),
    ];
  }
  if (plan.calendar === 'january-weeks') {
    const weeks = pairs.map((p) => p.map((c) => c.weeks as number));
    const dated = [
      headerLine(columns.map((c) => [monthDay(c.end), 1] as const), layout, indent),
      headerLine(columns.map((c) => [String(c.end.year), 1] as const), layout, indent),
    ];
    // "Thirteen Weeks Ended" over both columns when they are as long, else "13 Weeks" / "Ended" over each.
    if (weeks.every((w) => w[0] === w[1])) return [headerLine(weeks.map((w) => [`${WEEK_WORDS[w[0] as number]} Weeks Ended`, 2] as const), layout, indent), ...dated];
    return [
      headerLine(columns.map((c) => [`${c.weeks} Weeks`, 1] as const), layout, indent),
      headerLine(columns.map(() => ['Ended', 1] as const), layout, indent),
      ...dated,
    ];
  }
  const title = (c: FlowColumn) => (c.months === 12 ? (ctx.rng() < 0.5 ? 'Year Ended' : 'Twelve Months Ended') : `${LENGTH_WORDS[c.months]} Months Ended`);
  return [
    headerLine(pairs.map((p) => [title(p[0] as FlowColumn), p.length] as const), layout, indent),
    headerLine(pairs.map((p) => [monthDay((p[0] as FlowColumn).end), p.length] as const), layout, indent),
    headerLine(columns.map((c) => [String(c.end.year), 1] as const), layout, indent),
  ];
}

function operationsRows(ctx: Context, columns: readonly FlowColumn[]): { rows: Row[]; figures: PrintedFigure[] } {
  const { plan, unit } = ctx;
  const f = flowFigures(columns);
  const L = plan.labels;
  const figures: PrintedFigure[] = [];
  const record = (concept: Concept, values: number[], scale = unit) => columns.forEach((c, i) => figures.push({ concept, period: c.period, value: Math.round((values[i] as number) * scale * 100) / 100 }));
  record('revenue', f.revenue);
  record('cost_of_revenue', f.cost);
  record('selling_admin', f.sga);
  record('depreciation_amortization', f.da);
  record('operating_income', f.operating);
  record('net_interest_expense', f.interest);
  record('pretax_income', f.pretax);
  record('income_tax', f.tax);
  record('net_income', f.net);
  const rows: Row[] = [
    { label: L.revenue, values: f.revenue, dollar: true },
    { label: '', heading: true },
    { label: L.cost, values: f.cost },
    { label: L.sga, values: f.sga },
    { label: 'Depreciation and amortization', values: f.da },
    { label: '', rule: '-' },
    { label: L.operating, values: f.operating },
    { label: L.interest, values: f.interest },
    { label: '', rule: '-' },
    { label: L.pretax, values: f.pretax },
    { label: L.tax, values: f.tax },
    { label: '', rule: '-' },
    { label: L.net, values: f.net, dollar: true },
    { label: '', rule: '=' },
    { label: '', heading: true },
  ];
  if (plan.eps === 'combined') {
    record('eps_basic_and_diluted', f.eps, 1);
    record('shares_basic_and_diluted', f.shares);
    rows.push(
      { label: 'Basic and Diluted Earnings (Loss) per Share:', heading: true },
      { label: `   ${L.net}`, values: f.eps, perShare: true, dollar: true },
      { label: '   Weighted average shares outstanding', values: f.shares },
    );
  } else {
    record('eps_basic', f.eps, 1);
    record('eps_diluted', f.epsDiluted, 1);
    record('shares_basic', f.shares);
    record('shares_diluted', f.dilutedShares.map((s, i) => ((f.net[i] as number) > 0 ? s : (f.shares[i] as number))));
    rows.push(
      { label: 'Earnings (loss) per share:', heading: true },
      { label: '   Basic', values: f.eps, perShare: true, dollar: true },
      { label: '   Diluted', values: f.epsDiluted, perShare: true, dollar: true },
      { label: 'Weighted average shares outstanding:', heading: true },
      { label: '   Basic', values: f.shares },
      { label: '   Diluted', values: f.dilutedShares.map((s, i) => ((f.net[i] as number) > 0 ? s : (f.shares[i] as number))) },
    );
  }
  return { rows: rows.filter((r) => !(r.heading && r.label === '')), figures };
}

function ebitdaRows(ctx: Context, columns: readonly FlowColumn[]): { rows: Row[]; figures: PrintedFigure[] } {
  const f = flowFigures(columns);
  const figures = columns.map((c, i) => ({ concept: 'ebitda' as const, period: c.period, value: (f.ebitda[i] as number) * ctx.unit }));
  return {
    rows: [
      { label: ctx.plan.labels.net, values: f.net, dollar: true },
      { label: '   Add back:', heading: true },
      { label: `     ${ctx.plan.labels.tax}`, values: f.tax },
      { label: `     ${ctx.plan.labels.interest}`, values: f.interest },
      { label: '     Depreciation and amortization', values: f.da },
      { label: '', rule: '-' },
      { label: 'EBITDA', values: f.ebitda, dollar: true },
      { label: '', rule: '=' },
    ],
    figures,
  };
}

function balanceRows(ctx: Context, dates: ReadonlyArray<{ b: Balances; day: Day }>): { rows: Row[]; figures: PrintedFigure[] } {
  const col = (f: (b: Balances) => number) => dates.map(({ b }) => f(b));
  const cash = col((b) => b.cash);
  const other = col((b) => b.otherCurrent);
  const current = cash.map((c, i) => c + (other[i] as number));
  const ppe = col((b) => b.ppe);
  const nonCurrent = col((b) => b.otherNoncurrent);
  const total = current.map((c, i) => c + (ppe[i] as number) + (nonCurrent[i] as number));
  const cl = col((b) => b.currentLiabilities);
  const ltl = col((b) => b.longTermLiabilities);
  const equity = total.map((t, i) => t - (cl[i] as number) - (ltl[i] as number));
  const figures: PrintedFigure[] = [];
  const record = (concept: Concept, values: number[]) => dates.forEach(({ day }, i) => figures.push({ concept, period: iso(day), value: (values[i] as number) * ctx.unit }));
  record('cash', cash);
  record('total_current_assets', current);
  record('total_assets', total);
  record('current_liabilities', cl);
  // "Stockholders' equity" is all of it; "Common stockholders' equity", the common stockholders' (the same here: no preferred).
  record(ctx.plan.labels.equity.startsWith('Common') ? 'common_stockholders_equity' : 'stockholders_equity', equity);
  record('total_liabilities_and_equity', total);
  const L = ctx.plan.labels;
  return {
    rows: [
      { label: 'ASSETS:', heading: true },
      { label: '   Cash and equivalents', values: cash, dollar: true },
      { label: '   Other current assets', values: other },
      { label: '', rule: '-' },
      { label: '     Total current assets', values: current },
      { label: '   Property and equipment, net', values: ppe },
      { label: '   Other non-current assets', values: nonCurrent },
      { label: '', rule: '-' },
      { label: 'Total Assets', values: total, dollar: true },
      { label: '', rule: '=' },
      { label: "LIABILITIES AND STOCKHOLDERS' EQUITY:", heading: true },
      { label: '   Current liabilities', values: cl, dollar: true },
      { label: '   Long-term liabilities', values: ltl },
      { label: `   ${L.equity}`, values: equity },
      { label: '', rule: '-' },
      { label: L.total, values: total, dollar: true },
      { label: '', rule: '=' },
    ],
    figures,
  };
}

function table(ctx: Context, title: string[], header: string[], rows: readonly Row[], layout: Layout): string[] {
  const sec = ctx.plan.layout === 'sec';
  const indent = sec ? 0 : 4;
  const rendered = renderRows(rows, layout, indent, ctx.unit).lines;
  const count = rows.find((r) => r.values)?.values?.length ?? 0;
  const titleWidth = LABEL_WIDTH + count * (layout.width + layout.gap);
  const out: string[] = [];
  if (sec) out.push('<TABLE>', '<CAPTION>');
  for (const t of title) out.push(sec ? centred(t, titleWidth).trimEnd() : `${' '.repeat(indent)}${t}`);
  out.push('');
  out.push(...header);
  if (sec) {
    out.push(`${' '.repeat(LABEL_WIDTH)}${Array.from({ length: count }, () => ' '.repeat(layout.gap) + '-'.repeat(layout.width)).join('')}`);
    out.push(`<S>${' '.repeat(LABEL_WIDTH - 3)}${Array.from({ length: count }, () => `${' '.repeat(layout.gap)}<C>${' '.repeat(layout.width - 3)}`).join('')}`.trimEnd());
  } else out.push('');
  out.push(...rendered);
  if (sec) out.push('</TABLE>');
  return out;
}

function scaleCaption(plan: Plan): string {
  return plan.scale === 'thousands' ? '(Unaudited, in thousands, except per share amounts)' : '(In millions, except per share data)';
}

/** The quarter in words: "second quarter of 2003", "second quarter of fiscal 2005". */
function quarterWords(plan: Plan, year: number, quarter: number): string {
  return `${ORDINAL[quarter - 1]} quarter of ${plan.calendar === 'december' ? '' : 'fiscal '}${year}`;
}

function releaseDay(q: Quarter, rng: Rng): Day {
  let day = addDays(q.end, q.quarter === 4 ? int(rng, 35, 60) : int(rng, 20, 40));
  // Releases come out on weekdays.
  while (['Saturday', 'Sunday'].includes(weekday(day))) day = addDays(day, 1);
  return day;
}

function contactsBlock(ctx: Context): string[] {
  const { plan, rng } = ctx;
  const email = (person: string) => `${person.split(' ')[0]?.[0]?.toLowerCase()}${person.split(' ')[1]?.toLowerCase()}@${plan.short.toLowerCase()}.com`;
  const col = (cells: string[][]) => {
    const lines: string[] = [];
    const rows = Math.max(...cells.map((c) => c.length));
    for (let i = 0; i < rows; i++) lines.push(cells.map((c, k) => (k === cells.length - 1 ? c[i] ?? '' : (c[i] ?? '').padEnd(32))).join('').trimEnd());
    return lines;
  };
  const companyPhone = phone(rng);
  return [
    'Contacts:',
    ...col([
      ['Chief Executive Officer', plan.ceo, plan.name, companyPhone, email(plan.ceo)],
      ['Chief Financial Officer', plan.cfo, plan.name, phone(rng), email(plan.cfo)],
    ]),
    '',
    ...col([
      ['Investor Relations', plan.ir.name, plan.ir.firm, plan.ir.phone],
    ]),
    '',
  ];
}

const OUTLOOK = [
  'The Company continues to expect revenue growth in the mid single digits for the full year, with operating margins in line with the prior year, and will update its outlook when it reports results for the next quarter.',
  'Management remains focused on disciplined cost control, on the integration of recent acquisitions and on returning capital to shareholders through its share repurchase program.',
  'Backlog at the end of the quarter was higher than a year ago, and the Company entered the second half of the year with a strong pipeline of new business across each of its markets.',
  'Capital expenditures for the year are expected to be approximately equal to depreciation, and the Company expects to fund them from cash provided by operations.',
  'The Company completed the consolidation of two facilities during the quarter and expects the savings from the consolidation to begin in the following quarter.',
  'During the quarter the Company signed new multi-year agreements with several customers and renewed its largest agreement for an additional five years.',
];

/** Longer paragraphs some companies print: risk factors, accounting notes, a description of the business. */
const LONG_PARAGRAPHS = [
  'Risks and uncertainties that may cause actual results to differ materially include competitive conditions in the industries in which the Company operates; changes in customer demand and spending; the successful execution of, and customer reactions to, the Company\'s strategic initiatives, including new products, new locations and the integration of acquired businesses; the possibility that the Company will identify new business and strategic options for one or more of its businesses, potentially including selective acquisitions, dispositions, restructurings, joint ventures and partnerships; the outcome of pending legal proceedings; anticipated cash flow; social and political conditions such as war, political unrest and terrorism or natural disasters; the possibility of negative investment returns in the Company\'s pension plan; changes in interest rates; volatility in financial markets; changes in the Company\'s debt ratings, credit spreads and cost of funds; general economic conditions and normal business uncertainty.',
  'The Company reports its financial results in accordance with generally accepted accounting principles. Management also uses certain measures that are not defined by those principles to evaluate the performance of the business, to allocate resources and to compensate employees, and believes that these measures, read together with the statements of operations and the balance sheets, help investors understand the results of the business from period to period. These measures should be considered in addition to, and not as a substitute for, measures of financial performance prepared in accordance with generally accepted accounting principles, and may differ from measures with similar names that other companies use.',
  'The Company adopted new accounting guidance on revenue recognition at the beginning of the fiscal year, using the modified retrospective method. Under this method the results for the current periods are presented under the new guidance, while the results for prior periods are not adjusted and continue to be reported under the accounting standards in effect for those periods. The adoption did not have a material effect on revenues or on income from operations for the quarter, and the cumulative effect of adopting the guidance was recorded as an adjustment to the opening balance of retained earnings.',
  'During the quarter the Company continued to invest in its systems, in training and in the facilities that serve its largest customers. These investments, together with the work the Company has done over the past several years to simplify its processes and to reduce the number of suppliers it relies on, are intended to improve the service customers receive, to shorten the time it takes to bring new offerings to market and to lower the cost of serving each customer over time. The Company expects to complete the current phase of this work by the end of the fiscal year.',
];

const BOILERPLATE = [
  'This release contains forward-looking statements within the meaning of Section 21E of the Securities Exchange Act of 1934, as amended. As such, final results could differ from estimates or expectations due to risks and uncertainties, including, but not limited to: incomplete or preliminary information; changes in government regulations and policies; continued acceptance of the Company\'s products and services in the marketplace; competitive factors; new products; technological changes; the Company\'s dependence upon third-party suppliers; intellectual property rights; and other risks. For any of these factors, the Company claims the protection of the safe harbor for forward-looking statements contained in the Private Securities Litigation Reform Act of 1995, as amended.',
  'Statements in this release that are not historical facts, including statements about the Company\'s outlook, beliefs, plans and expectations, are forward-looking statements that involve risks and uncertainties. Actual results may differ materially from those projected because of changes in economic conditions, demand for the Company\'s products and services, pricing pressure, the availability and cost of materials and labor, the timing of customer orders, the outcome of legal proceedings, and the other factors described in the Company\'s filings with the Securities and Exchange Commission. The Company undertakes no obligation to update any forward-looking statement.',
];

/** Paragraphs of business highlights and outlook, as many as the company prints, each different. */
function highlights(ctx: Context, rev: readonly [number, number], wordsBefore: string): string[] {
  const { plan, q, rng } = ctx;
  const things = plan.industry.things;
  const share = () => between(rng, 0.1, 0.4);
  const templates: Array<() => string> = [
    () => {
      const [a, b] = [rev[0] * share(), rev[1] * share()];
      return `Revenue from ${things[int(rng, 0, 3)]} ${a >= b ? 'rose' : 'declined'} ${pct(a, b)} to ${money(a)} in the quarter, compared with ${money(b)} in the ${wordsBefore}.`;
    },
    () => `The Company added ${int(rng, 5, 80)} new customers during the quarter, bringing the total to ${int(rng, 300, 4000).toLocaleString('en-US')}, and renewed agreements with ${int(rng, 60, 98)}% of the customers whose agreements came up for renewal.`,
    () => `Gross margin was ${between(rng, 25, 55).toFixed(1)}% of revenues for the quarter, compared with ${between(rng, 25, 55).toFixed(1)}% for the ${wordsBefore}, reflecting pricing, the mix of ${things[1]} and ${things[2]}, and productivity gains.`,
    () => `Capital expenditures were ${money(rev[0] * between(rng, 0.02, 0.08))} for the quarter, and the Company repurchased ${int(rng, 50, 900) * 1000} shares of its common stock for ${money(rev[0] * between(rng, 0.01, 0.05))} under its share repurchase program.`,
    () => `Days sales outstanding were ${int(rng, 38, 75)} days at ${longDate(q.end)}, compared with ${int(rng, 38, 75)} days a year earlier.`,
    () => `Backlog at ${longDate(q.end)} was ${money(rev[0] * between(rng, 1.5, 4))}, up ${between(rng, 1, 15).toFixed(1)}% from a year earlier, with ${things[0]} accounting for most of the increase.`,
    () => `At the end of the quarter the Company had ${int(rng, 400, 25000).toLocaleString('en-US')} employees and ${int(rng, 3, 60)} ${plan.industry.word === 'Stores' ? 'stores in operation' : 'facilities'}.`,
    ...OUTLOOK.map((text) => () => text),
  ];
  // Each highlight once, in an order of this release's own.
  const order = templates.map((_, i) => i).sort(() => rng() - 0.5);
  return order.slice(0, Math.min(plan.highlights, templates.length)).map((i) => (templates[i] as () => string)());
}

/** Revenues by line of business: a table the parser leaves alone (a segment table is not the statement). */
function segmentRows(ctx: Context, columns: readonly FlowColumn[]): Row[] {
  const f = flowFigures(columns);
  const things = ctx.plan.industry.things;
  const shares = [0.4, 0.3, 0.2];
  const parts = things.map((thing, k) => ({
    label: `   ${capital(thing)}`,
    values: f.revenue.map((r) => (k < 3 ? Math.round(r * (shares[k] as number)) : r - Math.round(r * 0.4) - Math.round(r * 0.3) - Math.round(r * 0.2))),
  }));
  return [{ label: 'Revenues:', heading: true }, ...parts, { label: '', rule: '-' }, { label: 'Total', values: f.revenue, dollar: true }, { label: '', rule: '=' }];
}

function narrative(ctx: Context, columns: readonly FlowColumn[], releaseDate: Day): string[] {
  const { plan, q, rng, unit } = ctx;
  const f = flowFigures(columns);
  const base = (v: number) => v * unit;
  const [now, before] = [0, 1];
  const rev = [base(f.revenue[now] as number), base(f.revenue[before] as number)] as const;
  const net = [base(f.net[now] as number), base(f.net[before] as number)] as const;
  const eps = [f.epsDiluted[now] as number, f.epsDiluted[before] as number] as const;
  const opInc = [base(f.operating[now] as number), base(f.operating[before] as number)] as const;
  const words = quarterWords(plan, q.year, q.quarter);
  const wordsBefore = quarterWords(plan, q.year - 1, q.quarter);
  const earn = (v: number) => (v < 0 ? `a net loss of ${money(v)}` : `net income of ${money(v)}`);
  const perShareWords = (v: number) => (v < 0 ? `$(${Math.abs(v).toFixed(2)})` : `$${v.toFixed(2)}`);
  const paragraphs: string[] = [];
  const ended = `${ORDINAL[q.quarter - 1]} quarter ended ${longDate(q.end)}`;
  paragraphs.push(
    `${plan.city}, ${plan.state}, ${longDate(releaseDate)} -- ${plan.name} (${plan.exchange}: ${plan.ticker}), a provider of ${plan.industry.what}, today announced results for the ${ended}.`,
  );
  const up = rev[0] >= rev[1];
  paragraphs.push(
    `Revenues for the ${words} were ${money(rev[0])}, ${up ? 'an increase' : 'a decrease'} of ${pct(rev[0], rev[1])} from ${money(rev[1])} for the ${wordsBefore}. ${plan.short} reported ${earn(net[0])}, or ${perShareWords(eps[0])} per diluted share, for the ${words}, compared with ${earn(net[1])}, or ${perShareWords(eps[1])} per diluted share, for the same quarter last year.`,
  );
  paragraphs.push(
    `Income from operations for the quarter was ${money(opInc[0])} compared with ${money(opInc[1])} a year ago. ${capital(plan.industry.things[0] as string)} and ${plan.industry.things[1]} contributed most of the change, while ${plan.industry.things[2]} was ${rng() < 0.5 ? 'lower' : 'about flat'} compared with the ${wordsBefore}.`,
  );
  if (q.quarter > 1) {
    const ytd = [base(f.revenue[2] as number), base(f.revenue[3] as number)] as const;
    const span = q.quarter === 4 ? `fiscal year ${q.year}` : `first ${q.quarter === 2 ? 'six' : 'nine'} months of ${plan.calendar === 'december' ? '' : 'fiscal '}${q.year}`;
    paragraphs.push(`For the ${span}, revenues were ${money(ytd[0])} compared with ${money(ytd[1])} for the same period last year, and net income was ${money(base(f.net[2] as number))} compared with ${money(base(f.net[3] as number))}.`);
  }
  if (rng() < 0.4) {
    const charge = Math.max(0.1, Math.round(Math.abs(opInc[0]) * 0.05 / 1e5) / 10);
    paragraphs.push(`Results for the ${words} include a one-time charge of $${charge.toFixed(1)} million related to the consolidation of facilities; excluding the charge, income from operations would have been ${money(opInc[0] + charge * 1e6)}.`);
  }
  const [cashNow, cashBefore] = [base(ctx.series.balances(q.year, q.quarter).cash), base(ctx.series.balances(q.year - 1, 4).cash)];
  paragraphs.push(
    `Cash and equivalents were ${money(cashNow)} at ${longDate(q.end)}, compared with ${money(cashBefore)} at ${longDate(yearEndOf(plan.calendar, q.year - 1))}, the end of the last fiscal year. ${rng() < 0.5 ? 'The Company had no borrowings outstanding under its revolving credit facility at the end of the quarter.' : `The Company repaid ${money(cashNow * between(rng, 0.05, 0.2))} of long-term debt during the quarter.`}`,
  );
  paragraphs.push(
    `"We are pleased with our performance in the ${ORDINAL[q.quarter - 1]} quarter, as demand for ${plan.industry.things[0]} remained strong and our cost initiatives took hold," stated ${plan.ceo}, ${plan.short}'s Chairman and Chief Executive Officer. "We enter the coming quarter with a healthy balance sheet and a clear plan."`,
  );
  paragraphs.push(...highlights(ctx, rev, wordsBefore));
  paragraphs.push(
    `${plan.cfo.split(' ')[1]} added: "Cash provided by operations funded our capital spending in the quarter, and we continue to see opportunities to invest in ${plan.industry.things[3]}."`,
  );
  const call = addDays(releaseDate, 0);
  paragraphs.push(
    `${plan.short} will hold a teleconference to discuss ${ORDINAL[q.quarter - 1]} quarter results with the financial community today, ${weekday(call)}, ${longDate(call)}, at ${int(rng, 8, 11)}:${pick(rng, ['00', '30'])} a.m. Eastern Time. Dial in: 1-888-${int(rng, 200, 999)}-${int(rng, 1000, 9999)} or ${int(rng, 201, 989)}-${int(rng, 200, 999)}-${int(rng, 1000, 9999)} for international callers, at least ten minutes before the start of the call. A telephone replay will also be available until ${longDate(addDays(call, 14))} starting one hour after the conclusion of the teleconference, by calling 1-877-${int(rng, 200, 999)}-${int(rng, 1000, 9999)} and entering the pass code number ${int(rng, 1_000_000, 9_999_999)}.`,
  );
  if (rng() < 0.5) {
    paragraphs.push(`A live webcast of the call will be available on the investor relations page of the Company's website, and an archive of the webcast will be available there for ninety days. Participants should register at least fifteen minutes before the call to download and install any necessary audio software.`);
  }
  if (plan.ebitda) {
    paragraphs.push('"EBITDA" is defined as earnings before interest, income taxes, depreciation, and amortization. EBITDA should not be considered as an alternative to operating income, as defined by generally accepted accounting principles, as an indicator of our operating performance, or to cash flows, as a measure of liquidity.');
  }
  paragraphs.push(`About ${plan.name} (http://www.${plan.short.toLowerCase()}.com)\n${plan.name} (${plan.ticker}) is a provider of ${plan.industry.what}, with ${plan.industry.things.join(', ')}. Headquartered in ${plan.city.charAt(0)}${plan.city.slice(1).toLowerCase()}, ${plan.state}, the Company serves customers across North America.`);
  paragraphs.push(pick(rng, BOILERPLATE));
  for (let i = 0; i < plan.long; i++) paragraphs.push(LONG_PARAGRAPHS[(i + q.quarter) % LONG_PARAGRAPHS.length] as string);
  return paragraphs.map((p) => (p.startsWith('About ') ? `${p.split('\n')[0]}\n${wrap(p.split('\n')[1] ?? '')}` : wrap(p)));
}

function release(plan: Plan, series: Series, year: number, quarter: number): GeneratedRelease {
  const q = quarterOf(plan.calendar, year, quarter);
  const rng = rngOf(plan.seed ^ (year * 16 + quarter));
  const unit = plan.scale === 'thousands' ? 1_000 : 1_000_000;
  const ctx: Context = { plan, series, q, rng, unit };
  const layout: Layout = { width: plan.layout === 'sec' ? 12 : 11, gap: plan.layout === 'sec' ? 4 : 3 };
  const indent = plan.layout === 'sec' ? 0 : 4;
  const date = releaseDay(q, rng);
  const columns = flowColumns(ctx);
  const lines: string[] = [];
  if (plan.layout === 'sec') lines.push('EXHIBIT 99.1', '');
  if (plan.contacts) lines.push(...contactsBlock(ctx));
  const headline = `${plan.short.toUpperCase()} REPORTS ${ORDINAL[q.quarter - 1]?.toUpperCase()} QUARTER ${plan.calendar === 'december' ? '' : 'FISCAL '}${q.year} RESULTS`;
  lines.push(centred(headline, 80).trimEnd(), '');
  lines.push(...narrative(ctx, columns, date).flatMap((p) => [p, '']));

  const figures: PrintedFigure[] = [];
  const ops = operationsRows(ctx, columns);
  figures.push(...ops.figures);
  lines.push('', plan.layout === 'sec' ? '<PAGE>' : '');
  lines.push(...table(ctx, [plan.caption, 'AND SUBSIDIARIES', 'CONSOLIDATED STATEMENTS OF OPERATIONS', scaleCaption(plan)], flowHeader(ctx, columns, layout, indent), ops.rows, layout));
  if (plan.ebitda) {
    const e = ebitdaRows(ctx, columns);
    figures.push(...e.figures);
    lines.push('', wrap(`The reconciliation of EBITDA with ${plan.labels.net.toLowerCase().replace(' (loss)', '')} for the periods ended ${longDate(q.end)} is as follows:`), '');
    lines.push(...table(ctx, [`(${plan.scale === 'thousands' ? 'in thousands' : 'in millions'})`], flowHeader(ctx, columns, layout, indent), e.rows, layout));
  }
  if (plan.segments) {
    lines.push('', ...table(ctx, ['SEGMENT INFORMATION', `(${plan.scale === 'thousands' ? 'in thousands' : 'in millions'})`], flowHeader(ctx, columns, layout, indent), segmentRows(ctx, columns), layout));
  }
  // The balance sheet: the quarter's end and the fiscal year's before.
  const yearEnd = { year: q.year - 1, quarter: 4 };
  const dates = [
    { b: series.balances(q.year, q.quarter), day: q.end },
    { b: series.balances(yearEnd.year, yearEnd.quarter), day: yearEndOf(plan.calendar, yearEnd.year) },
  ];
  const bs = balanceRows(ctx, dates);
  figures.push(...bs.figures);
  const bsHeader = [
    headerLine(dates.map(({ day }) => [monthDay(day), 1] as const), layout, indent),
    headerLine(dates.map(({ day }) => [String(day.year), 1] as const), layout, indent),
  ];
  lines.push('', plan.layout === 'sec' ? '<PAGE>' : '');
  lines.push(...table(ctx, [plan.caption, 'AND SUBSIDIARIES', 'CONSOLIDATED BALANCE SHEETS', `(${plan.scale === 'thousands' ? 'in thousands' : 'in millions'})`], bsHeader, bs.rows, layout));
  lines.push('');
  const slug = plan.short.toLowerCase();
  return { name: `${slug}-${plan.ticker.toLowerCase()}-${q.year}-q${q.quarter}.txt`, content: `${lines.join('\n')}\n`, company: plan.ticker, figures };
}

// ---------------------------------------------------------------------------------------------
// Many releases

const companyCount = (options: GenerateOptions) => Math.max(1, options.companies ?? Math.floor(options.releases / 10));

/** The releases, one company after another, each company's quarters in order. */
export function* generateReleases(options: GenerateOptions): Generator<GeneratedRelease> {
  for (const plan of plans(companyCount(options), options.releases, options.seed ?? 1)) {
    const series = new Series(plan);
    for (let k = 0; k < plan.releases; k++) {
      const t = plan.firstQuarter - 1 + k;
      yield release(plan, series, plan.firstYear + Math.floor(t / 4), (t % 4) + 1);
    }
  }
}

/** The companies a run generates, with what varies between them: for tests and the benchmark's report. */
export function describeCompanies(options: GenerateOptions): Array<Pick<Plan, 'key' | 'name' | 'exchange' | 'calendar' | 'scale' | 'layout' | 'eps' | 'ebitda' | 'contacts' | 'segments' | 'releases'>> {
  return plans(companyCount(options), options.releases, options.seed ?? 1).map((p) => ({
    key: p.key, name: p.name, exchange: p.exchange, calendar: p.calendar, scale: p.scale, layout: p.layout, eps: p.eps, ebitda: p.ebitda, contacts: p.contacts, segments: p.segments, releases: p.releases,
  }));
}

/**
 * Writes the releases into `dir` (created if needed); returns how many and their bytes. The release
 * at `holdBack` (in generation order), if any, is not written but returned: one for a reload to add.
 */
export async function writeReleases(dir: string, options: GenerateOptions, holdBack?: number): Promise<{ files: string[]; bytes: number; held?: { name: string; content: string } }> {
  await mkdir(dir, { recursive: true });
  const files: string[] = [];
  let bytes = 0;
  let held: { name: string; content: string } | undefined;
  let index = 0;
  let batch: Array<Promise<void>> = [];
  for (const r of generateReleases(options)) {
    if (index++ === holdBack) {
      held = { name: r.name, content: r.content };
      continue;
    }
    files.push(r.name);
    bytes += Buffer.byteLength(r.content);
    batch.push(writeFile(join(dir, r.name), r.content));
    if (batch.length >= 64) {
      await Promise.all(batch);
      batch = [];
    }
  }
  await Promise.all(batch);
  return { files, bytes, ...(held ? { held } : {}) };
}

if (isMain(import.meta.url)) {
  const { values } = parseArgs({ options: { releases: { type: 'string', default: '100' }, companies: { type: 'string' }, seed: { type: 'string', default: '1' }, out: { type: 'string' } } });
  if (!values.out) {
    console.error('usage: node --import ./knowledge/typescript.mjs bench/generate.ts --releases N --out DIR [--companies M] [--seed S]');
    process.exit(2);
  }
  const written = await writeReleases(values.out, {
    releases: Number(values.releases),
    ...(values.companies ? { companies: Number(values.companies) } : {}),
    seed: Number(values.seed),
  });
  console.log(`${written.files.length} releases, ${(written.bytes / 1e6).toFixed(1)} MB, in ${values.out}`);
}
