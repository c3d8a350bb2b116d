/**
 * One-shot REST failures, to check that the bot's replies survive rate limits, outages and a token
 * Discord stops accepting. A fault `after` the route answers as Discord does when its gateway timed
 * out after the work was done: the message exists, and the client is told 5xx.
 */

/** Gets the method (upper case) and the path as in `RecordedRequest.path`. */
export type RouteMatcher = (method: string, path: string) => boolean;

export type FaultStatus = 401 | 429 | 500 | 502;

export interface FaultResponse {
  readonly status: FaultStatus;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: unknown;
}

export interface FaultOptions {
  /** Seconds, for 429. */
  readonly retryAfter: number;
  /** Run the route first, then answer with the fault instead of its response. */
  readonly after: boolean;
}

interface PendingFault {
  readonly match: RouteMatcher;
  readonly response: FaultResponse;
  readonly after: boolean;
}

export class FaultQueue {
  #pending: PendingFault[] = [];

  add(match: RouteMatcher, status: FaultStatus, options: FaultOptions): void {
    this.#pending.push({ match, response: faultResponse(status, options.retryAfter), after: options.after });
  }

  /** The first pending fault for this request, which is then used up. */
  take(method: string, path: string): { response: FaultResponse; after: boolean } | null {
    const index = this.#pending.findIndex((fault) => fault.match(method, path));
    if (index === -1) return null;
    const [fault] = this.#pending.splice(index, 1);
    return fault ?? null;
  }
}

function faultResponse(status: FaultStatus, retryAfterSeconds: number): FaultResponse {
  if (status === 401) return { status, headers: {}, body: { message: '401: Unauthorized', code: 0 } };
  if (status === 500) return { status, headers: {}, body: { message: '500: Internal Server Error', code: 0 } };
  // Cloudflare's gateway error: an HTML page, not JSON.
  if (status === 502) return { status, headers: { 'content-type': 'text/html' }, body: '<html><body>502 Bad Gateway</body></html>' };
  // @discordjs/rest schedules the retry from the Retry-After header alone, never from the body.
  return {
    status,
    headers: { 'retry-after': String(retryAfterSeconds), 'x-ratelimit-scope': 'user' },
    body: { message: 'You are being rate limited.', retry_after: retryAfterSeconds, global: false },
  };
}
