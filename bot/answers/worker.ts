/**
 * The answering thread: opens the releases, serves the answer service to the Discord thread, and
 * reports when the knowledge is loaded and prepared. Started by bot/answers/thread.ts.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { openStore } from '../../knowledge/store.ts';
import { shardedStore } from '../discord/sharding.ts';
import { createLogger } from '../logger.ts';
import { isMethod, loadedFrom, type Request, type ThreadMessage, type ThreadSettings } from './protocol.ts';
import { localAnswers, type AnswerService } from './service.ts';

const port = parentPort;
if (!port) throw new Error('bot/answers/worker.ts runs as a worker thread');
const post = (message: ThreadMessage) => port.postMessage(message);
const settings = (workerData as { settings: ThreadSettings }).settings;
const logger = createLogger(settings.logLevel);

const opened = await openStore(settings.dir, settings.store);
if (!opened.ok) {
  post({ kind: 'failed', reason: opened.reason });
} else {
  const store = settings.shards.length > 0 ? shardedStore(opened.store, settings.shards) : opened.store;
  const service = localAnswers(store, { logger, keepUserIds: settings.keepUserIds });
  port.on('message', (request: Request) => void serve(service, request));
  post({ kind: 'ready', loaded: loadedFrom(store) });
  const preparing = performance.now();
  void store.prepared?.().then(() => {
    const served = store.current();
    post({ kind: 'prepared', releases: served.releases.length, facts: served.factCount, warnings: served.warnings.length, ms: Math.round(performance.now() - preparing) });
  });
}

async function serve(service: AnswerService, request: Request): Promise<void> {
  const { id, method } = request;
  try {
    if (!isMethod(service, method)) throw new Error(`no such request: ${String(method)}`);
    const handler = service[method] as (...args: unknown[]) => Promise<unknown>;
    post({ kind: 'result', id, ok: true, value: await handler(...request.args) });
  } catch (error) {
    logger.error({ err: error, request: method }, 'answering failed');
    post({ kind: 'result', id, ok: false, error: error instanceof Error ? error.message : String(error) });
  }
}
