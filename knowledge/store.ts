/**
 * The snapshot being served, and its reload: build a new snapshot from the folder and swap it in
 * whole, or keep the old one and say why. Two reloads at once share one build.
 *
 * One rule at start and at reload: the readable releases are served, and the files refused are
 * listed with their reasons (in the report, and in the snapshot for /sources). A reload also names
 * every release that now yields fewer facts, or fails a check it passed, since a file edited into a
 * layout the parser reads less of would otherwise go unnoticed.
 */
import type { Fact } from './facts.ts';
import { DEFAULT_LIMITS, loadOptionsFromEnv, loadSnapshot, releasesDir, type LoadOptions, type LoadStats } from './load.ts';
import type { Book, Snapshot } from './snapshot.ts';

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
  /** Releases served before and now that lost facts or newly fail a check: what and why. */
  regressions: Array<{ release: string; reason: string }>;
  releases: number;
  facts: number;
  /** Under sharding: the shards that now serve the reloaded snapshot (all of them share it). */
  shards?: Array<{ shard: number; ok: boolean; reason?: string }>;
  /** What the load read: files kept unchanged, served from the parse cache, parsed. */
  load?: LoadStats;
}

export interface Store {
  current(): Snapshot;
  reload(): Promise<ReloadReport>;
  readonly dir: string;
  /** What the last load read (the first, or the last reload that succeeded). */
  lastLoad?(): LoadStats;
  /** Resolves when every book of the snapshot served is built. */
  prepared?(): Promise<void>;
}

const factKey = (f: Fact) => JSON.stringify(f);

const CHECKS = new Set(['check_failed', 'misprint']);

/** Derived facts come and go with the other releases (a new quarter replaces a derived one). */
const DERIVED = new Set(['derived', 'ratio']);

type Health = Map<string, { facts: number; failed: Set<string> }>;

/** Per release of the book: the facts read from it, and its failed checks. */
function health(book: Book | undefined, out: Health = new Map()): Health {
  if (!book) return out;
  for (const r of book.releases) out.set(r.release, { facts: 0, failed: new Set<string>() });
  for (const f of book.facts) {
    const entry = out.get(f.release);
    if (entry && !DERIVED.has(f.kind)) entry.facts += 1;
  }
  for (const w of book.warnings) if (w.release && CHECKS.has(w.code)) out.get(w.release)?.failed.add(w.message);
  return out;
}

function regressions(was: Health, now: Health): ReloadReport['regressions'] {
  const out: ReloadReport['regressions'] = [];
  for (const [release, after] of now) {
    const then = was.get(release);
    if (!then) continue;
    const reasons: string[] = [];
    if (after.facts < then.facts) reasons.push(`${after.facts} facts, ${then.facts} before the reload`);
    const newly = [...after.failed].filter((m) => !then.failed.has(m));
    if (newly.length > 0) reasons.push(`newly fails ${newly.length === 1 ? 'a check' : `${newly.length} checks`}: ${newly.join('; ')}`);
    if (reasons.length > 0) out.push({ release, reason: reasons.join('; ') });
  }
  return out;
}

/**
 * What a reload changed. Only the books that are not the very books served before are compared:
 * a book a reload kept (its releases untouched) changed nothing, however many facts it holds.
 */
export function diffSnapshots(before: Snapshot, after: Snapshot): Omit<ReloadReport, 'ok' | 'reason'> {
  const names = (s: Snapshot) => new Set(s.releases.map((r) => r.release));
  const [was, now] = [names(before), names(after)];
  const keys = new Set([...before.books, ...after.books].map((b) => b.company.key));
  let factsAdded = 0;
  let factsRemoved = 0;
  const [healthBefore, healthAfter]: [Health, Health] = [new Map(), new Map()];
  for (const key of keys) {
    const [old, fresh] = [before.book(key), after.book(key)];
    if (old === fresh) continue;
    const oldFacts = new Set((old?.facts ?? []).map(factKey));
    const newFacts = new Set((fresh?.facts ?? []).map(factKey));
    for (const f of newFacts) if (!oldFacts.has(f)) factsAdded += 1;
    for (const f of oldFacts) if (!newFacts.has(f)) factsRemoved += 1;
    health(old, healthBefore);
    health(fresh, healthAfter);
  }
  return {
    releasesAdded: [...now].filter((r) => !was.has(r)),
    releasesRemoved: [...was].filter((r) => !now.has(r)),
    factsAdded,
    factsRemoved,
    warnings: after.warnings.length,
    refused: [...after.refused],
    regressions: regressions(healthBefore, healthAfter),
    releases: after.releases.length,
    facts: after.factCount,
  };
}

export type StoreOptions = Omit<LoadOptions, 'previous'>;

/**
 * Loads the first snapshot; fails when the folder holds no release at all. Without `options`, the
 * load's settings come from the environment (`CACHE_DIR`, `PARSE_WORKERS`, the `RELEASES_MAX_*` limits).
 *
 * Each snapshot is served as soon as its releases are read; its books' figures are then built in the
 * background, a book at a time (a question about a book not built yet builds it first). `prepared()`
 * resolves when the snapshot served now is fully built.
 */
export async function openStore(dir: string = releasesDir(), options?: StoreOptions): Promise<{ ok: true; store: Store } | { ok: false; reason: string }> {
  let settings: StoreOptions;
  if (options) settings = options;
  else {
    const fromEnv = loadOptionsFromEnv();
    if (!fromEnv.ok) return fromEnv;
    settings = fromEnv.options;
  }
  const limits = settings.limits ?? DEFAULT_LIMITS;
  const first = await loadSnapshot(dir, limits, settings);
  if (!first.ok) return first;
  let snapshot = first.snapshot;
  let state = first.state;
  let lastLoad = first.stats;
  let pending: Promise<ReloadReport> | undefined;
  let preparing: { controller: AbortController; done: Promise<void> } | undefined;

  const prepare = () => {
    preparing?.controller.abort();
    const controller = new AbortController();
    preparing = { controller, done: snapshot.prepare({ signal: controller.signal }) };
  };
  prepare();

  const kept = (reason: string): ReloadReport => ({
    ok: false,
    reason,
    releasesAdded: [],
    releasesRemoved: [],
    factsAdded: 0,
    factsRemoved: 0,
    warnings: snapshot.warnings.length,
    refused: [],
    regressions: [],
    releases: snapshot.releases.length,
    facts: snapshot.factCount,
  });

  const rebuild = async (): Promise<ReloadReport> => {
    const next = await loadSnapshot(dir, limits, { ...settings, previous: state });
    if (!next.ok) return kept(`not reloaded, the current data is still served: ${next.reason}`);
    const diff = diffSnapshots(snapshot, next.snapshot);
    snapshot = next.snapshot;
    state = next.state;
    lastLoad = next.stats;
    prepare();
    return { ok: true, ...diff, load: next.stats };
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
    lastLoad: () => lastLoad,
    prepared: async () => {
      // A reload may start another preparation meanwhile: wait for the one of the snapshot served.
      for (;;) {
        const current = preparing;
        await current?.done;
        if (current === preparing) return;
      }
    },
  };
  return { ok: true, store };
}
