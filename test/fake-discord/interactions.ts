/**
 * Interactions the fake has dispatched, and what the bot has done with each: the REST routes
 * need them to tell a first response from a second one, and to find `@original`.
 */
import type { APIMessage, InteractionType } from 'discord-api-types/v10';
import type { FakeUser } from './world.ts';

export interface IssuedInteraction {
  readonly id: string;
  readonly token: string;
  readonly type: InteractionType;
  readonly channelId: string;
  readonly user: FakeUser;
  /** For component interactions, the message the component is on. */
  readonly sourceMessage: APIMessage | null;
}

export class InteractionState {
  /** Set by the first accepted callback; Discord refuses a second one. */
  acknowledged = false;
  /** The id `@original` refers to, once the callback created or chose a message. */
  originalId: string | null = null;
  /** Messages the interaction's webhook may edit: the original and followups. */
  readonly messages = new Map<string, APIMessage>();

  constructor(readonly issued: IssuedInteraction) {}

  /** Resolves the `:messageId` of webhook message routes, where `@original` is an alias. */
  message(messageId: string): APIMessage | undefined {
    const id = messageId === '@original' ? this.originalId : messageId;
    return id === null ? undefined : this.messages.get(id);
  }

  remember(message: APIMessage): void {
    this.messages.set(message.id, message);
  }
}

export class InteractionRegistry {
  readonly #byToken = new Map<string, InteractionState>();

  issue(interaction: IssuedInteraction): void {
    this.#byToken.set(interaction.token, new InteractionState(interaction));
  }

  byToken(token: string): InteractionState | undefined {
    return this.#byToken.get(token);
  }

  /**
   * Messages the bot made through interaction webhooks (replies, followups, as last edited) in a
   * channel, each once (a component's interaction holds the message it is on too).
   */
  messagesIn(channelId: string): APIMessage[] {
    const byId = new Map<string, APIMessage>();
    for (const state of this.#byToken.values()) {
      for (const message of state.messages.values()) if (message.channel_id === channelId) byId.set(message.id, message);
    }
    return [...byId.values()];
  }

  /** An edited message, wherever an interaction holds it (the one that made it, the ones clicked on it). */
  replace(message: APIMessage): void {
    for (const state of this.#byToken.values()) if (state.messages.has(message.id)) state.remember(message);
  }
}
