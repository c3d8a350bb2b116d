/**
 * The answer service in a process of its own. Reading a question and computing its answer is CPU
 * work; on the Discord side it would hold up the gateway, every other reply and the heartbeats
 * while it runs. Here the Discord side only sends requests and gets plain messages back, and the
 * knowledge is opened and held by the answering process alone (once, however many shards).
 *
 * A process rather than a thread, so that it can run with V8 settings of its own
 * (bot/answers/tiers.ts): what suits answering would slow discord.js. Its environment holds no
 * Discord token (it never talks to Discord; it runs as the same user, so this is hygiene, not a
 * wall). It leaves a signal to the whole group (Ctrl-C, systemd) to the Discord side, which drains
 * first and then closes it, and it exits when the Discord side goes away (child-boot.mjs).
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
import { batched, type ChildMessage, type ChildSettings, type Loaded, type Method, type Request } from './protocol.ts';
import type { AnswerService } from './service.ts';

const BOOT = new URL('./child-boot.mjs', import.meta.url);
const MAIN = new URL('./child-main.ts', import.meta.url);
/**
 * Restarts are paused when it keeps stopping (a release that crashes it as it opens, a heap too small): after `most`
 * stops within `windowMs`, questions get the apology at once for `pauseMs` rather than each reopening the releases.
 */
const RESTARTS = { most: 3, windowMs: 60_000, pauseMs: 30_000 };
/** How long a closed answering process may take to end by itself (an answer running, the releases opening) before it is killed. */
const STOP_MS = 5_000;

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

/** The bot's own limits on node's heap and stack, which hold for the process that holds the knowledge too. */
const MEMORY_FLAG = /^--(?:max-old-space-size|max-semi-space-size|stack-size)=/;

type Pending = { resolve: (value: unknown) => void; reject: (error: Error) => void };

interface Running {
  child: ChildProcess;
  /** Settles when the releases are open: what they hold, or why they did not open or the process ended first. */
  ready: Promise<{ ok: true; loaded: Loaded } | { ok: false; reason: string; releases: boolean }>;
  /** Sends a request to it, with the others of the same turn. */
  send: (request: Request) => void;
}

/** `releases`: the releases did not open (a configuration to fix); else the process did not start or stopped. */
export type Opened = { ok: true; answers: AnswerService; loaded: Loaded } | { ok: false; reason: string; releases: boolean };

/**
 * Starts the answering process; settles once its releases are open (or could not be). `main`: the
 * process's module (bot/answers/child-main.ts; a test gives one that fails on cue).
 */
export async function childAnswers(settings: ChildSettings, logger: Logger, main: URL = MAIN): Promise<Opened> {
  const pending = new Map<number, Pending>();
  let nextId = 0;
  let closed = false;
  /** When it stopped lately (not closed), and until when it is not started again. */
  let stops: number[] = [];
  let pausedUntil = 0;

  const start = (): Running => {
    // Its module and settings as its arguments: plain data, no secret. Values cross in V8's serialization, as between
    // threads (bytes stay bytes). The loader is the boot module's own (child-boot.mjs), found from the project, not the
    // working folder.
    const child = fork(fileURLToPath(BOOT), [main.href, JSON.stringify(settings)], { execArgv: process.execArgv.filter((f) => MEMORY_FLAG.test(f)), env: childEnv(), serialization: 'advanced' });
    const ready = new Promise<Awaited<Running['ready']>>((resolve) => {
      let ended = false;
      // Once, whether it exited or never started (a spawn error, as when out of file descriptors, ends with no exit).
      const end = (why: string, fields: Record<string, unknown>) => {
        if (ended) return;
        ended = true;
        resolve({ ok: false, reason: why, releases: false });
        if (running?.child === child) running = undefined;
        for (const [id, waiting] of pending) {
          pending.delete(id);
          waiting.reject(new Error(why));
        }
        if (closed) return;
        const now = Date.now();
        stops = [...stops.filter((t) => now - t < RESTARTS.windowMs), now];
        if (stops.length >= RESTARTS.most) {
          pausedUntil = now + RESTARTS.pauseMs;
          stops = [];
          logger.error({ ...fields, pauseMs: RESTARTS.pauseMs }, `the answering process stopped ${RESTARTS.most} times within a minute: not started again for a while`);
        } else logger.error({ ...fields }, 'the answering process stopped: the next question starts it again');
      };
      child.on('message', (message: ChildMessage) => {
        if (message.kind === 'ready') resolve({ ok: true, loaded: message.loaded });
        else if (message.kind === 'failed') resolve({ ok: false, reason: message.reason, releases: true });
        else if (message.kind === 'prepared') logger.info({ releases: message.releases, facts: message.facts, warnings: message.warnings, ms: message.ms }, 'knowledge prepared');
        else {
          for (const result of message.results) {
            const waiting = pending.get(result.id);
            pending.delete(result.id);
            if (result.ok) waiting?.resolve(result.value);
            else waiting?.reject(new Error(result.error));
          }
        }
      });
      child.on('error', (error) => {
        logger.error({ err: error }, 'the answering process failed');
        if (child.pid === undefined) end(`the answering process did not start (${error.message})`, { err: error });
      });
      child.once('exit', (code, signal) => end(`the answering process stopped (${code === null ? `signal ${signal}` : `exit code ${code}`})`, { exitCode: code, signal, inFlight: pending.size }));
    });
    // Questions asked within one turn go as one message; should the message not cross (a value V8 cannot send), each
    // is sent alone, so that only the one that cannot be sent fails.
    const send = batched<Request>((requests) => {
      // Gone since they were asked: its exit fails them.
      if (!child.connected) return;
      try {
        child.send(requests);
      } catch {
        for (const request of requests) {
          try {
            child.send([request]);
          } catch (error) {
            pending.get(request.id)?.reject(error instanceof Error ? error : new Error(String(error)));
            pending.delete(request.id);
          }
        }
      }
    });
    return { child, ready, send };
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
    const paused = running ? 0 : pausedUntil - Date.now();
    if (paused > 0) throw new Error(`the answering process keeps stopping: started again in ${Math.ceil(paused / 1000)} s`);
    running ??= start();
    const { child, ready, send } = running;
    const opened = await ready;
    if (!opened.ok) throw new Error(opened.reason);
    // Stopped since it was ready: a message to it would never be answered.
    if (running?.child !== child || !child.connected) throw new Error('the answering process stopped');
    const id = nextId++;
    const answered = new Promise<unknown>((resolve, reject) => pending.set(id, { resolve, reject }));
    send({ id, method, args } satisfies Request<M>);
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

/**
 * Closes its channel, which ends the answering process, and waits until it has exited: at most `STOP_MS`, then it is
 * killed (an answer or the opening of the releases runs to its end before the process sees the channel closed).
 */
async function stop(running: Running | undefined): Promise<void> {
  const child = running?.child;
  if (!child || child.exitCode !== null || child.signalCode !== null || child.pid === undefined) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  if (child.connected) child.disconnect();
  const timer = setTimeout(() => child.kill('SIGKILL'), STOP_MS);
  await exited;
  clearTimeout(timer);
}
