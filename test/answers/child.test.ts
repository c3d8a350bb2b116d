import { spawn } from 'node:child_process';
import { Writable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import type { AnswerService } from '../../bot/answers/service.ts';
import { childAnswers, childSettings } from '../../bot/answers/child.ts';
import { parseConfig } from '../../bot/config.ts';
import { createLogger } from '../../bot/logger.ts';
import { RELEASES_DIR } from '../support/releases.ts';
import { TYPESCRIPT } from '../support/typescript.ts';

const who = { user: 'u1', channel: 'c1', admin: false };
const CRASHING = new URL('./crashing-child.ts', import.meta.url);

function settings(env: Record<string, string> = {}) {
  const parsed = parseConfig({ RELEASES_DIR, LOG_LEVEL: 'silent', ...env });
  if (!parsed.ok) throw new Error(parsed.errors.join('; '));
  return childSettings(parsed.config);
}

/** Log lines written, parsed. */
function logLines() {
  const lines: Array<Record<string, unknown>> = [];
  const stream = new Writable({ write(chunk: Buffer, _enc, done) { lines.push(JSON.parse(String(chunk)) as Record<string, unknown>); done(); } });
  return { lines, logger: createLogger('info', stream) };
}

/** Whether process `pid` still runs (signal 0 checks without sending anything). */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

let answers: AnswerService | undefined;
afterEach(async () => {
  await answers?.close();
  answers = undefined;
});

async function open(main?: URL, env?: Record<string, string>) {
  const log = logLines();
  const opened = await childAnswers(settings(env), log.logger, main);
  if (!opened.ok) throw new Error(opened.reason);
  answers = opened.answers;
  return { answers: opened.answers, loaded: opened.loaded, log };
}

describe('answers in a process of their own', () => {
  it('opens the releases in the answering process and says what it serves', async () => {
    const { loaded } = await open();
    expect(loaded.releases).toBe(3);
    expect(loaded.companies).toBe(1);
    expect(loaded.refused).toEqual([]);
  });

  it('answers words with the printed figure, and a follow-up from the same asker in the same channel', async () => {
    const { answers } = await open();
    const first = await answers.ask('revenue Q4 2003', who);
    expect(first.outcome).toBe('figure');
    expect(first.message.embeds[0]?.description).toContain('**$14.4 million**');
    const next = await answers.ask('and Q3?', who);
    expect(next.message.embeds[0]?.title).toBe('Revenue — Q3 2003');
    // Another asker has no conversation to follow.
    const other = await answers.ask('and Q3?', { ...who, user: 'u2' });
    expect(other.message.embeds[0]?.title).not.toBe('Revenue — Q3 2003');
  });

  it('answers a slash command, autocomplete, and an admin reload', async () => {
    const { answers } = await open();
    const metric = await answers.command({ name: 'metric', options: { metric: 'net income', period: 'Q3 2003' } }, who);
    expect(metric.message.embeds[0]?.title).toBe('Net income — Q3 2003');
    const choices = await answers.autocomplete('metric', 'metric', 'reve', {});
    expect(choices.map((c) => c.value)).toContain('Revenue');
    const refused = await answers.command({ name: 'reload', options: {} }, who);
    expect(refused).toMatchObject({ outcome: 'refusal', private: true });
    const reloaded = await answers.command({ name: 'reload', options: {} }, { ...who, admin: true });
    expect(reloaded.outcome).toBe('reload');
    expect(reloaded.message.embeds[0]?.description).toContain('3 releases');
  });

  it('says why when the releases do not open, and leaves no process running', async () => {
    const parsed = parseConfig({ RELEASES_DIR: '/nonexistent/releases', LOG_LEVEL: 'silent' });
    if (!parsed.ok) throw new Error('config');
    const opened = await childAnswers(childSettings(parsed.config), createLogger('silent'));
    expect(opened.ok).toBe(false);
    if (!opened.ok) expect(opened.reason).toMatch(/releases/i);
  });

  it('a failed answer fails that request alone', async () => {
    const { answers } = await open(CRASHING);
    await expect(answers.ask('fail', who)).rejects.toThrow('could not answer');
    await expect(answers.ask('revenue', who)).resolves.toMatchObject({ message: { content: 'echo revenue' } });
  });

  it('questions asked at once travel together, and each gets its own answer or its own failure', async () => {
    const { answers } = await open(CRASHING);
    const asked = [answers.ask('revenue', who), answers.ask('fail', who), answers.ask('ebitda', who)];
    const settled = await Promise.allSettled(asked);
    expect(settled.map((s) => (s.status === 'fulfilled' ? s.value.message.content : String(s.reason)))).toEqual(['echo revenue', 'Error: could not answer', 'echo ebitda']);
  });

  it('a question that cannot be sent fails alone: the others asked with it are answered', async () => {
    const { answers } = await open(CRASHING);
    // A function does not cross to another process.
    const unsendable = { ...who, callback: () => undefined } as typeof who;
    const settled = await Promise.allSettled([answers.ask('revenue', who), answers.ask('net income', unsendable), answers.ask('ebitda', who)]);
    expect(settled.map((s) => s.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(settled[2]).toMatchObject({ value: { message: { content: 'echo ebitda' } } });
  });

  it('a process that stops fails the questions in flight, logs it, and the next question starts a new one', async () => {
    const { answers, log } = await open(CRASHING);
    const crashed = answers.ask('crash', who);
    await expect(crashed).rejects.toThrow('the answering process stopped (exit code 7)');
    expect(log.lines.some((l) => l.exitCode === 7 && String(l.msg).includes('starts it again'))).toBe(true);
    await expect(answers.ask('revenue', who)).resolves.toMatchObject({ message: { content: 'echo revenue' } });
  });

  it('is not given the Discord token: it never talks to Discord', async () => {
    const before = process.env.DISCORD_TOKEN;
    process.env.DISCORD_TOKEN = 'a-token-the-child-must-not-see';
    try {
      const { answers } = await open(CRASHING);
      const reply = await answers.ask('env', who);
      expect(reply.message.content).toContain('PATH');
      expect(reply.message.content).not.toContain('DISCORD_TOKEN');
    } finally {
      if (before === undefined) delete process.env.DISCORD_TOKEN;
      else process.env.DISCORD_TOKEN = before;
    }
  });

  it('a process that keeps stopping is not started again for a while: each question fails at once, none reopens the releases', async () => {
    const { answers, log } = await open(CRASHING);
    for (let i = 0; i < 3; i++) await expect(answers.ask('crash', who)).rejects.toThrow('exit code 7');
    await expect(answers.ask('revenue', who)).rejects.toThrow(/keeps stopping: started again in \d+ s/);
    expect(log.lines.some((l) => String(l.msg).includes('3 times within a minute'))).toBe(true);
  });

  it('closing fails the questions still in flight, never leaves them waiting', async () => {
    const { answers } = await open(CRASHING);
    const failed = expect(answers.ask('hang', who)).rejects.toThrow('the answering process stopped');
    // Sent and never to be answered: the question after it has its answer.
    await answers.ask('pid', who);
    await answers.close();
    await failed;
  });

  it('closing a process busy with an answer ends it within its few seconds, killed if need be', async () => {
    const { answers } = await open(CRASHING);
    const killed = expect(answers.ask('spin', who)).rejects.toThrow('signal SIGKILL');
    // The spin has started once the process has the question.
    await new Promise((resolve) => setTimeout(resolve, 300));
    const started = performance.now();
    await answers.close();
    expect(performance.now() - started).toBeLessThan(8_000);
    await killed;
  }, 15_000);

  it('ends when the Discord side is killed outright (SIGKILL): no answering process is left behind', async () => {
    const holder = spawn(process.execPath, ['--import', TYPESCRIPT, fileURLToPath(new URL('./child-holder.ts', import.meta.url)), RELEASES_DIR], { stdio: ['ignore', 'pipe', 'inherit'] });
    const pid = Number(await new Promise<string>((resolve) => holder.stdout.once('data', (chunk: Buffer) => resolve(String(chunk).trim()))));
    expect(alive(pid)).toBe(true);
    holder.kill('SIGKILL');
    const deadline = Date.now() + 5_000;
    while (alive(pid) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
    expect(alive(pid)).toBe(false);
  }, 20_000);

  it('takes no question once closed', async () => {
    const { answers } = await open(CRASHING);
    await answers.close();
    await expect(answers.ask('revenue', who)).rejects.toThrow('shutting down');
  });
});
