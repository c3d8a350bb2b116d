/**
 * The error paths: whatever arrives (a command the bot does not have, a stale or garbled button,
 * options it cannot read, a handler that throws), the user gets one sensible answer, never silence.
 */
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../bot/logger.ts';
import type { Store } from '../../knowledge/store.ts';
import { type E2E, callbackOf, callbacksFor, embedOf, payloadOf, startE2E, str, textOf } from './support.ts';

describe('unexpected input', () => {
  let e2e: E2E;

  beforeAll(async () => {
    e2e = await startE2E();
  });

  afterAll(async () => {
    await e2e?.close();
  });

  it('answers an unknown command once, saying there is no such command and what it can answer', async () => {
    const sent = e2e.fake.chatInput('nosuch', [str('question', 'revenue?')]);

    const body = callbackOf(await sent.response);

    expect(body.type).toBe(4);
    const embed = embedOf(body.data);
    expect(embed.description).toContain('/nosuch');
    expect(textOf(body.data)).toContain('/metric');
    expect(callbacksFor(e2e.fake, sent.id)).toHaveLength(1);
    expect(e2e.fake.responsesFor(sent.id)).toHaveLength(1);
  });

  it('answers autocomplete for an unknown command with no choices (not left to time out)', async () => {
    const sent = e2e.fake.autocomplete('nosuch', [str('question', 'rev', true)]);

    const body = callbackOf(await sent.response);

    expect(body).toEqual({ type: 8, data: { choices: [] } });
  });

  it.each(['garbage', 'src:nosuch|x=1', 'run:reload', 'src:metric|metric=%E0%A4%A'])('answers a stale or garbled button %j privately', async (customId) => {
    const sent = e2e.fake.button(customId);

    const body = callbackOf(await sent.response);

    expect(body.type).toBe(4);
    expect(body.data?.flags).toBe(64);
    expect(body.data?.content).toMatch(/no longer valid/i);
    expect(callbacksFor(e2e.fake, sent.id)).toHaveLength(1);
  });

  it('answers /metric with options it cannot read with a message saying so', async () => {
    const sent = e2e.fake.chatInput('metric', [str('metric', 'zzqqxx'), str('period', 'the year of the dragon')]);

    const body = callbackOf(await sent.response);

    expect(body.type).toBe(4);
    expect(textOf(body.data).length).toBeGreaterThan(0);
    expect(textOf(body.data)).not.toMatch(/\$\d/); // no figure made up
    expect(callbacksFor(e2e.fake, sent.id)).toHaveLength(1);
  });
});

describe('a handler that throws', () => {
  let e2e: E2E;
  const logs: string[] = [];
  /** The error logged under the id the user was shown. */
  const loggedError = (errorId: string) =>
    logs
      .flatMap((chunk) => chunk.split('\n'))
      .filter(Boolean)
      .map((line) => JSON.parse(line) as { level: number; errorId?: string; err?: { message?: string } })
      .find((entry) => entry.errorId === errorId && entry.level >= 50);
  const errorIdIn = (text: string) => /error id ([0-9a-f]{8})/.exec(text)?.[1] ?? '';

  beforeAll(async () => {
    const failing: Store = {
      dir: '/nonexistent',
      current: () => {
        throw new Error('the snapshot is gone');
      },
      reload: () => Promise.reject(new Error('the snapshot is gone')),
    };
    const stream = new PassThrough();
    stream.on('data', (chunk: Buffer) => logs.push(chunk.toString('utf8')));
    e2e = await startE2E({ store: failing, logger: createLogger('warn', stream) });
  });

  afterAll(async () => {
    await e2e?.close();
  });

  it('apologises privately with an error id, once', async () => {
    const sent = e2e.fake.chatInput('metric', [str('metric', 'revenue'), str('period', 'Q4 2003')]);

    const body = callbackOf(await sent.response);

    expect(body.type).toBe(4);
    expect(body.data?.flags).toBe(64);
    expect(body.data?.content).toMatch(/something went wrong.*error id [0-9a-f]{8}/i);
    expect(e2e.fake.responsesFor(sent.id)).toHaveLength(1);
    expect(loggedError(errorIdIn(body.data?.content ?? ''))?.err?.message).toBe('the snapshot is gone');
  });

  it('finishes a deferred reply with the apology when the slow command throws', async () => {
    const sent = e2e.fake.chatInput('reload', [], { user: e2e.fake.users.admin });

    expect(callbackOf(await sent.response).type).toBe(5);
    const edit = await e2e.fake.waitForRequest((r) => r.interactionId === sent.id && r.method === 'PATCH');

    expect(edit.status).toBe(200);
    const text = textOf(payloadOf(edit));
    expect(text).toMatch(/something went wrong.*error id [0-9a-f]{8}/i);
    expect(loggedError(errorIdIn(text))).toBeDefined();
    expect(callbacksFor(e2e.fake, sent.id)).toHaveLength(1);
  });

  it('answers autocomplete with no choices', async () => {
    const body = callbackOf(await e2e.fake.autocomplete('metric', [str('metric', 'rev', true)]).response);

    expect(body).toEqual({ type: 8, data: { choices: [] } });
  });
});
