/**
 * Message objects for what the bot sends: built from the request body the way Discord would,
 * so discord.js can turn REST responses into `Message`s.
 */
import {
  MessageType,
  type APIAttachment,
  type APIEmbed,
  type APIMessage,
  type APIMessageInteractionMetadata,
  type APIMessageReference,
  type APIMessageTopLevelComponent,
  type APIUser,
  type MessageFlags,
} from 'discord-api-types/v10';
import type { UploadedFile } from './http-body.ts';
import type { SnowflakeFactory } from './snowflake.ts';

export interface NewMessage {
  readonly id: string;
  readonly channelId: string;
  readonly author: APIUser;
  readonly type: MessageType;
  /** The message or interaction request body (`content`, `embeds`, `components`, `flags`). */
  readonly body: unknown;
  readonly attachments: readonly APIAttachment[];
  readonly reference?: APIMessageReference;
  readonly interactionMetadata?: APIMessageInteractionMetadata;
  /** Interaction responses and followups are sent through the application's webhook. */
  readonly applicationId?: string;
}

export function apiMessage(message: NewMessage): APIMessage {
  const fields = bodyFields(message.body);
  return {
    id: message.id,
    channel_id: message.channelId,
    author: message.author,
    content: fields.content ?? '',
    timestamp: new Date().toISOString(),
    edited_timestamp: null,
    tts: false,
    mention_everyone: false,
    mentions: [],
    mention_roles: [],
    attachments: [...message.attachments],
    embeds: fields.embeds ?? [],
    components: fields.components ?? [],
    pinned: false,
    type: message.type,
    ...(fields.flags !== undefined && { flags: fields.flags }),
    ...(message.reference && { message_reference: message.reference }),
    ...(message.interactionMetadata && { interaction_metadata: message.interactionMetadata }),
    ...(message.applicationId && { application_id: message.applicationId, webhook_id: message.applicationId }),
  };
}

/**
 * An edit replaces only the fields the body carries, and adds newly uploaded files. With an
 * `attachments` list, as Discord does, only the existing attachments it names are kept (discord.js
 * sends one listing just the new files when an edit uploads some: they replace the old).
 */
export function editedMessage(message: APIMessage, body: unknown, attachments: readonly APIAttachment[]): APIMessage {
  const fields = bodyFields(body);
  const kept = keptAttachmentIds(body);
  return {
    ...message,
    ...(fields.content !== undefined && { content: fields.content }),
    ...(fields.embeds && { embeds: fields.embeds }),
    ...(fields.components && { components: fields.components }),
    ...(fields.flags !== undefined && { flags: fields.flags }),
    attachments: [...(kept ? message.attachments.filter((a) => kept.has(a.id)) : message.attachments), ...attachments],
    edited_timestamp: new Date().toISOString(),
  };
}

/** The ids an edit's `attachments` list names, or `null` when it has none (every attachment stays). */
function keptAttachmentIds(body: unknown): Set<string> | null {
  if (typeof body !== 'object' || body === null || !('attachments' in body) || !Array.isArray(body.attachments)) return null;
  return new Set(body.attachments.flatMap((a: unknown) => (typeof a === 'object' && a !== null && 'id' in a ? [String(a.id)] : [])));
}

export function attachmentsFor(channelId: string, files: readonly UploadedFile[], ids: SnowflakeFactory): APIAttachment[] {
  return files.map((file) => {
    const id = ids.next();
    const url = `https://cdn.discordapp.com/attachments/${channelId}/${id}/${encodeURIComponent(file.filename)}`;
    return { id, filename: file.filename, content_type: file.contentType, size: file.size, url, proxy_url: url };
  });
}

interface BodyFields {
  content?: string;
  embeds?: APIEmbed[];
  components?: APIMessageTopLevelComponent[];
  flags?: MessageFlags;
}

/**
 * Embeds and components are echoed as sent: discord.js serialised them from the same
 * discord-api-types shapes, and the fake has no reason to second-guess them.
 */
function bodyFields(body: unknown): BodyFields {
  if (typeof body !== 'object' || body === null) return {};
  const fields: BodyFields = {};
  if ('content' in body && typeof body.content === 'string') fields.content = body.content;
  if ('embeds' in body && Array.isArray(body.embeds)) fields.embeds = body.embeds as APIEmbed[];
  if ('components' in body && Array.isArray(body.components)) fields.components = body.components as APIMessageTopLevelComponent[];
  if ('flags' in body && typeof body.flags === 'number') fields.flags = body.flags as MessageFlags;
  return fields;
}

/** The message a reply's body points at through `message_reference`, if any. */
export function referencedMessageId(body: unknown): string | null {
  if (typeof body !== 'object' || body === null || !('message_reference' in body)) return null;
  const reference = body.message_reference;
  if (typeof reference !== 'object' || reference === null || !('message_id' in reference)) return null;
  return typeof reference.message_id === 'string' ? reference.message_id : null;
}
