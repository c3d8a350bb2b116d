/** Discord message payloads of answers: embed, buttons, and never a mention. */
import { MessageFlags, type InteractionReplyOptions } from 'discord.js';
import type { Answer, CommandCall } from '../../commands/answer.ts';
import { renderButtons, renderEmbed } from '../render/embed.ts';

/** Nobody is ever pinged by an answer, whatever its text holds. */
export const NO_MENTIONS = { parse: [], repliedUser: false } as const;

export function answerPayload(answer: Answer, call?: CommandCall) {
  return { embeds: [renderEmbed(answer)], components: renderButtons(answer, call), allowedMentions: NO_MENTIONS };
}

export function ephemeral(content: string): InteractionReplyOptions & { flags: MessageFlags.Ephemeral } {
  return { content, flags: MessageFlags.Ephemeral, allowedMentions: NO_MENTIONS };
}
