/**
 * Discord faults and crowds on the free-text and slash paths, through the fake Discord (issue 10,
 * items 6, 7, 8 and 14): a 502 after Discord stored a reply, a stray 401, a lone surrogate in a
 * question, sixty people in one channel.
 */
import { PassThrough } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { createLogger } from '../../bot/logger.ts';
import { ROUTES, type RecordedRequest, type SentMessage } from '../fake-discord/index.ts';
import { type E2E, callbackOf, embedOf, payloadOf, startE2E, str, textOf } from '../e2e/support.ts';

let e2e: E2E | undefined;

afterEach(async () => {
  await e2e?.close();
  e2e = undefined;
});

async function start(logger = createLogger('silent')): Promise<E2E> {
  e2e = await startE2E({ env: { FREE_TEXT_COOLDOWN_SECONDS: '0' }, logger });
  return e2e;
}

const postsTo = (channelId: string) => (method: string, path: string) => method === 'POST' && path === `/channels/${channelId}/messages`;

/** The bot's messages stored in the channel that reply to the question. */
const storedReplies = (e: E2E, sent: SentMessage) => e.fake.channelMessages(sent.channelId).filter((m) => m.message_reference?.message_id === sent.id);

const attempts = (e: E2E, sent: SentMessage): RecordedRequest[] =>
  e.fake.recorded.filter((r) => r.route === ROUTES.channelMessages && (r.body as { message_reference?: { message_id?: string } } | undefined)?.message_reference?.message_id === sent.id);

describe('6. a 502 after Discord stored the reply', () => {
  it('gives exactly one message: the retry carries the same enforced nonce and gets the stored reply back', async () => {
    const { fake } = await start();
    fake.failNext(postsTo(fake.channelIds.ask), 502, { after: true });

    const sent = fake.message('what was revenue in Q4 2003?', { channelId: fake.channelIds.ask });
    const reply = await sent.reply;

    expect(attempts(e2e as E2E, sent).map((r) => r.status)).toEqual([502, 200]);
    expect(embedOf(payloadOf(reply)).description).toContain('$14.4 million');
    expect(storedReplies(e2e as E2E, sent)).toHaveLength(1);
    expect(reply.body).toMatchObject({ nonce: sent.id, enforce_nonce: true });
  });
});

describe('7. a 401 on a channel-message post', () => {
  it('does not stop free text: that question and the next are answered once the token checks out', async () => {
    const { fake } = await start();
    fake.failNext(postsTo(fake.channelIds.ask), 401);

    const first = fake.message('what was revenue in Q4 2003?', { channelId: fake.channelIds.ask });
    expect(embedOf(payloadOf(await first.reply)).description).toContain('$14.4 million');
    const next = fake.message('what was revenue in Q1 2003?', { channelId: fake.channelIds.ask, author: fake.users.admin });
    expect(embedOf(payloadOf(await next.reply)).description).toContain('$13.129 million');

    expect(attempts(e2e as E2E, first).map((r) => r.status)).toEqual([401, 200]);
    expect(fake.recorded.filter((r) => r.route === ROUTES.currentUser).map((r) => r.status)).toEqual([200]);
    expect(storedReplies(e2e as E2E, first)).toHaveLength(1);
  });

  it('a token Discord refuses again is revoked: the bot gives up with what to fix (exit 78), as on 4004', async () => {
    const { fake, bot } = await start();
    fake.failNext(postsTo(fake.channelIds.ask), 401);
    fake.failNext((method, path) => method === 'GET' && path === '/users/@me', 401);

    fake.message('what was revenue in Q4 2003?', { channelId: fake.channelIds.ask });

    expect(await bot.failed).toEqual({ message: expect.stringMatching(/no longer accepts the bot token \(401 Unauthorized\): reset it/), exitCode: 78 });
  });
});

describe('8. a lone UTF-16 surrogate in a question', () => {
  /** JSON escapes a lone surrogate (a pair is written as is): what Discord would be sent. */
  const loneSurrogates = (body: unknown) => JSON.stringify(body).match(/\\ud[89a-f][0-9a-f]{2}/gi) ?? [];

  it('in a slash option: an answer, with the broken character shown as \uFFFD, never sent on to Discord', async () => {
    const { fake } = await start();

    const known = callbackOf(await fake.chatInput('metric', [str('metric', 'revenue\uD83D'), str('period', 'Q4 2003')]).response);
    const unknown = callbackOf(await fake.chatInput('metric', [str('metric', 'zzqx\uD83D'), str('period', 'Q4 2003')]).response);

    expect(embedOf(known.data).description).toContain('$14.4 million');
    expect(textOf(unknown.data)).toContain('zzqx\uFFFD');
    expect([...loneSurrogates(known), ...loneSurrogates(unknown)]).toEqual([]);
  });

  it('in autocomplete: choices', async () => {
    const { fake } = await start();

    const body = callbackOf(await fake.autocomplete('metric', [str('metric', 'rev\uDE00', true)]).response);

    expect(body.type).toBe(8);
    expect(body.data?.choices?.length).toBeGreaterThan(0);
    expect(loneSurrogates(body)).toEqual([]);
  });

  it('in free text: a reply, with no broken character in it', async () => {
    const { fake } = await start();

    const sent = fake.message('what was revenue in Q4 2003? \uDE00', { channelId: fake.channelIds.ask });
    const echoed = fake.message('/metric zzqx\uD83D Q4 2003', { channelId: fake.channelIds.ask, author: fake.users.admin });

    expect(embedOf(payloadOf(await sent.reply)).description).toContain('$14.4 million');
    expect(loneSurrogates((await echoed.reply).body)).toEqual([]);
  });
});

describe('14. a crowd in one channel', () => {
  it('gets at most 4 answers and one short notice per 5 s in that channel, whatever the number of askers', async () => {
    const lines: string[] = [];
    const stream = new PassThrough();
    stream.on('data', (chunk: Buffer) => lines.push(...chunk.toString('utf8').split('\n').filter(Boolean)));
    const { fake } = await start(createLogger('info', stream));
    const channelId = fake.channelIds.ask;
    const askers = [fake.users.member, fake.users.admin];

    const sent = Array.from({ length: 20 }, (_, i) => fake.message(`what was revenue in Q${(i % 4) + 1} 2003?`, { channelId, author: askers[i % 2] }));
    // Every message handled: each one's outcome is logged, answered or not.
    const handled = () => new Set(lines.map((l) => (JSON.parse(l) as { message?: string }).message).filter(Boolean)).size;
    await expect.poll(handled, { timeout: 10_000 }).toBe(sent.length);

    const replies = fake.channelMessages(channelId);
    const notices = replies.filter((m) => /^Busy channel/.test(m.content));
    expect(replies).toHaveLength(5);
    expect(notices).toHaveLength(1);
    expect(notices[0]?.content.length).toBeLessThanOrEqual(200);
    expect(replies.filter((m) => m.embeds.length > 0)).toHaveLength(4);
  });
});
