/**
 * Charts as a Discord user gets them: the real bot answers a trend with an embed whose image is a
 * PNG uploaded with the message (multipart: payload_json and the file), the exact figures beside
 * it as text, from a slash command, a figure's "Chart" button and a question in a channel, and
 * never a mention.
 */
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHART_WIDTH } from '../../bot/render/chart-png.ts';
import type { RecordedRequest } from '../fake-discord/index.ts';
import { type E2E, buttonLabelled, callbackOf, embedOf, mentionLeak, payloadOf, startE2E, str, textOf } from './support.ts';

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

let e2e: E2E;
beforeAll(async () => {
  e2e = await startE2E({ env: { FREE_TEXT_COOLDOWN_SECONDS: '0' } });
});
afterAll(async () => {
  await e2e?.close();
});

/** The one file a request uploaded: a PNG named as the embed's image names it. */
function chartOf(request: RecordedRequest): PNG {
  expect(request.files).toHaveLength(1);
  const [file] = request.files;
  expect(file?.filename).toBe('chart.png');
  expect(file?.contentType).toBe('image/png');
  expect(file?.data.subarray(0, 8).equals(SIGNATURE)).toBe(true);
  const png = PNG.sync.read(file?.data ?? Buffer.alloc(0));
  expect(png.width).toBe(CHART_WIDTH);
  expect(file?.size).toBe(file?.data.length);
  return png;
}

describe('/trend', () => {
  it('revenue: an embed whose image is the attached PNG, the figures beside it as text', async () => {
    const sent = e2e.fake.chatInput('trend', [str('metric', 'revenue')]);
    const response = await sent.response;

    const body = callbackOf(response);
    expect(body.type).toBe(4);
    const embed = embedOf(body.data);
    expect(embed.image?.url).toBe('attachment://chart.png');
    chartOf(response);
    expect(textOf(body.data)).toMatch(/Q4 2003: \$14\.4 million/);
    expect(textOf(body.data)).toMatch(/Q3 2003: \$14\.089 million \(derived\)/);
    expect(mentionLeak(response)).toBeNull();
  });

  it('two metrics: one chart, both metrics listed', async () => {
    const response = await e2e.fake.chatInput('trend', [str('metric', 'revenue'), str('with', 'ebitda')]).response;

    const body = callbackOf(response);
    expect(embedOf(body.data).title).toBe('Revenue and EBITDA — every period');
    expect(embedOf(body.data).image?.url).toBe('attachment://chart.png');
    chartOf(response);
    expect(textOf(body.data)).toContain('EBITDA — Quarters');
  });

  it('the same chart again is the same bytes (drawn once per answer)', async () => {
    const first = await e2e.fake.chatInput('trend', [str('metric', 'cash')]).response;
    const second = await e2e.fake.chatInput('trend', [str('metric', 'cash')]).response;

    expect(second.files[0]?.data.equals(first.files[0]?.data ?? Buffer.alloc(0))).toBe(true);
  });

  it('a figure has no chart and uploads nothing', async () => {
    const response = await e2e.fake.chatInput('metric', [str('metric', 'revenue'), str('period', 'Q4 2003')]).response;

    expect(embedOf(callbackOf(response).data).image).toBeUndefined();
    expect(response.files).toEqual([]);
  });
});

describe('the Chart button', () => {
  it.each([
    ['/metric revenue Q4 2003', 'metric', [str('metric', 'revenue'), str('period', 'Q4 2003')], 'Revenue — every period'],
    ['/compare ebitda Q2 2003', 'compare', [str('metric', 'ebitda'), str('period', 'Q2 2003')], 'EBITDA — every period'],
  ])('on %s answers with the trend of that metric and its chart', async (_name, command, options, title) => {
    const answer = await e2e.fake.chatInput(command, options).response;
    const chart = buttonLabelled(callbackOf(answer).data, 'Chart');

    const response = await e2e.fake.button(chart.custom_id).response;

    const body = callbackOf(response);
    expect(body.type).toBe(4);
    expect(body.data?.flags ?? 0).toBe(0);
    expect(embedOf(body.data).title).toBe(title);
    expect(embedOf(body.data).image?.url).toBe('attachment://chart.png');
    chartOf(response);
  });
});

describe('a trend asked in a channel', () => {
  it('replies with the chart uploaded beside the embed', async () => {
    const { fake } = e2e;
    const sent = fake.message('plot revenue vs EBITDA by quarter', { channelId: fake.channelIds.ask });

    const reply = await sent.reply;

    const payload = payloadOf(reply);
    expect(payload?.message_reference?.message_id).toBe(sent.id);
    expect(embedOf(payload).image?.url).toBe('attachment://chart.png');
    chartOf(reply);
    expect(mentionLeak(reply)).toBeNull();
    const posted = fake.channelMessages(fake.channelIds.ask).find((m) => m.message_reference?.message_id === sent.id);
    expect(posted?.attachments.map((a) => a.filename)).toEqual(['chart.png']);
  });
});
