/**
 * Reading one file of the releases folder without trusting it: only a regular file inside the
 * folder (a link may point elsewhere in it, never out of it), its size checked before a byte is
 * read, and never more than the limit read, even from a file that grows meanwhile.
 */
import { constants } from 'node:fs';
import { open, realpath } from 'node:fs/promises';
import { isAbsolute, join, relative } from 'node:path';

export type FileRead = { ok: true; bytes: Buffer } | { ok: false; reason: string };

/** The most bytes to read, and which limit that is, for the refusal to say. */
export interface SizeLimit {
  bytes: number;
  what: string;
}

/**
 * O_NONBLOCK: opening a named pipe for reading would otherwise wait for a writer, for ever.
 * O_NOFOLLOW: the path is already resolved; a link swapped in since is not followed.
 */
const OPEN_FLAGS = constants.O_RDONLY | constants.O_NONBLOCK | constants.O_NOFOLLOW;

/** `folder` is the releases folder with its own links resolved (`realpath`). */
export async function readFileInside(folder: string, name: string, limit: SizeLimit): Promise<FileRead> {
  const maxBytes = limit.bytes;
  let target: string;
  try {
    target = await realpath(join(folder, name));
  } catch (error) {
    return { ok: false, reason: `cannot be read: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message} (a link to nothing?)` };
  }
  const inside = relative(folder, target);
  if (inside === '' || inside.startsWith('..') || isAbsolute(inside)) {
    return { ok: false, reason: 'a link to a file outside the releases folder: not read' };
  }
  const handle = await open(target, OPEN_FLAGS);
  try {
    const stat = await handle.stat();
    if (!stat.isFile()) return { ok: false, reason: 'not a regular file (a named pipe, device or folder): not read' };
    if (stat.size > maxBytes) return { ok: false, reason: `${stat.size} bytes, over the ${maxBytes}-byte limit ${limit.what}: not read` };
    // One byte more than allowed tells a file that grew past the limit since the stat.
    const bytes = Buffer.alloc(Math.min(stat.size, maxBytes) + 1);
    let filled = 0;
    for (;;) {
      const { bytesRead } = await handle.read(bytes, filled, bytes.length - filled, filled);
      if (bytesRead === 0) break;
      filled += bytesRead;
      if (filled === bytes.length) break;
    }
    if (filled > maxBytes) return { ok: false, reason: `grew over the ${maxBytes}-byte limit ${limit.what} while being read: not read` };
    return { ok: true, bytes: bytes.subarray(0, filled) };
  } finally {
    await handle.close();
  }
}
