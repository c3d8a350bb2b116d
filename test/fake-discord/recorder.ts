/** Every REST request the bot made, in arrival order, plus ways to wait for one. */
import type { UploadedFile } from './http-body.ts';
import { KeyedWaitList } from './wait-list.ts';

export interface RecordedRequest {
  readonly method: string;
  /** Path after `/api/v10`, percent-decoded, without the query, e.g. `/interactions/1/tok/callback`. */
  readonly path: string;
  /** The matched route template, e.g. `/interactions/:id/:token/callback`; `null` if no route matched. */
  readonly route: string | null;
  readonly params: Readonly<Record<string, string>>;
  readonly query: Readonly<Record<string, string>>;
  /** Parsed JSON body (from `payload_json` for multipart requests); `undefined` when there was none. */
  readonly body: unknown;
  readonly files: readonly UploadedFile[];
  /** What the fake answered; failures injected by `failNext` are recorded too. */
  readonly status: number;
  /** The interaction whose token the path carries, if any. */
  readonly interactionId: string | null;
  /** `performance.now()` when the request arrived; comparable with `SentInteraction.sentAt`. */
  readonly receivedAt: number;
}

/** Key for waiters interested in any request, not one interaction's. */
const ANY = '*';

/** Requests by what they answer: an interaction (its id), or a message the bot replies to ("reply:" and its id). */
const replyKey = (messageId: string) => `reply:${messageId}`;

export class Recorder {
  readonly all: RecordedRequest[] = [];
  readonly #bySubject = new Map<string, RecordedRequest[]>();
  readonly #waiters = new KeyedWaitList<RecordedRequest>();

  readonly #repliesTo: (request: RecordedRequest) => string | null;

  /** `repliesTo`: the message a request replies to, if any (a post with a message reference). */
  constructor(repliesTo: (request: RecordedRequest) => string | null) {
    this.#repliesTo = repliesTo;
  }

  add(request: RecordedRequest): void {
    this.all.push(request);
    this.#waiters.offer(ANY, request);
    const replyTo = this.#repliesTo(request);
    for (const key of [request.interactionId, replyTo === null ? null : replyKey(replyTo)]) {
      if (key === null) continue;
      const list = this.#bySubject.get(key);
      if (list) list.push(request);
      else this.#bySubject.set(key, [request]);
      this.#waiters.offer(key, request);
    }
  }

  forInteraction(interactionId: string): readonly RecordedRequest[] {
    return this.#bySubject.get(interactionId) ?? [];
  }

  waitFor(predicate: (request: RecordedRequest) => boolean, timeoutMs: number): Promise<RecordedRequest> {
    const seen = this.all.find(predicate);
    if (seen) return Promise.resolve(seen);
    return this.#waiters.wait(ANY, predicate, timeoutMs, 'a matching request');
  }

  waitForInteraction(interactionId: string, predicate: (request: RecordedRequest) => boolean, timeoutMs: number): Promise<RecordedRequest> {
    return this.#waitForSubject(interactionId, predicate, timeoutMs, `a response to interaction ${interactionId}`);
  }

  /** A request replying to message `messageId`: looked up by the message, not by scanning every request. */
  waitForReply(messageId: string, predicate: (request: RecordedRequest) => boolean, timeoutMs: number): Promise<RecordedRequest> {
    return this.#waitForSubject(replyKey(messageId), predicate, timeoutMs, `a reply to message ${messageId}`);
  }

  #waitForSubject(key: string, predicate: (request: RecordedRequest) => boolean, timeoutMs: number, description: string): Promise<RecordedRequest> {
    const seen = this.#bySubject.get(key)?.find(predicate);
    if (seen) return Promise.resolve(seen);
    return this.#waiters.wait(key, predicate, timeoutMs, description);
  }

  close(): void {
    this.#waiters.rejectAll(new Error('fake-discord: closed while waiting for a request'));
  }
}
