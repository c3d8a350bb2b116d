/** Discord message payloads of answers: embed, buttons, and never a mention. */
import { MessageFlags, type InteractionReplyOptions, type JSONEncodable } from 'discord.js';
import type { Answer } from '../../commands/answer.ts';
import type { Question } from '../../commands/understand/question.ts';
import { renderComponents, renderEmbed } from '../render/embed.ts';

/** Nobody is ever pinged by an answer, whatever its text holds. */
export const NO_MENTIONS = { parse: [], repliedUser: false } as const;

/** Already in Discord's wire format: handed to discord.js as is, not transformed again. */
const encoded = <T>(json: T): JSONEncodable<T> => ({ toJSON: () => json });

const rendered = new WeakMap<Answer, Map<string, ReturnType<typeof render>>>();

function render(answer: Answer, question?: Question) {
  return { embeds: [encoded(renderEmbed(answer))], components: renderComponents(answer, question).map(encoded), allowedMentions: NO_MENTIONS };
}

/** An answer as a message; answers are shared per snapshot, and so are their renderings. */
export function answerPayload(answer: Answer, question?: Question) {
  const key = question ? JSON.stringify(question) : '';
  const byCall = rendered.get(answer) ?? new Map<string, ReturnType<typeof render>>();
  const hit = byCall.get(key);
  if (hit) return hit;
  const payload = render(answer, question);
  byCall.set(key, payload);
  rendered.set(answer, byCall);
  return payload;
}

export function ephemeral(content: string): InteractionReplyOptions & { flags: MessageFlags.Ephemeral } {
  return { content, flags: MessageFlags.Ephemeral, allowedMentions: NO_MENTIONS };
}
