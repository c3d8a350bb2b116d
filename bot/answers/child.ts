/**
 * The answer service in a process of its own. Reading a question and computing its answer is CPU
 * work; on the Discord side it would hold up the gateway, every other reply and the heartbeats
 * while it runs. Here the Discord side only sends requests and gets plain messages back, and the
 * knowledge is opened and held by the answering process alone (once, however many shards).
 *
 * A process rather than a thread, so that it can run with V8 settings of its own
 * (bot/answers/tiers.ts): what suits answering would slow discord.js. It gets no Discord token
 * (it never talks to Discord), ignores the terminal's Ctrl-C (the Discord side drains first, then
 * closes it) and exits when the Discord side goes away.
 *
 * If it stops (a crash, a heap exhausted), the requests in flight fail (each asker gets the bot's
 * apology) and the next request starts a new one, which reopens the releases from the parse cache;
 * what was pending there (conversations, uploads not confirmed) is lost with it.
 */
import { type ChildProcess, fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { releasesDir } from '../../knowledge/load.ts';
import { storeOptions, type Config } from '../config.ts';
import { shardIds } from '../discord/sharding.ts';
import type { Logger } from '../logger.ts';
import type { ChildMessage, ChildSettings, Loaded, Method, Request } from './protocol.ts';
import type { AnswerService } from './service.ts';

const MAIN = new URL('./child-main.ts', import.meta.url);

/** The answering process's settings from the bot's config. */
export function childSettings(config: Config): ChildSettings {
  return {
    dir: config.RELEASES_DIR ?? releasesDir(),
    store: storeOptions(config),
    logLevel: config.LOG_LEVEL,
    keepUserIds: config.UNANSWERED_KEEP_USER_IDS,
    shards: shardIds(config.SHARD_COUNT),
  };
}

/** The environment the answering process starts with: the bot's, without its token. */
function childEnv(): NodeJS.ProcessEnv {
  const { DISCORD_TOKEN: _token, ...env } = process.env;
  return env;
}

type Pending = { resolve: (value: unknown) => void; reject: (error: Error) => void };

interface Running {
  child: ChildProcess;
  /** Settles when the releases are open: what they hold, or why they did not open. */
  ready: Promise<{ ok: true; loaded: Loaded } | { ok: false; reason: string }>;
}

export type Opened = { ok: true; answers: AnswerService; loaded: Loaded } | { ok: false; reason: string };

/**
 * Starts the answering process; settles once its releases are open (or could not be). `main`: the
 * process's module (bot/answers/child-main.ts; a test gives one that fails on cue).
 */
export async function childAnswers(settings: ChildSettings, logger: Logger, main: URL = MAIN): Promise<Opened> {
  const pending = new Map<number, Pending>();
  let nextId = 0;
  let closed = false;

  const start = (): Running => {
    // Its settings as its one argument: plain data, no secret. Values cross in V8's serialization, as between threads (bytes stay bytes).
    const child = fork(fileURLToPath(main), [JSON.stringify(settings)], { execArgv: ['--import', 'tsx'], env: childEnv(), serialization: 'advanced' });
    const ready = new Promise<Awaited<Running['ready']>>((resolve) => {
      child.on('message', (message: ChildMessage) => {
        if (message.kind === 'ready') resolve({ ok: true, loaded: message.loaded });
        else if (message.kind === 'failed') resolve({ ok: false, reason: message.reason });
        else if (message.kind === 'prepared') logger.info({ releases: message.releases, facts: message.facts, warnings: message.warnings, ms: message.ms }, 'knowledge prepared');
        else {
          const waiting = pending.get(message.id);
          pending.delete(message.id);
          if (message.ok) waiting?.resolve(message.value);
          else waiting?.reject(new Error(message.error));
        }
      });
      child.on('error', (error) => logger.error({ err: error }, 'the answering process failed'));
      child.once('exit', (code, signal) => {
        const why = `the answering process stopped (${code === null ? `signal ${signal}` : `exit code ${code}`})`;
        resolve({ ok: false, reason: why });
        if (running?.child === child) running = undefined;
        if (closed) return;
        logger.error({ exitCode: code, signal, inFlight: pending.size }, 'the answering process stopped: the next question starts it again');
        for (const [id, waiting] of pending) {
          pending.delete(id);
          waiting.reject(new Error(why));
        }
      });
    });
    return { child, ready };
  };

  let running: Running | undefined = start();
  const first = await running.ready;
  if (!first.ok) {
    closed = true;
    await stop(running);
    return first;
  }

  const request = async <M extends Method>(method: M, ...args: Parameters<AnswerService[M]>): Promise<Awaited<ReturnType<AnswerService[M]>>> => {
    if (closed) throw new Error('the bot is shutting down');
    running ??= start();
    const { child, ready } = running;
    const opened = await ready;
    if (!opened.ok) throw new Error(opened.reason);
    // Stopped since it was ready: a message to it would never be answered.
    if (running?.child !== child || !child.connected) throw new Error('the answering process stopped');
    const id = nextId++;
    const answered = new Promise<unknown>((resolve, reject) => pending.set(id, { resolve, reject }));
    child.send({ id, method, args } satisfies Request<M>);
    return answered as Promise<Awaited<ReturnType<AnswerService[M]>>>;
  };

  const answers: AnswerService = {
    ask: (...args) => request('ask', ...args),
    command: (...args) => request('command', ...args),
    button: (...args) => request('button', ...args),
    pick: (...args) => request('pick', ...args),
    autocomplete: (...args) => request('autocomplete', ...args),
    examineUpload: (...args) => request('examineUpload', ...args),
    clickUpload: (...args) => request('clickUpload', ...args),
    confirmUpload: (...args) => request('confirmUpload', ...args),
    async close() {
      closed = true;
      await stop(running);
    },
  };
  return { ok: true, answers, loaded: first.loaded };
}

/** Closes its channel, which ends the answering process, and waits until it has exited. */
async function stop(running: Running | undefined): Promise<void> {
  const child = running?.child;
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  if (child.connected) child.disconnect();
  else child.kill();
  await exited;
}
