/**
 * The answer service on a thread of its own. Reading a question and computing its answer is CPU
 * work; on the Discord thread it would hold up the gateway, every other reply and the heartbeats
 * while it runs. Here the Discord thread only sends requests and gets plain messages back, and the
 * knowledge is opened and held by the answering thread alone (once, however many shards).
 *
 * If the thread stops (a crash, a heap exhausted), the requests in flight fail (each asker gets the
 * bot's apology) and the next request starts a new thread, which reopens the releases from the
 * parse cache; what was pending there (conversations, uploads not confirmed) is lost with it.
 */
import { Worker } from 'node:worker_threads';
import { releasesDir } from '../../knowledge/load.ts';
import { storeOptions, type Config } from '../config.ts';
import { shardIds } from '../discord/sharding.ts';
import type { Logger } from '../logger.ts';
import type { Loaded, Method, Request, ThreadMessage, ThreadSettings } from './protocol.ts';
import type { AnswerService } from './service.ts';

const BOOT = new URL('../../knowledge/worker-boot.mjs', import.meta.url);
const WORKER = new URL('./worker.ts', import.meta.url);

/** The answering thread's settings from the bot's config. */
export function threadSettings(config: Config): ThreadSettings {
  return {
    dir: config.RELEASES_DIR ?? releasesDir(),
    store: storeOptions(config),
    logLevel: config.LOG_LEVEL,
    keepUserIds: config.UNANSWERED_KEEP_USER_IDS,
    shards: shardIds(config.SHARD_COUNT),
  };
}

type Pending = { resolve: (value: unknown) => void; reject: (error: Error) => void };

interface Running {
  thread: Worker;
  /** Settles when the releases are open: what they hold, or why they did not open. */
  ready: Promise<{ ok: true; loaded: Loaded } | { ok: false; reason: string }>;
}

export type Opened = { ok: true; answers: AnswerService; loaded: Loaded } | { ok: false; reason: string };

/**
 * Starts the answering thread; settles once its releases are open (or could not be). `worker`: the
 * thread's module (bot/answers/worker.ts; a test gives one that fails on cue).
 */
export async function threadAnswers(settings: ThreadSettings, logger: Logger, worker: URL = WORKER): Promise<Opened> {
  const pending = new Map<number, Pending>();
  let nextId = 0;
  let closed = false;

  const start = (): Running => {
    const thread = new Worker(BOOT, { workerData: { entry: worker.href, settings } });
    const ready = new Promise<Awaited<Running['ready']>>((resolve) => {
      thread.on('message', (message: ThreadMessage) => {
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
      thread.on('error', (error) => logger.error({ err: error }, 'the answering thread failed'));
      thread.once('exit', (code) => {
        resolve({ ok: false, reason: `the answering thread stopped (exit code ${code})` });
        if (running?.thread === thread) running = undefined;
        if (closed) return;
        logger.error({ exitCode: code, inFlight: pending.size }, 'the answering thread stopped: the next question starts it again');
        for (const [id, waiting] of pending) {
          pending.delete(id);
          waiting.reject(new Error(`the answering thread stopped (exit code ${code})`));
        }
      });
    });
    return { thread, ready };
  };

  let running: Running | undefined = start();
  const first = await running.ready;
  if (!first.ok) {
    closed = true;
    await running?.thread.terminate();
    return first;
  }

  const request = async <M extends Method>(method: M, ...args: Parameters<AnswerService[M]>): Promise<Awaited<ReturnType<AnswerService[M]>>> => {
    if (closed) throw new Error('the bot is shutting down');
    running ??= start();
    const { thread, ready } = running;
    const opened = await ready;
    if (!opened.ok) throw new Error(opened.reason);
    // Stopped since it was ready: a message to it would never be answered.
    if (running?.thread !== thread) throw new Error('the answering thread stopped');
    const id = nextId++;
    const answered = new Promise<unknown>((resolve, reject) => pending.set(id, { resolve, reject }));
    thread.postMessage({ id, method, args } satisfies Request<M>);
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
      await running?.thread.terminate();
    },
  };
  return { ok: true, answers, loaded: first.loaded };
}
