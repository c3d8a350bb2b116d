/**
 * The snapshot being served, and its reload: build a new snapshot from the folder and swap it in
 * whole, or keep the old one and say why. Two reloads at once share one build.
 */
import type { Fact } from './facts.ts';
import { loadSnapshot, releasesDir } from './load.ts';
import type { Snapshot } from './snapshot.ts';

export interface ReloadReport {
  ok: boolean;
  /** Why the old snapshot is still served, when not ok. */
  reason?: string;
  releasesAdded: string[];
  releasesRemoved: string[];
  factsAdded: number;
  factsRemoved: number;
  warnings: number;
  refused: Array<{ release: string; reason: string }>;
  releases: number;
  facts: number;
  /** Under sharding: each shard's own result. */
  shards?: Array<{ shard: number; ok: boolean; reason?: string }>;
}

export interface Store {
  current(): Snapshot;
  reload(): Promise<ReloadReport>;
  readonly dir: string;
}

const factKey = (f: Fact) => JSON.stringify(f);

export function diffSnapshots(before: Snapshot, after: Snapshot): Omit<ReloadReport, 'ok' | 'reason'> {
  const names = (s: Snapshot) => new Set(s.releases.map((r) => r.release));
  const [was, now] = [names(before), names(after)];
  const oldFacts = new Set(before.facts.map(factKey));
  const newFacts = new Set(after.facts.map(factKey));
  return {
    releasesAdded: [...now].filter((r) => !was.has(r)),
    releasesRemoved: [...was].filter((r) => !now.has(r)),
    factsAdded: [...newFacts].filter((f) => !oldFacts.has(f)).length,
    factsRemoved: [...oldFacts].filter((f) => !newFacts.has(f)).length,
    warnings: after.warnings.length,
    refused: [...after.refused],
    releases: after.releases.length,
    facts: after.facts.length,
  };
}

/** Loads the first snapshot; fails when the folder holds no release at all. */
export async function openStore(dir: string = releasesDir()): Promise<{ ok: true; store: Store } | { ok: false; reason: string }> {
  const first = await loadSnapshot(dir);
  if (!first.ok) return first;
  let snapshot = first.snapshot;
  let pending: Promise<ReloadReport> | undefined;

  const kept = (reason: string, refused: ReloadReport['refused'] = []): ReloadReport => ({
    ok: false,
    reason,
    releasesAdded: [],
    releasesRemoved: [],
    factsAdded: 0,
    factsRemoved: 0,
    warnings: snapshot.warnings.length,
    refused,
    releases: snapshot.releases.length,
    facts: snapshot.facts.length,
  });

  const rebuild = async (): Promise<ReloadReport> => {
    const next = await loadSnapshot(dir);
    if (!next.ok) return kept(`not reloaded, the current data is still served: ${next.reason}`);
    // A file that is not a release, or cannot be read, fails the reload: serving without it would
    // silently drop data its author meant to add.
    if (next.snapshot.refused.length > 0) {
      const why = next.snapshot.refused.map((r) => `${r.release}: ${r.reason}`).join('; ');
      return kept(`not reloaded, the current data is still served: ${why}`, [...next.snapshot.refused]);
    }
    const diff = diffSnapshots(snapshot, next.snapshot);
    snapshot = next.snapshot;
    return { ok: true, ...diff };
  };

  const store: Store = {
    dir,
    current: () => snapshot,
    reload: () => {
      pending ??= rebuild().finally(() => {
        pending = undefined;
      });
      return pending;
    },
  };
  return { ok: true, store };
}
