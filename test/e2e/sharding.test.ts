/**
 * Two shards under a real ShardingManager (each a node process running bot/shard.ts under tsx)
 * against a two-shard fake: each shard answers in its own guild, one /reload on shard 1 reloads
 * both, and stopping ends every shard process.
 *
 * The shard processes read their config from process.env, so it is set before spawning and
 * restored afterwards. The manager is caught through a spy on its spawn, so that whatever the
 * bot's own stop() leaves running is ended here, by pid, and never outlives the test.
 */
import type { ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { ShardingManager } from 'discord.js';
import { afterAll, beforeAll, describe, expect, it, vi, type MockInstance } from 'vitest';
import { parseConfig } from '../../bot/config.ts';
import { startSharding } from '../../bot/discord/sharding.ts';
import { createLogger } from '../../bot/logger.ts';
import { type FakeDiscord, startFakeDiscord } from '../fake-discord/index.ts';
import { Q3_RELEASE, callbackOf, dropThirdQuarter, embedOf, metricCall, payloadOf, tempReleases, textOf, waitForEdit } from './support.ts';

const SHARD_TIMEOUT_MS = 60_000;

const ENV_KEYS = ['DISCORD_TOKEN', 'DISCORD_API_URL', 'RELEASES_DIR', 'SHARD_COUNT', 'LOG_LEVEL', 'MESSAGE_CONTENT_INTENT', 'ASK_CHANNEL_IDS'] as const;
const savedEnv = new Map<string, string | undefined>(ENV_KEYS.map((key) => [key, process.env[key]]));

let fake: FakeDiscord;
let releases: Awaited<ReturnType<typeof tempReleases>>;
let sharding: { stop(): Promise<void> } | undefined;
let spawnSpy: MockInstance<ShardingManager['spawn']>;

const managers = (): ShardingManager[] => spawnSpy.mock.contexts as ShardingManager[];
const shardProcesses = (): ChildProcess[] =>
  managers().flatMap((m) => [...m.shards.values()].map((s) => s.process).filter((p): p is ChildProcess => p !== null));
const isRunning = (p: ChildProcess) => p.exitCode === null && p.signalCode === null;

/** Ends every shard process still running and keeps the manager from starting new ones. */
async function endShards(): Promise<void> {
  for (const manager of managers()) {
    manager.respawn = false;
    for (const shard of manager.shards.values()) {
      // A shard killed while spawning rejects its spawn, which the manager re-emits as 'error'.
      shard.on('error', () => undefined);
      const child = shard.process;
      if (!child || !isRunning(child)) continue;
      const exited = once(child, 'exit');
      shard.kill();
      const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
      await exited;
      clearTimeout(timer);
    }
  }
}

const revenueIn = async (guildId: string, period: string) =>
  textOf(callbackOf(await fake.chatInput('metric', metricCall('revenue', period), { guildId }).response).data);

beforeAll(async () => {
  spawnSpy = vi.spyOn(ShardingManager.prototype, 'spawn');
  fake = await startFakeDiscord({ shards: 2, guilds: 2 });
  releases = await tempReleases();
  Object.assign(process.env, {
    DISCORD_TOKEN: fake.token,
    DISCORD_API_URL: fake.apiUrl,
    RELEASES_DIR: releases.dir,
    SHARD_COUNT: '2',
    LOG_LEVEL: 'error',
    MESSAGE_CONTENT_INTENT: 'true',
    ASK_CHANNEL_IDS: fake.guilds.map((g) => g.channelIds.ask).join(','),
  });
  const parsed = parseConfig(process.env);
  if (!parsed.ok) throw new Error(parsed.errors.join('; '));
  sharding = await startSharding(parsed.config, createLogger('warn'));
  await Promise.all([fake.whenReady(0, SHARD_TIMEOUT_MS), fake.whenReady(1, SHARD_TIMEOUT_MS)]);
}, SHARD_TIMEOUT_MS);

afterAll(async () => {
  try {
    await sharding?.stop();
  } finally {
    await endShards();
    await fake?.close();
    await releases?.remove();
    for (const [key, value] of savedEnv) {
      if (value === undefined) delete process.env[key];
      else process.env[key] = value;
    }
    spawnSpy?.mockRestore();
  }
}, SHARD_TIMEOUT_MS);

describe('two shards under a ShardingManager', () => {
  it('puts one guild on each shard, each shard logged in once', () => {
    expect(fake.guilds.map((g) => g.shardId)).toEqual([0, 1]);
    expect([fake.identifyCount(0), fake.identifyCount(1)]).toEqual([1, 1]);
    expect(shardProcesses().filter(isRunning)).toHaveLength(2);
  });

  it('answers /metric in each guild, from that guild\'s shard', async () => {
    const [guild0, guild1] = fake.guildIds as [string, string];

    const [on0, on1] = await Promise.all([revenueIn(guild0, 'Q4 2003'), revenueIn(guild1, 'Q4 2003')]);

    expect(on0).toContain('**$14.4 million**');
    expect(on1).toContain('**$14.4 million**');
  }, SHARD_TIMEOUT_MS);

  it('reloads both shards from one /reload on shard 1: the report lists both, and both guilds serve the new release', async () => {
    const [guild0, guild1] = fake.guildIds as [string, string];
    expect(await revenueIn(guild0, 'Q3 2003')).toMatch(/derived/i);
    expect(await revenueIn(guild1, 'Q3 2003')).toMatch(/derived/i);
    await dropThirdQuarter(releases.dir);

    const sent = fake.chatInput('reload', [], { guildId: guild1, user: fake.users.admin });

    expect(callbackOf(await sent.response).type).toBe(5);
    const edit = await waitForEdit(fake, sent.id);
    const payload = payloadOf(edit);
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
  }, SHARD_TIMEOUT_MS);

  it('stop() ends every shard process, and the manager does not start them again', async () => {
    const before = shardProcesses();
    expect(before.filter(isRunning)).toHaveLength(2);

    const stopping = sharding;
    sharding = undefined;
    await stopping?.stop();

    for (const child of before) expect(isRunning(child), `shard process ${child.pid}`).toBe(false);
    const running = shardProcesses().filter(isRunning).map((p) => p.pid);
    expect(running, 'shard processes running after stop() (respawned by the ShardingManager)').toEqual([]);
  }, SHARD_TIMEOUT_MS);
});
