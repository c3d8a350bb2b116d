/**
 * Reads the releases folder into a snapshot. Every `*.txt` file in it is a release; adding one and
 * reloading is all it takes. Nothing throws past this module: an unreadable folder is a failed load
 * with a reason, an unreadable or foreign file a refusal.
 */
import { readdir, readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import { parseRelease, type ParsedRelease } from './parse/release.ts';
import { buildSnapshot, type Snapshot } from './snapshot.ts';

/** `RELEASES_DIR` when set, else the project's own copy. */
export function releasesDir(env: NodeJS.ProcessEnv = process.env): string {
  return env.RELEASES_DIR || fileURLToPath(new URL('./releases/', import.meta.url));
}

export type LoadResult = { ok: true; snapshot: Snapshot } | { ok: false; reason: string };

/** Releases larger than this are not press releases; reading them whole would only cost memory. */
const MAX_RELEASE_BYTES = 2_000_000;

export async function readReleases(dir: string): Promise<ParsedRelease[]> {
  const names = (await readdir(dir)).filter((n) => n.endsWith('.txt')).sort();
  return Promise.all(
    names.map(async (name): Promise<ParsedRelease> => {
      try {
        const content = await readFile(join(dir, name), 'utf8');
        if (content.length > MAX_RELEASE_BYTES) return { ok: false, release: name, reason: `larger than ${MAX_RELEASE_BYTES} bytes: not a press release` };
        if (content.includes('\u0000')) return { ok: false, release: name, reason: 'binary content: not a text release' };
        return parseRelease(name, content);
      } catch (error) {
        return { ok: false, release: name, reason: `cannot be read: ${(error as Error).message}` };
      }
    }),
  );
}

export async function loadSnapshot(dir: string = releasesDir()): Promise<LoadResult> {
  let parsed: ParsedRelease[];
  try {
    parsed = await readReleases(dir);
  } catch (error) {
    return { ok: false, reason: `cannot read the releases folder ${dir}: ${(error as Error).message}` };
  }
  if (!parsed.some((p) => p.ok)) return { ok: false, reason: `no release in ${dir} (every *.txt file there is read as one)` };
  return { ok: true, snapshot: buildSnapshot(parsed) };
}
