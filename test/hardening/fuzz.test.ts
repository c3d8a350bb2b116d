/**
 * Fuzzing the loader with generated release texts (issue 10): pieces of the real releases, the
 * attacks that froze or crashed it, and noise, repeated and interleaved. Nothing throws out of the
 * loader, the time to read and build stays within a fixed bound per kilobyte, and every refusal
 * names its file and says why. Bounded: a few hundred cases, well under 30 s.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { decodeRelease } from '../../knowledge/decode.ts';
import { loadSnapshot } from '../../knowledge/load.ts';
import { parseRelease } from '../../knowledge/parse/release.ts';
import { releaseFromText } from '../../knowledge/read-release.ts';
import { buildSnapshot } from '../../knowledge/snapshot.ts';
import { Q1, Q2, Q4, releaseText } from '../support/releases.ts';

/** Fixed cost, and cost per kilobyte, allowed for reading and building one release: far above a linear parse. */
const BASE_MS = 100;
const MS_PER_KB = 5;

const realLines = [Q1, Q2, Q4].flatMap((name) => releaseText(name).split('\n'));

const ATTACKS = [
  '"Go," stated Zach Lonstein. ',
  '$1.2 million, 3.4% and 5,678 shares in 2003 ',
  '                                                      2003               2002',
  '                                                       Three Months Ended',
  '                                                            June 30,',
  'Revenues  1  2',
  '1,234,567,890,123,456,789,012,345,678,901,234',
  'About Infocrossing ((((((((((((((((',
  'The Company will hold a teleconference to discuss to discuss to discuss dial-in',
  'LEONIA, NJ, May 7, 2003 -- Infocrossing, Inc. (Nasdaq: IFOX)',
  'Mr. Lonstein concluded: "',
  '"EBITDA" is defined as',
  'Contacts:',
  '201-840-4710   203-222-9013',
  '<TABLE> <S> <C> </TABLE>',
  'e.g. i.e. U.S. Inc. No. vs. A. B. C. D. ',
  '\t\t\t',
  '\uD83D \uDE00 \u00A0\u2028 ',
];

const fragment = fc.oneof(
  fc.constantFrom(...realLines),
  fc.constantFrom(...ATTACKS),
  fc.string({ maxLength: 80, unit: 'binary' }),
);
/** A fragment repeated, joined by a line end or not, so that lines, paragraphs and tables grow. */
const run = fc.tuple(fragment, fc.integer({ min: 1, max: 400 }), fc.constantFrom('\n', '', ' ', '\r\n', '\r', '\t')).map(([text, times, glue]) => Array.from({ length: times }, () => text).join(glue));
const releaseTexts = fc.array(run, { minLength: 1, maxLength: 30 }).map((runs) => runs.join('\n').slice(0, 200_000));

describe('fuzz: generated release texts', () => {
  it('never throw out of the loader, stay within a time bound per kilobyte, and refusals name the file and why', () => {
    fc.assert(
      fc.property(releaseTexts, fc.constantFrom('fuzz.txt', 'a b.txt'), (content, name) => {
        const started = performance.now();
        const decoded = decodeRelease(Buffer.from(content));
        const parsed = decoded.ok ? releaseFromText(name, decoded.text) : { ok: false as const, release: name, reason: decoded.reason };
        buildSnapshot([parsed]);
        const ms = performance.now() - started;

        expect(ms, `${content.length} characters`).toBeLessThanOrEqual(BASE_MS + (MS_PER_KB * content.length) / 1000);
        if (!parsed.ok) {
          expect(parsed.release).toBe(name);
          expect(parsed.reason.length).toBeGreaterThan(0);
        }
        // The parser itself holds: the loader's safety net is never what saves it.
        if (decoded.ok) expect(() => parseRelease(name, decoded.text)).not.toThrow();
      }),
      { numRuns: 150, seed: 10 },
    );
  });

  describe('through the loader, files and all', () => {
    const dirs: string[] = [];
    afterAll(async () => {
      await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })));
    });

    it('a folder of generated files loads or fails with a reason; every refused file is named, with why', async () => {
      const samples = fc.sample(fc.tuple(releaseTexts, fc.constantFrom('utf8', 'utf16le')), { numRuns: 12, seed: 10 });
      const dir = await mkdtemp(join(tmpdir(), 'earnings-bot-fuzz-'));
      dirs.push(dir);
      const names = samples.map((_, i) => `fuzz-${String(i).padStart(2, '0')}.txt`);
      await writeFile(join(dir, Q1), releaseText(Q1));
      for (const [i, [content, encoding]] of samples.entries()) {
        const bytes = encoding === 'utf16le' ? Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(content, 'utf16le')]) : Buffer.from(content);
        await writeFile(join(dir, names[i] ?? ''), bytes);
      }

      const result = await loadSnapshot(dir);

      if (!result.ok) throw new Error(`the folder with ${Q1} in it did not load: ${result.reason}`);
      const served = result.snapshot.releases.map((r) => r.release);
      expect(served).toContain(Q1);
      for (const name of names) {
        const refusal = result.snapshot.refused.find((r) => r.release === name);
        expect(served.includes(name) || (refusal !== undefined && refusal.reason.length > 0), name).toBe(true);
      }
    });
  });
});
