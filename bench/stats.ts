/** Small statistics the benchmarks share. */
import { pathToFileURL } from 'node:url';

/** The value below which `q` of the sorted samples fall (nearest rank). */
export function quantile(sorted: readonly number[], q: number): number {
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1));
  return sorted[rank] ?? NaN;
}

export const round = (n: number, decimals = 3) => Math.round(n * 10 ** decimals) / 10 ** decimals;

/** Whether this module is the script node was started with (run alone rather than imported). */
export function isMain(url: string): boolean {
  const entry = process.argv[1];
  return entry !== undefined && url === pathToFileURL(entry).href;
}
