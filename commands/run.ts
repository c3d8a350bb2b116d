/**
 * The one entry every transport uses: a question (free text or slash text) or a command call in,
 * an answer out. Options are parsed with the command's zod schema here, at the edge.
 */
import type { Store } from '../knowledge/store.ts';
import { answer, type Answer, type CommandCall } from './answer.ts';
import { clip } from './format.ts';
import { helpAnswer } from './help.ts';
import type { AnswerMemo } from './memo.ts';
import { COMMANDS, commandNamed } from './registry.ts';
import { route } from './router.ts';

/** Longer questions are refused before any work: nobody types a 500-character question. */
export const MAX_QUESTION = 500;

export interface Asker {
  store: Store;
  admin: boolean;
  /** Where answers are remembered across questions; none: every answer is computed. */
  memo?: AnswerMemo;
}

export async function runCall(call: CommandCall, asker: Asker): Promise<Answer> {
  const command = commandNamed(call.name);
  if (!command) return helpAnswer(COMMANDS, `There is no command /${clip(call.name, 40)}.`);
  const snapshot = asker.store.current();
  // Admin commands act; only lookups are remembered.
  const remember = command.admin ? undefined : asker.memo;
  const cached = remember?.get(snapshot, call);
  if (cached) return cached;
  const parsed = command.schema.safeParse(call.options);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => i.message).join('; ');
    return answer('refusal', `/${command.name}: options not understood`, `${clip(problems, 500)}. e.g. ${command.examples[0] ?? ''}`);
  }
  const result = await command.run(parsed.data, { snapshot, store: asker.store, admin: asker.admin });
  remember?.set(snapshot, call, result);
  return result;
}

export async function ask(question: string, asker: Asker): Promise<{ answer: Answer; call?: CommandCall }> {
  const text = question.trim();
  if (text.length > MAX_QUESTION) {
    return { answer: answer('refusal', 'Question too long', `Your question is ${text.length} characters; I read questions of up to ${MAX_QUESTION}. Nothing was looked up — please ask it shorter.`) };
  }
  if (text === '') return { answer: helpAnswer(COMMANDS, 'Ask me something about the releases.') };
  const routed = route(text);
  if (!routed.ok) return { answer: helpAnswer(COMMANDS, `I did not understand that: ${routed.reason}.`) };
  return { answer: await runCall(routed.call, asker), call: routed.call };
}
