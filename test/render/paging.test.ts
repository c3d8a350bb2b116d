/**
 * An answer in pages as drawn: in Discord, Previous / Next buttons carrying their page's question
 * (disabled at the ends; none at all when a question does not fit a custom id) and the page in the
 * footer; as text, the page and how to see the others.
 */
import type { APIButtonComponent } from 'discord-api-types/v10';
import { beforeAll, describe, expect, it } from 'vitest';
import { PAGE_END_IDS, parseButtonId, renderComponents, renderEmbed } from '../../bot/render/embed.ts';
import { MAX_TEXT, renderText } from '../../bot/render/text.ts';
import type { Answer } from '../../commands/answer.ts';
import type { PagedQuestion } from '../../commands/paging.ts';
import { answerQuestion, ask } from '../../commands/run.ts';
import type { Question } from '../../commands/understand/question.ts';
import type { Store } from '../../knowledge/store.ts';
import { openProjectStore } from '../support/answers.ts';
import { renderedProblems } from '../support/embed-limits.ts';

let store: Store;
let first: { answer: Answer; question: PagedQuestion };
let pages: Answer[];
beforeAll(async () => {
  store = await openProjectStore();
  const asked = await ask('/search revenue', { store, admin: false });
  first = { answer: asked.answer, question: asked.question as PagedQuestion };
  pages = [asked.answer];
  for (let next = asked.answer.paging?.next; next; next = pages.at(-1)?.paging?.next) pages.push((await answerQuestion(next, { store, admin: false })).answer);
});

const buttons = (a: Answer, q?: Question) => renderComponents(a, q).flatMap((row) => row.components as APIButtonComponent[]);
const labelled = (a: Answer, label: string) => {
  const b = buttons(a).find((c) => 'label' in c && c.label === label);
  if (!b || !('custom_id' in b)) throw new Error(`no ${label} button`);
  return b;
};

describe('in Discord', () => {
  it('page 1: Previous disabled, Next carrying the question of page 2 (its company too), within every limit', () => {
    const { answer, question } = first;
    expect(pages.length).toBeGreaterThan(2);
    const previous = labelled(answer, 'Previous');
    const next = labelled(answer, 'Next');
    expect(previous).toMatchObject({ disabled: true, custom_id: PAGE_END_IDS.previous });
    expect(next.disabled).toBeUndefined();
    expect(parseButtonId(next.custom_id)).toEqual({ prefix: 'pg', question: { ...question, page: 1 } });
    expect(renderedProblems(renderEmbed(answer), renderComponents(answer, question))).toEqual([]);
    // Previous and Next are a row of their own, after Source.
    expect(renderComponents(answer, question).map((row) => row.components.map((c) => ('label' in c ? c.label : '')))).toEqual([['Source'], ['Previous', 'Next']]);
  });

  it('a middle page: both enabled, each carrying its neighbour; the last page: Next disabled', () => {
    const middle = pages[1] as Answer;
    expect(parseButtonId(labelled(middle, 'Previous').custom_id)?.question).toEqual(first.question);
    expect(parseButtonId(labelled(middle, 'Next').custom_id)?.question).toEqual({ ...first.question, page: 2 });
    const last = pages.at(-1) as Answer;
    expect(labelled(last, 'Next')).toMatchObject({ disabled: true, custom_id: PAGE_END_IDS.next });
    expect(parseButtonId(labelled(last, 'Previous').custom_id)?.question).toEqual({ ...first.question, page: pages.length - 2 });
    for (const p of pages) expect(renderedProblems(renderEmbed(p), renderComponents(p, first.question))).toEqual([]);
  });

  it('the footer says which page, before the source', () => {
    const total = first.answer.paging?.total;
    expect(renderEmbed(first.answer).footer?.text).toMatch(new RegExp(`^Page 1 of ${pages.length} \\(sentences 1-3 of ${total}\\) · Source: infocrossing-2003-q\\d\\.txt, line \\d+`));
    expect(renderEmbed(pages[1] as Answer).footer?.text).toMatch(new RegExp(`^Page 2 of ${pages.length} \\(sentences 4-6 of ${total}\\)`));
  });

  it('a page whose question does not fit a custom id: no paging buttons at all, the page still in the footer', () => {
    const long: Question = { intent: 'narrative', topic: ['acquisition', 'systems', 'management', 'specialists', 'outsourcing', 'contract'], names: [], company: 'IFOX' };
    const answer: Answer = { ...first.answer, paging: { ...(first.answer.paging as NonNullable<Answer['paging']>), next: { ...long, page: 1 } } };
    expect(buttons(answer).map((b) => ('label' in b ? b.label : ''))).not.toContain('Next');
    expect(buttons(answer).map((b) => ('label' in b ? b.label : ''))).not.toContain('Previous');
    expect(renderEmbed(answer).footer?.text).toMatch(/^Page 1 of/);
  });

  it('an answer of one page has no paging buttons', async () => {
    const { answer, question } = await ask('/search private placement', { store, admin: false });
    expect(answer.paging).toBeUndefined();
    expect(buttons(answer, question).map((b) => ('label' in b ? b.label : ''))).toEqual(['Source']);
    expect(renderEmbed(answer).footer?.text).toMatch(/^Source: /);
  });

  it('the Source button of a page asks for that page', () => {
    const middle = pages[1] as Answer;
    const source = renderComponents(middle, { ...first.question, page: 1 }).flatMap((r) => r.components as APIButtonComponent[]).find((b) => 'label' in b && b.label === 'Source');
    expect(source && 'custom_id' in source ? parseButtonId(source.custom_id) : undefined).toEqual({ prefix: 'src', question: { ...first.question, page: 1 } });
  });
});

describe('as text', () => {
  it('shows the page and how to see the next', () => {
    const text = renderText(first.answer);
    expect(text.split('\n').at(-1)).toBe(`Page 1 of ${pages.length} (sentences 1-3 of ${first.answer.paging?.total}). Say "next" for page 2.`);
  });

  it('a middle page offers both ways; the last only the way back', () => {
    expect(renderText(pages[1] as Answer)).toContain(`Page 2 of ${pages.length} (sentences 4-6 of ${first.answer.paging?.total}). Say "next" for page 3, or "previous" for page 1.`);
    expect(renderText(pages.at(-1) as Answer).split('\n').at(-1)).toMatch(new RegExp(`^Page ${pages.length} of ${pages.length} .*Say "previous" for page ${pages.length - 1}\\.$`));
  });

  it('the page line survives clipping', () => {
    const huge: Answer = { ...first.answer, fields: Array.from({ length: 30 }, (_, i) => ({ name: `f${i}`, value: 'x '.repeat(200) })) };
    const text = renderText(huge);
    expect(text.length).toBeLessThanOrEqual(MAX_TEXT);
    expect(text.split('\n').at(-1)).toMatch(/^Page 1 of \d+ .*Say "next" for page 2\.$/);
  });
});
