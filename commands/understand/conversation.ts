/**
 * Conversations: the last question each asker settled, so "and Q1?" or "what about net income?"
 * can fill in what it leaves out. Keyed by whoever asks where (a user in a channel, a console
 * session); a context expires after a while and the store is bounded.
 */
import type { Question } from './question.ts';

export interface Conversations {
  previous(key: string): Question | undefined;
  remember(key: string, question: Question): void;
}

export function createConversations(options: { ttlMs?: number; max?: number; now?: () => number } = {}): Conversations {
  const ttl = options.ttlMs ?? 10 * 60_000;
  const max = options.max ?? 10_000;
  const now = options.now ?? Date.now;
  const contexts = new Map<string, { question: Question; at: number }>();
  return {
    previous(key) {
      const c = contexts.get(key);
      if (!c) return undefined;
      if (now() - c.at > ttl) {
        contexts.delete(key);
        return undefined;
      }
      return c.question;
    },
    remember(key, question) {
      contexts.delete(key);
      // Oldest first in a Map: past the bound, the stalest conversation goes.
      if (contexts.size >= max) contexts.delete(contexts.keys().next().value as string);
      contexts.set(key, { question, at: now() });
    },
  };
}
