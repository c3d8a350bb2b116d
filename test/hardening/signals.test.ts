/**
 * Graceful shutdown of the process as started in production (issue 10, item 4): SIGTERM or SIGINT,
 * to the whole process group (Ctrl-C, systemd), to npm alone (npm start as a container's PID 1) or
 * to the bot's own process, while a /reload is in flight: the reload is answered, then the process
 * exits 0, and nothing is left running.
 */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { type FakeDiscord, startFakeDiscord } from '../fake-discord/index.ts';
import { tempReleases } from '../support/releases.ts';
import { callbackOf, payloadOf, textOf, waitForEdit } from '../e2e/support.ts';
import { quoteParagraph } from './hostile.ts';
import { type BotProcess, startBot } from './process.ts';

const START_MS = 60_000;

let fake: FakeDiscord | undefined;
let bot: BotProcess | undefined;
let releases: Awaited<ReturnType<typeof tempReleases>> | undefined;

afterEach(async () => {
  bot?.kill();
  await fake?.close();
  await releases?.remove();
});

type Target = 'group' | 'npm' | 'bot';

const cases: Array<[NodeJS.Signals, Target]> = [
  ['SIGTERM', 'group'],
  ['SIGINT', 'group'],
  ['SIGTERM', 'npm'],
  ['SIGINT', 'bot'],
];

describe('4. a signal during /reload, to the process group, to npm alone, or to the bot', () => {
  it.each(cases)('%s to the %s: the reload is answered, then the process exits 0', async (signal, target) => {
    fake = await startFakeDiscord();
    releases = await tempReleases('earnings-bot-signals-');
    bot = startBot(['npm', 'start'], {
      DISCORD_TOKEN: fake.token,
      DISCORD_API_URL: fake.apiUrl,
      RELEASES_DIR: releases.dir,
      LOG_LEVEL: 'info',
    });
    const loggedIn = await bot.waitForLog((l) => l.msg === 'logged in', START_MS);
    await fake.whenReady(0, START_MS);
    // A file that takes the reader most of a second: the signal lands while the reload runs.
    await writeFile(join(releases.dir, 'slow.txt'), quoteParagraph());

    const reload = fake.chatInput('reload', [], { user: fake.users.admin });
    expect(callbackOf(await reload.response).type).toBe(5);
    const npm = bot.child.pid ?? 0;
    process.kill(target === 'group' ? -npm : target === 'npm' ? npm : Number(loggedIn.pid), signal);

    const edit = await waitForEdit(fake, reload.id);
    expect(textOf(payloadOf(edit))).toMatch(/Reloaded/);
    expect(await bot.exited).toEqual({ code: 0, signal: null });
    expect(bot.logs().map((l) => l.msg)).toEqual(expect.arrayContaining(['shutting down', 'disconnected']));
    // The bot process itself is gone too, not left orphaned and answering.
    expect(() => process.kill(Number(loggedIn.pid), 0)).toThrow();
  }, 120_000);
});
