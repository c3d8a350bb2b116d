/**
 * SHARD_COUNT=2: one bot process, one discord.js client on both gateway shards of a two-shard fake
 * Discord, answering from one store. Each shard answers in its own guild; one /reload swaps the
 * snapshot both serve, and its report names both shards.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStore } from '../../knowledge/store.ts';
import { type E2E, Q3_RELEASE, callbackOf, dropThirdQuarter, embedOf, metricCall, payloadOf, startE2E, tempReleases, textOf, waitForEdit } from './support.ts';

let e2e: E2E;
let releases: Awaited<ReturnType<typeof tempReleases>>;

const revenueIn = async (guildId: string, period: string) =>
  textOf(callbackOf(await e2e.fake.chatInput('metric', metricCall('revenue', period), { guildId }).response).data);

beforeAll(async () => {
  releases = await tempReleases();
  const opened = await openStore(releases.dir);
  if (!opened.ok) throw new Error(opened.reason);
  e2e = await startE2E({ store: opened.store, shards: 2, guilds: 2, env: { SHARD_COUNT: '2' } });
  await Promise.all([e2e.fake.whenReady(0, 10_000), e2e.fake.whenReady(1, 10_000)]);
});

afterAll(async () => {
  await e2e?.close();
  await releases?.remove();
});

describe('SHARD_COUNT=2: two gateway shards on one client', () => {
  it('puts one guild on each shard, each shard logged in once, by the one client', () => {
    expect(e2e.fake.guilds.map((g) => g.shardId)).toEqual([0, 1]);
    expect([e2e.fake.identifyCount(0), e2e.fake.identifyCount(1)]).toEqual([1, 1]);
    expect(e2e.bot.client.guilds.cache.size).toBe(2);
  });

  it("answers /metric in each guild, from that guild's shard", async () => {
    const [guild0, guild1] = e2e.fake.guildIds as [string, string];

    const [on0, on1] = await Promise.all([revenueIn(guild0, 'Q4 2003'), revenueIn(guild1, 'Q4 2003')]);

    expect(on0).toContain('**$14.4 million**');
    expect(on1).toContain('**$14.4 million**');
  });

  it('reloads once for both shards from a /reload on shard 1: the report names both, and both guilds serve the new release', async () => {
    const [guild0, guild1] = e2e.fake.guildIds as [string, string];
    expect(await revenueIn(guild0, 'Q3 2003')).toMatch(/derived/i);
    await dropThirdQuarter(releases.dir);

    const sent = e2e.fake.chatInput('reload', [], { guildId: guild1, user: e2e.fake.users.admin });

    expect(callbackOf(await sent.response).type).toBe(5);
    const payload = payloadOf(await waitForEdit(e2e.fake, sent.id));
    expect(embedOf(payload).title).toMatch(/^Reloaded/);
    const shards = embedOf(payload).fields?.find((f) => f.name === 'Shards')?.value ?? '';
    expect(shards).toMatch(/shard 0: reloaded/);
    expect(shards).toMatch(/shard 1: reloaded/);
    expect(textOf(payload)).toContain(Q3_RELEASE);
    for (const guildId of [guild0, guild1]) {
      const text = await revenueIn(guildId, 'Q3 2003');
      expect(text, guildId).toContain('$13.582 million');
      expect(text, guildId).not.toMatch(/derived/i);
    }
  });
});
