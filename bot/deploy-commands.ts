/**
 * `npm run deploy-commands`: registers the slash commands, to the guilds in DISCORD_GUILD_IDS when
 * set (instant, for development), globally otherwise. Run it when the commands change, not on every start.
 */
import { parseConfig } from './config.ts';
import { loadDotEnv } from './dotenv.ts';
import { deployCommands } from './discord/deploy.ts';

loadDotEnv();
const parsed = parseConfig(process.env);
const errors = !parsed.ok ? parsed.errors : parsed.config.DISCORD_TOKEN ? [] : ['DISCORD_TOKEN: required to register commands'];
if (!parsed.ok || !parsed.config.DISCORD_TOKEN || errors.length > 0) {
  console.error(`deploy-commands: ${errors.join('; ')}. See .env.example.`);
  process.exit(1);
}
try {
  for (const line of await deployCommands({ ...parsed.config, DISCORD_TOKEN: parsed.config.DISCORD_TOKEN })) console.log(line);
} catch (error) {
  console.error(`deploy-commands failed: ${(error as Error).message}`);
  process.exit(1);
}
