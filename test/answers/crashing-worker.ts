/**
 * An answering thread for the tests of bot/answers/thread.ts: it speaks the protocol, echoes each
 * question, and stops the thread (exit code 7) when asked "crash".
 */
import { parentPort } from 'node:worker_threads';
import type { Request, ThreadMessage } from '../../bot/answers/protocol.ts';

const port = parentPort;
if (!port) throw new Error('runs as a worker thread');
const post = (message: ThreadMessage) => port.postMessage(message);
post({ kind: 'ready', loaded: { releases: 1, companies: 1, factsRead: 1, refused: [] } });
port.on('message', (request: Request) => {
  const [text] = request.args;
  if (text === 'crash') process.exit(7);
  if (text === 'fail') {
    post({ kind: 'result', id: request.id, ok: false, error: 'could not answer' });
    return;
  }
  post({ kind: 'result', id: request.id, ok: true, value: { message: { content: `echo ${String(text)}`, embeds: [], components: [] }, outcome: 'figure', private: false } });
});
