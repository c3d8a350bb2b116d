/**
 * A release's text to a parsed release: a parser fault refuses the file rather than the whole
 * folder, saying why.
 */
import { parseRelease, type ParsedRelease } from './parse/release.ts';

const refusal = (release: string, reason: string): ParsedRelease => ({ ok: false, release, reason });

/** Parses a release's text; a parser fault refuses the file rather than the whole folder. */
export function releaseFromText(release: string, text: string): ParsedRelease {
  try {
    return parseRelease(release, text);
  } catch (error) {
    return refusal(release, `could not be read (${(error as Error).message}): refused`);
  }
}
