/**
 * Understanding, as a Discord user sees it: an ambiguous question is asked back with one
 * "Which one did you mean?" menu, a choice in it is answered with exactly one response, and a
 * follow-up ("and Q1?") reads the asker's last question, in that channel only, for that user only.
 * Each test gets its own bot (a fresh conversation memory), sharing one store of the releases.
 */
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ComponentType, type APIEmbed, type APIStringSelectComponent } from 'discord.js';
import { type Store, openStore } from '../../knowledge/store.ts';
import type { FakeDiscord, FakeUser, RecordedRequest, SentMessage } from '../fake-discord/index.ts';
import { ROUTES } from '../fake-discord/index.ts';
import { type E2E, type MessagePayload, callbackOf, embedOf, mentionLeak, messageRequests, payloadOf, startE2E, textOf } from './support.ts';

const ASKED_BACK = 'Which one did you mean?';

let store: Store;
let e2e: E2E;
/** Every fake used in this file, to check all the bot sent at the end. */
const fakes: FakeDiscord[] = [];

beforeAll(async () => {
  const opened = await openStore();
  if (!opened.ok) throw new Error(`the releases did not open: ${opened.reason}`);
  store = opened.store;
});

beforeEach(async () => {
  e2e = await startE2E({ store, env: { FREE_TEXT_COOLDOWN_SECONDS: '0' } });
  fakes.push(e2e.fake);
});

afterEach(async () => {
  await e2e?.close();
});

/** Where a question is asked: the ask-channel (no mention needed), or general with a mention. */
type Channel = 'ask' | 'general';

function say(content: string, user: FakeUser, channel: Channel): SentMessage {
  const { fake } = e2e;
  return fake.message(content, { author: user, channelId: fake.channelIds[channel], mentionBot: channel === 'general' });
}

/** The reply's payload, after checking it is one reply to that message and can ping nobody. */
async function replyTo(sent: SentMessage): Promise<MessagePayload> {
  const reply = await sent.reply;
  const payload = payloadOf(reply);
  expect(payload?.message_reference?.message_id).toBe(sent.id);
  expect(payload?.allowed_mentions?.parse).toEqual([]);
  return payload ?? {};
}

/** The bot's message in the channel that replies to `sent`, as Discord stored it (what a user clicks on). */
function storedReplyTo(sent: SentMessage) {
  const stored = e2e.fake.channelMessages(sent.channelId).filter((m) => m.message_reference?.message_id === sent.id);
  expect(stored).toHaveLength(1);
  return stored[0]!;
}

/** The one "pick" menu of an asked-back answer, after checking everything Discord would refuse. */
function pickMenuOf(payload: MessagePayload): APIStringSelectComponent {
  expect(embedOf(payload).title).toBe(ASKED_BACK);
  const rows = (payload.components ?? []) as Array<{ type: number; components: Array<{ type: number }> }>;
  expect(rows, 'one action row').toHaveLength(1);
  expect(rows[0]?.type).toBe(ComponentType.ActionRow);
  expect(rows[0]?.components, 'one component in it').toHaveLength(1);
  const menu = rows[0]?.components[0] as APIStringSelectComponent;
  expect(menu.type).toBe(ComponentType.StringSelect);
  expect(menu.custom_id).toBe('pick');
  // Discord refuses a menu with no option or more than 25, and labels or values over 100 characters.
  expect(menu.options.length).toBeGreaterThan(0);
  expect(menu.options.length).toBeLessThanOrEqual(25);
  for (const option of menu.options) {
    expect(option.label.length).toBeGreaterThan(0);
    expect(option.label.length).toBeLessThanOrEqual(100);
    expect(option.value.length).toBeGreaterThan(0);
    expect(option.value.length, `value of "${option.label}"`).toBeLessThanOrEqual(100);
  }
  expect(new Set(menu.options.map((o) => o.value)).size, 'distinct values').toBe(menu.options.length);
  return menu;
}

const labelsOf = (menu: APIStringSelectComponent) => menu.options.map((o) => o.label);

function optionLabelled(menu: APIStringSelectComponent, label: string) {
  const option = menu.options.find((o) => o.label === label);
  if (!option) throw new Error(`no option "${label}" in ${JSON.stringify(labelsOf(menu))}`);
  return option;
}

/** Picks `label` in the pick menu of the bot's reply to `question`; returns the interaction's single response. */
async function pick(question: SentMessage, menu: APIStringSelectComponent, label: string, user: FakeUser): Promise<{ id: string; embed: APIEmbed; response: RecordedRequest }> {
  const { fake } = e2e;
  const chosen = fake.selectMenu('pick', [optionLabelled(menu, label).value], { user, channelId: question.channelId }, { messageId: storedReplyTo(question).id });
  const response = await chosen.response;
  const body = callbackOf(response);
  expect(body.type).toBe(4);
  expect(body.data?.flags ?? 0, 'a public answer').toBe(0);
  expect(body.data?.allowed_mentions?.parse).toEqual([]);
  return { id: chosen.id, embed: embedOf(body.data), response };
}

/** Requests made about one interaction (callback, followups, edits), accepted or not. */
const everythingFor = (fake: FakeDiscord, interactionId: string) => fake.recorded.filter((r) => r.interactionId === interactionId);

describe('"Which one did you mean?"', () => {
  it('asks "earnings?" back with one "pick" menu offering Net income and Diluted earnings per share', async () => {
    const payload = await replyTo(say('earnings?', e2e.fake.users.member, 'ask'));

    const menu = pickMenuOf(payload);
    expect(labelsOf(menu)).toEqual(expect.arrayContaining(['Net income', 'Diluted earnings per share']));
  });

  it('asks "what was the margin?" back with one "pick" menu offering the margins', async () => {
    const payload = await replyTo(say('what was the margin?', e2e.fake.users.admin, 'general'));

    const menu = pickMenuOf(payload);
    expect(labelsOf(menu)).toEqual(expect.arrayContaining(['Operating margin', 'Net margin', 'Gross margin']));
  });

  it('answers picking "Net income" after "earnings?" with exactly one response: net income for Q4 2003 in dollars', async () => {
    const { fake } = e2e;
    const question = say('earnings?', fake.users.member, 'ask');
    const menu = pickMenuOf(await replyTo(question));

    const { id, embed, response } = await pick(question, menu, 'Net income', fake.users.member);

    expect(embed.title).toMatch(/^Net income — Q4 2003\b/);
    expect(embed.description).toMatch(/\$\d[\d,.]*( million)?/);
    // Another question answered after it: any second response to the pick would have come by now.
    await replyTo(say('what was revenue in Q4 2003?', fake.users.admin, 'ask'));
    expect(everythingFor(fake, id)).toEqual([response]);
    expect(response.route).toBe(ROUTES.interactionCallback);
  });
});

describe('a choice typed, not picked from the menu', () => {
  it('answers "net margin" after "what was the margin in Q2 2003?" as the menu would: net margin for Q2 2003, the period kept', async () => {
    const { fake } = e2e;
    pickMenuOf(await replyTo(say('what was the margin in Q2 2003?', fake.users.member, 'ask')));

    const typed = embedOf(await replyTo(say('net margin', fake.users.member, 'ask')));

    expect(typed.title).toMatch(/^Net margin — Q2 2003\b/);
    expect(typed.description).toContain('0.8%');
  });
});

describe('follow-ups', () => {
  it('answers "and Q1?" after "What was revenue in Q2 2003?" by the same user in the same channel: revenue Q1 2003, $13.129 million', async () => {
    const { fake } = e2e;
    const first = embedOf(await replyTo(say('What was revenue in Q2 2003?', fake.users.member, 'ask')));
    expect(first.description).toContain('$13.582 million');

    const followUp = embedOf(await replyTo(say('and Q1?', fake.users.member, 'ask')));

    expect(followUp.title).toMatch(/^Revenue — Q1 2003\b/);
    expect(followUp.description).toContain('$13.129 million');
  });

  it.each([
    ['another user\'s "and Q1?" in that channel', 'admin', 'ask'],
    ['the same user\'s "and Q1?" in another channel', 'member', 'general'],
  ] as const)('gives %s no context: not revenue for Q1 2003', async (_who, user, channel) => {
    const { fake } = e2e;
    await replyTo(say('What was revenue in Q2 2003?', fake.users.member, 'ask'));

    const without = await replyTo(say('and Q1?', fake.users[user], channel));

    expectNotRevenueQ1(without);
    // The asker's own context was there all along.
    expect(embedOf(await replyTo(say('and Q1?', fake.users.member, 'ask'))).description).toContain('$13.129 million');
  });

  it('takes a pick as the picker\'s context: "Net income" after "earnings?", then "and Q2 2003?" answers net income Q2 2003, $0.105 million', async () => {
    const { fake } = e2e;
    const question = say('earnings?', fake.users.member, 'ask');
    const menu = pickMenuOf(await replyTo(question));
    const { embed } = await pick(question, menu, 'Net income', fake.users.member);
    expect(embed.title).toMatch(/^Net income — Q4 2003\b/);

    const followUp = embedOf(await replyTo(say('and Q2 2003?', fake.users.member, 'ask')));

    expect(followUp.title).toMatch(/^Net income — Q2 2003\b/);
    expect(followUp.description).toContain('$0.105 million');
  });
});

/**
 * Without context "and Q1?" may get the headline results of Q1 (which list revenue among other
 * figures) or a question back, but not the revenue figure itself.
 */
function expectNotRevenueQ1(payload: MessagePayload): void {
  const text = textOf(payload);
  expect(text.length).toBeGreaterThan(0);
  const title = payload.embeds?.[0]?.title ?? '';
  expect(title, `answered ${JSON.stringify(payload.embeds?.[0])}`).not.toMatch(/^Revenue\b/);
  expect(text).not.toMatch(/Revenue for Q1 2003\b/);
}

describe('the whole file', () => {
  it('never sent a message or interaction response that could mention anyone', () => {
    const sent = fakes.flatMap((fake) => messageRequests(fake.recorded));

    expect(sent.length).toBeGreaterThanOrEqual(15);
    expect(sent.map(mentionLeak).filter((leak) => leak !== null)).toEqual([]);
  });
});
