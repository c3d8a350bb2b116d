/**
 * Faults only the operator can fix (issue 10, item 5): a token Discord rejects, intents it refuses,
 * no network. The process says what to fix in one fatal log line, with no stack trace, and exits
 * non-zero: 78 when restarting cannot help, 1 when it may.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { type FakeDiscord, startFakeDiscord } from '../fake-discord/index.ts';
import { RELEASES_DIR } from '../support/releases.ts';
import { type BotProcess, startBot } from './process.ts';
import { TYPESCRIPT } from '../support/typescript.ts';

const START_MS = 60_000;
const CONTAINER_COMMAND = ['node', '--import', TYPESCRIPT, 'bot/main.ts'];

let fake: FakeDiscord | undefined;
let bot: BotProcess | undefined;

afterEach(async () => {
  bot?.kill();
  await fake?.close();
  fake = undefined;
});

function run(env: Record<string, string>): BotProcess {
  bot = startBot(CONTAINER_COMMAND, { RELEASES_DIR, LOG_LEVEL: 'info', ...env });
  return bot;
}

/** The fatal line, checked to be the only thing an operator needs: no stack trace anywhere. */
async function fatalLine(process: BotProcess): Promise<string> {
  await process.exited;
  expect(process.output.filter((line) => /^\s+at /.test(line) || /"stack"/.test(line)), 'stack traces in the output').toEqual([]);
  const fatal = process.logs().filter((l) => l.level === 60);
  expect(fatal, process.output.join('\n')).toHaveLength(1);
  return fatal[0]?.msg ?? '';
}

describe('5. Discord closes the gateway for good, or refuses the login', () => {
  it('gateway close 4004 while serving: exit 78 and a fatal line saying to reset the token', async () => {
    fake = await startFakeDiscord();
    const running = run({ DISCORD_TOKEN: fake.token, DISCORD_API_URL: fake.apiUrl });
    await running.waitForLog((l) => l.msg === 'logged in', START_MS);

    fake.closeSocket(4004);

    expect(await fatalLine(running)).toMatch(/rejected the bot token \(gateway close 4004\): reset it in the Discord Developer Portal/);
    expect((await running.exited).code).toBe(78);
  }, 120_000);

  it('gateway close 4014 at login: exit 78 and a fatal line naming the Message Content intent', async () => {
    fake = await startFakeDiscord();
    fake.closeNextIdentify(4014);
    const running = run({ DISCORD_TOKEN: fake.token, DISCORD_API_URL: fake.apiUrl, MESSAGE_CONTENT_INTENT: 'true' });

    expect(await fatalLine(running)).toMatch(/Message Content Intent .* or set MESSAGE_CONTENT_INTENT=false/);
    expect((await running.exited).code).toBe(78);
  }, 120_000);

  it('a token Discord rejects at start (401): exit 78 and a fatal line, not a stack trace', async () => {
    fake = await startFakeDiscord();
    fake.failNext((method, path) => method === 'GET' && path === '/gateway/bot', 401);
    const running = run({ DISCORD_TOKEN: fake.token, DISCORD_API_URL: fake.apiUrl });

    expect(await fatalLine(running)).toMatch(/rejected the bot token \(401 Unauthorized\)/);
    expect((await running.exited).code).toBe(78);
  }, 120_000);

  it('no network at start: exit 1 (a restart may mend it) and a fatal line saying Discord cannot be reached', async () => {
    const running = run({ DISCORD_TOKEN: 'MTIzNDU2Nzg5MDEyMzQ1Njc4.GabcDE.abcdefghijklmnopqrstuvwxyz0123456789AB', DISCORD_API_URL: 'http://127.0.0.1:9/api' });

    expect(await fatalLine(running)).toMatch(/Cannot reach Discord at http:\/\/127\.0\.0\.1:9\/api \(ECONNREFUSED\)/);
    expect((await running.exited).code).toBe(1);
  }, 120_000);
});
