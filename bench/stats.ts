/** Small statistics the benchmarks share. */
import { readFileSync } from 'node:fs';
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

/** Clock ticks per second of /proc's CPU times (USER_HZ: 100 on Linux). */
const TICKS_PER_SECOND = 100;

/**
 * CPU time of the processes this one's main thread started (and theirs), in µs, from /proc: 0 where there is no /proc,
 * and a process that has exited is no longer counted (measure across a span its processes live through).
 */
function childrenCpuUs(pid = String(process.pid)): number {
  let us = 0;
  let children: string[] = [];
  try {
    children = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').split(' ').filter((c) => c.trim() !== '');
  } catch {
    return 0;
  }
  for (const child of children) {
    try {
      const stat = readFileSync(`/proc/${child}/stat`, 'utf8');
      // Fields after the command's closing parenthesis: utime and stime are the 12th and 13th.
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      us += ((Number(fields[11]) + Number(fields[12])) * 1e6) / TICKS_PER_SECOND;
    } catch {
      // Exited in between: its time is no longer this run's.
    }
    us += childrenCpuUs(child);
  }
  return us;
}

/** CPU time of this process and the processes it started (the bot's answering process), in µs. */
export function treeCpuUs(): number {
  const own = process.cpuUsage();
  return own.user + own.system + childrenCpuUs();
}
