/**
 * Free-text questions in channels: messages that mention the bot, and every message in the
 * ASK_CHANNEL_IDS channels, get an answer as a reply. Bots (and the bot itself) are ignored. A
 * per-user cooldown keeps one person from flooding a channel, and a per-channel budget keeps a
 * crowd from it; in ask-channels a message the bot cannot answer gets a short hint, at most once a
 * minute per channel, rather than silence. Each question gets at most one reply, even when Discord
 * fails after storing it.
 */
import type { Message, MessageReplyOptions } from 'discord.js';
import type { Config } from '../config.ts';
import { createChannelBudget } from './channel-budget.ts';
import { wellFormed } from './clean-text.ts';
import type { AnswerDeps } from './interactions.ts';
import { NO_MENTIONS, toPayload } from './reply.ts';
import { isUnauthorized } from './token-guard.ts';

export interface MessageDeps extends AnswerDeps {
  config: Pick<Config, 'ASK_CHANNEL_IDS' | 'FREE_TEXT_COOLDOWN_SECONDS'>;
  /** After a 401: resolves true once the bot token works again (false: it was revoked). */
  recoverToken: () => Promise<boolean>;
}

/**
 * A mention as Discord writes it in a message's text: a user (`<@id>`, `<@!id>`), a role (`<@&id>`),
 * a channel (`<#id>`), `@everyone`, `@here`. Who is mentioned is not part of the question: each is
 * read as a space ("@everyone revenue Q4 2003" searched the text for "everyone").
 */
const MENTION = /<@[!&]?\d+>|<#\d+>|@everyone\b|@here\b/g;

const HINT_EVERY_MS = 60_000;
/** Replies per channel per window, one below Discord's per-channel limit: room for the notice. */
const CHANNEL_REPLIES = 4;
const CHANNEL_WINDOW_MS = 5_000;

/**
 * Replies with the question's id as the nonce, enforced: if Discord stored the reply but the answer
 * to the request was lost (a 502), the retry gets that reply back instead of posting it again. A
 * 401 is retried once the token is known good, with the same nonce.
 */
async function replyOnce(message: Message, payload: MessageReplyOptions, recoverToken: MessageDeps['recoverToken']): Promise<void> {
  const once = { ...payload, nonce: message.id, enforceNonce: true };
  try {
    await message.reply(once);
  } catch (error) {
    if (!isUnauthorized(error) || !(await recoverToken())) throw error;
    await message.reply(once);
  }
}

export function createMessageHandler(deps: MessageDeps) {
  const lastAsked = new Map<string, number>();
  const warnedCooldown = new Set<string>();
  const lastHint = new Map<string, number>();
  const channelTurn = createChannelBudget(CHANNEL_REPLIES, CHANNEL_WINDOW_MS);
  const reply = (message: Message, payload: MessageReplyOptions) => replyOnce(message, payload, deps.recoverToken);
  const askChannels = new Set(deps.config.ASK_CHANNEL_IDS);

  return async function onMessage(message: Message, botId: string): Promise<void> {
    if (message.author.bot || message.author.id === botId || message.system || deps.closing()) return;
    const mentioned = message.mentions.users.has(botId);
    const inAskChannel = askChannels.has(message.channelId);
    if (!mentioned && !inAskChannel) return;
    const text = wellFormed(message.content).replace(MENTION, ' ').trim();
    const log = deps.logger.child({ message: message.id, user: message.author.id, channel: message.channelId });
    const started = performance.now();

    const now = Date.now();
    const cooldown = deps.config.FREE_TEXT_COOLDOWN_SECONDS * 1000;
    const last = lastAsked.get(message.author.id);
    if (last !== undefined && now - last < cooldown) {
      // One notice per cooldown window; further messages in it are dropped quietly.
      if (!warnedCooldown.has(message.author.id)) {
        warnedCooldown.add(message.author.id);
        const wait = Math.ceil((cooldown - (now - last)) / 1000);
        await reply(message, { content: `One question every ${deps.config.FREE_TEXT_COOLDOWN_SECONDS} s, please: ask again in ${wait} s.`, allowedMentions: NO_MENTIONS }).catch((e: unknown) => log.warn({ err: e }, 'cooldown notice not sent'));
      }
      return;
    }
    // Forget users whose cooldown is long over, so the map stays as small as the active crowd.
    if (lastAsked.size > 10_000) for (const [user, at] of lastAsked) if (now - at >= cooldown) lastAsked.delete(user);
    lastAsked.set(message.author.id, now);
    warnedCooldown.delete(message.author.id);

    const turn = channelTurn(message.channelId, now);
    if (turn !== 'reply') {
      if (turn === 'notice') {
        const notice = `Busy channel: I answer ${CHANNEL_REPLIES} questions every ${CHANNEL_WINDOW_MS / 1000} s here. Ask again in a moment, or use the slash commands (/help).`;
        await reply(message, { content: notice, allowedMentions: NO_MENTIONS }).catch((e: unknown) => log.warn({ err: e }, 'busy notice not sent'));
      }
      log.info({ outcome: `channel busy (${turn})` }, 'not answered');
      return;
    }

    try {
      const answered = await deps.answers.ask(text, { user: message.author.id, channel: message.channelId, admin: false });
      if (!mentioned && answered.unanswerable) {
        if (now - (lastHint.get(message.channelId) ?? 0) < HINT_EVERY_MS) return;
        lastHint.set(message.channelId, now);
        await reply(message, { content: 'I answer questions about the earnings releases, e.g. "revenue Q4 2003" or "who handles investor relations?". Try /help.', allowedMentions: NO_MENTIONS });
        log.info({ outcome: 'hint', ms: Math.round(performance.now() - started) }, 'hinted');
        return;
      }
      await reply(message, toPayload(answered.message));
      log.info({ outcome: answered.outcome, intent: answered.intent, ms: Math.round((performance.now() - started) * 100) / 100 }, 'answered');
    } catch (error) {
      log.error({ err: error }, 'message answer failed');
    }
  };
}
