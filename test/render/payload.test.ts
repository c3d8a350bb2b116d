/**
 * The question a button carries in its custom id: paged questions (their page and company with them)
 * round-trip within Discord's 100 characters, and anything tampered with or too long is refused.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { decodeQuestion, encodeQuestion, MAX_ID } from '../../bot/render/payload.ts';
import { ask } from '../../commands/run.ts';
import type { Question } from '../../commands/understand/question.ts';
import { openProjectStore } from '../support/answers.ts';

const PAGED: Question[] = [
  { intent: 'narrative', topic: ['revenue'], names: [], company: 'IFOX', page: 1 },
  { intent: 'narrative', topic: ['cash', 'operations'], names: ['sms'], period: { kind: 'year', year: 2002 }, company: 'IFOX', page: 12 },
  { intent: 'quote', topic: [], speaker: 'Zach Lonstein', company: 'IFOX', page: 2 },
  { intent: 'quote', topic: ['record', 'year'], company: 'CAT', page: 999 },
  { intent: 'trend', measures: [{ kind: 'concept', concept: 'revenue' }, { kind: 'concept', concept: 'ebitda' }], company: 'IFOX', page: 1 },
  { intent: 'trend', measures: [{ kind: 'formula', formula: 'ebitda_margin' }], page: 3 },
];

describe('a paged question in a custom id', () => {
  it.each(PAGED)('round-trips within 100 characters, with its page and company: %j', (q) => {
    // The paging button's prefix ("pg:") takes 3 of the 100.
    const id = encodeQuestion(q, MAX_ID - 3);
    expect(id).toBeDefined();
    expect(id?.length).toBeLessThanOrEqual(97);
    expect(decodeQuestion(id ?? '')).toEqual(q);
  });

  it('keeps the company of every kind of question', () => {
    const q: Question = { intent: 'figure', measures: [{ kind: 'concept', concept: 'revenue' }], periods: [{ kind: 'id', id: '2003-Q4' }], company: 'IFOX' };
    expect(decodeQuestion(encodeQuestion(q, MAX_ID) ?? '')).toEqual(q);
  });

  it('carries the amount a figure is set against ("was revenue above $20 million?"): a button re-asks it whole', () => {
    const q: Question = { intent: 'figure', measures: [{ kind: 'concept', concept: 'revenue' }], periods: [{ kind: 'id', id: '2003-Q4' }], against: { value: 20_000_000, unit: 'USD', scaled: true }, company: 'IFOX' };
    expect(encodeQuestion(q, MAX_ID - 4)?.length).toBeLessThanOrEqual(96);
    expect(decodeQuestion(encodeQuestion(q, MAX_ID) ?? '')).toEqual(q);
  });

  it('carries a ranked question (which quarter of a year was highest) within a menu option\'s 100 characters', () => {
    const q: Question = { intent: 'figure', measures: [{ kind: 'concept', concept: 'net_income_to_common' }], periods: [{ kind: 'year', year: 2002 }], rank: 'lowest', company: 'IFOX' };
    const id = encodeQuestion(q, MAX_ID);
    expect(id).toBeDefined();
    expect(decodeQuestion(id ?? '')).toEqual(q);
  });

  it('carries the year so far, with and without its year, and the last few quarters', () => {
    for (const period of [{ kind: 'ytd', year: 2004 }, { kind: 'ytd' }, { kind: 'recent', count: 4, unit: 'quarter' }] as const) {
      const q: Question = { intent: 'compare', measures: [{ kind: 'concept', concept: 'net_income' }], period, company: 'AAPL' };
      expect(decodeQuestion(encodeQuestion(q, MAX_ID) ?? '')).toEqual(q);
    }
  });

  it("carries a ratio whose side is said as a formula (total costs over revenue), a change settled as the company's own latest against its year's opening balance, and one against the quarter it found before, each within a button's 96 characters", () => {
    const ratio: Question = { intent: 'trend', measures: [{ kind: 'ratio', numerator: 'operating_expenses', denominator: 'revenue', percent: true, numeratorFormula: 'total_costs' }], company: 'APPLE' };
    const change: Question = { intent: 'compare', measures: [{ kind: 'concept', concept: 'cash' }], period: { kind: 'id', id: '2004-06-26', own: 'latest' }, versus: { kind: 'id', id: '2003-09-27', own: 'opening' }, company: 'APPLE' };
    const found: Question = { intent: 'compare', measures: [{ kind: 'concept', concept: 'net_income' }], sequential: true, period: { kind: 'id', id: '2014-Q4', own: 'latest' }, versus: { kind: 'id', id: '2014-Q3', found: 1 }, company: 'ORCL' };
    for (const q of [ratio, change, found]) {
      const id = encodeQuestion(q, MAX_ID - 4);
      expect(id).toBeDefined();
      expect(decodeQuestion(id ?? '')).toEqual(q);
    }
  });

  it('carries a ratio of two formulas for a period within a button\'s 96 characters: Apple\'s total costs over its gross profit, Q3 2004 (no Source button before)', () => {
    const q: Question = { intent: 'figure', measures: [{ kind: 'ratio', numerator: 'operating_expenses', denominator: 'gross_profit', numeratorFormula: 'total_costs', denominatorFormula: 'gross_profit' }], periods: [{ kind: 'id', id: '2004-Q3' }], company: 'APPLE' };
    const id = encodeQuestion(q, MAX_ID - 4);
    expect(id).toBeDefined();
    expect(decodeQuestion(id ?? '')).toEqual(q);
  });

  it('an id made before paging (without the new short forms) reads as before', () => {
    expect(decodeQuestion('q1.{~n"narrative",~t["private","placement"],"names":[]}')).toEqual({ intent: 'narrative', topic: ['private', 'placement'], names: [] });
  });

  it('a question that does not fit is not encoded (no button rather than a broken one)', () => {
    const long: Question = { intent: 'narrative', topic: ['acquisition', 'systems', 'management', 'specialists', 'outsourcing', 'contract'], names: [], company: 'IFOX', page: 1 };
    expect(encodeQuestion(long, MAX_ID - 3)).toBeUndefined();
    // Whatever the caller allows, never past Discord's 100.
    expect(encodeQuestion(long, 1000)).toBeUndefined();
  });

  it('a question the id cannot carry whole (a key it does not know) is not encoded', () => {
    const odd = { intent: 'quote', topic: ['record'], page: 1, colour: 'red' } as unknown as Question;
    expect(encodeQuestion(odd, MAX_ID)).toBeUndefined();
  });

  it('a question holding a "~" (the short forms\' mark) is not encoded', () => {
    expect(encodeQuestion({ intent: 'quote', topic: ['~n'], page: 1 }, MAX_ID)).toBeUndefined();
  });
});

describe('a tampered or oversized id is refused', () => {
  const good = encodeQuestion({ intent: 'narrative', topic: ['revenue'], names: [], company: 'IFOX', page: 1 }, MAX_ID) ?? '';

  it.each([
    ['a negative page', good.replace('~g1', '~g-1')],
    ['page 0 (the first page carries none)', good.replace('~g1', '~g0')],
    ['a page past the highest', good.replace('~g1', '~g1000')],
    ['a page that is not a whole number', good.replace('~g1', '~g1.5')],
    ['a page as text', good.replace('~g1', '~g"2"')],
    ['a page on a kind of question that has none', 'q1.{~n~F,~m[~c"revenue"}],~p[],~g2}'],
    ['an empty company', good.replace('"IFOX"', '""')],
    ['a company that is not text', good.replace('"IFOX"', '7')],
    ['an intent that does not exist', good.replace('~N', '"nuke"')],
    ['broken JSON', good.slice(0, -1)],
    ['another version', good.replace(/^q1\./, 'q9.')],
    ['an unknown short form', good.replace('~t', '~Z')],
    ['an id over 100 characters', `${good.slice(0, -1)},"period":{"kind":"latest"}${' '.repeat(MAX_ID)}}`],
    ['nothing', ''],
  ])('%s', (_what, id) => {
    expect(decodeQuestion(id)).toBeUndefined();
  });

  it('the untampered id is read', () => {
    expect(decodeQuestion(good)).toMatchObject({ page: 1, company: 'IFOX' });
  });
});

describe('every question an answer offers reads back from its id as that question', () => {
  // encodeQuestion checks the question against the schema, not its id read back: this holds them to the same.
  const texts = ['dev-questions.jsonl', 'questions.jsonl'].flatMap((file) => readFileSync(new URL(`../fixtures/${file}`, import.meta.url), 'utf8')
    .split('\n').filter((l) => l.trim()).map((l) => (JSON.parse(l) as { question: string }).question));

  it('over the development and golden questions: the question asked, its follow-ups and its choices', async () => {
    const store = await openProjectStore();
    let encoded = 0;
    for (const text of texts) {
      const { answer, question } = await ask(text, { store, admin: false });
      for (const q of [...(question ? [question] : []), ...answer.followUps.map((f) => f.question), ...(answer.alternatives ?? []).map((a) => a.question)]) {
        const id = encodeQuestion(q, MAX_ID);
        if (id === undefined) continue;
        encoded += 1;
        expect(decodeQuestion(id), text).toEqual(q);
      }
    }
    expect(encoded).toBeGreaterThan(500);
  });
});
