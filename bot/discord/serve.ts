/**
 * Serving until told to stop: open the releases, log in, and on SIGINT/SIGTERM stop taking work,
 * finish what is in flight, disconnect. Used by `npm start` and by each shard process.
 */
import { openStore } from '../../knowledge/store.ts';
import type { Config } from '../config.ts';
import type { Logger } from '../logger.ts';
import { startDiscordBot } from './bot.ts';

export async function serveDiscord(config: Config, logger: Logger): Promise<void> {
  const opened = await openStore(config.RELEASES_DIR);
  if (!opened.ok) {
    logger.fatal({ reason: opened.reason }, 'no releases to serve');
    process.exit(1);
  }
  const snapshot = opened.store.current();
  logger.info({ releases: snapshot.releases.length, facts: snapshot.facts.length, warnings: snapshot.warnings.length }, 'knowledge loaded');
  const bot = await startDiscordBot(config, opened.store, logger);
  stopOnSignal(logger, () => bot.stop());
}

/**
 * Ctrl-C and systemd signal the whole process group, and npm passes the signal on again: the same
 * signal can arrive twice. The handler stays installed, so a repeat is ignored while the drain runs
 * rather than killing the process the default way, mid-answer.
 */
export function stopOnSignal(logger: Logger, stop: () => Promise<void>): void {
  let stopping = false;
  const onSignal = (signal: NodeJS.Signals) => {
    if (stopping) {
      logger.info({ signal }, 'already shutting down');
      return;
    }
    stopping = true;
    logger.info({ signal }, 'shutting down');
    stop().then(
      () => process.exit(0),
      (error: unknown) => {
        logger.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
}
