/**
 * Sharding for large deployments: SHARD_COUNT starts a ShardingManager with that many shards (a
 * number: 'auto' would ask discord.com). Each shard holds its own snapshot; `/reload` on any shard
 * reloads every shard through broadcastEval and reports each shard's result.
 */
import { fileURLToPath } from 'node:url';
import { ShardingManager, type Client } from 'discord.js';
import type { ReloadReport, Store } from '../../knowledge/store.ts';
import type { Config } from '../config.ts';
import type { Logger } from '../logger.ts';

/** What broadcastEval can reach on every shard's client: its own store's reload. */
interface ReloadableClient extends Client {
  reloadKnowledge?: () => Promise<ReloadReport>;
}

/** A store whose reload runs on every shard and merges the reports. */
export function shardedStore(client: ReloadableClient, local: Store): Store {
  client.reloadKnowledge = () => local.reload();
  return {
    dir: local.dir,
    current: () => local.current(),
    ...(local.lastLoad ? { lastLoad: local.lastLoad } : {}),
    ...(local.prepared ? { prepared: local.prepared } : {}),
    async reload() {
      const shard = client.shard;
      if (!shard) return local.reload();
      const reports = await shard.broadcastEval((c) => (c as ReloadableClient).reloadKnowledge?.());
      const results = reports.map((r, id) => ({ shard: id, ok: Boolean(r?.ok), ...(r?.reason ? { reason: r.reason } : {}) }));
      const mine = reports[shard.ids[0] ?? 0] ?? (await local.reload());
      const failed = results.filter((r) => !r.ok);
      return {
        ...mine,
        ok: failed.length === 0,
        ...(failed.length > 0 ? { reason: failed.map((f) => `shard ${f.shard}: ${f.reason ?? 'no answer'}`).join('; ') } : {}),
        shards: results,
      };
    },
  };
}

export async function startSharding(config: Config, logger: Logger): Promise<{ stop(): Promise<void> }> {
  const manager = new ShardingManager(fileURLToPath(new URL('../shard.ts', import.meta.url)), {
    totalShards: config.SHARD_COUNT ?? 1,
    token: config.DISCORD_TOKEN,
    // Shards are node processes running TypeScript through tsx, as the manager does.
    execArgv: ['--import', 'tsx'],
    respawn: true,
  });
  manager.on('shardCreate', (shard) => logger.info({ shard: shard.id }, 'shard started'));
  await manager.spawn({ delay: 0, timeout: 60_000 });
  return {
    async stop() {
      // A shard that exits is respawned unless told otherwise; shard.kill() also drops that handler.
      manager.respawn = false;
      await Promise.all(manager.shards.map((shard) => {
        const child = shard.process;
        if (!child || child.exitCode !== null) return Promise.resolve();
        const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
        shard.kill();
        return exited;
      }));
    },
  };
}
