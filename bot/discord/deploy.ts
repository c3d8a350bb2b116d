/** Registering the slash commands: per guild (instant) or globally. */
import { REST, Routes, type APIApplication, type RESTOptions } from 'discord.js';
import type { Config } from '../config.ts';
import { commandDefinitions } from './definitions.ts';

export async function deployCommands(config: Config & { DISCORD_TOKEN: string }, restOptions: Partial<RESTOptions> = {}): Promise<string[]> {
  const rest = new REST({ ...(config.DISCORD_API_URL ? { api: config.DISCORD_API_URL } : {}), ...restOptions }).setToken(config.DISCORD_TOKEN);
  const appId = config.DISCORD_APPLICATION_ID ?? ((await rest.get(Routes.currentApplication())) as APIApplication).id;
  const body = commandDefinitions();
  if (config.DISCORD_GUILD_IDS.length === 0) {
    await rest.put(Routes.applicationCommands(appId), { body });
    return [`${body.length} commands registered globally (they can take up to an hour to appear)`];
  }
  const done: string[] = [];
  for (const guild of config.DISCORD_GUILD_IDS) {
    await rest.put(Routes.applicationGuildCommands(appId, guild), { body });
    done.push(`${body.length} commands registered in guild ${guild}`);
  }
  return done;
}
