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

export type ChildMessage =
  | { kind: 'ready'; loaded: Loaded }
  | { kind: 'failed'; reason: string }
  | { kind: 'prepared'; releases: number; facts: number; warnings: number; ms: number }
  | { kind: 'result'; id: number; ok: true; value: unknown }
  | { kind: 'result'; id: number; ok: false; error: string };
