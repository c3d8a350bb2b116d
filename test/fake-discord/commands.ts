/** Application commands registered by bulk overwrite (PUT), globally or per guild. */
import {
  ApplicationCommandType,
  type APIApplicationCommand,
  type RESTPostAPIApplicationCommandsJSONBody,
} from 'discord-api-types/v10';
import type { SnowflakeFactory } from './snowflake.ts';

/** Key of the global command list; guild lists are keyed by guild id. */
const GLOBAL = 'global';

export class CommandStore {
  readonly #lists = new Map<string, APIApplicationCommand[]>();

  constructor(
    private readonly applicationId: string,
    private readonly ids: SnowflakeFactory,
  ) {}

  list(guildId: string | null): APIApplicationCommand[] {
    return this.#lists.get(guildId ?? GLOBAL) ?? [];
  }

  /**
   * Replaces the list like Discord's bulk overwrite: a command keeps its id when one of the
   * same name and type existed. Returns `null` when the body is not a list of commands.
   */
  overwrite(guildId: string | null, body: unknown): APIApplicationCommand[] | null {
    if (!Array.isArray(body) || !body.every(isCommandBody)) return null;
    const previous = this.list(guildId);
    const commands = body.map((command) => {
      const type = command.type ?? ApplicationCommandType.ChatInput;
      const existing = previous.find((p) => p.name === command.name && p.type === type);
      return this.#registered(command, type, existing?.id ?? this.ids.next(), guildId);
    });
    this.#lists.set(guildId ?? GLOBAL, commands);
    return commands;
  }

  /** The id a chat input command was registered under in this guild or globally. */
  idOf(name: string, guildId: string | null): string | undefined {
    const matches = (c: APIApplicationCommand) => c.name === name && c.type === ApplicationCommandType.ChatInput;
    return (guildId === null ? undefined : this.list(guildId).find(matches)?.id) ?? this.list(null).find(matches)?.id;
  }

  #registered(
    body: RESTPostAPIApplicationCommandsJSONBody,
    type: ApplicationCommandType,
    id: string,
    guildId: string | null,
  ): APIApplicationCommand {
    return {
      id,
      type,
      application_id: this.applicationId,
      ...(guildId !== null && { guild_id: guildId }),
      name: body.name,
      name_localizations: body.name_localizations ?? null,
      description: ('description' in body && body.description) || '',
      description_localizations: body.description_localizations ?? null,
      ...('options' in body && body.options && { options: body.options }),
      default_member_permissions: body.default_member_permissions ?? null,
      nsfw: body.nsfw ?? false,
      ...(body.integration_types && { integration_types: body.integration_types }),
      ...(body.contexts && { contexts: body.contexts }),
      version: this.ids.next(),
    };
  }
}

/** discord.js built the body from these types; a name is enough to tell it is one. */
function isCommandBody(value: unknown): value is RESTPostAPIApplicationCommandsJSONBody {
  return typeof value === 'object' && value !== null && 'name' in value && typeof value.name === 'string';
}
