/**
 * The command-line tools read by another program: `npm run --silent ask -- --batch | head -1` and
 * `npm run --silent facts | head -1` stop quietly when the reader has read enough, with no stack trace.
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { TYPESCRIPT } from '../support/typescript.ts';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** Runs a tool with `input` on stdin, reads its first line of output, then closes the pipe: its exit code and stderr. */
function readFirstLine(args: readonly string[], input: string): Promise<{ first: string; code: number | null; stderr: string }> {
  const child = spawn(process.execPath, ['--import', TYPESCRIPT, ...args], { cwd: ROOT, stdio: ['pipe', 'pipe', 'pipe'] });
  let stderr = '';
  let out = '';
  let first = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  child.stdout.on('data', (chunk: Buffer) => {
    out += chunk.toString('utf8');
    if (!first && out.includes('\n')) {
      first = out.slice(0, out.indexOf('\n'));
      child.stdout.destroy();
    }
  });
  child.stdin.end(input);
  return new Promise((resolve) => child.once('exit', (code) => resolve({ first, code, stderr })));
}

describe('a tool whose reader stops reading', () => {
  it('ask --batch stops quietly after the first answer', async () => {
    const { first, code, stderr } = await readFirstLine(['bot/ask.ts', '--batch'], 'revenue Q4 2003\n'.repeat(3000));
    expect(JSON.parse(first)).toMatchObject({ question: 'revenue Q4 2003' });
    expect(stderr).not.toMatch(/EPIPE|Error/);
    expect(code).toBe(0);
  }, 60_000);

  it('facts stops quietly after the first fact', async () => {
    const { first, code, stderr } = await readFirstLine(['bot/facts.ts'], '');
    expect(JSON.parse(first)).toHaveProperty('concept');
    expect(stderr).not.toMatch(/EPIPE|Error/);
    expect(code).toBe(0);
  }, 60_000);
});

describe('ask --batch reads each line on its own', () => {
  it('a line that begins as JSON and is not is said to be neither a question nor a turn; the lines around it are answered', async () => {
    const child = spawn(process.execPath, ['--import', TYPESCRIPT, 'bot/ask.ts', '--batch'], { cwd: ROOT, stdio: ['pipe', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString('utf8')));
    child.stdin.end('revenue Q4 2003\n{"question": "revenue Q3 2003"\n{"question": "and Q3?", "conversation": ["revenue Q4 2003"]}\n');
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    const lines = out.trim().split('\n').map((l) => JSON.parse(l) as { question: string; answer: string });
    expect(code).toBe(0);
    expect(lines.map((l) => l.answer.split('\n')[0])).toEqual(['Revenue — Q4 2003', 'Not understood: that line is neither a question nor a valid JSON turn.', 'Revenue — Q3 2003']);
  }, 60_000);
});
