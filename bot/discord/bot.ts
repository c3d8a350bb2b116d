/**
 * The Discord bot: a discord.js client wired to the answers. `startDiscordBot` logs in and serves
 * until `stop()`, which stops taking work, lets what is in flight finish, and disconnects.
 */
import { once } from 'node:events';
import { Client, Events, GatewayIntentBits, type RESTOptions } from 'discord.js';
import type { AnswerService } from '../answers/service.ts';
import type { Config } from '../config.ts';
import type { Logger } from '../logger.ts';
import { cleanInteraction } from './clean-text.ts';
import { type Fatal, FatalError, fatalClose, loginFailure, tokenRevoked } from './fatal.ts';
import { handleInteraction } from './interactions.ts';
import { createMessageHandler } from './messages.ts';
import { NO_MENTIONS } from './reply.ts';
import { shardIds } from './sharding.ts';
import { guardToken } from './token-guard.ts';

export interface RunningBot {
  client: Client;
  stop(): Promise<void>;
  /** Settles if the bot can no longer serve (Discord closed the gateway for good), with what to fix. */
  failed: Promise<Fatal>;
}

export interface BotOptions {
  /** REST options beyond the API URL (tests raise the request rate the fake does not limit). */
  rest?: Partial<RESTOptions>;
  /** How long shutdown waits for answers in flight. */
  drainMs?: number;
}

/**
 * Logs in and answers with `answers`, which the bot owns from here: stopping the bot closes it.
 * With SHARD_COUNT the answers must be the shards' too (a reload reports each): `shardedStore`.
 */
export async function startDiscordBot(config: Config, answers: AnswerService, logger: Logger, options: BotOptions = {}): Promise<RunningBot> {
  const intents = [GatewayIntentBits.Guilds, GatewayIntentBits.GuildMessages, ...(config.MESSAGE_CONTENT_INTENT ? [GatewayIntentBits.MessageContent] : [])];
  const shards = shardIds(config.SHARD_COUNT);
  const client = new Client({
    intents,
    allowedMentions: NO_MENTIONS,
    // Every message carries a nonce Discord enforces: a retried send cannot post it twice.
    enforceNonce: true,
    rest: { ...(config.DISCORD_API_URL ? { api: config.DISCORD_API_URL } : {}), ...options.rest },
    ...(shards.length > 0 ? { shards, shardCount: shards.length } : {}),
  });
  let closing = false;
  const inFlight = new Set<Promise<void>>();
  const track = (work: Promise<void>) => {
    inFlight.add(work);
    void work.finally(() => inFlight.delete(work));
  };
  let fail: (fatal: Fatal) => void = () => undefined;
  const failed = new Promise<Fatal>((resolve) => {
    fail = resolve;
  });
  const recoverToken = guardToken(client.rest, config.DISCORD_TOKEN ?? '', () => fail(tokenRevoked()));
  const deps = { config, answers, logger, closing: () => closing, recoverToken };
  const onMessage = createMessageHandler(deps);

  client.on(Events.InteractionCreate, (interaction) => track(handleInteraction(cleanInteraction(interaction), deps)));
  client.on(Events.MessageCreate, (message) => {
    if (client.user) track(onMessage(message, client.user.id));
  });
  client.on(Events.Error, (error) => logger.error({ err: error }, 'discord client error'));
  client.on(Events.ShardResume, (shard, replayed) => logger.info({ shard, replayed }, 'gateway resumed'));
  client.on(Events.ShardDisconnect, (event, shard) => {
    const fatal = fatalClose(event.code);
    if (fatal) fail(fatal);
    else logger.warn({ shard, code: event.code }, 'gateway disconnected');
  });

  try {
    // Discord closing the gateway for good while logging in leaves the ready event unsent: it ends the wait.
    const gaveUp = failed.then((fatal) => Promise.reject(new FatalError(fatal)));
    await Promise.race([Promise.all([once(client, Events.ClientReady), client.login(config.DISCORD_TOKEN)]), gaveUp]);
  } catch (error) {
    await client.destroy();
    await answers.close();
    throw error instanceof FatalError ? error : new FatalError(loginFailure(error, config.DISCORD_API_URL ?? options.rest?.api ?? 'https://discord.com/api'));
  }
  if (config.ASK_CHANNEL_IDS.length > 0 && !config.MESSAGE_CONTENT_INTENT) {
    logger.warn('ASK_CHANNEL_IDS is set but MESSAGE_CONTENT_INTENT is not: without the Message Content intent only mentions can be read');
  }
  // The pid tells an operator (and a supervisor's logs) which process to signal.
  logger.info({ user: client.user?.tag, guilds: client.guilds.cache.size, shards: config.SHARD_COUNT ?? 1, pid: process.pid }, 'logged in');

  return {
    client,
    failed,
    async stop() {
      closing = true;
      const drained = Promise.allSettled([...inFlight]);
      await Promise.race([drained, new Promise((resolve) => setTimeout(resolve, options.drainMs ?? 10_000).unref())]);
      await client.destroy();
      await answers.close();
      logger.info({ unfinished: inFlight.size }, 'disconnected');
    },
  };
}
