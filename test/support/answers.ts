/**
 * Shared by the command tests: the project's own releases (never anything outside the project), a
 * store opened on them, and answers read as users read them (the text renderer).
 */
import { renderText } from '../../bot/render/text.ts';
import type { Answer } from '../../commands/answer.ts';
import type { Question } from '../../commands/understand/question.ts';
import { ask, runCall } from '../../commands/run.ts';
import { createConversations } from '../../commands/understand/conversation.ts';
import { openStore, type Store } from '../../knowledge/store.ts';
import { RELEASES_DIR } from './releases.ts';

export { GOLDEN_FILE } from './fixtures.ts';
export { Q1, Q2, Q4, RELEASE_FILES, RELEASES_DIR } from './releases.ts';

export async function openProjectStore(dir: string = RELEASES_DIR): Promise<Store> {
  const opened = await openStore(dir);
  if (!opened.ok) throw new Error(`cannot open the store on ${dir}: ${opened.reason}`);
  return opened.store;
}

export interface AskedText {
  answer: Answer;
  question?: Question;
  text: string;
}

/** A question as a user asks it, with the text they read. */
export async function askText(question: string, store: Store, admin = true): Promise<AskedText> {
  const asked = await ask(question, { store, admin });
  return { answer: asked.answer, ...(asked.question ? { question: asked.question } : {}), text: renderText(asked.answer) };
}

/** The answer to `then` asked right after `first`, in a conversation of their own, as a user who is no admin. */
export async function askAfter(first: string, then: string, store: Store): Promise<Answer> {
  const conversation = { store: createConversations(), key: `${first} ${then}` };
  await ask(first, { store, admin: false, conversation });
  return (await ask(then, { store, admin: false, conversation })).answer;
}

/** A command call as the Discord client sends it, with the text a user reads. */
export async function runText(name: string, options: Record<string, string>, store: Store, admin = true): Promise<{ answer: Answer; text: string }> {
  const { answer } = await runCall({ name, options }, { store, admin });
  return { answer, text: renderText(answer) };
}
