/**
 * The benchmark's baseline: a real discord.js client that answers every chat input command
 * with a constant, so what remains of its latency is discord.js plus the fake Discord.
 */
import { once } from 'node:events';
import { Client, Events, GatewayIntentBits } from 'discord.js';
import { fakeDiscordRestOptions } from '../test/fake-discord/client-options.ts';

export interface ConstantBot {
  stop(): Promise<void>;
}

export async function startConstantBot(opts: { token: string; apiUrl: string }): Promise<ConstantBot> {
  const client = new Client({
    intents: [GatewayIntentBits.Guilds],
    rest: fakeDiscordRestOptions(opts.apiUrl),
    allowedMentions: { parse: [] },
  });
  client.on(Events.InteractionCreate, (interaction) => {
    if (!interaction.isChatInputCommand()) return;
    interaction.reply({ content: 'ok', allowedMentions: { parse: [] } }).catch((error: unknown) => {
      // A failed reply must show up in the benchmark's output, not crash or vanish.
      console.error('constant-bot: reply failed', error);
    });
  });

  try {
    await Promise.all([once(client, Events.ClientReady), client.login(opts.token)]);
  } catch (error) {
    await client.destroy();
    throw error;
  }
  return { stop: () => client.destroy() };
}
