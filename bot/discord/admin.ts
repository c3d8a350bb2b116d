/**
 * Who may run admin commands. Discord hides them from members without Manage Server (the default
 * permission); at run time the bot checks again, against ADMIN_ROLE_IDS / ADMIN_USER_IDS when set,
 * else Manage Server, since a server owner can re-grant a command to anyone.
 */
import { PermissionFlagsBits, type GuildMember, type Interaction, type APIInteractionGuildMember } from 'discord.js';
import type { Config } from '../config.ts';

function roleIds(member: GuildMember | APIInteractionGuildMember | null): string[] {
  if (!member) return [];
  return Array.isArray(member.roles) ? member.roles : [...member.roles.cache.keys()];
}

export function isAdmin(interaction: Interaction, config: Pick<Config, 'ADMIN_ROLE_IDS' | 'ADMIN_USER_IDS'>): boolean {
  if (!interaction.inGuild()) return false;
  if (config.ADMIN_USER_IDS.includes(interaction.user.id)) return true;
  if (config.ADMIN_ROLE_IDS.length > 0 || config.ADMIN_USER_IDS.length > 0) {
    return roleIds(interaction.member).some((r) => config.ADMIN_ROLE_IDS.includes(r));
  }
  return interaction.memberPermissions?.has(PermissionFlagsBits.ManageGuild) ?? false;
}
