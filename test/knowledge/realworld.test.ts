/**
 * Real releases of other companies (test/fixtures/realworld: three text, four HTML, as filed with
 * the SEC), each loaded alone: the figure the bot serves for each hand-checked (concept, period) is
 * the one printed in the GAAP statement, never a segment, non-GAAP or subsidiary look-alike.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Concept } from '../../knowledge/concepts.ts';
import { parseRelease } from '../../knowledge/parse/release.ts';
import { buildSnapshot } from '../../knowledge/snapshot.ts';
import { FIXTURES_DIR } from '../support/fixtures.ts';

const DIR = `${FIXTURES_DIR}realworld/`;

interface Expected {
  release: string;
  concept: string;
  period: string;
  printed: string;
  value: number;
}

const expected: Expected[] = readFileSync(`${DIR}expected.tsv`, 'utf8')
  .split(/\r?\n/)
  .slice(1)
  .filter((l) => l.trim() !== '')
  .map((line) => {
    const [release, concept, period, printed, value] = line.split('\t') as [string, string, string, string, string];
    return { release, concept, period, printed, value: Number(value) };
  });

/** One EPS line printed without "basic" or "diluted" is the basic-and-diluted one, and the other way round. */
const SAME_EPS: Record<string, string[]> = {
  eps_basic_and_diluted: ['eps_basic_and_diluted', 'eps_basic', 'eps_diluted'],
  eps_basic: ['eps_basic', 'eps_basic_and_diluted'],
  eps_diluted: ['eps_diluted', 'eps_basic_and_diluted'],
};

const snapshots = new Map(
  readdirSync(`${DIR}releases`).map((name) => [name, buildSnapshot([parseRelease(name, readFileSync(`${DIR}releases/${name}`, 'utf8'))])]),
);

/** The value a release's book serves for a line and period; undefined when it serves none. */
const figure = (release: string, concept: Concept, period: string) => snapshots.get(release)?.books[0]?.figure(concept, period)?.value;

function served(row: Expected): number[] {
  const snapshot = snapshots.get(row.release);
  return (SAME_EPS[row.concept] ?? [row.concept]).flatMap((c) => {
    const got = snapshot?.books[0]?.figure(c as Concept, row.period);
    return got?.fact.kind === 'statement' ? [got.value] : [];
  });
}

describe('real releases of other companies', () => {
  it('has the 190 hand-checked figures of seven releases', () => {
    expect(expected).toHaveLength(190);
    expect(snapshots.size).toBe(7);
  });

  it('serves at least 90% of them exactly as printed, the bar of the realworld scorer', () => {
    const found = expected.filter((row) => served(row).some((v) => Math.abs(v - row.value) <= Math.abs(row.value) * 1e-9 + 1e-6));
    expect(found.length / expected.length).toBeGreaterThanOrEqual(0.9);
  });

  it.each(expected.map((row) => [`${row.release} ${row.concept} ${row.period}`, row] as const))('%s is never served as another number', (_name, row) => {
    for (const value of served(row)) expect(value).toBeCloseTo(row.value, 6);
  });
});

describe('what each company says it does ("About")', () => {
  it.each([
    ['oracle-2014-q4.htm', /^Oracle engineers hardware and software to work together in the cloud/],
    ['caterpillar-2022-q1.htm', /^With 2021 sales and revenues of \$51\.0 billion, Caterpillar Inc\. is the world’s leading manufacturer/],
    ['buckle-2024-q3.htm', /^Buckle is a specialty retailer/],
  ])('%s: the paragraph under its "About" heading, whole', (name, start) => {
    expect(snapshots.get(name)?.releases[0]?.about).toMatch(start);
  });
});

describe('who said what', () => {
  const quotes = (name: string) => snapshots.get(name)?.books[0]?.ofKind('quote') ?? [];

  it.each([
    ['oracle-2014-q4.htm', 'Safra Catz', 'Oracle President and CFO', /^Our cloud subscription business is now approaching a run rate of \$2 billion a year/],
    ['oracle-2014-q4.htm', 'Larry Ellison', 'Oracle CEO', /^Oracle is now the second largest SaaS company in the world/],
    ['sears-2004-q2.txt', 'Alan J. Lacy', 'Chairman and CEO', /^Like much of the industry, we experienced weak demand in June/],
    ['caterpillar-2022-q1.htm', 'Jim Umpleby', 'Chairman and CEO', /^I’m proud of our global team’s performance/],
  ])('%s: %s, named after the title ("said Oracle CEO Larry Ellison")', (name, speaker, title, words) => {
    const said = quotes(name).filter((q) => q.speaker === speaker);
    expect(said.map((q) => q.speakerTitle)).toContain(title);
    expect(said.some((q) => words.test(q.quote))).toBe(true);
  });

  it('a quotation a page break cuts, and that runs on into the next paragraph, is one, its speaker named in full with his title (Verizon: it lost "As our results indicate ..." and called him "Seidenberg")', () => {
    const his = quotes('verizon-2000-q4.txt').filter((q) => q.speaker.endsWith('Seidenberg'));
    expect(his.map((q) => [q.speaker, q.speakerTitle, q.line, q.lineEnd])).toEqual([['Ivan Seidenberg', 'Verizon President and Co-CEO', 96, 117]]);
    expect(his[0]?.quote).toMatch(/^As our results indicate, .* which together represent a \$14 billion-a-year market in voice long-distance alone .* … Verizon is distinguished from its peers/);
    // The page's furniture ("- more -", its number, the running head) is in no sentence.
    const sentences = snapshots.get('verizon-2000-q4.txt')?.books[0]?.ofKind('sentence') ?? [];
    expect(sentences.filter((x) => /- more -|Earnings Release, p\. \d/.test(x.text))).toEqual([]);
  });
});

describe('headlines', () => {
  it.each([
    ['apple-2004-q3.htm', 'Apple Reports Third Quarter Results Revenue Increases 30 Percent and Net Profit Triples Year-Over-Year'],
    ['sears-2004-q2.txt', 'Sears Reports Second Quarter 2004 Results'],
    ['oracle-2014-q4.htm', 'ORACLE BECOMES THE SECOND LARGEST CLOUD SAAS COMPANY IN THE WORLD'],
  ])('%s: in capitals, else in title case', (name, headline) => {
    expect(snapshots.get(name)?.releases[0]?.headline).toBe(headline);
  });

  // Dated by a line of its own at the top, with the contacts and the headline below that date, down to the story's "CITY -".
  it.each([
    ['verizon-2000-q4.txt', 'VERIZON COMMUNICATIONS POSTS STRONG RESULTS FOR FOURTH QUARTER AND 2000 HIGH-GROWTH SERVICES FUEL REVENUE GAINS; COMPANY MEETS FINANCIAL GOALS AND DELIVERS ADJUSTED EPS OF 77 CENTS FOR QUARTER, $2.91 FOR YEAR'],
    ['buckle-2024-q3.htm', 'THE BUCKLE, INC. REPORTS THIRD QUARTER NET INCOME'],
  ])('%s: below its date, never the filing\'s top ("EXHIBIT 99", "[VERIZON LOGO]", an address), the contacts, nor the highlights\' heading', (name, headline) => {
    expect(snapshots.get(name)?.releases[0]?.headline).toBe(headline);
  });
});

describe('the call each release announces', () => {
  const event = (name: string) => snapshots.get(name)?.books[0]?.ofKind('event')[0];

  it('Oracle: held "today" at 2:00 p.m. Pacific; the live pass code with the dial-in, the replay\'s with the replay (its own paragraph)', () => {
    expect(event('oracle-2014-q4.htm')).toMatchObject({ date: 'June 19, 2014', time: '2:00 p.m.', timeZone: 'Pacific', dialIn: ['(913) 312-6699'], dialInPassCode: '822011', replay: ['(719) 457-0820', '(888) 203-1112'], passCode: '1625971', webcast: 'http://www.oracle.com/investor' });
  });

  it.each([
    ['apple-2004-q3.htm', { date: 'July 14, 2004', time: '2:00 p.m.', timeZone: 'PDT', dialIn: [], webcast: 'http://www.apple.com/quicktime/qtv/earningsq304/' }],
    ['sears-2004-q2.txt', { date: 'July 22, 2004', time: '10:30 a.m.', timeZone: 'EDT', replay: ['1-866-499-4546'], passCode: '7072' }],
    // The page the release names as the call's "live broadcast/replays": not the glossary's, named first in the same notes,
    // nor the slides' ("The accompanying slides will be available before the webcast ... at", which it gave: hunt V).
    ['caterpillar-2022-q1.htm', { date: 'April 28, 2022', time: '7:30 a.m.', timeZone: 'Central Time', webcast: 'https://investors.caterpillar.com/financials/quarterly-results/default.aspx' }],
    ['verizon-2000-q4.txt', { date: 'February 1, 2001', time: '9 a.m.', webcast: 'www.verizon.com/investor' }],
    // The live event's registration page, never the replay's page said after it (it gave the replay's as the webcast).
    ['buckle-2024-q3.htm', { time: '10:00 a.m.', timeZone: 'EST', webcast: 'https://buckle.zoom.us/webinar/register/WN_ZagNJtIfQImjiUbr7g6zdw', replayWebcast: 'https://corporate.buckle.com/investors/earnings-webcasts' }],
  ])('%s: a webcast or a call without a dial-in is one too', (name, expected) => {
    expect(event(name)).toMatchObject(expected);
  });
});

describe('where each company is based, from its dateline', () => {
  it.each([
    ['apple-2004-q3.htm', 'Cupertino, California'],
    ['caterpillar-2022-q1.htm', 'Deerfield, Ill.'],
    ['chemical-1993-q4.txt', 'New York'],
    ['oracle-2014-q4.htm', 'Redwood Shores, Calif.'],
    ['sears-2004-q2.txt', 'Hoffman Estates, Ill.'],
    ['buckle-2024-q3.htm', 'Kearney, NE'],
    ['verizon-2000-q4.txt', 'New York'],
  ])('%s: %s', (name, place) => {
    expect(snapshots.get(name)?.releases[0]?.headquarters).toBe(place);
  });
});

describe('contacts printed other ways than Infocrossing\'s block', () => {
  it('Oracle: "Contact:" and the names beside it, each column a person: role, phone, email', () => {
    const contacts = snapshots.get('oracle-2014-q4.htm')?.books[0]?.ofKind('contact') ?? [];
    expect(contacts.map((c) => [c.role, c.name, c.phone, c.email])).toEqual([
      ['Oracle Investor Relations', 'Ken Bond', '1.650.607.0349', 'ken.bond@oracle.com'],
      ['Oracle Corporate Communications', 'Deborah Hellinger', '1.212.508.7935', 'deborah.hellinger@oracle.com'],
    ]);
  });

  it.each([
    ['apple-2004-q3.htm', [
      ['Press contact', 'Steve Dowling', 'Apple', '(408) 974-1896', 'sdowling@apple.com'],
      ['Investor Relations contact', 'Nancy Paxton', 'Apple', '(408) 974-5420', 'paxton1@apple.com'],
      ['Investor Relations contact', 'Joan Hoover', 'Apple', '(408) 974-4570', 'hoover1@apple.com'],
    ]],
    ['buckle-2024-q3.htm', [['Chief Financial Officer', 'Thomas B. Heacock', 'The Buckle, Inc.', '(308) 236-8491', undefined]]],
    ['caterpillar-2022-q1.htm', [
      ['Caterpillar investor relations contact', 'Ryan Fiedler', '', '+1 224-551-4074', 'Fiedler_Ryan_S@cat.com'],
      ['Caterpillar media contact', 'Kate Kenny', '', '+1 309-361-9333', 'Kenny_Kate@cat.com'],
    ]],
    ['sears-2004-q2.txt', [
      ['News Media Contact', 'Edgar P. McDougal', '', '+1-847-286-9669', undefined],
      ['Investor Contact', 'Scott A. Bohaboy', '', '+1-847-286-7419', undefined],
    ]],
    ['verizon-2000-q4.txt', [
      ['Contact', 'PETER THONIS', '', '212-395-2355', 'peter.thonis@verizon.com'],
      ['Contact', 'DAVID FRAIL', '', '212-395-7726', 'david.frail@verizon.com'],
    ]],
  ])('%s: the people after a "contact:" label, each with what is printed beside their name', (name, expected) => {
    const contacts = snapshots.get(name)?.books[0]?.ofKind('contact') ?? [];
    expect(contacts.map((c) => [c.role, c.name, c.organisation, c.phone, c.email])).toEqual(expected);
  });

  it('Chemical Banking: the press and the investor contacts, each with the phone below it', () => {
    const contacts = snapshots.get('chemical-1993-q4.txt')?.books[0]?.ofKind('contact') ?? [];
    expect(contacts.map((c) => [c.role, c.name, c.phone])).toEqual([
      ['Press contact', 'John Meyers', '(212) 270-7454'],
      ['Investor contact', 'John Borden', '(212) 270-7318'],
    ]);
  });
});

describe("a statement's arithmetic is checked over its own rows", () => {
  it("Caterpillar: operating profit is not checked as revenue less costs less the cash-flow statement's depreciation (its income statement prints no such row)", () => {
    const snapshot = snapshots.get('caterpillar-2022-q1.htm');
    expect(snapshot?.books[0]?.figure('cost_of_revenue', '2022-Q1')?.value).toBe(9_559e6);
    expect(snapshot?.warnings.filter((w) => w.code === 'check_failed')).toEqual([]);
  });
});

describe("a company's own words for its lines", () => {
  it("Verizon's \"Total shareowners' investment\" is its stockholders' equity, and its total liabilities and shareowners' investment the balance sheet's total", () => {
    expect(figure('verizon-2000-q4.txt', 'stockholders_equity', '2000-12-31')).toBe(34_578e6);
    expect(figure('verizon-2000-q4.txt', 'stockholders_equity', '1999-12-31')).toBe(26_376e6);
    expect(figure('verizon-2000-q4.txt', 'total_liabilities_and_equity', '2000-12-31')).toBe(164_735e6);
  });

  it("Oracle's \"Total Non-Current Liabilities\" are its long-term liabilities (28,508), from which its total liabilities are derived", () => {
    expect(figure('oracle-2014-q4.htm', 'long_term_liabilities', '2014-05-31')).toBe(28_508e6);
    expect(figure('oracle-2014-q4.htm', 'long_term_liabilities', '2013-05-31')).toBe(23_795e6);
  });

  it("The Buckle's operating expenses, printed without a label below \"OPERATING EXPENSES:\" (Selling 71,986 + G&A 13,602 = 85,588), are its total operating expenses", () => {
    expect(figure('buckle-2024-q3.htm', 'operating_expenses', '2024-Q3')).toBe(85_588e3);
    expect(figure('buckle-2024-q3.htm', 'operating_expenses', '2023-9M')).toBe(244_328e3);
    // The facts cite the heading, as printed; the row's own line is the figures alone.
    const fact = snapshots.get('buckle-2024-q3.htm')?.facts.find((f) => f.kind === 'statement' && f.concept === 'operating_expenses');
    expect(fact).toMatchObject({ label: 'OPERATING EXPENSES', line: 59 });
    // A row of figures that is not the sum of the rows above it is no one's total: left unread.
    const content = readFileSync(`${DIR}releases/buckle-2024-q3.htm`, 'utf8').replace('85,588', '85,600');
    const altered = parseRelease('buckle-2024-q3.htm', content);
    expect(altered.ok && altered.facts.some((f) => f.kind === 'statement' && f.concept === 'operating_expenses')).toBe(false);
  });

  it("a restructuring line is its own: Apple's \"Restructuring costs\" (8, a dash for a year earlier), Oracle's \"Restructuring\" (183), Chemical's \"Restructuring Charge\" (158)", () => {
    expect(figure('apple-2004-q3.htm', 'restructuring', '2004-Q3')).toBe(8e6);
    expect(figure('apple-2004-q3.htm', 'restructuring', '2003-Q3')).toBe(0);
    expect(figure('oracle-2014-q4.htm', 'restructuring', '2014-FY')).toBe(183e6);
    expect(figure('chemical-1993-q4.txt', 'restructuring', '1993-FY')).toBe(158e6);
  });

  it("Sears' \"Selling and administrative\" is its S&A (2,064); its \"Cost of sales, buying and occupancy\" its cost of revenues (6,282), the cost of its \"Merchandise sales and services\" (8,700), read apart from its total revenues (8,781)", () => {
    expect(figure('sears-2004-q2.txt', 'selling_admin', '2004-Q2')).toBe(2_064e6);
    expect(figure('sears-2004-q2.txt', 'selling_admin', '2003-H1')).toBe(4_409e6);
    expect(figure('sears-2004-q2.txt', 'cost_of_revenue', '2004-Q2')).toBe(6_282e6);
    expect(figure('sears-2004-q2.txt', 'sales_revenue', '2004-Q2')).toBe(8_700e6);
    expect(figure('sears-2004-q2.txt', 'revenue', '2004-Q2')).toBe(8_781e6);
  });

  it("Sears' \"Interest, net\" is its net interest expense, printed among its costs above an operating income that is after it (68 for Q2 2004): EBIT and a coverage are over income before taxes plus interest, never over that operating income", () => {
    expect(figure('sears-2004-q2.txt', 'net_interest_expense', '2004-Q2')).toBe(68e6);
    expect(figure('sears-2004-q2.txt', 'operating_income', '2004-Q2')).toBe(53e6);
  });

  it("Caterpillar's \"Sales of Machinery, Energy & Transportation\" (12,886) is read apart from its total sales and revenues (13,589), Financial Products' revenues in them", () => {
    expect(figure('caterpillar-2022-q1.htm', 'sales_revenue', '2022-Q1')).toBe(12_886e6);
    expect(figure('caterpillar-2022-q1.htm', 'revenue', '2022-Q1')).toBe(13_589e6);
  });

  it("Apple's \"Gross margin\" row is its gross profit in dollars (559), read as printed, not computed", () => {
    expect(figure('apple-2004-q3.htm', 'gross_profit', '2004-Q3')).toBe(559e6);
    expect(figure('apple-2004-q3.htm', 'gross_profit', '2004-9M')).toBe(1_625e6);
  });

  it("the balance sheet's last line, however named, equals total assets: shareholders' (Apple, Caterpillar, Sears), plain equity (Oracle)", () => {
    for (const [release, date] of [['apple-2004-q3.htm', '2004-06-26'], ['caterpillar-2022-q1.htm', '2022-03-31'], ['sears-2004-q2.txt', '2004-07-03'], ['oracle-2014-q4.htm', '2014-05-31']] as const) {
      const total = figure(release, 'total_liabilities_and_equity', date);
      expect(total, release).toBeDefined();
      expect(total, release).toBe(figure(release, 'total_assets', date));
    }
  });
});

describe("a segment's page is the segment's, never the company's", () => {
  it("Verizon's Domestic Telecom page, which a note below calls \"segment financial results ... on an adjusted basis\", gives no figure: D&A is the consolidated 3,239, total operating expenses none", () => {
    expect(figure('verizon-2000-q4.txt', 'depreciation_amortization', '2000-Q4')).toBe(3_239e6);
    expect(figure('verizon-2000-q4.txt', 'depreciation_amortization', '2000-FY')).toBe(12_261e6);
    // Only the segment pages print a total (8,579 Domestic Telecom, 3,679 Wireless ...): the company's is not printed.
    expect(figure('verizon-2000-q4.txt', 'operating_expenses', '2000-Q4')).toBeUndefined();
  });
});

describe("a sentence says the part of the release it is in", () => {
  const sentenceAt = (release: string, line: number) => snapshots.get(release)?.books[0]?.ofKind('sentence').find((s) => s.line === line);
  it('Sears\' gross margin rates: the Domestic one under "Domestic", the Canadian one under "Sears Canada" (hunts R, T, V: both read as the company\'s)', () => {
    expect(sentenceAt('sears-2004-q2.txt', 59)?.heading).toBe('Domestic');
    expect(sentenceAt('sears-2004-q2.txt', 87)?.heading).toBe('Sears Canada');
    expect(sentenceAt('sears-2004-q2.txt', 119)?.heading).toBe('Outlook');
    // A heading in capitals ending in a colon: Verizon's parts (review 55: its wireless operating income read as the company's).
    expect(sentenceAt('verizon-2000-q4.txt', 302)?.heading).toBe('VERIZON WIRELESS');
    expect(sentenceAt('verizon-2000-q4.txt', 342)?.heading).toBe('INTERNATIONAL');
  });

  it('never a date line, a table\'s marker or the part before a table for the notes below it', () => {
    const headings = [...snapshots.values()].flatMap((s) => s.books[0]?.ofKind('sentence').map((f) => f.heading) ?? []);
    expect(headings.filter((h) => h !== undefined && (/\d/.test(h) || /unaudited|^(?:foot)?notes?$/i.test(h)))).toEqual([]);
    // Sears' segment table's notes, below its tables, are under no part of the prose above them (they were under "Webcast").
    expect(sentenceAt('sears-2004-q2.txt', 378)?.heading).toBeUndefined();
  });
});

describe('share counts: a weighted average says so, a count at the end of a period is not one', () => {
  it("Verizon's \"Weighted average number of common shares-assuming dilution\" is its diluted count (2,725 million), never the 2,702 million outstanding \"End of period\"", () => {
    expect(figure('verizon-2000-q4.txt', 'shares_diluted', '2000-Q4')).toBe(2_725e6);
    expect(figure('verizon-2000-q4.txt', 'shares_diluted', '2000-FY')).toBe(2_737e6);
    expect(figure('verizon-2000-q4.txt', 'shares_basic_and_diluted', '2000-Q4')).toBeUndefined();
  });

  it("a count at a date is the shares outstanding then: Verizon's \"End of period\" (2,702 million at December 31, 2000), Sears' balance-sheet \"Total common shares outstanding\" (213.1 million at July 3, 2004)", () => {
    expect(figure('verizon-2000-q4.txt', 'shares_outstanding', '2000-12-31')).toBe(2_702e6);
    expect(figure('verizon-2000-q4.txt', 'shares_outstanding', '1999-12-31')).toBe(2_733e6);
    expect(figure('sears-2004-q2.txt', 'shares_outstanding', '2004-07-03')).toBe(213_100_000);
    expect(figure('sears-2004-q2.txt', 'shares_outstanding', '2004-01-03')).toBe(230_400_000);
  });

  it("retained earnings are a balance-sheet line of their own: Sears' 10,731, Chemical's 2,501, Apple's 2,564 and The Buckle's 284,986 thousand", () => {
    expect(figure('sears-2004-q2.txt', 'retained_earnings', '2004-07-03')).toBe(10_731e6);
    expect(figure('chemical-1993-q4.txt', 'retained_earnings', '1993-12-31')).toBe(2_501e6);
    expect(figure('apple-2004-q3.htm', 'retained_earnings', '2004-06-26')).toBe(2_564e6);
    expect(figure('buckle-2024-q3.htm', 'retained_earnings', '2024-11-02')).toBe(284_986_000);
  });

  it("a stock's dollar line naming its shares is no count: Apple's \"Common stock, no par value; ... shares issued and outstanding\" ($2,369 million), Sears' \"Common shares\" ($323 million)", () => {
    expect(figure('apple-2004-q3.htm', 'shares_outstanding', '2004-06-26')).toBeUndefined();
    expect(snapshots.get('sears-2004-q2.txt')?.books[0]?.periodsOf('shares_outstanding')).toEqual(['2003-06-28', '2004-01-03', '2004-07-03']);
  });

  it("Chemical's \"Average common shares and common stock equivalents outstanding\", below its one EPS line, is read: 252.5 million in Q4 1993", () => {
    expect(figure('chemical-1993-q4.txt', 'shares_basic_and_diluted', '1993-Q4')).toBe(252_500_000);
  });
});

describe('income taxes and the income before them, however a statement prints them', () => {
  it("an expense printed in parentheses as a deduction is the tax paid, not a benefit: Sears' (32), Verizon's (852)", () => {
    // 89 + (32) + (4) = 53: the rows sum as printed, so (32) is deducted, $32 million of tax expense.
    expect(figure('sears-2004-q2.txt', 'income_tax', '2004-Q2')).toBe(32e6);
    expect(figure('sears-2004-q2.txt', 'income_tax', '2004-H1')).toBe(23e6);
    expect(figure('verizon-2000-q4.txt', 'income_tax', '2000-Q4')).toBe(852e6);
    expect(figure('verizon-2000-q4.txt', 'income_tax', '2000-FY')).toBe(7_009e6);
  });

  it('a row its footnote names is also that line: Caterpillar\'s "Profit 1" (note 1, "Profit attributable to common shareholders") is its net income and its profit to common shareholders, and only that row carries the note', () => {
    for (const [period, value] of [['2022-Q1', 1_537e6], ['2021-Q1', 1_530e6]] as const) {
      expect(figure('caterpillar-2022-q1.htm', 'net_income', period)).toBe(value);
      expect(figure('caterpillar-2022-q1.htm', 'net_income_to_common', period)).toBe(value);
    }
    const noted = snapshots.get('caterpillar-2022-q1.htm')?.facts.filter((f) => f.kind === 'statement' && f.footnote !== undefined) ?? [];
    expect(noted.map((f) => f.kind === 'statement' && `${f.concept} ${f.label} ${f.footnote}`)).toEqual([
      'net_income_to_common Profit 1 Profit attributable to common shareholders.',
      'net_income_to_common Profit 1 Profit attributable to common shareholders.',
    ]);
    // Note 2 ("Diluted by assumed exercise of stock-based compensation awards…") explains, and names no line.
    expect(figure('caterpillar-2022-q1.htm', 'eps_diluted', '2022-Q1')).toBe(2.86);
  });

  it('"Provision for income taxes" and the income before it are their lines: Apple, Oracle, Caterpillar', () => {
    expect(figure('apple-2004-q3.htm', 'income_tax', '2004-Q3')).toBe(24e6);
    expect(figure('apple-2004-q3.htm', 'pretax_income', '2004-Q3')).toBe(85e6);
    expect(figure('oracle-2014-q4.htm', 'income_tax', '2014-FY')).toBe(2_749e6);
    expect(figure('oracle-2014-q4.htm', 'pretax_income', '2014-Q4')).toBe(4_589e6);
    expect(figure('caterpillar-2022-q1.htm', 'income_tax', '2022-Q1')).toBe(469e6);
    expect(figure('caterpillar-2022-q1.htm', 'pretax_income', '2022-Q1')).toBe(1_999e6);
    // Sears': "Income before income taxes, minority interest and cumulative effect of change in accounting principle".
    expect(figure('sears-2004-q2.txt', 'pretax_income', '2004-Q2')).toBe(89e6);
  });

  it("Chemical's \"Income before income tax expense\" is its pretax income (581 million, Q4 1993), and Oracle's balance-sheet \"Equity\" its stockholders' equity", () => {
    expect(figure('chemical-1993-q4.txt', 'pretax_income', '1993-Q4')).toBe(581e6);
    // Its year's line: "Income before income taxes and effect of accounting changes".
    expect(figure('chemical-1993-q4.txt', 'pretax_income', '1993-FY')).toBe(2_108e6);
    expect(figure('oracle-2014-q4.htm', 'stockholders_equity', '2014-05-31')).toBe(47_447e6);
  });

  it("a half is its two printed quarters added (Oracle's H1 fiscal 2014, 8,372 + 9,275 = 17,647 million), before the year less what follows it", () => {
    expect(figure('oracle-2014-q4.htm', 'revenue', '2014-H1')).toBe(17_647e6);
  });

  it('net income is checked as income before taxes less tax only where nothing is printed between (minority interest, equity in affiliates)', () => {
    for (const release of ['sears-2004-q2.txt', 'caterpillar-2022-q1.htm', 'apple-2004-q3.htm', 'oracle-2014-q4.htm']) {
      expect(snapshots.get(release)?.warnings.filter((w) => w.code === 'check_failed' && /income tax/.test(w.message)), release).toEqual([]);
    }
  });
});

describe("a bank's own lines", () => {
  it('Chemical Banking: net interest income, $1,149 million in Q4 1993 and $4,636 million for 1993, as its text says too', () => {
    const book = snapshots.get('chemical-1993-q4.txt')?.books[0];
    expect(book?.figure('net_interest_income', '1993-Q4')?.value).toBe(1_149e6);
    expect(book?.figure('net_interest_income', '1993-FY')?.value).toBe(4_636e6);
  });

  it('Chemical Banking: its noninterest revenue and expense totals ($1,053 million and $1,335 million in Q4 1993; $4,024 million and $5,293 million for the year), never a part of them', () => {
    const book = snapshots.get('chemical-1993-q4.txt')?.books[0];
    expect(book?.figure('noninterest_revenue', '1993-Q4')?.value).toBe(1_053e6);
    expect(book?.figure('noninterest_revenue', '1993-FY')?.value).toBe(4_024e6);
    expect(book?.figure('noninterest_expense', '1993-Q4')?.value).toBe(1_335e6);
    expect(book?.figure('noninterest_expense', '1993-FY')?.value).toBe(5_293e6);
    expect(book?.figure('noninterest_revenue', '1992-FY')?.value).toBe(3_026e6);
  });
});

describe('the lines of a fuller balance sheet, by their own labels', () => {
  it.each([
    ['apple-2004-q3.htm', 'receivables', '2004-06-26', 629e6, 'its label names the allowance after it ("less allowances of $47 and $49, respectively")'],
    ['apple-2004-q3.htm', 'inventories', '2003-09-27', 56e6, 'at the fiscal year end'],
    ['oracle-2014-q4.htm', 'receivables', '2014-05-31', 6_087e6, '"Trade receivables, net"'],
    ['oracle-2014-q4.htm', 'deferred_revenue', '2014-05-31', 7_269e6, '"Deferred revenues", not the cash-flow statement\'s "Increase in deferred revenues" (172)'],
    ['oracle-2014-q4.htm', 'goodwill', '2013-05-31', 27_343e6, ''],
    ['sears-2004-q2.txt', 'inventories', '2004-01-03', 5_335e6, '"Merchandise inventories, net", three dates'],
    ['verizon-2000-q4.txt', 'inventories', '2000-12-31', 1_910e6, 'beside a "$ Change" column (544), which is no date'],
    ['verizon-2000-q4.txt', 'long_term_debt', '1999-12-31', 32_419e6, ''],
    ['caterpillar-2022-q1.htm', 'inventories', '2022-03-31', 15_038e6, 'the consolidated statement, not the cash-flow statement\'s change (1,032)'],
    ['buckle-2024-q3.htm', 'inventories', '2023-10-28', 152_289e3, '"Inventory", in thousands'],
    ['apple-2004-q3.htm', 'short_term_investments', '2004-06-26', 1_846e6, ''],
    ['oracle-2014-q4.htm', 'short_term_investments', '2014-05-31', 21_050e6, '"Marketable securities", current'],
    ['verizon-2000-q4.txt', 'short_term_investments', '1999-12-31', 1_035e6, 'not the cash-flow statement\'s "Net change in short-term investments" (97)'],
  ] as const)('%s %s %s is %d: %s', (release, concept, period, value, _why) => {
    expect(figure(release, concept, period)).toBe(value);
  });

  it.each([
    ['oracle-2014-q4.htm', 'capital_expenditures', '2014-FY', -580e6, 'printed (580): cash used is below zero, as printed'],
    ['oracle-2014-q4.htm', 'share_repurchases', '2014-FY', -9_813e6, '"Payments for repurchases of common stock"'],
    ['oracle-2014-q4.htm', 'dividends_paid', '2013-FY', -1_433e6, '"Payments of dividends to stockholders"'],
    ['oracle-2014-q4.htm', 'net_cash_investing', '2014-FY', -7_539e6, '"Net cash used for investing activities"'],
    ['verizon-2000-q4.txt', 'capital_expenditures', '1999-FY', -13_013e6, 'beside a "$ Change" column, which is no period'],
    ['verizon-2000-q4.txt', 'share_repurchases', '2000-FY', -2_294e6, '"Purchase of common stock for treasury"'],
    ['verizon-2000-q4.txt', 'net_cash_financing', '1999-FY', 1_732e6, '"Net cash used in financing activities", above zero that year: cash provided'],
    ['caterpillar-2022-q1.htm', 'capital_expenditures', '2022-Q1', -346e6, '"Capital expenditures – excluding equipment leased to others", the label shown with it'],
    ['caterpillar-2022-q1.htm', 'dividends_paid', '2022-Q1', -595e6, 'not the balance sheet\'s "Dividends payable"'],
    ['caterpillar-2022-q1.htm', 'share_repurchases', '2021-Q1', 0, 'printed as a dash'],
  ] as const)('reads the statement of cash flows: %s %s %s is %d (%s)', (release, concept, period, value, _why) => {
    expect(figure(release, concept, period)).toBe(value);
  });

  it('reads no quarter from a table of trailing four quarters (Oracle\'s free cash flow: its "Q4" column is the year)', () => {
    expect(snapshots.get('oracle-2014-q4.htm')?.books[0]?.periodsOf('capital_expenditures')).toEqual(['2013-FY', '2014-FY']);
  });

  it.each([
    ['verizon-2000-q4.txt', 'accounts_payable', '"Accounts payable and accrued liabilities" holds more than the payables'],
    ['sears-2004-q2.txt', 'long_term_debt', '"Long-term debt and capitalized lease obligations" holds the leases too'],
    ['caterpillar-2022-q1.htm', 'receivables', 'trade and finance receivables are printed apart, never their sum'],
  ] as const)('%s: no %s (%s)', (release, concept, _why) => {
    expect(snapshots.get(release)?.books[0]?.periodsOf(concept)).toEqual([]);
  });
});
