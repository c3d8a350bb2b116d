/**
 * A Discord side for a test of bot/answers/child.ts, in a process of its own: it starts the answering process
 * (test/answers/crashing-child.ts), prints that process's id, and waits to be killed.
 */
import { childAnswers, childSettings } from '../../bot/answers/child.ts';
import { parseConfig } from '../../bot/config.ts';
import { createLogger } from '../../bot/logger.ts';

const parsed = parseConfig({ RELEASES_DIR: process.argv[2] ?? '', LOG_LEVEL: 'silent' });
if (!parsed.ok) throw new Error(parsed.errors.join('; '));
const opened = await childAnswers(childSettings(parsed.config), createLogger('silent'), new URL('./crashing-child.ts', import.meta.url));
if (!opened.ok) throw new Error(opened.reason);
const reply = await opened.answers.ask('pid', { user: 'u1', channel: null, admin: false });
process.stdout.write(`${reply.message.content}\n`);
setInterval(() => undefined, 60_000);
