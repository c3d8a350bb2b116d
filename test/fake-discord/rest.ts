/**
 * HTTP plumbing for the REST API: strips `/api/v10`, parses the body, applies injected faults
 * and the bot-token check, dispatches to a route, and records the exchange before answering.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { buffer } from 'node:stream/consumers';
import type { FaultQueue } from './faults.ts';
import { type ParsedBody, type UploadedFile, parseBody } from './http-body.ts';
import type { RecordedRequest, Recorder } from './recorder.ts';

/** What clients are configured with as `rest.api`; they add the version themselves. */
export const API_BASE = '/api';
const API_PREFIX = `${API_BASE}/v10`;

export interface RouteRequest {
  readonly params: Readonly<Record<string, string>>;
  readonly query: URLSearchParams;
  readonly body: unknown;
  readonly files: readonly UploadedFile[];
}

export interface RouteResponse {
  readonly status: number;
  /** Sent as JSON; omitted for 204. */
  readonly body?: unknown;
  readonly headers?: Readonly<Record<string, string>>;
}

export interface Route {
  readonly method: 'GET' | 'POST' | 'PUT' | 'PATCH';
  /** Template with `:name` segments, e.g. `/channels/:channelId/messages`. */
  readonly path: string;
  /** Whether the route needs `Authorization: Bot …`; interaction and webhook-token routes do not. */
  readonly auth: boolean;
  handle(request: RouteRequest): RouteResponse;
}

export interface RestOptions {
  readonly routes: readonly Route[];
  readonly recorder: Recorder;
  readonly faults: FaultQueue;
  /** The interaction a route's params point at (through its token), for `responsesFor`. */
  readonly interactionIdOf: (params: Readonly<Record<string, string>>) => string | null;
}

export function discordError(status: number, code: number, message: string): RouteResponse {
  return { status, body: { message, code } };
}

export function restHandler(options: RestOptions): (req: IncomingMessage, res: ServerResponse) => void {
  return (req, res) => {
    handle(options, req, res).catch((error: unknown) => {
      console.error('fake-discord: REST handler failed', error);
      if (!res.headersSent) answer(res, discordError(500, 0, `fake-discord: ${String(error)}`));
    });
  };
}

async function handle(options: RestOptions, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const receivedAt = performance.now();
  const raw = await buffer(req);
  const method = req.method ?? 'GET';
  const url = new URL(req.url ?? '/', 'http://fake-discord');
  const segments = decodeSegments(url.pathname.startsWith(`${API_PREFIX}/`) ? url.pathname.slice(API_PREFIX.length) : url.pathname);
  const path = segments?.join('/') ?? null;
  const match = segments === null ? null : matchRoute(options.routes, method, segments);
  const params = match?.params ?? {};

  let parsed: ParsedBody | null = null;
  try {
    parsed = await parseBody(req.headers['content-type'], raw);
  } catch {
    // Malformed JSON or multipart: answered below as Discord does.
  }
  const body = parsed?.json;
  const files = parsed?.files ?? [];
  const response = parsed
    ? responseFor(options, method, path, match, { params, query: url.searchParams, body, files }, req.headers.authorization)
    : discordError(400, 50109, 'The request body contains invalid JSON.');

  const recorded: RecordedRequest = {
    method,
    path: path ?? url.pathname,
    route: match?.route.path ?? null,
    params,
    query: Object.fromEntries(url.searchParams),
    body,
    files,
    status: response.status,
    interactionId: options.interactionIdOf(params),
    receivedAt,
  };
  // Recorded before answering, so a test that awaited the bot's REST call sees it recorded.
  options.recorder.add(recorded);
  answer(res, response);
}

function responseFor(
  options: RestOptions,
  method: string,
  path: string | null,
  match: RouteMatch | null,
  request: RouteRequest,
  authorization: string | undefined,
): RouteResponse {
  const fault = path === null ? null : options.faults.take(method, path);
  if (fault && !fault.after) return fault.response;
  if (!match) return discordError(404, 0, '404: Not Found');
  if (match.route.auth && !/^Bot \S+$/.test(authorization ?? '')) return discordError(401, 0, '401: Unauthorized');
  const response = match.route.handle(request);
  return fault?.response ?? response;
}

interface RouteMatch {
  readonly route: Route;
  readonly params: Readonly<Record<string, string>>;
}

function matchRoute(routes: readonly Route[], method: string, segments: readonly string[]): RouteMatch | null {
  for (const route of routes) {
    if (route.method !== method) continue;
    const pattern = route.path.split('/');
    if (pattern.length !== segments.length) continue;
    const params: Record<string, string> = {};
    const matches = pattern.every((part, i) => {
      const segment = segments[i] ?? '';
      if (!part.startsWith(':')) return part === segment;
      params[part.slice(1)] = segment;
      return true;
    });
    if (matches) return { route, params };
  }
  return null;
}

/**
 * Splits before decoding, so that an encoded `/` inside a token stays inside its segment;
 * `null` for malformed percent-encoding.
 */
function decodeSegments(path: string): string[] | null {
  try {
    return path.split('/').map(decodeURIComponent);
  } catch {
    return null;
  }
}

function answer(res: ServerResponse, response: RouteResponse): void {
  if (response.status === 204 || response.body === undefined) {
    res.writeHead(response.status, response.headers).end();
    return;
  }
  if (typeof response.body === 'string') {
    res.writeHead(response.status, response.headers).end(response.body);
    return;
  }
  res.writeHead(response.status, { ...response.headers, 'content-type': 'application/json' }).end(JSON.stringify(response.body));
}
