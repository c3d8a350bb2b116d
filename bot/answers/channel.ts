/**
 * The answering process's end of its channel to the Discord side: messages posted to it, and the
 * service's answers to the requests that come in. Used by bot/answers/child-main.ts, and by the
 * benchmark's answering process that serves answers computed beforehand (bench/precomputed-answers.ts).
 */
import type { Logger } from '../logger.ts';
import { batched, isMethod, type ChildMessage, type Request, type Result } from './protocol.ts';
import type { AnswerService } from './service.ts';

if (!process.send) throw new Error('bot/answers/channel.ts runs in the answering process (bot/answers/child.ts starts it)');
const send = process.send.bind(process);

/** Posts to the Discord side; once it has gone (it closed the channel, or stopped), a message has no one to reach: dropped, not an error. */
export function post(message: ChildMessage): void {
  if (process.connected) send(message, undefined, undefined, () => {});
}

/** Answers each request from the Discord side with `service`; answers finished within one turn go back as one message. */
export function serveRequests(service: AnswerService, logger: Logger): void {
  const answered = batched<Result>((results) => post({ kind: 'results', results }));
  const serve = async (request: Request): Promise<void> => {
    const { id, method } = request;
    try {
      if (!isMethod(service, method)) throw new Error(`no such request: ${String(method)}`);
      const handler = service[method] as (...args: unknown[]) => Promise<unknown>;
      answered({ id, ok: true, value: await handler(...request.args) });
    } catch (error) {
      logger.error({ err: error, request: method }, 'answering failed');
      answered({ id, ok: false, error: error instanceof Error ? error.message : String(error) });
    }
  };
  process.on('message', (requests: Request[]) => {
    for (const request of requests) void serve(request);
  });
}
