/**
 * `npm run ask -- "<question>"`: the text answer. `--json`: the answer as JSON with the facts used.
 * `npm run --silent ask -- --batch`: one question a line on stdin, one JSON object a line out:
 * `{"question", "answer", "facts"}` (and `"alternatives"` when it asks back). A line that is a JSON
 * object `{"question": "...", "conversation": ["earlier", ...]}` is answered as the last turn of
 * that conversation, its earlier turns asked first in a fresh one; plain lines stand alone.
 * `--chart FILE`: the answer's chart (a trend's) written to FILE as a PNG.
 */
import { createInterface } from 'node:readline';
import { z } from 'zod';
import type { Answer } from '../commands/answer.ts';
import { createAnswerMemo } from '../commands/memo.ts';
import { ask, type Asker } from '../commands/run.ts';
import { createConversations } from '../commands/understand/conversation.ts';
import { createUnansweredLog } from '../commands/unanswered.ts';
import { openStore } from '../knowledge/store.ts';
import { takeChartFlag, writeChart } from './chart-file.ts';
import { renderText } from './render/text.ts';
import { stopWhenStdoutCloses } from './stdout.ts';

stopWhenStdoutCloses();

const { words: args, file: chartFile } = takeChartFlag(process.argv.slice(2));
const flags = new Set<string>(args.filter((a) => a === '--json' || a === '--batch'));
const question = args.filter((a) => !flags.has(a)).join(' ');
if (chartFile !== undefined && flags.has('--batch')) {
  console.error('--chart writes the chart of one answer: not with --batch.');
  process.exit(2);
}

const opened = await openStore();
if (!opened.ok) {
  console.error(opened.reason);
  process.exit(1);
}
// The CLI is run by whoever runs the bot: it may reload.
// A --batch run may end with /unanswered: what of it the releases did not answer.
const base: Asker = { store: opened.store, admin: true, memo: createAnswerMemo(), unanswered: { log: createUnansweredLog(), where: 'cli' } };

const TurnSchema = z.object({ question: z.string(), conversation: z.array(z.string()).default([]) });

function answerJson(q: string, answer: Answer): string {
  return JSON.stringify({
    question: q,
    answer: renderText(answer, Infinity),
    ...(answer.alternatives ? { alternatives: answer.alternatives.map((a) => a.label) } : {}),
    facts: answer.facts,
  });
}

/** What a batch line that is not a question gets, and what one the bot failed on gets: neither is a reading of it. */
const batchReply = (line: string, answer: string) => JSON.stringify({ question: line, answer, facts: [] });

/** A JSON object if the line is one; `null` when it begins as one and is not JSON; else undefined (plain text). */
function jsonOf(line: string): unknown {
  if (!line.trimStart().startsWith('{')) return undefined;
  try {
    return JSON.parse(line) as unknown;
  } catch {
    return null;
  }
}

/** A batch line: plain text stands alone; a JSON turn replays its conversation first. */
async function batchLine(line: string, n: number): Promise<string> {
  const json = jsonOf(line);
  if (json === null) return batchReply(line, 'Not understood: that line is neither a question nor a valid JSON turn.');
  const parsed = json === undefined ? undefined : TurnSchema.safeParse(json);
  if (!parsed?.success) return answerJson(line, (await ask(line, base)).answer);
  const asker: Asker = { ...base, conversation: { store: createConversations(), key: `batch-${n}` } };
  for (const earlier of parsed.data.conversation) await ask(earlier, asker);
  return answerJson(parsed.data.question, (await ask(parsed.data.question, asker)).answer);
}

if (flags.has('--batch')) {
  let n = 0;
  for await (const line of createInterface({ input: process.stdin, crlfDelay: Infinity })) {
    if (line.trim() === '') continue;
    let out: string;
    try {
      out = await batchLine(line, n++);
    } catch (error) {
      // A fault of the bot's, not of the line: said as one (on stderr too), and the batch goes on.
      console.error(`the bot failed on ${JSON.stringify(line)}:`, error);
      out = batchReply(line, 'Sorry, something went wrong answering that: the bot failed (the error is on stderr).');
    }
    process.stdout.write(`${out}\n`);
  }
} else if (!question) {
  console.error('usage: npm run ask -- "<question>"   (or --json "<question>", --chart FILE "<question>", or --batch with questions on stdin)');
  process.exit(2);
} else {
  const { answer } = await ask(question, base);
  console.log(flags.has('--json') ? answerJson(question, answer) : renderText(answer));
  if (chartFile !== undefined) {
    // On stderr: stdout stays the answer alone (its JSON with --json).
    const written = await writeChart(answer, chartFile);
    console.error(written.message);
    if (!written.ok) process.exitCode = 1;
  }
}
