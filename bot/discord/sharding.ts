/**
 * Sharding for large deployments (Discord requires it from 2,500 guilds): SHARD_COUNT runs that
 * many gateway shards in this one process, on one client. The knowledge is built and held once,
 * whatever the number of shards, and a `/reload` swaps the one snapshot every shard answers from;
 * its report names each shard.
 */
import type { Store } from '../../knowledge/store.ts';

/** The shards this client runs: every one of SHARD_COUNT, or none named (Discord's single shard). */
export function shardIds(shardCount: number | undefined): number[] {
  return shardCount && shardCount >= 2 ? Array.from({ length: shardCount }, (_, id) => id) : [];
}

/** A store whose reload report lists the shards that now serve from the reloaded snapshot. */
export function shardedStore(local: Store, shards: readonly number[]): Store {
  return {
    dir: local.dir,
    current: () => local.current(),
    ...(local.lastLoad ? { lastLoad: local.lastLoad } : {}),
    ...(local.prepared ? { prepared: local.prepared } : {}),
    async reload() {
      const report = await local.reload();
      const reason = report.ok ? undefined : report.reason ?? 'the reload failed';
      return { ...report, shards: shards.map((shard) => ({ shard, ok: report.ok, ...(reason ? { reason } : {}) })) };
    },
  };
}
