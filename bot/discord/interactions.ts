/**
 * Interactions: slash commands, autocomplete and buttons. Each gets exactly one response: a reply
 * when the answer is ready (every lookup is), an update of the message for Previous / Next, a
 * deferral first for slow commands (reload, ingest), and an ephemeral apology with a logged error id
 * when a handler fails. Never unanswered, never a crash. /ingest and its Confirm / Cancel buttons
 * are wired in ingest.ts.
 */
import { randomBytes } from 'node:crypto';
import type { AutocompleteInteraction, ButtonInteraction, ChatInputCommandInteraction, Interaction, StringSelectMenuInteraction } from 'discord.js';
import { MessageFlags } from 'discord.js';
import type { CommandCall } from '../../commands/answer.ts';
import { ingest } from '../../commands/ingest.ts';
import { commandNamed } from '../../commands/registry.ts';
import type { AnswerService, Reply, Who } from '../answers/service.ts';
import type { Config } from '../config.ts';
import type { Logger } from '../logger.ts';
import { PICK_ID } from '../render/embed.ts';
import { decodeUploadButton } from '../render/payload.ts';
import { isAdmin } from './admin.ts';
import { onIngest, onUploadButton } from './ingest.ts';
import { ephemeral, NO_MENTIONS, toPayload } from './reply.ts';

/** What every handler of the bot answers with. */
export interface AnswerDeps {
  /** The answers: the knowledge and what is kept between questions (memo, conversations, channels' companies). */
  answers: AnswerService;
  logger: Logger;
  /** True once shutdown began: new work is turned away politely. */
  closing: () => boolean;
}

export interface InteractionDeps extends AnswerDeps {
  config: Pick<Config, 'ADMIN_ROLE_IDS' | 'ADMIN_USER_IDS' | 'DISCORD_CDN_URLS'>;
}

const optionsOf = (i: ChatInputCommandInteraction | AutocompleteInteraction): Record<string, string> =>
  Object.fromEntries(i.options.data.filter((o) => o.value !== undefined).map((o) => [o.name, String(o.value)]));

const whoIs = (i: Interaction, admin: boolean): Who => ({ user: i.user.id, channel: i.channelId, admin });

/** A reply to the interaction: in the channel, or to the asker alone. */
const replyWith = (reply: Reply) => ({ ...toPayload(reply.message), ...(reply.private ? { flags: MessageFlags.Ephemeral as const } : {}) });

async function onChatInput(i: ChatInputCommandInteraction, deps: InteractionDeps): Promise<string> {
  const command = commandNamed(i.commandName);
  const call: CommandCall = { name: i.commandName, options: optionsOf(i) };
  const admin = isAdmin(i, deps.config);
  if (command?.admin && !admin) {
    const why = i.inGuild() ? 'is for admins only' : 'works in a server only, not in direct messages';
    await i.reply(ephemeral(`/${command.name} ${why}. Nothing was done.`));
    return 'refused';
  }
  if (command?.name === ingest.name) return onIngest(i, deps);
  if (command?.slow) {
    await i.deferReply();
    const reply = await deps.answers.command(call, whoIs(i, admin));
    await i.editReply(toPayload(reply.message));
    return reply.outcome;
  }
  const reply = await deps.answers.command(call, whoIs(i, admin));
  await i.reply(replyWith(reply));
  return reply.outcome;
}

async function onAutocomplete(i: AutocompleteInteraction, deps: InteractionDeps): Promise<string> {
  const focused = i.options.getFocused(true);
  const choices = await deps.answers.autocomplete(i.commandName, focused.name, String(focused.value), optionsOf(i));
  await i.respond(choices);
  return `${choices.length} choices`;
}

async function onButton(i: ButtonInteraction, deps: InteractionDeps): Promise<string> {
  const upload = decodeUploadButton(i.customId);
  if (upload) return onUploadButton(i, upload, deps);
  const reply = await deps.answers.button(i.customId);
  // Previous / Next: the message the button is on becomes that page (its buttons with it).
  if (reply.update) await i.update(toPayload(reply.message));
  else await i.reply(replyWith(reply));
  return reply.outcome;
}

/** A reading chosen from the "which did you mean?" menu: answered, and remembered as the asker's context. */
async function onPick(i: StringSelectMenuInteraction, deps: InteractionDeps): Promise<string> {
  const reply = await deps.answers.pick(i.values[0] ?? '', whoIs(i, false));
  await i.reply(replyWith(reply));
  return reply.outcome;
}

export async function handleInteraction(interaction: Interaction, deps: InteractionDeps): Promise<void> {
  if (!interaction.isChatInputCommand() && !interaction.isAutocomplete() && !interaction.isButton() && !(interaction.isStringSelectMenu() && interaction.customId === PICK_ID)) return;
  const started = performance.now();
  const what = interaction.isButton() ? `button ${interaction.customId.split(':')[0]}` : interaction.isStringSelectMenu() ? 'pick' : interaction.commandName;
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
        : interaction.isStringSelectMenu()
          ? await onPick(interaction, deps)
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
