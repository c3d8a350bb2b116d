/**
 * `/ingest file:<release>` (admins): add a release to the releases folder from the chat, without a
 * shell. Transport-free: the transport hands in the attachment's name, size and address, then its
 * bytes, and a button's choice; everything it answers is decided here.
 *
 *   1. Before downloading: a .txt, .htm or .html name, a declared size within the folder's limit,
 *      and an address on the configured attachment host(s) (`checkAttachment`).
 *   2. Downloaded, it is read alone (`examineAttachment`): not a release, no figures, or fewer
 *      figures than the release it replaces is refused with the reason; else the summary (company,
 *      periods, figures, the checks of a snapshot of it alone, what it replaces) with Confirm and
 *      Cancel, the upload kept server-side (pending-uploads.ts). Nothing is written.
 *   3. A click takes the upload (`takeUpload`: its uploader only, within 15 minutes). Confirm
 *      (`confirmUpload`) stores it under its safe name, what it replaces kept aside, then runs the
 *      store's reload, whose report says what changed; a file the reload does not take is removed
 *      again and the folder put back. Cancel (`cancelledAnswer`) writes nothing.
 */
import { examineUpload, checkDeclared, quoted, storeUpload, undoStore, UPLOAD_LIMITS, type Replaced, type UploadLimits, type UploadSummary } from '../knowledge/ingest.ts';
import type { Warning } from '../knowledge/facts.ts';
import { longDate, shortPeriod } from '../knowledge/periods.ts';
import type { Store } from '../knowledge/store.ts';
import { answer, type Answer } from './answer.ts';
import type { PendingUpload, PendingUploads } from './pending-uploads.ts';
import { reloadAnswer } from './reload.ts';
import { defineCommand, option } from './spec.ts';

export const ingest = defineCommand({
  name: 'ingest',
  description: 'Admins: add a release (a .txt, .htm or .html file, attached) to the releases',
  options: { file: option('attachment', 'The release: a .txt, .htm or .html file of up to 2 MB', true) },
  admin: true,
  slow: true,
  examples: ['/ingest file:<the release, attached>'],
  read: () => ({ kind: 'question', question: { intent: 'ingest' } }),
});

/** Where only a transport with attachments can take a file (the console, the CLI). */
export const ingestElsewhere = (): Answer =>
  answer('refusal', 'Adding a release', 'Uploading a release works in Discord: /ingest with the file attached. Here, copy the file into the releases folder and /reload. Nothing was stored.');

/** A refusal of an upload: only the admin sees it. */
export const uploadRefused = (reason: string, done = 'Nothing was stored.'): Answer => ({
  ...answer('refusal', 'Release not added', `${reason.replace(/\.$/, '')}. ${done}`),
  private: true,
});

/** What an attachment says of itself, as the transport received it. */
export interface AttachmentInfo {
  filename: string;
  /** Bytes, as declared. */
  size: number;
  url: string;
}

/**
 * Whether `url` is on one of the allowed origins (scheme, host and port, from configuration: never
 * from the attachment itself), and carries no credentials.
 */
export function attachmentUrlAllowed(url: string, allowedOrigins: readonly string[]): { ok: true; url: URL } | { ok: false; reason: string } {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return { ok: false, reason: 'the attachment has no valid address: not downloaded' };
  }
  const allowed = allowedOrigins.flatMap((o) => {
    try {
      return [new URL(o).origin];
    } catch {
      return [];
    }
  });
  if (parsed.username || parsed.password || !allowed.includes(parsed.origin)) {
    const hosts = allowed.map((o) => new URL(o).host).join(', ') || 'none configured';
    return { ok: false, reason: `the attachment is on ${parsed.host || 'no host'}, not on Discord's attachment host (${hosts}): not downloaded` };
  }
  return { ok: true, url: parsed };
}

/** The checks made before downloading: the safe name and the address to fetch, or the refusal. */
export function checkAttachment(a: AttachmentInfo, allowedOrigins: readonly string[], limits: UploadLimits = UPLOAD_LIMITS): { ok: true; name: string; url: URL } | { ok: false; answer: Answer } {
  const declared = checkDeclared({ filename: a.filename, size: a.size }, limits);
  if (!declared.ok) return { ok: false, answer: uploadRefused(`${declared.reason}: not downloaded`) };
  const where = attachmentUrlAllowed(a.url, allowedOrigins);
  if (!where.ok) return { ok: false, answer: uploadRefused(`${quoted(a.filename)}: ${where.reason}`) };
  return { ok: true, name: declared.name, url: where.url };
}

export interface IngestDeps {
  store: Store;
  uploads: PendingUploads;
  limits?: UploadLimits;
}

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

const companyLine = (c: UploadSummary['company']) => `${c.name}${c.ticker ? ` (${c.exchange ? `${c.exchange}: ` : ''}${c.ticker})` : ''}`;

/** Warnings that say a figure may be wrong come first; rows no metric names are only counted. */
const CHECKS = new Set<Warning['code']>(['check_failed', 'misprint', 'restated']);

function checksField(warnings: readonly Warning[]): { field: string; notes: string[] } {
  const checks = warnings.filter((w) => CHECKS.has(w.code));
  const unknown = warnings.filter((w) => w.code === 'unknown_label');
  const other = warnings.filter((w) => !CHECKS.has(w.code) && w.code !== 'unknown_label');
  const parts = [
    checks.length > 0 ? `${plural(checks.length, 'check')} to look at` : 'its checks pass (subtotals, balance, reconciliation)',
    ...(other.length > 0 ? [`${plural(other.length, 'other warning')} (lines not read)`] : []),
    ...(unknown.length > 0 ? [`${plural(unknown.length, 'table row')} no metric names`] : []),
  ];
  const shown = [...checks, ...other].slice(0, 8).map((w) => `${w.code}: ${w.message}`);
  const more = checks.length + other.length - shown.length;
  return { field: parts.join('; '), notes: more > 0 ? [...shown, `and ${more} more`] : shown };
}

function replacesLine(r: Replaced, figures: number, keptAs: string): string {
  const why = r.why === 'name' ? 'same name' : 'same release, another file';
  const served = r.served ? `${r.figures} figures now, ${figures} after` : 'not served now';
  return `${r.release} (${why}; ${served}): kept aside as ${keptAs}, no longer read`;
}

/** The summary an admin confirms: what the file holds, read alone, and what storing it does. */
export function summaryAnswer(s: UploadSummary, pending: { id: string; minutes: number }): Answer {
  const company = companyLine(s.company);
  const checks = checksField(s.warnings);
  const renamed = s.filename === s.name ? '' : ` (uploaded as ${quoted(s.filename)})`;
  return {
    ...answer('reload', `Add ${s.name}?`, `${company}, release of ${longDate(s.date)}: ${plural(s.figures, 'figure')} over ${plural(s.periods.length, 'period')}.${s.replaces.length > 0 ? ` Confirming replaces ${s.replaces.map((r) => r.release).join(' and ')}.` : ''} Nothing is stored until you press Confirm (the upload waits ${pending.minutes} minutes).`, {
      emphasis: [plural(s.figures, 'figure')],
      fields: [
        { name: 'Company', value: `${company}${s.newCompany ? ' — a company not loaded yet' : ''}`, inline: true },
        { name: 'Release', value: `${longDate(s.date)}${s.headline ? ` — ${s.headline}` : ''}`, inline: true },
        { name: 'Periods', value: s.periods.map(shortPeriod).join(', ') || 'none' },
        { name: 'Figures', value: `${plural(s.figures, 'printed figure')}; ${plural(s.facts, 'fact')} in all (figures, sentences, quotes, contacts)`, inline: true },
        { name: 'Checks (the release alone)', value: checks.field, inline: true },
        { name: 'Stored as', value: `${s.name}${renamed}, ${s.bytes} bytes` },
        { name: 'Replaces', value: s.replaces.length > 0 ? s.replaces.map((r) => replacesLine(r, s.figures, `${r.release}.replaced-<time>`)).join('\n') : 'nothing: a new file' },
      ],
      notes: checks.notes,
      upload: { id: pending.id },
    }),
    private: true,
  };
}

/**
 * The downloaded file, read alone: refused with the reason, or its summary with Confirm and Cancel,
 * the upload kept for `user` only. Writes nothing.
 */
export async function examineAttachment(upload: { name: string; filename: string; bytes: Buffer; user: string }, deps: IngestDeps): Promise<Answer> {
  const examined = await examineUpload(upload, { dir: deps.store.dir, snapshot: deps.store.current() }, deps.limits ?? UPLOAD_LIMITS);
  if (!examined.ok) return uploadRefused(examined.reason);
  const { id } = deps.uploads.add({ user: upload.user, summary: examined.summary, bytes: upload.bytes });
  return summaryAnswer(examined.summary, { id, minutes: Math.round(deps.uploads.ttlMs / 60_000) });
}

/**
 * A Confirm or Cancel click: the upload it names, taken for good (only its uploader, before it
 * expires); or the answer, and whether it replaces the summary (the upload is gone) or goes to the
 * one who clicked alone (someone else's upload: left as it is).
 */
export function takeUpload(id: string, user: string, uploads: PendingUploads): { ok: true; upload: PendingUpload } | { ok: false; answer: Answer; replace: boolean } {
  const taken = uploads.take(id, user);
  if (taken.ok) return taken;
  if (taken.reason === 'not yours') return { ok: false, answer: uploadRefused('Only the admin who uploaded this file can confirm or cancel it', 'Nothing was changed.'), replace: false };
  const why = taken.reason === 'expired' ? `it waited longer than ${Math.round(uploads.ttlMs / 60_000)} minutes` : 'it was confirmed or cancelled already, waited too long, or the bot restarted since';
  return { ok: false, answer: uploadRefused(`This upload is no longer pending (${why}): attach the file to /ingest again`), replace: true };
}

/** Confirm: store the upload taken, reload, and report; a file the reload does not take is removed again. */
export async function confirmUpload(upload: PendingUpload, deps: Omit<IngestDeps, 'uploads'>): Promise<Answer> {
  const { summary, bytes } = upload;
  const { store } = deps;
  const stored = await storeUpload(store.dir, summary, bytes, store.current());
  if (!stored.ok) return uploadRefused(`${summary.name}: ${stored.reason}`);
  const report = await store.reload();
  if (!store.current().releases.some((r) => r.release === summary.name)) {
    const why = report.refused.find((r) => r.release === summary.name)?.reason ?? report.reason ?? 'it is not served after the reload';
    const problems = await undoStore(store.dir, stored.stored);
    // The reload served the folder with the new file and without what it replaced: serve the folder as it is again.
    if (report.ok) await store.reload();
    const put = problems.length > 0 ? `Putting the folder back failed: ${problems.join('; ')}.` : 'The file was removed and the releases folder is as it was.';
    return uploadRefused(`${summary.name} was stored, but the reload did not take it: ${why}`, put);
  }
  const reloaded = reloadAnswer(report);
  const aside = stored.stored.keptAside.map((k) => `${k.release} is kept aside as ${k.as} (no longer read).`).join(' ');
  return {
    ...reloaded,
    title: `Added ${summary.name}${reloaded.title === 'Reloaded' ? ' and reloaded' : ` — ${reloaded.title.toLowerCase()}`}`,
    summary: `${companyLine(summary.company)}, release of ${longDate(summary.date)}, is stored as ${summary.name} in the releases folder.${aside ? ` ${aside}` : ''} ${reloaded.summary}`,
    private: true,
  };
}

/** Cancel, once the upload is taken: it is forgotten; nothing was written, nothing is. */
export const cancelledAnswer = (upload: PendingUpload): Answer => ({
  ...answer('reload', 'Upload cancelled', `${upload.summary.name} was not added. Nothing was stored.`),
  private: true,
});
