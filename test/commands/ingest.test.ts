/**
 * `/ingest`'s transport-free part (commands/ingest.ts, commands/pending-uploads.ts): what is
 * refused before downloading and why, the summary of a real release, the pending upload (its
 * uploader only, once, bounded, expiring), Confirm storing and reloading (and undoing what the
 * reload does not take), Cancel writing nothing; the console is told where uploads work.
 */
import { readFileSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DISCORD_CDN_ORIGINS } from '../../bot/config.ts';
import { renderComponents, renderEmbed } from '../../bot/render/embed.ts';
import { decodeUploadButton } from '../../bot/render/payload.ts';
import { renderText } from '../../bot/render/text.ts';
import type { Answer } from '../../commands/answer.ts';
import { attachmentUrlAllowed, cancelledAnswer, checkAttachment, confirmUpload, examineAttachment, takeUpload } from '../../commands/ingest.ts';
import { createPendingUploads, UPLOAD_ID, type PendingUploads } from '../../commands/pending-uploads.ts';
import { ask } from '../../commands/run.ts';
import type { Snapshot } from '../../knowledge/snapshot.ts';
import { openStore, type Store } from '../../knowledge/store.ts';
import { renderedProblems } from '../support/embed-limits.ts';
import { Q1, Q4, releaseText, tempReleases } from '../support/releases.ts';

const SEARS = readFileSync(new URL('../fixtures/realworld/releases/sears-2004-q2.txt', import.meta.url));
const ADMIN = '123456789012345678';
const OTHER_ADMIN = '223456789012345678';
const CDN = 'https://cdn.discordapp.com/ephemeral-attachments/1/2/sears.txt?ex=1&is=2&hm=3';

const textOf = (a: Answer) => renderText(a, 100_000);

describe('attachmentUrlAllowed: only the configured attachment host(s)', () => {
  it.each([
    CDN,
    'https://media.discordapp.net/attachments/1/2/sears.txt',
    'https://cdn.discordapp.com:443/x.txt',
  ])('takes %s', (url) => {
    expect(attachmentUrlAllowed(url, DISCORD_CDN_ORIGINS).ok).toBe(true);
  });

  it.each([
    ['another host', 'https://evil.example/attachments/sears.txt', 'evil.example'],
    ['a host ending like it', 'https://cdn.discordapp.com.evil.example/x.txt', 'cdn.discordapp.com.evil.example'],
    ['plain http', 'http://cdn.discordapp.com/x.txt', 'cdn.discordapp.com'],
    ['another port', 'https://cdn.discordapp.com:8443/x.txt', 'cdn.discordapp.com:8443'],
    ['credentials', 'https://user:pass@cdn.discordapp.com/x.txt', 'cdn.discordapp.com'],
    ['a file', 'file:///etc/passwd', 'no host'],
  ])('refuses %s', (_, url, host) => {
    const allowed = attachmentUrlAllowed(url, DISCORD_CDN_ORIGINS);
    expect(allowed).toEqual({ ok: false, reason: `the attachment is on ${host}, not on Discord's attachment host (cdn.discordapp.com, media.discordapp.net): not downloaded` });
  });

  it('compares names, not addresses: localhost is not 127.0.0.1; and refuses what is no URL', () => {
    expect(attachmentUrlAllowed('http://127.0.0.1:4000/a.txt', ['http://127.0.0.1:4000']).ok).toBe(true);
    expect(attachmentUrlAllowed('http://localhost:4000/a.txt', ['http://127.0.0.1:4000']).ok).toBe(false);
    expect(attachmentUrlAllowed('http://127.0.0.1:4001/a.txt', ['http://127.0.0.1:4000']).ok).toBe(false);
    expect(attachmentUrlAllowed('not a url', DISCORD_CDN_ORIGINS)).toEqual({ ok: false, reason: 'the attachment has no valid address: not downloaded' });
  });
});

describe('checkAttachment: refused before downloading', () => {
  const summaryOf = (r: ReturnType<typeof checkAttachment>) => (r.ok ? '' : r.answer.summary);

  it('takes a release on the CDN under its safe name', () => {
    const checked = checkAttachment({ filename: 'Sears Q2 2004.txt', size: SEARS.length, url: CDN }, DISCORD_CDN_ORIGINS);
    expect(checked.ok && { name: checked.name, url: checked.url.href }).toEqual({ name: 'sears-q2-2004.txt', url: CDN });
  });

  it('refuses a file too big by its declared size, privately, saying so', () => {
    const checked = checkAttachment({ filename: 'huge.txt', size: 5_000_000, url: CDN }, DISCORD_CDN_ORIGINS);
    expect(checked.ok).toBe(false);
    if (checked.ok) return;
    expect(checked.answer).toMatchObject({ kind: 'refusal', title: 'Release not added', private: true });
    expect(checked.answer.summary).toBe('"huge.txt" is 5.00 MB (5000000 bytes), over the 2.00 MB (2000000 bytes) a release may have: not downloaded. Nothing was stored.');
  });

  it('refuses another extension and another host', () => {
    expect(summaryOf(checkAttachment({ filename: 'results.pdf', size: 100, url: CDN }, DISCORD_CDN_ORIGINS))).toMatch(/^"results\.pdf" is not a \.txt, \.htm or \.html file: only those are read as releases: not downloaded\. Nothing was stored\.$/);
    expect(summaryOf(checkAttachment({ filename: 'a.txt', size: 100, url: 'https://evil.example/a.txt' }, DISCORD_CDN_ORIGINS))).toBe(
      '"a.txt": the attachment is on evil.example, not on Discord\'s attachment host (cdn.discordapp.com, media.discordapp.net): not downloaded. Nothing was stored.',
    );
  });
});

describe('pending uploads', () => {
  const upload = (user = ADMIN) => ({ user, bytes: Buffer.from('x'), summary: { name: 'x.txt' } as never });

  it('gives unguessable ids, and the upload once, to its uploader only', () => {
    const uploads = createPendingUploads();
    const { id } = uploads.add(upload());
    const { id: other } = uploads.add(upload());
    expect(id).toMatch(UPLOAD_ID);
    expect(other).not.toBe(id);
    expect(uploads.take(id, OTHER_ADMIN)).toEqual({ ok: false, reason: 'not yours' });
    expect(uploads.take(id, ADMIN)).toMatchObject({ ok: true, upload: { user: ADMIN } });
    expect(uploads.take(id, ADMIN)).toEqual({ ok: false, reason: 'unknown' });
  });

  it('expires after 15 minutes', () => {
    let now = 0;
    const uploads = createPendingUploads({ now: () => now });
    const { id, expiresAt } = uploads.add(upload());
    expect(expiresAt).toBe(15 * 60_000);
    now = 15 * 60_000;
    expect(uploads.take(id, ADMIN)).toEqual({ ok: false, reason: 'expired' });
    expect(uploads.size).toBe(0);
  });

  it('keeps at most 10, dropping the oldest', () => {
    const uploads = createPendingUploads();
    const ids = Array.from({ length: 12 }, () => uploads.add(upload()).id);
    expect(uploads.size).toBe(10);
    expect(uploads.take(ids[0] ?? '', ADMIN)).toEqual({ ok: false, reason: 'unknown' });
    expect(uploads.take(ids[11] ?? '', ADMIN).ok).toBe(true);
  });
});

describe('examine, confirm, cancel', () => {
  let releases: Awaited<ReturnType<typeof tempReleases>>;
  let store: Store;
  let uploads: PendingUploads;

  beforeEach(async () => {
    releases = await tempReleases('earnings-bot-ingest-cmd-');
    const opened = await openStore(releases.dir);
    if (!opened.ok) throw new Error(opened.reason);
    store = opened.store;
    uploads = createPendingUploads();
  });

  afterEach(async () => {
    await releases.remove();
  });

  const examine = (name: string, bytes: Buffer | string, filename = name) => examineAttachment({ name, filename, bytes: Buffer.from(bytes), user: ADMIN }, { store, uploads });

  it('summarises a real release: company, release, periods, figures, checks of it alone, its name, what it replaces; Confirm and Cancel', async () => {
    const summary = await examine('sears-2004-q2.txt', SEARS, 'Sears 2004 Q2.txt');

    expect(summary).toMatchObject({ kind: 'reload', title: 'Add sears-2004-q2.txt?', private: true, upload: { id: expect.stringMatching(UPLOAD_ID) } });
    expect(summary.summary).toBe('Sears, Roebuck and Co. (NYSE: S), release of July 22, 2004: 98 figures over 7 periods. Nothing is stored until you press Confirm (the upload waits 15 minutes).');
    expect(Object.fromEntries(summary.fields.map((f) => [f.name, f.value]))).toEqual({
      Company: 'Sears, Roebuck and Co. (NYSE: S) — a company not loaded yet',
      Release: 'July 22, 2004 — Sears Reports Second Quarter 2004 Results',
      Periods: 'Q2 2004, Q2 2003, H1 2004, H1 2003, Jul 3, 2004, Jun 28, 2003, Jan 3, 2004',
      Figures: expect.stringMatching(/^98 printed figures; \d+ facts in all/),
      'Checks (the release alone)': expect.stringMatching(/^its checks pass \(subtotals, balance, reconciliation\); \d+ other warnings \(lines not read\); \d+ table rows no metric names$/),
      'Stored as': `sears-2004-q2.txt (uploaded as "Sears 2004 Q2.txt"), ${SEARS.length} bytes`,
      Replaces: 'nothing: a new file',
    });
    expect(summary.notes[0]).toMatch(/^unreadable_line: line 528 has 4 figures for 3 columns/);
    expect(summary.notes.length).toBeLessThanOrEqual(9);

    const embed = renderEmbed(summary);
    const rows = renderComponents(summary, undefined);
    expect(renderedProblems(embed, rows)).toEqual([]);
    const buttons = rows.flatMap((r) => r.components).map((b) => ('label' in b ? [b.label, 'custom_id' in b ? decodeUploadButton(b.custom_id) : undefined] : []));
    expect(buttons).toEqual([
      ['Confirm', { action: 'confirm', id: summary.upload?.id }],
      ['Cancel', { action: 'cancel', id: summary.upload?.id }],
    ]);
    expect(await readdir(releases.dir)).not.toContain('sears-2004-q2.txt');
  });

  it('says what a release of a loaded company replaces', async () => {
    const summary = await examine('ifox-2003-q4.txt', releaseText(Q4));
    expect(summary.summary).toMatch(/Confirming replaces infocrossing-2003-q4\.txt\./);
    expect(summary.fields.find((f) => f.name === 'Company')?.value).toBe('Infocrossing, Inc. (Nasdaq: IFOX)');
    // The Q4 release alone: its misprint of Q4 2002 net interest expense (.04 for 0.4) is a check to look at.
    expect(summary.fields.find((f) => f.name === 'Checks (the release alone)')?.value).toMatch(/^1 check to look at/);
    expect(summary.notes[0]).toMatch(/^misprint: /);
    expect(summary.fields.find((f) => f.name === 'Replaces')?.value).toBe(
      'infocrossing-2003-q4.txt (same release, another file; 106 figures now, 106 after): kept aside as infocrossing-2003-q4.txt.replaced-<time>, no longer read',
    );
  });

  it('refuses a file that is not a release, and one with fewer figures than the release it replaces, keeping nothing', async () => {
    const list = await examine('list.txt', 'Shopping list\n\n- milk\n');
    expect(list).toMatchObject({ kind: 'refusal', private: true });
    expect(list.summary).toMatch(/^"list\.txt" is not a release I can read: not an earnings release.*\. Nothing was stored\.$/);
    expect(list.upload).toBeUndefined();

    const fewer = await examine(Q4, releaseText(Q1));
    expect(fewer.summary).toMatch(/would replace infocrossing-2003-q4\.txt, of the same name, which has 106 figures, with 58/);
    expect(uploads.size).toBe(0);
  });

  it('Confirm stores the file and reloads: the report says what changed, and its figures are served', async () => {
    const summary = await examine('sears-2004-q2.txt', SEARS);
    const taken = takeUpload(summary.upload?.id ?? '', ADMIN, uploads);
    if (!taken.ok) throw new Error(taken.answer.summary);

    const done = await confirmUpload(taken.upload, { store });

    expect(done).toMatchObject({ kind: 'reload', private: true });
    expect(done.title).toMatch(/^Added sears-2004-q2\.txt/);
    expect(done.summary).toMatch(/^Sears, Roebuck and Co\. \(NYSE: S\), release of July 22, 2004, is stored as sears-2004-q2\.txt in the releases folder\. Now serving 4 releases/);
    expect(done.fields.find((f) => f.name === 'Releases added')?.value).toBe('sears-2004-q2.txt');
    expect(await readFile(join(releases.dir, 'sears-2004-q2.txt'))).toEqual(SEARS);
    const revenue = await ask('/metric revenue Q2 2004 company:S', { store, admin: false });
    expect(textOf(revenue.answer)).toContain('$8,781 million');
    // Taken once: a second click finds nothing, and the summary is replaced by saying so.
    const again = takeUpload(summary.upload?.id ?? '', ADMIN, uploads);
    expect(again.ok === false && again.replace).toBe(true);
  });

  it('Confirm of a replacement keeps the old file aside, never deleted', async () => {
    const summary = await examine('ifox-2003-q4.txt', releaseText(Q4));
    const taken = takeUpload(summary.upload?.id ?? '', ADMIN, uploads);
    if (!taken.ok) throw new Error(taken.answer.summary);
    const done = await confirmUpload(taken.upload, { store });
    expect(done.summary).toMatch(/infocrossing-2003-q4\.txt is kept aside as infocrossing-2003-q4\.txt\.replaced-\d{8}T\d{6}Z \(no longer read\)/);
    const files = await readdir(releases.dir);
    expect(files).toContain('ifox-2003-q4.txt');
    expect(files.some((f) => f.startsWith(`${Q4}.replaced-`))).toBe(true);
    expect(store.current().releases.map((r) => r.release)).toEqual([Q1, 'infocrossing-2003-q2.txt', 'ifox-2003-q4.txt']);
  });

  it('removes the file again when the reload does not take it, and serves the folder as it was', async () => {
    const summary = await examine('ifox-2003-q4.txt', releaseText(Q4));
    const taken = takeUpload(summary.upload?.id ?? '', ADMIN, uploads);
    if (!taken.ok) throw new Error(taken.answer.summary);
    const before = (await readdir(releases.dir)).sort();
    // A worker that times out is hard to stage: a store whose first reload refuses the upload stands in.
    let reloads = 0;
    const hide = (s: Snapshot): Snapshot => ({ ...s, releases: s.releases.filter((r) => r.release !== 'ifox-2003-q4.txt') });
    const stub: Store = {
      dir: store.dir,
      current: () => (reloads === 1 ? hide(store.current()) : store.current()),
      async reload() {
        reloads += 1;
        const report = await store.reload();
        return reloads === 1 ? { ...report, refused: [{ release: 'ifox-2003-q4.txt', reason: 'took longer than 5 s to read: refused' }] } : report;
      },
    };

    const done = await confirmUpload(taken.upload, { store: stub });

    expect(done.kind).toBe('refusal');
    expect(done.summary).toBe('ifox-2003-q4.txt was stored, but the reload did not take it: took longer than 5 s to read: refused. The file was removed and the releases folder is as it was.');
    expect((await readdir(releases.dir)).sort()).toEqual(before);
    expect(reloads).toBe(2);
    expect(store.current().releases.map((r) => r.release)).toEqual([Q1, 'infocrossing-2003-q2.txt', Q4]);
  });

  it('Cancel writes nothing; another admin can neither confirm nor cancel', async () => {
    const before = await readdir(releases.dir);
    const summary = await examine('sears-2004-q2.txt', SEARS);
    const id = summary.upload?.id ?? '';

    const other = takeUpload(id, OTHER_ADMIN, uploads);
    expect(other).toMatchObject({ ok: false, replace: false, answer: { summary: 'Only the admin who uploaded this file can confirm or cancel it. Nothing was changed.' } });

    const taken = takeUpload(id, ADMIN, uploads);
    if (!taken.ok) throw new Error(taken.answer.summary);
    expect(cancelledAnswer(taken.upload)).toMatchObject({ title: 'Upload cancelled', summary: 'sears-2004-q2.txt was not added. Nothing was stored.' });
    expect(await readdir(releases.dir)).toEqual(before);
    expect(takeUpload(id, ADMIN, uploads)).toMatchObject({ ok: false, replace: true, answer: { summary: expect.stringMatching(/no longer pending/) } });
  });

  it('tells the console where uploads work', async () => {
    const asked = await ask('/ingest', { store, admin: true });
    expect(asked.answer.summary).toMatch(/^Uploading a release works in Discord: \/ingest with the file attached\. Here, copy the file into the releases folder and \/reload\./);
    const refused = await ask('/ingest', { store, admin: false });
    expect(refused.answer.summary).toMatch(/Only admins can add releases/);
  });
});
