/**
 * Figures a release gives only in words ("net income of $1.57 billion, or $2.12 a share"): read as
 * sentence numbers with the statement line the sentence names, and served as the text says them
 * when no table prints the line; an exclusion, a forecast or a comparison is never the figure.
 */
import { describe, expect, it } from 'vitest';
import { readSentence, type PeriodContext } from '../../knowledge/parse/narrative.ts';
import { parseRelease } from '../../knowledge/parse/release.ts';
import { buildSnapshot } from '../../knowledge/snapshot.ts';
import { respond } from '../../commands/respond.ts';
import { COMMANDS } from '../../commands/registry.ts';

const WORDS_ONLY = `Globex Corporation (NYSE: GBX) today reported results for the fourth quarter of 2003.

January 29, 2004

Globex reported net income of $1.57 billion, or $2.12 a share, for the fourth quarter of 2003.
Revenue for the fourth quarter of 2003 was $9.1
billion. Excluding the gain, net income would have been $1.2 billion, or $1.62 a share, for the
fourth quarter of 2003. Net earnings for the full year 2003 were 27 cents a share. The company
expects revenue of $10 billion for the first quarter of 2004.
`;

const ofSentence = (text: string) => readSentence(text, { year: 2003 }).numbers.map((n) => [n.printed, n.concept ?? null, n.period ?? null]);

describe('the statement line a sentence names', () => {
  it('a segment\'s or a product\'s line is never the company\'s ("Wireless revenues were $4.1 billion"); an item before the name ("expense credit, EBITDA") is no segment', () => {
    expect(ofSentence('Wireless revenues were $4.1 billion in the fourth quarter of 2003.')).toEqual([['$4.1 billion', null, '2003-Q4']]);
    expect(ofSentence('Domestic Telecom revenues were $10.9 billion in the fourth quarter of 2003.')).toEqual([['$10.9 billion', null, '2003-Q4']]);
    expect(ofSentence('Total revenues were $16.9 billion in the fourth quarter of 2003.')).toEqual([['$16.9 billion', 'revenue', '2003-Q4']]);
  });

  it('"net income of $1.57 billion, or $2.12 a share": net income, and its EPS', () => {
    expect(ofSentence('Globex reported net income of $1.57 billion, or $2.12 a share, for the fourth quarter of 2003.')).toEqual([
      ['$1.57 billion', 'net_income', '2003-Q4'],
      ['$2.12 a share', 'eps_basic_and_diluted', '2003-Q4'],
    ]);
  });

  it('"27 cents a share" and "per diluted share" give the EPS they say', () => {
    expect(ofSentence('Net earnings in 2003 were 27 cents a share.')).toEqual([['27 cents a share', 'eps_basic_and_diluted', '2003-FY']]);
    expect(ofSentence('For the quarter, the Company posted a net profit of $61 million, or $.16 per diluted share.')).toEqual([
      ['$61 million', 'net_income', null],
      ['$.16 per diluted share', 'eps_diluted', null],
    ]);
  });

  it('an exclusion, a comparison, a forecast or a change names no line', () => {
    for (const text of [
      'Excluding this charge, net profit would have been $67 million, or $.17 per diluted share.',
      'These results compare to a net profit of $19 million in the year-ago quarter.',
      'The company expects revenue of $10 billion for 2004.',
      'Revenue increased by $5 million in the first quarter of 2003.',
      // Said in words of more than one ("pro forma", "prior year"): each read as the phrase it is.
      'Pro forma operating income for the fourth quarter of 2003 was $512 million.',
      'Prior year results included operating income of $358 million.',
    ]) expect(ofSentence(text).every(([, concept]) => concept === null), text).toBe(true);
  });
});

describe('a period said as a move from the one before it', () => {
  const periods = (text: string, ctx: PeriodContext = { year: 2003 }) => readSentence(text, ctx).numbers.map((n) => [n.printed, n.period ?? null]);

  it('"the prior quarter" is the quarter before, never a year before; "the same quarter last year" is a year before', () => {
    expect(periods('Revenue was $14.4 million in the fourth quarter of 2003, up from $14.1 million in the prior quarter.')).toEqual([
      ['$14.4 million', '2003-Q4'],
      ['$14.1 million', '2003-Q3'],
    ]);
    expect(periods('Revenue was $13.1 million in the first quarter of 2003 compared with $11.2 million for the same quarter last year.')).toEqual([
      ['$13.1 million', '2003-Q1'],
      ['$11.2 million', '2002-Q1'],
    ]);
  });

  it('"the previous two quarters", "the two quarters before" are several periods: a figure said of them is of none, never of the farthest alone', () => {
    expect(periods('Revenue was $14.4 million in the fourth quarter of 2003, up from $27.5 million in the previous two quarters combined.')).toEqual([
      ['$14.4 million', '2003-Q4'],
      ['$27.5 million', null],
    ]);
    expect(periods('Revenue was $14.4 million in the fourth quarter of 2003 and $27.5 million in the two quarters before.').at(-1)).toEqual(['$27.5 million', null]);
  });

  it('"the prior year 13-week fiscal quarter ended October 28, 2023" is the quarter said with its date (The Buckle), never a year before the one said first; "the year-ago fourth quarter" is a year back', () => {
    expect(periods('Net sales for the 13-week fiscal quarter ended November 2, 2024 decreased 3.2 percent to $293.6 million from net sales of $303.5 million for the prior year 13-week fiscal quarter ended October 28, 2023.')).toEqual([
      ['3.2 percent', '2024-11-02-3M'],
      ['$293.6 million', '2024-11-02-3M'],
      ['$303.5 million', '2023-10-28-3M'],
    ]);
    expect(periods('Revenue was $14.4 million for the fourth quarter, versus $13.4 million in the year-ago fourth quarter.').at(-1)).toEqual(['$13.4 million', '2002-Q4']);
  });

  it('"for the quarter", "in the quarter" are the release\'s own latest quarter (Apple\'s net profit "for the quarter would have been $67 million"); a quarter said with its date is that one; with no quarter printed, none', () => {
    const own = (text: string) => periods(text, { year: 2004, quarter: '2004-Q3' });
    expect(own('Excluding this charge, the Company’s net profit for the quarter would have been $67 million, or $.17 per diluted share.')).toEqual([
      ['$67 million', '2004-Q3'],
      ['$.17 per diluted share', '2004-Q3'],
    ]);
    expect(own('In the quarter, the company repurchased $0.8 billion of common stock.')).toEqual([['$0.8 billion', '2004-Q3']]);
    expect(own('Expenses for the quarter ended May 31, 2013 included a net benefit of $269 million.')).toEqual([['$269 million', '2013-05-31-3M']]);
    expect(periods('For the quarter, the Company posted a net profit of $61 million.')).toEqual([['$61 million', null]]);
  });

  it('the amount a rate grew to, said after the rate\'s period, is of that period: Verizon\'s "grew 3.3 percent for the quarter, to $10.9 billion, ... at the end of the year" (it read the year)', () => {
    expect(periods('Total adjusted U.S. Telecom revenues grew 3.3 percent for the quarter, to $10.9 billion, while Telecom provided competitors with nearly 3.5 million switched wholesale lines at the end of the year.', { year: 2000, quarter: '2000-Q4' })).toEqual([
      ['3.3 percent', '2000-Q4'],
      ['$10.9 billion', '2000-Q4'],
    ]);
  });

  it('an amount is not of the period it is compared with: Caterpillar\'s "$2.88, compared with first-quarter 2021 adjusted profit per share of $2.87" is $2.88 in Q1 2022 (it read Q1 2021)', () => {
    expect(periods('Adjusted profit per share in the first quarter of 2022 was $2.88, compared with first-quarter 2021 adjusted profit per share of $2.87.')).toEqual([
      ['$2.88', '2022-Q1'],
      ['$2.87', '2021-Q1'],
    ]);
  });

  it('"in the first quarter of 2003, compared with ... in 2002" is the first quarter of 2002, not the year', () => {
    expect(periods('The Company reported a net loss of $2.2 million in the first quarter of 2003, compared with a net loss of $3.7 million in 2002.')).toEqual([
      ['$2.2 million', '2003-Q1'],
      ['$3.7 million', '2002-Q1'],
    ]);
  });

  it('"two years earlier" is two years before, and "a year later" one after', () => {
    expect(periods('Revenue was $55.2 million in 2003, against $40.1 million two years earlier.')).toEqual([
      ['$55.2 million', '2003-FY'],
      ['$40.1 million', '2001-FY'],
    ]);
    expect(periods('Revenue was $50.8 million in 2002 and $55.2 million a year later.')).toEqual([
      ['$50.8 million', '2002-FY'],
      ['$55.2 million', '2003-FY'],
    ]);
  });
});

describe('a release of words only', () => {
  const parsed = parseRelease('globex-2003-q4.txt', WORDS_ONLY);
  const snapshot = buildSnapshot([parsed]);
  const ask = async (concept: 'net_income' | 'eps_basic_and_diluted' | 'revenue', id: string) =>
    (await respond({ intent: 'figure', measures: [{ kind: 'concept', concept }], periods: [{ kind: 'id', id }] }, snapshot, { commands: COMMANDS })).answer;

  it('is read: it names its company and its date', () => {
    expect(parsed.ok).toBe(true);
    expect(snapshot.companies.map((c) => c.key)).toEqual(['GBX']);
  });

  it('answers net income, EPS and revenue as the text says them, saying so', async () => {
    const income = await ask('net_income', '2003-Q4');
    expect(income.summary).toContain('$1.57 billion');
    expect(income.summary).toContain('as the release text gives it');
    expect((await ask('eps_basic_and_diluted', '2003-Q4')).summary).toContain('$2.12 a share');
    // A number broken over two lines is one number.
    expect((await ask('revenue', '2003-Q4')).summary).toContain('$9.1 billion');
  });

  it('never serves the excluded or forecast amounts', async () => {
    const answers = [await ask('net_income', '2003-Q4'), await ask('revenue', '2004-Q1')];
    expect(answers.map((a) => a.summary).join(' ')).not.toMatch(/1\.2 billion|\$10 billion/);
    expect(answers[1]?.kind).toBe('not_found');
  });
});

describe('operating cash flow a release gives only in words', () => {
  const release = `Initech Corporation (NYSE: INI) today reported results for 2003.

January 29, 2004

In 2003, operating income rose 25.5 percent, to $1.8 billion, and operating cash flow grew 14.9 percent to $0.3 billion.
`;
  const snapshot = buildSnapshot([parseRelease('initech-2003-q4.txt', release)]);
  const ocf = async () => (await respond({ intent: 'figure', measures: [{ kind: 'narrative', measure: 'operating_cash_flow' }], periods: [{ kind: 'id', id: '2003-FY' }] }, snapshot, { commands: COMMANDS })).answer;

  it('is the amount said after its name (never the $1.8 billion of operating income named before it), shown as printed ("$0.3 billion", never "$300.0 million")', async () => {
    expect((await ocf()).summary).toBe('Net cash provided by operations for FY 2003: $0.3 billion (as the release text gives it).');
  });
});

describe('operating cash flow a statement of cash flows prints', () => {
  const release = `Initech Corporation (NYSE: INI) today reported results for the fourth quarter of 2003.

January 29, 2004

Initech reported strong results. In the fourth quarter of 2003, the Wireless segment's operating
cash flow grew to $0.9 billion.
`;
  const statement = `
INITECH CORPORATION
CONSOLIDATED STATEMENTS OF CASH FLOWS
(Dollars in Millions)
                                                     Year Ended December 31,
                                                         2003         2002
Net cash provided by operating activities               5,100        4,800
`;
  const ocf = async (text: string, id: string) => (await respond({ intent: 'figure', measures: [{ kind: 'narrative', measure: 'operating_cash_flow' }], periods: [{ kind: 'id', id }] }, buildSnapshot([parseRelease('initech-2003-q4.txt', text)]), { commands: COMMANDS })).answer;

  it("is the statement's where one prints it, for a quarter it does not print too: never a sentence's (a segment's $0.9 billion)", async () => {
    // Without a statement, the sentence is all there is, and is said as the text says it.
    expect((await ocf(release, '2003-Q4')).summary).toContain('$0.9 billion');
    const printed = `${release}${statement}`;
    expect((await ocf(printed, '2003-FY')).summary).toContain('$5,100 million (as printed)');
    const quarter = await ocf(printed, '2003-Q4');
    expect(quarter.kind).toBe('not_found');
    expect(quarter.summary).not.toContain('0.9 billion');
  });
});
