/**
 * Everything the Discord bot asks of the knowledge, as one service: a question in words, a slash
 * command, a button, a menu pick, autocomplete, an upload. It holds what answering needs (the
 * store, the answer memo, each user's conversation, the unanswered log, the channels' companies,
 * the pending uploads) and returns messages as plain data, ready to send. The Discord side holds
 * none of it: it may run here, in the same process (`localAnswers`), or in a process of its own
 * (bot/answers/child.ts), so that answering never stalls the gateway and the replies.
 */
import type { CommandCall } from '../../commands/answer.ts';
import { autocomplete, type Choice } from '../../commands/autocomplete.ts';
import { createChannelDefaults } from '../../commands/channel-company.ts';
import { cancelledAnswer, confirmUpload, examineAttachment, takeUpload } from '../../commands/ingest.ts';
import { createAnswerMemo } from '../../commands/memo.ts';
import { createPendingUploads, type PendingUpload } from '../../commands/pending-uploads.ts';
import { commandNamed } from '../../commands/registry.ts';
import { answerQuestion, ask, runCall, type Asked, type Asker } from '../../commands/run.ts';
import { createUnansweredLog } from '../../commands/unanswered.ts';
import { createConversations } from '../../commands/understand/conversation.ts';
import type { Store } from '../../knowledge/store.ts';
import type { Config } from '../config.ts';
import { shardedStore, shardIds } from '../discord/sharding.ts';
import type { Logger } from '../logger.ts';
import { clip } from '../render/clip.ts';
import { parseButtonId, renderSourceLines } from '../render/embed.ts';
import { asBuffer, type MessageData, renderMessage, textMessage } from '../render/message.ts';
import { decodeQuestion, type UploadButton } from '../render/payload.ts';

/** Who asks, and where: one user's conversation is kept per channel. */
export interface Who {
  user: string;
  /** The channel asked in; null in a direct message. */
  channel: string | null;
  admin: boolean;
}

export interface Reply {
  message: MessageData;
  /** What was answered, for the log: the answer's kind, or what was done. */
  outcome: string;
  /** Shown to the asker alone (ephemeral). */
  private: boolean;
  /** Replaces the message the button is on (another page, an upload's outcome) rather than replying. */
  update?: boolean;
  /** Words the releases have no answer to (help, or a search that found nothing): an ask-channel hints instead. */
  unanswerable?: boolean;
  /** How the question was read (its intent), for the log. */
  intent?: string;
}

/** A Confirm or Cancel on an upload's summary: its outcome, or the upload taken and waiting for `confirmUpload`. */
export type UploadClick = { taken: false; reply: Reply } | { taken: true };

export interface AnswerService {
  /** Words posted in a channel (or slash text: "/metric revenue Q4 2003"). */
  ask(text: string, who: Who): Promise<Reply>;
  /** A slash command with its options as Discord sent them. */
  command(call: CommandCall, who: Who): Promise<Reply>;
  /** A button of an answer ("Source", "vs prior year", Previous / Next), by its custom id. */
  button(customId: string): Promise<Reply>;
  /** A reading chosen from the "which did you mean?" menu, by the option's value. */
  pick(value: string, who: Who): Promise<Reply>;
  /** Choices for the option being typed. */
  autocomplete(command: string, option: string, typed: string, options: Record<string, string>): Promise<Choice[]>;
  /** An admin's downloaded upload, read alone: its summary with Confirm and Cancel, or why it is refused. */
  examineUpload(upload: { name: string; filename: string; bytes: Uint8Array; user: string }): Promise<Reply>;
  /** Confirm or Cancel clicked by `user`. */
  clickUpload(button: UploadButton, user: string): Promise<UploadClick>;
  /** The upload taken by a Confirm: stored and reloaded, and the report. */
  confirmUpload(id: string): Promise<Reply>;
  /** Stops taking work; the service is not used again. */
  close(): Promise<void>;
}

export interface LocalOptions {
  logger: Logger;
  /** Keep the asker's user id with an unanswered question (UNANSWERED_KEEP_USER_IDS). */
  keepUserIds?: boolean;
}

/** Choice names Discord shows: up to 100 characters. */
const CHOICE_NAME = 100;

/** Answers here, from `store`. */
export function localAnswers(store: Store, options: LocalOptions): AnswerService {
  const { logger } = options;
  const memo = createAnswerMemo();
  const conversations = createConversations();
  const unanswered = createUnansweredLog({ keepUserIds: options.keepUserIds ?? false });
  const channelDefaults = createChannelDefaults();
  const uploads = createPendingUploads();
  /** Uploads taken by a Confirm, until stored. */
  const confirming = new Map<string, PendingUpload>();

  /** The asker `who` is: their conversation in this channel, and the channel's company; `logged`: kept if unanswered. */
  const asker = (who: Who, logged = true): Asker & { conversation: NonNullable<Asker['conversation']> } => ({
    store,
    admin: who.admin,
    memo,
    conversation: { store: conversations, key: `${who.user}:${who.channel ?? 'dm'}` },
    ...(logged ? { unanswered: { log: unanswered, where: who.channel ?? 'dm', user: who.user } } : {}),
    ...(who.channel ? { channel: { defaults: channelDefaults, id: who.channel } } : {}),
  });
  const reply = async ({ answer, question }: Asked, extra: Partial<Reply> = {}): Promise<Reply> => ({
    message: await renderMessage(answer, question, logger),
    outcome: answer.kind,
    private: answer.private ?? false,
    ...(question ? { intent: question.intent } : {}),
    ...extra,
  });

  return {
    async ask(text, who) {
      const asked = await ask(text, asker(who));
      const unanswerable = asked.answer.kind === 'help' || (asked.answer.kind === 'not_found' && asked.question?.intent === 'narrative');
      return reply(asked, unanswerable ? { unanswerable } : {});
    },
    async command(call, who) {
      return reply(await runCall(call, asker(who)));
    },
    async button(customId) {
      const decoded = parseButtonId(customId);
      if (!decoded) return { message: textMessage('This button is no longer valid; ask again.'), outcome: 'stale button', private: true };
      // A button re-asks its question as it stands: no conversation moves, nothing is logged as unanswered.
      const asked = await answerQuestion(decoded.question, { store, admin: false, memo });
      if (decoded.prefix === 'src') return { message: textMessage(renderSourceLines(asked.answer)), outcome: 'source', private: true };
      if (decoded.prefix === 'pg') {
        const { paging } = asked.answer;
        return reply(asked, { update: true, outcome: paging ? `page ${paging.page + 1} of ${paging.pages}` : asked.answer.kind });
      }
      return reply(asked, { private: false });
    },
    async pick(value, who) {
      const question = decodeQuestion(value);
      if (!question) return { message: textMessage('That choice is no longer valid; ask again.'), outcome: 'stale choice', private: true };
      const picked = asker({ ...who, admin: false }, false);
      const asked = await answerQuestion(question, picked);
      // The reading chosen is the asker's context for what they ask next.
      if (asked.question) conversations.remember(picked.conversation.key, asked.question);
      return reply(asked, { private: false });
    },
    async autocomplete(command, option, typed, others) {
      const spec = commandNamed(command)?.options[option];
      return (spec ? autocomplete(spec.kind, typed, others, store.current()) : []).map((c) => ({ ...c, name: clip(c.name, CHOICE_NAME) }));
    },
    async examineUpload(upload) {
      const answer = await examineAttachment({ ...upload, bytes: asBuffer(upload.bytes) }, { store, uploads });
      return reply({ answer }, { private: true, outcome: answer.upload ? 'upload pending' : 'refused' });
    },
    async clickUpload(button, user) {
      const taken = takeUpload(button.id, user, uploads);
      if (!taken.ok) {
        // Gone: the summary says so and loses its buttons. Someone else's: only the one who clicked is told.
        return { taken: false, reply: await reply({ answer: taken.answer }, { outcome: 'stale upload', private: !taken.replace, update: taken.replace }) };
      }
      if (button.action === 'cancel') return { taken: false, reply: await reply({ answer: cancelledAnswer(taken.upload) }, { outcome: 'upload cancelled', update: true }) };
      confirming.set(button.id, taken.upload);
      return { taken: true };
    },
    async confirmUpload(id) {
      const upload = confirming.get(id);
      confirming.delete(id);
      if (!upload) return { message: textMessage('This upload is no longer pending: attach the file to /ingest again.'), outcome: 'stale upload', private: true, update: true };
      const answer = await confirmUpload(upload, { store });
      logger.info({ release: upload.summary.name, stored: answer.kind !== 'refusal' }, 'upload confirmed');
      return reply({ answer }, { outcome: answer.kind === 'refusal' ? 'upload not stored' : 'upload stored', update: true });
    },
    async close() {},
  };
}

/** Answers here from `store`, as `config` sets them up: its shards (each named in a reload's report), its unanswered log. */
export function answersOn(store: Store, config: Pick<Config, 'SHARD_COUNT' | 'UNANSWERED_KEEP_USER_IDS'>, logger: Logger): AnswerService {
  const shards = shardIds(config.SHARD_COUNT);
  return localAnswers(shards.length > 0 ? shardedStore(store, shards) : store, { logger, keepUserIds: config.UNANSWERED_KEEP_USER_IDS });
}
