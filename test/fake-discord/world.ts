/**
 * The fixed cast of the fake: the bot, a few users, and guilds spread over the shards.
 * Plain data only; turning it into Discord payloads is api-objects.ts's job.
 */
import { randomBytes } from 'node:crypto';
import { PermissionFlagsBits } from 'discord-api-types/v10';
import { type SnowflakeFactory, shardOf } from './snowflake.ts';

export interface FakeUser {
  readonly id: string;
  readonly username: string;
  readonly bot: boolean;
  /** The user's one role. The same id exists in every fake guild, which keeps tests simple. */
  readonly roleId: string;
  /** Channel id of the user's DM channel with the bot. */
  readonly dmChannelId: string;
}

export interface FakeChannel {
  readonly id: string;
  readonly name: string;
  readonly guildId: string;
  readonly position: number;
}

export interface FakeGuild {
  readonly id: string;
  readonly name: string;
  readonly shardId: number;
  readonly channelIds: { readonly general: string; readonly ask: string };
}

export interface FakeRole {
  readonly id: string;
  readonly name: string;
  readonly permissions: bigint;
  readonly position: number;
}

export interface World {
  readonly shardCount: number;
  readonly applicationId: string;
  /** What the bot logs in with; shaped like a real one so token parsing code is exercised. */
  readonly token: string;
  readonly bot: FakeUser;
  readonly users: { readonly admin: FakeUser; readonly member: FakeUser; readonly otherBot: FakeUser };
  readonly guilds: readonly FakeGuild[];
  /** The first guild: where users act unless told otherwise. */
  readonly home: FakeGuild;
  /** Roles present in every guild besides @everyone (whose id is the guild id). */
  readonly roles: readonly FakeRole[];
  readonly channels: ReadonlyMap<string, FakeChannel>;
}

/** What @everyone may do: enough to read, talk and use commands, nothing administrative. */
export const EVERYONE_PERMISSIONS =
  PermissionFlagsBits.ViewChannel |
  PermissionFlagsBits.SendMessages |
  PermissionFlagsBits.ReadMessageHistory |
  PermissionFlagsBits.EmbedLinks |
  PermissionFlagsBits.AttachFiles |
  PermissionFlagsBits.AddReactions |
  PermissionFlagsBits.UseApplicationCommands;

const ALL_PERMISSIONS = Object.values(PermissionFlagsBits).reduce((all, flag) => all | flag, 0n);

export function createWorld(ids: SnowflakeFactory, opts: { shards: number; guilds: number }): World {
  if (!Number.isInteger(opts.shards) || opts.shards < 1) {
    throw new RangeError(`fake-discord: shards must be a positive integer, got ${opts.shards}`);
  }
  if (!Number.isInteger(opts.guilds)) throw new RangeError(`fake-discord: guilds must be an integer, got ${opts.guilds}`);
  const applicationId = ids.next();
  const roles = {
    admin: {
      id: ids.next(),
      name: 'Admin',
      permissions: PermissionFlagsBits.Administrator | PermissionFlagsBits.ManageGuild,
      position: 3,
    },
    bot: { id: ids.next(), name: 'Earnings Bot', permissions: PermissionFlagsBits.SendMessages, position: 2 },
    member: { id: ids.next(), name: 'Member', permissions: 0n, position: 1 },
    otherBot: { id: ids.next(), name: 'Other Bot', permissions: 0n, position: 1 },
  } satisfies Record<string, FakeRole>;
  const user = (username: string, bot: boolean, role: FakeRole, id = ids.next()): FakeUser => ({
    id,
    username,
    bot,
    roleId: role.id,
    dmChannelId: ids.next(),
  });
  // Discord bots' user id is their application id.
  const bot = user('earnings-bot', true, roles.bot, applicationId);

  const channels = new Map<string, FakeChannel>();
  const guilds: FakeGuild[] = [];
  for (let i = 0; i < opts.guilds; i++) {
    const id = ids.onShard(i % opts.shards, opts.shards);
    const general: FakeChannel = { id: ids.next(), name: 'general', guildId: id, position: 0 };
    const ask: FakeChannel = { id: ids.next(), name: 'ask', guildId: id, position: 1 };
    channels.set(general.id, general).set(ask.id, ask);
    guilds.push({ id, name: `Fake Guild ${i}`, shardId: shardOf(id, opts.shards), channelIds: { general: general.id, ask: ask.id } });
  }
  const [home] = guilds;
  if (!home) throw new RangeError('fake-discord: needs at least one guild for users to act in');

  return {
    shardCount: opts.shards,
    applicationId,
    token: botToken(bot.id),
    bot,
    users: {
      admin: user('alice-admin', false, roles.admin),
      member: user('bob-member', false, roles.member),
      otherBot: user('other-bot', true, roles.otherBot),
    },
    guilds,
    home,
    roles: Object.values(roles),
    channels,
  };
}

/** `base64(user id).timestamp.hmac`, the layout of real bot tokens. */
function botToken(botId: string): string {
  return [Buffer.from(botId).toString('base64url'), randomBytes(4).toString('base64url'), randomBytes(27).toString('base64url')].join('.');
}

/** A member's guild-wide permissions, as Discord computes them for `member.permissions`. */
export function permissionsOf(world: World, user: FakeUser): bigint {
  const granted = world.roles.filter((role) => role.id === user.roleId).reduce((all, role) => all | role.permissions, EVERYONE_PERMISSIONS);
  return granted & PermissionFlagsBits.Administrator ? ALL_PERMISSIONS : granted;
}

export function guildById(world: World, guildId: string): FakeGuild {
  const guild = world.guilds.find((g) => g.id === guildId);
  if (!guild) throw new Error(`fake-discord: no guild ${guildId}`);
  return guild;
}

export function channelById(world: World, channelId: string): FakeChannel {
  const channel = world.channels.get(channelId);
  if (!channel) throw new Error(`fake-discord: no guild channel ${channelId}`);
  return channel;
}

export function allUsers(world: World): FakeUser[] {
  return [world.bot, world.users.admin, world.users.member, world.users.otherBot];
}
