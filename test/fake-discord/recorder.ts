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

export class Recorder {
  readonly all: RecordedRequest[] = [];
  readonly #byInteraction = new Map<string, RecordedRequest[]>();
  readonly #waiters = new KeyedWaitList<RecordedRequest>();

  add(request: RecordedRequest): void {
    this.all.push(request);
    this.#waiters.offer(ANY, request);
    if (request.interactionId === null) return;
    const list = this.#byInteraction.get(request.interactionId);
    if (list) list.push(request);
    else this.#byInteraction.set(request.interactionId, [request]);
    this.#waiters.offer(request.interactionId, request);
  }

  forInteraction(interactionId: string): readonly RecordedRequest[] {
    return this.#byInteraction.get(interactionId) ?? [];
  }

  waitFor(predicate: (request: RecordedRequest) => boolean, timeoutMs: number): Promise<RecordedRequest> {
    const seen = this.all.find(predicate);
    if (seen) return Promise.resolve(seen);
    return this.#waiters.wait(ANY, predicate, timeoutMs, 'a matching request');
  }

  waitForInteraction(interactionId: string, predicate: (request: RecordedRequest) => boolean, timeoutMs: number): Promise<RecordedRequest> {
    const seen = this.forInteraction(interactionId).find(predicate);
    if (seen) return Promise.resolve(seen);
    return this.#waiters.wait(interactionId, predicate, timeoutMs, `a response to interaction ${interactionId}`);
  }

  close(): void {
    this.#waiters.rejectAll(new Error('fake-discord: closed while waiting for a request'));
  }
}
