/**
 * A choice typed after "which one did you mean?" instead of picked from the menu: its number ("2",
 * "option 2", "the second one"), words only its label holds ("operating" after "margin"), or a figure
 * only its question asks ("cost of sales" after "costs as % of revenue"). The choice keeps everything
 * the question asked back had read (Apple, Q3 2004), which the words typed alone would lose. A reply
 * that says anything else is a question of its own: never a choice guessed.
 */
import type { Snapshot } from '../../knowledge/snapshot.ts';
import type { Choice } from './conversation.ts';
import { interpret } from './interpret.ts';
import type { Measure } from './question.ts';
import { tokenize } from './spot.ts';
import { CUES } from './vocabulary.ts';

export type Picked =
  /** The choice at `index` (from 0) of those offered. */
  | { kind: 'choice'; index: number }
  /** A number with no choice of its own ("5" of three): said so, the choices offered again. */
  | { kind: 'none'; said: number };

const CHOICE_WORDS = new Set(CUES.choice_words);
const ORDINALS = CUES.ordinals;

/** The number a word gives a choice: "2", "2nd", "second"; undefined for any other word. */
function numberOf(word: string): number | undefined {
  const figure = /^(\d{1,2})(?:st|nd|rd|th)?$/.exec(word);
  if (figure) return Number(figure[1]);
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
      return [m.numeratorFormula ?? m.numerator, m.denominatorFormula ?? m.denominator];
    case 'narrative':
      return [m.measure];
  }
}

/** The only index of `offered` that `holds`, else undefined. */
function only(offered: readonly Choice[], holds: (c: Choice) => boolean): number | undefined {
  const at = offered.flatMap((c, i) => (holds(c) ? [i] : []));
  return at.length === 1 ? at[0] : undefined;
}

export function typedPick(text: string, offered: readonly Choice[], snapshot: Snapshot): Picked | undefined {
  const words = tokenize(text).map((t) => t.word);
  const content = words.filter((w) => !CHOICE_WORDS.has(w));
  if (content.length === 0) return undefined;
  // A number or an ordinal alone among words of choosing.
  const said = content.length === 1 ? numberOf(content[0] ?? '') : undefined;
  if (said !== undefined) return said >= 1 && said <= offered.length ? { kind: 'choice', index: said - 1 } : { kind: 'none', said };
  // Words only one label holds.
  const byLabel = only(offered, (c) => {
    const label = new Set(tokenize(c.label).map((t) => t.word));
    return content.every((w) => label.has(w));
  });
  if (byLabel !== undefined) return { kind: 'choice', index: byLabel };
  // A figure alone, with no company or period of its own, that only one choice asks.
  const reading = interpret(text, snapshot);
  if (reading.kind !== 'question' || reading.question.intent !== 'figure' || reading.question.company || reading.question.periods.length > 0) return undefined;
  const asked = reading.question.measures.flatMap(named);
  const byFigure = only(offered, (c) => {
    const q = c.question;
    return q.intent === 'figure' && asked.every((n) => q.measures.some((m) => named(m).includes(n)));
  });
  return byFigure === undefined ? undefined : { kind: 'choice', index: byFigure };
}
