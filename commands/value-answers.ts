/**
 * Answers made of values (commands/measures.ts): the reading said first, "not in the releases", and
 * each value's field, sources and facts, shared by the figure, comparison and ranking answers.
 */
import type { Fact } from '../knowledge/facts.ts';
import { shortPeriod } from '../knowledge/periods.ts';
import { answer, cite, uniqueCitations, type Answer, type Citation } from './answer.ts';
import { figureSources } from './figures.ts';
import type { Value } from './measures.ts';
import { describeQuestion, measureLabel } from './understand/describe.ts';
import type { Measure, Question } from './understand/question.ts';

export const READ_AS = 'Read as: ';
export const readAs = (q: Question) => `${READ_AS}${describeQuestion(q)}.`;
export const withReading = (a: Answer, q: Question): Answer => ({ ...a, notes: [readAs(q), ...a.notes] });

/** "not in the releases": the first words say so, the rest what there is. */
export function notAvailable(title: string, reason: string, q: Question, rest: Partial<Answer> = {}): Answer {
  const where = q.intent === 'figure' && q.release ? 'not in that release' : 'not in the releases';
  return withReading(answer('not_found', `${title}: ${where}`, `${reason.replace(/\.$/, '')}.`, rest), q);
}

/** The line a value shows: the one printed, where the line asked is printed as another of its family ("EPS" printed as basic and diluted apart: the diluted). */
export function shownMeasure(v: Value): Measure {
  const [only, ...more] = v.figures;
  return v.measure.kind === 'concept' && only && more.length === 0 && only.concept !== v.measure.concept ? { kind: 'concept', concept: only.concept } : v.measure;
}

export function valueFields(v: Value): Array<{ name: string; value: string }> {
  return [{ name: `${measureLabel(shownMeasure(v))}, ${shortPeriod(v.period)}`, value: `${v.text}${v.formula ? ` (computed: ${v.formula})` : ''}` }];
}

export function valueSources(v: Value): Citation[] {
  return uniqueCitations([...v.figures.flatMap(figureSources), ...v.sentences.map(cite)]);
}

export function valueFacts(v: Value): Fact[] {
  return [...v.figures.map((f) => f.fact), ...v.sentences];
}
