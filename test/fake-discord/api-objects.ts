/**
 * The world's users, guilds and channels as Discord API objects. discord.js builds its caches
 * from these, so they carry every field the API documents, not just the ones a test looks at.
 */
import {
  ApplicationFlags,
  ChannelType,
  GuildDefaultMessageNotifications,
  GuildExplicitContentFilter,
  GuildHubType,
  GuildMFALevel,
  GuildNSFWLevel,
  GuildPremiumTier,
  GuildSystemChannelFlags,
  GuildVerificationLevel,
  Locale,
  type GuildMemberFlags,
  type RoleFlags,
  type APIApplication,
  type APIDMChannel,
  type APIGuildMember,
  type APIGuildMemberNoUser,
  type APIInteractionGuildMember,
  type APIRole,
  type APITextChannel,
  type APIUser,
  type GatewayGuildCreateDispatchData,
} from 'discord-api-types/v10';
import { EVERYONE_PERMISSIONS, type FakeChannel, type FakeGuild, type FakeUser, type World, allUsers, permissionsOf } from './world.ts';

/** The empty bitfield; discord-api-types' flag enums have no member for it. */
const NO_FLAGS = 0;

/** Every fake member joined at the same moment; nothing depends on the value. */
const JOINED_AT = '2024-01-01T00:00:00.000Z';

export function apiUser(user: FakeUser): APIUser {
  return {
    id: user.id,
    username: user.username,
    discriminator: '0',
    global_name: user.bot ? null : user.username,
    avatar: null,
    bot: user.bot,
  };
}

/** A member object as embedded where the user is given separately (e.g. MESSAGE_CREATE). */
export function memberWithoutUser(user: FakeUser): APIGuildMemberNoUser {
  return {
    nick: null,
    avatar: null,
    banner: null,
    roles: [user.roleId],
    joined_at: JOINED_AT,
    premium_since: null,
    deaf: false,
    mute: false,
    flags: NO_FLAGS as GuildMemberFlags,
    pending: false,
    communication_disabled_until: null,
  };
}

export function guildMember(user: FakeUser): APIGuildMember & { user: APIUser } {
  return { user: apiUser(user), ...memberWithoutUser(user) };
}

/** Interactions carry the member's permissions, which is what bots check before admin actions. */
export function interactionMember(world: World, user: FakeUser): APIInteractionGuildMember {
  return { ...guildMember(user), permissions: permissionsOf(world, user).toString() };
}

export function textChannel(channel: FakeChannel): APITextChannel {
  return {
    id: channel.id,
    type: ChannelType.GuildText,
    guild_id: channel.guildId,
    name: channel.name,
    position: channel.position,
    permission_overwrites: [],
    nsfw: false,
    parent_id: null,
    topic: null,
    last_message_id: null,
    last_pin_timestamp: null,
    rate_limit_per_user: 0,
  };
}

export function dmChannel(user: FakeUser): APIDMChannel {
  return {
    id: user.dmChannelId,
    type: ChannelType.DM,
    name: null,
    recipients: [apiUser(user)],
    last_message_id: null,
    last_pin_timestamp: null,
  };
}

function role(id: string, name: string, permissions: bigint, position: number): APIRole {
  return {
    id,
    name,
    color: 0,
    colors: { primary_color: 0, secondary_color: null, tertiary_color: null },
    hoist: false,
    icon: null,
    unicode_emoji: null,
    position,
    permissions: permissions.toString(),
    managed: false,
    mentionable: false,
    flags: NO_FLAGS as RoleFlags,
  };
}

export function guildCreate(world: World, guild: FakeGuild): GatewayGuildCreateDispatchData {
  const channels = [...world.channels.values()].filter((c) => c.guildId === guild.id).map(textChannel);
  const members = allUsers(world).map(guildMember);
  return {
    id: guild.id,
    name: guild.name,
    icon: null,
    splash: null,
    discovery_splash: null,
    banner: null,
    description: null,
    owner_id: world.users.admin.id,
    region: 'us-east',
    afk_channel_id: null,
    afk_timeout: 300,
    widget_enabled: false,
    widget_channel_id: null,
    verification_level: GuildVerificationLevel.None,
    default_message_notifications: GuildDefaultMessageNotifications.OnlyMentions,
    explicit_content_filter: GuildExplicitContentFilter.Disabled,
    roles: [role(guild.id, '@everyone', EVERYONE_PERMISSIONS, 0), ...world.roles.map((r) => role(r.id, r.name, r.permissions, r.position))],
    emojis: [],
    stickers: [],
    features: [],
    mfa_level: GuildMFALevel.None,
    application_id: null,
    system_channel_id: guild.channelIds.general,
    system_channel_flags: GuildSystemChannelFlags.SuppressJoinNotifications,
    rules_channel_id: null,
    public_updates_channel_id: null,
    safety_alerts_channel_id: null,
    vanity_url_code: null,
    premium_tier: GuildPremiumTier.None,
    premium_subscription_count: 0,
    premium_progress_bar_enabled: false,
    preferred_locale: Locale.EnglishUS,
    nsfw_level: GuildNSFWLevel.Default,
    hub_type: GuildHubType.Default,
    incidents_data: null,
    max_video_channel_users: 25,
    max_members: 500_000,
    joined_at: JOINED_AT,
    large: false,
    unavailable: false,
    member_count: members.length,
    members,
    channels,
    threads: [],
    presences: [],
    voice_states: [],
    stage_instances: [],
    guild_scheduled_events: [],
    soundboard_sounds: [],
  };
}

/** An unverified bot with the Message Content intent switched on, like one in under 100 guilds. */
const APPLICATION_FLAGS = ApplicationFlags.GatewayMessageContentLimited;

/** The part of the application READY carries. */
export function readyApplication(world: World): Pick<APIApplication, 'id' | 'flags' | 'flags_new'> {
  return { id: world.applicationId, flags: APPLICATION_FLAGS, flags_new: String(APPLICATION_FLAGS) };
}

export function application(world: World): APIApplication {
  return {
    ...readyApplication(world),
    name: world.bot.username,
    icon: null,
    description: '',
    summary: '',
    bot_public: false,
    bot_require_code_grant: false,
    bot: apiUser(world.bot),
    owner: apiUser(world.users.admin),
    verify_key: '0'.repeat(64),
    team: null,
    approximate_guild_count: world.guilds.length,
  };
}
