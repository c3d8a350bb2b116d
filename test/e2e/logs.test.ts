/**
 * The logs an operator reads: one JSON line per answer with the interaction, the command and the
 * latency, and never the bot token, through start, answers, faults, a reconnect and shutdown.
 */
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../bot/logger.ts';
import type { FakeDiscord } from '../fake-discord/index.ts';
import { type E2E, buttonLabelled, callbackOf, metricCall, startE2E, str } from './support.ts';

interface LogLine {
  level: number;
  time: number;
  msg: string;
  interaction?: string;
  command?: string;
  outcome?: string;
  ms?: number;
  [key: string]: unknown;
}

const chunks: string[] = [];
let e2e: E2E | undefined;
let fake: FakeDiscord;
let stopped = false;
const ids: Record<string, string> = {};

const rawLogs = () => chunks.join('');
/** Complete lines only: a line still being written has no newline yet. */
const logLines = () => rawLogs().split('\n').slice(0, -1).filter((line) => line.length > 0);
const entries = () => logLines().map((line) => JSON.parse(line) as LogLine);

/** Checks waiting for a log line; each is tried on every chunk written. */
const logWaiters = new Set<() => void>();
/** Resolves once a log line matches: the bot logs an answer only after Discord accepted it. */
function waitForLog(predicate: (entry: LogLine) => boolean, timeoutMs = 10_000): Promise<LogLine> {
  return new Promise((resolve, reject) => {
    const check = () => {
      const found = entries().find(predicate);
      if (!found) return;
      logWaiters.delete(check);
      clearTimeout(timer);
      resolve(found);
    };
    const timer = setTimeout(() => {
      logWaiters.delete(check);
      reject(new Error(`no matching log line within ${timeoutMs} ms`));
    }, timeoutMs);
    logWaiters.add(check);
    check();
  });
}

beforeAll(async () => {
  const stream = new PassThrough();
  stream.on('data', (chunk: Buffer) => {
    chunks.push(chunk.toString('utf8'));
    for (const check of [...logWaiters]) check();
  });
  e2e = await startE2E({ logger: createLogger('info', stream), env: { FREE_TEXT_COOLDOWN_SECONDS: '0' } });
  fake = e2e.fake;

  // A bit of everything: commands, autocomplete, a button, a free-text message, a retried callback, a resume.
  const metric = fake.chatInput('metric', metricCall('revenue', 'Q4 2003'));
  ids.metric = metric.id;
  const answer = await metric.response;
  const auto = fake.autocomplete('metric', [str('metric', 'rev', true)]);
  ids.autocomplete = auto.id;
  const button = fake.button(buttonLabelled(callbackOf(answer).data, 'Source').custom_id);
  ids.button = button.id;
  fake.failNext((method, path) => method === 'POST' && path.endsWith('/callback'), 500);
  const compare = fake.chatInput('compare', [str('metric', 'revenue'), str('period', 'FY2003'), str('versus', 'FY2002')]);
  ids.compare = compare.id;
  const message = fake.message('what was revenue in Q4 2003?', { mentionBot: true });
  ids.message = message.id;
  await Promise.all([auto.response, button.response, compare.response, message.reply]);
  fake.closeSocket(4000);
  const afterResume = fake.chatInput('help');
  ids.help = afterResume.id;
  await afterResume.response;
  await fake.whenReady();
  await Promise.all([
    ...Object.values(ids).map((id) => waitForLog((e) => (e.interaction === id || e.message === id) && e.msg === 'answered')),
    waitForLog((e) => e.msg === 'gateway resumed'),
  ]);
});

afterAll(async () => {
  if (!stopped) await e2e?.close();
});

describe('logs', () => {
  it('are JSON lines only', () => {
    const lines = logLines();

    expect(lines.length).toBeGreaterThan(5);
    for (const line of lines) {
      const entry = JSON.parse(line) as LogLine;
      expect(typeof entry.level).toBe('number');
      expect(typeof entry.time).toBe('number');
      expect(typeof entry.msg).toBe('string');
    }
  });

  it('log each answered interaction with its id, its command and the latency in ms', () => {
    for (const [what, command] of [
      ['metric', 'metric'],
      ['autocomplete', 'metric'],
      ['button', 'button src'],
      ['compare', 'compare'],
      ['help', 'help'],
    ] as const) {
      const entry = entries().find((e) => e.interaction === ids[what]);
      expect(entry, what).toBeDefined();
      expect(entry, what).toMatchObject({ level: 30, command, msg: 'answered' });
      expect(typeof entry?.ms, what).toBe('number');
      expect(entry?.ms, what).toBeGreaterThanOrEqual(0);
      expect(entry?.ms, what).toBeLessThan(10_000);
    }
  });

  it('log an answered free-text message with its id and the latency', () => {
    const entry = entries().find((e) => e.message === ids.message);
    expect(entry).toMatchObject({ level: 30, msg: 'answered', intent: 'figure' });
    expect(typeof entry?.ms).toBe('number');
  });

  it('log the gateway reconnect', () => {
    expect(entries().some((e) => e.msg === 'gateway resumed')).toBe(true);
  });

  it('never contain the bot token, nor its secret part, through shutdown', async () => {
    await e2e?.close();
    stopped = true;
    const logs = rawLogs();
    const secret = fake.token.split('.').at(-1) ?? fake.token;

    expect(logs).toContain('disconnected');
    expect(fake.token.length).toBeGreaterThan(50);
    expect(logs.includes(fake.token)).toBe(false);
    expect(secret.length).toBeGreaterThan(10);
    expect(logs.includes(secret)).toBe(false);
  });
});
