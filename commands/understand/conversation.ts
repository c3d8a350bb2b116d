/**
 * Conversations: the last question each asker settled, so "and Q1?" or "what about net income?"
 * can fill in what it leaves out, and what its answer was about (the names in the sentence found:
 * "SMS"), so "what did he say about it?" asks about that. Keyed by whoever asks where (a user in a
 * channel, a console session); a context expires after a while and the store is bounded.
 */
import type { Answer } from '../answer.ts';
import type { Question } from './question.ts';
import { isVocabularyWord } from './spot.ts';

/**
 * What an answer found in the text is about: the names in capitals of its first sentence ("SMS"),
 * none of them the vocabulary's ("EBITDA") nor the company's own ticker. Only an answer from the
 * text has one: a figure's subject is its metric, which the question already holds.
 */
export function subjectOf(answer: Answer): string[] {
  const first = answer.kind === 'sentences' ? answer.facts.find((f) => f.kind === 'sentence') : undefined;
  if (first?.kind !== 'sentence') return [];
  const names = first.text.match(/\b[A-Z][A-Z0-9&]+\b/g) ?? [];
  return [...new Set(names.map((n) => n.toLowerCase()))].filter((n) => !isVocabularyWord(n) && n !== first.company.toLowerCase());
}

export interface Conversations {
  previous(key: string): Question | undefined;
  /** The question before the previous one, kept with it: two periods asked in turn are a pair a "difference?" weighs. */
  earlier(key: string): Question | undefined;
  /** What the previous answer was about, where it found it in the text; none otherwise. */
  subject(key: string): readonly string[] | undefined;
  remember(key: string, question: Question, subject?: readonly string[]): void;
  /**
   * The choices of a question just asked back ("which one did you mean?"), kept until the next
   * message, which may pick one by typing it; remembering a question drops them.
   */
  offer(key: string, choices: readonly Choice[]): void;
  /** The choices offered to the asker's last message, taken: the next message finds none. */
  takeOffered(key: string): readonly Choice[] | undefined;
}

/** A choice of a question asked back: how it was offered, and the question it asks. */
export interface Choice {
  label: string;
  question: Question;
  /** Not offered, as the releases do not give it: picked only by naming its figure, never by a number. */
  shown?: false;
}

export function createConversations(options: { ttlMs?: number; max?: number; now?: () => number } = {}): Conversations {
  const ttl = options.ttlMs ?? 10 * 60_000;
  const max = options.max ?? 10_000;
  const now = options.now ?? Date.now;
  const contexts = new Map<string, { question?: Question; earlier?: Question; subject?: readonly string[]; offered?: readonly Choice[]; at: number }>();
  const current = (key: string) => {
    const c = contexts.get(key);
    if (!c) return undefined;
    if (now() - c.at > ttl) {
      contexts.delete(key);
      return undefined;
    }
    return c;
  };
  const keep = (key: string, context: NonNullable<ReturnType<typeof current>>) => {
    contexts.delete(key);
    // Oldest first in a Map: past the bound, the stalest conversation goes.
    if (contexts.size >= max) contexts.delete(contexts.keys().next().value as string);
    contexts.set(key, context);
  };
  return {
    previous: (key) => current(key)?.question,
    earlier: (key) => current(key)?.earlier,
    subject: (key) => current(key)?.subject,
    remember(key, question, subject) {
      const before = current(key)?.question;
      keep(key, { question, ...(before ? { earlier: before } : {}), ...(subject && subject.length > 0 ? { subject } : {}), at: now() });
    },
    offer(key, choices) {
      keep(key, { ...current(key), offered: choices, at: now() });
    },
    takeOffered(key) {
      const c = current(key);
      if (!c?.offered) return undefined;
      const { offered, ...rest } = c;
      contexts.set(key, rest);
      return offered;
    },
  };
}
