/**
 * /ingest through the fake Discord and the real discord.js client: an admin attaches a real release
 * (Sears' Q2 2004, served by the fake's attachment host on 127.0.0.1), sees what it holds privately
 * with Confirm and Cancel; Confirm stores it in the (temporary) releases folder and its figures are
 * served; Cancel leaves the folder as it was. A non-admin, a file too big, not a release, or on
 * another host is refused with the reason, and nothing is written. Nobody is ever pinged.
 */
import { readFileSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { FakeUser } from '../fake-discord/index.ts';
import {
  type E2E,
  attachmentOption,
  buttonLabelled,
  callbackOf,
  embedOf,
  mentionLeak,
  messageRequests,
  payloadOf,
  startE2E,
  str,
  tempReleases,
  textOf,
  waitForEdit,
} from './support.ts';

const SEARS_FILE = 'sears-2004-q2.txt';
const SEARS = readFileSync(new URL(`../fixtures/realworld/releases/${SEARS_FILE}`, import.meta.url));
const EPHEMERAL = 64;

let e2e: E2E;
let releases: Awaited<ReturnType<typeof tempReleases>>;
let before: string[];

beforeEach(async () => {
  releases = await tempReleases('earnings-bot-ingest-e2e-');
  before = (await readdir(releases.dir)).sort();
  e2e = await startE2E({ releasesDir: releases.dir });
});

afterEach(async () => {
  const leaks = messageRequests(e2e?.fake.recorded ?? []).map(mentionLeak).filter(Boolean);
  await e2e?.close();
  await releases?.remove();
  expect(leaks).toEqual([]);
});

const folder = async () => (await readdir(releases.dir)).sort();

/** /ingest with a file uploaded first, as a Discord client does. */
function ingest(filename: string, bytes: Buffer | string, opts: { user?: FakeUser; size?: number; url?: string } = {}) {
  const attachment = e2e.fake.attach(filename, bytes, { ...(opts.size !== undefined ? { size: opts.size } : {}), ...(opts.url ? { url: opts.url } : {}) });
  const sent = e2e.fake.chatInput('ingest', [attachmentOption('file', attachment)], { user: opts.user ?? e2e.fake.users.admin });
  return { attachment, sent };
}

/** The summary (or refusal) a deferred /ingest ends with. */
async function ingested(filename: string, bytes: Buffer | string) {
  const { attachment, sent } = ingest(filename, bytes);
  const first = callbackOf(await sent.response);
  expect(first).toEqual({ type: 5, data: { flags: EPHEMERAL } });
  const edit = payloadOf(await waitForEdit(e2e.fake, sent.id));
  return { attachment, edit };
}

async function revenueQ2_2004(): Promise<string> {
  const body = callbackOf(await e2e.fake.chatInput('metric', [str('metric', 'revenue'), str('period', 'Q2 2004'), str('company', 'Sears')]).response);
  return textOf(body.data);
}

describe('/ingest', () => {
  it('refuses a non-admin privately, downloads nothing and writes nothing', async () => {
    const { attachment, sent } = ingest(SEARS_FILE, SEARS, { user: e2e.fake.users.member });

    const body = callbackOf(await sent.response);

    expect(body.type).toBe(4);
    expect(body.data?.flags).toBe(EPHEMERAL);
    expect(body.data?.content).toBe('/ingest is for admins only. Nothing was done.');
    expect(e2e.fake.responsesFor(sent.id)).toHaveLength(1);
    expect(e2e.fake.cdnRequests.filter((r) => r.path.includes(attachment.id))).toEqual([]);
    expect(await folder()).toEqual(before);
  });

  it('refuses /ingest in a DM, even from an admin, as /reload', async () => {
    const where = { user: e2e.fake.users.admin, dm: true };
    const attachment = e2e.fake.attach(SEARS_FILE, SEARS, { where });
    const body = callbackOf(await e2e.fake.chatInput('ingest', [attachmentOption('file', attachment)], where).response);

    expect(body).toMatchObject({ type: 4, data: { flags: EPHEMERAL, content: '/ingest works in a server only, not in direct messages. Nothing was done.' } });
    expect(e2e.fake.cdnRequests).toEqual([]);
    expect(await folder()).toEqual(before);
  });

  it('shows an admin what a real release holds, with Confirm and Cancel; Confirm stores it and its figures are served', async () => {
    expect(await revenueQ2_2004()).toMatch(/^\nOption not understood\ncompany: "Sears"/);

    const { attachment, edit } = await ingested('Sears Q2 2004.txt', SEARS);

    // Downloaded once, from the attachment host, with its signature; nothing written yet.
    expect(e2e.fake.cdnRequests.filter((r) => r.path.includes(attachment.id)).map((r) => [r.method, r.status])).toEqual([['GET', 200]]);
    expect(await folder()).toEqual(before);
    const summary = embedOf(edit);
    expect(summary.title).toBe('Add sears-q2-2004.txt?');
    const text = textOf(edit);
    expect(text).toContain('Sears, Roebuck and Co. (NYSE: S), release of July 22, 2004: **98 figures** over 7 periods.');
    expect(text).toContain('Q2 2004, Q2 2003, H1 2004, H1 2003, Jul 3, 2004, Jun 28, 2003, Jan 3, 2004');
    expect(text).toMatch(/Checks \(the release alone\)\nits checks pass/);
    expect(text).toContain('• unreadable_line: line 528 has 4 figures for 3 columns');
    expect(text).toContain('nothing: a new file');
    const confirm = buttonLabelled(edit, 'Confirm');
    buttonLabelled(edit, 'Cancel');
    expect(confirm.custom_id).toMatch(/^upl:v1:ok:[A-Za-z0-9_-]{22}$/);

    const click = e2e.fake.button(confirm.custom_id, { user: e2e.fake.users.admin });
    expect(callbackOf(await click.response).type).toBe(6); // deferred update: the summary is replaced when done
    const report = payloadOf(await waitForEdit(e2e.fake, click.id));

    expect(embedOf(report).title).toBe('Added sears-q2-2004.txt and reloaded');
    expect(textOf(report)).toContain('is stored as sears-q2-2004.txt in the releases folder. Now serving 4 releases');
    expect(report?.components).toEqual([]);
    expect(await folder()).toEqual([...before, 'sears-q2-2004.txt'].sort());
    expect(await readFile(join(releases.dir, 'sears-q2-2004.txt'))).toEqual(SEARS);
    const answer = await revenueQ2_2004();
    expect(answer).toContain('Revenue for Q2 2004 (13 weeks ended July 3, 2004) was **$8,781 million**.');
    expect(answer).toContain('Source: sears-q2-2004.txt, line 206');
  });

  it('Cancel leaves the folder unchanged, and the upload is gone', async () => {
    const { edit } = await ingested(SEARS_FILE, SEARS);
    const cancel = buttonLabelled(edit, 'Cancel');

    const click = e2e.fake.button(cancel.custom_id, { user: e2e.fake.users.admin });
    const body = callbackOf(await click.response);

    expect(body.type).toBe(7); // the summary is updated in place
    expect(embedOf(body.data).title).toBe('Upload cancelled');
    expect(body.data?.components).toEqual([]);
    expect(await folder()).toEqual(before);
    expect(await revenueQ2_2004()).not.toContain('$8,781 million');

    const late = callbackOf(await e2e.fake.button(buttonLabelled(edit, 'Confirm').custom_id, { user: e2e.fake.users.admin }).response);
    expect(textOf(late.data)).toMatch(/This upload is no longer pending/);
    expect(await folder()).toEqual(before);
  });

  it('does not let a non-admin press Confirm', async () => {
    const { edit } = await ingested(SEARS_FILE, SEARS);

    const body = callbackOf(await e2e.fake.button(buttonLabelled(edit, 'Confirm').custom_id, { user: e2e.fake.users.member }).response);

    expect(body).toMatchObject({ type: 4, data: { flags: EPHEMERAL, content: 'Only admins can add releases. Nothing was changed.' } });
    expect(await folder()).toEqual(before);
  });

  it('refuses a file whose declared size is over the limit before downloading it', async () => {
    const { attachment, sent } = ingest(SEARS_FILE, SEARS, { size: 3_000_000 });

    const body = callbackOf(await sent.response);

    expect(body.type).toBe(4);
    expect(body.data?.flags).toBe(EPHEMERAL);
    expect(embedOf(body.data).title).toBe('Release not added');
    expect(textOf(body.data)).toContain('"sears-2004-q2.txt" is 3.00 MB (3000000 bytes), over the 2.00 MB (2000000 bytes) a release may have: not downloaded. Nothing was stored.');
    expect(e2e.fake.cdnRequests.filter((r) => r.path.includes(attachment.id))).toEqual([]);
    expect(await folder()).toEqual(before);
  });

  it('stops downloading a file that is bigger than it declares', async () => {
    const padded = Buffer.concat([SEARS, Buffer.alloc(2_100_000 - SEARS.length, 0x20)]);
    const { attachment, sent } = ingest(SEARS_FILE, padded, { size: SEARS.length });

    expect(callbackOf(await sent.response)).toEqual({ type: 5, data: { flags: EPHEMERAL } });
    const edit = payloadOf(await waitForEdit(e2e.fake, sent.id));

    expect(embedOf(edit).title).toBe('Release not added');
    expect(textOf(edit)).toContain('"sears-2004-q2.txt" is larger than the 2000000 bytes a release may have: download stopped. Nothing was stored.');
    expect(e2e.fake.cdnRequests.filter((r) => r.path.includes(attachment.id))).toHaveLength(1);
    expect(await folder()).toEqual(before);
  });

  it('refuses a file that is not a release, with the reason, and one of another extension', async () => {
    const { edit } = await ingested('notes.txt', 'Shopping list\n\n- milk\n- eggs\n');

    expect(embedOf(edit).title).toBe('Release not added');
    expect(textOf(edit)).toContain('"notes.txt" is not a release I can read: not an earnings release: no dateline');
    expect(edit?.components ?? []).toEqual([]);

    const { sent } = ingest('deck.pdf', '%PDF-1.4');
    const pdf = callbackOf(await sent.response);
    expect(textOf(pdf.data)).toContain('"deck.pdf" is not a .txt, .htm or .html file: only those are read as releases: not downloaded.');
    expect(await folder()).toEqual(before);
  });

  it('refuses an attachment whose address is on another host, without contacting it', async () => {
    let requests = 0;
    const elsewhere: Server = createServer((_, res) => {
      requests += 1;
      res.writeHead(200, { 'content-type': 'text/plain' }).end(SEARS);
    });
    await new Promise<void>((resolve) => elsewhere.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = elsewhere.address() as AddressInfo;
      const { sent } = ingest(SEARS_FILE, SEARS, { url: `http://127.0.0.1:${port}/ephemeral-attachments/1/2/${SEARS_FILE}` });

      const body = callbackOf(await sent.response);

      expect(body.type).toBe(4);
      expect(body.data?.flags).toBe(EPHEMERAL);
      expect(textOf(body.data)).toContain(`the attachment is on 127.0.0.1:${port}, not on Discord's attachment host (${new URL(e2e.fake.cdnUrl).host}): not downloaded. Nothing was stored.`);
      expect(requests).toBe(0);
      expect(await folder()).toEqual(before);
    } finally {
      elsewhere.closeAllConnections();
      await new Promise((resolve) => elsewhere.close(resolve));
    }
  });
});
