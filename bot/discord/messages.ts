/**
 * Free-text questions in channels: messages that mention the bot, and every message in the
 * ASK_CHANNEL_IDS channels, get an answer as a reply. Bots (and the bot itself) are ignored. A
 * per-user cooldown keeps one person from flooding a channel; in ask-channels a message the bot
 * cannot answer gets a short hint, at most once a minute per channel, rather than silence.
 */
import type { Message } from 'discord.js';
import { ask } from '../../commands/run.ts';
import type { Config } from '../config.ts';
import { conversationKey, type AnswerDeps } from './interactions.ts';
import { answerPayload, NO_MENTIONS } from './reply.ts';

export interface MessageDeps extends AnswerDeps {
  config: Pick<Config, 'ASK_CHANNEL_IDS' | 'FREE_TEXT_COOLDOWN_SECONDS'>;
}

const HINT_EVERY_MS = 60_000;

export function createMessageHandler(deps: MessageDeps) {
  const lastAsked = new Map<string, number>();
  const warnedCooldown = new Set<string>();
  const lastHint = new Map<string, number>();

  return async function onMessage(message: Message, botId: string): Promise<void> {
    if (message.author.bot || message.author.id === botId || message.system || deps.closing()) return;
    const mentioned = message.mentions.users.has(botId);
    const inAskChannel = deps.config.ASK_CHANNEL_IDS.includes(message.channelId);
    if (!mentioned && !inAskChannel) return;
    const text = message.content.replace(new RegExp(`<@!?${botId}>`, 'g'), ' ').trim();
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
        await message.reply({ content: `One question every ${deps.config.FREE_TEXT_COOLDOWN_SECONDS} s, please: ask again in ${wait} s.`, allowedMentions: NO_MENTIONS }).catch((e: unknown) => log.warn({ err: e }, 'cooldown notice not sent'));
      }
      return;
    }
    // Forget users whose cooldown is long over, so the map stays as small as the active crowd.
    if (lastAsked.size > 10_000) for (const [user, at] of lastAsked) if (now - at >= cooldown) lastAsked.delete(user);
    lastAsked.set(message.author.id, now);
    warnedCooldown.delete(message.author.id);

    try {
      const conversation = { store: deps.conversations, key: conversationKey(message.author.id, message.channelId) };
      const { answer, question } = await ask(text, { store: deps.store, admin: false, memo: deps.memo, conversation });
      const unanswerable = answer.kind === 'help' || (answer.kind === 'not_found' && question?.intent === 'narrative');
      if (!mentioned && unanswerable) {
        if (now - (lastHint.get(message.channelId) ?? 0) < HINT_EVERY_MS) return;
        lastHint.set(message.channelId, now);
        await message.reply({ content: 'I answer questions about the earnings releases, e.g. "revenue Q4 2003" or "who handles investor relations?". Try /help.', allowedMentions: NO_MENTIONS });
        log.info({ outcome: 'hint', ms: Math.round(performance.now() - started) }, 'hinted');
        return;
      }
      await message.reply(answerPayload(answer, question));
      log.info({ outcome: answer.kind, intent: question?.intent, ms: Math.round((performance.now() - started) * 100) / 100 }, 'answered');
    } catch (error) {
      log.error({ err: error }, 'message answer failed');
    }
  };
}
