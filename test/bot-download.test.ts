/**
 * /ingest's download (bot/discord/download.ts) against a local server: the bytes, and the bounds: no
 * redirect followed, the size checked on the declared length and while reading, a deadline on the
 * whole of it, no credential sent, and no address in a reason.
 */
import { createServer, type IncomingHttpHeaders, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { downloadAttachment } from '../bot/discord/download.ts';

let server: Server;
let origin: string;
const seen: Array<{ path: string; headers: IncomingHttpHeaders }> = [];
const routes = new Map<string, (req: IncomingMessage, res: ServerResponse) => void>();

beforeAll(async () => {
  server = createServer((req, res) => {
    seen.push({ path: req.url ?? '', headers: req.headers });
    const route = routes.get((req.url ?? '').split('?')[0] ?? '');
    if (route) route(req, res);
    else res.writeHead(404).end('no');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const limits = { maxBytes: 1000, timeoutMs: 1000 };
const at = (path: string) => new URL(`${origin}${path}?ex=signed&hm=secret`);

describe('downloadAttachment', () => {
  it('downloads the bytes, sending no credential', async () => {
    routes.set('/ok.txt', (_, res) => res.writeHead(200, { 'content-type': 'text/plain' }).end('NEW YORK -- hello'));
    expect(await downloadAttachment(at('/ok.txt'), limits)).toEqual({ ok: true, bytes: Buffer.from('NEW YORK -- hello') });
    const request = seen.find((s) => s.path.startsWith('/ok.txt'));
    expect(request?.headers.authorization).toBeUndefined();
    expect(request?.headers.cookie).toBeUndefined();
  });

  it('never follows a redirect, and says so without the address', async () => {
    routes.set('/moved.txt', (_, res) => res.writeHead(302, { location: `${origin}/elsewhere.txt` }).end());
    const got = await downloadAttachment(at('/moved.txt'), limits);
    expect(got).toEqual({ ok: false, reason: 'could not be downloaded: the attachment host redirected elsewhere, which is not followed' });
    expect(seen.some((s) => s.path.startsWith('/elsewhere.txt'))).toBe(false);
  });

  it('stops at a declared length over the limit, and at a body that grows over it without one', async () => {
    routes.set('/declared.txt', (_, res) => res.writeHead(200, { 'content-length': '5000' }).end('x'.repeat(5000)));
    expect(await downloadAttachment(at('/declared.txt'), limits)).toEqual({ ok: false, reason: 'is larger than the 1000 bytes a release may have: download stopped' });
    routes.set('/chunked.txt', (_, res) => {
      res.writeHead(200, { 'transfer-encoding': 'chunked' });
      for (let i = 0; i < 20; i++) res.write('y'.repeat(100));
      res.end();
    });
    expect(await downloadAttachment(at('/chunked.txt'), limits)).toEqual({ ok: false, reason: 'is larger than the 1000 bytes a release may have: download stopped' });
  });

  it('gives up at the deadline, headers or body', async () => {
    routes.set('/silent.txt', () => undefined);
    expect(await downloadAttachment(at('/silent.txt'), { maxBytes: 1000, timeoutMs: 300 })).toEqual({ ok: false, reason: 'could not be downloaded within 0.3 s' });
    routes.set('/trickle.txt', (_, res) => {
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.write('a');
    });
    expect(await downloadAttachment(at('/trickle.txt'), { maxBytes: 1000, timeoutMs: 300 })).toEqual({ ok: false, reason: 'could not be downloaded within 0.3 s' });
  });

  it('says what the host answered, and when nothing listens', async () => {
    expect(await downloadAttachment(at('/missing.txt'), limits)).toEqual({ ok: false, reason: 'could not be downloaded: the attachment host answered 404' });
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise((resolve) => closed.close(resolve));
    const got = await downloadAttachment(new URL(`http://127.0.0.1:${port}/x.txt?hm=secret`), limits);
    expect(got).toEqual({ ok: false, reason: 'could not be downloaded (ECONNREFUSED)' });
  });
});
