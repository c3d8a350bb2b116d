/**
 * `/ingest` in Discord: the attachment option, the download, and the Confirm / Cancel buttons.
 * Every decision (what is refused, the summary, the pending upload, storing and reloading) is
 * commands/ingest.ts's; this reads the attachment Discord resolved, downloads it from the
 * configured attachment host(s) only, and answers privately to the admin who uploaded it.
 */
import { MessageFlags, type ButtonInteraction, type ChatInputCommandInteraction } from 'discord.js';
import { checkAttachment, uploadRefused } from '../../commands/ingest.ts';
import { quoted, UPLOAD_LIMITS } from '../../knowledge/ingest.ts';
import type { AnswerService } from '../answers/service.ts';
import type { Config } from '../config.ts';
import { renderMessage } from '../render/message.ts';
import type { UploadButton } from '../render/payload.ts';
import { isAdmin } from './admin.ts';
import { downloadAttachment } from './download.ts';
import { ephemeral, toPayload } from './reply.ts';

/** How long a download may take, body included. */
export const DOWNLOAD_MS = 15_000;

export interface IngestWiring {
  /** Examines, keeps and stores uploads (the pending ones are kept with the knowledge). */
  answers: AnswerService;
  config: Pick<Config, 'ADMIN_ROLE_IDS' | 'ADMIN_USER_IDS' | 'DISCORD_CDN_URLS'>;
}

/** The option the file comes in, as commands/ingest.ts names it. */
const FILE_OPTION = 'file';

/** `/ingest file:<attachment>`, by an admin (checked before). */
export async function onIngest(i: ChatInputCommandInteraction, deps: IngestWiring): Promise<string> {
  const attachment = i.options.getAttachment(FILE_OPTION);
  if (!attachment) {
    await i.reply({ ...toPayload(await renderMessage(uploadRefused('No file was attached: attach the release to /ingest'))), flags: MessageFlags.Ephemeral });
    return 'refused';
  }
  const checked = checkAttachment({ filename: attachment.name, size: attachment.size, url: attachment.url }, deps.config.DISCORD_CDN_URLS, UPLOAD_LIMITS);
  if (!checked.ok) {
    await i.reply({ ...toPayload(await renderMessage(checked.answer)), flags: MessageFlags.Ephemeral });
    return 'refused';
  }
  // Downloading and reading take longer than Discord waits for an answer.
  await i.deferReply({ flags: MessageFlags.Ephemeral });
  const downloaded = await downloadAttachment(checked.url, { maxBytes: UPLOAD_LIMITS.bytes, timeoutMs: DOWNLOAD_MS });
  if (!downloaded.ok) {
    await i.editReply(toPayload(await renderMessage(uploadRefused(`${quoted(attachment.name)} ${downloaded.reason}`))));
    return 'refused';
  }
  const examined = await deps.answers.examineUpload({ name: checked.name, filename: attachment.name, bytes: downloaded.bytes, user: i.user.id });
  await i.editReply(toPayload(examined.message));
  return examined.outcome;
}

/** Confirm or Cancel on an upload's summary. */
export async function onUploadButton(i: ButtonInteraction, button: UploadButton, deps: IngestWiring): Promise<string> {
  if (!isAdmin(i, deps.config)) {
    await i.reply(ephemeral('Only admins can add releases. Nothing was changed.'));
    return 'refused';
  }
  const clicked = await deps.answers.clickUpload(button, i.user.id);
  if (!clicked.taken) {
    const { reply } = clicked;
    // Gone or cancelled: the summary says so and loses its buttons. Someone else's: only the one who clicked is told.
    if (reply.update) await i.update(toPayload(reply.message));
    else await i.reply({ ...toPayload(reply.message), flags: MessageFlags.Ephemeral });
    return reply.outcome;
  }
  // Storing and reloading may take a while: the summary is replaced by the report when done.
  await i.deferUpdate();
  const stored = await deps.answers.confirmUpload(button.id);
  await i.editReply(toPayload(stored.message));
  return stored.outcome;
}
