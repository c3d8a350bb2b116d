/**
 * An answering process for the tests of bot/answers/child.ts: it speaks the protocol, echoes each
 * question, exits (code 7) when asked "crash", never answers "hang", runs without a break for a
 * minute on "spin", and says its process id on "pid" and its environment's names on "env".
 */
import type { ChildMessage, Request, Result } from '../../bot/answers/protocol.ts';

if (!process.send) throw new Error('runs as a child process');
const send = process.send.bind(process);
const post = (message: ChildMessage) => {
  if (process.connected) send(message, undefined, undefined, () => {});
};
process.on('disconnect', () => process.exit(0));
post({ kind: 'ready', loaded: { releases: 1, companies: 1, factsRead: 1, refused: [] } });
const result = (r: Result) => post({ kind: 'results', results: [r] });
const serve = (request: Request) => {
  const [text] = request.args;
  if (text === 'crash') process.exit(7);
  if (text === 'fail') {
    result({ id: request.id, ok: false, error: 'could not answer' });
    return;
  }
  if (text === 'hang') return;
  if (text === 'spin') {
    const until = Date.now() + 60_000;
    while (Date.now() < until);
  }
  if (text === 'pid') {
    result({ id: request.id, ok: true, value: { message: { content: String(process.pid), embeds: [], components: [] }, outcome: 'figure', private: false } });
    return;
  }
  if (text === 'env') {
    result({ id: request.id, ok: true, value: { message: { content: Object.keys(process.env).join(' '), embeds: [], components: [] }, outcome: 'figure', private: false } });
    return;
  }
  result({ id: request.id, ok: true, value: { message: { content: `echo ${String(text)}`, embeds: [], components: [] }, outcome: 'figure', private: false } });
};
process.on('message', (requests: Request[]) => {
  for (const request of requests) serve(request);
});
