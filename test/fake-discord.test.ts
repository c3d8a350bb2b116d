/**
 * The fake Discord against the real discord.js: a client that answers everything with a
 * constant logs in, and every kind of answer arrives recorded, through resumes and faults.
 */
import { once } from 'node:events';
import {
  ApplicationCommandOptionType,
  ButtonStyle,
  ComponentType,
  Client,
  Events,
  GatewayIntentBits,
  type AutocompleteInteraction,
  type ButtonInteraction,
  type ChatInputCommandInteraction,
  type ClientOptions,
} from 'discord.js';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startConstantBot } from '../bench/constant-bot.ts';
import { type FakeDiscord, type RecordedRequest, ROUTES, fakeDiscordRestOptions, startFakeDiscord } from './fake-discord/index.ts';

const REPLY = 'constant reply';

/** A client that answers with REPLY and keeps what it received and any error it hit. */
class ConstantClient {
  readonly client: Client;
  readonly received = new Map<string, ChatInputCommandInteraction | AutocompleteInteraction | ButtonInteraction>();
  readonly errors: unknown[] = [];
  /** Answers in progress or done, so tests can wait for discord.js to have processed the fake's reply. */
  readonly #answers: Promise<void>[] = [];
  /** Messages of `withResponse` replies, which the fake returns in the callback's answer. */
  readonly callbackMessages: string[] = [];

  constructor(fake: FakeDiscord, sharding: Pick<ClientOptions, 'shards' | 'shardCount'> = {}) {
    this.client = new Client({
      intents: [GatewayIntentBits.Guilds, GatewayIntentBits.GuildMessages, GatewayIntentBits.MessageContent],
      rest: fakeDiscordRestOptions(fake.apiUrl),
      allowedMentions: { parse: [] },
      ...sharding,
    });
    this.client.on(Events.InteractionCreate, (interaction) => {
      if (interaction.isChatInputCommand() || interaction.isAutocomplete() || interaction.isButton()) {
        this.received.set(interaction.id, interaction);
        this.#track(this.#answer(interaction));
      }
    });
    this.client.on(Events.MessageCreate, (message) => {
      if (message.author.bot || !this.client.user || !message.mentions.users.has(this.client.user.id)) return;
      this.#track(message.reply(REPLY));
    });
  }

  /** Waits for every answer started so far to finish (or fail into `errors`). */
  async settled(): Promise<void> {
    await Promise.all(this.#answers);
  }

  async stop(): Promise<void> {
    await this.settled();
    await this.client.destroy();
  }

  #track(answer: Promise<unknown>): void {
    this.#answers.push(
      answer.then(
        () => undefined,
        (error: unknown) => {
          this.errors.push(error);
        },
      ),
    );
  }

  async login(token: string): Promise<void> {
    await Promise.all([once(this.client, Events.ClientReady), this.client.login(token)]);
  }

  async #answer(interaction: ChatInputCommandInteraction | AutocompleteInteraction | ButtonInteraction): Promise<void> {
    if (interaction.isAutocomplete()) {
      await interaction.respond([{ name: REPLY, value: REPLY }]);
    } else if (interaction.isButton() && interaction.customId === PAGE_TWO) {
      await interaction.update({ content: 'page 2', components: [] });
    } else if (interaction.isButton()) {
      const response = await interaction.reply({ content: REPLY, withResponse: true });
      this.callbackMessages.push(response.resource?.message?.content ?? '');
    } else if (interaction.commandName === 'slow') {
      await interaction.deferReply();
      await interaction.editReply(REPLY);
      await interaction.followUp({ content: REPLY, files: [{ attachment: Buffer.from('quarter,revenue\nQ1,10\n'), name: 'revenue.csv' }] });
    } else if (interaction.commandName === 'paged') {
      const button = (custom_id: string, disabled: boolean) => ({ type: ComponentType.Button, style: ButtonStyle.Secondary, label: custom_id, custom_id, disabled });
      await interaction.reply({ content: 'page 1', components: [{ type: ComponentType.ActionRow, components: [button(PAGE_NONE, true), button(PAGE_TWO, false)] }] });
    } else {
      await interaction.reply(REPLY);
    }
  }
}

/** The buttons of the 'paged' command's reply: one disabled, one the bot answers with an update. */
const PAGE_NONE = 'page:none';
const PAGE_TWO = 'page:2';

const isCallback = (r: RecordedRequest) => r.route === ROUTES.interactionCallback;

describe('fake Discord with one shard', () => {
  let fake: FakeDiscord;
  let bot: ConstantClient;

  beforeEach(async () => {
    fake = await startFakeDiscord();
    bot = new ConstantClient(fake);
    await bot.login(fake.token);
  });

  afterEach(async () => {
    await bot.stop();
    await fake.close();
    expect(bot.errors).toEqual([]);
  });

  it('caches the guild, its channels and the bot user from READY and GUILD_CREATE', () => {
    const guild = bot.client.guilds.cache.get(fake.guildIds[0] ?? '');
    expect(guild?.channels.cache.map((c) => c.name).sort()).toEqual(['ask', 'general']);
    expect(guild?.members.me?.id).toBe(fake.bot.id);
    expect(bot.client.user?.id).toBe(fake.bot.id);
    expect(bot.client.application?.id).toBe(fake.applicationId);
  });

  it('records a chat input reply as a type 4 callback with the content', async () => {
    const question = { name: 'question', type: ApplicationCommandOptionType.String, value: 'revenue?' } as const;
    const sent = fake.chatInput('ask', [question], { user: fake.users.admin });

    const response = await sent.response;

    expect(response.body).toEqual({ type: 4, data: expect.objectContaining({ content: REPLY, allowed_mentions: { parse: [] } }) });
    expect(response.status).toBe(204);
    const received = bot.received.get(sent.id) as ChatInputCommandInteraction;
    expect(received.options.getString('question')).toBe('revenue?');
    expect(received.memberPermissions?.has('ManageGuild')).toBe(true);
    expect(received.channelId).toBe(fake.channelIds.general);
  });

  it('delivers an attachment option with the attachment resolved, its bytes served signed from the attachment host', async () => {
    const bytes = Buffer.from('ACME REPORTS RESULTS\n');
    const attachment = fake.attach('Acme Q1.txt', bytes);
    const sent = fake.chatInput('ingest', [{ name: 'file', type: ApplicationCommandOptionType.Attachment, value: attachment.id }], { user: fake.users.admin });

    await sent.response;

    const received = bot.received.get(sent.id) as ChatInputCommandInteraction;
    const file = received.options.getAttachment('file');
    expect(file).toMatchObject({ id: attachment.id, name: 'Acme Q1.txt', size: bytes.length, contentType: 'text/plain; charset=utf-8', ephemeral: true });
    const url = new URL(file?.url ?? '');
    expect(url.origin).toBe(fake.cdnUrl);
    expect(url.origin).not.toBe(new URL(fake.apiUrl).origin);
    expect(url.pathname).toBe(`/ephemeral-attachments/${fake.channelIds.general}/${attachment.id}/Acme%20Q1.txt`);
    expect([...url.searchParams.keys()]).toEqual(['ex', 'is', 'hm']);

    const download = await fetch(url);
    expect(download.status).toBe(200);
    expect(Buffer.from(await download.arrayBuffer())).toEqual(bytes);
    url.searchParams.set('hm', 'forged');
    expect((await fetch(url)).status).toBe(404);
    expect(fake.cdnRequests.map((r) => r.status)).toEqual([200, 404]);
  });

  it('lets an attachment lie about its size or point at another host, and refuses an option naming no upload', () => {
    const big = fake.attach('big.txt', 'small', { size: 50_000_000, url: 'https://elsewhere.example/big.txt' });
    expect(big).toMatchObject({ size: 50_000_000, url: 'https://elsewhere.example/big.txt' });
    expect(() => fake.chatInput('ingest', [{ name: 'file', type: ApplicationCommandOptionType.Attachment, value: '1' }])).toThrow(/no attachment 1 was uploaded/);
  });

  it('gives the member user only basic permissions, and DMs a user instead of a member', async () => {
    const inGuild = fake.chatInput('ask', [], { user: fake.users.member });
    const inDm = fake.chatInput('ask', [], { user: fake.users.member, dm: true });

    await Promise.all([inGuild.response, inDm.response]);

    expect(bot.received.get(inGuild.id)?.memberPermissions?.has('ManageGuild')).toBe(false);
    expect(bot.received.get(inDm.id)?.inGuild()).toBe(false);
    expect(bot.received.get(inDm.id)?.user.id).toBe(fake.users.member.id);
  });

  it('records autocomplete choices as a type 8 callback', async () => {
    const sent = fake.autocomplete('ask', [{ name: 'question', type: ApplicationCommandOptionType.String, value: 'reve', focused: true }]);

    const response = await sent.response;

    expect(response.body).toEqual({ type: 8, data: { choices: [{ name: REPLY, value: REPLY }] } });
    expect((bot.received.get(sent.id) as AutocompleteInteraction).options.getFocused()).toBe('reve');
  });

  it('answers a button, returning the reply message when asked with_response', async () => {
    const sent = fake.button('more-detail');

    const response = await sent.response;

    expect(response.query).toEqual({ with_response: 'true' });
    expect(response.body).toMatchObject({ type: 4, data: { content: REPLY } });
    expect((bot.received.get(sent.id) as ButtonInteraction).customId).toBe('more-detail');
    await bot.settled();
    expect(bot.callbackMessages).toEqual([REPLY]);
  });

  it('clicks a button on the bot\'s own message; an update (type 7) edits that message in place', async () => {
    const asked = fake.chatInput('paged');
    await asked.response;
    const reply = fake.botMessages(fake.channelIds.general).find((m) => m.interaction_metadata?.id === asked.id);
    expect(reply?.content).toBe('page 1');

    const clicked = fake.button(PAGE_TWO);

    expect((await clicked.response).body).toMatchObject({ type: 7, data: { content: 'page 2', components: [] } });
    expect((bot.received.get(clicked.id) as ButtonInteraction).message.id).toBe(reply?.id);
    const messages = fake.botMessages(fake.channelIds.general);
    expect(messages.map((m) => [m.id, m.content])).toEqual([[reply?.id, 'page 2']]);
    expect(messages[0]?.edited_timestamp).not.toBeNull();
  });

  it('refuses a click on a disabled button, as a Discord client never sends one', async () => {
    const asked = fake.chatInput('paged');
    await asked.response;
    expect(() => fake.button(PAGE_NONE)).toThrow(/disabled/);
  });

  it('records a deferred reply, its edit and a followup with a file', async () => {
    const sent = fake.chatInput('slow');

    const followup = await fake.waitForRequest((r) => r.route === ROUTES.followup && r.interactionId === sent.id);

    expect((await sent.response).body).toEqual({ type: 5, data: { flags: 0 } });
    const [callback, edit] = fake.responsesFor(sent.id);
    expect(callback).toBe(await sent.response);
    expect(edit).toMatchObject({
      method: 'PATCH',
      route: ROUTES.webhookMessage,
      params: { messageId: '@original' },
      body: { content: REPLY },
    });
    expect(followup.body).toMatchObject({ content: REPLY });
    expect(followup.files).toEqual([expect.objectContaining({ filename: 'revenue.csv', size: 22 })]);
    expect(followup.files[0]?.data.toString('utf8')).toBe('quarter,revenue\nQ1,10\n');
  });

  it('replies to a message that mentions the bot and ignores the others', async () => {
    const channelId = fake.channelIds.ask;
    const plain = fake.message('no mention here', { channelId });
    const fromBot = fake.message('hello', { author: 'bot-other', mentionBot: true, channelId });
    const mention = fake.message('what was Q1 revenue?', { mentionBot: true, channelId });

    const reply = await mention.reply;

    expect(reply).toMatchObject({
      method: 'POST',
      params: { channelId },
      body: { content: REPLY, message_reference: { message_id: mention.id } },
    });
    // Events are handled in order and discord.js queues one channel's sends in order, so a
    // reply to an earlier message would be recorded before this one.
    const replied = fake.recorded.filter((r) => r.route === ROUTES.channelMessages);
    expect(replied).toHaveLength(1);
    expect([plain.delivered, fromBot.delivered, mention.delivered]).toEqual([true, true, true]);
  });

  it('replays an interaction sent while the socket was down after discord.js resumes', async () => {
    fake.closeSocket(4000);
    const sent = fake.chatInput('ask');

    const response = await sent.response;

    expect(response.body).toMatchObject({ type: 4, data: { content: REPLY } });
    expect(fake.resumeCount()).toBe(1);
    expect(fake.identifyCount()).toBe(1);
  });

  it.each([
    { status: 429 as const, retryAfter: 1 },
    { status: 500 as const, retryAfter: undefined },
  ])('delivers a reply exactly once after a $status on the callback', async ({ status, retryAfter }) => {
    fake.failNext((method, path) => method === 'POST' && path.endsWith('/callback'), status, { retryAfter });
    const sent = fake.chatInput('ask');

    await sent.response;

    const attempts = fake.recorded.filter((r) => r.interactionId === sent.id);
    expect(attempts.map((r) => r.status)).toEqual([status, 204]);
    expect(fake.responsesFor(sent.id).filter(isCallback)).toHaveLength(1);
  });
});

describe('fake Discord with two shards', () => {
  let fake: FakeDiscord;
  const clients: ConstantClient[] = [];

  beforeEach(async () => {
    fake = await startFakeDiscord({ shards: 2 });
  });

  afterEach(async () => {
    await Promise.all(clients.splice(0).map((c) => c.stop()));
    await fake.close();
  });

  it('gives each shard its own session and routes each guild to its shard', async () => {
    const [guild0, guild1] = fake.guildIds;
    const shard0 = new ConstantClient(fake, { shards: 0, shardCount: 2 });
    const shard1 = new ConstantClient(fake, { shards: 1, shardCount: 2 });
    clients.push(shard0, shard1);
    await Promise.all([shard0.login(fake.token), shard1.login(fake.token), fake.whenReady(0), fake.whenReady(1)]);

    const onShard1 = fake.chatInput('ask', [], { guildId: guild1 });
    const onShard0 = fake.chatInput('ask', [], { guildId: guild0 });
    await Promise.all([onShard0.response, onShard1.response]);

    expect([...shard0.received.keys()]).toEqual([onShard0.id]);
    expect([...shard1.received.keys()]).toEqual([onShard1.id]);
    expect([...shard0.client.guilds.cache.keys()]).toEqual([guild0]);
    expect([...shard1.client.guilds.cache.keys()]).toEqual([guild1]);
    expect([fake.identifyCount(0), fake.identifyCount(1)]).toEqual([1, 1]);
    expect([...shard0.errors, ...shard1.errors]).toEqual([]);
  });
});

describe('constant bot (benchmark baseline)', () => {
  it('answers chat input with "ok"', async () => {
    const fake = await startFakeDiscord();
    const bot = await startConstantBot({ token: fake.token, apiUrl: fake.apiUrl });
    try {
      const response = await fake.chatInput('anything').response;
      expect(response.body).toMatchObject({ type: 4, data: { content: 'ok' } });
    } finally {
      await bot.stop();
      await fake.close();
    }
  });
});
