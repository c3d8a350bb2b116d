/**
 * Paging through the real discord.js client against the fake Discord: a search with more results
 * than a page shows Next; clicking it updates that very message (an interaction update, type 7) to
 * page 2 with Previous enabled; the ends are disabled; the page lives in the button, so a bot that
 * never saw the message serves the click the same; a trend keeps its chart on every page.
 */
import type { APIMessage } from 'discord-api-types/v10';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type E2E, buttonLabelled, buttonsOf, callbackOf, callbacksFor, embedOf, type MessagePayload, startE2E, str, textOf } from './support.ts';
import { releasesOverYears } from '../support/releases.ts';

let e2e: E2E;
beforeAll(async () => {
  e2e = await startE2E();
});
afterAll(async () => {
  await e2e?.close();
});

const button = (payload: MessagePayload | undefined, label: string) => {
  const found = buttonsOf(payload).find((b) => 'label' in b && b.label === label);
  if (!found) throw new Error(`no ${label} button in ${JSON.stringify(payload?.components)}`);
  return found;
};
const isDisabled = (payload: MessagePayload | undefined, label: string) => button(payload, label).disabled === true;
const pageOf = (payload: MessagePayload | undefined) => /^Page (\d+) of (\d+)/.exec(embedOf(payload).footer?.text ?? '')?.slice(1).map(Number) ?? [];

/** The bot's message answering interaction `id` (its reply), as last edited. */
const replyTo = (id: string): APIMessage | undefined => e2e.fake.botMessages(e2e.fake.channelIds.general).find((m) => m.interaction_metadata?.id === id);

describe('/search with many results', () => {
  it('shows Next; clicking it updates the message to page 2 with Previous enabled', async () => {
    const asked = e2e.fake.chatInput('search', [str('query', 'revenue')]);
    const first = callbackOf(await asked.response);
    expect(first.type).toBe(4);
    const [page, pages] = pageOf(first.data);
    expect(page).toBe(1);
    expect(pages).toBeGreaterThan(2);
    expect(isDisabled(first.data, 'Previous')).toBe(true);
    expect(isDisabled(first.data, 'Next')).toBe(false);
    const message = replyTo(asked.id);
    expect(message).toBeDefined();
    const before = e2e.fake.botMessages(e2e.fake.channelIds.general).length;

    const clicked = e2e.fake.button(buttonLabelled(first.data, 'Next').custom_id);
    const update = callbackOf(await clicked.response);

    // An update of the message the button is on: no new message, the same one edited.
    expect(update.type).toBe(7);
    expect(callbacksFor(e2e.fake, clicked.id)).toHaveLength(1);
    expect(pageOf(update.data)).toEqual([2, pages]);
    expect(embedOf(update.data).title).toBe(embedOf(first.data).title);
    expect(embedOf(update.data).fields).not.toEqual(embedOf(first.data).fields);
    expect(isDisabled(update.data, 'Previous')).toBe(false);
    expect(isDisabled(update.data, 'Next')).toBe(false);
    expect(update.data?.allowed_mentions?.parse).toEqual([]);
    expect(e2e.fake.botMessages(e2e.fake.channelIds.general)).toHaveLength(before);
    const edited = replyTo(asked.id);
    expect(edited?.id).toBe(message?.id);
    expect(edited?.embeds[0]?.footer?.text).toMatch(new RegExp(`^Page 2 of ${pages}`));

    // Previous, on the edited message, brings page 1 back: the same results as first shown.
    const back = callbackOf(await e2e.fake.button(buttonLabelled(update.data, 'Previous').custom_id).response);
    expect(back.type).toBe(7);
    expect(pageOf(back.data)).toEqual([1, pages]);
    expect(embedOf(back.data).fields).toEqual(embedOf(first.data).fields);
    expect(isDisabled(back.data, 'Previous')).toBe(true);
  });

  it('Next to the last page, where Next is disabled; a disabled button cannot be clicked', async () => {
    const asked = e2e.fake.chatInput('search', [str('query', 'cash')]);
    let payload = callbackOf(await asked.response).data;
    const [, pages] = pageOf(payload);
    expect(pages).toBeGreaterThan(1);
    const messageId = replyTo(asked.id)?.id;
    const seen = new Set<string>();
    for (let n = 1; n < (pages ?? 0); n++) {
      for (const f of embedOf(payload).fields ?? []) seen.add(`${f.name}|${f.value}`);
      const update = callbackOf(await e2e.fake.button(buttonLabelled(payload, 'Next').custom_id, {}, { messageId }).response);
      expect(update.type).toBe(7);
      payload = update.data;
      expect(pageOf(payload)).toEqual([n + 1, pages]);
      // Every page shows results no page before it showed.
      for (const f of embedOf(payload).fields ?? []) expect(seen.has(`${f.name}|${f.value}`)).toBe(false);
    }
    expect(isDisabled(payload, 'Next')).toBe(true);
    expect(isDisabled(payload, 'Previous')).toBe(false);
    expect(textOf(payload)).toMatch(/cash/i);
    const next = button(payload, 'Next');
    expect(() => e2e.fake.button('custom_id' in next ? next.custom_id : '', {}, { messageId })).toThrow(/disabled/);
  });

  it('a bot that never saw the message serves the click the same: the page is in the button', async () => {
    const first = callbackOf(await e2e.fake.chatInput('search', [str('query', 'revenue')]).response);
    const next = buttonLabelled(first.data, 'Next').custom_id;
    const here = callbackOf(await e2e.fake.button(next).response);
    const other = await startE2E();
    try {
      // On the other bot's Discord no message carries the button: the fake makes one up, as if another shard's.
      const there = callbackOf(await other.fake.button(next).response);
      expect(there.type).toBe(7);
      expect(embedOf(there.data)).toEqual(embedOf(here.data));
      expect(buttonsOf(there.data).map((b) => ('custom_id' in b ? b.custom_id : ''))).toEqual(buttonsOf(here.data).map((b) => ('custom_id' in b ? b.custom_id : '')));
    } finally {
      await other.close();
    }
  });
});

describe('/trend over eight years of releases', () => {
  let years: E2E;
  let remove: () => Promise<void>;
  beforeAll(async () => {
    const dir = await releasesOverYears([0, 2, 4, 6]);
    remove = dir.remove;
    years = await startE2E({ releasesDir: dir.dir });
  });
  afterAll(async () => {
    await years?.close();
    await remove?.();
  });

  it('Next shows the later periods, with the chart of every period still the embed\'s image, uploaded once per page', async () => {
    const asked = years.fake.chatInput('trend', [str('metric', 'revenue')]);
    const response = await asked.response;
    const first = callbackOf(response);
    expect(pageOf(first.data)).toEqual([1, 2]);
    expect(embedOf(first.data).image?.url).toBe('attachment://chart.png');
    expect(response.files.map((f) => f.filename)).toEqual(['chart.png']);
    expect(textOf(first.data)).toContain('Q1 2002');

    const clicked = years.fake.button(buttonLabelled(first.data, 'Next').custom_id);
    const update = await clicked.response;
    const second = callbackOf(update);
    expect(second.type).toBe(7);
    expect(pageOf(second.data)).toEqual([2, 2]);
    expect(textOf(second.data)).toContain('FY 2009');
    expect(textOf(second.data)).not.toContain('Q1 2002:');
    expect(embedOf(second.data).image?.url).toBe('attachment://chart.png');
    expect(update.files.map((f) => f.filename)).toEqual(['chart.png']);
    expect(update.files[0]?.data.equals(response.files[0]?.data ?? Buffer.alloc(0))).toBe(true);
    // The new chart replaces the old: the message holds one.
    const message = years.fake.botMessages(years.fake.channelIds.general).find((m) => m.interaction_metadata?.id === asked.id);
    expect(message?.attachments.map((a) => a.filename)).toEqual(['chart.png']);
    expect(isDisabled(second.data, 'Next')).toBe(true);
  });
});
