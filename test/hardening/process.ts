/**
 * The bot as an operator runs it: a real process started with the production command, in its own
 * process group, its JSON log lines read as they come, its exit awaited.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

export interface LogLine {
  msg: string;
  level: number;
  [key: string]: unknown;
}

export interface BotProcess {
  child: ChildProcess;
  /** Every line written to stdout and stderr, in order. */
  output: string[];
  /** The JSON log lines among them. */
  logs(): LogLine[];
  waitForLog(predicate: (line: LogLine) => boolean, timeoutMs?: number): Promise<LogLine>;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** Ends whatever of the group still runs (the test's own cleanup, not the bot's). */
  kill(): void;
}

function parse(line: string): LogLine | undefined {
  try {
    const value: unknown = JSON.parse(line);
    return typeof value === 'object' && value !== null && 'msg' in value ? (value as LogLine) : undefined;
  } catch {
    return undefined;
  }
}

/** `command` is `npm start` or the container's `node --import ./knowledge/typescript.mjs bot/main.ts`. */
export function startBot(command: readonly string[], env: Record<string, string>): BotProcess {
  const [file, ...args] = command;
  if (!file) throw new Error('no command');
  const child = spawn(file, args, {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  const waiters = new Set<() => void>();
  const take = (chunk: Buffer) => {
    output.push(...chunk.toString('utf8').split('\n').filter(Boolean));
    for (const check of [...waiters]) check();
  };
  child.stdout?.on('data', take);
  child.stderr?.on('data', take);
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  const logs = () => output.map(parse).filter((l): l is LogLine => l !== undefined);
  return {
    child,
    output,
    logs,
    exited,
    waitForLog: (predicate, timeoutMs = 30_000) =>
      new Promise((resolve, reject) => {
        const check = () => {
          const found = logs().find(predicate);
          if (!found) return;
          waiters.delete(check);
          clearTimeout(timer);
          resolve(found);
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`no matching log line within ${timeoutMs} ms; output:\n${output.join('\n')}`));
        }, timeoutMs);
        waiters.add(check);
        check();
      }),
    kill() {
      if (child.pid === undefined) return;
      // The whole group: a bot orphaned by its npm parent is still in it.
      try {
        process.kill(-child.pid, 'SIGKILL');
      } catch {
        // ESRCH: nothing of the group is left.
      }
    },
  };
}
