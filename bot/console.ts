/**
 * The local console: a prompt where a person types the same commands and questions as in Discord
 * and reads the same answers as text. The person at the console runs the bot, so admin commands
 * are allowed. Works piped too: one question a line, answers in order, exit at end of input.
 * A line ending in `--chart FILE` also writes its answer's chart to FILE as a PNG.
 */
import { createInterface } from 'node:readline';
import { createAnswerMemo } from '../commands/memo.ts';
import { ask } from '../commands/run.ts';
import { createChannelDefaults } from '../commands/channel-company.ts';
import { createConversations } from '../commands/understand/conversation.ts';
import { createUnansweredLog, type UnansweredLog } from '../commands/unanswered.ts';
import type { Store } from '../knowledge/store.ts';
import { takeChartFlag, writeChart } from './chart-file.ts';
import { renderText } from './render/text.ts';

export async function runConsole(
  store: Store,
  input: NodeJS.ReadableStream = process.stdin,
  output: NodeJS.WritableStream = process.stdout,
  unanswered: UnansweredLog = createUnansweredLog(),
): Promise<void> {
  const snapshot = store.current();
  const companies = snapshot.companies.length === 1 ? '' : ` of ${snapshot.companies.length} companies`;
  output.write(`earnings-bot: ${snapshot.releases.length} releases${companies}, ${snapshot.factsRead} facts read from ${store.dir}\n`);
  output.write('Ask a question or type a command (/help, /metric revenue Q4 2003; add --chart FILE to save a trend\'s chart); Ctrl-D to quit.\n');
  const rl = createInterface({ input, output, terminal: Boolean((input as NodeJS.ReadStream).isTTY), prompt: '> ' });
  const asker = {
    store,
    admin: true,
    memo: createAnswerMemo(),
    conversation: { store: createConversations(), key: 'console' },
    unanswered: { log: unanswered, where: 'console' },
    channel: { defaults: createChannelDefaults(), id: 'console' },
  };
  rl.prompt();
  for await (const typed of rl) {
    const { words, file: chartFile } = takeChartFlag(typed.trim().split(/\s+/));
    const line = words.join(' ');
    if (line === '') {
      rl.prompt();
      continue;
    }
    if (/^\/?(quit|exit)$/i.test(line)) break;
    // A number typed after a question asked back is its choice (commands/understand/pick.ts).
    const asked = await ask(line, asker);
    const chart = chartFile === undefined ? '' : `\n${(await writeChart(asked.answer, chartFile)).message}`;
    output.write(`${renderText(asked.answer)}${asked.answer.alternatives?.length ? '\n(type a number to choose)' : ''}${chart}\n\n`);
    rl.prompt();
  }
  rl.close();
}
