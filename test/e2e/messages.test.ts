/**
 * Free-text questions in channels: a mention anywhere, or any message in an ask-channel, gets an
 * answer as a reply; bots are ignored; an ask-channel is not flooded with hints; one person is
 * held to one question per cooldown; and nothing the bot ever sends can ping anyone.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FakeDiscord, RecordedRequest, SentMessage } from '../fake-discord/index.ts';
import { type E2E, embedOf, mentionLeak, messageRequests, payloadOf, startE2E, textOf } from './support.ts';

/** Every fake used in this file, to check all the bot sent at the end. */
const fakes: FakeDiscord[] = [];
/** Messages the bot must never have answered, checked again once everything else is done. */
const ignored: Array<{ fake: FakeDiscord; sent: SentMessage; why: string }> = [];

/** Requests of the bot that answer `sent` (a reply referencing it). */
const repliesTo = (fake: FakeDiscord, sent: SentMessage): RecordedRequest[] =>
  fake.recorded.filter((r) => r.method === 'POST' && payloadOf(r)?.message_reference?.message_id === sent.id);

describe('answers in channels (no cooldown)', () => {
  let e2e: E2E;

  beforeAll(async () => {
    e2e = await startE2E({ env: { FREE_TEXT_COOLDOWN_SECONDS: '0' } });
    fakes.push(e2e.fake);
  });

  afterAll(async () => {
    await e2e?.close();
  });

  it('answers a mention with a free-text question as a reply: $8.083 million cash at June 30, 2003', async () => {
    const { fake } = e2e;
    const sent = fake.message('how much cash did they have at the end of June 2003?', { mentionBot: true });

    const reply = await sent.reply;

    expect(sent.delivered).toBe(true);
    expect(reply.params.channelId).toBe(fake.channelIds.general);
    const payload = payloadOf(reply);
    expect(payload?.message_reference?.message_id).toBe(sent.id);
    expect(embedOf(payload).description).toContain('$8.083 million');
    expect(textOf(payload)).toContain('infocrossing-2003-q2.txt');
    expect(repliesTo(fake, sent)).toHaveLength(1);
  });

  it('answers a plain message in the ask-channel, without a mention', async () => {
    const { fake } = e2e;
    const sent = fake.message('what was revenue in Q4 2003?', { channelId: fake.channelIds.ask, author: fake.users.admin });

    const reply = await sent.reply;

    expect(reply.params.channelId).toBe(fake.channelIds.ask);
    expect(embedOf(payloadOf(reply)).description).toContain('$14.4 million');
  });

  it('reads a question with other mentions in it as the question alone: "@everyone", a user, a role, a channel', async () => {
    const { fake } = e2e;
    const sent = fake.message('@everyone <@&555> what was revenue in Q4 2003 <@123456789> <#42>?', { channelId: fake.channelIds.general, mentionBot: true, author: fake.users.admin });

    const reply = await sent.reply;

    expect(embedOf(payloadOf(reply)).description).toContain('$14.4 million');
  });

  it('ignores a plain message outside the ask-channels', async () => {
    const { fake } = e2e;
    const plain = fake.message('what was revenue in Q4 2003?', { channelId: fake.channelIds.general });
    const after = fake.message('what was revenue in Q1 2003?', { channelId: fake.channelIds.general, mentionBot: true });

    await after.reply;

    expect(repliesTo(fake, plain)).toEqual([]);
    ignored.push({ fake, sent: plain, why: 'a plain message outside the ask-channels' });
  });

  it('ignores another bot, even one that mentions it in the ask-channel', async () => {
    const { fake } = e2e;
    const before = fake.recorded.length;
    const fromBot = fake.message('what was revenue in Q4 2003?', { author: 'bot-other', mentionBot: true, channelId: fake.channelIds.ask });
    const human = fake.message('what was revenue in Q2 2003?', { author: fake.users.member, channelId: fake.channelIds.ask });

    const reply = await human.reply;

    expect(fromBot.delivered).toBe(true);
    expect(embedOf(payloadOf(reply)).description).toContain('$13.582 million');
    // The only request since: the reply to the human.
    expect(fake.recorded.slice(before)).toEqual([reply]);
    ignored.push({ fake, sent: fromBot, why: 'a message by another bot' });
  });

  it('hints once at what it answers for an unanswerable message in the ask-channel, then stays quiet for a minute', async () => {
    const { fake } = e2e;
    const first = fake.message('anyone up for lunch later?', { channelId: fake.channelIds.ask, author: fake.users.member });

    const hint = await first.reply;

    const content = payloadOf(hint)?.content ?? '';
    expect(content).toMatch(/\/help/);
    expect(content.length).toBeLessThanOrEqual(300);
    expect(payloadOf(hint)?.embeds ?? []).toEqual([]);

    // A second unanswerable message in the same channel within the minute, by someone else.
    const second = fake.message('does anyone know a good pizza place?', { channelId: fake.channelIds.ask, author: fake.users.admin });
    const sentinel = fake.message('what was revenue in Q1 2003?', { channelId: fake.channelIds.ask, author: fake.users.member });
    await sentinel.reply;

    expect(repliesTo(fake, second)).toEqual([]);
    ignored.push({ fake, sent: second, why: 'a second unanswerable message within the minute' });
  });

  it('answers an unanswerable mention (it was asked directly) rather than staying silent', async () => {
    const { fake } = e2e;
    const sent = fake.message('anyone up for lunch later?', { mentionBot: true, channelId: fake.channelIds.general, author: fake.users.admin });

    const reply = await sent.reply;

    expect(textOf(payloadOf(reply)).length).toBeGreaterThan(0);
  });
});

describe('per-user cooldown (FREE_TEXT_COOLDOWN_SECONDS=60)', () => {
  let e2e: E2E;

  beforeAll(async () => {
    e2e = await startE2E({ env: { FREE_TEXT_COOLDOWN_SECONDS: '60' } });
    fakes.push(e2e.fake);
  });

  afterAll(async () => {
    await e2e?.close();
  });

  it('answers the first question, gives a cooldown notice for a second right away, and nothing for a third', async () => {
    const { fake } = e2e;
    const channelId = fake.channelIds.ask;
    const asker = fake.users.member;

    const first = fake.message('what was revenue in Q4 2003?', { channelId, author: asker });
    expect(embedOf(payloadOf(await first.reply)).description).toContain('$14.4 million');

    const second = fake.message('what was revenue in Q1 2003?', { channelId, author: asker });
    const notice = payloadOf(await second.reply);
    expect(notice?.embeds ?? []).toEqual([]);
    expect(notice?.content).toMatch(/60 s/);
    expect(notice?.content).toMatch(/ask again in \d+ s/);

    const third = fake.message('what was revenue in Q2 2003?', { channelId, author: asker });
    // Someone else is not held by the asker's cooldown; their answer marks that the third was handled.
    const other = fake.message('what was revenue in Q2 2003?', { channelId, author: fake.users.admin });
    expect(embedOf(payloadOf(await other.reply)).description).toContain('$13.582 million');

    expect(repliesTo(fake, third)).toEqual([]);
    ignored.push({ fake, sent: third, why: 'a third question within the cooldown' });
  });
});

describe('the whole file', () => {
  it('never answered a message it had to ignore', () => {
    expect(ignored.length).toBeGreaterThan(0);
    for (const { fake, sent, why } of ignored) expect(repliesTo(fake, sent), why).toEqual([]);
  });

  it('never sent a message or interaction response that could mention anyone', () => {
    const sent = fakes.flatMap((fake) => messageRequests(fake.recorded));

    expect(sent.length).toBeGreaterThanOrEqual(10);
    expect(sent.map(mentionLeak).filter((leak) => leak !== null)).toEqual([]);
  });
});
