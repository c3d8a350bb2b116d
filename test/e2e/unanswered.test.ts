/**
 * /unanswered through the real client and the fake Discord: a question the releases do not answer,
 * asked by mentioning the bot, shows up in an admin's /unanswered (privately, with no user id);
 * a member is refused and sees nothing of it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type E2E, callbackOf, callbacksFor, mentionLeak, payloadOf, startE2E, textOf } from './support.ts';

let e2e: E2E;

beforeAll(async () => {
  e2e = await startE2E({ env: { FREE_TEXT_COOLDOWN_SECONDS: '0' } });
});

afterAll(async () => {
  await e2e?.close();
});

describe('/unanswered', () => {
  it('shows an admin the question the releases did not answer, privately, without who asked', async () => {
    const { fake } = e2e;
    const asked = fake.message("What's the weather in Leonia?", { mentionBot: true, author: fake.users.member });
    const reply = await asked.reply;
    expect(textOf(payloadOf(reply))).toMatch(/not in the releases/i);

    const sent = fake.chatInput('unanswered', [], { user: fake.users.admin });
    const response = await sent.response;
    const body = callbackOf(response);

    expect(body.type).toBe(4);
    expect(body.data?.flags).toBe(64);
    const text = textOf(body.data);
    expect(text).toContain('Unanswered questions');
    expect(text).toContain(`1. "What's the weather in Leonia?"`);
    expect(text).toMatch(new RegExp(`1 time, last .* in channel ${fake.channelIds.general}, not in the releases`));
    expect(text).not.toContain(fake.users.member.id);
    expect(mentionLeak(response)).toBeNull();
    expect(callbacksFor(fake, sent.id)).toHaveLength(1);
  });

  it('refuses a member privately, showing nothing', async () => {
    const { fake } = e2e;
    const sent = fake.chatInput('unanswered', [], { user: fake.users.member });
    const body = callbackOf(await sent.response);

    expect(body.type).toBe(4);
    expect(body.data?.flags).toBe(64);
    expect(body.data?.content).toMatch(/admins only/i);
    expect(textOf(body.data)).not.toMatch(/weather/i);
    expect(fake.responsesFor(sent.id)).toHaveLength(1);
  });
});
