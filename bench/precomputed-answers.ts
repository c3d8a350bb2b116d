/**
 * The end-to-end benchmark's answering process that answers every question and slash command with one answer
 * computed beforehand (bench/e2e.ts): earnings-bot's answering across its process boundary, at no cost of its own.
 * Set beside the bot serving that answer in its own process, it measures what the crossing costs.
 */
import { post, serveRequests } from '../bot/answers/channel.ts';
import { loadedFrom, type ChildSettings } from '../bot/answers/protocol.ts';
import { localAnswers } from '../bot/answers/service.ts';
import { createLogger } from '../bot/logger.ts';
import { openStore } from '../knowledge/store.ts';
import { PRECOMPUTED_QUESTION } from './e2e-questions.ts';

const settings = JSON.parse(process.argv[3] ?? '{}') as ChildSettings;
const logger = createLogger('silent');
const opened = await openStore(settings.dir, settings.store);
if (!opened.ok) {
  post({ kind: 'failed', reason: opened.reason });
} else {
  const answers = localAnswers(opened.store, { logger });
  const ready = await answers.ask(PRECOMPUTED_QUESTION, { user: 'bench', channel: null, admin: false });
  serveRequests({ ...answers, ask: async () => ready, command: async () => ready }, logger);
  post({ kind: 'ready', loaded: loadedFrom(opened.store) });
}
