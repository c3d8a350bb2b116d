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
import { autocomplete } from '../../commands/autocomplete.ts';
import { ingest } from '../../commands/ingest.ts';
import type { AnswerMemo } from '../../commands/memo.ts';
import type { PendingUploads } from '../../commands/pending-uploads.ts';
import { commandNamed } from '../../commands/registry.ts';
import { answerQuestion, runCall } from '../../commands/run.ts';
import type { UnansweredLog } from '../../commands/unanswered.ts';
import type { ChannelDefaults } from '../../commands/channel-company.ts';
import type { Conversations } from '../../commands/understand/conversation.ts';
import type { Store } from '../../knowledge/store.ts';
import type { Config } from '../config.ts';
import type { Logger } from '../logger.ts';
import { clip } from '../render/clip.ts';
import { parseButtonId, PICK_ID, renderSourceLines } from '../render/embed.ts';
import { decodeQuestion, decodeUploadButton } from '../render/payload.ts';
import { isAdmin } from './admin.ts';
import { type IngestWiring, onIngest, onUploadButton } from './ingest.ts';
import { answerPayload, ephemeral, NO_MENTIONS } from './reply.ts';

/** What every handler of the bot answers with. */
export interface AnswerDeps {
  store: Store;
  memo: AnswerMemo;
  /** Each user's conversation per channel, for follow-ups. */
  conversations: Conversations;
  /** Free-text questions not answered from the releases, for admins' /unanswered. */
  unanswered: UnansweredLog;
  /** Each channel's default company, set by admins with /channel-company. */
  channelDefaults: ChannelDefaults;
  logger: Logger;
  /** True once shutdown began: new work is turned away politely. */
  closing: () => boolean;
}

export interface InteractionDeps extends AnswerDeps {
  config: Pick<Config, 'ADMIN_ROLE_IDS' | 'ADMIN_USER_IDS' | 'DISCORD_CDN_URLS'>;
  /** Uploads (/ingest) waiting for their admin's Confirm or Cancel. */
  uploads: PendingUploads;
  /** Tests lower the upload limits and the download's deadline. */
  ingest?: Pick<IngestWiring, 'uploadLimits' | 'downloadMs'>;
}

/** Whose conversation: one user in one channel (another user there starts their own). */
export const conversationKey = (user: string, channel: string | null) => `${user}:${channel ?? 'dm'}`;

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
  if (command?.name === ingest.name) return onIngest(i, { ...deps, ...deps.ingest });
  const asker = {
    store: deps.store,
    admin,
    memo: deps.memo,
    conversation: { store: deps.conversations, key: conversationKey(i.user.id, i.channelId) },
    unanswered: { log: deps.unanswered, where: i.channelId, user: i.user.id },
    channel: { defaults: deps.channelDefaults, id: i.channelId },
  };
  if (command?.slow) {
    await i.deferReply();
    const { answer, question } = await runCall(call, asker);
    await i.editReply(await answerPayload(answer, question, deps.logger));
    return answer.kind;
  }
  const { answer, question } = await runCall(call, asker);
  await i.reply({ ...(await answerPayload(answer, question, deps.logger)), ...(answer.private ? { flags: MessageFlags.Ephemeral } : {}) });
  return answer.kind;
}

async function onAutocomplete(i: AutocompleteInteraction, deps: InteractionDeps): Promise<string> {
  const focused = i.options.getFocused(true);
  const spec = commandNamed(i.commandName)?.options[focused.name];
  // Discord shows choice names of up to 100 characters.
  const choices = (spec ? autocomplete(spec.kind, String(focused.value), optionsOf(i), deps.store.current()) : []).map((c) => ({ ...c, name: clip(c.name, 100) }));
  await i.respond(choices);
  return `${choices.length} choices`;
}

async function onButton(i: ButtonInteraction, deps: InteractionDeps): Promise<string> {
  const upload = decodeUploadButton(i.customId);
  if (upload) return onUploadButton(i, upload, { ...deps, ...deps.ingest });
  const decoded = parseButtonId(i.customId);
  if (!decoded) {
    await i.reply(ephemeral('This button is no longer valid; ask again.'));
    return 'stale button';
  }
  const { answer, question } = await answerQuestion(decoded.question, { store: deps.store, admin: false, memo: deps.memo });
  if (decoded.prefix === 'src') {
    await i.reply(ephemeral(renderSourceLines(answer)));
    return 'source';
  }
  if (decoded.prefix === 'pg') {
    // Previous / Next: the message the button is on becomes that page (its buttons with it).
    await i.update(await answerPayload(answer, question, deps.logger));
    return answer.paging ? `page ${answer.paging.page + 1} of ${answer.paging.pages}` : answer.kind;
  }
  await i.reply(await answerPayload(answer, question, deps.logger));
  return answer.kind;
}

/** A reading chosen from the "which did you mean?" menu: answered, and remembered as the asker's context. */
async function onPick(i: StringSelectMenuInteraction, deps: InteractionDeps): Promise<string> {
  const question = i.values[0] ? decodeQuestion(i.values[0]) : undefined;
  if (!question) {
    await i.reply(ephemeral('That choice is no longer valid; ask again.'));
    return 'stale choice';
  }
  const asker = { store: deps.store, admin: false, memo: deps.memo, conversation: { store: deps.conversations, key: conversationKey(i.user.id, i.channelId) }, channel: { defaults: deps.channelDefaults, id: i.channelId } };
  const asked = await answerQuestion(question, asker);
  if (asked.question) asker.conversation.store.remember(asker.conversation.key, asked.question);
  await i.reply(await answerPayload(asked.answer, asked.question, deps.logger));
  return asked.answer.kind;
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
