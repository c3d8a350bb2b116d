/** Messages as discord.js sends them: the plain message of an answer, and never a mention. */
import { MessageFlags, type AttachmentPayload, type InteractionReplyOptions, type JSONEncodable } from 'discord.js';
import type { APIActionRowComponent, APIButtonComponent, APIEmbed, APIStringSelectComponent } from 'discord-api-types/v10';
import { asBuffer, type MessageData } from '../render/message.ts';

/** Nobody is ever pinged by an answer, whatever its text holds. */
export const NO_MENTIONS = { parse: [], repliedUser: false } as const;

/** Already in Discord's wire format: handed to discord.js as is, not transformed again. */
const encoded = <T>(json: T): JSONEncodable<T> => ({ toJSON: () => json });

export interface AnswerPayload {
  content?: string;
  embeds: Array<JSONEncodable<APIEmbed>>;
  components: Array<JSONEncodable<APIActionRowComponent<APIButtonComponent | APIStringSelectComponent>>>;
  allowedMentions: typeof NO_MENTIONS;
  /** The chart, uploaded with the message (multipart) and shown as the embed's image. */
  files?: AttachmentPayload[];
}

/** A message as discord.js takes it; its files' bytes as a Buffer, whichever thread drew them. */
export function toPayload(message: MessageData): AnswerPayload {
  return {
    ...(message.content !== undefined ? { content: message.content } : {}),
    embeds: message.embeds.map(encoded),
    components: message.components.map(encoded),
    allowedMentions: NO_MENTIONS,
    ...(message.files ? { files: message.files.map((f) => ({ attachment: asBuffer(f.data), name: f.name })) } : {}),
  };
}

export function ephemeral(content: string): InteractionReplyOptions & { flags: MessageFlags.Ephemeral } {
  return { content, flags: MessageFlags.Ephemeral, allowedMentions: NO_MENTIONS };
}
