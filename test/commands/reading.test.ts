/**
 * What a reader of the answers notices about how a question was read: the reading is said, a
 * printed rate beats a computed one, a loss-to-profit change gets no percentage, sequential means
 * the quarter before, a name nobody knows gets no figure, and slash options are strict.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { printedChange } from '../../commands/narrative.ts';
import { formatValue } from '../../commands/measures.ts';
import { answerQuestion } from '../../commands/run.ts';
import type { Question } from '../../commands/understand/question.ts';
import { spot } from '../../commands/understand/spot.ts';
import { CONCEPT_IDS } from '../../knowledge/concepts.ts';
import { parsePeriodId, periodId, priorYear } from '../../knowledge/periods.ts';
import type { Store } from '../../knowledge/store.ts';
import { askAfter, askText, openProjectStore, runText } from '../support/answers.ts';
import { onlyBook } from '../support/releases.ts';

let store: Store;
beforeAll(async () => {
  store = await openProjectStore();
});

describe('every figure says how the question was read', () => {
  it.each([
    ['other current assets mid-year 2003', 'Read as: Infocrossing, Inc., other current assets, June 30, 2003', '$5.583 million'],
    ['total current assets 6/30/03', 'Read as: Infocrossing, Inc., total current assets, June 30, 2003', '$13.666 million'],
    ['revenue and EBITDA for Q4 2003', 'Read as: Infocrossing, Inc., revenue, EBITDA, Q4 2003', '$2.8 million'],
  ])('%s', async (q, reading, figure) => {
    const { text } = await askText(q, store);
    expect(text).toContain(reading);
    expect(text).toContain(figure);
  });
});

describe('comparisons', () => {
  it('the growth rate the release prints is the answer; the one computed from rounded figures is a note', async () => {
    const { answer, text } = await askText('What percentage increase in Q4 2003 EBITDA did the company report?', store);
    expect(answer.summary).toMatch(/^The release reports EBITDA up 24\.2%/);
    expect(text).toMatch(/computed.*\+27\.3%/);
  });

  it('a rate printed beside its own amount, in no period of its own, is that period\'s: "record revenue of $55.2 million, an 8.8% increase compared with ... fiscal 2002" is FY 2003\'s (computed from the rounded figures: 8.7%)', async () => {
    const { answer } = await askText('what was revenue growth in 2003?', store);
    expect(answer.summary).toMatch(/^The release reports revenue up 8\.8% \(infocrossing-2003-q4\.txt line 76\)/);
  });

  it('a loss to a profit gets both values and no percentage', async () => {
    const { answer } = await askText('How did net income in Q2 2003 compare with Q2 2002?', store);
    expect(answer.summary).toContain('$0.105 million');
    expect(answer.summary).toContain('-$0.726 million');
    expect(answer.summary).toMatch(/percent change is not meaningful/);
    expect(answer.summary).not.toMatch(/\d%/);
  });

  it('sequentially is against the quarter before, across a year end too', async () => {
    const { answer } = await askText('Did revenue grow sequentially in Q1 2003?', store);
    expect(answer.title).toBe('Revenue — Q1 2003 vs Q4 2002');
  });

  it('"Q4 revenue last year" is asked back: the latest year\'s Q4 or the one a year before, each one quarter, never a comparison of Q4 with itself', async () => {
    const { answer } = await askText('Q4 revenue last year', store);
    expect(answer.kind).toBe('clarify');
    const answers = await Promise.all((answer.alternatives ?? []).map(async (a) => (await answerQuestion(a.question, { store, admin: false })).answer));
    expect(answers.map((a) => a.title)).toEqual(['Revenue — Q4 2003', 'Revenue — Q4 2002']);
    expect(answers[1]?.summary).toContain('$13.4 million');
    expect(answers[1]?.notes).toContain('Read as: Infocrossing, Inc., a year before the latest period\'s fiscal year: Q4 2002.');
  });
});

describe('derived readings', () => {
  it('a margin over every period is computed period by period', async () => {
    const { text } = await askText('EBITDA margin trend', store);
    expect(text).toContain('Q4 2003: 19.4%');
    expect(text).toMatch(/computed/i);
  });

  it.each([
    ['operating income first nine months of 2003', '$2.7 million (derived, not printed)', '3.9 million − 1.2 million'],
    ['net income 9M 2002', '$0.5 million (derived, not printed)', '1.1 million − 0.6 million'],
    ['operating income Q3 2003', '$1.104 million (derived, not printed; ±$0.10 million, as its inputs are rounded)', '3.9 million − 1,596 thousand − 1.2 million'],
  ])('a derived figure is shown to the finest unit its inputs were printed in, with how far their rounding may move it where it reaches the digits shown: %s', async (q, figure, arithmetic) => {
    const { answer } = await askText(q, store);
    expect(answer.summary).toContain(`was ${figure}.`);
    expect(answer.notes.join('\n')).toContain(arithmetic);
  });

  it.each([
    ['what were total liabilities at year end 2003', '$35.9 million (computed from printed figures', '$8.4 million + $27.5 million = $35.9 million'],
    ['total liabilities Jun 30 2003', '$23.919 million (computed from printed figures', '$10.251 million + $13.668 million = $23.919 million'],
  ])('a computed amount is shown to the finest unit its figures were printed in: %s', async (q, figure, arithmetic) => {
    const { answer } = await askText(q, store);
    expect(answer.summary).toContain(figure);
    expect(answer.fields.map((f) => f.value).join('\n')).toContain(arithmetic);
  });

  it('arithmetic the question spells out is done, with its formula', async () => {
    const { text } = await askText('What were total costs and expenses (cost of revenues + S&A + D&A) in Q3 2003?', store);
    expect(text).toMatch(/cost of revenues \+ selling and administrative expenses \+ depreciation and amortization/i);
    expect(text).toContain('$12.985 million');
  });
});

describe('why a figure moved: the sentence after the figure may give the reason', () => {
  it.each([
    ['why did operating cash flow improve so much in the first half of 2003?', 'Increased revenues and productivity gains were the principal reasons for this strong improvement.'],
    ['What drove Q4 2003 revenue growth?', 'Revenue growth was driven by sales to both new and existing clients'],
  ])('%s', async (q, reason) => {
    const { answer } = await askText(q, store);
    expect(answer.title).toMatch(/^Why — /);
    expect(answer.fields[0]?.value).toContain(reason);
  });

  it('a total\'s reason given for what it adds up: net income to common stockholders in Q4 2003, from "Earnings ... benefited from increased revenue ... and the elimination of ... dividends to preferred shareholders"', async () => {
    const { answer } = await askText('why did net income to common stockholders improve in Q4 2003?', store);
    expect(answer.fields[0]?.value).toContain('benefited from increased revenue, operating leverage and the elimination of $2.4 million in accretion and dividends');
  });

  it('the measure\'s own sentences before those of what it adds up: EBITDA in the first half of 2003, the AmQUEST integration among the first', async () => {
    const { answer } = await askText('why did EBITDA improve in the first half of 2003?', store);
    expect(answer.fields.slice(0, 3).map((f) => f.value).join('\n')).toContain('AmQUEST');
  });

  it('a sentence after it about something else ("uses EBITDA because ...") is no reason', async () => {
    const { answer } = await askText('why did EBITDA increase in Q4 2003?', store);
    expect(answer.fields.map((f) => f.value).join('\n')).not.toContain('Infocrossing uses EBITDA because');
  });
});

describe('the releases\' own words, found in another form', () => {
  it('"what size of companies" finds "large and mid-sized companies" ("sized" is "size" in the past)', async () => {
    const { answer } = await askText('What size of companies does Infocrossing target?', store);
    expect(answer.kind).toBe('sentences');
    expect(answer.fields[0]?.value).toContain('large and mid-sized companies');
  });
});

describe('sentences about the period asked come first, that period itself before its parts', () => {
  it('"in 2003": the sentence for 2003 ($6.9 million, or $0.94 per common share) before those for its quarters', async () => {
    const { answer } = await askText('How much did accretion and preferred dividends cost common stockholders in 2003, in total and per share?', store);
    expect(answer.fields[0]?.value).toContain('$6.9 million, or $0.94 per common share, for 2003');
  });
});

describe('a role beside a metric is asked back, neither answered as if it were the question', () => {
  it('"who is the CEO and what was revenue in Q4 2003": the contact, the figure, or the text', async () => {
    const { answer } = await askText('who is the CEO and what was revenue in Q4 2003', store);
    expect(answer.kind).toBe('clarify');
    expect(answer.alternatives?.map((a) => a.question)).toEqual([
      { intent: 'contact', role: 'chief executive officer' },
      { intent: 'figure', measures: [{ kind: 'concept', concept: 'revenue' }], periods: [{ kind: 'span', months: 3, endMonth: 12, year: 2003 }] },
      expect.objectContaining({ intent: 'narrative', period: { kind: 'span', months: 3, endMonth: 12, year: 2003 } }),
    ]);
  });
});

describe('what is not understood gets no figure', () => {
  it.each([
    "What was SMS's revenue in 2003?",
    'How much revenue did EDS report for 2003?',
  ])('%s', async (q) => {
    const { answer, text } = await askText(q, store);
    expect(['sentences', 'not_found']).toContain(answer.kind);
    expect(text.split('\n').slice(0, 2).join(' ')).toMatch(/No figure in the tables|Not in the releases/);
  });

  it('a balance sheet line Infocrossing does not print (goodwill) is said to be missing, never the total that holds it', async () => {
    const { answer, text } = await askText('What was goodwill on the balance sheet at Dec 31, 2003?', store);
    expect(answer.kind).toBe('not_found');
    expect(text).toMatch(/^Goodwill: not in the releases/);
    expect(answer.facts).toEqual([]);
  });
});

describe('slash options are strict', () => {
  it.each([
    [{ metric: 'revenue', period: 'Q5 2003' }, /"Q5" is not a quarter/],
    [{ metric: 'cash', period: 'June 31, 2003' }, /"June 31, 2003" is not a date: June 2003 has 30 days/],
    [{ metric: 'revnue growth rate', period: 'Q4 2003' }, /is not a metric/],
  ])('%j is refused, not reinterpreted', async (options, message) => {
    const { answer, text } = await runText('metric', options, store);
    expect(answer.kind).toBe('refusal');
    expect(answer.summary).toMatch(message);
    expect(text).toMatch(/Valid values/);
    expect(answer.facts).toEqual([]);
  });
});

describe('slash text: a metric is read whole before its words are taken as a period', () => {
  it.each([
    ['/metric current liabilities', 'Current liabilities — Dec 31, 2003', '$8.4 million'],
    ['/metric total current assets', 'Total current assets — Dec 31, 2003', '$16.6 million'],
    ['/metric other current assets', 'Other current assets — Dec 31, 2003', '$6.5 million'],
    ['/compare current liabilities', 'Current liabilities — Dec 31, 2003 vs Dec 31, 2002', '$8.4 million'],
    ['/metric current ratio Dec 31 2003', 'Current ratio — Dec 31, 2003', '1.98 times'],
    // "current" after the metric is still the latest period.
    ['/metric revenue current', 'Revenue — Q4 2003', '$14.4 million'],
  ])('%s', async (text, title, figure) => {
    const { answer } = await askText(text, store);
    expect(answer.title).toBe(title);
    expect(answer.summary).toContain(figure);
  });

  it.each([
    ['/metric revenue Q5 2003', /"Q5" is not a quarter/],
    ['/metric cash september 31 2003', /"september 31 2003" is not a date: September 2003 has 30 days/],
  ])('a period that cannot be one is refused as that, never "is not a metric": %s', async (text, says) => {
    const { answer } = await askText(text, store);
    expect(answer.kind).toBe('refusal');
    expect(answer.summary).toMatch(says);
    expect(answer.summary).not.toMatch(/not a metric/);
    expect(answer.facts).toEqual([]);
  });

  it('a period beside a text option is the period option: "/define EBITDA Q1 2003" is the Q1 release\'s definition alone (the help\'s own example)', async () => {
    const { answer } = await askText('/define EBITDA Q1 2003', store);
    expect(answer.summary).toBe('As the release defines it.');
    expect(new Set(answer.sources.map((s) => s.release))).toEqual(new Set(['infocrossing-2003-q1.txt']));
  });

  it.each(['/search fourth quarter 2003', '/search 2002'])('periods alone are the words searched, never taken to leave none: %s', async (text) => {
    const { answer } = await askText(text, store);
    expect(answer.kind).toBe('sentences');
    expect(answer.summary).not.toMatch(/required/);
  });
});

describe('trailing twelve months with their end are one period option, as in words', () => {
  it.each([
    [{ metric: 'ebitda', period: 'TTM as of 3/31/03' }, 'EBITDA — twelve months ended March 31, 2003', '$8.006 million'],
    [{ metric: 'revenue', period: 'LTM at 2Q03' }, 'Revenue — twelve months ended June 30, 2003', '$53.037 million'],
    [{ metric: 'revenue', period: 'trailing twelve months ending June 30, 2003' }, 'Revenue — twelve months ended June 30, 2003', '$53.037 million'],
  ])('%j', async (options, title, figure) => {
    const { answer } = await runText('metric', options, store);
    expect(answer.title).toBe(title);
    expect(answer.summary).toContain(figure);
    expect(answer.summary).toMatch(/derived, not printed/);
  });

  it.each([
    ['/metric ebitda TTM as of 3/31/03', 'EBITDA — twelve months ended March 31, 2003'],
    ['/compare revenue TTM as of 6/30/03 FY2002', 'Revenue — twelve months ended June 30, 2003 vs FY 2002'],
  ])('typed as slash text: %s', async (text, title) => {
    const { answer } = await askText(text, store);
    expect(answer.title).toBe(title);
  });

  it('two periods beside the trailing months are still refused', async () => {
    const { answer } = await runText('metric', { metric: 'revenue', period: 'TTM Q1 2003 Q2 2003' }, store);
    expect(answer.kind).toBe('refusal');
    expect(answer.summary).toMatch(/is not a period/);
  });
});

describe('a printed rate is only used for the comparison it states', () => {
  it('Q2 against Q1 2003 is computed: the printed 2.6% is against Q2 2002', async () => {
    const { answer } = await askText('How did revenue compare between Q1 and Q2 2003?', store);
    expect(answer.title).toBe('Revenue — Q2 2003 vs Q1 2003');
    expect(answer.summary).toContain('+3.45%');
    expect(answer.summary).not.toContain('2.6%');
  });
});

describe('"excluding the one-time credit" is answered only with what the release says of that very period', () => {
  it('2002 net income: the release\'s "would have been a net loss of $1.7 million"', async () => {
    const { answer } = await askText('What was net income excluding the one-time credit in 2002?', store);
    expect(answer.summary).toContain('would have been a net loss of $1.7 million');
    expect(answer.summary).not.toContain('$3.7 million');
  });

  it('Q1 2002 net income: "2002 results would have been a net loss of $1.7 million" is the year\'s, not the quarter\'s, though the credit was the quarter\'s', async () => {
    const { answer } = await askText('q1 02 net income ex the credit', store);
    expect(answer.title).toBe('Net income excluding one-time items: not found');
    expect(answer.summary).not.toContain('$1.7 million');
  });

  it('Q1 2002 net income: "a net loss of $3.7 million" said after "net loss to common stockholders" is that line, said short, never net income', async () => {
    const { answer } = await askText('net income Q1 2002 excluding the credit', store);
    expect(answer.title).toBe('Net income excluding one-time items: not found');
    expect(answer.summary).not.toContain('$3.7 million');
    // Asked of the line the sentence names, it is that line's.
    const common = (await askText('net loss to common stockholders Q1 2002 excluding the credit', store)).answer;
    expect(common.summary).toContain('compared with a net loss of $3.7 million');
  });

  it('2003 EBITDA: the credit was in 2002, so no adjusted 2003 figure is made up', async () => {
    const { answer } = await askText('EBITDA 2003 excluding the $2.8M credit', store);
    expect(answer.title).toMatch(/excluding one-time items: not found/);
    expect(answer.summary).toContain('As reported');
    expect(answer.summary).toContain('$10.0 million');
  });
});

describe('a derived figure that is mostly rounding is not given', () => {
  it('Q3 2002 net income: 1.1 − 0.604 − 0.6 million, ±0.1 on −0.104', async () => {
    const { answer } = await askText('Q3 2002 net income', store);
    expect(answer.kind).toBe('not_found');
    expect(answer.summary).toMatch(/rounding .* half the result or more/);
  });
  it('Q3 2003 net income (0.425 ± 0.1) still is, marked derived', async () => {
    const { answer } = await askText('What was net income in the third quarter of 2003?', store);
    expect(answer.summary).toContain('$0.425 million');
    expect(answer.summary).toMatch(/derived, not printed/);
  });
});

describe('a printed growth rate belongs to the line asked', () => {
  it('income from operations Q4 2003 is not given EBITDA\'s printed 24.2% ("ebit" is no part of "ebitda")', async () => {
    const { answer } = await askText('operating income Q4 2003 vs Q4 2002', store);
    expect(answer.summary).not.toContain('24.2%');
    expect(answer.summary).toContain('+71.4%');
  });

  it('every printed rate the bot would quote is in a sentence that names that very line', () => {
    const snapshot = store.current();
    const misattributed: string[] = [];
    for (const concept of CONCEPT_IDS) {
      for (const period of onlyBook(snapshot).periodsOf(concept)) {
        const p = parsePeriodId(period);
        if (!p) continue;
        const found = printedChange(concept, period, periodId(priorYear(p)), onlyBook(snapshot));
        if (!found) continue;
        const named = spot(found.sentence.text, snapshot).spans.some((s) => s.value.kind === 'measure' && s.value.measure.kind === 'concept' && s.value.measure.concept === concept);
        if (!named) misattributed.push(`${concept} ${period}: ${found.number.printed} from "${found.sentence.text.slice(0, 80)}"`);
      }
    }
    expect(misattributed).toEqual([]);
  });
});

describe('/results', () => {
  it('the headline figures of Q4 2003, each against Q4 2002, the printed rate first, and the call', async () => {
    const { answer, text } = await askText('/results Q4 2003', store);
    expect(answer.title).toBe('Results — Q4 2003');
    expect(text).toContain('Basic earnings per share: $0.09 per share');
    expect(text).toContain('Diluted earnings per share: $0.08 per share');
    expect(text).toMatch(/EBITDA: \$2\.8 million \(Q4 2002: \$2\.2 million, up 24\.2% as the release reports it/);
    expect(text).toContain('Teleconference: March 18, 2004');
  });
  it('an impossible period is refused with the valid ones', async () => {
    const { answer } = await askText('/results Q5 2003', store);
    expect(answer.kind).toBe('refusal');
  });
});

describe('narrative figures keep their sign and are never a change', () => {
  it('H1 2002 operating cash flow was $1.5 million used: -$1.5 million, not the $5.2 million improvement', async () => {
    const { answer } = await askText('operating cash flow H1 2002', store);
    expect(answer.summary).toContain('-$1.5 million');
    expect(answer.summary).not.toContain('5.2');
  });

  it('a derived figure shows each input with its sign: H2 2002 = FY 2002 $1.3 million − H1 2002 (-$1.5 million), never "− $1.5 million = $2.8 million"', async () => {
    const { answer } = await askText('cash from operations h2 2002', store);
    expect(answer.fields.find((f) => f.name === 'How it was computed')?.value).toBe('H2 2002 = FY 2002 $1.3 million − H1 2002 (-$1.5 million) = $2.8 million (narrative figures)');
  });
});

describe('cash said as a flow', () => {
  it('"cash generated in Q2 2003" is never the June 30 balance: the cash from operations, or the balance\'s change over the quarter, asked back', async () => {
    const { answer } = await askText('how much cash did they generate in Q2 2003', store);
    expect(answer.kind).toBe('clarify');
    expect(answer.facts).toHaveLength(0);
    const [operations, change] = answer.alternatives ?? [];
    expect(operations?.question).toMatchObject({ intent: 'figure', measures: [{ kind: 'narrative', measure: 'operating_cash_flow' }] });
    const picked = await answerQuestion(change?.question as Question, { store, admin: false });
    // The change over the quarter: June 30, 2003 (8,083) against March 31, 2003 (7,137).
    expect(picked.answer.summary).toContain('$8.083 million');
    expect(picked.answer.summary).toContain('$7.137 million');
  });
});

describe('a flow for "the period ended" a date', () => {
  it('at a year end is the quarter or the year, asked back with both figures to pick: never the quarter alone', async () => {
    const { answer } = await askText('revenue for the period ended December 31 2003', store);
    expect(answer.kind).toBe('clarify');
    expect(answer.facts).toHaveLength(0);
    const picked = await Promise.all((answer.alternatives ?? []).map(async (a) => (await answerQuestion(a.question, { store, admin: false })).answer.summary));
    // Q4 2003 ($14.4 million) and FY 2003 ($55.2 million), as the Q4 release prints them.
    expect(picked).toHaveLength(2);
    expect(picked[0]).toContain('$14.4 million');
    expect(picked[1]).toContain('$55.2 million');
  });
});

describe('"the previous two quarters" said of no period', () => {
  it('is asked back: the latest two quarters, or the two before the latest, each picked showing its figures', async () => {
    const { answer } = await askText('revenue for the previous two quarters', store);
    expect(answer.kind).toBe('clarify');
    expect(answer.alternatives?.map((a) => a.label)).toEqual(['revenue, the last 2 quarters', 'revenue, the 2 quarters before the latest']);
    const picked = await Promise.all((answer.alternatives ?? []).map(async (a) => (await answerQuestion(a.question, { store, admin: false })).answer.facts.map((f) => ('period' in f ? f.period : undefined))));
    expect(picked).toEqual([['2003-Q3', '2003-Q4'], ['2003-Q2', '2003-Q3']]);
  });
});

describe('"how much higher was it at year end?" after a balance at June 30', () => {
  it('asks which year end, the one before or the one after, each picked showing both balances: never the one before alone', async () => {
    const answer = await askAfter('cash at June 30 2003', 'how much higher was it at year end?', store);
    expect(answer.kind).toBe('clarify');
    const picked = await Promise.all((answer.alternatives ?? []).map(async (a) => (await answerQuestion(a.question, { store, admin: false })).answer.summary));
    // June 30, 2003 ($8.083 million) against December 31, 2002 ($7.026 million), then December 31, 2003 ($10.1 million) against it.
    expect(picked).toHaveLength(2);
    expect(picked[0]).toMatch(/\$8\.083 million at Jun 30, 2003 against \$7\.026 million at Dec 31, 2002/);
    expect(picked[1]).toMatch(/\$10\.1 million at Dec 31, 2003 against \$8\.083 million at Jun 30, 2003/);
  });
});

describe('ratios of two lines', () => {
  it('a line over total assets is a share of them, in percent (cash to total assets 15.1%), never "0.00 times"; a ratio in times keeps two significant digits', async () => {
    const { answer } = await askText('cash to total assets dec 31 2003', store);
    expect(answer.summary).toContain('15.1% (computed from printed figures; ±0.09 points, as they are rounded)');
    expect(formatValue(0.0046, 'times')).toBe('0.0046 times');
    expect(formatValue(4, 'times')).toBe('4.00 times');
  });
});

describe('a change set against a percentage ("did revenue grow more than 5%?"; it searched the text)', () => {
  const summary = async (q: string) => (await askText(q, store)).answer.summary;

  it('says how the figure went and which side of the percentage, the release\'s own rate where it prints one', async () => {
    expect(await summary('did revenue grow more than 5% in Q4 2003')).toMatch(/^Revenue grew 7\.5%, as the release reports it: more than 5%\. /);
    expect(await summary('did revenue grow by more than 10% in 2003?')).toMatch(/^Revenue grew 8\.8%, as the release reports it: less than 10%\. /);
    // Computed where none is printed, to the decimals its rounding allows.
    expect(await summary('did revenue change more than 5% in Q4 2003 vs Q3 2003')).toMatch(/^Revenue grew 2\.2%: less than 5%\. /);
  });

  it('says a way the figure did not go, and no side where the rounding of the figures could put it on either', async () => {
    // EBITDA rose 24.2%, as printed: "fall more than 5%" is said not to have happened, never "more than 5%".
    expect(await summary('did EBITDA fall more than 5% in Q4 2003')).toMatch(/^EBITDA did not fall: it grew 24\.2%, as the release reports it\. /);
    // The printed 8.8% is 8.75-8.85%.
    expect(await summary('did revenue grow more than 8.75% in 2003')).toMatch(/^Too close to 8\.75% to tell: revenue grew 8\.8%, as the release reports it, rounded\. /);
    // Computed 2.2%, within 1.1 points either way.
    expect(await summary('did revenue grow more than 2% in Q4 2003 vs Q3 2003')).toMatch(/^Too close to 2% to tell: revenue grew 2\.2% \(±1\.1 points, as the printed figures are rounded\)\. /);
  });

  it('sets a line computed from printed ones in dollars against it, with its inputs\' rounding: gross profit, revenue less cost of revenues', async () => {
    // +6.3%, within 1.2 points either way: above 5% whichever it is, not surely above 6%.
    expect(await summary('did gross profit grow more than 5% in 2003')).toMatch(/^Gross profit grew 6\.3%: more than 5%\. /);
    expect(await summary('did gross profit grow more than 6% in 2003')).toMatch(/^Too close to 6% to tell: gross profit grew 6\.3% \(±1\.2 points, as the printed figures are rounded\)\. /);
  });

  it('sets no loss, and no margin\'s change in points, against a percent change', async () => {
    expect(await summary('did net loss to common grow more than 5% in Q1 2003')).toMatch(/^Not set against 5%: net income \(loss\) to common stockholders is below zero/);
    expect(await summary('did ebitda margin grow more than 5% in 2003')).toMatch(/^Not set against 5%: EBITDA margin is a percentage, whose change is in points\. /);
  });
});
