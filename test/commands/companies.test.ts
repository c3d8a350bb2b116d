/**
 * Ten releases of eight companies loaded at once (the three Infocrossing releases and seven real
 * releases of others, text and HTML): each company answers its own questions, a figure of one
 * company is never given for another, and a question that names none asks which.
 */
import { cp, mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { autocomplete } from '../../commands/autocomplete.ts';
import { createChannelDefaults } from '../../commands/channel-company.ts';
import { answerQuestion, ask, runCall, type Asker } from '../../commands/run.ts';
import { parseCompanyOption } from '../../commands/understand/companies.ts';
import { createConversations } from '../../commands/understand/conversation.ts';
import type { Question } from '../../commands/understand/question.ts';
import { COMPANY_WORDS } from '../../commands/understand/vocabulary.ts';
import { escapeRegExp } from '../../knowledge/text.ts';
import type { Store } from '../../knowledge/store.ts';
import { askAfter, askText, openProjectStore } from '../support/answers.ts';
import { FIXTURES_DIR } from '../support/fixtures.ts';
import { RELEASE_FILES, RELEASES_DIR } from '../support/releases.ts';

const OTHERS_DIR = `${FIXTURES_DIR}realworld/releases`;

let dir: string;
let store: Store;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'companies-'));
  for (const f of RELEASE_FILES) await cp(join(RELEASES_DIR, f), join(dir, f));
  for (const f of await readdir(OTHERS_DIR)) await cp(join(OTHERS_DIR, f), join(dir, f));
  store = await openProjectStore(dir);
});
afterAll(() => rm(dir, { recursive: true, force: true }));

const asker = (extra: Partial<Asker> = {}): Asker => ({ store, admin: false, ...extra });
/** The answer to `then` asked right after `first`, in a conversation of their own. */
const follow = (first: string, then: string) => askAfter(first, then, store);

describe('ten releases of eight companies loaded', () => {
  it('each company answers its own questions, named by ticker or name', async () => {
    expect((await ask('Caterpillar revenue Q1 2022', asker())).answer.summary).toContain('$13,589 million');
    expect((await ask('Oracle diluted EPS fiscal 2014', asker())).answer.summary).toContain('$2.38 per share');
    expect((await ask('what did apple earn last quarter', asker())).answer.summary).toContain('$61 million');
    // A ticker the release does not print, kept as data (companies.json): AAPL is Apple's.
    expect((await ask('aapl revenue q3 2004', asker())).answer.title).toBe('Apple: Revenue — Q3 2004');
    // Its name in full, which its release never prints, is its name (it searched the text for "computer"; hunt K).
    expect((await ask('Apple Computer eps q3 2004', asker())).answer.summary).toContain('$0.16 per share');
    expect((await ask('apple computer inc total assets june 2004', asker())).answer.summary).toContain('$7,223 million');
    // Every name in full the vocabulary holds names its company (companies.json "names").
    for (const [key, name] of Object.entries(COMPANY_WORDS.names)) {
      const company = store.current().companies.find((c) => c.key === key);
      expect(company, key).toBeDefined();
      expect((await ask(`${name} revenue`, asker())).answer.title, name).toMatch(new RegExp(`^${escapeRegExp(company?.name ?? key)}:`));
    }
    // Lower case and short of its end, "computer" may be its computers': never the company's revenue in their place.
    expect((await ask('apple computer sales q3 2004', asker())).answer.summary).not.toContain('$2,014 million');
    // A name word said short is still the name: "Chemical Bank" is Chemical Banking Corporation, not a search for "bank".
    expect((await ask('chemical bank net income 1993', asker())).answer.title).toBe('Chemical Banking Corporation: Net income — FY 1993');
    expect((await ask('CAT revenue Q1 2022', asker())).answer.summary).toContain('$13,589 million');
    expect((await ask('IFOX revenue Q4 2003', asker())).answer.summary).toContain('$14.4 million');
    expect((await ask('Verizon revenue Q4 2000', asker())).answer.summary).toContain('$16,873 million');
    expect((await ask("what was sears's net income in the second quarter of 2004?", asker())).answer.summary).toContain('$53 million');
  });

  it.each([
    ['chemical banking total assets', '$149,888 million'],
    ['total assets of Chemical Banking Corporation', '$149,888 million'],
    ['what were Sears Roebuck total revenues in Q2 2004', '$8,781 million'],
  ])('a company named by more of its name than its first word: %s', async (text, figure) => {
    expect((await ask(text, asker())).answer.summary).toContain(figure);
  });

  it("periods in the company's fiscal year, asked by label or by date, shown with the dates printed", async () => {
    const q3 = (await ask('apple revenue Q3 2004', asker())).answer.summary;
    expect(q3).toContain('Q3 fiscal 2004 (three months ended June 26, 2004)');
    expect(q3).toContain('$2,014 million');
    expect((await ask('apple revenue for the quarter ended June 2004', asker())).answer.summary).toContain('$2,014 million');
    expect((await ask('apple cash at the end of June 2004', asker())).answer.summary).toContain('$3,120 million');
    expect((await ask('sears revenue for the 13 weeks ended July 3, 2004', asker())).answer.summary).toContain('$8,781 million');
    expect((await ask('buckle revenue for the quarter ended October 2024', asker())).answer.summary).toContain('13 weeks ended November 2, 2024');
  });

  it('a half-year from the nine months less the third quarter (Apple, The Buckle); an unprinted quarter of a 52/53-week year has no calendar end date (Sears)', async () => {
    const apple = (await ask('apple revenue first half of fiscal 2004', asker())).answer;
    expect(apple.summary).toBe('Revenue for first half of fiscal 2004 was $3,915 million (derived, not printed).');
    expect(apple.fields[0]?.value).toBe('H1 2004 = 9M 2004 − Q3 2004 = 5,929 million − 2,014 million');
    // Sears' first quarter of 2004 ended on April 3, not March 31: a date the releases do not print is not made up.
    const sears = (await ask('sears revenue q1 2004', asker())).answer;
    expect(sears.summary).toBe('Revenue for Q1 2004 was $7,794 million (derived, not printed).');
  });

  it("a bank's results lead with its net interest income (it has no revenue: the results were \"not in the releases\"); a call without a dial-in or a release without a headline leaves them out", async () => {
    const { answer } = await ask('chemical results q4 1993', asker());
    expect(answer.summary.split('\n')).toEqual([
      'Net interest income: $1,149 million (Q4 1992: $1,226 million, -6.3% (±0.08 points, as the printed figures are rounded))',
      'Net income: $347 million (Q4 1992: $304 million, +14.1% (±0.4 points, as the printed figures are rounded))',
      'Net income (loss) to common stockholders: $309 million (Q4 1992: $266 million, +16.2% (±0.4 points, as the printed figures are rounded))',
      'Basic and diluted earnings per share: $1.23 per share (Q4 1992: $1.09 per share, +12.8% (±1.0 points, as the printed figures are rounded))',
    ]);
    expect(answer.fields.map((f) => f.name)).not.toContain('Headline of the release');
    const verizon = (await ask('how did verizon do in q4 2000', asker())).answer;
    expect(verizon.fields.find((f) => f.name === 'Teleconference')?.value).toBe('February 1, 2001, 9 a.m.');
  });

  it('two rates equal to their decimal differ by "+0.0 points", their rounding not said where it cannot change it (it was "+0.00 points (±0.0007 points ...)")', async () => {
    const { answer } = await ask('buckle tax rate 39 weeks 2024 vs 39 weeks 2023', asker());
    expect(answer.summary).toContain('24.5% in 9M 2024 against 24.5% in 9M 2023: +0.0 points.');
  });

  it("each quarter of a calendar year is the calendar's; of a year said by its end in another month, the company's own (review 44)", async () => {
    expect((await ask('oracle revenue each quarter of calendar 2013', asker())).answer.notes.join(' ')).toContain('the 3 months ended March 2013 and the 3 months ended June 2013');
    expect((await ask('oracle revenue each quarter of the year ended may 31 2014', asker())).answer.notes.join(' ')).toContain('revenue, Q1 2014 and Q2 2014 and Q3 2014 and Q4 2014');
  });

  it('a word whose past doubles its last letter meets it in the text: "how many iPods did Apple ship" finds "Apple shipped ... 860 thousand iPods" (it was not in the releases: hunt T)', async () => {
    const a = (await ask('how many ipods did apple ship in q3 2004', asker())).answer;
    expect(a.kind).not.toBe('not_found');
    expect(a.sources.map((c) => c.line)).toContain(11);
  });

  it('guidance is found in the words releases use for it ("anticipates", "expect", "target ranges"), and a word as said ranks before its related ones (review 55: boilerplate "expected" came before Verizon\'s "vs. 500,000 target")', async () => {
    expect((await ask('verizon target', asker())).answer.sources[0]?.line).toBe(29);
    expect((await ask('sears eps guidance q3 2004', asker())).answer.sources.map((c) => c.line)).toContain(116);
    expect((await ask('apple eps guidance', asker())).answer.sources.map((c) => c.line)).toContain(15);
    expect((await ask('verizon eps target 2001', asker())).answer.sources.map((c) => c.line)).toContain(115);
    // "Anticipate" is the same word of guidance (review 56: Apple's "we expect" was not in the releases).
    expect((await ask('apple anticipates', asker())).answer.sources.map((c) => c.line)).toContain(15);
  });

  it('a president is a role: Oracle\'s two quoted, none of Apple\'s (it listed every quote as if no one were named: hunt V); a vice president is no president', async () => {
    const oracle = (await ask("what did oracle's president say", asker())).answer;
    expect(oracle.fields.map((f) => f.name).join(' ')).toMatch(/Safra Catz[\s\S]*Mark Hurd|Mark Hurd[\s\S]*Safra Catz/);
    expect(oracle.fields.map((f) => f.name).join(' ')).not.toContain('Ellison');
    const apple = (await ask('what did the president of apple say', asker())).answer;
    expect(apple.kind).toBe('not_found');
    expect(apple.summary).toContain('no quote by the president');
    expect((await ask('who is the president of infocrossing', asker())).answer.kind).toBe('not_found');
  });

  it("a one-letter ticker typed in capitals names its company: Sears' S, alone or as a follow-up (it kept the company before and showed its figure: hunt U), never a letter of S&P or U.S.", async () => {
    expect((await ask('S net income q2 2004', asker())).answer.summary).toContain('$53 million');
    const after = await follow('apple net income q3 2004', 'and S?');
    expect(after.title).toContain('Sears, Roebuck and Co.');
    expect(after.kind).toBe('not_found');
    expect((await follow('buckle net sales q3 2024', "what about S's for q2 2004?")).summary).toContain('$8,781 million');
    // After a line's name in title case, still the ticker (review 54: it asked which company).
    expect((await ask('Net Income S Q2 2004', asker())).answer.summary).toContain('$53 million');
    for (const q of ['S&P 500 revenue q2 2004', 'S & P revenue q2 2004', 'S and P 500 revenue q2 2004', 'U.S. revenue q2 2004', 'U. S. revenue q2 2004', 'tesla Model S revenue q2 2004', 'Form S-1 revenue q2 2004', 'what is s revenue q2 2004']) {
      expect((await ask(q, asker())).answer.title ?? '', q).not.toContain('Sears');
    }
  });

  it('a company alone after a figure asks the same figure of it, said with "the" or after "wrong company" (it gave the company\'s profile: hunt E); alone with nothing before, its profile', async () => {
    for (const q of ['the buckle?', 'wrong company, I meant the buckle', 'wrong one, the buckle']) {
      const after = await follow('apple net income q3 2004', q);
      expect(after.title, q).toContain('The Buckle');
      expect(after.notes.join(' '), q).toContain('net income, Q3 2004');
    }
    expect((await ask('the buckle', asker())).answer.title).toContain('what it does');
  });

  it('a ticker said with its exchange ("NYSE: CAT", "nasdaq:AAPL") names its company, the exchange no words to search (it searched the text for "nyse revenue": hunt E)', async () => {
    expect((await ask('NYSE: CAT revenue Q1 2022', asker())).answer.summary).toContain('$13,589 million');
    expect((await ask('nasdaq:AAPL net income Q3 2004', asker())).answer.summary).toContain('$61 million');
  });

  it("a profile cites the line that says it: the \"About\" paragraph's first, the dateline's for a ticker or a city, never the headline's (hunt L)", async () => {
    const lines = async (question: string) => (await ask(question, asker())).answer.sources.map((c) => `${c.release}:${c.line}`);
    expect(await lines('what does buckle do')).toEqual(['buckle-2024-q3.htm:37']);
    expect(await lines('what does caterpillar do')).toEqual(['caterpillar-2022-q1.htm:261']);
    expect(await lines('buckle ticker')).toEqual(['buckle-2024-q3.htm:23']);
    // Verizon's city is named in a bullet before the dateline ("1.4 million New York long-distance customers"): the dateline is cited.
    expect(await lines('verizon headquarters')).toEqual(['verizon-2000-q4.txt:47']);
    expect(await lines('where is sears headquartered')).toEqual(['sears-2004-q2.txt:6']);
  });

  it("when the fiscal year ends: the latest year's end each release prints, a year's column or a balance sheet's (it gave the year's results, or refused them)", async () => {
    const said = async (question: string) => {
      const { answer } = await ask(question, asker());
      return { summary: answer.summary, sources: answer.sources.map((c) => `${c.release}:${c.line}`) };
    };
    expect(await said("what is oracle's fiscal year end")).toEqual({ summary: expect.stringContaining('May 31, 2014, as its table prints the year, FY 2014') as unknown, sources: ['oracle-2014-q4.htm:188'] });
    // Apple's third-quarter release prints no year: its balance sheet's column at the last year's end.
    expect((await said("when does apple's fiscal year end?")).summary).toContain('September 27, 2003, as its balance sheet prints the date');
    // A year of 52 or 53 weeks ends near its month's end, some years after it: said so.
    expect((await said('sears fiscal year end')).summary).toContain('January 3, 2004, as its balance sheet prints the date. Its year is counted in weeks');
    // A balance at the year's end is still that balance.
    expect((await said('apple cash at fiscal year-end 2003')).summary).toContain('$3,396 million');
  });

  it('"and Sears?" after a call or a profile of another company asks the same of Sears (it searched the text for nothing; hunt L)', async () => {
    expect((await follow('oracle replay number', 'and sears?')).summary).toContain('1-866-499-4546, pass code 7072');
    expect((await follow('what does oracle do', 'and buckle?')).title).toContain('what it does');
    expect((await follow('oracle ticker', 'and verizon?')).notes.join(' ')).toContain('company profile: ticker');
  });

  it('a period alone after an answer from the text asks the same words of that period, never the names its first sentence held', async () => {
    // "And in 1999?" after Verizon's book value per share (unread: its text searched for "share") searched "nynex ntl".
    const again = await follow('verizon book value per share 2000', 'and in 1999?');
    expect(again.notes.join(' ')).toContain('the text of the releases about "share", 1999');
    expect(again.notes.join(' ')).not.toContain('nynex');
  });

  it("Oracle's long-term debt under the name it prints (company-labels.json): \"Notes payable and other non-current borrowings\" (it was not in the releases; hunt K); Sears' line holds its lease obligations too, and is no long-term debt", async () => {
    const oracle = (await ask('oracle long-term debt may 31 2013', asker())).answer;
    expect(oracle.summary).toBe('Long-term debt at May 31, 2013 was $18,494 million.');
    expect(oracle.fields[0]?.value).toContain('"Notes payable and other non-current borrowings" 18,494 (in millions)');
    expect((await ask('sears long-term debt july 3 2004', asker())).answer.summary).not.toContain('$4,123 million');
  });

  it("an expense the statement prints in parentheses as a deduction is answered as the expense it is: Sears' tax (32) is $32 million, not a benefit", async () => {
    const { answer } = await ask('sears income tax expense q2 2004', asker());
    expect(answer.summary).toBe('Income tax expense for Q2 2004 (13 weeks ended July 3, 2004) was $32 million.');
    expect(answer.fields[0]?.value).toContain('"Income tax expense" (32) (in millions), in parentheses as a deduction');
    const verizon = (await ask('verizon provision for income taxes 2000', asker())).answer;
    expect(verizon.summary).toContain('$7,009 million.');
    expect(verizon.summary).not.toContain('benefit');
  });

  it('a balance asked at a month is its balance sheet in that month; asked at a day no balance sheet has, the nearest, and said so', async () => {
    // "November 2024" is The Buckle's November 2 (it was read as November 30 and not found).
    const month = (await ask('buckle cash november 2024', asker())).answer;
    expect(month.summary).toBe('Cash and equivalents at November 2, 2024 was $301.958 million.');
    expect(month.notes.join(' ')).toContain('end of November 2024');
    // Asked at June 30, Sears' balance sheet is dated July 3: shown, and the difference said, never passed off as June 30's.
    const day = (await ask('sears total assets june 30 2004', asker())).answer;
    expect(day.summary).toBe('Total assets at July 3, 2004 was $21,927 million.');
    expect(day.notes.join(' ')).toContain('no balance sheet is dated Jun 30, 2004: shown at the nearest, Jul 3, 2004');
    const dated = (await ask('apple cash june 26 2004', asker())).answer;
    expect(dated.notes.join(' ')).not.toContain('no balance sheet is dated');
  });

  it('reads "the fiscal year before" of the company named in a follow-up from its own latest year, never the year asked of another before', async () => {
    const conversation = { store: createConversations(), key: 'fiscal-year-before' };
    await ask('apple revenue q3 2004', asker({ conversation }));
    const before = (await ask('and for infocrossing the fiscal year before?', asker({ conversation }))).answer;
    expect(before.title).toBe('Infocrossing, Inc.: Revenue — FY 2002');
  });

  it("says a period shown is the nearest one where no release prints its last day (Oracle's quarterly table): the quarter ended March 15, 2014 is Q3 fiscal 2014, ended February 28", async () => {
    const nearest = (await ask('oracle revenue quarter ended march 15 2014', asker())).answer;
    expect(nearest.title).toBe('Oracle Corporation: Revenue — Q3 2014');
    expect(nearest.notes.join(' ')).toContain('no period printed ends on Mar 15, 2014: shown the nearest, Q3 2014, which ended Feb 28, 2014');
    expect((await ask('oracle revenue quarter ended february 28 2014', asker())).answer.notes.join(' ')).not.toContain('no period printed ends on');
    // Its year not said: the latest such quarter, which ended in February (it said the calendar quarter's September 30).
    expect((await ask('oracle revenue quarter ended february 15', asker())).answer.notes.join(' ')).toContain('shown the latest, Q3 2014, which ended February 28, 2014');
  });

  it.each([
    ['Apple Inc', 'APPLE'], ['aapl', 'APPLE'], ['catepillar', 'CAT'], ['Caterpillar Inc.', 'CAT'], ['sears roebuck', 'S'], ['infocrosing', 'IFOX'],
    ['the buckle', 'BKE'], ['the oracle corporation', 'ORCL'], ['sears roebuck co', 'S'], ['CAT corp', 'CAT'], ['verizon co.', 'VZ'],
  ])('reads a company option naming one company loaded, misspelt or with words that say nothing else: %s', (typed, key) => {
    expect(parseCompanyOption(typed, store.current())).toEqual({ ok: true, value: key });
  });

  it.each(['a', '.', 'inc', 'the', 'corp', 'corporation', 'caterpillar financial', 'apple computer', 'belt buckle', 'oracle o'])(
    'refuses a company option that names no one company loaded, never the company some of its letters match: %s',
    (typed) => {
      const parsed = parseCompanyOption(typed, store.current());
      expect(parsed.ok).toBe(false);
      if (!parsed.ok) expect(parsed.valid).toHaveLength(8);
    },
  );

  it('autocompletes the company option, the typed one first, and the periods of the chosen company', () => {
    const snapshot = store.current();
    expect(autocomplete('company', 'cater', {}, snapshot)[0]).toEqual({ name: 'Caterpillar Inc. (CAT)', value: 'CAT' });
    expect(autocomplete('company', '', {}, snapshot)).toHaveLength(8);
    const periods = autocomplete('period', '', { metric: 'revenue', company: 'ORCL' }, snapshot).map((c) => c.value);
    expect(periods).toContain('2014-FY');
    expect(periods).not.toContain('2003-Q4');
  });

  it('an answer about one of several companies names it, in its title and its reading', async () => {
    const { answer } = await ask('VZ revenue Q4 2000', asker());
    expect(answer.title).toMatch(/^Verizon Communications Inc\.: /);
    expect(answer.notes.join(' ')).toContain('Read as: Verizon Communications Inc., revenue, Q4 2000');
  });

  it("the buttons an answer offers (Chart, the year before) ask about the same company", async () => {
    const { answer } = await ask('VZ revenue Q4 2000', asker());
    expect(answer.followUps.length).toBeGreaterThan(0);
    expect(answer.followUps.map((f) => f.question.company)).toEqual(answer.followUps.map(() => 'VZ'));
    const results = await ask('/results Q1 2022 company:CAT', asker());
    expect(results.answer.followUps.find((f) => f.label === 'Chart')?.question).toMatchObject({ intent: 'trend', company: 'CAT' });
  });

  it('a company typed among a slash command\'s words is its company option, never its period ("/results apple Q3 2004", "/metric revenue apple": "apple" is not a period)', async () => {
    expect((await ask('/results apple Q3 2004', asker())).answer.title).toBe('Apple: Results — Q3 2004');
    expect((await ask('/results sears', asker())).answer.title).toBe('Sears, Roebuck and Co.: Results — Q2 2004');
    expect((await ask('/metric revenue apple', asker())).answer.summary).toContain('$2,014 million');
    expect((await ask('/metric revenue S q2 2004', asker())).answer.summary).toContain('$8,781 million');
  });

  it('/compare\'s versus said as in words: a bare year against part of one is that part ("nine months 2004 vs 2003", it was fiscal 2003, refused), "last year" the period a year before (it was the latest year, refused)', async () => {
    expect((await ask('/compare net income apple nine months 2004 vs 2003', asker())).answer.title).toBe('Apple: Net income — 9M 2004 vs 9M 2003');
    expect((await ask('/compare net income sears 26 weeks 2004 vs 2003', asker())).answer.title).toBe('Sears, Roebuck and Co.: Net income — H1 2004 vs H1 2003');
    expect((await ask('/compare revenue apple Q3 2004 vs last year', asker())).answer.title).toBe('Apple: Revenue — Q3 2004 vs Q3 2003');
    expect((await ask('/compare revenue oracle fy2014 vs 2013', asker())).answer.title).toBe('Oracle Corporation: Revenue — FY 2014 vs FY 2013');
    // Before the period asked, never before the latest (review 74: Oracle's Q2 2014 "vs last year" was set against Q4 2013, -15.3%).
    expect((await ask('/compare revenue oracle Q2 2014 vs last year', asker())).answer.title).toBe('Oracle Corporation: Revenue — Q2 2014 vs Q2 2013');
    expect((await ask('/compare revenue sears Q1 2004 vs prior year', asker())).answer.title).toBe('Sears, Roebuck and Co.: Revenue — Q1 2004 vs Q1 2003');
    expect((await ask('/compare cash sears January 3, 2004 vs last year', asker())).answer.title).toBe('Sears, Roebuck and Co.: Cash and equivalents to compare with: not in the releases');
  });

  it('"the quarter before" another company\'s quarter, where their fiscal years end apart, is the quarter before it in time (review 74: after Apple\'s Q3 2003, ended June 28, 2003, it gave Sears\' Q2 2003, ended the same day)', async () => {
    const sears = await follow('apple revenue q3 2003', 'sears revenue the quarter before?');
    expect(sears.title).toBe('Sears, Roebuck and Co.: Revenue — Q1 2003');
    expect(sears.summary).toContain('$8,880 million');
    expect((await follow('sears revenue q2 2004', "apple's revenue the quarter after?")).title).toBe('Apple: Revenue: not in the releases');
    expect((await follow('infocrossing revenue q4 2003', "apple's revenue the quarter before?")).summary).toContain('Q4 fiscal 2003 is not reported');
    // After a half or nine months, before its start or after its end (review 75: after Sears' first half it gave Apple's
    // quarter inside it); a year earlier, the same months a year before (it gave Infocrossing's Q3 2003 after Apple's Q3 2004).
    expect((await follow('sears revenue h1 2004', 'apple revenue the quarter after?')).title).toBe('Apple: Revenue: not in the releases');
    expect((await follow('apple revenue nine months 2004', 'infocrossing revenue the quarter before?')).title).toBe('Infocrossing, Inc.: Revenue — Q3 2003');
    expect((await follow('apple revenue q3 2004', 'infocrossing revenue a year earlier?')).summary).toContain('$13.582 million');
  });

  it('a balance\'s change over the year to date is from the fiscal year end before it, never against a year earlier (review 88)', async () => {
    // Sears' cash fell $5,498 million in its year to date; against a year earlier it read as up $638 million.
    const sears = (await ask('sears cash change ytd', asker())).answer;
    expect(sears.title).toBe('Sears, Roebuck and Co.: Cash and equivalents — Jul 3, 2004 vs Jan 3, 2004');
    expect(sears.summary).toContain('-$5,498 million');
    expect((await ask('buckle cash change ytd 2024', asker())).answer.summary).toContain('+$33.745 million');
    // Apple prints no balance a year before: it was refused, and its fiscal year end is there.
    expect((await ask('apple cash change ytd', asker())).answer.title).toBe('Apple: Cash and equivalents — Jun 26, 2004 vs Sep 27, 2003');
    // A flow's year to date is still set against the same months a year earlier.
    expect((await ask('buckle revenue change ytd', asker())).answer.title).toBe('The Buckle, Inc.: Revenue — 9M 2024 vs 9M 2023');
  });

  it('/compare with one period said after "vs" compares the latest with it (review 75: "vs the prior quarter" was the period, set against a year before it)', async () => {
    expect((await ask('/compare revenue oracle vs the prior quarter', asker())).answer.title).toBe('Oracle Corporation: Revenue — Q4 2014 vs Q3 2014');
    expect((await ask('/compare revenue oracle vs a year earlier', asker())).answer.title).toBe('Oracle Corporation: Revenue — Q4 2014 vs Q4 2013');
    // A quarter before a year is none: said so, never a year earlier unsaid.
    const yearBefore = (await ask('/compare revenue oracle fy2014 vs the prior quarter', asker())).answer;
    expect(yearBefore.kind).toBe('refusal');
    expect(yearBefore.summary).toContain('the quarter before is of a quarter or a balance sheet date, and the period is neither');
  });

  it('two companies on one chart when asked: each series its company, each point its figure', async () => {
    const { answer, question } = await ask('chart revenue apple vs oracle', asker());
    expect(question).toMatchObject({ intent: 'trend', company: 'APPLE', companies: ['ORCL'] });
    const series = answer.chart?.panels.find((p) => p.title === 'Quarters')?.series ?? [];
    expect(series.map((s) => s.company)).toEqual(['Apple', 'Oracle Corporation']);
    expect(series[0]?.points.find((p) => p.period === '2004-Q3')?.value).toBe(2_014_000_000);
    expect(series[1]?.points.find((p) => p.period === '2014-Q4')?.value).toBe(11_320_000_000);
    expect(answer.fields.map((f) => f.name)).toContain('Oracle Corporation: Revenue — Quarters');
  });

  it('a question naming no company asks which, with one choice per company', async () => {
    const { answer } = await ask('revenue Q4 2003', asker());
    expect(answer.kind).toBe('clarify');
    expect(answer.alternatives?.map((a) => a.question.company).sort()).toEqual(['APPLE', 'BKE', 'CAT', 'CHEMICAL BANKING', 'IFOX', 'ORCL', 'S', 'VZ']);
    expect(answer.alternatives?.every((a) => a.question.intent === 'figure')).toBe(true);
  });

  it.each([
    ['compare apple and oracle revenue', 'compare'],
    ['apple and oracle revenue 2004', 'figure'],
  ])('two companies named side by side: %s asks which, or both on a chart, never answers for the first alone', async (text, intent) => {
    const { answer } = await ask(text, asker());
    expect(answer.kind).toBe('clarify');
    expect(answer.alternatives?.map((a) => [a.question.intent, a.question.company])).toEqual([[intent, 'APPLE'], [intent, 'ORCL'], ['trend', 'APPLE']]);
    expect(answer.alternatives?.at(-1)?.question).toMatchObject({ intent: 'trend', companies: ['ORCL'] });
  });

  it('a rate the sentence prints of something else is not given as the metric\'s: Verizon\'s 11.1% is the per-share rise, net income rose 10.0%', async () => {
    const { answer } = await ask('verizon net income Q4 2000 vs Q4 1999', asker());
    expect(answer.summary).toContain('$1,912 million in Q4 2000 against $1,738 million in Q4 1999: +$174 million, +10.0%');
    expect(answer.summary).not.toContain('11.1');
  });

  it.each([
    ['what did the CEO of oracle say', ['Larry Ellison']],
    ['what did safra catz say at oracle', ['Safra Catz']],
    ['oracle quotes', ['Safra Catz', 'Mark Hurd', 'Larry Ellison']],
    ['what did larry ellison say about saas', ['Larry Ellison']],
    ['what did Jim Umpleby say', ['Jim Umpleby']],
  ])('quotes are by the speaker asked for, of their company: %s', async (text, speakers) => {
    const { answer } = await ask(text, asker());
    expect(answer.kind).toBe('quotes');
    expect(answer.facts.map((f) => (f.kind === 'quote' ? f.speaker : f.kind))).toEqual(speakers);
  });

  it.each([
    ['chemical press contact', 'John Meyers'],
    ['who handles investor relations at chemical banking?', 'John Borden'],
    ['who handles investor relations at oracle?', 'Ken Bond'],
    ['oracle press contact', 'Deborah Hellinger'],
  ])('a role printed in other words than the question\'s: %s', async (text, name) => {
    const { answer } = await ask(text, asker());
    expect(answer.kind).toBe('contacts');
    expect(answer.fields[0]?.name).toContain(name);
  });

  it('a role nobody quoted holds is said so, with who was quoted', async () => {
    const { answer } = await ask('what did the chemical banking CFO say', asker());
    expect(answer.kind).toBe('not_found');
    expect(answer.summary).toContain('no quote by the chief financial officer');
    expect(answer.fields[0]?.value).toContain('Walter V. Shipley (chairman and chief executive officer)');
  });

  it('a speaker named with a middle initial ("said Walter V. Shipley, chairman and chief executive officer") is found by name and by role, his later "Mr. Shipley" with him', async () => {
    for (const q of ['what did Walter Shipley say?', 'what did the chemical banking CEO say']) {
      const { answer } = await ask(q, asker());
      expect(answer.kind, q).toBe('quotes');
      expect(answer.summary, q).toContain('2 quotes');
      expect(answer.fields.map((f) => f.name).join(' '), q).toContain('Walter V. Shipley, chairman and chief executive officer');
    }
  });

  it('contacts wherever a release prints them: Buckle\'s CFO under its date line, Apple\'s two investor relations contacts at its end, Verizon\'s in the right-hand column', async () => {
    const cfo = (await ask("who is Buckle's CFO", asker())).answer;
    expect(cfo.fields[0]?.name).toBe('Chief Financial Officer — Thomas B. Heacock');
    expect(cfo.fields[0]?.value).toContain('(308) 236-8491');
    const ir = (await ask('who handles investor relations at Apple', asker())).answer;
    expect(ir.fields[0]?.value).toContain('paxton1@apple.com');
    // Both are named in the same release: the second holds the role too, not "earlier".
    expect(ir.fields[0]?.value).toContain('Also: Joan Hoover');
    const all = (await ask("who are Verizon's contacts?", asker())).answer;
    expect(all.kind).toBe('contacts');
    // Printed with no role: one "Contact" entry holding both.
    expect(all.fields.map((f) => f.name)).toEqual(['Contact — PETER THONIS']);
    expect(all.fields[0]?.value).toContain('Also: DAVID FRAIL (212-395-7726 · david.frail@verizon.com)');
  });

  it("a role no contact holds, held by someone quoted: Oracle's CFO is Safra Catz as quoted, with no phone or email given; Sears quotes no CFO and says so", async () => {
    const cfo = (await ask("who is Oracle's CFO", asker())).answer;
    expect(cfo.kind).toBe('contacts');
    expect(cfo.fields[0]?.name).toBe('Oracle President and CFO — Safra Catz');
    expect(cfo.fields[0]?.value).toContain('prints no phone or email');
    expect(cfo.sources[0]).toMatchObject({ release: 'oracle-2014-q4.htm' });
    expect((await ask("who is Sears' CFO", asker())).answer.kind).toBe('not_found');
  });

  it("cost lines by the names companies print (Apple's \"Cost of sales\", Caterpillar's \"Cost of goods sold\"); Apple's gross margin is computed from its printed gross profit (its \"Gross margin\" row), each line used shown as printed", async () => {
    const { answer } = await ask('Apple gross margin Q3 2004', asker());
    expect(answer.summary).toContain('27.76%');
    const lines = answer.fields.find((f) => f.name === 'Lines used')?.value ?? '';
    expect(lines.split('\n')).toEqual(['"Gross margin" 559 (in millions) — apple-2004-q3.htm line 93', '"Net sales" 2,014 (in millions) — apple-2004-q3.htm line 91']);
    expect(answer.notes.join(' ')).toContain('gross profit: the release prints it, as "Gross margin"');
    // Derived (9M less Q3), its line is still the one Apple prints as "Gross margin", never the vocabulary's "Gross profit" said as printed.
    const half = (await ask('Apple gross profit first half fiscal 2004', asker())).answer;
    expect(half.summary).toContain('derived, not printed');
    expect(half.notes.join(' ')).toContain('gross profit: the release prints it, as "Gross margin"');
    expect(half.notes.join(' ')).not.toContain('"Gross profit"');
    expect((await ask('Apple cost of sales Q3 2004', asker())).answer.fields[0]?.value).toContain('"Cost of sales" 1,455 (in millions)');
    const cogs = (await ask('Caterpillar cost of goods sold Q1 2022', asker())).answer;
    expect(cogs.summary).toContain('$9,559 million');
    expect(cogs.fields[0]?.value).toContain('"Cost of goods sold" 9,559 (in millions)');
  });

  it("a gross margin is over the sales the cost of sales is the cost of: Caterpillar's 25.8% over its sales of machinery (29.7% over total sales and revenues, Financial Products' in them), Sears' 27.8% over its merchandise sales (37.2% over total revenues in Q2 2003, credit revenues in them)", async () => {
    const cat = (await ask('caterpillar gross margin Q1 2022', asker())).answer;
    expect(cat.summary).toContain('Gross margin for Q1 2022: 25.8%');
    expect(cat.fields.find((f) => f.name === 'Lines used')?.value.split('\n')).toEqual(['"Sales of Machinery, Energy & Transportation" 12,886 (in millions) — caterpillar-2022-q1.htm line 331', '"Cost of goods sold" 9,559 (in millions) — caterpillar-2022-q1.htm line 335']);
    expect((await ask('caterpillar gross profit q1 2022', asker())).answer.summary).toContain('Gross profit for Q1 2022: $3,327 million');
    expect((await ask('sears gross margin q2 2003', asker())).answer.summary).toContain('Gross margin for Q2 2003: 27.7%');
    expect((await ask('sears gross margin q2 2004', asker())).answer.summary).toContain('Gross margin for Q2 2004: 27.8%');
    // Where no sales line is printed apart, revenue is the base, as before.
    expect((await ask('buckle gross margin q3 2024', asker())).answer.summary).toContain('47.7%');
  });

  it("'sales' of a company that prints its sales apart from revenues of another kind shows both lines, a claim judged against each: Caterpillar's $12.9 billion is its sales line (12,886, yes), not its total (13,589; it said no against the total alone); 'sales and revenues' and 'revenue' are the total; Apple's net sales are its revenue", async () => {
    // A margin over the total named is over the total: 24.5% (it listed the 25.8% margin and the revenue).
    expect((await ask('caterpillar gross margin over total revenue q1 2022', asker())).answer.summary).toContain('24.5%');
    // Asked again of a company that prints no sales line apart, the total alone (Oracle's sales line was "available for: no period").
    expect((await follow('caterpillar sales q1 2022', 'and oracle?')).title).not.toContain('Sales of goods and services');
    // A tenth of a unit said is no licence to be far off: Sears' $53 million is not "$0.1 billion".
    expect((await ask('was sears net income $0.1 billion in Q2 2004?', asker())).answer.summary).toContain('No: $53 million, below the $100 million said.');
    // "About" is within 5% ("about 30%" is not Apple's 27.8%); a fraction of a tenth of a unit is whole units said another
    // way ("$0.05 billion" is "$50 million": not Sears' 53); "80 cents" is to the cent (Oracle's basic 0.81 is no).
    expect((await ask('was apple gross margin about 30% in q3 2004?', asker())).answer.summary).toContain('No: 27.76%');
    expect((await ask('was sears net income $0.05 billion in Q2 2004?', asker())).answer.summary).toContain('No: $53 million');
    expect((await ask('was oracle q4 2014 eps 80 cents?', asker())).answer.summary).toContain('Basic earnings per share, Q4 2014: No: $0.81 per share');
    // A whole number's trailing zeros are no digits said: Sears' loss of 806 is "$800 million".
    expect((await ask('was the sears h1 2004 net loss $800 million?', asker())).answer.summary).toContain('Yes, to the digits said: a loss of $806 million rounds to $800 million.');
    const claim = (await ask('was caterpillar sales $12.9 billion in q1 2022?', asker())).answer.summary;
    expect(claim).toContain('Yes, to the digits said: $12,886 million rounds to $12.9 billion.');
    expect(claim).toContain('No: $13,589 million, above the $12.9 billion said.');
    expect((await ask('caterpillar sales and revenues q1 2022', asker())).answer.title).toBe('Caterpillar Inc.: Revenue — Q1 2022');
    expect((await ask('caterpillar revenue q1 2022', asker())).answer.title).toBe('Caterpillar Inc.: Revenue — Q1 2022');
    expect((await ask('apple net sales q3 2004', asker())).answer.title).toBe('Apple: Revenue — Q3 2004');
  });

  it("the cost of sales set against revenue by a company that prints its sales apart is read in the asker's words: over its sales when sales are named (Caterpillar 74.2%, adding up with its gross margin), over the total when revenue or the total is (70.3%); revenue minus the cost of sales asked back, gross profit over the sales or the two lines; Apple's over its net sales, 72.2%", async () => {
    expect((await ask('caterpillar cost of sales as % of sales Q1 2022', asker())).answer.summary).toContain('74.2%');
    expect((await ask('caterpillar cost of goods sold as a percentage of total sales and revenues Q1 2022', asker())).answer.summary).toContain('70.3%');
    expect((await ask('caterpillar cogs as a percent of revenue q1 2022', asker())).answer.summary).toContain('70.3%');
    expect((await ask('caterpillar cost of goods sold as a percent of sales and revenues Q1 2022', asker())).answer.summary).toContain('70.3%');
    expect((await follow('sears cost of sales Q2 2004', 'as a % of sales?')).summary).toContain('72.2%');
    expect((await ask('caterpillar cost of sales as a percent of sales q1 2022 vs q1 2021', asker())).answer.summary).toContain('74.2% in Q1 2022 against 71.6% in Q1 2021');
    expect((await ask('caterpillar gross profit as a percentage of total sales and revenues q1 2022', asker())).answer.summary).toContain('24.5%');
    expect((await ask('caterpillar sales minus cost of goods sold q1 2022', asker())).answer.summary).toContain('$3,327 million');
    const less = (await ask('caterpillar total sales and revenues minus cost of goods sold q1 2022', asker())).answer;
    expect(less.alternatives?.map((a) => a.label)).toEqual(['gross profit, Q1 2022', 'revenue, cost of revenues, Q1 2022']);
    const [, apart] = less.alternatives ?? [];
    expect((await answerQuestion(apart?.question as Question, asker())).answer.summary).toContain('$13,589 million');
    expect((await ask('sears cost of sales to sales ratio q2 2003', asker())).answer.summary).toContain('72.3%');
    expect((await ask('apple cost of sales as a percent of revenue q3 2004', asker())).answer.summary).toContain('72.24%');
  });

  it("a quarter said by its end day, no year said, is the one that ended that day: The Buckle's October 28 is its 2023 third quarter (303,457, not 2024's 293,618 to November 2), Apple's June 28 its 2003 quarter (1,545); a day no period ends on is said", async () => {
    const buckle = (await ask('buckle revenue quarter ended October 28', asker())).answer;
    expect(buckle.summary).toContain('(13 weeks ended October 28, 2023) was $303.457 million');
    expect(buckle.notes.join(' ')).toContain('no year given: the one that ended on October 28, Q3 2023');
    expect((await ask('apple net income quarter ended June 28', asker())).answer.summary).toContain('was $19 million');
    expect((await ask('apple revenue nine months ended June 28', asker())).answer.summary).toContain('$4,492 million');
    expect((await ask('apple revenue for the quarter ended June 26', asker())).answer.summary).toContain('$2,014 million');
    const none = (await ask('apple revenue quarter ended june 27', asker())).answer;
    expect(none.notes.join(' ')).toContain('no period printed ends on June 27: shown the latest, Q3 2004, which ended June 26, 2004');
  });

  it("another company asked after a period of a fiscal calendar is asked for the months that period covered: after Apple's quarter ended June 28, 2003 (its fiscal Q3), Infocrossing's June quarter (13,582, not its Q3's derived 14.089) and Sears' (10,196); after Infocrossing's September quarter, Apple's is not in its release", async () => {
    const info = await follow('apple revenue the June 2003 quarter', 'and Infocrossing?');
    expect(info.summary).toContain('Revenue for Q2 2003 (three months ended June 30, 2003) was $13.582 million');
    expect(info.notes.join(' ')).toContain('the 3 months ended June 28, 2003');
    expect((await follow('apple net income for the quarter ended June 28, 2003', 'and Infocrossing?')).summary).toContain('$0.105 million');
    expect((await follow('apple revenue the June 2003 quarter', 'and Sears?')).summary).toContain('$10,196 million');
    expect((await follow('infocrossing revenue the September 2003 quarter', 'and Apple?')).kind).toBe('not_found');
    expect((await follow('infocrossing revenue six months ended June 30, 2003', 'and Apple?')).kind).toBe('not_found');
    // Two companies with the same calendar keep the period's own label.
    expect((await follow('infocrossing revenue Q2 2003', 'and Sears?')).summary).toContain('$10,196 million');
  });

  it("an adjusted figure set against an amount is the release's words for it, never the GAAP basic and diluted lines: Caterpillar's adjusted profit per share, $2.88", async () => {
    const { answer } = await ask("did caterpillar's adjusted profit per share beat $2.80 in Q1 2022?", asker());
    expect(answer.summary).toContain('adjusted profit per share of $2.88');
  });

  it("a year end said without its year, asked again of another company, is that company's latest year end: Oracle's May 31, 2014 after Apple's 'cash at year end' (it asked Oracle for Apple's September 27, 2003)", async () => {
    expect((await follow('apple cash at year end', 'and oracle?')).summary).toContain('May 31, 2014');
  });

  it("a change asked with no period, or since the year end, asked again of another company is that company's own latest against its own year before or year end: The Buckle's Q3 2024 against Q3 2023 after Apple's net income change (it asked it for Apple's Q3 2004), Sears' cash at July 3, 2004 against January 3, 2004 after Apple's since its year end (it asked Sears for Apple's September 27, 2003)", async () => {
    expect((await follow('apple net income change', 'and buckle?')).summary).toContain('$44.172 million in Q3 2024 against $51.762 million in Q3 2023');
    expect((await follow('apple net income vs last year', 'and buckle?')).summary).toContain('$44.172 million in Q3 2024 against $51.762 million in Q3 2023');
    expect((await follow('apple change in cash since year end', 'and sears?')).summary).toContain('$3,559 million at Jul 3, 2004 against $9,057 million at Jan 3, 2004');
  });

  it("a line that is a charge in some periods and a credit in others is in no ratio: Infocrossing's preferred accretion was a credit of $0.6 million in Q4 2003 (it gave 100% of net income as 'going to' preferred dividends) and a charge of $2.501 million in Q2 2003 (it gave -2381.9%)", async () => {
    for (const question of ["how much of infocrossing's net income went to preferred dividends", 'infocrossing preferred dividends as a percentage of net income q2 2003']) {
      const { answer } = await ask(question, asker());
      expect(answer.kind).toBe('not_found');
      expect(answer.summary).toContain('a charge in some periods and a credit in others');
      expect(answer.summary).not.toMatch(/\d%/);
    }
  });

  it("a period a comparison found, not said, is found again the same way: after Oracle's revenue quarter on quarter, Infocrossing's Q4 2003 against its Q3 (it was against Q4 2002); after Sears' net income quarter on quarter, its revenue Q2 against Q1 2004; Caterpillar's cash change in Q1 re-asked (its Source button) is against December 31, 2021 again (it was against March 31, 2021)", async () => {
    expect((await follow('oracle revenue qoq', 'and infocrossing?')).summary).toContain('$14.4 million in Q4 2003 against $14.089 million in Q3 2003');
    expect((await follow('sears net income qoq', 'and revenue?')).summary).toContain('$8,781 million in Q2 2004 against $7,794 million in Q1 2004');
    const asked = await ask('caterpillar cash change q1', asker());
    expect(asked.answer.summary).toContain('against $9,254 million at Dec 31, 2021');
    expect((await answerQuestion(asked.question as Question, asker())).answer.summary).toBe(asked.answer.summary);
  });

  it("a quarter said without its year of another company takes the year before only where that company has periods in it: 'and Buckle's Q3?' after Apple's Q3 2004 is The Buckle's latest Q3 (fiscal 2024; it asked for Q3 2004); 'and sears q2?' after Infocrossing's Q2 2003 is Sears' Q2 2003", async () => {
    expect((await follow('Apple revenue Q3 2004', "and Buckle's Q3?")).summary).toContain('$293.618 million');
    expect((await follow('infocrossing revenue q2 2003', 'and sears q2?')).summary).toContain('$10,196 million');
  });

  it("a derived period of a fiscal calendar carried to another company is the months it covered, from its fiscal year's end: Apple's six months ended March 27, 2004 are not Sears' half to July (16,575), nor Apple's to March 29, 2003 Infocrossing's first half (26.711)", async () => {
    const sears = await follow('apple revenue six months ended march 27 2004', 'and sears?');
    expect(sears.kind).toBe('not_found');
    expect(sears.notes.join(' ')).toContain('the 6 months ended March 2004');
    expect((await follow('apple revenue six months ended march 29 2003', 'and infocrossing?')).kind).toBe('not_found');
    expect((await follow('apple revenue quarter ended march 29 2003', 'and infocrossing?')).summary).toContain('$13.129 million');
  });

  it("another company asked after a period of the first's own calendar ('last quarter', 'year to date') is asked for its own: Oracle's last quarter after Apple's (it was Oracle's Q3 2004, not in its release), Apple's nine months to date after Oracle's year to date", async () => {
    expect((await follow('apple net sales last quarter', 'and oracle?')).summary).toContain('Revenue for Q4 fiscal 2014 (three months ended May 31, 2014) was $11,320 million.');
    expect((await follow('oracle revenue year to date', 'and apple?')).summary).toContain('$5,929 million');
    // The same calendar: the other's own last quarter too (Sears' Q2 2004, not its Q4 2003).
    expect((await follow('infocrossing revenue last quarter', 'and sears?')).summary).toContain('$8,781 million');
  });

  it("the year to date through a month is the company's own fiscal year to then: Apple's through June 2003 is its nine months (4,492; it was its first half, October to March, 2,947), Oracle's through May 2014 its year; carried to another company, that company's own", async () => {
    expect((await ask('apple revenue ytd june 2003', asker())).answer.summary).toContain('$4,492 million');
    expect((await ask('apple revenue through june 2004', asker())).answer.summary).toContain('$5,929 million');
    expect((await ask('oracle revenue ytd may 2014', asker())).answer.summary).toContain('$38,275 million');
    // A 52/53-week year's day said is of the month it ends: The Buckle's year to November 2, 2024 is its nine months.
    expect((await ask('buckle net income year to date through november 2 2024', asker())).answer.summary).toContain('$118.270 million');
    expect((await ask('infocrossing revenue ytd june 2003', asker())).answer.summary).toContain('$26.711 million');
    expect((await follow('infocrossing revenue ytd june 2003', 'and apple?')).summary).toContain('$4,492 million');
    expect((await follow('apple revenue through june 2004', 'and infocrossing?')).kind).toBe('not_found');
    // A length said stays that length: Apple's six months ended June 2004 are not a period it reports.
    expect((await ask('apple revenue for the six months through june 2004', asker())).answer.kind).toBe('not_found');
  });

  it('"and last quarter?" after the latest quarter is the one before it (Oracle Q3 fiscal 2014, 9,307; it gave Q4 again); after an older quarter, the latest', async () => {
    const before = await follow('oracle revenue Q4 2014', 'and last quarter?');
    expect(before.summary).toContain('Revenue for Q3 fiscal 2014 was $9,307 million.');
    expect((await follow('apple revenue Q3 2003', 'and last quarter?')).summary).toContain('$2,014 million');
  });

  it("a formula set against a line is a ratio, over the line a statement prints for it or computed where none is: Caterpillar's total liabilities to equity 3.81 times, its operating costs 86.3% of revenue, Infocrossing's total liabilities (current plus long-term) 53.8% of its assets", async () => {
    expect((await ask('caterpillar total liabilities to equity march 31 2022', asker())).answer.summary).toContain('3.81 times');
    expect((await ask('caterpillar operating costs as a percentage of revenue Q1 2022', asker())).answer.summary).toContain('86.35%');
    expect((await ask('infocrossing total liabilities to total assets december 31 2003', asker())).answer.summary).toContain('53.8%');
  });

  it("total costs in a ratio are every cost, never the line a statement prints as its operating expenses: Apple's total costs are 96.4% of its net sales, its cost of sales 74.9% of them, 3.47 times its gross profit (it used its \"Total operating expenses\", 487, which leave out the cost of sales: 24.2%, 298.8%, 0.87 times), listed or alone; its own words, operating expenses, are that line", async () => {
    expect((await ask('apple total costs as % of revenue', asker())).answer.summary).toContain('96.4%');
    expect((await ask('apple cost of sales as % of total costs', asker())).answer.summary).toContain('74.9%');
    expect((await ask('apple total costs to gross profit', asker())).answer.summary).toContain('3.47 times');
    expect((await ask('apple net income and total costs as % of revenue', asker())).answer.summary).toContain('Total operating costs and expenses / revenue, Q3 2004: 96.4%');
    expect((await ask('apple operating expenses as % of revenue', asker())).answer.summary).toContain('24.18%');
  });

  it('research and development is a line of its own, asked as "R&D": Apple\'s $125 million, Oracle\'s fiscal 2014 $5,151 million, Caterpillar\'s $457 million', async () => {
    expect((await ask('Apple R&D expense Q3 2004', asker())).answer.summary).toContain('Research and development for Q3 fiscal 2004 (three months ended June 26, 2004) was $125 million');
    expect((await ask('oracle research and development fiscal 2014', asker())).answer.summary).toContain('$5,151 million');
    expect((await ask('caterpillar r&d Q1 2022', asker())).answer.summary).toContain('$457 million');
  });

  it("adjusted EPS is never answered with the EPS as reported: Verizon's and Caterpillar's are their releases' own words, the reported one given as such and not in bold; where none is stated, none is found", async () => {
    const verizon = (await ask('Verizon adjusted EPS Q4 2000', asker())).answer;
    expect(verizon.summary).toMatch(/^Excluding the one-time items, the release says: "Adjusted EPS for fourth quarter 2000 of 77 cents, .*" \(verizon-2000-q4\.txt line 63\)\nAs reported: .*\$0\.70 per share/);
    expect(verizon.emphasis).toEqual([]);
    expect((await ask('Caterpillar adjusted profit per share Q1 2022', asker())).answer.summary).toContain('Adjusted profit per share in the first quarter of 2022 was $2.88');
    const oracle = (await ask('Oracle adjusted EPS Q4 2014', asker())).answer;
    expect(oracle.kind).toBe('not_found');
    expect(oracle.summary).toMatch(/^I find no .* excluding one-time items: .* As reported: .*\$0\.80 per share/);
  });

  it("\"and adjusted last year?\" after EPS is the adjusted figure a year before (it gave Caterpillar's $2.77 as reported for the adjusted $2.87)", async () => {
    const answer = await follow('cat eps q1 22', 'and adjusted last year?');
    expect(answer.summary).toContain('first-quarter 2021 adjusted profit per share of $2.87');
    expect(answer.summary).toMatch(/^Excluding the one-time items/);
  });

  it("a figure \"at that date\" after when the fiscal year ends is at that fiscal year end: Apple's cash at September 27, 2003, $3,396 million (it gave June 26, 2004's $3,120 million)", async () => {
    expect((await follow("when does apple's fiscal year end?", 'what was cash at that date?')).summary).toContain('Cash and equivalents at September 27, 2003 was $3,396 million');
  });

  it("\"oracle's revenue the quarter before?\" after Sears' Q2 2004 is the quarter before it, which Oracle's releases do not reach: said so, never Oracle's latest quarter ($11,320 million)", async () => {
    const answer = await follow('sears net income q2 2004', "oracle's revenue the quarter before?");
    expect(answer.title).toBe('Oracle Corporation: Revenue: not in the releases');
    expect(answer.summary).not.toContain('11,320');
  });

  it('a quarter said without its year is, of the next company named, that company\'s latest such quarter ("chemical?" after "oracle net income q4": its Q4 1993, $347 million; it asked Chemical for Q4 2014)', async () => {
    expect((await follow('oracle net income q4', 'chemical?')).summary).toContain('$347 million');
    expect((await follow('buckle net income q3', 'apple?')).summary).toContain('$61 million');
    // Of the same company, the quarter found, as before: a year earlier is Oracle's Q4 fiscal 2013.
    expect((await follow('oracle net income q4', 'and a year earlier?')).summary).toContain('$3,807 million');
  });

  it('"and the quarter before?" after a quarter said without its year and not found ("buckle revenue q1") is the quarter before it, Q4 of the year before, never the latest quarter (it gave Buckle\'s Q3 2024, $293.618 million)', async () => {
    const before = await follow('buckle revenue q1', 'and the quarter before?');
    expect(before.title).toBe('The Buckle, Inc.: Revenue: not in the releases');
    expect(before.summary).toContain('Q4 fiscal 2023');
    expect((await follow('buckle revenue q1', 'and a year earlier?')).summary).toContain('Q1 fiscal 2023');
  });

  it('net cash, net debt and a net interest margin are no lines the releases print: said so, never net income beside cash', async () => {
    for (const q of ['apple net cash position june 2004', 'apple net cash q3 2004', "what is apple's net cash", 'infocrossing net debt 2003', 'chemical net interest margin q4 93']) {
      const { answer } = await ask(q, asker());
      expect(answer.summary, q).toMatch(/is not a line I read from the releases/);
    }
    // Net cash of a cash flow statement's section is that line.
    expect((await ask('net cash from operating activities infocrossing h1 2003', asker())).answer.summary).toContain('$3.7 million');
  });

  it("EBIT is income before taxes plus net interest where the operating income printed is after interest: Sears' $157 million for Q2 2004 (it gave its operating income, $53 million, after $68 million of interest), and its coverage 2.31 times, never 0.78; where the two agree, the line printed (Infocrossing's income from operations)", async () => {
    const sears = (await ask('sears ebit q2 04', asker())).answer;
    expect(sears.summary).toContain('$157 million');
    expect(sears.summary).not.toContain('$53 million');
    expect((await ask('sears interest coverage q2 04', asker())).answer.summary).toContain('2.31 times');
    expect((await ask('sears operating income q2 04', asker())).answer.summary).toContain('was $53 million');
    expect((await ask('infocrossing ebit q4 2003', asker())).answer.summary).toContain('Income from operations for Q4 2003 (three months ended December 31, 2003) was $1.2 million');
  });

  it("a rate printed as a fall is cited as one ('Net sales ... decreased 4.6 percent' was never cited)", async () => {
    const { answer } = await ask('buckle net sales 9M 2024', asker());
    expect(answer.fields.find((f) => f.name === 'vs 9M 2023')?.value).toContain('the release says down 4.6 percent (buckle-2024-q3.htm line 27)');
    // The amount beside the rate is rounded as printed: "down 4% to $3.6 billion" is Oracle's $3,647 million (1.3% off).
    expect((await ask('oracle net income q4 2014', asker())).answer.fields.find((f) => f.name === 'vs Q4 2013')?.value).toContain('the release says down 4% (oracle-2014-q4.htm line 19)');
  });

  it("the quarter before last is the one before the latest, given or not, never the next one the releases give (Apple's showed Q3 2003)", async () => {
    const apple = (await ask('apple revenue the quarter before last', asker())).answer;
    expect(apple.kind).toBe('not_found');
    expect(apple.summary).toContain('Revenue for Q2 fiscal 2004 is not reported');
    expect((await ask('oracle revenue the quarter before last', asker())).answer.title).toBe('Oracle Corporation: Revenue — Q3 2014');
  });

  it("an adjusted figure is a sentence stating its amount, never one naming the adjusted line in a share (Verizon's adjusted Q4 2000 revenues were 'Nearly 40 percent of ... adjusted consolidated revenues')", async () => {
    const { answer } = await ask('verizon adjusted revenues q4 2000', asker());
    expect(answer.summary).toMatch(/^Excluding the one-time items, the release says: ".*adjusted consolidated revenues from current operations, to \$16\.9 billion, from \$15\.8 billion in fourth quarter 1999\." \(verizon-2000-q4\.txt line 71\)/);
    expect(answer.summary).not.toContain('Nearly 40 percent');
  });

  it("'the last 2 years' of a company whose releases print no full year says so (the answer had no words at all)", async () => {
    const { answer } = await ask('apple revenue last 2 years', asker());
    expect(answer.kind).toBe('not_found');
    expect(answer.summary).toBe('No full year of revenue is printed in the releases I hold, or derived from them: there are no last 2 years to show.');
  });

  it("a correction naming the company meant and the one not ('not apple, buckle') asks the same of the company meant, never what it does", async () => {
    for (const then of ['not apple, buckle', 'buckle, not apple']) {
      const answer = await follow('apple revenue q3 2004', then);
      expect(answer.title, then).toMatch(/Revenue/);
      expect(answer.title, then).not.toMatch(/what it does/);
      expect(answer.notes.join('\n'), then).toContain('Read as: The Buckle, Inc., revenue');
    }
  });

  it("a one-time line a company never prints, left out of a figure, asks for the release's adjusted figure: Caterpillar's profit per share excluding restructuring is its $2.88, said or followed up; a recurring line left out (Apple's depreciation) is asked back, never read as a one-time item", async () => {
    for (const answer of [(await ask('caterpillar profit per share excluding restructuring q1 2022', asker())).answer, await follow('caterpillar profit per share q1 2022', 'excluding restructuring')]) {
      expect(answer.summary).toMatch(/^Excluding the one-time items, the release says: .*adjusted profit per share of \$2\.88/);
    }
    expect((await follow('apple net income q3 2004', 'excluding depreciation?')).kind).toBe('clarify');
    // Left out with another line said after it, more than the one-time line is left out: asked back, never answered as adjusted.
    for (const q of ['caterpillar eps excluding restructuring and taxes q1 2022', 'caterpillar eps excluding restructuring and the taxes q1 2022']) {
      expect((await ask(q, asker())).answer.kind, q).toBe('clarify');
    }
    // Said first, it leaves out what it names alone.
    for (const q of ['excluding restructuring, caterpillar eps q1 2022', 'excluding restructuring the eps caterpillar q1 2022']) {
      expect((await ask(q, asker())).answer.summary, q).toMatch(/^Excluding the one-time items, the release says: .*\$2\.88/);
    }
  });

  it("a segment's line in the text is never the company's: Verizon's 'U.S. Telecom revenues grew 3.3 percent for the quarter, to $10.9 billion' is no adjusted revenue of Q4 2000, nor a remark on its revenue", async () => {
    for (const q of ['verizon adjusted revenue q4 2000', 'verizon revenue q4 2000', 'verizon adjusted revenue q4 2000 vs q4 1999']) {
      const { answer } = await ask(q, asker());
      expect(`${answer.summary}\n${answer.notes.join('\n')}`, q).not.toContain('Telecom revenues');
      expect(answer.summary, q).toContain('$16,873 million');
    }
  });

  it("a figure 'for the quarter' in the release's words is of its own quarter: Apple's net income excluding the restructuring charge is its sentence's $67 million, the $61 million reported given as such", async () => {
    const { answer } = await ask('apple net income excluding the restructuring charge q3 2004', asker());
    expect(answer.summary).toMatch(/^Excluding the one-time items, the release says: "Excluding this charge, the Company’s net profit for the quarter would have been \$67 million, .*" \(apple-2004-q3\.htm line 9\)\nAs reported: .*\$61 million/);
  });

  it("a part of a metric no table prints is never the whole of it: Buckle's online sales are found in its text ($46.6 million), not given as its net sales", async () => {
    const { answer } = await ask('Buckle online sales Q3 2024', asker());
    expect(answer.kind).toBe('sentences');
    expect(answer.fields.map((f) => f.value).join('\n')).toContain('Online sales increased 1.1 percent to $46.6 million');
    expect(answer.summary).not.toContain('293');
  });

  it("a balance at year-end is at the end of the company's fiscal year, and says so: Oracle's at May 31, 2014, Apple's at its last Saturday of September", async () => {
    const oracle = (await ask('Oracle cash at end of fiscal 2014', asker())).answer;
    expect(oracle.summary).toContain('at May 31, 2014 was $17,769 million');
    expect(oracle.notes.join(' ')).toContain("year-end 2014 is the end of the company's fiscal year 2014, May 31, 2014");
    expect((await ask('Apple cash at year-end 2003', asker())).answer.summary).toContain('at September 27, 2003 was $3,396 million');
    // Said as the fiscal year, or its end without a year: the same date, the latest.
    expect((await ask('Oracle cash fiscal 2014', asker())).answer.summary).toContain('at May 31, 2014');
    expect((await ask('How much cash did Oracle have at the end of its fiscal year?', asker())).answer.summary).toContain('at May 31, 2014');
  });

  it('"compare that with Sears Q2 2003" after Infocrossing\'s revenue is never Sears against itself: Sears\' figure, or both side by side, asked back', async () => {
    const conversation = { store: createConversations(), key: 'across' };
    await ask('infocrossing revenue q1 2003', asker({ conversation }));
    const { answer } = await ask('compare that with sears q2 2003', asker({ conversation }));
    expect(answer.kind).toBe('clarify');
    expect(answer.facts).toHaveLength(0);
    expect(answer.alternatives?.map((a) => a.question)).toEqual([
      expect.objectContaining({ intent: 'figure', company: 'S', periods: [expect.objectContaining({ year: 2003 })] }),
      expect.objectContaining({ intent: 'trend', company: 'IFOX', companies: ['S'] }),
    ]);
    // A comparison said whole is that company's own.
    const own = await ask('and apple q3 2004 vs q3 2003', asker({ conversation }));
    expect(own.question).toMatchObject({ intent: 'compare', company: 'APPLE' });
    expect(own.answer.summary).toContain('$2,014 million');
  });

  it('a company\'s name alone after a question about another ("oracle?", "ok, apple then") asks that question of it; "what\'s Oracle?" is its profile', async () => {
    for (const [follow, company] of [['oracle?', 'ORCL'], ['ok apple then', 'APPLE'], ['BKE?', 'BKE'], ['oracle same quarter', 'ORCL'], ['same thing for buckle', 'BKE']] as const) {
      const conversation = { store: createConversations(), key: follow };
      await ask('verizon revenue 2000', asker({ conversation }));
      const { question } = await ask(follow, asker({ conversation }));
      expect(question, follow).toMatchObject({ intent: 'figure', company, measures: [{ kind: 'concept', concept: 'revenue' }] });
    }
    const conversation = { store: createConversations(), key: 'profile' };
    await ask('verizon revenue 2000', asker({ conversation }));
    expect((await ask("what's oracle?", asker({ conversation }))).question).toMatchObject({ intent: 'profile', company: 'ORCL' });
  });

  it('"since year end" and "the start of the year" are the fiscal year end before the latest balance sheet: Caterpillar\'s December 31, 2021, Apple\'s September 27, 2003', async () => {
    const cat = (await ask('cat cash change since year end', asker())).answer;
    expect(cat.summary).toContain('$6,526 million at Mar 31, 2022 against $9,254 million at Dec 31, 2021: -$2,728 million');
    expect((await ask('apple cash change since fiscal year end', asker())).answer.summary).toContain('against $3,396 million at Sep 27, 2003: -$276 million');
    expect((await ask('oracle cash at the start of the fiscal year', asker())).answer.summary).toContain('at May 31, 2013 was $14,613 million');
    expect((await ask('sears cash at start of year', asker())).answer.summary).toContain('$9,057 million');
  });

  it('a release is found by what it reports even when its balance sheet comes first (Apple\'s Q3 2004 release)', async () => {
    expect((await ask('apple: what did the q3 2004 release say revenue was', asker())).answer.summary).toContain('$2,014 million');
    expect((await ask('apple q3 2004 release conference call', asker())).answer.summary).toContain('July 14, 2004');
  });

  it('"apple revenue", then "and Oracle?" or "oracle": Oracle\'s latest revenue, never Apple\'s latest quarter asked of Oracle; a period said stays said', async () => {
    for (const follow of ['and oracle?', 'oracle']) {
      const conversation = { store: createConversations(), key: follow };
      await ask('apple revenue', asker({ conversation }));
      const { answer } = await ask(follow, asker({ conversation }));
      expect(answer.title, follow).toContain('Oracle Corporation: Revenue — Q4 2014');
    }
    const conversation = { store: createConversations(), key: 'said' };
    await ask('apple revenue q3 2004', asker({ conversation }));
    expect((await ask('and oracle?', asker({ conversation }))).answer.kind).toBe('not_found');
  });

  it('Apple\'s "Total operating expenses" (487) leave out its cost of sales: its opex, never its total costs and expenses nor revenue less operating income (1,942, computed)', async () => {
    expect((await ask('apple opex q3 2004', asker())).answer.summary).toContain('$487 million');
    for (const q of ['apple total costs and expenses q3 2004', 'apple revenue minus operating income q3 2004']) {
      const { answer } = await ask(q, asker());
      expect(answer.summary, q).toContain('$1,942 million (computed from printed figures)');
    }
  });

  it('a company name misspelt in a question is asked back as that company\'s question, never answered as if named: "Oracel net income fiscal 2014"', async () => {
    const { answer } = await ask('Oracel net income fiscal 2014', asker());
    expect(answer.kind).toBe('clarify');
    expect(answer.summary).toContain('No company loaded is called "oracel". Did you mean Oracle Corporation (ORCL)?');
    expect(answer.alternatives?.map((a) => a.question)).toEqual([expect.objectContaining({ intent: 'figure', company: 'ORCL' })]);
  });

  it("a quarter said by the month it ends is the company's own quarter that ends then: Apple's June quarter of 2004 is its fiscal Q3; a quarter compared with a bare year, that quarter of the year", async () => {
    const june = (await ask("What was Apple's net income in the June quarter of 2004?", asker())).answer;
    expect(june.title).toContain('Net income — Q3 2004');
    expect(june.summary).toContain('$61 million');
    expect(june.notes.join(' ')).toContain('the 3 months ended June 2004');
    // Without its year too: never read as "Q2".
    const noYear = (await ask("Apple's revenue growth in the June quarter", asker())).answer;
    expect(noYear.notes.join(' ')).toContain('the 3 months ended June (latest year)');
    expect(noYear.title).toContain('Q3 2004 vs Q3 2003');
    const verizon = (await ask("How did Verizon's fourth quarter 2000 revenue compare with 1999?", asker())).answer;
    expect(verizon.title).toContain('Q4 2000 vs Q4 1999');
  });

  it("the year to date is the longest part of the fiscal year the releases give, said so, and compared like for like: Buckle's 39 weeks, Sears' first half, Infocrossing's full year", async () => {
    const buckle = (await ask('buckle net sales year to date', asker())).answer;
    expect(buckle.title).toContain('Revenue — 9M 2024');
    expect(buckle.summary).toContain('(39 weeks ended November 2, 2024) was $838.490 million');
    expect(buckle.notes.join(' ')).toContain('year to date: the longest part of the fiscal year from its start the releases give, 9M 2024');
    expect((await ask('Infocrossing revenue year to date 2003', asker())).answer.title).toContain('Revenue — FY 2003');
    // Against another year: the same part of it, never its whole year.
    expect((await ask('sears revenue ytd 2004 vs ytd 2003', asker())).answer.title).toContain('H1 2004 vs H1 2003');
    expect((await ask('Apple net income ytd 2004 vs 2003', asker())).answer.title).toContain('9M 2004 vs 9M 2003');
    expect((await ask('Apple net income ytd vs a year earlier', asker())).answer.title).toContain('9M 2004 vs 9M 2003');
    // So is a flow since a 52/53-week year's printed end (it set the latest quarter against the quarter ending that day).
    expect((await ask('apple revenue since september 27, 2003', asker())).answer.title).toBe('Apple: Revenue — 9M 2004 vs 9M 2003');
    expect((await ask('sears revenue since january 3, 2004', asker())).answer.title).toBe('Sears, Roebuck and Co.: Revenue — H1 2004 vs H1 2003');
  });

  it("\"higher than last year?\" where no full year is printed is the latest period against a year earlier, and said; a figure for the latest year says which it looked for", async () => {
    const buckle = (await ask("Were Buckle's sales higher than last year?", asker())).answer;
    expect(buckle.title).toContain('Revenue — Q3 2024 vs Q3 2023');
    expect(buckle.summary).toContain('-3.2%');
    expect(buckle.notes).toContain('The releases print no full year of revenue: the latest period, Q3 2024, against a year earlier.');
    // A full year printed is the one compared.
    expect((await ask("Were Infocrossing's revenues higher than last year?", asker())).answer.title).toContain('FY 2003 vs FY 2002');
    const figure = (await ask('Buckle revenue last year', asker())).answer;
    expect(figure.kind).toBe('not_found');
    expect(figure.summary).toContain('Revenue for the latest year is not reported');
  });

  it("operating cash flow is the statement of cash flows' line where one is printed: Verizon $15,827 million (it was Verizon Wireless's $1.8 billion operating income, from a sentence), Caterpillar $313 million, Oracle $14,921 million", async () => {
    const verizon = (await ask('verizon operating cash flow 2000', asker())).answer;
    expect(verizon.summary).toBe('Net cash provided by operations for FY 2000: $15,827 million (as printed).');
    expect(verizon.sources.map((c) => c.line)).toEqual([805]);
    expect((await ask('cat operating cash flow q1 2022', asker())).answer.summary).toContain('$313 million (as printed)');
    expect((await ask('oracle operating cash flow fy14', asker())).answer.summary).toContain('$14,921 million (as printed)');
  });

  it("a fiscal year-end is the company's: The Buckle's fiscal 2024 ends in 2025 (it was answered at Feb 3, 2024, fiscal 2023's end), Sears' 2003 on January 3, 2004", async () => {
    const buckle2024 = (await ask('buckle cash at year end 2024', asker())).answer;
    expect(buckle2024.kind).toBe('not_found');
    expect(buckle2024.emphasis).toEqual([]);
    expect((await ask('buckle total assets at fiscal year end 2023', asker())).answer.title).toContain('Total assets — Feb 3, 2024');
    expect((await ask('sears total assets at fiscal year end 2003', asker())).answer.summary).toBe('Total assets at January 3, 2004 was $27,723 million.');
  });

  it("twelve months to a quarter are not derived for a year that does not end in December: Oracle's \"Q1 2014\" ended August 31, 2013, not March 31, 2014", async () => {
    const ltm = (await ask('oracle revenue twelve months ended march 31 2014', asker())).answer;
    expect(ltm.kind).toBe('not_found');
    expect(ltm.summary).not.toContain('37,371');
    expect((await ask('IFOX TTM revenue as of 6/30/03', asker())).answer.summary).toContain('$53.037 million');
  });

  it("trailing twelve months said without an end run to the latest quarter's own end: Apple's to June 2004 (it said fiscal 2004, which a FY 2004 release would have answered), The Buckle's to October 2024 (it said September 30)", async () => {
    const apple = (await ask('apple revenue ttm', asker())).answer;
    expect(apple.kind).toBe('not_found');
    expect(apple.summary).toContain('twelve months ended June 30, 2004');
    expect(apple.summary).not.toContain('fiscal 2004');
    expect((await ask('buckle revenue in the past 12 months', asker())).answer.summary).toContain('twelve months ended October 31, 2024');
    expect((await ask('oracle revenue ttm', asker())).answer.title).toContain('Revenue — FY 2014');
  });

  it("a period said by its end is the company's period ending then, or none: Apple's six months ended June 26, 2004 are no fiscal first half (it was $3,915 million), Oracle's calendar 2013 no fiscal 2013", async () => {
    for (const q of ["What was Apple's revenue for the six months ended June 26, 2004?", 'Oracle revenue for the year ended December 31, 2013', 'oracle revenue calendar 2013']) {
      const a = (await ask(q, asker())).answer;
      expect(a.kind, q).toBe('not_found');
      expect(a.emphasis, q).toEqual([]);
    }
    expect((await ask('oracle revenue three months ended May 31, 2014', asker())).answer.title).toContain('Revenue — Q4 2014');
    expect((await ask('apple revenue nine months ended June 26, 2004', asker())).answer.summary).toContain('$5,929 million');
  });

  it("a person is found by every word of their name: John Meyers' phone is his, not John Borden's; Steve Jobs has none printed (Steve Dowling's is not his)", async () => {
    expect((await ask('John Meyers phone number', asker())).answer.summary).toBe('John Meyers: phone (212) 270-7454');
    // A first name two contacts share: each of them, by name.
    expect((await ask('chemical john phone', asker())).answer.summary).toBe('John Meyers: phone (212) 270-7454; John Borden: phone (212) 270-7318');
    const jobs = (await ask('Steve Jobs email', asker())).answer;
    expect(jobs.kind).toBe('not_found');
    expect(jobs.summary).toMatch(/quote Steve Jobs.*but print no phone or email/);
    expect(jobs.summary).not.toContain('sdowling@apple.com');
    expect((await ask('steve dowling email', asker())).answer.summary).toBe('Steve Dowling: email sdowling@apple.com');
  });

  it("'and last quarter?' after the latest balance date of a fiscal or 52/53-week calendar is the quarter end before it, never that date again (Apple's June 26, 2004; Oracle's May 31, 2014)", async () => {
    expect((await follow('apple cash june 26 2004', 'and last quarter?')).notes.join(' ')).toContain('Mar 31, 2004');
    expect((await follow('oracle cash may 31 2014', 'and last quarter?')).notes.join(' ')).toContain('Feb 28, 2014');
  });

  it("a first name the releases never print, typed before a name they do, is of that name: 'what did Steven Jobs say about 2004?' (it searched 'what did Ivan Seidenberg say' for 'ivan')", async () => {
    expect((await ask('What did Steven Jobs say about 2004?', asker())).answer.title).toBe('Apple: Quotes — by Steve Jobs');
    // Verizon prints him in full once his quotation is read across the page break it runs over.
    expect((await ask('What did Ivan Seidenberg say about 2001?', asker())).answer.title).toBe('Verizon Communications Inc.: Quotes — 2001, by Ivan Seidenberg');
    // A year no quote prints is no topic: every quote of the speaker (Jobs' of fiscal 2004 says "this quarter").
    expect((await ask('what did jobs say about 2004?', asker())).answer.title).toBe('Apple: Quotes — by Steve Jobs');
    // A topic in lower case before a name is a topic, never a first name.
    expect((await ask('outsourcing lonstein quote', asker())).answer.title).toBe('Infocrossing, Inc.: Quotes — outsourcing, by Zach Lonstein');
  });

  it("a line printed only as its parts is available where they are: Apple's EPS for a year it does not print names the periods of its basic and diluted EPS, never \"no period\"", async () => {
    const { answer } = await ask('how much did Apple earn per share last year?', asker());
    expect(answer.kind).toBe('not_found');
    expect(answer.summary).toContain('is available for: Q3 2003, 9M 2003, Q3 2004, 9M 2004.');
  });

  it("a part of a calendar year is its months, whatever the company's fiscal year: Oracle's \"first half of calendar 2014\" is no fiscal H1 2014 (June to November 2013, $17,647 million)", async () => {
    for (const q of ['oracle revenue first half of calendar 2014', 'oracle revenue 1H CY14', 'oracle revenue Q2 of calendar 2014', 'buckle net sales first half of calendar 2024']) {
      const a = (await ask(q, asker())).answer;
      expect(a.kind, q).toBe('not_found');
      expect(a.summary, q).not.toContain('17,647');
    }
    // Said the other way round, the same: Apple's "calendar 2004 first half" is no fiscal H1 2004 ($3,915 million).
    expect((await ask('apple net sales calendar 2004 first half', asker())).answer.summary).not.toContain('3,915');
    // Months across a year's end, each with its year: Oracle's December 2013 to February 2014 is its fiscal Q3 2014.
    expect((await ask('oracle revenue dec 2013 - feb 2014', asker())).answer.summary).toContain('$9,307 million');
    // Where the fiscal year is the calendar's, the calendar's half is the fiscal one.
    expect((await ask('IFOX revenue first half of calendar 2003', asker())).answer.summary).toContain('$26.711 million');
  });

  it("a rate a sentence prints beside another line's amount is that line's: Caterpillar's \"Construction Industries' profit was $1.057 billion ... or 1%\" is not its net income's growth (+0.5%, computed)", async () => {
    const { answer } = await ask('Caterpillar net income growth Q1 2022', asker());
    expect(answer.summary).not.toContain('reports');
    expect(answer.summary).toContain('+0.5%');
    // Its own rate, beside its own amount and the base's ("$1.855 billion ... or 2%, compared with $1.814 billion"), is still printed and served.
    expect((await ask('Caterpillar operating profit growth Q1 2022', asker())).answer.summary).toContain('The release reports income from operations up 2%');
  });

  it("a quarter said by the month it ends in is the one its releases print as ending then, and a date in figures is read: Buckle's quarter ending November 2024 ended November 2", async () => {
    expect((await ask('Buckle net income for the quarter ending November 2024', asker())).answer.summary).toContain('Net income for Q3 fiscal 2024 (13 weeks ended November 2, 2024) was $44.172 million');
    expect((await ask('Sears revenue 26 weeks ended 7/3/04', asker())).answer.summary).toContain('(26 weeks ended July 3, 2004) was $16,575 million');
    expect((await ask('Apple revenue three months ended 6/26/04', asker())).answer.title).toContain('Revenue — Q3 2004');
  });

  it("The Buckle's cost of sales, printed with what it includes, is its cost of revenues, and its printed gross profit is served as printed: gross margin 47.7%", async () => {
    expect((await ask('Buckle gross profit Q3 2024', asker())).answer.summary).toBe('Gross profit for Q3 fiscal 2024 (13 weeks ended November 2, 2024) was $140.071 million.');
    expect((await ask("Buckle's gross margin Q3 2024", asker())).answer.summary).toContain('47.7%');
    // Apple prints its gross profit as "Gross margin": served as printed.
    expect((await ask('Apple gross profit Q3 2004', asker())).answer.summary).toBe('Gross profit for Q3 fiscal 2004 (three months ended June 26, 2004) was $559 million.');
    // Where no gross profit is printed, it is computed, and said so.
    expect((await ask('Infocrossing gross profit Q4 2003', asker())).answer.summary).toContain('(computed from printed figures)');
  });

  it("stockholders' equity is all of it, never only the common stockholders' (Chemical's $11,164 million, its common $9.5 billion); total liabilities as printed (Caterpillar's $65,179 million)", async () => {
    expect((await ask('Chemical stockholders equity 1993', asker())).answer.summary).toContain("Total stockholders' equity at December 31, 1993 was $11,164 million");
    expect((await ask('Chemical common equity 1993', asker())).answer.summary).toContain('was $9.5 billion.');
    // Infocrossing prints its common stockholders' equity only: served, and said.
    const ifox = (await ask('Infocrossing stockholders equity Dec 31 2003', asker())).answer;
    expect(ifox.summary).toContain('$30.8 million');
    expect(ifox.notes.join(' ')).toContain("this release prints common stockholders' equity (deficit) for that period");
    expect((await ask('Caterpillar total liabilities March 31 2022', asker())).answer.summary).toBe('Total liabilities at March 31, 2022 was $65,179 million.');
  });

  it('a follow-up reads the conversation\'s company\'s own words: "and opex?" after Apple\'s R&D is its printed $487 million, never revenue less operating income', async () => {
    const conversation = { store: createConversations(), key: 'apple-opex' };
    await ask('apple r&d q3 2004', asker({ conversation }));
    const { answer } = await ask('and opex?', asker({ conversation }));
    expect(answer.summary).toContain('was $487 million.');
  });

  it('"as a percent of sales" after gross profit is the gross margin, never revenue: Apple 27.8%, The Buckle 47.7%', async () => {
    for (const [first, margin] of [['apple gross profit q3 2004', '27.76%'], ['buckle gross profit q3 2024', '47.7%']] as const) {
      const conversation = { store: createConversations(), key: first };
      await ask(first, asker({ conversation }));
      const { answer } = await ask('as a percent of sales', asker({ conversation }));
      expect(answer.title).toContain('Gross margin');
      expect(answer.summary).toContain(margin);
    }
  });

  it('a slash command reads a company\'s own words for its lines, and the company its metric option names: Apple\'s opex is its printed $487 million', async () => {
    const apple = (await ask('/metric operating expenses Q3 2004 company:apple', asker())).answer;
    expect(apple.summary).toContain('was $487 million.');
    expect((await ask('/metric operating costs Q1 2022 company:cat', asker())).answer.summary).toContain('was $11,734 million.');
    // The Buckle's operating expenses are its own block's total, printed without a label: never revenue less operating income ($239.135 million).
    const buckle = (await ask('buckle operating expenses q3 2024', asker())).answer;
    expect(buckle.summary).toContain('was $85.588 million.');
    expect(buckle.notes).toContain('Printed without a label: the total of the rows under "OPERATING EXPENSES", which it equals.');
    // "/metric oracle revenue": Oracle's; beside another company option, asked which, never one of them answered.
    expect((await ask('/metric oracle revenue Q4 FY2014', asker())).answer.summary).toContain('was $11,320 million.');
    // A text option names its company too, and is searched without the name.
    const quote = (await ask('/quote oracle cloud', asker())).answer;
    expect(quote.title).toBe('Oracle Corporation: Quotes — cloud');
    // Not leading the words, or beside a company option, the name is searched with them.
    expect((await ask('/search about oracle', asker())).answer.notes).toContain('Read as: Oracle Corporation, the text of the releases about "oracle".');
    expect((await ask('/search cat financial company:caterpillar', asker())).answer.notes).toContain('Read as: Caterpillar Inc., the text of the releases about "cat financial".');
    const both = (await ask('/metric oracle revenue Q3 2004 company:apple', asker())).answer;
    expect(both.kind).toBe('refusal');
    expect(both.summary).toContain('names Oracle Corporation, and the company option names Apple');
  });

  it('"last year end" after a balance\'s date is the fiscal year end before that date, in the company\'s own calendar', async () => {
    // The Buckle's year ends near January 31: before November 2, 2024 it ended February 3, 2024 (it was the coming one, refused under a guessed date).
    expect((await follow('buckle cash nov 2 2024', 'and last year end?')).summary).toContain('at February 3, 2024 was $268.213 million.');
    // Set against it in any words, that balance, never a year earlier (it was -3.1% against October 28, 2023).
    expect((await follow('buckle cash nov 2 2024', 'how does that compare to last year end?')).summary).toContain('+$33.745 million, +12.6%');
    // Before October 28, 2023 the year end was in January 2023, which no release prints: never the later February 3, 2024.
    expect((await follow('buckle cash oct 28 2023', 'and at the prior year end?')).kind).toBe('not_found');
    // Oracle's year ends in May, Apple's in September.
    expect((await follow('oracle cash at may 31 2014', 'and last year end?')).summary).toContain('at May 31, 2013 was $14,613 million.');
    expect((await follow('apple cash june 26 2004', 'and at the end of last year?')).summary).toContain('at September 27, 2003 was $3,396 million.');
  });

  it('a change "to year end" runs from the date said to the fiscal year end after it, in the company\'s own calendar', async () => {
    // Oracle's year ends in May: after May 31, 2013 comes May 31, 2014 (never the date itself, nor a December).
    expect((await ask('oracle cash change from May 31 2013 to year end', asker())).answer.summary).toContain('$17,769 million at May 31, 2014 against $14,613 million at May 31, 2013');
    // The Buckle's 52/53-week year: after October 28, 2023 it ended February 3, 2024; in a follow-up, from the date before.
    expect((await follow('buckle cash oct 28 2023', 'change to year end?')).summary).toContain('$268.213 million at Feb 3, 2024 against $311.657 million at Oct 28, 2023: -$43.444 million');
  });

  it('a computed rate whose one decimal its inputs\' rounding could change is shown to two, with that rounding, and never said to be printed nowhere: Caterpillar\'s tax rate 469 / 1,999 is 23.43-23.49% (the company prints 23.4%; "23.5%" contradicted it)', async () => {
    const { answer } = await ask('caterpillar effective tax rate Q1 2022', asker());
    expect(answer.summary).toContain('23.46% (computed from printed figures; ±0.03 points, as they are rounded).');
    expect(answer.summary).not.toContain('not printed');
  });

  it('a period said by a day no printed period ends on says so, with the period shown and its own end: The Buckle\'s "13 weeks ended November 4, 2023" is its Q3 2023, ended October 28', async () => {
    const { answer } = await ask('buckle net income the 13 weeks ended november 4 2023', asker());
    expect(answer.notes).toContain('Read as: The Buckle, Inc., no period printed ends on Nov 4, 2023: shown the nearest, Q3 2023, which ended Oct 28, 2023.');
    expect(answer.notes.join(' ')).toContain('the 3 months ended November 4, 2023');
    // The day it did end on needs no such note.
    expect((await ask('buckle net income 13 weeks ended november 2 2024', asker())).answer.notes.join(' ')).not.toContain('no period printed ends on');
  });

  it('"and apple?" after Oracle\'s results of the latest quarter are Apple\'s latest (it asked Apple for Oracle\'s Q4 fiscal 2014); a period said stays said', async () => {
    expect((await follow('oracle recap', 'and apple?')).title).toBe('Apple: Results — Q3 2004');
    const said = await follow('oracle results Q4 2014', 'and apple?');
    expect(said.title).toBe('Apple: Results: not in the releases');
    expect(said.summary).toContain('Q4 fiscal 2014 is not reported');
  });

  it('"restructuring" is each company\'s own line: Apple\'s $8 million, and Infocrossing\'s leased facilities and office closings by its own words (it was Infocrossing\'s line name for every company, "not in the releases" for Apple)', async () => {
    expect((await ask('apple restructuring q3 2004', asker())).answer.summary).toContain('was $8 million.');
    expect((await ask('infocrossing restructuring 2002', asker())).answer.title).toBe('Infocrossing, Inc.: Leased facilities & office closings — FY 2002');
  });

  it('a line a company\'s tables never print is refused with what its text says of it: Sears\' restructuring, its $41 million of severance costs', async () => {
    const { answer } = await ask('sears restructuring charges q2 2004', asker());
    expect(answer.kind).toBe('not_found');
    expect(answer.fields.find((f) => f.name.startsWith('The text mentions it: sears-2004-q2.txt'))?.value).toContain('$41 million, or $0.12 per share, for severance costs associated with the restructuring');
    // The line's name, a label or a word for it said whole, in a sentence, never a table's row read as text (Sears' segment costs).
    const cat = (await ask('caterpillar restructuring q1 2022', asker())).answer;
    expect(cat.fields.filter((f) => f.name.startsWith('The text mentions it')).map((f) => f.value).join(' ')).toContain('excluded restructuring costs');
    expect((await ask('sears cost of sales q2 2004', asker())).answer.fields.map((f) => f.value).join(' ')).not.toContain('5,662');
    // A line it prints in other periods is refused as before, with no text.
    expect((await ask('apple restructuring q3 2002', asker())).answer.fields.map((f) => f.name).join(' ')).not.toContain('The text mentions it');
  });

  it('a derived figure from inputs printed in thousands says its rounding in thousands, never "±$0.00 million"', async () => {
    const { answer } = await ask('buckle net income h1 2024', asker());
    expect(answer.notes.join(' ')).toContain('118,270 thousand − 44,172 thousand; accurate to about ±$1.0 thousand, as its inputs are rounded.');
  });

  it('a company whose releases have no "About" paragraph is told so, never that the releases do not describe it (Apple describes itself in a closing paragraph)', async () => {
    const { answer } = await ask('what does apple do', asker());
    expect(answer.kind).toBe('not_found');
    expect(answer.summary).toContain('I find no "About Apple" paragraph in the releases');
    expect(answer.summary).not.toMatch(/no description/);
  });

  it('a derived figure used in another one is written grouped, as printed figures are: Oracle\'s H2 2014 revenue is 38,275 million − 17,647 million (derived)', async () => {
    const { answer } = await ask('oracle revenue h2 fiscal 2014', asker());
    expect(answer.summary).toContain('$20,628 million');
    expect(answer.fields.map((f) => f.value).join(' ')).toContain('38,275 million − 17,647 million (derived)');
  });

  it('a line read from the row its footnote names says so: Caterpillar\'s profit to common shareholders is its printed "Profit 1", by note 1', async () => {
    const { answer } = await ask('caterpillar net income to common shareholders q1 2022', asker());
    expect(answer.summary).toContain('was $1,537 million.');
    expect(answer.notes).toContain('"Profit 1" is read as net income (loss) to common stockholders by its footnote in the table: "Profit attributable to common shareholders."');
    // Its net income, the same row as the line's own label names it, needs no such note.
    const net = (await ask('caterpillar net income q1 2022', asker())).answer;
    expect(net.summary).toContain('was $1,537 million.');
    expect(net.notes.join(' ')).not.toContain('footnote');
  });

  it("a measure some releases print is served as printed where it is, computed where it is not: Apple's total operating expenses are its printed $487 million (without the cost of sales), never revenue less operating income ($1,942 million)", async () => {
    const apple = (await ask('Apple total operating expenses Q3 2004', asker())).answer;
    expect(apple.title).toBe('Apple: Total operating expenses — Q3 2004');
    expect(apple.summary).toBe('Total operating expenses for Q3 fiscal 2004 (three months ended June 26, 2004) was $487 million.');
    // Apple's own word for the line (commands/understand/vocabulary/companies.json): the line read as printed.
    expect(apple.notes.join(' ')).toContain('Read as: Apple, total operating expenses, Q3 2004');
    const caterpillar = (await ask('Caterpillar operating expenses Q1 2022', asker())).answer;
    expect(caterpillar.summary).toContain('was $11,734 million.');
    expect(caterpillar.notes.join(' ')).toContain('the release prints it, as "Total operating costs"');
    // A company's own words: Caterpillar's "operating costs" are its total (it gave cost of goods sold, $9,559 million);
    // Infocrossing prints its cost of revenues as "Operating costs".
    expect((await ask('caterpillar operating costs q1 2022', asker())).answer.summary).toContain('was $11,734 million.');
    expect((await ask('infocrossing operating costs q1 2003', asker())).answer.title).toBe('Infocrossing, Inc.: Cost of revenues — Q1 2003');
    // Infocrossing prints no such line: revenue less income from operations, computed and said so.
    expect((await ask('Infocrossing opex Q2 2002', asker())).answer.summary).toContain('$13.398 million (computed from printed figures)');
  });

  it('a call shows what its release gives, nothing empty: Apple\'s webcast, Oracle\'s two pass codes each with its number', async () => {
    const apple = (await ask('apple conference call', asker())).answer;
    expect(apple.summary).toBe('July 14, 2004 at 2:00 p.m. PDT: webcast http://www.apple.com/quicktime/qtv/earningsq304/.');
    expect(apple.fields.map((f) => f.name)).toEqual(['When', 'Webcast']);
    expect((await ask('oracle call pass code', asker())).answer.summary).toBe('Pass code of the live call: 822011; of the replay: 1625971.');
    expect((await ask('oracle live call pass code', asker())).answer.summary).toBe('Pass code of the live call: 822011; of the replay: 1625971.');
    expect((await ask('oracle call number for international callers', asker())).answer.summary).toBe('Not in the releases: this release gives no number for international callers; its dial-in is (913) 312-6699.');
    expect((await ask('oracle call dial in', asker())).answer.summary).toBe('Dial in: (913) 312-6699, pass code 822011.');
  });

  it("a replay watched online is the address said of the replay, the live event's its webcast (The Buckle's)", async () => {
    expect((await ask('buckle replay', asker())).answer.summary).toBe('Replay online: https://corporate.buckle.com/investors/earnings-webcasts (no replay number is given).');
    expect((await ask('buckle webcast', asker())).answer.summary).toBe('Webcast: https://buckle.zoom.us/webinar/register/WN_ZagNJtIfQImjiUbr7g6zdw.');
  });

  it("never gives one company's figure for another: Sears has no Q4 2003", async () => {
    const { answer } = await ask('Sears revenue Q4 2003', asker());
    expect(answer.kind).toBe('not_found');
    expect(answer.summary).not.toContain('14.4');
  });

  it("a balance a year before one of a 52/53-week year is the year-earlier balance sheet, a few days off, said so (Sears' June 28, 2003, Buckle's October 28, 2023)", async () => {
    const sears = { store: createConversations(), key: 'u:s' };
    await ask('sears total assets july 3 2004', asker({ conversation: sears }));
    const earlier = (await ask('and a year earlier', asker({ conversation: sears }))).answer;
    expect(earlier.summary).toBe('Total assets at June 28, 2003 was $50,373 million.');
    expect(earlier.notes.join(' ')).toContain('no balance sheet is dated Jul 3, 2003: shown at the nearest, Jun 28, 2003');
    const buckle = { store: createConversations(), key: 'u:b' };
    await ask('buckle total assets nov 2 2024', asker({ conversation: buckle }));
    expect((await ask('vs last year?', asker({ conversation: buckle }))).answer.title).toBe('The Buckle, Inc.: Total assets — Nov 2, 2024 vs Oct 28, 2023');
  });

  it("a fiscal quarter's balance is at the quarter's own end: Apple's Q2 2004 (March) is not printed, never its June balance sheet; Buckle's Q3 2024 is November 2", async () => {
    const q2 = (await ask('apple cash q2 2004', asker())).answer;
    expect(q2.kind).toBe('not_found');
    // Said as the quarter, never as a day guessed from the month (Apple's quarter ended on a Saturday no release gives).
    expect(q2.summary).toMatch(/^Cash and equivalents for Q2 2004 is not reported/);
    expect((await ask('apple cash q3 2004', asker())).answer.title).toBe('Apple: Cash and equivalents — Jun 26, 2004');
    expect((await ask('buckle cash q3 2024', asker())).answer.title).toBe('The Buckle, Inc.: Cash and equivalents — Nov 2, 2024');
    expect((await ask('oracle cash q4 fy 2014', asker())).answer.title).toBe('Oracle Corporation: Cash and equivalents — May 31, 2014');
    // Carried from the question before as its period id, the same.
    const conversation = { store: createConversations(), key: 'u:q' };
    await ask('apple revenue q3 2004', asker({ conversation }));
    expect((await ask('and cash?', asker({ conversation }))).answer.title).toBe('Apple: Cash and equivalents — Jun 26, 2004');
    // Twelve months to a fiscal year's end are that year.
    expect((await ask('oracle ttm net income q4 fy14', asker())).answer.title).toBe('Oracle Corporation: Net income — FY 2014');
  });

  it('a company named alone after "which company?" completes the question asked (it gave the company\'s profile)', async () => {
    const conversation = { store: createConversations(), key: 'u:pick' };
    expect((await ask('net income q3 2004', asker({ conversation }))).answer.kind).toBe('clarify');
    expect((await ask('apple', asker({ conversation }))).answer.title).toBe('Apple: Net income — Q3 2004');
    // Without a question before, a company alone is still its profile.
    expect((await ask('apple', asker())).answer.title).not.toContain('Net income');
  });

  it('a line asked beside the line it is printed within is named as asked, with the line shown: "apple sg&a and g&a" (it showed selling and administrative expenses twice)', async () => {
    const { summary } = (await ask('apple sg&a and g&a', asker())).answer;
    expect(summary.split('\n')).toEqual(['Selling and administrative expenses, Q3 2004: $354 million', 'General and administrative expenses (shown: selling and administrative expenses), Q3 2004: $354 million']);
  });

  it('G&A is its own line where printed apart (The Buckle 13,602 thousand, Oracle 265 million; they were "not in the releases" as selling and administrative), and the wider line that holds it, said so, where not (Apple)', async () => {
    expect((await ask('buckle general and administrative q3 2024', asker())).answer.summary).toContain('$13.602 million');
    expect((await ask('oracle g&a q4 fy14', asker())).answer.summary).toContain('$265 million');
    const apple = (await ask('apple g&a q3 2004', asker())).answer;
    expect(apple.title).toBe('Apple: Selling and administrative expenses — Q3 2004');
    expect(apple.notes.join('\n')).toContain('general and administrative expenses is not printed apart: selling and administrative expenses (which holds it) shown');
  });

  it('interest expense is the gross line where printed (Verizon (885), Oracle (914), deductions: $885 and $914 million; they were "not in the releases" as net interest expense), and the net line, said so, where only it is (Infocrossing)', async () => {
    expect((await ask('verizon interest expense q4 2000', asker())).answer.summary).toContain('was $885 million.');
    expect((await ask('oracle interest expense fy 2014', asker())).answer.summary).toContain('was $914 million.');
    const ifox = (await ask('infocrossing interest expense q4 2003', asker())).answer;
    expect(ifox.title).toBe('Infocrossing, Inc.: Net interest expense — Q4 2003');
    expect(ifox.notes.join('\n')).toContain('interest expense is not printed apart: net interest expense (interest expense less interest income) shown');
    // Said once, however many figures of the answer rest on the stand-in.
    const compared = (await ask('infocrossing interest expense q4 2003 vs q4 2002', asker())).answer;
    expect(compared.notes.filter((n) => n.includes('not printed apart'))).toHaveLength(1);
  });

  it('a balance "last year" is at the end of the latest fiscal year, however it ends (The Buckle\'s February 3, 2024, $476.590 million of liabilities; it was "not reported", no December 31 being printed)', async () => {
    expect((await ask('buckle total liabilities end of last year', asker())).answer.title).toBe('The Buckle, Inc.: Total liabilities — Feb 3, 2024');
    expect((await ask('sears cash last year', asker())).answer.title).toBe('Sears, Roebuck and Co.: Cash and equivalents — Jan 3, 2004');
  });

  it('"switch to apple, same metric" after Oracle\'s revenue asks it of Apple (it searched the text for "metric")', async () => {
    const conversation = { store: createConversations(), key: 'u:switch' };
    await ask('oracle revenue', asker({ conversation }));
    expect((await ask('switch to apple, same metric', asker({ conversation }))).answer.title).toBe('Apple: Revenue — Q3 2004');
  });

  it('a company named after the bot asked which of two companies (with a chart of both offered too) answers for that company, never its profile', async () => {
    const conversation = { store: createConversations(), key: 'u:two' };
    expect((await ask('apple and oracle net income', asker({ conversation }))).answer.kind).toBe('clarify');
    expect((await ask('oracle', asker({ conversation }))).answer.title).toBe('Oracle Corporation: Net income — Q4 2014');
  });

  it('a correction naming a company alone asks the question before about it ("no wait, Oracle"), never its profile', async () => {
    const conversation = { store: createConversations(), key: 'u:w' };
    await ask('apple net income q3 2004', asker({ conversation }));
    const { answer } = await ask('no wait, oracle', asker({ conversation }));
    expect(answer.title).toBe('Oracle Corporation: Net income: not in the releases');
    expect((await ask('apple revenue q3 2004 sorry i meant oracle q4 fy2014', asker())).answer.title).toBe('Oracle Corporation: Revenue — Q4 2014');
  });

  it("a derived figure's formula adds up to it: Verizon's taxes, printed in parentheses as a deduction, are written with their value's sign", async () => {
    const { answer } = await ask('verizon income taxes 9 months 2000', asker());
    expect(answer.summary).toContain('$6,157 million');
    expect(answer.notes.join(' ')).toContain('9M 2000 = FY 2000 − Q4 2000 = 7,009 million − 852 million');
  });

  it("a follow-up keeps the conversation's company", async () => {
    const conversation = { store: createConversations(), key: 'u:c' };
    await ask('Verizon revenue Q4 2000', asker({ conversation }));
    const { answer } = await ask('and Q4 1999?', asker({ conversation }));
    expect(answer.summary).toContain('$15,265 million');
    // After the headline results too.
    const results = { store: createConversations(), key: 'u:r' };
    await ask('Infocrossing Q4 2003 results', asker({ conversation: results }));
    expect((await ask('and revenue?', asker({ conversation: results }))).answer.title).toBe('Infocrossing, Inc.: Revenue — Q4 2003');
  });

  it('a follow-up naming only another company asks it the same question ("and apple?"), its fiscal periods never given calendar dates', async () => {
    const conversation = { store: createConversations(), key: 'u:c2' };
    await ask('oracle revenue fiscal 2014', asker({ conversation }));
    const { answer, question } = await ask('and apple?', asker({ conversation }));
    expect(question).toMatchObject({ intent: 'figure', company: 'APPLE', measures: [{ kind: 'concept', concept: 'revenue' }] });
    expect(answer.kind).toBe('not_found');
    expect(answer.summary).toContain('Revenue for fiscal 2014 is not reported');
    expect(answer.summary).not.toContain('December 31, 2014');
  });

  it.each([
    // The same question as asked before: revenue, the fiscal year asked, now Caterpillar's.
    ['what about caterpillar?', { intent: 'figure', company: 'CAT', measures: [{ kind: 'concept', concept: 'revenue' }], periods: [{ kind: 'id', id: '2014-FY' }] }],
    ["what's apple?", { intent: 'profile', company: 'APPLE', field: 'business' }],
  ])('after a figure of another company, %s', async (text, reading) => {
    const conversation = { store: createConversations(), key: `u:${text}` };
    await ask('oracle revenue fiscal 2014', asker({ conversation }));
    const { question } = await ask(text, asker({ conversation }));
    expect(question).toMatchObject(reading);
  });

  it('a flow asked at the day a period is printed as ending on is that period, and the day it ended is the printed one (hunt O: Sears at July 3, 2004 was refused; Apple at June 30 said "ended Jun 30")', async () => {
    const sears = await ask('sears net income july 3 2004', asker());
    expect(sears.answer.title).toBe('Sears, Roebuck and Co.: Net income — Q2 2004');
    expect(sears.answer.summary).toContain('$53 million');
    const apple = await ask('apple revenue june 30 2004', asker());
    expect(apple.answer.notes).toContain('Read as: Apple, Revenue covers a period: shown for the 3 months ended Jun 26, 2004, the period ending nearest Jun 30, 2004.');
    // A derived period of a 52/53-week year has no end said (review 46: Apple's derived first half "ended Mar 31, 2004"; it ended March 27).
    const derived = await ask('apple revenue at march 27, 2004', asker());
    expect(derived.answer.title).toBe('Apple: Revenue — H1 2004');
    expect(derived.answer.notes).toContain('Read as: Apple, Revenue covers a period: shown for H1 2004, derived, whose end no release prints.');
  });

  it('a flow at the start of a fiscal year is none, never the year before (review 46: Oracle\'s revenue "at the start of fiscal 2014" was FY 2013\'s)', async () => {
    expect((await ask('oracle revenue at the start of fiscal 2014', asker())).answer.kind).toBe('not_found');
    expect((await ask('oracle cash at the start of fiscal 2014', asker())).answer.summary).toContain('$14,613 million');
  });

  it('/compare versus-metric takes a line said as a formula a statement prints (hunt O: Buckle\'s total liabilities over total assets was refused as "not two lines the statements print")', async () => {
    const { answer } = await runCall({ name: 'compare', options: { metric: 'total liabilities', 'versus-metric': 'total assets', period: 'Nov 2, 2024', company: 'buckle' } }, asker());
    expect(answer.title).toBe('The Buckle, Inc.: Total liabilities / total assets — Nov 2, 2024');
    expect(answer.summary).toContain('50.0%');
  });

  it('/trend of operating cash flow is the statement line where one is printed (hunt O: "cannot be worked out for any period", though /metric served it)', async () => {
    const { answer } = await runCall({ name: 'trend', options: { metric: 'operating cash flow', company: 'oracle' } }, asker());
    expect(answer.title).toBe('Oracle Corporation: Net cash provided by operations — every period');
    expect(answer.fields.map((f) => f.value).join('\n')).toMatch(/FY 2013: \$14,224 million[\s\S]*FY 2014: \$14,921 million/);
  });

  it('/quote naming a role or a person is whose words are asked (hunt O: "CFO" searched the quotes for the word and found none)', async () => {
    const cfo = await runCall({ name: 'quote', options: { query: 'CFO', company: 'apple' } }, asker());
    expect(cfo.answer.title).toBe('Apple: Quotes — by the chief financial officer');
    expect(cfo.answer.fields.map((f) => f.name).join(' ')).toContain('Peter Oppenheimer');
    const jobs = await runCall({ name: 'quote', options: { query: 'Steve Jobs music', company: 'apple' } }, asker());
    expect(jobs.answer.title).toBe('Apple: Quotes — music, by Steve Jobs');
    // Two said: one at a time, asked (review 47: "ceo and cfo" showed the CEO's alone, the CFO's dropped).
    const both = await runCall({ name: 'quote', options: { query: 'ceo and cfo', company: 'apple' } }, asker());
    expect(both.answer.alternatives?.map((a) => a.label)).toEqual(['quotes by chief executive officer', 'quotes by chief financial officer']);
  });

  it('/contact naming a person looks the person up, never another whose name shares a word (hunt O: "Steve Jobs" gave the press contact Steve Dowling, his phone and email)', async () => {
    const jobs = await runCall({ name: 'contact', options: { query: 'Steve Jobs', company: 'apple' } }, asker());
    expect(jobs.answer.title).toBe('Apple: Contacts — Steve Jobs');
    expect(jobs.answer.summary).toContain('The releases quote Steve Jobs, Apple’s CEO, but print no phone or email for them');
    expect(jobs.answer.summary).not.toContain('sdowling@apple.com');
    const dowling = await runCall({ name: 'contact', options: { query: 'Steve Dowling', company: 'apple' } }, asker());
    expect(dowling.answer.summary).toContain('sdowling@apple.com');
  });

  it('the company option of a slash command, typos mended; an unknown company is refused', async () => {
    const named = await runCall({ name: 'metric', options: { metric: 'revenue', period: 'Q2 2004', company: 'sears' } }, asker());
    expect(named.answer.summary).toContain('$8,781 million');
    const typo = await runCall({ name: 'metric', options: { metric: 'revenue', period: 'Q4 2000', company: 'verizn' } }, asker());
    expect(typo.answer.summary).toContain('$16,873 million');
    const unknown = await runCall({ name: 'metric', options: { metric: 'revenue', period: 'Q4 2000', company: 'Globex' } }, asker());
    expect(unknown.answer.kind).toBe('refusal');
    expect(unknown.answer.summary).toContain('Globex');
  });

  it("an admin sets a channel's company; questions there that name none are about it", async () => {
    const channel = { defaults: createChannelDefaults(), id: 'c1' };
    const refused = await runCall({ name: 'channel-company', options: { company: 'Sears' } }, asker({ channel }));
    expect(refused.answer.kind).toBe('refusal');
    await runCall({ name: 'channel-company', options: { company: 'Sears' } }, asker({ channel, admin: true }));
    expect((await ask('revenue Q2 2004', asker({ channel }))).answer.summary).toContain('$8,781 million');
    // A question naming a company still gets that company's figure.
    expect((await ask('IFOX revenue Q4 2003', asker({ channel }))).answer.summary).toContain('$14.4 million');
    await runCall({ name: 'channel-company', options: {} }, asker({ channel, admin: true }));
    expect((await ask('revenue Q2 2004', asker({ channel }))).answer.kind).toBe('clarify');
  });

  it('/sources lists the companies and the periods of each release', async () => {
    const { answer } = await ask('/sources', asker());
    expect(answer.summary).toMatch(/^8 companies, 10 releases/);
    expect(answer.fields.map((f) => f.name)).toEqual([
      'Apple', 'Caterpillar Inc. (CAT)', 'Chemical Banking Corporation', 'Infocrossing, Inc. (IFOX)', 'Oracle Corporation (ORCL)',
      'Sears, Roebuck and Co. (S)', 'The Buckle, Inc. (BKE)', 'Verizon Communications Inc. (VZ)',
    ]);
    expect(answer.fields[5]?.value).toContain('Q2 2004');
  });
});

describe("a balance whose change the statement of cash flows prints apart", () => {
  it.each([
    // The cash flows print "Increase in deferred revenues 172"; the balance sheet's change is 151.
    ['oracle increase in deferred revenues', 'deferred revenue, May 31, 2014 vs May 31, 2013'],
    // "Decrease in trade receivables, net 146", while the balance rose 38: never an increase said for a decrease asked.
    ['oracle decrease in receivables', 'accounts receivable, May 31, 2014 vs May 31, 2013'],
    // "Inventories (1,032)" in the quarter's cash flows, 1,000 on the balance sheet.
    ['caterpillar change in inventories q1 2022', 'inventories, Mar 31, 2022 vs Dec 31, 2021'],
    ['oracle change in inventories fy2014', 'inventories, May 31, 2014 vs May 31, 2013'],
    // Verizon's cash flows print "Net change in short-term investments (221)"; its balance sheet's change is 578.
    ['verizon net change in short-term investments 2000', 'short-term investments, Dec 31, 2000 vs Dec 31, 1999'],
  ])('%s: asked which, the balance sheet\'s offered', async (text, offered) => {
    const { answer } = await ask(text, asker());
    expect(answer.kind).toBe('clarify');
    expect(answer.summary).toContain("may be the statement of cash flows' line, which I do not read");
    expect(answer.alternatives?.map((a) => a.label)).toEqual([offered]);
    expect(answer.facts).toEqual([]);
  });

  it.each([
    // The Buckle prints no statement of cash flows: only the balance sheet's change is meant.
    ['buckle change in receivables', '$7.901 million at Nov 2, 2024 against $10.341 million at Oct 28, 2023'],
    // A year against a year said: the balance sheet's.
    ['oracle receivables vs last year', '$6,087 million at May 31, 2014 against $6,049 million at May 31, 2013'],
  ])('%s: compared as asked', async (text, said) => {
    const { answer } = await ask(text, asker());
    expect(answer.kind).toBe('comparison');
    expect(answer.summary).toContain(said);
  });

  it('two balances named are compared as asked', async () => {
    const { answer } = await ask('oracle inventories may 2014 vs may 2013', asker());
    expect(answer.kind).toBe('comparison');
    expect(answer.summary).toContain('$189 million at May 31, 2014 against $240 million at May 31, 2013: -$51 million');
  });

  it('a line is never added to a total that holds it: deferred revenue is within current liabilities', async () => {
    const { answer } = await ask('oracle deferred revenue plus current liabilities', asker());
    expect(answer.summary).not.toContain('21,658');
    expect(answer.summary).toContain('Deferred revenue, May 31, 2014: $7,269 million');
    expect(answer.summary).toContain('Current liabilities, May 31, 2014: $14,389 million');
  });
});

describe('investor shorthand searched as the releases word it', () => {
  it.each([
    ['chemical npa decline in 1993', 'Nonperforming assets declined by $607 million'],
  ])('%s', async (text, sentence) => {
    const { answer, text: shown } = await askText(text, store);
    expect(answer.kind).toBe('sentences');
    expect(shown).toContain(sentence);
  });
});

describe("a line printed only as its parts", () => {
  it("The Buckle's SG&A is its selling and its general and administrative expenses, printed apart, added and said so (85,588, as its unlabelled total prints)", async () => {
    const { answer } = await ask('bke sg&a q3', asker());
    expect(answer.summary).toContain('$85.588 million (computed from printed figures)');
    expect(answer.notes.join(' ')).toContain('selling and administrative expenses is not printed as one line: selling expenses and general and administrative expenses, printed apart, added');
    expect((await ask('bke selling expenses q3', asker())).answer.summary).toContain('$71.986 million');
  });
});

describe('a question naming no company, about what only one company speaks of', () => {
  it.each([
    ['construction industries sales q1', 'Caterpillar Inc.', 'construction industries'],
    ['domestic telecom revenue q4 2000', 'Verizon Communications Inc.', 'domestic telecom'],
    ['texas commerce net income', 'Chemical Banking Corporation', 'texas commerce'],
  ])('%s: %s, the only one whose releases say it, and said so', async (text, company, words) => {
    const { answer } = await ask(text, asker());
    expect(answer.title.startsWith(`${company}:`)).toBe(true);
    expect(answer.notes).toContain(`${company} is the only company whose releases' text says "${words}".`);
  });

  it('one word alone is asked which: another company\'s tables, which are not searched, may print it (The Buckle\'s "OPERATING LEASE" assets)', async () => {
    expect((await ask('operating lease', asker())).answer.title).toBe('Which company?');
    expect((await ask('europe', asker())).answer.title).toBe('Which company?');
  });

  it('words two companies print (Caterpillar\'s and Sears\' "Financial Products"), or scattered through boilerplate, are asked which', async () => {
    expect((await ask('financial products profit', asker())).answer.title).toBe('Which company?');
    // Sears' risk factors hold "construction" and "industries" far apart: no phrase.
    expect((await ask('industries construction', asker())).answer.title).toBe('Which company?');
  });
});

describe('contacts printed without a role', () => {
  it("Verizon's media contact: its two contacts, each shown, and that the release does not say which handles the media", async () => {
    const { answer } = await ask('verizon media contact', asker());
    expect(answer.summary).toBe('The releases name their contacts without a role, so which of them handles media relations they do not say. The contacts they list: PETER THONIS; DAVID FRAIL.');
    expect(answer.fields.map((f) => f.value)).toEqual([
      '212-395-2355 · peter.thonis@verizon.com — as of the release of February 1, 2001',
      '212-395-7726 · david.frail@verizon.com — as of the release of February 1, 2001',
    ]);
  });

  it('"whose number?" lists both, not the last one read', async () => {
    const { answer } = await ask('verizon contact phone', asker());
    expect(answer.kind).toBe('clarify');
    expect(answer.summary).toContain('• Contact, PETER THONIS: phone 212-395-2355\n• Contact, DAVID FRAIL: phone 212-395-7726');
  });

  it('an officer (the CFO) is no contact\'s role: none of them is offered as one', async () => {
    expect((await ask('verizon cfo', asker())).answer.summary).toBe('Not in the releases: no contact matches "chief financial officer".');
  });
});

describe('a balance asked to change with no period said, none printed a year earlier', () => {
  it.each([
    ['apple change in total assets', 'total assets, Jun 26, 2004 vs Sep 27, 2003'],
    ["how did cat's cash change?", 'cash and equivalents, Mar 31, 2022 vs Dec 31, 2021'],
    // "A year ago" said is the same question: the three months since the year end are offered, never answered for it.
    ['caterpillar cash vs same time last year', 'cash and equivalents, Mar 31, 2022 vs Dec 31, 2021'],
  ])('%s: the fiscal year end before it offered, as the balance sheet sets them', async (text, offered) => {
    const { answer } = await ask(text, asker());
    expect(answer.kind).toBe('clarify');
    expect(answer.alternatives?.map((a) => a.label)).toEqual([offered]);
    expect(answer.facts).toEqual([]);
  });

  it('another company asked next is asked the same, with its own dates (Sears\' a year earlier), never the first one\'s', async () => {
    expect((await follow('apple cash change', 'and sears?')).summary).toContain('$3,559 million at Jul 3, 2004 against $2,921 million at Jun 28, 2003');
  });

  it('a year earlier where it is printed (Sears\' June 28, 2003)', async () => {
    expect((await ask('sears change in inventories', asker())).answer.summary).toContain('at Jul 3, 2004 against $5,447 million at Jun 28, 2003');
  });
});

describe("a line printed only as its parts, over time", () => {
  it("The Buckle's SG&A by quarter: the sum in every period that prints both parts", async () => {
    const { answer } = await ask('buckle sg&a by quarter', asker());
    expect(answer.summary).toContain('6 periods');
    expect(answer.fields.map((f) => f.value).join('\n')).toContain('Q3 2024: $85.588 million');
  });
});

describe('a balance a year ago', () => {
  it('is the balance sheet nearest a year before the latest, within a week, said so: Sears\' June 28, 2003, $2,921 million (it was "not in the releases" for July 3, 2003)', async () => {
    const { answer } = await ask('sears cash a year ago', asker());
    expect(answer.title).toBe('Sears, Roebuck and Co.: Cash and equivalents — Jun 28, 2003');
    expect(answer.summary).toContain('$2,921 million');
    expect(answer.notes).toContain('Read as: Sears, Roebuck and Co., 1 year before the latest, Jun 28, 2003 (no balance sheet is dated Jul 3, 2003: the nearest).');
  });
});

describe('nothing to give', () => {
  it('a trend of a line no release prints is "not in the releases", never a trend of no period: Apple\'s EBITDA by quarter', async () => {
    const { answer } = await ask('apple ebitda by quarter', asker());
    expect(answer.kind).toBe('not_found');
    expect(answer.summary).toBe('Not in the releases: EBITDA is printed for no period.');
  });

  it('a number after a question none of whose readings is given picks nothing (it said "there is no choice 1: there were 0")', async () => {
    const conversation = { store: createConversations(), key: 'u:none-given' };
    await ask('chemical costs q4 1993', asker({ conversation }));
    const typed = (await ask('1', asker({ conversation }))).answer;
    expect(typed.summary).not.toContain('There is no choice');
    // Read as a question of its own: never an ask-back offering nothing.
    expect(typed.kind !== 'clarify' || (typed.alternatives?.length ?? 0) > 0).toBe(true);
  });
});

describe('a year\'s end no release prints', () => {
  it('is said as asked, never as a date guessed from the fiscal month: Apple\'s fiscal 2004 (it said September 30, 2004; Apple\'s years end on a Saturday)', async () => {
    const { answer } = await ask('apple cash at end of fiscal 2004', asker());
    expect(answer.kind).toBe('not_found');
    expect(answer.summary).toMatch(/^Cash and equivalents for year-end 2004 is not reported in the releases I hold, and cannot be derived from them\. /);
  });

  it('so is a year\'s end asked after a date: "and at year-end?" after Sears\' July 3, 2004 (it said December 31, 2004; Sears\' year ends on the Saturday nearest)', async () => {
    const answer = await follow('sears cash july 3 2004', 'and at year-end?');
    expect(answer.summary).toMatch(/^Cash and equivalents for FY 2004 is not reported/);
  });
});

describe('a question asked back about one company offers only what its releases give', () => {
  it('drops the readings a company\'s releases do not give: Apple\'s margins without EBITDA margin, said so', async () => {
    const { answer } = await ask('apple margin q3 2004', asker());
    expect(answer.alternatives?.map((a) => a.label)).toEqual(['Operating margin', 'Net margin', 'Gross margin']);
    expect(answer.summary).toContain('Not offered, as the releases do not give them: "EBITDA margin".');
  });

  it('answers the one reading left, said so: Verizon\'s "costs" are its total operating costs and expenses, $13,495 million', async () => {
    const { answer } = await ask('verizon costs q4 2000', asker());
    expect(answer.title).toBe('Verizon Communications Inc.: Total operating costs and expenses — Q4 2000');
    expect(answer.summary).toContain('$13,495 million');
    expect(answer.notes[0]).toBe('The question can be read more than one way; the releases give only "Total operating costs and expenses", not "Cost of revenues" or "Selling and administrative expenses".');
  });

  it('reads Oracle\'s "Sales and marketing" as its selling expenses: its SG&A is that and its G&A, added, said so ($2,241 + $265 = $2,506 million); it was "not given"', async () => {
    const { answer } = await ask('oracle sg&a q4 fy14', asker());
    expect(answer.summary).toContain('$2,506 million (computed from printed figures)');
    expect(answer.fields.map((f) => f.value).join('\n')).toContain('$2,241 million + $265 million = $2,506 million');
    expect((await ask('oracle sales and marketing fy14', asker())).answer.summary).toContain('$7,567 million');
  });

  it('"selling" where only selling and administrative expenses are printed shows that line, said so (it refused); never in a ratio, which would be the wider line\'s share', async () => {
    const { answer } = await ask('sears selling q2 2004', asker());
    expect(answer.title).toBe('Sears, Roebuck and Co.: Selling and administrative expenses — Q2 2004');
    expect(answer.summary).toContain('$2,064 million');
    expect(answer.notes).toContain('Read as: Sears, Roebuck and Co., selling expenses is not printed apart: selling and administrative expenses (which holds it) shown.');
    const share = (await ask('what % of revenue was caterpillar s&m in q1 2022', asker())).answer;
    expect(share.kind).toBe('not_found');
    expect(share.summary).toBe('Selling expenses is not printed apart, only within selling and administrative expenses: a ratio of it is not computed (ask for it alone).');
    expect((await ask('buckle selling as % of revenue q3 2024', asker())).answer.summary).toContain('24.5%');
  });

  it('says when none is given, never offering three figures that are not there: Chemical Banking\'s "costs"', async () => {
    const { answer } = await ask('chemical costs q4 1993', asker());
    expect(answer.kind).toBe('not_found');
    expect(answer.summary).toBe('The question can be read more than one way, and the releases give none of the readings for Chemical Banking Corporation: "Total operating costs and expenses", "Cost of revenues" and "Selling and administrative expenses".');
  });

  it('asks even one example left, never answering it: "chemical compare" offers net income (it answered net income, a line the user never named)', async () => {
    const { answer } = await ask('chemical compare', asker());
    expect(answer.kind).toBe('clarify');
    expect(answer.alternatives?.map((a) => a.label)).toEqual(['Net income, the latest quarter vs a year earlier']);
    // "Yes" takes the one offered, those not offered beside it.
    expect((await follow('chemical compare', 'yes')).title).toBe('Chemical Banking Corporation: Net income — Q4 1993 vs Q4 1992');
  });

  it('checks every kind of reading, a change as well as a figure: Apple\'s "cash generated" is neither its operating cash flow nor its change in cash, never a change said to be given and then not found', async () => {
    const { answer } = await ask('apple cash generated q3 2004', asker());
    expect(answer.kind).toBe('not_found');
    expect(answer.summary).toContain('"Net cash provided by operations" and "Cash and equivalents: change over the quarter"');
  });

  it('a reading not offered may still be typed, and says why it was not: "ebitda margin" after Apple\'s margins keeps Apple and Q3 2004 (it asked which company); numbers count only the offered', async () => {
    const conversation = { store: createConversations(), key: 'u:unshown' };
    await ask('apple margin q3 2004', asker({ conversation }));
    const typed = (await ask('ebitda margin', asker({ conversation }))).answer;
    expect(typed.title).toBe('Apple: EBITDA margin: not in the releases');
    expect(typed.notes[0]).toBe('"EBITDA margin", which the question asked back did not offer: the releases do not give it.');
    await ask('apple margin q3 2004', asker({ conversation }));
    expect((await ask('4', asker({ conversation }))).answer.summary).toContain('There is no choice 4: there were 3.');
  });
});

describe('a choice typed after "which one did you mean?", not picked from the menu', () => {
  const costs = 'apple costs as % of revenue q3 2004';
  it.each([
    // Its number, an ordinal, or a figure only it asks: the choice, with the company and period asked back (they were lost: "which company?").
    [costs, '2', 'Apple: Cost of revenues / revenue — Q3 2004'],
    [costs, 'option 3', 'Apple: Selling and administrative expenses / revenue — Q3 2004'],
    [costs, 'the second one please', 'Apple: Cost of revenues / revenue — Q3 2004'],
    [costs, 'cost of sales', 'Apple: Cost of revenues / revenue — Q3 2004'],
    [costs, 'total costs', 'Apple: Total operating costs and expenses / revenue — Q3 2004'],
    ['apple margin q3 2004', 'the net margin', 'Apple: Net margin — Q3 2004'],
    ['apple margin q3 2004', 'gross margin', 'Apple: Gross margin — Q3 2004'],
    ['infocrossing revenue growth over the last 4 quarters', 'the last one', 'Infocrossing, Inc.: Revenue — Q4 2003 vs Q4 2002'],
    ['net income q3 2004', '1', 'Apple: Net income — Q3 2004'],
    // "Yes" to the one choice of "did you mean Apple?".
    ['appel revenue q3 2004', 'yes', 'Apple: Revenue — Q3 2004'],
  ])('after "%s", "%s" is %s', async (first, then, title) => {
    const answer = await follow(first, then);
    expect(answer.title).toBe(title);
    expect(answer.notes[0]).toMatch(/^Choice \d of the question asked back: /);
  });

  it.each([
    // A figure every choice holds, or one with its own period: a question of its own, never a choice guessed.
    [costs, 'revenue'],
    [costs, 'apple cost of sales q2 2004'],
    [costs, 'first quarter'],
    // A word some label holds is no choice: "revenues" of "Cost of revenues", "and" of "Sears, Roebuck and Co.", "the
    // year" of "vs a year earlier", "income taxes" of "Income before income taxes" (each picked one).
    ['apple costs q3 2004', 'revenues'],
    ['net income', 'and?'],
    ['infocrossing revenue q4 2003 vs fiscal 2002', 'the year'],
    ['apple income q3 2004', 'income taxes'],
    // A figure two choices name, whatever each asks of it.
    ['which quarter had the biggest revenue growth for infocrossing', 'revenue'],
  ])('after "%s", "%s" is no choice', async (first, then) => {
    expect((await follow(first, then)).notes.join('\n')).not.toContain('Choice');
  });

  it('a number no choice has is said, and the choices offered again; they last one message', async () => {
    const conversation = { store: createConversations(), key: 'u:typed-pick' };
    await ask(costs, asker({ conversation }));
    const none = (await ask('5', asker({ conversation }))).answer;
    expect(none.kind).toBe('clarify');
    expect(none.summary).toContain('There is no choice 5: there were 3.');
    expect((await ask('2', asker({ conversation }))).answer.title).toBe('Apple: Cost of revenues / revenue — Q3 2004');
    expect((await ask('3', asker({ conversation }))).answer.notes.join('\n')).not.toContain('Choice');
  });
});

describe('periods said in a calendar the company does not keep (review 80)', () => {
  it('"the start of Q3 2004" is the close of the fiscal quarter before it: Apple\'s March 27, 2004, not printed (it gave June 26, 2004, the quarter\'s own end); the start of Q1 2004 is September 27, 2003', async () => {
    const start = (await ask('Apple cash at the start of Q3 2004', asker())).answer;
    expect(start.kind).toBe('not_found');
    expect(start.summary).toMatch(/^Cash and equivalents for the start of Q3 2004 is not reported/);
    expect((await ask('Apple cash at the beginning of Q1 2004', asker())).answer.summary).toContain('$3,396 million');
    expect((await ask('Oracle cash at the beginning of Q1 2014', asker())).answer.summary).toContain('$14,613 million');
  });
  it('"the first nine months of calendar 2004" are January to September: none of Apple\'s periods (it gave fiscal 9M 2004, $5,929 million)', async () => {
    const nine = (await ask('Apple revenue first nine months of calendar 2004', asker())).answer;
    expect(nine.kind).toBe('not_found');
    expect(nine.summary).toMatch(/^Revenue for the 9 months ended September 2004 is not reported/);
    expect((await ask('Infocrossing revenue first nine months of calendar 2003', asker())).answer.summary).toContain('$40.8 million');
  });
  it('"last year vs the year before" compares the two latest years (it compared the latest quarters: Chemical\'s Q4 1993 against Q4 1992)', async () => {
    expect((await ask('Chemical net income last year vs the year before', asker())).answer.title).toBe('Chemical Banking Corporation: Net income — FY 1993 vs FY 1992');
    expect((await ask('Infocrossing EBITDA last year vs 2002', asker())).answer.summary).toContain('$10.0 million in FY 2003 against $8.8 million in FY 2002');
  });
});

describe('a share of one period in another, of a company with a loss', () => {
  it('is not computed across zero, both amounts shown: Sears\' Q2 2004 profit within its first half\'s loss', async () => {
    const { answer } = await ask('what share of sears H1 2004 net income came in Q2 2004', asker());
    expect(answer.emphasis).toEqual([]);
    expect(answer.summary).toContain('a share of one in the other would mean nothing');
    expect(answer.summary).toContain('$53 million');
    expect(answer.summary).toContain('-$806 million');
  });
});

describe('a yes or no between two periods', () => {
  it('is answered first, of the periods as asked: Sears\' Q1 2004 revenue was not higher than Q2\'s (review 79: it showed Q2 against Q1, +12.66%, and no verdict)', async () => {
    const { answer } = await ask("Was Sears' revenue higher in Q1 2004 than in Q2 2004?", asker());
    expect(answer.summary.startsWith('No: revenue was lower in Q1 2004 ($7,794 million) than in Q2 2004 ($8,781 million).')).toBe(true);
    expect((await ask('Was infocrossing net income lower in Q4 2003 than in Q4 2002?', asker())).answer.summary).toMatch(/^The printed figures cannot tell/);
    expect((await ask('is verizon cash higher at Dec 31, 2000 than at Dec 31, 1999?', asker())).answer.summary).toMatch(/^No: cash and equivalents was lower at Dec 31, 2000/);
  });
});

describe('periods said by another period (review 82)', () => {
  it('"the quarter before Q4 2003?" after another question is Q3 2003, never Q4 against the period asked before; a calendar year\'s months said any way are the calendar\'s; the start of each quarter listed', async () => {
    expect((await follow('Oracle revenue Q2 2014', 'how about the quarter prior to Q4 2014?')).summary).toContain('$9,307 million');
    expect((await ask('Apple revenue CY2004 first 9 months', asker())).answer.kind).toBe('not_found');
    expect((await ask('Oracle revenue first three quarters of the calendar year 2013', asker())).answer.summary).toMatch(/^Revenue for the 9 months ended September 2013 is not reported/);
    const starts = (await ask('Apple cash at the start of Q1 2004 and Q3 2004', asker())).answer;
    expect(starts.summary).toMatch(/^Cash and equivalents for the start of Q3 2004 is not reported/);
    expect(starts.summary).toContain('Sep 27, 2003: $3,396 million');
  });
});

describe('the statement of cash flows (round-E hunt: capital expenditures, dividends and buybacks searched the text)', () => {
  it('serves its lines as printed, below zero where cash was used, and says a change of cash used in words', async () => {
    const capex = await ask('Verizon capex 2000 vs 1999', asker());
    expect(capex.answer.title).toBe('Verizon Communications Inc.: Capital expenditures — FY 2000 vs FY 1999');
    expect(capex.answer.summary).toContain('-$17,633 million in FY 2000 against -$13,013 million in FY 1999');
    // -35.5% alone would read as spending that fell.
    expect(capex.answer.summary).toContain('(the cash used grew by 35.5%)');
    const { text: caterpillar } = await askText('caterpillar capex q1 2022', store);
    expect(caterpillar).toContain('-$346 million (cash used)');
    expect(caterpillar).toContain('Printed: "Capital expenditures – excluding equipment leased to others" (346)');
    expect((await ask('oracle buybacks fy14', asker())).answer.summary).toContain('-$9,813 million');
    expect((await ask('cat dividends paid q1 2022', asker())).answer.summary).toContain('-$595 million');
    // "Used" in the label, yet above zero that year: the line is named for neither.
    expect((await ask('verizon cash from financing activities 1999', asker())).answer.summary).toBe(
      'Net cash from financing activities for fiscal 1999 (year ended December 31, 1999) was $1,732 million.',
    );
  });

  it('sets spending against an amount by its size: capital expenditures are 1.5% of Oracle\'s revenue, not -1.5%; dividends paid are 19.9% of net income', async () => {
    const capex = await askText('oracle capex as a percent of revenue fy14', store);
    expect(capex.answer.summary).toMatch(/^Capital expenditures \/ revenue for FY 2014: 1\.5% /);
    expect(capex.text).toContain('= $580 million of cash used / $38,275 million = 1.5%');
    expect((await ask('oracle dividends paid as a percent of net income fy14', asker())).answer.summary).toMatch(/^Dividends paid \/ net income for FY 2014: 19\.9% /);
  });

  it('sets the growth of spending against a percentage by its size: Verizon\'s capital expenditures grew 35.5% (it was refused as below zero)', async () => {
    expect((await ask('did verizon capex rise more than 30% in 2000', asker())).answer.summary).toMatch(/^Capital expenditures grew 35\.5%: more than 30%\. /);
    expect((await ask('did verizon capex fall more than 5% in 2000', asker())).answer.summary).toMatch(/^Capital expenditures did not fall: it grew 35\.5%\. /);
  });

  it('gives no quarter of a table of trailing four quarters: Oracle\'s Q4 capital expenditures are not printed', async () => {
    expect((await ask('oracle capex q4 fy14', asker())).answer.title).toBe('Oracle Corporation: Capital expenditures: not in the releases');
  });
});

describe('"who is" a company', () => {
  it('is what it does, after a figure of another too (it gave that figure of The Buckle; alone, it searched the text for nothing)', async () => {
    expect((await follow('oracle net income q4 fy14', 'who is the buckle')).title).toBe('The Buckle, Inc.: The Buckle, Inc. — what it does');
    expect((await ask('who is the buckle', asker())).answer.title).toBe('The Buckle, Inc.: The Buckle, Inc. — what it does');
    // A role said with it stays its contact.
    expect((await ask("who is oracle's cfo", asker())).answer.title).toBe('Oracle Corporation: Contacts — chief financial officer');
  });
});
