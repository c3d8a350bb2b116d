/**
 * The one entry every transport uses: a question (free text or slash text) or a command call in,
 * an answer out. Options are parsed with the command's zod schema here, at the edge.
 */
import type { Snapshot } from '../knowledge/snapshot.ts';
import type { Store } from '../knowledge/store.ts';
import { answer, type Answer, type CommandCall } from './answer.ts';
import { clip } from './format.ts';
import { helpAnswer } from './help.ts';
import { COMMANDS, commandNamed } from './registry.ts';
import { route } from './router.ts';

/** Longer questions are refused before any work: nobody types a 500-character question. */
export const MAX_QUESTION = 500;

export interface Asker {
  store: Store;
  admin: boolean;
}

/**
 * Answers of lookups, per snapshot: a snapshot never changes, so the same call gets the same
 * answer, and a reload starts afresh. Admin commands act, so they are never cached.
 */
const cache = new WeakMap<Snapshot, Map<string, Answer>>();
const CACHE_SIZE = 2000;

export async function runCall(call: CommandCall, asker: Asker): Promise<Answer> {
  const command = commandNamed(call.name);
  if (!command) return helpAnswer(COMMANDS, `There is no command /${clip(call.name, 40)}.`);
  const snapshot = asker.store.current();
  const key = command.admin ? undefined : JSON.stringify([command.name, Object.entries(call.options).sort()]);
  const answers = cache.get(snapshot) ?? new Map<string, Answer>();
  const cached = key === undefined ? undefined : answers.get(key);
  if (cached) return cached;
  const parsed = command.schema.safeParse(call.options);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => i.message).join('; ');
    return answer('refusal', `/${command.name}: options not understood`, `${clip(problems, 500)}. e.g. ${command.examples[0] ?? ''}`);
  }
  const result = await command.run(parsed.data, { snapshot, store: asker.store, admin: asker.admin });
  if (key !== undefined) {
    if (answers.size >= CACHE_SIZE) answers.clear();
    answers.set(key, result);
    cache.set(snapshot, answers);
  }
  return result;
}

export async function ask(question: string, asker: Asker): Promise<{ answer: Answer; call?: CommandCall }> {
  const text = question.trim();
  if (text.length > MAX_QUESTION) {
    return { answer: answer('refusal', 'Question too long', `Your question is ${text.length} characters; I read questions of up to ${MAX_QUESTION}. Nothing was looked up — please ask it shorter.`) };
  }
  if (text === '') return { answer: helpAnswer(COMMANDS, 'Ask me something about the releases.') };
  const routed = route(text, asker.store.current());
  if (!routed.ok) return { answer: helpAnswer(COMMANDS, `I did not understand that: ${routed.reason}.`) };
  return { answer: await runCall(routed.call, asker), call: routed.call };
}
