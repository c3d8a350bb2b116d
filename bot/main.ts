/**
 * `npm start`: with DISCORD_TOKEN, the Discord bot (on SHARD_COUNT gateway shards when set); without
 * it, the local console on the same answers.
 */
import { openStore } from '../knowledge/store.ts';
import { parseConfig, storeOptions } from './config.ts';
import { loadDotEnv } from './dotenv.ts';
import { runConsole } from './console.ts';
import { serveDiscord } from './discord/serve.ts';
import { EXIT } from './exit.ts';
import { createLogger } from './logger.ts';

loadDotEnv();
const parsed = parseConfig(process.env);
if (!parsed.ok) {
  console.error(`earnings-bot: the environment is not valid:\n${parsed.errors.map((e) => `  - ${e}`).join('\n')}\nSee .env.example.`);
  process.exit(EXIT.config);
}
const { config } = parsed;

if (!config.DISCORD_TOKEN) {
  const opened = await openStore(config.RELEASES_DIR, storeOptions(config));
  if (!opened.ok) {
    console.error(`earnings-bot: ${opened.reason}`);
    process.exit(EXIT.config);
  }
  await runConsole(opened.store);
} else {
  await serveDiscord(config, createLogger(config.LOG_LEVEL));
}
