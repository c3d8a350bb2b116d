/** The local console, piped: one question a line, answers in order; a number after a question asked back is its choice. */
import { PassThrough, Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { runConsole } from '../bot/console.ts';
import { openProjectStore } from './support/answers.ts';

async function consoleSays(...lines: string[]): Promise<string> {
  const output = new PassThrough();
  const chunks: string[] = [];
  output.on('data', (c: Buffer) => chunks.push(c.toString()));
  await runConsole(await openProjectStore(), Readable.from(lines.map((l) => `${l}\n`)), output);
  return chunks.join('');
}

describe('the console', () => {
  it('offers the choices of "what was the margin in Q2 2003?" by number, and answers "2" as the second, for Q2 2003', async () => {
    const said = await consoleSays('what was the margin in Q2 2003?', '2');
    expect(said).toContain('(type a number to choose)');
    expect(said).toContain('Choice 2 of the question asked back: Operating margin.');
    expect(said).toMatch(/Operating margin — Q2 2003/);
  });
});
