/**
 * `npm run ask -- "<question>"`: the text answer. `--json`: the answer as JSON with the facts used.
 * `npm run --silent ask -- --batch`: one question a line on stdin, one JSON object a line out:
 * `{"question", "answer", "facts"}`.
 */
import { createInterface } from 'node:readline';
import { createAnswerMemo } from '../commands/memo.ts';
import { ask } from '../commands/run.ts';
import { openStore } from '../knowledge/store.ts';
import { renderText } from './render/text.ts';

const args = process.argv.slice(2);
const flags = new Set<string>(args.filter((a) => a === '--json' || a === '--batch'));
const question = args.filter((a) => !flags.has(a)).join(' ');

const opened = await openStore();
if (!opened.ok) {
  console.error(opened.reason);
  process.exit(1);
}
// The CLI is run by whoever runs the bot: it may reload.
const asker = { store: opened.store, admin: true, memo: createAnswerMemo() };

async function answerJson(q: string): Promise<string> {
  const { answer } = await ask(q, asker);
  return JSON.stringify({ question: q, answer: renderText(answer), facts: answer.facts });
}

if (flags.has('--batch')) {
  for await (const line of createInterface({ input: process.stdin, crlfDelay: Infinity })) {
    if (line.trim() === '') continue;
    process.stdout.write(`${await answerJson(line)}\n`);
  }
} else if (!question) {
  console.error('usage: npm run ask -- "<question>"   (or --json "<question>", or --batch with questions on stdin)');
  process.exit(2);
} else if (flags.has('--json')) {
  console.log(await answerJson(question));
} else {
  console.log(renderText((await ask(question, asker)).answer));
}
