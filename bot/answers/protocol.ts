/** What the Discord side and the answering process say to each other (bot/answers/child.ts, child-main.ts). */
import type { LoadStats } from '../../knowledge/load.ts';
import type { Refusal } from '../../knowledge/snapshot.ts';
import type { Store, StoreOptions } from '../../knowledge/store.ts';
import type { AnswerService } from './service.ts';

/** Every request the service takes; `close` is the Discord side's own end. */
export type Method = Exclude<keyof AnswerService, 'close'>;

/** Whether a request names one of the service's requests (it comes from the other process as a string). */
export const isMethod = (service: AnswerService, name: string): name is Method => name !== 'close' && Object.hasOwn(service, name);

export interface Request<M extends Method = Method> {
  id: number;
  method: M;
  args: Parameters<AnswerService[M]>;
}

/** What the answering process is started with: plain data (no token: it never talks to Discord). */
export interface ChildSettings {
  /** The releases folder. */
  dir: string;
  store: StoreOptions;
  logLevel: string;
  keepUserIds: boolean;
  /** The gateway shards the bot runs: a reload reports each. */
  shards: number[];
}

/** What the first load served, for the start-up log. */
export interface Loaded {
  releases: number;
  companies: number;
  factsRead: number;
  refused: readonly Refusal[];
  load?: LoadStats;
}

/** What `store` serves now, as the start-up log tells it. */
export function loadedFrom(store: Store): Loaded {
  const snapshot = store.current();
  const load = store.lastLoad?.();
  return { releases: snapshot.releases.length, companies: snapshot.companies.length, factsRead: snapshot.factsRead, refused: snapshot.refused, ...(load ? { load } : {}) };
}

/** A request's outcome: its value, or why it failed. */
export type Result = { id: number; ok: true; value: unknown } | { id: number; ok: false; error: string };

export type ChildMessage =
  | { kind: 'ready'; loaded: Loaded }
  | { kind: 'failed'; reason: string }
  | { kind: 'prepared'; releases: number; facts: number; warnings: number; ms: number }
  | { kind: 'results'; results: Result[] };

/**
 * Items pushed within one turn of the event loop, sent as one message when the turn ends (`send`
 * gets them in order). Under load many questions arrive in one turn, and each message between the
 * processes costs a write and the other process's wake-up: one for all of them measured 10-15% less
 * CPU a question end to end. Alone, a question waits only for the turn it arrived in to end.
 */
export function batched<T>(send: (items: T[]) => void): (item: T) => void {
  let items: T[] = [];
  return (item) => {
    items.push(item);
    if (items.length > 1) return;
    setImmediate(() => {
      const sending = items;
      items = [];
      send(sending);
    });
  };
}
