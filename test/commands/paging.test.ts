/**
 * Paging: search, quote and trend answers with more results than a page holds come a page at a
 * time, the page asked in the question. Pages follow on from each other without a gap or a repeat,
 * the last has no next, and the same question and page always give the same results.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Answer } from '../../commands/answer.ts';
import { atPage, pageOf, turnPage, type PagedQuestion } from '../../commands/paging.ts';
import { createConversations } from '../../commands/understand/conversation.ts';
import { answerQuestion, ask } from '../../commands/run.ts';
import type { Question } from '../../commands/understand/question.ts';
import type { Fact } from '../../knowledge/facts.ts';
import type { Store } from '../../knowledge/store.ts';
import { openProjectStore } from '../support/answers.ts';
import { releasesOverYears } from '../support/releases.ts';

let store: Store;
let years: { store: Store; remove(): Promise<void> };
beforeAll(async () => {
  store = await openProjectStore();
  const dir = await releasesOverYears([0, 2, 4, 6]);
  years = { store: await openProjectStore(dir.dir), remove: dir.remove };
});
afterAll(async () => {
  await years?.remove();
});

const factKey = (f: Fact) => `${f.kind}:${f.release}:${f.line}`;

/** Every page of an answer, from the first, following each page's `next`. */
async function allPages(first: Answer, on: Store): Promise<Answer[]> {
  const pages = [first];
  for (let next = first.paging?.next; next; ) {
    const { answer } = await answerQuestion(next, { store: on, admin: false });
    pages.push(answer);
    next = answer.paging?.next;
    if (pages.length > 50) throw new Error('more than 50 pages');
  }
  return pages;
}

describe('pageOf', () => {
  const q: PagedQuestion = { intent: 'quote', topic: ['record'], company: 'IFOX' };
  const items = Array.from({ length: 10 }, (_, i) => i);

  it('cuts a list into pages that follow on, the first without previous and the last without next', () => {
    const first = pageOf(items, q, { per: 3 }, 'quotes');
    expect(first.items).toEqual([0, 1, 2]);
    expect(first.paging).toEqual({ page: 0, pages: 4, total: 10, first: 1, last: 3, noun: 'quotes', next: { ...q, page: 1 } });
    const second = pageOf(items, { ...q, page: 1 }, { per: 3 }, 'quotes');
    expect(second.items).toEqual([3, 4, 5]);
    expect(second.paging?.previous).toEqual(q); // page 0 is asked without a page
    expect(second.paging?.next).toEqual({ ...q, page: 2 });
    const last = pageOf(items, { ...q, page: 3 }, { per: 3 }, 'quotes');
    expect(last.items).toEqual([9]);
    expect(last.paging).toMatchObject({ page: 3, pages: 4, first: 10, last: 10 });
    expect(last.paging?.next).toBeUndefined();
  });

  it('a page past the last shows the last; a list of one page has no paging', () => {
    expect(pageOf(items, { ...q, page: 99 }, { per: 3 }, 'quotes').paging?.page).toBe(3);
    expect(pageOf(items, { ...q, page: -2 }, { per: 3 }, 'quotes').paging?.page).toBe(0);
    expect(pageOf(items, { ...q, page: 5 }, { per: 10 }, 'quotes')).toEqual({ items });
    expect(pageOf([], q, { per: 3 }, 'quotes')).toEqual({ items: [] });
  });

  it('with a weight budget, a page ends before it would overflow; a result over the budget has a page alone', () => {
    const words = ['aaaa', 'bb', 'cccccc', 'dddddddddddd', 'e', 'f'];
    const size = { per: 10, budget: 8, weight: (w: string) => w.length };
    const pages: string[][] = [];
    for (let page = 0; ; page++) {
      const p = pageOf(words, atPage(q, page), size, 'quotes');
      pages.push(p.items);
      if (!p.paging?.next) break;
    }
    expect(pages).toEqual([['aaaa', 'bb'], ['cccccc'], ['dddddddddddd'], ['e', 'f']]);
  });
});

describe.each([
  { what: '/search revenue', kind: 'sentences', noun: 'sentences', per: 3 },
  { what: '/quote a', kind: 'quotes', noun: 'quotes', per: 3 },
  { what: 'what did Lonstein say about 2003?', kind: 'quotes', noun: 'quotes', per: 3 },
])('$what', ({ what, kind, noun, per }) => {
  it(`page 0 of several; each next page follows on with other ${noun}; the last has no next`, async () => {
    const { answer, question } = await ask(what, { store, admin: false });
    expect(answer.kind).toBe(kind);
    expect(answer.paging).toMatchObject({ page: 0, first: 1, last: per, noun });
    expect(answer.paging?.pages).toBeGreaterThan(1);
    expect(answer.paging?.previous).toBeUndefined();
    // The next page is the same question (its company too) a page on.
    expect(answer.paging?.next).toEqual({ ...question, page: 1 });

    const pages = await allPages(answer, store);
    expect(pages).toHaveLength(answer.paging?.pages ?? 0);
    const shown = pages.map((p) => p.facts.map(factKey));
    for (const [i, p] of pages.entries()) {
      expect(p.kind).toBe(kind);
      expect(p.paging?.page).toBe(i);
      expect(p.fields).toHaveLength(p.facts.length);
      expect(p.sources).toHaveLength(p.facts.length);
      if (i > 0) expect(p.paging?.first).toBe((pages[i - 1]?.paging?.last ?? 0) + 1);
    }
    // No result twice, none left out, and the next page's results are others.
    expect(new Set(shown.flat()).size).toBe(answer.paging?.total);
    expect(shown[1]).not.toEqual(shown[0]);
    const last = pages.at(-1);
    expect(last?.paging?.next).toBeUndefined();
    expect(last?.paging?.previous).toEqual(atPage(answer.paging?.next as PagedQuestion, (last?.paging?.page ?? 1) - 1));
    expect(last?.paging?.last).toBe(answer.paging?.total);
  });

  it('the same question and page give the same results, asked again without any memory', async () => {
    const { answer } = await ask(what, { store, admin: false });
    const second = answer.paging?.next as Question;
    const a = await answerQuestion(second, { store, admin: false });
    const b = await answerQuestion(JSON.parse(JSON.stringify(second)) as Question, { store, admin: false });
    expect(b.answer.facts.map(factKey)).toEqual(a.answer.facts.map(factKey));
    expect(b.answer.fields).toEqual(a.answer.fields);
  });
});

describe('a question that fits one page', () => {
  it.each(['/search private placement', '/quote record year', '/trend revenue', '/trend revenue with:ebitda'])('%s has no paging', async (q) => {
    const { answer } = await ask(q, { store, admin: false });
    expect(answer.paging).toBeUndefined();
  });
});

describe('a page past the last', () => {
  it('shows the last page, and the question is settled on it', async () => {
    const { answer: first } = await ask('/search revenue', { store, admin: false });
    const pages = first.paging?.pages ?? 0;
    const { answer, question } = await answerQuestion(atPage(first.paging?.next as PagedQuestion, 500), { store, admin: false });
    expect(answer.paging?.page).toBe(pages - 1);
    expect(answer.paging?.next).toBeUndefined();
    expect(question).toMatchObject({ page: pages - 1 });
  });
});

describe('/trend over eight years of releases', () => {
  it('revenue: page 0 of 2 holds the oldest quarters; page 1 follows on; the chart has every period on both', async () => {
    const { answer } = await ask('/trend revenue', { store: years.store, admin: false });
    expect(answer.kind).toBe('trend');
    expect(answer.summary).toMatch(/^Revenue: 64 periods/);
    expect(answer.paging).toMatchObject({ page: 0, total: 64, first: 1, noun: 'figures' });
    expect(answer.paging?.pages).toBeGreaterThan(1);
    const pages = await allPages(answer, years.store);
    const rows = pages.map((p) => p.fields.flatMap((f) => f.value.split('\n').map((line) => `${f.name} ${line.split(':')[0]}`)));
    for (const [i, p] of pages.entries()) {
      expect(rows[i]).toHaveLength((p.paging?.last ?? 0) - (p.paging?.first ?? 0) + 1);
      // A page's rows fit one embed field whole.
      expect(p.fields.reduce((n, f) => n + f.value.length + 1, 0)).toBeLessThanOrEqual(1000 + p.fields.length);
      expect(p.chart).toEqual(answer.chart);
      if (i > 0) expect(p.paging?.first).toBe((pages[i - 1]?.paging?.last ?? 0) + 1);
    }
    expect(new Set(rows.flat()).size).toBe(64);
    expect(rows[0]?.[0]).toBe('Quarters Q1 2002');
    expect(rows[1]?.[0]).not.toBe(rows[0]?.[0]);
    expect(pages.at(-1)?.paging?.next).toBeUndefined();
    expect(rows.at(-1)?.at(-1)).toBe('Years FY 2009');
  });

  it('every page cites only its own rows', async () => {
    const { answer } = await ask('/trend revenue', { store: years.store, admin: false });
    const { answer: second } = await answerQuestion(answer.paging?.next as Question, { store: years.store, admin: false });
    expect(second.sources).not.toEqual(answer.sources);
  });
});

describe('"next", "previous" and "page N" in a conversation (the console, --batch, a channel)', () => {
  it('turn the pages of the search just asked, and settle on the page shown', async () => {
    const asker = { store, admin: false, conversation: { store: createConversations(), key: 'me' } };
    const first = await ask('/search revenue', asker);
    const pages = first.answer.paging?.pages ?? 0;
    const next = await ask('next', asker);
    expect(next.answer.paging?.page).toBe(1);
    expect(next.question).toEqual({ ...first.question, page: 1 });
    expect((await ask('Next page!', asker)).answer.paging?.page).toBe(2);
    expect((await ask('previous', asker)).answer.paging?.page).toBe(1);
    expect((await ask(`page ${pages}`, asker)).answer.paging?.page).toBe(pages - 1);
    // Past the last page: the last again, and "previous" goes back one from there.
    expect((await ask('more', asker)).answer.paging?.page).toBe(pages - 1);
    expect((await ask('back', asker)).answer.paging?.page).toBe(pages - 2);
  });

  it('mean nothing special after a question that is not paged', async () => {
    const asker = { store, admin: false, conversation: { store: createConversations(), key: 'me' } };
    await ask('revenue Q4 2003', asker);
    const { answer } = await ask('next', asker);
    expect(answer.paging).toBeUndefined();
    expect(turnPage('next', { intent: 'figure', measures: [], periods: [] })).toBeUndefined();
    expect(turnPage('next quarter', { intent: 'quote', topic: [] })).toBeUndefined();
  });
});
