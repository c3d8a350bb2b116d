/**
 * The bot as `npm start` runs it: the answers in a process of their own, which opens the releases
 * itself. Words, a slash command, autocomplete, a follow-up and an admin's reload, through the fake
 * Discord, and a chart drawn there.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type E2EOnCopy,
  Q3_RELEASE,
  callbackOf,
  dropThirdQuarter,
  embedOf,
  metricCall,
  payloadOf,
  startE2EOnCopy,
  str,
  textOf,
  waitForEdit,
} from './support.ts';

let e2e: E2EOnCopy;

beforeAll(async () => {
  e2e = await startE2EOnCopy({ child: true, env: { FREE_TEXT_COOLDOWN_SECONDS: '0' } });
});

afterAll(async () => {
  await e2e?.close();
});

describe('answers in a process of their own', () => {
  it('answers words in an ask-channel with the printed figure, and the follow-up from the same asker', async () => {
    const { fake } = e2e;
    const first = await fake.message('what was revenue in Q4 2003?', { channelId: fake.channelIds.ask }).reply;
    expect(embedOf(payloadOf(first)).description).toContain('**$14.4 million**');

    const next = await fake.message('and Q2?', { channelId: fake.channelIds.ask }).reply;
    expect(embedOf(payloadOf(next)).title).toBe('Revenue — Q2 2003');
  });

  it('answers /metric, and autocompletes its options', async () => {
    const body = callbackOf(await e2e.fake.chatInput('metric', metricCall('net income', 'Q3 2003')).response);
    expect(body.type).toBe(4);
    expect(embedOf(body.data).title).toBe('Net income — Q3 2003');

    const choices = callbackOf(await e2e.fake.autocomplete('metric', [str('metric', 'reve', true)]).response);
    expect(choices.data?.choices?.map((c) => c.value)).toContain('Revenue');
  });

  it('draws a chart in the answering process and uploads it with the message: the PNG Discord gets, named as the embed names it', async () => {
    const response = await e2e.fake.chatInput('trend', [str('metric', 'revenue')]).response;

    expect(embedOf(callbackOf(response).data).image?.url).toBe('attachment://chart.png');
    expect(response.files).toHaveLength(1);
    expect(response.files[0]?.filename).toBe('chart.png');
    expect(response.files[0]?.data.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))).toBe(true);
  });

  it('reloads for an admin, in the answering process: the new release is served right after', async () => {
    await dropThirdQuarter(e2e.releasesDir);
    const sent = e2e.fake.chatInput('reload', [], { user: e2e.fake.users.admin });
    expect(callbackOf(await sent.response).type).toBe(5);
    expect(textOf(payloadOf(await waitForEdit(e2e.fake, sent.id)))).toContain(Q3_RELEASE);

    const after = textOf(callbackOf(await e2e.fake.chatInput('metric', metricCall('revenue', 'Q3 2003')).response).data);
    expect(after).toContain('$13.582 million');
    expect(after).toContain(Q3_RELEASE);
  });
});
