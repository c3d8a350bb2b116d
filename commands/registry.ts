/** Every command, in the order /help lists them. */
import { call } from './call.ts';
import { channelCompany } from './channel-company.ts';
import { compare } from './compare.ts';
import { contact } from './contact.ts';
import { define } from './define.ts';
import { ingest } from './ingest.ts';
import { metric } from './metric.ts';
import { quote } from './quote.ts';
import { reload } from './reload.ts';
import { results } from './results.ts';
import { search } from './search.ts';
import { sources } from './sources.ts';
import { defineCommand, type Command, type OptionSpec } from './spec.ts';
import { trend } from './trend.ts';
import { unanswered } from './unanswered.ts';

export const help = defineCommand({
  name: 'help',
  description: 'What I answer, with examples',
  options: {},
  examples: ['/help'],
  read: () => ({ kind: 'question', question: { intent: 'help' } }),
});

// Each command keeps its own option types; the list only needs what every command shares.
export const COMMANDS: readonly Command<Record<string, OptionSpec>>[] = [
  metric, compare, trend, results, quote, contact, search, call, define, sources, help, reload, ingest, unanswered, channelCompany,
] as unknown as readonly Command<Record<string, OptionSpec>>[];

export function commandNamed(name: string): Command | undefined {
  return COMMANDS.find((c) => c.name === name.toLowerCase());
}
