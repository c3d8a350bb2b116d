/**
 * The answering process: opens the releases, serves the answer service to the Discord side, and reports when the
 * knowledge is loaded and prepared. Started by bot/answers/child.ts through child-boot.mjs, which ends it with the
 * Discord side; its settings are its second argument.
 */
import { openStore } from '../../knowledge/store.ts';
import { shardedStore } from '../discord/sharding.ts';
import { createLogger } from '../logger.ts';
import { batched, isMethod, loadedFrom, type ChildMessage, type ChildSettings, type Request, type Result } from './protocol.ts';
import { localAnswers, type AnswerService } from './service.ts';
import { answeringTiers } from './tiers.ts';

if (!process.send) throw new Error('bot/answers/child-main.ts runs as the answering process (bot/answers/child.ts starts it)');
const send = process.send.bind(process);
// Once the Discord side has gone (it closed the channel, or stopped), a message has no one to reach: dropped, not an error.
const post = (message: ChildMessage) => {
  if (process.connected) send(message, undefined, undefined, () => {});
};
/** Answers finished within one turn go back as one message. */
const answered = batched<Result>((results) => post({ kind: 'results', results }));
const settings = JSON.parse(process.argv[3] ?? '{}') as ChildSettings;
// Its lines told apart from the Discord side's in one log.
const logger = createLogger(settings.logLevel).child({ process: 'answers' });

const opened = await openStore(settings.dir, settings.store);
// Gone while the releases were opened: nothing to serve.
if (!process.connected) process.exit(0);
if (!opened.ok) {
  post({ kind: 'failed', reason: opened.reason });
} else {
  const store = settings.shards.length > 0 ? shardedStore(opened.store, settings.shards) : opened.store;
  const service = localAnswers(store, { logger, keepUserIds: settings.keepUserIds });
  process.on('message', (requests: Request[]) => {
    for (const request of requests) void serve(service, request);
  });
  post({ kind: 'ready', loaded: loadedFrom(store) });
  const preparing = performance.now();
  void store.prepared?.().then(() => {
    const served = store.current();
    post({ kind: 'prepared', releases: served.releases.length, facts: served.factCount, warnings: served.warnings.length, ms: Math.round(performance.now() - preparing) });
    answeringTiers();
  });
}

async function serve(service: AnswerService, request: Request): Promise<void> {
  const { id, method } = request;
  try {
    if (!isMethod(service, method)) throw new Error(`no such request: ${String(method)}`);
    const handler = service[method] as (...args: unknown[]) => Promise<unknown>;
    answered({ id, ok: true, value: await handler(...request.args) });
  } catch (error) {
    logger.error({ err: error, request: method }, 'answering failed');
    answered({ id, ok: false, error: error instanceof Error ? error.message : String(error) });
  }
}
