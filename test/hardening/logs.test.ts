/**
 * Logs never carry an interaction's token (issue 10, item 11): discord.js puts the request URL in
 * its errors, and interaction callbacks and webhook edits carry the token in that URL.
 */
import { PassThrough } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { createLogger } from '../../bot/logger.ts';
import { type E2E, callbackOf, metricCall, startE2E } from '../e2e/support.ts';

let e2e: E2E | undefined;

afterEach(async () => {
  await e2e?.close();
});

describe('11. interaction tokens in logs', () => {
  it('are redacted from the URLs of discord.js errors, for callbacks and webhook edits alike', async () => {
    const chunks: string[] = [];
    const stream = new PassThrough();
    stream.on('data', (chunk: Buffer) => chunks.push(chunk.toString('utf8')));
    e2e = await startE2E({ logger: createLogger('info', stream) });
    const { fake } = e2e;
    const refused = (id: string, method: string) => fake.recorded.filter((r) => r.interactionId === id && r.method === method && r.status === 401).length;
    const errorLines = () => chunks.join('').split('\n').filter((l) => l.includes('"level":50')).length;
    // The answer and then the apology refused, for a reply and for a deferred reply's edit: each
    // makes discord.js throw an error holding the URL, which the bot logs.
    const callback = (method: string, path: string) => method === 'POST' && path.endsWith('/callback');
    const edit = (method: string, path: string) => method === 'PATCH' && path.startsWith('/webhooks/');
    fake.failNext(callback, 401);
    fake.failNext(callback, 401);
    const metric = fake.chatInput('metric', metricCall('revenue', 'Q4 2003'));
    await expect.poll(() => refused(metric.id, 'POST'), { timeout: 10_000 }).toBe(2);
    fake.failNext(edit, 401);
    fake.failNext(edit, 401);
    const reload = fake.chatInput('reload', [], { user: fake.users.admin });
    expect(callbackOf(await reload.response).type).toBe(5);
    await expect.poll(() => refused(reload.id, 'PATCH'), { timeout: 10_000 }).toBe(2);
    await expect.poll(errorLines, { timeout: 10_000 }).toBeGreaterThanOrEqual(4);

    const logs = chunks.join('');
    expect(logs).toMatch(/\/interactions\/\d+\/\[redacted\]\/callback/);
    expect(logs).toMatch(/\/webhooks\/\d+\/\[redacted\]\/messages/);
    for (const interaction of [metric, reload]) expect(logs.includes(interaction.token), `token of interaction ${interaction.id}`).toBe(false);
  });
});
