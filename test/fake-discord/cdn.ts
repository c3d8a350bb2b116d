/**
 * The fake's attachment host: what cdn.discordapp.com is to Discord, an HTTP server of its own on
 * 127.0.0.1 (another port than the API, as the CDN is another host than discord.com). A user's
 * attachment to a slash command is uploaded here first, as Discord's client does, and the command's
 * interaction resolves it (`resolved.attachments`) with the URL Discord gives: under
 * `/ephemeral-attachments/:channelId/:attachmentId/:filename`, signed by `ex`, `is` and `hm` query
 * parameters. Like the CDN, it serves the bytes only with the signature, to GET and HEAD, and
 * records every request so a test can tell whether (and how) the bot downloaded a file.
 */
import { createHmac, randomBytes } from 'node:crypto';
import { type IncomingHttpHeaders, type Server, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { APIAttachment } from 'discord-api-types/v10';
import type { SnowflakeFactory } from './snowflake.ts';

export interface AttachOptions {
  /** The MIME type Discord guessed (default from the extension: text/plain, text/html). */
  readonly contentType?: string;
  /** The size the attachment declares, if it should lie; the bytes served stay the bytes given. */
  readonly size?: number;
  /** The address the attachment object gives instead of this host's (another host's file, say). */
  readonly url?: string;
}

export interface CdnRequest {
  readonly method: string;
  /** Path without the query. */
  readonly path: string;
  readonly headers: IncomingHttpHeaders;
  /** What the fake CDN answered. */
  readonly status: number;
}

interface Stored {
  readonly bytes: Buffer;
  readonly contentType: string;
}

const CONTENT_TYPES: Readonly<Record<string, string>> = { txt: 'text/plain; charset=utf-8', htm: 'text/html; charset=utf-8', html: 'text/html; charset=utf-8' };

/** Discord's signed URLs expire after a day. */
const EXPIRES_MS = 24 * 3600_000;

export class FakeCdn {
  readonly requests: CdnRequest[] = [];
  readonly #server: Server;
  readonly #files = new Map<string, Stored>();
  readonly #attachments = new Map<string, APIAttachment>();
  readonly #key = randomBytes(32);
  #origin = '';

  constructor(private readonly ids: SnowflakeFactory) {
    this.#server = createServer((req, res) => {
      const url = new URL(req.url ?? '/', 'http://fake-cdn');
      const stored = this.#files.get(url.pathname);
      const signed = stored !== undefined && url.searchParams.get('hm') === this.#sign(url.pathname, url.searchParams.get('ex') ?? '');
      const status = req.method !== 'GET' && req.method !== 'HEAD' ? 405 : signed ? 200 : 404;
      this.requests.push({ method: req.method ?? 'GET', path: url.pathname, headers: req.headers, status });
      if (status !== 200 || !stored) {
        res.writeHead(status, { 'content-type': 'text/plain' }).end(status === 404 ? 'This content is no longer available.' : '');
        return;
      }
      res.writeHead(200, { 'content-type': stored.contentType, 'content-length': String(stored.bytes.length) });
      res.end(req.method === 'HEAD' ? undefined : stored.bytes);
    });
  }

  /** `http://127.0.0.1:<port>`: what the bot is configured with as Discord's attachment host. */
  get origin(): string {
    return this.#origin;
  }

  async listen(): Promise<void> {
    await new Promise<void>((resolve, reject) => {
      this.#server.once('error', reject);
      this.#server.listen(0, '127.0.0.1', () => {
        this.#server.off('error', reject);
        resolve();
      });
    });
    const { address, port } = this.#server.address() as AddressInfo;
    this.#origin = `http://${address}:${port}`;
  }

  /** Uploads a file as a user attaching it to a command in `channelId`: the attachment object the interaction resolves. */
  attach(channelId: string, filename: string, bytes: Buffer, opts: AttachOptions = {}): APIAttachment {
    const id = this.ids.next();
    const path = `/ephemeral-attachments/${channelId}/${id}/${encodeURIComponent(filename)}`;
    const extension = /\.([a-z]+)$/i.exec(filename)?.[1]?.toLowerCase() ?? '';
    const contentType = opts.contentType ?? CONTENT_TYPES[extension] ?? 'application/octet-stream';
    this.#files.set(path, { bytes, contentType });
    const ex = Math.floor((Date.now() + EXPIRES_MS) / 1000).toString(16);
    const is = Math.floor(Date.now() / 1000).toString(16);
    const url = opts.url ?? `${this.#origin}${path}?ex=${ex}&is=${is}&hm=${this.#sign(path, ex)}&`;
    const attachment: APIAttachment = {
      id,
      filename,
      size: opts.size ?? bytes.length,
      url,
      proxy_url: url,
      content_type: contentType,
      ephemeral: true,
    };
    this.#attachments.set(id, attachment);
    return attachment;
  }

  /** An attachment uploaded earlier, by id (what a command option carries). */
  attachment(id: string): APIAttachment | undefined {
    return this.#attachments.get(id);
  }

  /** Requests for one attachment's file. */
  requestsFor(attachment: Pick<APIAttachment, 'id'>): CdnRequest[] {
    return this.requests.filter((r) => r.path.split('/')[3] === attachment.id);
  }

  async close(): Promise<void> {
    this.#server.closeAllConnections();
    await new Promise<void>((resolve, reject) => this.#server.close((error) => (error ? reject(error) : resolve())));
  }

  #sign(path: string, ex: string): string {
    return createHmac('sha256', this.#key).update(`${path}|${ex}`).digest('hex');
  }
}
