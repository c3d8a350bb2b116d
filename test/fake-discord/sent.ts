/**
 * Handles for what a fake user sent. The wait for the bot's answer starts when first read:
 * an unread wait that timed out would be an unhandled rejection failing a green test.
 */
import type { RecordedRequest } from './recorder.ts';

export class SentInteraction {
  #response: Promise<RecordedRequest> | undefined;
  readonly #waitForResponse: () => Promise<RecordedRequest>;

  constructor(
    readonly id: string,
    readonly token: string,
    /** `performance.now()` when dispatched; compare with `RecordedRequest.receivedAt`. */
    readonly sentAt: number,
    waitForResponse: () => Promise<RecordedRequest>,
  ) {
    this.#waitForResponse = waitForResponse;
  }

  /** The first accepted interaction callback, within the default timeout. */
  get response(): Promise<RecordedRequest> {
    return (this.#response ??= this.#waitForResponse());
  }
}

export class SentMessage {
  #reply: Promise<RecordedRequest> | undefined;
  readonly #waitForReply: () => Promise<RecordedRequest>;

  constructor(
    readonly id: string,
    readonly channelId: string,
    /** False when the bot's session lacks the GuildMessages intent, so it never saw the message. */
    readonly delivered: boolean,
    readonly sentAt: number,
    waitForReply: () => Promise<RecordedRequest>,
  ) {
    this.#waitForReply = waitForReply;
  }

  /** The bot's first accepted reply (`message_reference` to this message), within the default timeout. */
  get reply(): Promise<RecordedRequest> {
    return (this.#reply ??= this.#waitForReply());
  }
}
