/**
 * The unanswered-questions log and `/unanswered`: bounded (the newest 1,000, nothing over 500
 * characters), grouped by normalised text, most frequent then most recent first, no user ids unless
 * the setting keeps them; free-text questions answered "not in the releases" or asked back are
 * kept, nothing else; admins see the report, anyone else is refused and sees nothing of it.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { parseConfig } from '../../bot/config.ts';
import { renderText } from '../../bot/render/text.ts';
import { ask, runCall, type Asker } from '../../commands/run.ts';
import { createUnansweredLog, normaliseQuestion, UNANSWERED_KEPT, type UnansweredLog } from '../../commands/unanswered.ts';
import type { Store } from '../../knowledge/store.ts';
import { openProjectStore } from '../support/answers.ts';

const USER = '123456789012345678';
const OTHER = '223456789012345678';
const CHANNEL = '323456789012345678';
const T0 = Date.UTC(2024, 4, 1, 12, 0);

describe('the log', () => {
  it('keeps the newest questions: past the bound the oldest is dropped', () => {
    const log = createUnansweredLog({ max: 3 });
    for (let i = 1; i <= 5; i++) log.record({ text: `question ${i}`, where: CHANNEL, kind: 'not_found', at: T0 + i });
    expect(log.entries().map((e) => e.text)).toEqual(['question 3', 'question 4', 'question 5']);
  });

  it(`keeps ${UNANSWERED_KEPT} by default`, () => {
    const log = createUnansweredLog();
    for (let i = 0; i < UNANSWERED_KEPT + 5; i++) log.record({ text: `question ${i}`, where: 'console', kind: 'not_found', at: T0 + i });
    expect(log.entries()).toHaveLength(UNANSWERED_KEPT);
    expect(log.entries()[0]?.text).toBe('question 5');
  });

  it('does not keep a question over 500 characters, nor an empty one', () => {
    const log = createUnansweredLog();
    expect(log.record({ text: 'x'.repeat(501), where: 'console', kind: 'not_found' })).toBe(false);
    expect(log.record({ text: '   ', where: 'console', kind: 'not_found' })).toBe(false);
    expect(log.record({ text: 'y'.repeat(500), where: 'console', kind: 'not_found' })).toBe(true);
    expect(log.entries().map((e) => e.text.length)).toEqual([500]);
  });

  it('groups by normalised text (lower case, whitespace collapsed), showing the latest wording', () => {
    expect(normaliseQuestion('  What   is the\tWEATHER? ')).toBe('what is the weather?');
    const log = createUnansweredLog();
    log.record({ text: 'What is the weather?', where: CHANNEL, kind: 'not_found', at: T0 });
    log.record({ text: 'what is  the WEATHER?', where: 'console', kind: 'not_found', at: T0 + 1 });
    log.record({ text: 'Who is the CEO?', where: CHANNEL, kind: 'not_found', at: T0 + 2 });
    const [first, second, ...rest] = log.top();
    expect(first).toMatchObject({ key: 'what is the weather?', text: 'what is  the WEATHER?', count: 2, last: T0 + 1, where: ['console', CHANNEL] });
    expect(second).toMatchObject({ text: 'Who is the CEO?', count: 1 });
    expect(rest).toEqual([]);
  });

  it('orders by count, then by the most recently asked; top(n) gives n', () => {
    const log = createUnansweredLog();
    const asked: Array<[string, number]> = [['a', 1], ['b', 2], ['c', 3], ['b', 4], ['d', 5], ['c', 6], ['e', 7]];
    for (const [text, t] of asked) log.record({ text, where: CHANNEL, kind: 'not_found', at: T0 + t });
    expect(log.top().map((g) => [g.text, g.count])).toEqual([['c', 2], ['b', 2], ['e', 1], ['d', 1], ['a', 1]]);
    expect(log.top(2).map((g) => g.text)).toEqual(['c', 'b']);
  });

  it('keeps no user id by default, not even one mentioned in the text', () => {
    const log = createUnansweredLog();
    log.record({ text: `what does <@${OTHER}> think of <@&${OTHER}>?`, where: CHANNEL, user: USER, kind: 'clarify', at: T0 });
    expect(log.keepUserIds).toBe(false);
    expect(log.entries()[0]).toEqual({ text: 'what does @user think of @role?', where: CHANNEL, kind: 'clarify', at: T0 });
    expect(log.top()[0]?.users).toBeUndefined();
    expect(JSON.stringify([log.entries(), log.top()])).not.toMatch(new RegExp(`${USER}|${OTHER}`));
  });

  it('keeps user ids only when the setting enables it', () => {
    const log = createUnansweredLog({ keepUserIds: true });
    log.record({ text: 'dividend?', where: CHANNEL, user: USER, kind: 'not_found', at: T0 });
    log.record({ text: 'Dividend?', where: CHANNEL, user: OTHER, kind: 'not_found', at: T0 + 1 });
    log.record({ text: 'dividend?', where: CHANNEL, user: OTHER, kind: 'not_found', at: T0 + 2 });
    expect(log.entries().map((e) => e.user)).toEqual([USER, OTHER, OTHER]);
    expect(log.top()[0]).toMatchObject({ count: 3, users: [OTHER, USER] });
  });

  it('the setting: UNANSWERED_KEEP_USER_IDS, false unless set true', () => {
    const parse = (env: Record<string, string>) => parseConfig(env);
    const off = parse({});
    expect(off.ok && off.config.UNANSWERED_KEEP_USER_IDS).toBe(false);
    const on = parse({ UNANSWERED_KEEP_USER_IDS: 'true' });
    expect(on.ok && on.config.UNANSWERED_KEEP_USER_IDS).toBe(true);
    const bad = parse({ UNANSWERED_KEEP_USER_IDS: 'yes' });
    expect(bad.ok).toBe(false);
    expect(!bad.ok && bad.errors.join(' ')).toMatch(/^UNANSWERED_KEEP_USER_IDS/);
  });
});

describe('what is kept, through ask', () => {
  let store: Store;
  beforeAll(async () => {
    store = await openProjectStore();
  });
  const asker = (log: UnansweredLog, admin = false): Asker => ({ store, admin, unanswered: { log, where: CHANNEL, user: USER } });

  it('a free-text question not in the releases, and one asked back: kept, with where and when', async () => {
    const log = createUnansweredLog();
    const before = Date.now();
    const weather = await ask("What's the weather in Leonia?", asker(log));
    expect(weather.answer.kind).toBe('not_found');
    const earnings = await ask('earnings?', asker(log));
    expect(earnings.answer.kind).toBe('clarify');
    expect(log.entries()).toEqual([
      { text: "What's the weather in Leonia?", where: CHANNEL, kind: 'not_found', at: expect.any(Number) },
      { text: 'earnings?', where: CHANNEL, kind: 'clarify', at: expect.any(Number) },
    ]);
    expect(log.entries()[0]?.at).toBeGreaterThanOrEqual(before);
  });

  it('an answered question, a slash command and a refused long question: not kept', async () => {
    const log = createUnansweredLog();
    expect((await ask('what was revenue in Q4 2003?', asker(log))).answer.kind).toBe('figure');
    await ask('/metric revenue Q5 2003', asker(log));
    await runCall({ name: 'search', options: { query: 'weather in Leonia' } }, asker(log));
    expect((await ask(`what about ${'the weather '.repeat(50)}?`, asker(log))).answer.kind).toBe('refusal');
    expect(log.entries()).toEqual([]);
  });
});

describe('/unanswered', () => {
  let store: Store;
  let log: UnansweredLog;
  beforeAll(async () => {
    store = await openProjectStore();
    log = createUnansweredLog();
    const member: Asker = { store, admin: false, unanswered: { log, where: CHANNEL, user: USER } };
    for (const q of ["What's the weather in Leonia?", "what's the  weather in leonia?", 'earnings?', "WHAT'S THE WEATHER IN LEONIA?", 'earnings?', 'Who won the game last night?']) {
      await ask(q, member);
    }
  });

  it('an admin sees the most frequent first, with counts, last asked and where; privately', async () => {
    const { answer, question } = await runCall({ name: 'unanswered', options: {} }, { store, admin: true, unanswered: { log, where: CHANNEL } });
    expect(question).toEqual({ intent: 'unanswered' });
    expect(answer.kind).toBe('unanswered');
    expect(answer.private).toBe(true);
    expect(answer.summary).toMatch(/^6 questions not answered from the releases since \d{4}-\d\d-\d\d \d\d:\d\d UTC \(3 different\)/);
    expect(answer.fields.map((f) => f.name)).toEqual(['1. "WHAT\'S THE WEATHER IN LEONIA?"', '2. "earnings?"', '3. "Who won the game last night?"']);
    expect(answer.fields[0]?.value).toMatch(new RegExp(`^3 times, last \\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d UTC in channel ${CHANNEL}, not in the releases$`));
    expect(answer.fields[1]?.value).toMatch(/^2 times, .*, asked back$/);
    const text = renderText(answer);
    expect(text).toContain('no user ids are kept');
    expect(text).not.toContain(USER);
  });

  it('the same typed as slash text', async () => {
    const { answer } = await ask('/unanswered', { store, admin: true, unanswered: { log, where: 'console' } });
    expect(answer.kind).toBe('unanswered');
    expect(answer.fields[0]?.name).toContain('LEONIA');
  });

  it('shows at most 10', async () => {
    const many = createUnansweredLog();
    for (let i = 0; i < 15; i++) many.record({ text: `question ${i}`, where: 'cli', kind: 'not_found' });
    const { answer } = await runCall({ name: 'unanswered', options: {} }, { store, admin: true, unanswered: { log: many, where: 'cli' } });
    expect(answer.fields).toHaveLength(10);
    expect(answer.summary).toContain('(15 different); the 10 most asked');
  });

  it('with nothing kept yet: says so', async () => {
    const { answer } = await runCall({ name: 'unanswered', options: {} }, { store, admin: true, unanswered: { log: createUnansweredLog(), where: 'console' } });
    expect(answer.kind).toBe('unanswered');
    expect(answer.summary).toMatch(/no question has gone unanswered/i);
  });

  it('anyone else is refused, privately, and sees none of it', async () => {
    for (const { answer } of [
      await runCall({ name: 'unanswered', options: {} }, { store, admin: false, unanswered: { log, where: CHANNEL, user: USER } }),
      await ask('/unanswered', { store, admin: false, unanswered: { log, where: CHANNEL, user: USER } }),
    ]) {
      expect(answer.kind).toBe('refusal');
      expect(answer.private).toBe(true);
      expect(answer.summary).toBe('Only admins can see the unanswered questions. Nothing was shown.');
      expect(renderText(answer)).not.toMatch(/weather|earnings|game/i);
    }
  });

  it('is not listed by /help', async () => {
    const { answer } = await runCall({ name: 'help', options: {} }, { store, admin: false });
    expect(answer.fields.map((f) => f.name)).not.toContain('/unanswered');
  });
});
