/** One shard's process, spawned by the ShardingManager (`SHARD_COUNT`): a bot on its shards. */
import { parseConfig } from './config.ts';
import { serveDiscord } from './discord/serve.ts';
import { createLogger } from './logger.ts';

const parsed = parseConfig(process.env);
if (!parsed.ok) {
  console.error(`earnings-bot shard: the environment is not valid: ${parsed.errors.join('; ')}`);
  process.exit(1);
}
await serveDiscord(parsed.config, createLogger(parsed.config.LOG_LEVEL).child({ shards: process.env.SHARDS }));
