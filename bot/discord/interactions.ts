/**
 * Interactions: slash commands, autocomplete and buttons. Each gets exactly one response: a reply
 * when the answer is ready (every lookup is), a deferral first for slow commands (reload), and an
 * ephemeral apology with a logged error id when a handler fails. Never unanswered, never a crash.
 */
import { randomBytes } from 'node:crypto';
import type { AutocompleteInteraction, ButtonInteraction, ChatInputCommandInteraction, Interaction } from 'discord.js';
import { MessageFlags } from 'discord.js';
import type { CommandCall } from '../../commands/answer.ts';
import { autocomplete } from '../../commands/autocomplete.ts';
import type { AnswerMemo } from '../../commands/memo.ts';
import { commandNamed } from '../../commands/registry.ts';
import { runCall } from '../../commands/run.ts';
import type { Store } from '../../knowledge/store.ts';
import type { Config } from '../config.ts';
import type { Logger } from '../logger.ts';
import { decodeCall, renderSourceLines } from '../render/embed.ts';
import { isAdmin } from './admin.ts';
import { answerPayload, ephemeral, NO_MENTIONS } from './reply.ts';

/** What every handler of the bot answers with. */
export interface AnswerDeps {
  store: Store;
  memo: AnswerMemo;
  logger: Logger;
  /** True once shutdown began: new work is turned away politely. */
  closing: () => boolean;
}

export interface InteractionDeps extends AnswerDeps {
  config: Pick<Config, 'ADMIN_ROLE_IDS' | 'ADMIN_USER_IDS'>;
}

const optionsOf = (i: ChatInputCommandInteraction | AutocompleteInteraction): Record<string, string> =>
  Object.fromEntries(i.options.data.filter((o) => o.value !== undefined).map((o) => [o.name, String(o.value)]));

async function onChatInput(i: ChatInputCommandInteraction, deps: InteractionDeps): Promise<string> {
  const command = commandNamed(i.commandName);
  const call: CommandCall = { name: i.commandName, options: optionsOf(i) };
  const admin = isAdmin(i, deps.config);
  if (command?.admin && !admin) {
    const why = i.inGuild() ? 'is for admins only' : 'works in a server only, not in direct messages';
    await i.reply(ephemeral(`/${command.name} ${why}. Nothing was done.`));
    return 'refused';
  }
  if (command?.slow) {
    await i.deferReply();
    const answer = await runCall(call, { store: deps.store, admin, memo: deps.memo });
    await i.editReply(answerPayload(answer, call));
    return answer.kind;
  }
  const answer = await runCall(call, { store: deps.store, admin, memo: deps.memo });
  await i.reply({ ...answerPayload(answer, call), ...(answer.private ? { flags: MessageFlags.Ephemeral } : {}) });
  return answer.kind;
}

async function onAutocomplete(i: AutocompleteInteraction, deps: InteractionDeps): Promise<string> {
  const focused = i.options.getFocused(true);
  const spec = commandNamed(i.commandName)?.options[focused.name];
  const choices = spec ? autocomplete(spec.kind, String(focused.value), optionsOf(i), deps.store.current()) : [];
  await i.respond(choices);
  return `${choices.length} choices`;
}

async function onButton(i: ButtonInteraction, deps: InteractionDeps): Promise<string> {
  const decoded = decodeCall(i.customId);
  const command = decoded && commandNamed(decoded.call.name);
  if (!decoded || !command || command.admin) {
    await i.reply(ephemeral('This button is no longer valid; ask again.'));
    return 'stale button';
  }
  const answer = await runCall(decoded.call, { store: deps.store, admin: false, memo: deps.memo });
  if (decoded.prefix === 'src') {
    await i.reply(ephemeral(renderSourceLines(answer)));
    return 'source';
  }
  await i.reply(answerPayload(answer, decoded.call));
  return answer.kind;
}

export async function handleInteraction(interaction: Interaction, deps: InteractionDeps): Promise<void> {
  if (!interaction.isChatInputCommand() && !interaction.isAutocomplete() && !interaction.isButton()) return;
  const started = performance.now();
  const what = interaction.isButton() ? `button ${interaction.customId.split(':')[0]}` : interaction.commandName;
  const log = deps.logger.child({ interaction: interaction.id, command: what, user: interaction.user.id, guild: interaction.guildId });
  if (deps.closing()) {
    if (interaction.isAutocomplete()) await interaction.respond([]).catch(() => undefined);
    else await interaction.reply(ephemeral('I am restarting: please ask again in a moment.')).catch(() => undefined);
    log.info({ outcome: 'closing' }, 'turned away during shutdown');
    return;
  }
  try {
    const outcome = interaction.isAutocomplete()
      ? await onAutocomplete(interaction, deps)
      : interaction.isButton()
        ? await onButton(interaction, deps)
        : await onChatInput(interaction, deps);
    log.info({ outcome, ms: Math.round((performance.now() - started) * 100) / 100 }, 'answered');
  } catch (error) {
    const errorId = randomBytes(4).toString('hex');
    log.error({ err: error, errorId, ms: Math.round(performance.now() - started) }, 'interaction failed');
    if (interaction.isAutocomplete()) {
      if (!interaction.responded) await interaction.respond([]).catch(() => undefined);
      return;
    }
    const apology = `Sorry, something went wrong answering that (error id ${errorId}). It has been logged; please try again.`;
    const send = interaction.deferred
      ? interaction.editReply({ content: apology, embeds: [], components: [], allowedMentions: NO_MENTIONS })
      : interaction.replied
        ? interaction.followUp(ephemeral(apology))
        : interaction.reply(ephemeral(apology));
    await send.catch((e: unknown) => log.error({ err: e, errorId }, 'apology could not be sent'));
  }
}
