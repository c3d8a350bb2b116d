/**
 * Serving until told to stop: open the releases (in the answering process), log in, and on SIGINT/SIGTERM stop taking work,
 * finish what is in flight, disconnect. Used by `npm start`.
 */
import { childAnswers, childSettings } from '../answers/child.ts';
import type { Config } from '../config.ts';
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
  // The releases are opened, and questions answered, in a process of their own.
  const opened = await childAnswers(childSettings(config), logger);
  // The releases not opening is a configuration to fix; the answering process not starting, a failure to retry.
  if (!opened.ok) exitWith(logger, opened.releases ? { message: `No releases to serve: ${opened.reason}`, exitCode: EXIT.config } : { message: `Could not start: ${opened.reason}`, exitCode: EXIT.failed });
  logger.info(opened.loaded, 'knowledge loaded');
  let bot: RunningBot;
  try {
    bot = await startDiscordBot(config, opened.answers, logger);
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
