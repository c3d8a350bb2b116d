/**
 * The end-to-end benchmark's questions (bench/e2e-questions.ts): as many different ones as it asks,
 * slash commands and words alike, each read as a question no other one is (so the bot's memo serves
 * none of them), and nine in ten answered with a figure, as the benchmark claims.
 */
import { describe, expect, it } from 'vitest';
import { benchQuestions } from '../../bench/e2e-questions.ts';
import { createAnswerMemo, type AnswerMemo } from '../../commands/memo.ts';
import { ask, runCall } from '../../commands/run.ts';
import { openStore } from '../../knowledge/store.ts';

const opened = await openStore();
if (!opened.ok) throw new Error(opened.reason);
const { store } = opened;
const questions = benchQuestions(store.current(), 1200);

describe('bench/e2e-questions.ts', () => {
  it('writes the count asked for, all different, half slash commands, the same each time', () => {
    expect(questions).toHaveLength(1200);
    expect(new Set(questions.map((q) => JSON.stringify(q))).size).toBe(1200);
    const commands = questions.filter((q) => q.kind === 'command');
    expect(commands.length / questions.length).toBeGreaterThan(0.4);
    expect(commands.length / questions.length).toBeLessThan(0.6);
    expect(new Set(commands.map((q) => q.name))).toEqual(new Set(['metric', 'compare']));
    expect(benchQuestions(store.current(), 1200)).toEqual(questions);
  });

  it('asks nothing twice: no answer comes from the memo, and nine in ten carry a figure', async () => {
    const inner = createAnswerMemo(10_000);
    let served = 0;
    const memo: AnswerMemo = {
      get(snapshot, key) {
        const hit = inner.get(snapshot, key);
        if (hit) served += 1;
        return hit;
      },
      set: inner.set,
    };
    let withFigure = 0;
    for (const q of questions) {
      const asker = { store, admin: false, memo };
      const { answer } = q.kind === 'command' ? await runCall({ name: q.name, options: { ...q.options } }, asker) : await ask(q.text, asker);
      if ((answer.kind === 'figure' || answer.kind === 'comparison') && answer.emphasis.some((e) => /\d/.test(e))) withFigure += 1;
    }
    expect(served).toBe(0);
    expect(withFigure / questions.length).toBeGreaterThanOrEqual(0.9);
  });

  it('says so when the snapshot has fewer different questions than asked for', () => {
    expect(() => benchQuestions(store.current(), 1_000_000)).toThrow(RangeError);
  });
});
