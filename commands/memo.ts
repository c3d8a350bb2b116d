/**
 * Answers remembered per snapshot: a snapshot never changes, so the same question gets the same
 * answer and can be served again at once; a reload brings a new snapshot and so a fresh memory.
 * Bounded: past its size it starts over.
 */
import type { Snapshot } from '../knowledge/snapshot.ts';
import type { Answer } from './answer.ts';
import type { Question } from './understand/question.ts';

export interface Remembered {
  answer: Answer;
  question?: Question;
}

export interface AnswerMemo {
  get(snapshot: Snapshot, key: string): Remembered | undefined;
  set(snapshot: Snapshot, key: string, value: Remembered): void;
}

export function createAnswerMemo(size = 2000): AnswerMemo {
  const bySnapshot = new WeakMap<Snapshot, Map<string, Remembered>>();
  return {
    get: (snapshot, key) => bySnapshot.get(snapshot)?.get(key),
    set(snapshot, key, value) {
      const answers = bySnapshot.get(snapshot) ?? new Map<string, Remembered>();
      if (answers.size >= size) answers.clear();
      answers.set(key, value);
      bySnapshot.set(snapshot, answers);
    },
  };
}
