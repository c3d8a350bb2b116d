/**
 * How long the worst files under the 2 MB cap take to read and build: the attacks that once froze
 * the bot for minutes. Target: the slowest well under the 5 s budget a file has before it is refused.
 *
 * Alone: `node --import ./knowledge/typescript.mjs bench/hostile.ts`.
 */
import { releaseFromText } from '../knowledge/read-release.ts';
import { buildSnapshot } from '../knowledge/snapshot.ts';
import { figureLine, manyRows, quoteParagraph, repeatedHeaders, shortRows } from '../test/hardening/hostile.ts';
import { isMain } from './stats.ts';

const ATTACKS: Array<[string, () => string]> = [
  ['a paragraph of short quotes', () => quoteParagraph()],
  ['repeated table headers', () => repeatedHeaders()],
  ['a line of figures after the dateline', () => figureLine()],
  ['30,000 table rows', () => manyRows(30_000)],
  ['125,000 facts', () => shortRows(62_500)],
];

export interface HostileBench {
  /** Milliseconds to read and build each attack, by name. */
  ms: Record<string, number>;
  slowestMs: number;
}

export function benchHostile(): HostileBench {
  const ms: Record<string, number> = {};
  for (const [name, make] of ATTACKS) {
    const text = make();
    const started = performance.now();
    buildSnapshot([releaseFromText(`${name}.txt`, text)]);
    ms[name] = performance.now() - started;
  }
  return { ms, slowestMs: Math.max(...Object.values(ms)) };
}

if (isMain(import.meta.url)) {
  const { ms, slowestMs } = benchHostile();
  for (const [name, value] of Object.entries(ms)) console.log(`${name.padEnd(40)} ${value.toFixed(0)} ms`);
  console.log(`slowest: ${slowestMs.toFixed(0)} ms (target < 2000 ms)`);
}
