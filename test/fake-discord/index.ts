/**
 * A fake Discord on 127.0.0.1 (REST v10 + gateway v10, JSON, uncompressed) that a real
 * discord.js Client (on one shard or several) can log in to, for end-to-end tests and benchmarks.
 *
 *   const fake = await startFakeDiscord({ shards: 2, guilds: 2 });
 *   const client = new Client({ intents, rest: fakeDiscordRestOptions(fake.apiUrl) });
 *   await client.login(fake.token);                // several shards: `shards` and `shardCount` on the client
 *   const sent = fake.chatInput('ask', [{ name: 'q', type: ApplicationCommandOptionType.String, value: 'revenue?' }]);
 *   const reply = await sent.response;             // RecordedRequest of the interaction callback
 *   expect(reply.body).toMatchObject({ type: 4, data: { content: '…' } });
 *   await client.destroy(); await fake.close();
 *
 * World: `guilds` guilds (default: one per shard); guild i is on shard i % shards. Each has
 * text channels `general` and `ask`, roles @everyone/Admin/Member/…, and the bot and users as
 * members. `users.admin` has Administrator + ManageGuild; `users.member` only @everyone's basics;
 * `users.otherBot` is another bot. Each user has one `roleId`, the same in every guild.
 *
 * Acting as users (each returns at once; the event is queued while the shard's socket is down):
 *   chatInput(name, options?, where?)       INTERACTION_CREATE type 2; `data.id` is the registered command id if any
 *   autocomplete(name, options, where?)     type 4; mark the option being typed `focused: true`
 *   button(customId, where?, { messageId? }) type 3, on the bot's message `messageId` in the channel (default: its
 *                                           latest there carrying that button, else a made-up one carrying it);
 *                                           throws, as no Discord client would send it, if that button is disabled
 *   selectMenu(customId, values, where?, { messageId? })
 *                                           type 3 with data {component_type: 3, custom_id, values}, on the bot's
 *                                           message `messageId` in the channel (default: its latest there carrying
 *                                           that menu, else a made-up one offering `values`); throws, as no
 *                                           Discord client would send it, if the menu does not offer the values
 *   attach(filename, bytes, opts?)          uploads a file to the fake's attachment host (`cdnUrl`, its own 127.0.0.1
 *                                           port): the attachment object, for a command's Attachment option; chatInput
 *                                           resolves such options in `data.resolved.attachments`, as Discord does
 *   message(content, opts?)                 MESSAGE_CREATE in a guild channel; honours the session's intents:
 *                                           none without GuildMessages, blank content without MessageContent unless it mentions the bot
 *   `where` = { user?, guildId?, channelId?, dm? }, default: users.member in guildIds[0]'s general.
 *
 * Observing the bot: `recorded` holds every REST request (faulted ones too, see `status`), a
 * multipart one (files) with its `payload_json` as `body` and each file's bytes in `files`;
 * `responsesFor(id)` the accepted (2xx) callback/followup/edit requests of one interaction;
 * `waitForResponse(id)` its first accepted callback; `waitForRequest(pred)` any request;
 * `cdnRequests` every request of the attachment host (who downloaded what);
 * `registeredCommands(guildId?)` what PUT …/commands registered; `channelMessages(channelId)` the
 * messages the bot posted there (a repeat with an enforced nonce returns the first, as Discord does);
 * `botMessages(channelId)` those and its interaction replies and followups, each as last edited (a
 * component's update, type 7, edits the message it is on). Waits reject after `timeoutMs`
 * (default 10 s) or when the fake closes. `ROUTES` names the route templates in `RecordedRequest.route`.
 *
 * Like Discord, it answers a second callback with 400 (40060), a followup before the callback
 * with 404 (10015), and an edit of a missing `@original` with 404 (10008).
 *
 * Faults and reconnects: `failNext(match, 401 | 429 | 500 | 502, { retryAfter, after })` fails the
 * next matching request once (`after`: once the route has done its work, as a 502 after Discord
 * stored a message); `closeSocket(code = 4000, shardId = 0)` drops a shard's socket so discord.js
 * RESUMEs (events meanwhile are replayed), or gives up for good on 4004/4014;
 * `closeNextIdentify(code)` refuses the next login the same way; `identifyCount`/`resumeCount`
 * count handshakes.
 */
import { type Server, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  ApplicationCommandOptionType,
  GatewayDispatchEvents,
  GatewayOpcodes,
  InteractionType,
  type APIApplicationCommand,
  type APIAttachment,
  type APIApplicationCommandInteractionDataBasicOption,
  type APIMessage,
  type GatewayInteractionCreateDispatchData,
} from 'discord-api-types/v10';
import { type AttachOptions, type CdnRequest, FakeCdn } from './cdn.ts';
import { ChannelMessages } from './channel-messages.ts';
import { CommandStore } from './commands.ts';
import {
  type Place,
  type Where,
  autocompleteInteraction,
  buttonInteraction,
  buttonOn,
  channelIdOf,
  clickRefused,
  chatInputInteraction,
  guildPlaceOf,
  interactionToken,
  messageCreate,
  messageSeenWith,
  messageWithButton,
  messageWithSelectMenu,
  placeOf,
  selectionRefused,
  shardIdOf,
  stringSelectInteraction,
  stringSelectOn,
} from './events.ts';
import { type FaultStatus, FaultQueue, type RouteMatcher } from './faults.ts';
import { Gateway } from './gateway.ts';
import { InteractionRegistry } from './interactions.ts';
import { referencedMessageId } from './messages.ts';
import { type RecordedRequest, Recorder } from './recorder.ts';
import { API_BASE, restHandler } from './rest.ts';
import { ROUTES, createRoutes } from './routes.ts';
import { SentInteraction, SentMessage } from './sent.ts';
import { SnowflakeFactory } from './snowflake.ts';
import { type FakeGuild, type FakeUser, createWorld } from './world.ts';

export { fakeDiscordRestOptions } from './client-options.ts';
export type { RecordedRequest } from './recorder.ts';
export type { UploadedFile } from './http-body.ts';
export type { FakeGuild, FakeUser } from './world.ts';
export type { Where } from './events.ts';
export type { RouteMatcher } from './faults.ts';
export { ROUTES };
export type { SentInteraction, SentMessage } from './sent.ts';
export type { AttachOptions, CdnRequest } from './cdn.ts';

export type CommandOption = APIApplicationCommandInteractionDataBasicOption;

export interface MessageOptions {
  readonly author?: FakeUser | 'bot-other';
  /** Prefixes the content with `<@botId> ` and lists the bot in `mentions`. */
  readonly mentionBot?: boolean;
  readonly guildId?: string;
  readonly channelId?: string;
}

export interface FakeDiscord {
  /** Pass as `rest.api` (or use `fakeDiscordRestOptions(apiUrl)`). */
  readonly apiUrl: string;
  /** A bot token of the real shape; the fake accepts any `Bot …` token. */
  readonly token: string;
  readonly bot: FakeUser;
  readonly applicationId: string;
  readonly shardCount: number;
  readonly guildIds: readonly string[];
  readonly guilds: readonly FakeGuild[];
  /** The text channels of `guildIds[0]`; `guilds[i].channelIds` for the others. */
  readonly channelIds: FakeGuild['channelIds'];
  readonly users: { readonly admin: FakeUser; readonly member: FakeUser; readonly otherBot: FakeUser };
  readonly recorded: readonly RecordedRequest[];

  /** Resolves once the shard's current session got READY + GUILD_CREATEs, or RESUMED. */
  whenReady(shardId?: number, timeoutMs?: number): Promise<void>;
  chatInput(name: string, options?: readonly CommandOption[], where?: Where): SentInteraction;
  /** `http://127.0.0.1:<port>`: the fake's attachment host (its cdn.discordapp.com), for DISCORD_CDN_URLS. */
  readonly cdnUrl: string;
  /**
   * A user uploads a file to attach to a command in the channel of `where`: the attachment object
   * (id, filename, size, signed url on `cdnUrl`, content_type, ephemeral), its bytes served by the
   * fake CDN. Pass `{ name, type: ApplicationCommandOptionType.Attachment, value: attachment.id }`
   * to `chatInput`, which resolves it in `data.resolved.attachments` as Discord does. `size` and
   * `url` make the object lie about its size or point at another host.
   */
  attach(filename: string, bytes: Buffer | string, opts?: AttachOptions & { where?: Where }): APIAttachment;
  /** Every request the attachment host received, in order. */
  readonly cdnRequests: readonly CdnRequest[];
  autocomplete(name: string, options: readonly CommandOption[], where?: Where): SentInteraction;
  /**
   * A user clicks the button `customId` on a bot message in the channel of `where`: `messageId`, by
   * default the latest one carrying that button, or a made-up message carrying it when the bot posted none.
   */
  button(customId: string, where?: Where, opts?: { messageId?: string }): SentInteraction;
  /**
   * A user picks `values` in the string select menu `customId` of a bot message in the channel of
   * `where`: `messageId` (a channel message or an interaction reply/followup), by default the latest
   * one carrying that menu, or a made-up message offering `values` when the bot posted none.
   */
  selectMenu(customId: string, values: readonly string[], where?: Where, opts?: { messageId?: string }): SentInteraction;
  message(content: string, opts?: MessageOptions): SentMessage;
  responsesFor(interactionId: string): RecordedRequest[];
  waitForResponse(interactionId: string, timeoutMs?: number): Promise<RecordedRequest>;
  waitForRequest(predicate: (request: RecordedRequest) => boolean, timeoutMs?: number): Promise<RecordedRequest>;
  registeredCommands(guildId?: string): APIApplicationCommand[];
  /** Messages the bot posted in a channel, as Discord stored them (a nonce-enforced repeat is not a new one). */
  channelMessages(channelId: string): readonly APIMessage[];
  /** Every message of the bot in a channel (posts, interaction replies and followups), as last edited, oldest first. */
  botMessages(channelId: string): readonly APIMessage[];
  /** Codes 4000-4009 (but 4004) make discord.js resume; 1000 makes it identify again. */
  closeSocket(code?: number, shardId?: number): void;
  /**
   * `match` gets the method and `RecordedRequest.path`; `retryAfter` is in seconds (429 only,
   * default 1); `after: true` runs the route first (a 502 after the message was stored).
   */
  failNext(match: RouteMatcher, status: FaultStatus, opts?: { retryAfter?: number; after?: boolean }): void;
  /** The next IDENTIFY on the shard is answered by closing the socket with `code` (4004, 4014...). */
  closeNextIdentify(code: number, shardId?: number): void;
  identifyCount(shardId?: number): number;
  resumeCount(shardId?: number): number;
  close(): Promise<void>;
}

const DEFAULT_TIMEOUT_MS = 10_000;

const isAccepted = (request: RecordedRequest) => request.status >= 200 && request.status < 300;

export async function startFakeDiscord(opts: { shards?: number; guilds?: number } = {}): Promise<FakeDiscord> {
  const shards = opts.shards ?? 1;
  const ids = new SnowflakeFactory();
  const world = createWorld(ids, { shards, guilds: opts.guilds ?? shards });
  const recorder = new Recorder((r) => (r.route === ROUTES.channelMessages ? referencedMessageId(r.body) : null));
  const faults = new FaultQueue();
  const interactions = new InteractionRegistry();
  const commands = new CommandStore(world.applicationId, ids);
  const channelMessages = new ChannelMessages();
  const cdn = new FakeCdn(ids);
  await cdn.listen();

  const server = createServer();
  const origin = await listen(server);
  const gatewayUrl = `ws://${origin}`;
  server.on(
    'request',
    restHandler({
      routes: createRoutes({ world, ids, interactions, commands, channelMessages, gatewayUrl }),
      recorder,
      faults,
      interactionIdOf: (params) => (params.token === undefined ? null : (interactions.byToken(params.token)?.issued.id ?? null)),
    }),
  );
  const gateway = new Gateway(server, world, gatewayUrl);

  const waitForResponse = (interactionId: string, timeoutMs = DEFAULT_TIMEOUT_MS) =>
    recorder.waitForInteraction(interactionId, (r) => r.route === ROUTES.interactionCallback && isAccepted(r), timeoutMs);
  const waitForRequest = (predicate: (request: RecordedRequest) => boolean, timeoutMs = DEFAULT_TIMEOUT_MS) =>
    recorder.waitFor(predicate, timeoutMs);

  /** Registers the interaction before dispatching it, so the bot's answer always finds it. */
  const issue = (
    place: Place,
    type: InteractionType,
    sourceMessage: APIMessage | null,
    build: (id: string, token: string) => GatewayInteractionCreateDispatchData,
  ): SentInteraction => {
    const id = ids.next();
    const token = interactionToken(id);
    interactions.issue({ id, token, type, channelId: channelIdOf(place), user: place.user, sourceMessage });
    const payload = build(id, token);
    const sentAt = performance.now();
    gateway.dispatch(shardIdOf(place), () => ({ op: GatewayOpcodes.Dispatch, t: GatewayDispatchEvents.InteractionCreate, d: payload }));
    return new SentInteraction(id, token, sentAt, () => waitForResponse(id));
  };
  /** Every message of the bot in a channel, as last edited, oldest first. */
  const botMessages = (channelId: string): APIMessage[] =>
    [...channelMessages.in(channelId), ...interactions.messagesIn(channelId)].sort((a, b) => (BigInt(a.id) < BigInt(b.id) ? -1 : 1));
  /**
   * The bot's message `messageId` in the channel (throws if there is none), or by default its latest
   * one that `carries` the component; undefined when none does.
   */
  const postedMessage = (channelId: string, messageId: string | undefined, carries: (m: APIMessage) => boolean): APIMessage | undefined => {
    const posted = botMessages(channelId);
    if (messageId === undefined) return posted.filter(carries).at(-1);
    const message = posted.find((m) => m.id === messageId);
    if (!message) throw new Error(`fake-discord: the bot posted no message ${messageId} in channel ${channelId}`);
    return message;
  };
  const commandCall = (place: Place, name: string, options: readonly CommandOption[]) => ({
    name,
    options,
    commandId: commands.idOf(name, place.kind === 'guild' ? place.guild.id : null) ?? ids.next(),
  });
  /** Attachment options point at files the user uploaded first: resolved as Discord sends them. */
  const resolvedAttachments = (options: readonly CommandOption[]) => {
    const attached = options.flatMap((o) => {
      if (o.type !== ApplicationCommandOptionType.Attachment) return [];
      const attachment = cdn.attachment(o.value);
      if (!attachment) throw new Error(`fake-discord: no attachment ${o.value} was uploaded; call attach() first`);
      return [[attachment.id, attachment] as const];
    });
    return attached.length > 0 ? { resolved: { attachments: Object.fromEntries(attached) } } : {};
  };

  return {
    apiUrl: `http://${origin}${API_BASE}`,
    token: world.token,
    bot: world.bot,
    applicationId: world.applicationId,
    shardCount: shards,
    guildIds: world.guilds.map((guild) => guild.id),
    guilds: world.guilds,
    channelIds: world.home.channelIds,
    users: world.users,
    recorded: recorder.all,

    whenReady: (shardId = 0, timeoutMs = DEFAULT_TIMEOUT_MS) => gateway.whenReady(shardId, timeoutMs),

    chatInput(name, options = [], where = {}) {
      const place = placeOf(world, where);
      const resolved = resolvedAttachments(options);
      return issue(place, InteractionType.ApplicationCommand, null, (id, token) =>
        chatInputInteraction(world, place, id, token, { ...commandCall(place, name, options), ...resolved }),
      );
    },

    cdnUrl: cdn.origin,
    cdnRequests: cdn.requests,
    attach(filename, bytes, opts = {}) {
      const { where = {}, ...rest } = opts;
      return cdn.attach(channelIdOf(placeOf(world, where)), filename, Buffer.from(bytes), rest);
    },

    autocomplete(name, options, where = {}) {
      const place = placeOf(world, where);
      return issue(place, InteractionType.ApplicationCommandAutocomplete, null, (id, token) =>
        autocompleteInteraction(world, place, id, token, commandCall(place, name, options)),
      );
    },

    button(customId, where = {}, opts = {}) {
      const place = placeOf(world, where);
      const posted = postedMessage(channelIdOf(place), opts.messageId, (m) => buttonOn(m, customId) !== undefined);
      const message = posted ?? messageWithButton(world, place, ids.next(), customId);
      const refused = clickRefused(message, customId);
      if (refused) throw new Error(`fake-discord: a Discord client cannot send this click: ${refused}`);
      return issue(place, InteractionType.MessageComponent, message, (id, token) =>
        buttonInteraction(world, place, id, token, customId, message),
      );
    },

    selectMenu(customId, values, where = {}, opts = {}) {
      const place = placeOf(world, where);
      const message = postedMessage(channelIdOf(place), opts.messageId, (m) => stringSelectOn(m, customId) !== undefined);
      const source = message ?? messageWithSelectMenu(world, place, ids.next(), customId, values);
      const refused = selectionRefused(source, customId, values);
      if (refused) throw new Error(`fake-discord: a Discord client cannot send this selection: ${refused}`);
      return issue(place, InteractionType.MessageComponent, source, (id, token) =>
        stringSelectInteraction(world, place, id, token, customId, values, source),
      );
    },

    message(content, options = {}) {
      const author = options.author === 'bot-other' ? world.users.otherBot : (options.author ?? world.users.member);
      const place = guildPlaceOf(world, { user: author, guildId: options.guildId, channelId: options.channelId });
      const id = ids.next();
      const event = messageCreate(world, place, { id, author, content, mentionBot: options.mentionBot ?? false });
      const sentAt = performance.now();
      const delivered = gateway.dispatch(place.guild.shardId, (intents) => {
        const seen = messageSeenWith(intents, event, world.bot.id);
        return seen && { op: GatewayOpcodes.Dispatch, t: GatewayDispatchEvents.MessageCreate, d: seen };
      });
      return new SentMessage(id, place.channel.id, delivered, sentAt, () => recorder.waitForReply(id, isAccepted, DEFAULT_TIMEOUT_MS));
    },

    responsesFor: (interactionId) => recorder.forInteraction(interactionId).filter(isAccepted),
    waitForResponse,
    waitForRequest,
    registeredCommands: (guildId) => commands.list(guildId ?? null),
    channelMessages: (channelId) => channelMessages.in(channelId),
    botMessages,
    closeSocket: (code = 4000, shardId = 0) => gateway.closeSocket(code, shardId),
    failNext: (match, status, { retryAfter = 1, after = false } = {}) => faults.add(match, status, { retryAfter, after }),
    closeNextIdentify: (code, shardId = 0) => gateway.closeNextIdentify(code, shardId),
    identifyCount: (shardId = 0) => gateway.identifyCount(shardId),
    resumeCount: (shardId = 0) => gateway.resumeCount(shardId),

    async close() {
      recorder.close();
      await cdn.close();
      await gateway.close();
      server.closeAllConnections();
      await new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve())));
    },
  };
}

async function listen(server: Server): Promise<string> {
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { address, port } = server.address() as AddressInfo;
  return `${address}:${port}`;
}
