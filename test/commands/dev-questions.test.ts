/**
 * The 300 development questions (test/fixtures/dev-questions.jsonl, as users type them), answered
 * as the batch CLI answers them and judged as the dev set's own scorer (score.py, kept beside the set outside the project) judges them: right, an
 * honest refusal or ask-back, or WRONG. A wrong figure is never allowed; at least 95% must be right.
 */
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { renderText } from '../../bot/render/text.ts';
import { ask, type Asker } from '../../commands/run.ts';
import { createConversations } from '../../commands/understand/conversation.ts';
import type { Store } from '../../knowledge/store.ts';
import { openProjectStore } from '../support/answers.ts';

const Expect = z.object({
  value: z.number().optional(), tol: z.number().optional(), alt: z.array(z.number()).optional(),
  values: z.array(z.object({ value: z.number(), tol: z.number() })).optional(),
  pct: z.number().optional(), text: z.array(z.string()).optional(), refuse: z.boolean().optional(),
  ask_back: z.boolean().optional(), or_text: z.array(z.string()).optional(),
});
const Case = z.object({ id: z.string(), group: z.string(), question: z.string(), conversation: z.array(z.string()).optional(), expect: Expect });
type Case = z.infer<typeof Case>;

const cases = readFileSync(new URL('../fixtures/dev-questions.jsonl', import.meta.url), 'utf8').split('\n').filter((l) => l.trim()).map((l) => Case.parse(JSON.parse(l)));

// The scorer's reading of numbers, percentages, refusals and ask-backs (score.py), so both agree.
const SCALE: Record<string, number> = { thousand: 1e3, thousands: 1e3, k: 1e3, million: 1e6, millions: 1e6, m: 1e6, mm: 1e6, mn: 1e6, billion: 1e9, billions: 1e9, bn: 1e9, b: 1e9 };
const NUM = /(\d[\d,]*(?:\.\d+)?|\.\d+)\s*(thousands?|millions?|billions?|mm|mn|bn|[kmb])?(?![a-z])/gi;
const REFUSAL = /(not (available|reported|disclosed|found|in (the|any))|no (data|figure|value|information|record|match|release)|n't (find|have|know)|unavailable|unknown period|don.t have|isn.t (in|available|covered)|could not find|outside)/i;
const ASK_BACK = /(did you mean|which (one|of these|do you mean|did you mean)|could mean|more than one (reading|metric|match))/i;

function numbers(text: string): number[] {
  return [...text.matchAll(NUM)].flatMap((m) => {
    const v = Number((m[1] ?? '').replace(/,/g, ''));
    if (Number.isNaN(v)) return [];
    const unit = (m[2] ?? '').toLowerCase();
    return unit in SCALE ? [v * (SCALE[unit] as number)] : [v, v * 1e3, v * 1e6];
  });
}
const has = (text: string, want: number, tol: number, alt: number[] = []) => numbers(text).some((v) => [want, ...alt].some((w) => Math.abs(Math.abs(v) - Math.abs(w)) <= tol + 1e-9));
const head = (text: string) => text.split('\n').slice(0, 2).join('\n');

function right(e: Case['expect'], text: string, alternatives: boolean): boolean {
  if (e.value !== undefined) return has(text, e.value, e.tol ?? 0, e.alt);
  if (e.values) return e.values.every((w) => has(text, w.value, w.tol));
  if (e.pct !== undefined) return [...text.matchAll(/(\d+(?:\.\d+)?)\s*(?:%|percent)/gi)].some((m) => Math.abs(Number(m[1]) - (e.pct as number)) <= (e.tol ?? 0) + 1e-9);
  if (e.text) return e.text.every((s) => text.toLowerCase().includes(s.toLowerCase()));
  if (e.refuse) return REFUSAL.test(head(text));
  if (e.ask_back) return (e.or_text ?? []).length > 0 && (e.or_text ?? []).every((s) => text.toLowerCase().includes(s.toLowerCase())) || alternatives || ASK_BACK.test(text);
  return false;
}

type Verdict = 'right' | 'refused' | 'wrong';

/** The question of a case asked as written (its conversation first), judged. */
async function judge(store: Store, c: Case, question: string): Promise<Verdict> {
  const asker: Asker = { store, admin: true, ...(c.conversation ? { conversation: { store: createConversations(), key: c.id } } : {}) };
  for (const earlier of c.conversation ?? []) await ask(earlier, asker);
  const { answer } = await ask(question, asker);
  const text = renderText(answer, Infinity);
  const alternatives = (answer.alternatives ?? []).length > 0;
  return right(c.expect, text, alternatives) ? 'right' : REFUSAL.test(head(text)) || alternatives || ASK_BACK.test(head(text)) ? 'refused' : 'wrong';
}

/** The same questions as people also type them: greeted, thanked, shouted, wrapped in a request, unpunctuated, mistyped, the company named. */
const WRITTEN_OTHERWISE: ReadonlyArray<readonly [string, (q: string) => string]> = [
  ['greeted', (q) => `hey bot, ${q.charAt(0).toLowerCase()}${q.slice(1)}`],
  ['thanked', (q) => `${q.replace(/[?. ]+$/, '')}?? thx`],
  ['shouted', (q) => q.toUpperCase()],
  ['requested', (q) => `I'd like to know ${q.charAt(0).toLowerCase()}${q.slice(1)}`],
  ['typed without apostrophes or commas', (q) => q.replace(/[?!,'’]/g, '')],
  ['typed with two letters of its longest word swapped', swapInLongestWord],
  ['led by the ticker', (q) => `IFOX ${q}`],
  ['with the company named at the end', (q) => `${q.replace(/[?. ]+$/, '')} for Infocrossing?`],
  ['after a dash', (q) => `quick question - ${q}`],
  ['asked to be looked up', (q) => `Could you look up ${q.charAt(0).toLowerCase()}${q.slice(1)}`],
  ['typed with two spaces between words', (q) => q.replace(/ /g, '  ')],
  ['attributed to the releases', (q) => `According to the releases, ${q.charAt(0).toLowerCase()}${q.slice(1)}`],
  ['ended with "lol"', (q) => `${q.replace(/[?. ]+$/, '')} lol`],
  ['in title case', (q) => q.split(' ').map((w) => `${w.charAt(0).toUpperCase()}${w.slice(1)}`).join(' ')],
  ["with the years written '02 and '03", (q) => q.replace(/\b20(0[23])\b/g, "'$1")],
];

/** "quarter" typed "quatrer": the two letters in the middle of the question's longest word (of 7 or more) swapped. */
function swapInLongestWord(q: string): string {
  const longest = (q.match(/[A-Za-z]{7,}/g) ?? []).reduce((a, b) => (b.length > a.length ? b : a), '');
  if (!longest) return q;
  const i = Math.floor(longest.length / 2);
  return q.replace(longest, `${longest.slice(0, i)}${longest[i + 1] ?? ''}${longest[i] ?? ''}${longest.slice(i + 2)}`);
}

let store: Store;
const verdicts = new Map<string, Verdict>();
const otherwise = new Map<string, Map<string, Verdict>>();
beforeAll(async () => {
  store = await openProjectStore();
  for (const c of cases) verdicts.set(c.id, await judge(store, c, c.question));
  for (const [name, write] of WRITTEN_OTHERWISE) {
    const judged = new Map<string, Verdict>();
    for (const c of cases) judged.set(c.id, await judge(store, c, write(c.question)));
    otherwise.set(name, judged);
  }
});

describe('the 300 development questions', () => {
  it('are 300', () => expect(cases).toHaveLength(300));

  it.each(cases.map((c) => [c.id, c.question] as const))('%s %s is right or honestly refused, never a wrong figure', (id) => {
    expect(verdicts.get(id)).not.toBe('wrong');
  });

  it('at least 95% are right', () => {
    const rightCount = [...verdicts.values()].filter((v) => v === 'right').length;
    expect(rightCount / cases.length).toBeGreaterThanOrEqual(0.95);
  });

  it.each(WRITTEN_OTHERWISE.map(([name]) => name))('%s, each is answered as it is when asked plainly, and never with a wrong figure', (name) => {
    const judged = otherwise.get(name);
    const differ = cases.filter((c) => judged?.get(c.id) !== verdicts.get(c.id)).map((c) => `${c.id}: ${verdicts.get(c.id)} asked plainly, ${judged?.get(c.id)} ${name}`);
    expect(differ).toEqual([]);
  });
});
