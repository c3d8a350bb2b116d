/**
 * Faults a real Discord has: the gateway drops the socket (the bot resumes and misses nothing),
 * and the interaction callback answers 429 or 500 once (the bot retries and answers exactly once).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROUTES, type SentInteraction } from '../fake-discord/index.ts';
import { type E2E, callbackOf, callbacksFor, embedOf, metricCall, startE2E } from './support.ts';

let e2e: E2E;
/** Every interaction sent in this file: each must end with exactly one accepted callback. */
const sent: SentInteraction[] = [];

const send = (metric: string, period: string) => {
  const interaction = e2e.fake.chatInput('metric', metricCall(metric, period));
  sent.push(interaction);
  return interaction;
};

const isCallbackPost = (method: string, path: string) => method === 'POST' && path.endsWith('/callback');

beforeAll(async () => {
  e2e = await startE2E();
});

afterAll(async () => {
  await e2e?.close();
});

describe('gateway socket closed by Discord', () => {
  it('resumes the session (no new identify) and answers interactions sent right before and right after the close', async () => {
    const { fake } = e2e;
    await fake.whenReady();
    const identifies = fake.identifyCount();
    const resumes = fake.resumeCount();

    const before = send('revenue', 'Q4 2003');
    fake.closeSocket(4000);
    const after = send('revenue', 'Q1 2003');

    const [beforeBody, afterBody] = (await Promise.all([before.response, after.response])).map(callbackOf);
    expect(embedOf(beforeBody?.data).description).toContain('$14.4 million');
    expect(embedOf(afterBody?.data).description).toContain('$13.129 million');
    await fake.whenReady();
    expect(fake.resumeCount()).toBe(resumes + 1);
    expect(fake.identifyCount()).toBe(identifies);

    // And it keeps answering on the resumed session.
    const later = send('cash', 'June 30, 2003');
    expect(embedOf(callbackOf(await later.response).data).description).toContain('$8.083 million');
  });
});

describe('interaction callback failing once', () => {
  it('waits out a 429 (Retry-After 1 s) and answers once', async () => {
    const { fake } = e2e;
    fake.failNext(isCallbackPost, 429, { retryAfter: 1 });

    const interaction = send('revenue', 'Q2 2003');
    const response = await interaction.response;

    const attempts = fake.recorded.filter((r) => r.interactionId === interaction.id);
    expect(attempts.map((r) => r.status)).toEqual([429, 204]);
    // Discord asked for a second's wait: the retry honours it.
    expect(response.receivedAt - (attempts[0]?.receivedAt ?? 0)).toBeGreaterThanOrEqual(950);
    expect(embedOf(callbackOf(response).data).description).toContain('$13.582 million');
  });

  it('retries after a 500 and answers once', async () => {
    const { fake } = e2e;
    fake.failNext(isCallbackPost, 500);

    const interaction = send('revenue', 'FY 2003');
    const response = await interaction.response;

    const attempts = fake.recorded.filter((r) => r.interactionId === interaction.id);
    expect(attempts.map((r) => r.status)).toEqual([500, 204]);
    expect(embedOf(callbackOf(response).data).description).toContain('$55.2 million');
  });

  it('answers other interactions meanwhile: a 429 on one callback does not hold up the next', async () => {
    const { fake } = e2e;
    fake.failNext(isCallbackPost, 429, { retryAfter: 1 });

    const held = send('revenue', 'Q1 2003');
    const next = send('revenue', 'Q2 2003');
    const [, nextResponse] = await Promise.all([held.response, next.response]);

    expect(fake.recorded.filter((r) => r.interactionId === held.id).map((r) => r.status)).toEqual([429, 204]);
    expect(callbacksFor(fake, next.id)).toHaveLength(1);
    // Each interaction has its own token, so its own rate-limit bucket: the next answer is not made to wait the second.
    expect(nextResponse.receivedAt - next.sentAt).toBeLessThan(500);
  });
});

describe('the whole file', () => {
  it('answered every interaction exactly once: one accepted callback, no second attempt refused by Discord', async () => {
    const { fake } = e2e;
    await Promise.all(sent.map((s) => s.response));

    expect(sent.length).toBeGreaterThanOrEqual(7);
    for (const interaction of sent) {
      expect(callbacksFor(fake, interaction.id), interaction.id).toHaveLength(1);
      // A 400 here would be a second callback Discord refused (40060).
      const refused = fake.recorded.filter((r) => r.interactionId === interaction.id && r.route === ROUTES.interactionCallback && r.status === 400);
      expect(refused, interaction.id).toEqual([]);
    }
  });
});
