/**
 * One file of the releases folder to a parsed release, whatever the file holds: read with limits,
 * decoded, parsed. Nothing throws past this module: whatever goes wrong is a refusal naming the
 * file and saying why.
 */
import { decodeRelease } from './decode.ts';
import { parseRelease, type ParsedRelease } from './parse/release.ts';
import { readFileInside, type SizeLimit } from './read-file.ts';

export interface ReleaseRead {
  parsed: ParsedRelease;
  /** Bytes read from the file (0 when it was refused before reading). */
  bytes: number;
}

const refusal = (release: string, reason: string): ParsedRelease => ({ ok: false, release, reason });

/** Parses a release's text; a parser fault refuses the file rather than the whole folder. */
export function releaseFromText(release: string, text: string): ParsedRelease {
  try {
    return parseRelease(release, text);
  } catch (error) {
    return refusal(release, `could not be read (${(error as Error).message}): refused`);
  }
}

/** A release's bytes (a file's, an upload's), decoded and parsed as the file `release`. */
export function releaseFromBytes(release: string, bytes: Buffer): ParsedRelease {
  const decoded = decodeRelease(bytes);
  return decoded.ok ? releaseFromText(release, decoded.text) : refusal(release, decoded.reason);
}

/** `folder` is the releases folder with its own links resolved. */
export async function readRelease(folder: string, name: string, limit: SizeLimit): Promise<ReleaseRead> {
  try {
    const read = await readFileInside(folder, name, limit);
    if (!read.ok) return { parsed: refusal(name, read.reason), bytes: 0 };
    return { parsed: releaseFromBytes(name, read.bytes), bytes: read.bytes.length };
  } catch (error) {
    return { parsed: refusal(name, `cannot be read: ${(error as Error).message}`), bytes: 0 };
  }
}
