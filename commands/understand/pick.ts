/**
 * A choice typed after "which one did you mean?" instead of picked from the menu: its number ("2",
 * "option 2", "the second one", "the last one"), "yes" to the one choice offered, or a figure only its
 * question asks ("cost of sales" after "costs as % of revenue", "net margin" after "which margin?"). The
 * choice keeps everything the question asked back had read (Apple, Q3 2004), which the words typed alone
 * would lose. A reply that says anything else is a question of its own: never a choice guessed from a word
 * its label happens to hold ("revenues" is no pick of "Cost of revenues", "and" none of "Sears, Roebuck
 * and Co.").
 */
import type { Snapshot } from '../../knowledge/snapshot.ts';
import type { Choice } from './conversation.ts';
import { interpret } from './interpret.ts';
import type { Measure, Question } from './question.ts';
import { tokenize } from './spot.ts';
import { CUES, ratioSides } from './vocabulary.ts';

export type Picked =
  /** The choice at `index` (from 0) of those offered. */
  | { kind: 'choice'; index: number }
  /** A number with no choice of its own ("5" of three): said so, the choices offered again. */
  | { kind: 'none'; said: number };

const CHOICE_WORDS = new Set(CUES.choice_words);
const ORDINALS = CUES.ordinals;
const LAST = new Set(CUES.choice_last);
const YES = new Set(CUES.choice_yes);

/** The number a word gives a choice of `count`: "2", "2nd", "second", "last"; undefined for any other word. */
function numberOf(word: string, count: number): number | undefined {
  const figure = /^(\d{1,2})(?:st|nd|rd|th)?$/.exec(word);
  if (figure) return Number(figure[1]);
  if (LAST.has(word)) return count;
  const at = ORDINALS.indexOf(word);
  return at >= 0 ? at + 1 : undefined;
}

/** What a measure names: a ratio's sides as said (total costs, not the line standing in for them). */
function named(m: Measure): string[] {
  switch (m.kind) {
    case 'concept':
      return [m.concept];
    case 'formula':
      return [m.formula];
    case 'sum':
      return [...m.parts];
    case 'ratio':
      return ratioSides(m).flatMap(named);
    case 'narrative':
      return [m.measure];
  }
}

/** What a choice's question names, whatever it asks of it (a figure, a ranking, a trend). */
const namedBy = (q: Question): string[] => ('measures' in q ? q.measures.flatMap(named) : []);

export function typedPick(text: string, offered: readonly Choice[], snapshot: Snapshot): Picked | undefined {
  const words = tokenize(text).map((t) => t.word);
  const content = words.filter((w) => !CHOICE_WORDS.has(w) && !YES.has(w));
  // Numbers and "yes" count the choices offered, which come first.
  const shown = offered.filter((c) => c.shown !== false).length;
  if (content.length === 0) return shown === 1 && words.some((w) => YES.has(w)) ? { kind: 'choice', index: 0 } : undefined;
  // A number or an ordinal alone among words of choosing.
  const said = content.length === 1 && shown > 0 ? numberOf(content[0] ?? '', shown) : undefined;
  if (said !== undefined) return said >= 1 && said <= shown ? { kind: 'choice', index: said - 1 } : { kind: 'none', said };
  // A figure alone, with no company or period of its own, that one choice names and no other.
  const reading = interpret(text, snapshot);
  if (reading.kind !== 'question' || reading.question.intent !== 'figure' || reading.question.company || reading.question.periods.length > 0) return undefined;
  const asked = reading.question.measures.flatMap(named);
  const holding = offered.flatMap((c, i) => (asked.every((n) => namedBy(c.question).includes(n)) ? [i] : []));
  return holding.length === 1 && holding[0] !== undefined ? { kind: 'choice', index: holding[0] } : undefined;
}
