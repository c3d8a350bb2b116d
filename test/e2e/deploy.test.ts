/**
 * `deployCommands` against the fake: the slash commands are registered where the config says,
 * with the names, options and permissions a server admin sees in Discord.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseConfig } from '../../bot/config.ts';
import { deployCommands } from '../../bot/discord/deploy.ts';
import { type FakeDiscord, fakeDiscordRestOptions, startFakeDiscord } from '../fake-discord/index.ts';

const COMMAND_NAMES = ['metric', 'compare', 'trend', 'results', 'quote', 'contact', 'search', 'call', 'define', 'sources', 'help', 'reload', 'ingest', 'unanswered', 'channel-company'];
/** Admin commands: Manage Server by default, guilds only. */
const ADMIN_COMMANDS = ['reload', 'ingest', 'unanswered', 'channel-company'];

let fake: FakeDiscord;

beforeAll(async () => {
  fake = await startFakeDiscord({ shards: 1, guilds: 2 });
});

afterAll(async () => {
  await fake?.close();
});

function configFor(env: Record<string, string>) {
  const parsed = parseConfig({ DISCORD_TOKEN: fake.token, ...env });
  if (!parsed.ok) throw new Error(parsed.errors.join('; '));
  const token = parsed.config.DISCORD_TOKEN;
  if (!token) throw new Error('no token');
  return { ...parsed.config, DISCORD_TOKEN: token };
}

describe('deployCommands', () => {
  it('registers every command in the guild DISCORD_GUILD_IDS names, and only there', async () => {
    const [guildId, otherGuild] = fake.guildIds;
    if (!guildId || !otherGuild) throw new Error('two guilds expected');

    const report = await deployCommands(configFor({ DISCORD_GUILD_IDS: guildId }), fakeDiscordRestOptions(fake.apiUrl));

    expect(report).toEqual([expect.stringContaining(guildId)]);
    const registered = fake.registeredCommands(guildId);
    expect(registered.map((c) => c.name)).toEqual(COMMAND_NAMES);
    expect(fake.registeredCommands(otherGuild)).toEqual([]);
    expect(fake.registeredCommands()).toEqual([]);
    for (const command of registered) {
      expect(command.description.length, command.name).toBeGreaterThan(0);
      expect(command.description.length, command.name).toBeLessThanOrEqual(100);
      expect(command.application_id).toBe(fake.applicationId);
      expect(command.guild_id).toBe(guildId);
    }
  });

  it('registers /reload, /ingest, /unanswered and /channel-company for Manage Server only, in guilds only; the others for everyone, DMs included', () => {
    const registered = fake.registeredCommands(fake.guildIds[0]);
    for (const name of ADMIN_COMMANDS) {
      const admin = registered.find((c) => c.name === name);
      expect(admin?.default_member_permissions, name).toBe('32');
      expect(admin?.contexts, name).toEqual([0]);
    }
    for (const command of registered.filter((c) => !ADMIN_COMMANDS.includes(c.name))) {
      expect(command.default_member_permissions ?? null, command.name).toBeNull();
      expect(command.contexts, command.name).toEqual(expect.arrayContaining([0, 1]));
    }
  });

  it('registers /metric with autocompleted metric, period and company options', () => {
    const metric = fake.registeredCommands(fake.guildIds[0]).find((c) => c.name === 'metric');

    const options = metric?.options ?? [];
    expect(options.map((o) => o.name)).toEqual(['metric', 'period', 'company']);
    for (const option of options) expect(option, option.name).toMatchObject({ type: 3, autocomplete: true });
    expect(options[0]).toMatchObject({ required: true });
    expect(options[2]).toMatchObject({ required: false });
  });

  it('registers /ingest with one required attachment option, the file', () => {
    const ingest = fake.registeredCommands(fake.guildIds[0]).find((c) => c.name === 'ingest');
    expect(ingest?.options).toEqual([expect.objectContaining({ name: 'file', type: 11, required: true })]);
  });

  it('registers the commands in each of several guilds', async () => {
    const report = await deployCommands(configFor({ DISCORD_GUILD_IDS: fake.guildIds.join(',') }), fakeDiscordRestOptions(fake.apiUrl));

    expect(report).toHaveLength(2);
    for (const guildId of fake.guildIds) expect(fake.registeredCommands(guildId).map((c) => c.name)).toEqual(COMMAND_NAMES);
  });

  it('registers globally without DISCORD_GUILD_IDS', async () => {
    const report = await deployCommands(configFor({}), fakeDiscordRestOptions(fake.apiUrl));

    expect(report).toEqual([expect.stringMatching(/globally/)]);
    expect(fake.registeredCommands().map((c) => c.name)).toEqual(COMMAND_NAMES);
  });
});
