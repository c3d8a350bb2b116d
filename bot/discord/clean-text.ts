/**
 * Text from Discord made well-formed before anything reads it: a lone UTF-16 surrogate (half of an
 * emoji, cut) is replaced by U+FFFD, since encodeURIComponent and JSON consumers throw on it.
 */
import type { CommandInteractionOption, Interaction } from 'discord.js';

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

export const wellFormed = (text: string): string => text.replace(LONE_SURROGATE, '\uFFFD');

function cleanOptions(options: readonly CommandInteractionOption[]): void {
  for (const option of options) {
    if (typeof option.value === 'string') option.value = wellFormed(option.value);
    if (option.options) cleanOptions(option.options);
  }
}

/** Cleans the option values of a command or autocomplete in place: every reader of them sees clean text. */
export function cleanInteraction(interaction: Interaction): Interaction {
  if (interaction.isChatInputCommand() || interaction.isAutocomplete()) cleanOptions(interaction.options.data);
  return interaction;
}
