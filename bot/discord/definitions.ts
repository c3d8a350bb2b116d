/**
 * Slash command definitions, generated from the command specs (`commands/`): names, descriptions,
 * required flags, length limits and autocomplete are written once, there.
 */
import { InteractionContextType, PermissionFlagsBits, SlashCommandBuilder, type RESTPostAPIChatInputApplicationCommandsJSONBody } from 'discord.js';
import { COMMANDS } from '../../commands/registry.ts';

export function commandDefinitions(): RESTPostAPIChatInputApplicationCommandsJSONBody[] {
  return COMMANDS.map((command) => {
    const builder = new SlashCommandBuilder()
      .setName(command.name)
      .setDescription(command.description)
      // Admin commands act on the whole bot: guild members with Manage Server only, never in DMs.
      .setContexts(command.admin ? [InteractionContextType.Guild] : [InteractionContextType.Guild, InteractionContextType.BotDM, InteractionContextType.PrivateChannel])
      .setDefaultMemberPermissions(command.admin ? PermissionFlagsBits.ManageGuild : null);
    for (const [name, spec] of Object.entries(command.options)) {
      if (spec.kind === 'attachment') {
        builder.addAttachmentOption((o) => o.setName(name).setDescription(spec.description).setRequired(spec.required));
        continue;
      }
      builder.addStringOption((o) =>
        o.setName(name).setDescription(spec.description).setRequired(spec.required).setMaxLength(spec.maxLength).setAutocomplete(spec.kind !== 'text'),
      );
    }
    return builder.toJSON();
  });
}
