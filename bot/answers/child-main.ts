/**
 * The answering process: opens the releases, serves the answer service to the Discord side, and reports when the
 * knowledge is loaded and prepared. Started by bot/answers/child.ts through child-boot.mjs, which ends it with the
 * Discord side; its settings are its second argument.
 */
import { openStore } from '../../knowledge/store.ts';
import { shardedStore } from '../discord/sharding.ts';
import { createLogger } from '../logger.ts';
import { post, serveRequests } from './channel.ts';
import { loadedFrom, type ChildSettings } from './protocol.ts';
import { localAnswers } from './service.ts';
import { answeringTiers } from './tiers.ts';

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
  serveRequests(localAnswers(store, { logger, keepUserIds: settings.keepUserIds }), logger);
  post({ kind: 'ready', loaded: loadedFrom(store) });
  const preparing = performance.now();
  void store.prepared?.().then(() => {
    const served = store.current();
    post({ kind: 'prepared', releases: served.releases.length, facts: served.factCount, warnings: served.warnings.length, ms: Math.round(performance.now() - preparing) });
    answeringTiers();
  });
}
