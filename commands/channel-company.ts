/**
 * `/channel-company company:<name>` (admins): the company a channel's questions are about when they
 * name none and the conversation has none, so a channel that follows one ticker never has to say
 * it. Without the option, the channel's default is cleared. Kept in memory (bounded): a restart
 * forgets it, and questions then ask which company again.
 */
import { answer, type Answer } from './answer.ts';
import { defineCommand, option } from './spec.ts';
import { parseCompanyOption } from './understand/companies.ts';
import { invalid } from './understand/options.ts';
import type { Snapshot } from '../knowledge/snapshot.ts';

/** Channels remembered; the least recently set is forgotten first. */
export const CHANNEL_DEFAULTS_KEPT = 10_000;

export interface ChannelDefaults {
  get(channel: string): string | undefined;
  set(channel: string, company: string | undefined): void;
}

export function createChannelDefaults(max = CHANNEL_DEFAULTS_KEPT): ChannelDefaults {
  const byChannel = new Map<string, string>();
  return {
    get: (channel) => byChannel.get(channel),
    set(channel, company) {
      byChannel.delete(channel);
      if (!company) return;
      byChannel.set(channel, company);
      if (byChannel.size > max) byChannel.delete(byChannel.keys().next().value as string);
    },
  };
}

export function channelCompanyAnswer(company: string | undefined, snapshot: Snapshot): Answer {
  const named = company ? snapshot.book(company)?.company : undefined;
  if (!named) return answer('reload', 'Channel company cleared', 'Questions in this channel that name no company now use the conversation\'s, or ask which company.');
  return answer('reload', 'Channel company set', `Questions in this channel that name no company are now about ${named.name}${named.ticker ? ` (${named.ticker})` : ''}.`);
}

export const channelCompany = defineCommand({
  name: 'channel-company',
  description: 'Admins: the company this channel\'s questions are about when they name none',
  options: { company: option('company', 'The company, by name or ticker; leave empty to clear', false) },
  admin: true,
  examples: ['/channel-company CAT', '/channel-company'],
  read({ company }, snapshot) {
    if (!company) return { kind: 'question', question: { intent: 'channelCompany' } };
    const named = parseCompanyOption(company, snapshot);
    return named.ok ? { kind: 'question', question: { intent: 'channelCompany', company: named.value } } : invalid('company', named);
  },
});
