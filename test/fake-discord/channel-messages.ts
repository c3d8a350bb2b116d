/**
 * Messages the bot posted to channels, and Discord's nonce rule: with `enforce_nonce`, a second
 * message by the same author with the same nonce (within minutes) is not created; the first is
 * returned instead.
 */
import type { APIMessage } from 'discord-api-types/v10';

export class ChannelMessages {
  readonly #byChannel = new Map<string, APIMessage[]>();
  readonly #byNonce = new Map<string, APIMessage>();

  /** The message already made for this nonce, when the body enforces it. */
  existing(authorId: string, body: unknown): APIMessage | undefined {
    const nonce = enforcedNonce(body);
    return nonce === null ? undefined : this.#byNonce.get(`${authorId}:${nonce}`);
  }

  add(message: APIMessage, body: unknown): void {
    const nonce = enforcedNonce(body);
    if (nonce !== null) this.#byNonce.set(`${message.author.id}:${nonce}`, message);
    const list = this.#byChannel.get(message.channel_id);
    if (list) list.push(message);
    else this.#byChannel.set(message.channel_id, [message]);
  }

  /** An edited message in place of the one with its id (a component's update edits a channel message too). */
  replace(message: APIMessage): void {
    const list = this.#byChannel.get(message.channel_id);
    const at = list?.findIndex((m) => m.id === message.id) ?? -1;
    if (list && at >= 0) list[at] = message;
  }

  in(channelId: string): readonly APIMessage[] {
    return this.#byChannel.get(channelId) ?? [];
  }
}

function enforcedNonce(body: unknown): string | null {
  if (typeof body !== 'object' || body === null || !('nonce' in body) || !('enforce_nonce' in body) || body.enforce_nonce !== true) return null;
  return typeof body.nonce === 'string' || typeof body.nonce === 'number' ? String(body.nonce) : null;
}
