/**
 * Gateway events a user's action produces: INTERACTION_CREATE for commands, autocomplete,
 * buttons and string select menus, and MESSAGE_CREATE for chat messages, with every field discord.js reads.
 */
import { randomBytes } from 'node:crypto';
import {
  ApplicationCommandType,
  ApplicationIntegrationType,
  ButtonStyle,
  ComponentType,
  GatewayIntentBits,
  InteractionContextType,
  InteractionType,
  Locale,
  MessageType,
  PermissionFlagsBits,
  type APIActionRowComponent,
  type APIButtonComponent,
  type APIApplicationCommandAutocompleteInteraction,
  type APIApplicationCommandInteractionDataBasicOption,
  type APIBaseInteraction,
  type APIChatInputApplicationCommandInteraction,
  type APIComponentInMessageActionRow,
  type APIInteractionDataResolved,
  type APIMessage,
  type APIMessageComponentButtonInteraction,
  type APIMessageStringSelectInteractionData,
  type APIMessageComponentSelectMenuInteraction,
  type APIStringSelectComponent,
  type GatewayMessageCreateDispatchData,
} from 'discord-api-types/v10';
import { apiUser, dmChannel, interactionMember, memberWithoutUser, textChannel } from './api-objects.ts';
import { apiMessage } from './messages.ts';
import {
  type FakeChannel,
  type FakeGuild,
  type FakeUser,
  type World,
  EVERYONE_PERMISSIONS,
  channelById,
  guildById,
  permissionsOf,
} from './world.ts';

/** Where a user acts; by default the member user in the first guild's general channel. */
export interface Where {
  readonly user?: FakeUser;
  readonly guildId?: string;
  /** A text channel of the fake; implies its guild. */
  readonly channelId?: string;
  /** Act in the user's DM with the bot instead of a guild. */
  readonly dm?: boolean;
}

export interface GuildPlace {
  readonly kind: 'guild';
  readonly user: FakeUser;
  readonly guild: FakeGuild;
  readonly channel: FakeChannel;
}

export type Place = GuildPlace | { readonly kind: 'dm'; readonly user: FakeUser };

export function placeOf(world: World, where: Where): Place {
  return where.dm ? { kind: 'dm', user: where.user ?? world.users.member } : guildPlaceOf(world, where);
}

export function guildPlaceOf(world: World, where: Omit<Where, 'dm'>): GuildPlace {
  const user = where.user ?? world.users.member;
  const guildId = where.guildId ?? (where.channelId === undefined ? world.home.id : channelById(world, where.channelId).guildId);
  const guild = guildById(world, guildId);
  const channel = channelById(world, where.channelId ?? guild.channelIds.general);
  if (channel.guildId !== guild.id) throw new Error(`fake-discord: channel ${channel.id} is not in guild ${guild.id}`);
  return { kind: 'guild', user, guild, channel };
}

export function channelIdOf(place: Place): string {
  return place.kind === 'guild' ? place.channel.id : place.user.dmChannelId;
}

/** Discord sends DM events to shard 0. */
export function shardIdOf(place: Place): number {
  return place.kind === 'guild' ? place.guild.shardId : 0;
}

/**
 * Long and base64url-ish like a real interaction token, so it contains `-` and `_` and
 * exercises how routes carry it.
 */
export function interactionToken(interactionId: string): string {
  return `aW50ZXJhY3Rpb246${Buffer.from(interactionId).toString('base64url')}-_${randomBytes(132).toString('base64url')}`;
}

type InteractionBase = Omit<APIBaseInteraction<InteractionType, never>, 'type' | 'data' | 'message'> &
  Required<Pick<APIBaseInteraction<InteractionType, never>, 'channel' | 'channel_id'>>;

/** What a bot may do in a DM, where no roles apply. */
const DM_APP_PERMISSIONS = EVERYONE_PERMISSIONS & ~PermissionFlagsBits.UseApplicationCommands;

/** Discord's current upload limit for unboosted guilds and DMs. */
const ATTACHMENT_SIZE_LIMIT = 10 * 1024 * 1024;

function interactionBase(world: World, place: Place, id: string, token: string): InteractionBase {
  type Shared = 'id' | 'token' | 'application_id' | 'version' | 'locale' | 'entitlements' | 'attachment_size_limit';
  const shared: Pick<InteractionBase, Shared> = {
    id,
    token,
    application_id: world.applicationId,
    version: 1,
    locale: Locale.EnglishUS,
    entitlements: [],
    attachment_size_limit: ATTACHMENT_SIZE_LIMIT,
  };
  if (place.kind === 'dm') {
    return {
      ...shared,
      user: apiUser(place.user),
      channel: dmChannel(place.user),
      channel_id: place.user.dmChannelId,
      app_permissions: DM_APP_PERMISSIONS.toString(),
      // A guild-installed app reached in a DM is owned by "guild 0".
      authorizing_integration_owners: { [ApplicationIntegrationType.GuildInstall]: '0' },
      context: InteractionContextType.BotDM,
    };
  }
  return {
    ...shared,
    guild_id: place.guild.id,
    guild: { id: place.guild.id, locale: Locale.EnglishUS, features: [] },
    guild_locale: Locale.EnglishUS,
    member: interactionMember(world, place.user),
    channel: textChannel(place.channel),
    channel_id: place.channel.id,
    app_permissions: permissionsOf(world, world.bot).toString(),
    authorizing_integration_owners: { [ApplicationIntegrationType.GuildInstall]: place.guild.id },
    context: InteractionContextType.Guild,
  };
}

export interface CommandCall {
  readonly commandId: string;
  readonly name: string;
  readonly options: readonly APIApplicationCommandInteractionDataBasicOption[];
  /** The objects the options point at by id (attachments), as Discord resolves them for a chat input. */
  readonly resolved?: APIInteractionDataResolved;
}

/** What a chat input and an autocomplete interaction both carry about the command being typed. */
function commandData(place: Place, call: CommandCall) {
  return {
    id: call.commandId,
    name: call.name,
    type: ApplicationCommandType.ChatInput as const,
    options: [...call.options],
    ...(place.kind === 'guild' && { guild_id: place.guild.id }),
  };
}

export function chatInputInteraction(
  world: World,
  place: Place,
  id: string,
  token: string,
  call: CommandCall,
): APIChatInputApplicationCommandInteraction {
  const data = { ...commandData(place, call), ...(call.resolved && { resolved: call.resolved }) };
  return { ...interactionBase(world, place, id, token), type: InteractionType.ApplicationCommand, data };
}

export function autocompleteInteraction(
  world: World,
  place: Place,
  id: string,
  token: string,
  call: CommandCall,
): APIApplicationCommandAutocompleteInteraction {
  return { ...interactionBase(world, place, id, token), type: InteractionType.ApplicationCommandAutocomplete, data: commandData(place, call) };
}

/** A message from the bot carrying one action row of `components`. */
function botMessageWith(world: World, place: Place, messageId: string, components: APIActionRowComponent<APIComponentInMessageActionRow>['components']): APIMessage {
  return apiMessage({
    id: messageId,
    channelId: channelIdOf(place),
    author: apiUser(world.bot),
    type: MessageType.Default,
    body: { content: 'Pick one', components: [{ type: ComponentType.ActionRow, components }] },
    attachments: [],
  });
}

/** A message from the bot carrying one button, for button interactions to be clicked on. */
export function messageWithButton(world: World, place: Place, messageId: string, customId: string): APIMessage {
  return botMessageWith(world, place, messageId, [{ type: ComponentType.Button, style: ButtonStyle.Primary, label: customId, custom_id: customId }]);
}

/** The button `customId` on a message, if it carries one. */
export function buttonOn(message: APIMessage, customId: string): APIButtonComponent | undefined {
  for (const row of message.components ?? []) {
    if (row.type !== ComponentType.ActionRow) continue;
    for (const component of row.components) {
      if (component.type === ComponentType.Button && 'custom_id' in component && component.custom_id === customId) return component;
    }
  }
  return undefined;
}

/** Why a Discord client could not click the button `customId` of a message (absent, disabled), or `null` if it could. */
export function clickRefused(message: APIMessage, customId: string): string | null {
  const button = buttonOn(message, customId);
  if (!button) return `message ${message.id} carries no button "${customId}"`;
  if (button.disabled) return `the button "${customId}" on message ${message.id} is disabled`;
  return null;
}

export function buttonInteraction(
  world: World,
  place: Place,
  id: string,
  token: string,
  customId: string,
  message: APIMessage,
): APIMessageComponentButtonInteraction {
  return {
    ...interactionBase(world, place, id, token),
    type: InteractionType.MessageComponent,
    data: { component_type: ComponentType.Button, custom_id: customId },
    message,
  };
}

/** A message from the bot carrying one string select menu offering `values`, for a selection when no real one is given. */
export function messageWithSelectMenu(world: World, place: Place, messageId: string, customId: string, values: readonly string[]): APIMessage {
  return botMessageWith(world, place, messageId, [{
    type: ComponentType.StringSelect,
    custom_id: customId,
    options: values.map((value) => ({ label: value.slice(0, 100), value })),
    max_values: Math.max(1, values.length),
  }]);
}

/** The string select menu `customId` on a message, if it carries one. */
export function stringSelectOn(message: APIMessage, customId: string): APIStringSelectComponent | undefined {
  for (const row of message.components ?? []) {
    if (row.type !== ComponentType.ActionRow) continue;
    for (const component of row.components) {
      if (component.type === ComponentType.StringSelect && component.custom_id === customId) return component;
    }
  }
  return undefined;
}

/**
 * Why a Discord client could not send this selection from the menu (an absent or disabled menu,
 * a value it does not offer, too few or too many values), or `null` if it could.
 */
export function selectionRefused(message: APIMessage, customId: string, values: readonly string[]): string | null {
  const menu = stringSelectOn(message, customId);
  if (!menu) return `message ${message.id} carries no string select menu "${customId}"`;
  if (menu.disabled) return `the menu "${customId}" on message ${message.id} is disabled`;
  const offered = new Set(menu.options.map((option) => option.value));
  const missing = values.filter((value) => !offered.has(value));
  if (missing.length > 0) return `the menu "${customId}" does not offer ${JSON.stringify(missing)}; it offers ${JSON.stringify([...offered])}`;
  if (new Set(values).size !== values.length) return `a value is chosen twice in ${JSON.stringify(values)}`;
  const min = menu.min_values ?? 1;
  const max = menu.max_values ?? 1;
  if (values.length < min || values.length > max) return `the menu "${customId}" takes ${min}-${max} values, not ${values.length}`;
  return null;
}

export function stringSelectInteraction(
  world: World,
  place: Place,
  id: string,
  token: string,
  customId: string,
  values: readonly string[],
  message: APIMessage,
): APIMessageComponentSelectMenuInteraction {
  const data: APIMessageStringSelectInteractionData = { component_type: ComponentType.StringSelect, custom_id: customId, values: [...values] };
  return { ...interactionBase(world, place, id, token), type: InteractionType.MessageComponent, data, message };
}

export interface ChatMessage {
  readonly id: string;
  readonly author: FakeUser;
  readonly content: string;
  readonly mentionBot: boolean;
}

export function messageCreate(world: World, place: GuildPlace, message: ChatMessage): GatewayMessageCreateDispatchData {
  const content = message.mentionBot ? `<@${world.bot.id}> ${message.content}` : message.content;
  return {
    ...apiMessage({
      id: message.id,
      channelId: place.channel.id,
      author: apiUser(message.author),
      type: MessageType.Default,
      body: { content },
      attachments: [],
    }),
    guild_id: place.guild.id,
    member: memberWithoutUser(message.author),
    mentions: message.mentionBot ? [{ ...apiUser(world.bot), member: memberWithoutUser(world.bot) }] : [],
  };
}

/**
 * The event as a session with these intents receives it, or `null` if it receives none:
 * guild messages need GuildMessages, and without MessageContent the text is blanked unless
 * the bot is mentioned or wrote it.
 */
export function messageSeenWith(
  intents: number,
  event: GatewayMessageCreateDispatchData,
  botId: string,
): GatewayMessageCreateDispatchData | null {
  if ((intents & GatewayIntentBits.GuildMessages) === 0) return null;
  const readable =
    (intents & GatewayIntentBits.MessageContent) !== 0 || event.author.id === botId || event.mentions.some((user) => user.id === botId);
  return readable ? event : { ...event, content: '', embeds: [], attachments: [], components: [] };
}
