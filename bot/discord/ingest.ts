/**
 * `/ingest` in Discord: the attachment option, the download, and the Confirm / Cancel buttons.
 * Every decision (what is refused, the summary, the pending upload, storing and reloading) is
 * commands/ingest.ts's; this reads the attachment Discord resolved, downloads it from the
 * configured attachment host(s) only, and answers privately to the admin who uploaded it.
 */
import { MessageFlags, type ButtonInteraction, type ChatInputCommandInteraction } from 'discord.js';
import { cancelledAnswer, checkAttachment, confirmUpload, examineAttachment, takeUpload, uploadRefused } from '../../commands/ingest.ts';
import type { PendingUploads } from '../../commands/pending-uploads.ts';
import { quoted, UPLOAD_LIMITS, type UploadLimits } from '../../knowledge/ingest.ts';
import type { Store } from '../../knowledge/store.ts';
import type { Config } from '../config.ts';
import type { Logger } from '../logger.ts';
import type { UploadButton } from '../render/payload.ts';
import { isAdmin } from './admin.ts';
import { downloadAttachment } from './download.ts';
import { answerPayload, ephemeral } from './reply.ts';

/** How long a download may take, body included. */
export const DOWNLOAD_MS = 15_000;

export interface IngestWiring {
  store: Store;
  uploads: PendingUploads;
  logger: Logger;
  config: Pick<Config, 'ADMIN_ROLE_IDS' | 'ADMIN_USER_IDS' | 'DISCORD_CDN_URLS'>;
  /** Tests lower them; the folder's own limits otherwise. */
  uploadLimits?: UploadLimits;
  downloadMs?: number;
}

/** The option the file comes in, as commands/ingest.ts names it. */
const FILE_OPTION = 'file';

/** `/ingest file:<attachment>`, by an admin (checked before). */
export async function onIngest(i: ChatInputCommandInteraction, deps: IngestWiring): Promise<string> {
  const limits = deps.uploadLimits ?? UPLOAD_LIMITS;
  const attachment = i.options.getAttachment(FILE_OPTION);
  if (!attachment) {
    await i.reply({ ...(await answerPayload(uploadRefused('No file was attached: attach the release to /ingest'))), flags: MessageFlags.Ephemeral });
    return 'refused';
  }
  const checked = checkAttachment({ filename: attachment.name, size: attachment.size, url: attachment.url }, deps.config.DISCORD_CDN_URLS, limits);
  if (!checked.ok) {
    await i.reply({ ...(await answerPayload(checked.answer)), flags: MessageFlags.Ephemeral });
    return 'refused';
  }
  // Downloading and reading take longer than Discord waits for an answer.
  await i.deferReply({ flags: MessageFlags.Ephemeral });
  const downloaded = await downloadAttachment(checked.url, { maxBytes: limits.bytes, timeoutMs: deps.downloadMs ?? DOWNLOAD_MS });
  const answer = downloaded.ok
    ? await examineAttachment({ name: checked.name, filename: attachment.name, bytes: downloaded.bytes, user: i.user.id }, { store: deps.store, uploads: deps.uploads, limits })
    : uploadRefused(`${quoted(attachment.name)} ${downloaded.reason}`);
  await i.editReply(await answerPayload(answer, undefined, deps.logger));
  return answer.upload ? 'upload pending' : 'refused';
}

/** Confirm or Cancel on an upload's summary. */
export async function onUploadButton(i: ButtonInteraction, button: UploadButton, deps: IngestWiring): Promise<string> {
  if (!isAdmin(i, deps.config)) {
    await i.reply(ephemeral('Only admins can add releases. Nothing was changed.'));
    return 'refused';
  }
  const taken = takeUpload(button.id, i.user.id, deps.uploads);
  if (!taken.ok) {
    const payload = await answerPayload(taken.answer);
    // Gone: the summary says so and loses its buttons. Someone else's: only the one who clicked is told.
    if (taken.replace) await i.update(payload);
    else await i.reply({ ...payload, flags: MessageFlags.Ephemeral });
    return 'stale upload';
  }
  if (button.action === 'cancel') {
    await i.update(await answerPayload(cancelledAnswer(taken.upload)));
    return 'upload cancelled';
  }
  // Storing and reloading may take a while: the summary is replaced by the report when done.
  await i.deferUpdate();
  const answer = await confirmUpload(taken.upload, { store: deps.store, ...(deps.uploadLimits ? { limits: deps.uploadLimits } : {}) });
  await i.editReply(await answerPayload(answer, undefined, deps.logger));
  deps.logger.info({ release: taken.upload.summary.name, stored: answer.kind !== 'refusal' }, 'upload confirmed');
  return answer.kind === 'refusal' ? 'upload not stored' : 'upload stored';
}
