/**
 * Answers remembered per snapshot: a snapshot never changes, so the same call gets the same answer
 * and can be served again at once; a reload brings a new snapshot and so a fresh memory. Bounded:
 * past its size it starts over.
 */
import type { Snapshot } from '../knowledge/snapshot.ts';
import type { Answer, CommandCall } from './answer.ts';

export interface AnswerMemo {
  get(snapshot: Snapshot, call: CommandCall): Answer | undefined;
  set(snapshot: Snapshot, call: CommandCall, answer: Answer): void;
}

const keyOf = (call: CommandCall) => JSON.stringify([call.name, Object.entries(call.options).sort()]);

export function createAnswerMemo(size = 2000): AnswerMemo {
  const bySnapshot = new WeakMap<Snapshot, Map<string, Answer>>();
  return {
    get: (snapshot, call) => bySnapshot.get(snapshot)?.get(keyOf(call)),
    set(snapshot, call, answer) {
      const answers = bySnapshot.get(snapshot) ?? new Map<string, Answer>();
      if (answers.size >= size) answers.clear();
      answers.set(keyOf(call), answer);
      bySnapshot.set(snapshot, answers);
    },
  };
}
