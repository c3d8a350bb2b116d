/**
 * The benchmark's baseline: a real discord.js client that answers every chat input command, and
 * every message a person posts, with a constant, so what remains of its latency is discord.js plus
 * the fake Discord. It has the bot's intents, so the gateway brings it the same events.
 */
import { once } from 'node:events';
import { Client, Events, GatewayIntentBits } from 'discord.js';
import { fakeDiscordRestOptions } from '../test/fake-discord/client-options.ts';

export interface ConstantBot {
  stop(): Promise<void>;
}

/** A failed reply must show up in the benchmark's output, not crash or vanish. */
const report = (error: unknown) => console.error('constant-bot: reply failed', error);

export async function startConstantBot(opts: { token: string; apiUrl: string }): Promise<ConstantBot> {
  const client = new Client({
    intents: [GatewayIntentBits.Guilds, GatewayIntentBits.GuildMessages, GatewayIntentBits.MessageContent],
    rest: fakeDiscordRestOptions(opts.apiUrl),
    allowedMentions: { parse: [] },
  });
  client.on(Events.InteractionCreate, (interaction) => {
    if (!interaction.isChatInputCommand()) return;
    interaction.reply({ content: 'ok', allowedMentions: { parse: [] } }).catch(report);
  });
  client.on(Events.MessageCreate, (message) => {
    if (message.author.bot) return;
    message.reply({ content: 'ok', allowedMentions: { parse: [] } }).catch(report);
  });

  try {
    await Promise.all([once(client, Events.ClientReady), client.login(opts.token)]);
  } catch (error) {
    await client.destroy();
    throw error;
  }
  return { stop: () => client.destroy() };
}
