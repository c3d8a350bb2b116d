/**
 * Reads the releases folder into a snapshot. Every `*.txt`, `*.htm` and `*.html` file in it is a
 * release; adding one and reloading is all it takes. Nothing throws past this module: an unreadable folder is a failed load
 * with a reason, an unreadable, foreign or oversized file a refusal naming it, and the readable
 * releases are served beside the refusals.
 */
import { readdir, realpath } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { readOffThread, type ReadLimits } from './off-thread.ts';
import type { ParsedRelease } from './parse/release.ts';
import { buildSnapshot, type Snapshot } from './snapshot.ts';

/** Release files: plain text, or HTML as companies publish them. */
export const RELEASE_FILE = /\.(txt|html?)$/i;

/** `RELEASES_DIR` when set, else the project's own copy. */
export function releasesDir(env: NodeJS.ProcessEnv = process.env): string {
  return env.RELEASES_DIR || fileURLToPath(new URL('./releases/', import.meta.url));
}

export type LoadResult = { ok: true; snapshot: Snapshot } | { ok: false; reason: string };

/**
 * Press releases are tens of kilobytes and a few hundred facts; these bounds are far above that and
 * keep a hostile folder from costing the bot its memory (each file's, and all of them together) or
 * its answers' speed (a snapshot of millions of facts).
 */
export const DEFAULT_LIMITS: ReadLimits & { totalFacts: number } = {
  fileBytes: 2_000_000,
  totalBytes: 20_000_000,
  fileMs: 5_000,
  totalFacts: 50_000,
};

/** Refuses the releases past the total fact bound, in folder order. */
function withinFactBound(parsed: ParsedRelease[], totalFacts: number): ParsedRelease[] {
  let facts = 0;
  return parsed.map((p) => {
    if (!p.ok) return p;
    facts += p.facts.length;
    if (facts <= totalFacts) return p;
    return { ok: false, release: p.release, reason: `not served: the releases before it already hold ${facts - p.facts.length} facts, and all of them together may hold ${totalFacts}` };
  });
}

export async function readReleases(dir: string, limits = DEFAULT_LIMITS): Promise<ParsedRelease[]> {
  const names = (await readdir(dir)).filter((n) => RELEASE_FILE.test(n)).sort();
  const parsed = await readOffThread(await realpath(dir), names, limits);
  return withinFactBound(parsed, limits.totalFacts);
}

export async function loadSnapshot(dir: string = releasesDir(), limits = DEFAULT_LIMITS): Promise<LoadResult> {
  let parsed: ParsedRelease[];
  try {
    parsed = await readReleases(dir, limits);
  } catch (error) {
    return { ok: false, reason: `cannot read the releases folder ${dir}: ${(error as Error).message}` };
  }
  if (!parsed.some((p) => p.ok)) {
    const why = parsed.map((p) => (p.ok ? '' : `${p.release}: ${p.reason}`)).filter(Boolean).join('; ');
    return { ok: false, reason: `no release in ${dir} (every *.txt, *.htm and *.html file there is read as one)${why ? `; refused: ${why}` : ''}` };
  }
  try {
    return { ok: true, snapshot: buildSnapshot(parsed) };
  } catch (error) {
    return { ok: false, reason: `the releases in ${dir} could not be put together: ${(error as Error).message}` };
  }
}
