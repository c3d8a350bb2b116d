/**
 * Shared by the end-to-end tests: the real bot (discord.js client, store, logger) logged in to
 * the fake Discord, temp copies of the releases folder, and readers for what the bot sent.
 */
import {
  ApplicationCommandOptionType,
  type APIActionRowComponent,
  type APIButtonComponent,
  type APIEmbed,
} from 'discord.js';
import { type Config, parseConfig } from '../../bot/config.ts';
import { type AnswerService, answersOn } from '../../bot/answers/service.ts';
import { childAnswers, childSettings } from '../../bot/answers/child.ts';
import { type RunningBot, startDiscordBot } from '../../bot/discord/bot.ts';
import { type Logger, createLogger } from '../../bot/logger.ts';
import { type Store, openStore } from '../../knowledge/store.ts';
import { type CommandOption, type FakeDiscord, type RecordedRequest, ROUTES, fakeDiscordRestOptions, startFakeDiscord } from '../fake-discord/index.ts';

import { tempReleases } from '../support/releases.ts';

export { Q2 as Q2_RELEASE, Q3 as Q3_RELEASE, RELEASES_DIR, dropThirdQuarter, tempReleases } from '../support/releases.ts';

/** A string option as Discord sends it; `focused` marks the one being typed (autocomplete). */
export function str(name: string, value: string, focused = false): CommandOption {
  return focused
    ? { name, type: ApplicationCommandOptionType.String, value, focused: true }
    : { name, type: ApplicationCommandOptionType.String, value };
}

export const metricCall = (metric: string, period: string): CommandOption[] => [str('metric', metric), str('period', period)];

/** An attachment option as Discord sends it: the id of a file uploaded with `fake.attach`. */
export const attachmentOption = (name: string, attachment: { id: string }): CommandOption => ({ name, type: ApplicationCommandOptionType.Attachment, value: attachment.id });

export interface E2E {
  fake: FakeDiscord;
  bot: RunningBot;
  /** The store the bot answers from; none when the answers run in a process of their own. */
  store: Store | undefined;
  config: Config;
  close(): Promise<void>;
}

export interface E2EOptions {
  env?: Record<string, string>;
  releasesDir?: string;
  logger?: Logger;
  store?: Store;
  shards?: number;
  guilds?: number;
  /** Answers in a process of their own, as `npm start` runs them (it opens the releases itself; the E2E has no store). */
  child?: boolean;
}

export type E2EOnCopy = E2E & { releasesDir: string };

/**
 * The bot on a fresh copy of the releases folder, which the test may change (a release dropped in,
 * a file broken); closing removes the copy too.
 */
export async function startE2EOnCopy(opts: Omit<E2EOptions, 'releasesDir' | 'store'> = {}): Promise<E2EOnCopy> {
  const releases = await tempReleases();
  try {
    const e2e = await startE2E({ ...opts, releasesDir: releases.dir });
    return {
      ...e2e,
      releasesDir: releases.dir,
      async close() {
        await e2e.close();
        await releases.remove();
      },
    };
  } catch (error) {
    await releases.remove();
    throw error;
  }
}

/** One fake Discord and the real bot logged in to it. `env` adds to (or overrides) the config. */
export async function startE2E(opts: E2EOptions = {}): Promise<E2E> {
  const fake = await startFakeDiscord({ ...(opts.shards ? { shards: opts.shards } : {}), ...(opts.guilds ? { guilds: opts.guilds } : {}) });
  try {
    // The fake's attachment host is the Discord CDN of the Discord the bot talks to.
    const parsed = parseConfig({ DISCORD_TOKEN: fake.token, MESSAGE_CONTENT_INTENT: 'true', ASK_CHANNEL_IDS: fake.channelIds.ask, DISCORD_CDN_URLS: fake.cdnUrl, ...(opts.releasesDir ? { RELEASES_DIR: opts.releasesDir } : {}), ...opts.env });
    if (!parsed.ok) throw new Error(`config: ${parsed.errors.join('; ')}`);
    const logger = opts.logger ?? createLogger('warn');
    let store = opts.store;
    let answers: AnswerService;
    if (opts.child) {
      const opened = await childAnswers(childSettings(parsed.config), logger);
      if (!opened.ok) throw new Error(`the releases did not open: ${opened.reason}`);
      answers = opened.answers;
    } else {
      if (!store) {
        const opened = await openStore(opts.releasesDir);
        if (!opened.ok) throw new Error(`the releases did not open: ${opened.reason}`);
        store = opened.store;
      }
      answers = answersOn(store, parsed.config, logger);
    }
    const bot = await startDiscordBot(parsed.config, answers, logger, { rest: fakeDiscordRestOptions(fake.apiUrl) });
    return {
      fake,
      bot,
      store,
      config: parsed.config,
      async close() {
        await bot.stop();
        await fake.close();
      },
    };
  } catch (error) {
    await fake.close();
    throw error;
  }
}

/** A message payload as the bot sent it (interaction callback data, webhook edit, channel message). */
export interface MessagePayload {
  content?: string;
  embeds?: APIEmbed[];
  components?: APIActionRowComponent<APIButtonComponent>[];
  flags?: number;
  allowed_mentions?: { parse?: string[]; users?: string[]; roles?: string[]; replied_user?: boolean };
  message_reference?: { message_id?: string };
}

export interface CallbackBody {
  type: number;
  data?: MessagePayload & { choices?: Array<{ name: string; value: string | number }> };
}

export const callbackOf = (r: RecordedRequest): CallbackBody => r.body as CallbackBody;

/** The message a request carries: `data` of an interaction callback, else the body itself. */
export function payloadOf(r: RecordedRequest): MessagePayload | undefined {
  if (r.route === ROUTES.interactionCallback) return callbackOf(r).data;
  return (r.body ?? undefined) as MessagePayload | undefined;
}

export function embedOf(payload: MessagePayload | undefined): APIEmbed {
  const embed = payload?.embeds?.[0];
  if (!embed) throw new Error(`no embed in ${JSON.stringify(payload)}`);
  return embed;
}

/** Every text a user reads in a message: content, embed title, description, fields and footer. */
export function textOf(payload: MessagePayload | undefined): string {
  if (!payload) return '';
  const embeds = (payload.embeds ?? []).flatMap((e) => [
    e.title ?? '',
    e.description ?? '',
    ...(e.fields ?? []).flatMap((f) => [f.name, f.value]),
    e.footer?.text ?? '',
  ]);
  return [payload.content ?? '', ...embeds].join('\n');
}

export function buttonsOf(payload: MessagePayload | undefined): APIButtonComponent[] {
  return (payload?.components ?? []).flatMap((row) => row.components);
}

export function buttonLabelled(payload: MessagePayload | undefined, label: string | RegExp): { label: string; custom_id: string } {
  for (const button of buttonsOf(payload)) {
    const text = 'label' in button ? (button.label ?? '') : '';
    const matches = typeof label === 'string' ? text === label : label.test(text);
    if (matches && 'custom_id' in button) return { label: text, custom_id: button.custom_id };
  }
  throw new Error(`no button ${String(label)} in ${JSON.stringify(payload?.components)}`);
}

/** The PATCH of `@original` that a deferred reply is finished with. */
export function waitForEdit(fake: FakeDiscord, interactionId: string): Promise<RecordedRequest> {
  return fake.waitForRequest(
    (r) => r.interactionId === interactionId && r.route === ROUTES.webhookMessage && r.method === 'PATCH' && r.status >= 200 && r.status < 300,
  );
}

/** Accepted interaction callbacks for one interaction. */
export const callbacksFor = (fake: FakeDiscord, interactionId: string) =>
  fake.responsesFor(interactionId).filter((r) => r.route === ROUTES.interactionCallback);

/** Requests that post or edit a message with something a user reads, and may therefore ping someone. */
export function messageRequests(recorded: readonly RecordedRequest[]): RecordedRequest[] {
  return recorded.filter((r) => {
    if (r.method !== 'POST' && r.method !== 'PATCH') return false;
    const payload = payloadOf(r);
    return payload !== undefined && (payload.content !== undefined || payload.embeds !== undefined);
  });
}

/** Why this request could ping someone, or `null` if it cannot: mentions must be off explicitly. */
export function mentionLeak(r: RecordedRequest): string | null {
  const allowed = payloadOf(r)?.allowed_mentions;
  if (!allowed) return `${r.method} ${r.path}: no allowed_mentions (Discord then parses every mention)`;
  if (!Array.isArray(allowed.parse) || allowed.parse.length > 0) return `${r.method} ${r.path}: allowed_mentions.parse = ${JSON.stringify(allowed.parse)}`;
  if ((allowed.users?.length ?? 0) > 0 || (allowed.roles?.length ?? 0) > 0) return `${r.method} ${r.path}: allowed_mentions lists users/roles`;
  if (allowed.replied_user === true) return `${r.method} ${r.path}: replied_user true`;
  return null;
}
