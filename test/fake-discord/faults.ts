/** One-shot REST failures, to check that the bot's replies survive rate limits and outages. */

/** Gets the method (upper case) and the path as in `RecordedRequest.path`. */
export type RouteMatcher = (method: string, path: string) => boolean;

export type FaultStatus = 429 | 500;

export interface FaultResponse {
  readonly status: FaultStatus;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: unknown;
}

interface PendingFault {
  readonly match: RouteMatcher;
  readonly response: FaultResponse;
}

export class FaultQueue {
  #pending: PendingFault[] = [];

  add(match: RouteMatcher, status: FaultStatus, retryAfterSeconds: number): void {
    this.#pending.push({ match, response: faultResponse(status, retryAfterSeconds) });
  }

  /** The first pending fault for this request, which is then used up. */
  take(method: string, path: string): FaultResponse | null {
    const index = this.#pending.findIndex((fault) => fault.match(method, path));
    if (index === -1) return null;
    const [fault] = this.#pending.splice(index, 1);
    return fault?.response ?? null;
  }
}

function faultResponse(status: FaultStatus, retryAfterSeconds: number): FaultResponse {
  if (status === 500) return { status, headers: {}, body: { message: '500: Internal Server Error', code: 0 } };
  // @discordjs/rest schedules the retry from the Retry-After header alone, never from the body.
  return {
    status,
    headers: { 'retry-after': String(retryAfterSeconds), 'x-ratelimit-scope': 'user' },
    body: { message: 'You are being rate limited.', retry_after: retryAfterSeconds, global: false },
  };
}
