/**
 * Whatever is typed, up to the 500 characters a question may have: `ask` never throws, the text a
 * user reads is at most 2,000 characters (a Discord message), and the answer fits Discord's embed
 * limits. Inputs mix arbitrary text, arbitrary Unicode and questions built from the bot's own words.
 */
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { renderComponents, renderEmbed } from '../../bot/render/embed.ts';
import { MAX_TEXT, renderText } from '../../bot/render/text.ts';
import { ask, MAX_QUESTION } from '../../commands/run.ts';
import type { Store } from '../../knowledge/store.ts';
import { openProjectStore } from '../support/answers.ts';
import { answer as answerOf } from '../../commands/answer.ts';
import { renderedProblems } from '../support/embed-limits.ts';

let store: Store;
beforeAll(async () => {
  store = await openProjectStore();
});

const METRICS = [
  'revenue', 'revnue', 'sales', 'top line', 'EBITDA', 'ebidta', 'net income', 'net loss', 'EPS', 'eps diluted', 'loss per share',
  'operating income', 'operating costs', 'cost of revenues', 'cash', 'cash balance', 'total assets', 'equity', 'stockholders deficit',
  'long-term liabilities', 'net interest expense', 'income tax', 'weighted average diluted shares', 'pp&e', 'preferred stock',
  'EBITDA margin', 'net cash from operations', 'foo', 'd&a', 'SG&A',
];
const PERIODS = [
  'Q4 2003', '4Q03', "Q4'03", 'fourth quarter of 2003', 'three months ended June 30, 2003', 'FY2002', 'fiscal 2002', 'full year 2003',
  'year-end 2003', 'Dec 31 2002', 'December 31, 2003', 'H1 2002', 'first half of 2003', 'nine months 2003', '9M 2002', '2003', '2002-Q3',
  'Q2 2004', 'Q1', 'latest', 'last quarter', 'last year', 'end of June 2003', '3/31/2003', 'Q1-2003', 'someday', '1999', 'Feb 30 2003',
  'Q9 2003', 'H3 2003', 'year 0003', '2003-13-45',
];
const WORDS = [
  'what', 'was', 'the', 'how', 'did', 'compare', 'vs', 'versus', 'to', 'in', 'at', 'for', 'growth', 'trend', 'margin', 'say', 'said',
  'Lonstein', 'who', 'handles', 'investor relations', 'media relations', 'SVP Finance', 'call', 'dial-in', 'replay', 'pass code',
  'define', 'sources', 'help', 'record year', 'private placement', 'SMS acquisition', 'experience', 'excluding', 'settlement', '?',
  '!', '.', ',', '(', ')', '"', "'", '%', '$', '-', '/', ':', '**', '`', '@everyone', '<@123>', '\n', '\t', '||', '\u200b', '🙂',
];
const COMMANDS = ['/metric', '/compare', '/trend', '/quote', '/contact', '/search', '/call', '/define', '/sources', '/help', '/reload', '/ingest', '/unanswered', '/foo', '/', '/METRIC'];
const OPTION_NAMES = ['metric', 'period', 'versus', 'versus-metric', 'query', 'term', 'bogus', 'METRIC', ''];

const token = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...METRICS) },
  { weight: 3, arbitrary: fc.constantFrom(...PERIODS) },
  { weight: 3, arbitrary: fc.constantFrom(...WORDS) },
  { weight: 1, arbitrary: fc.string({ maxLength: 12 }) },
);
const tokens = (max: number) => fc.array(token, { maxLength: max }).map((ts) => ts.join(' '));
const pair = fc.tuple(fc.constantFrom(...OPTION_NAMES), fc.oneof(fc.constantFrom(...METRICS, ...PERIODS), fc.string({ maxLength: 20 })))
  .map(([name, value]) => `${name}:${value}`);

const metric = fc.constantFrom(...METRICS);
const period = fc.constantFrom(...PERIODS);
/** Questions as people ask them: a metric and one or two periods in a sentence or a command. */
const TEMPLATES: ReadonlyArray<(m: string, p: string, v: string) => string> = [
  (m, p) => `${m} ${p}`,
  (m, p) => `What was ${m} in ${p}?`,
  (m, p, v) => `how did ${m} in ${p} compare to ${v}?`,
  (m, p, v) => `${m} ${p} vs ${v}`,
  (m, p) => `/metric ${m} ${p}`,
  (m, p) => `/metric metric:${m} period:${p}`,
  (m, p, v) => `/compare ${m} ${p} ${v}`,
  (m, p, v) => `/compare metric:${m} period:${p} versus:${v}`,
  (m, p) => `/compare metric:${m} versus-metric:revenue period:${p}`,
  (m) => `/trend ${m}`,
  (m) => `${m} trend`,
  (m, p) => `${m} margin ${p}`,
  (_m, p) => `/call ${p}`,
  (_m, p) => `what did Lonstein say about ${p}?`,
  (m, p) => `/search ${m} ${p}`,
];
const sentence = fc.tuple(fc.integer({ min: 0, max: TEMPLATES.length - 1 }), metric, period, period, fc.constantFrom('', '?', '!!', ' ', '.'))
  .map(([i, m, p, v, end]) => `${(TEMPLATES[i] as (typeof TEMPLATES)[number])(m, p, v)}${end}`);

/** Questions of up to 500 characters, of every kind. */
const question = fc.oneof(
  { weight: 6, arbitrary: sentence },
  { weight: 2, arbitrary: fc.string({ maxLength: MAX_QUESTION }) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 200 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 300 }) },
  { weight: 2, arbitrary: tokens(12) },
  { weight: 1, arbitrary: fc.tuple(fc.constantFrom(...COMMANDS), tokens(8)).map(([c, rest]) => `${c} ${rest}`) },
  { weight: 1, arbitrary: fc.tuple(fc.constantFrom(...COMMANDS), fc.array(pair, { maxLength: 5 })).map(([c, ps]) => `${c} ${ps.join(' ')}`) },
  {
    weight: 1,
    arbitrary: fc.tuple(fc.constantFrom(...COMMANDS), fc.array(fc.oneof(pair, token), { maxLength: 8 }), fc.constantFrom('', ' ', '?', '!!!', '\n'))
      .map(([c, parts, end]) => `${c}${parts.join(' ')}${end}`),
  },
  // Long ones, near the limit: the bot's words repeated.
  { weight: 1, arbitrary: fc.array(token, { minLength: 40, maxLength: 120 }).map((ts) => ts.join(' ')) },
).map((q) => q.slice(0, MAX_QUESTION));

describe('any question of up to 500 characters', () => {
  it('never throws; the text is at most 2,000 characters; the answer fits an embed', async () => {
    await fc.assert(
      fc.asyncProperty(question, async (q) => {
        const { answer, question } = await ask(q, { store, admin: false });
        const text = renderText(answer);
        expect(text.length).toBeLessThanOrEqual(MAX_TEXT);
        expect(text.trim()).not.toBe('');
        expect(renderedProblems(renderEmbed(answer), renderComponents(answer, question)), JSON.stringify(q)).toEqual([]);
      }),
      // Questions a run once found throwing, asked every run: "versus last quarter" compared no metric (a TypeError).
      { numRuns: 2000, examples: [['versus last quarter']] },
    );
  });

  it('over 500 characters is refused, whatever it holds', async () => {
    await fc.assert(
      fc.asyncProperty(fc.string({ minLength: 1, maxLength: 200 }), async (tail) => {
        const q = `${'revenue Q1 2003 '.repeat(32)}${tail}`;
        fc.pre(q.trim().length > MAX_QUESTION);
        const { answer, question } = await ask(q, { store, admin: true });
        expect(answer.kind).toBe('refusal');
        expect(question).toBeUndefined();
      }),
      { numRuns: 100 },
    );
  });
});

describe('the answers a user can reach on purpose fit an embed too', () => {
  const questions = [
    '/sources', '/help', 'revenue trend', '/trend eps', '/trend cash', '/define EBITDA', '/contact', '/contact a', '/quote a',
    '/quote record year', '/search the', '/search 2003', '/metric foo Q4 2003', '/metric revenue someday', 'revenue Q2 2004',
    '/compare metric:ebitda versus-metric:revenue period:Q4 2003', '/call', "What's the weather in Leonia?",
  ];
  it.each(questions)('%s', async (q) => {
    const { answer, question } = await ask(q, { store, admin: true });
    expect(renderText(answer).length).toBeLessThanOrEqual(MAX_TEXT);
    expect(renderedProblems(renderEmbed(answer), renderComponents(answer, question))).toEqual([]);
  });
});

describe('the renderer fits any answer into Discord\'s limits', () => {
  const base = () => answerOf('figure', 'Revenue — Q1 2003', 'Revenue was $13.129 million.', { emphasis: ['$13.129 million'] });
  it('an ordinary answer is drawn whole, its figure in bold', () => {
    const embed = renderEmbed(base());
    expect(renderedProblems(embed, [])).toEqual([]);
    expect(embed.description).toBe('Revenue was **$13.129 million**.');
  });
  it('an answer past every limit is cut to them', () => {
    const huge = {
      ...base(),
      title: 'x'.repeat(300),
      summary: 'y '.repeat(3000),
      fields: Array.from({ length: 30 }, (_, i) => ({ name: `n${i} ${'n'.repeat(300)}`, value: 'v'.repeat(2000) })),
      notes: ['z'.repeat(5000)],
    };
    expect(renderedProblems(renderEmbed(huge), [])).toEqual([]);
  });
  it('the check itself rejects what Discord rejects', () => {
    expect(renderedProblems({ title: 'x'.repeat(257) }, [])).toEqual(['title']);
    expect(renderedProblems({ description: 'x'.repeat(4097) }, [])).toEqual(['description']);
    expect(renderedProblems({ fields: [{ name: 'n', value: ' ' }] }, [])).toEqual(['a field']);
  });
  it('markdown in a release\'s words is shown as typed, not applied', () => {
    const embed = renderEmbed({ ...base(), summary: 'Revenue was $13.129 million *before* a_b', emphasis: [] });
    expect(embed.description).toBe('Revenue was $13.129 million \\*before\\* a\\_b');
  });
});
