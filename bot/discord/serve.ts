/**
 * Serving until told to stop: open the releases, log in, and on SIGINT/SIGTERM stop taking work,
 * finish what is in flight, disconnect. Used by `npm start`.
 */
import { openStore } from '../../knowledge/store.ts';
import { storeOptions, type Config } from '../config.ts';
import { EXIT } from '../exit.ts';
import type { Logger } from '../logger.ts';
import { type RunningBot, startDiscordBot } from './bot.ts';
import { type Fatal, FatalError } from './fatal.ts';

/** One fatal line saying what to fix, then the exit code that tells the supervisor whether to retry. */
function exitWith(logger: Logger, fatal: Fatal): never {
  logger.fatal({ exitCode: fatal.exitCode }, fatal.message);
  process.exit(fatal.exitCode);
}

export async function serveDiscord(config: Config, logger: Logger): Promise<void> {
  const opened = await openStore(config.RELEASES_DIR, storeOptions(config));
  if (!opened.ok) exitWith(logger, { message: `No releases to serve: ${opened.reason}`, exitCode: EXIT.config });
  const { store } = opened;
  const snapshot = store.current();
  logger.info({ releases: snapshot.releases.length, companies: snapshot.companies.length, factsRead: snapshot.factsRead, refused: snapshot.refused, load: store.lastLoad?.() }, 'knowledge loaded');
  // The books' figures are built in the background; say when, with what they hold.
  const preparing = performance.now();
  void store.prepared?.().then(() => {
    const served = store.current();
    logger.info({ releases: served.releases.length, facts: served.factCount, warnings: served.warnings.length, ms: Math.round(performance.now() - preparing) }, 'knowledge prepared');
  });
  let bot: RunningBot;
  try {
    bot = await startDiscordBot(config, store, logger);
  } catch (error) {
    exitWith(logger, error instanceof FatalError ? error.fatal : { message: `Could not start: ${(error as Error).message}`, exitCode: EXIT.failed });
  }
  stopOnSignal(logger, () => bot.stop());
  void bot.failed.then(async (fatal) => {
    await bot.stop();
    exitWith(logger, fatal);
  });
}

/**
 * Ctrl-C and systemd signal the whole process group, and npm passes the signal on again: the same
 * signal can arrive twice. The handler stays installed, so a repeat is ignored while the drain runs
 * rather than killing the process the default way, mid-answer.
 */
function stopOnSignal(logger: Logger, stop: () => Promise<void>): void {
  let stopping = false;
  const onSignal = (signal: NodeJS.Signals) => {
    if (stopping) {
      logger.info({ signal }, 'already shutting down');
      return;
    }
    stopping = true;
    logger.info({ signal }, 'shutting down');
    stop().then(
      () => process.exit(EXIT.stopped),
      (error: unknown) => {
        logger.error({ err: error }, 'shutdown failed');
        process.exit(EXIT.failed);
      },
    );
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
}
