/**
 * Metrics listed with their last words said once, as people list them ("gross and operating margins", "current and
 * long-term liabilities", "operating and net income"): each written out whole before the question is read ("gross
 * margins and operating margins"). Only where each first word with the words shared is a metric's phrase and none is
 * one alone ("revenue and operating income" lists two metrics already), and the words together are no phrase of their
 * own ("sales and marketing expenses" is a line).
 */
import { METRICS } from './vocabulary.ts';

const PHRASES: ReadonlySet<string> = new Set([...Object.values(METRICS.concepts).flat(), ...METRICS.formulas.flatMap((f) => f.phrases)].map((p) => p.toLowerCase()));

/** The words as the vocabulary writes its phrases: lower case, a hyphen a space ("long-term"). */
const plain = (words: string) => words.toLowerCase().replace(/[\s-]+/g, ' ');

/** A metric's phrase, or its plural ("margins"). */
const known = (words: string): boolean => {
  const phrase = plain(words);
  return PHRASES.has(phrase) || (phrase.endsWith('s') && PHRASES.has(phrase.slice(0, -1)));
};

const WORD = String.raw`[a-z][\w&'-]*`;
/** First words, by commas then "and" or "&", then up to two words they share. */
const LIST = new RegExp(String.raw`\b((?:${WORD},\s*)*${WORD}),?\s+(?:and|&)\s+(${WORD})\s+(${WORD}(?:\s+${WORD})?)\b`, 'gi');

export function sharedHeadsWrittenOut(text: string): string {
  return text.replace(LIST, (said: string, listed: string, last: string, shared: string) => {
    const firsts = listed.split(/,\s*/);
    const [head, rest] = known(`${last} ${shared}`) ? [shared, ''] : [shared.split(/\s+/)[0] ?? '', shared.split(/\s+/).slice(1).join(' ')];
    if (!known(`${last} ${head}`) || known(said)) return said;
    // The first words from the first that, with the words shared, are each a metric: those before stay as said
    // ("revenue, gross and operating margins").
    let from = firsts.length;
    while (from > 0 && known(`${firsts[from - 1]} ${head}`) && !known(firsts[from - 1] ?? '')) from--;
    if (from === firsts.length) return said;
    const kept = firsts.slice(0, from).map((w) => `${w}, `).join('');
    // Each as the vocabulary says it: "net margins" may be known as "net margin" alone.
    const whole = [...firsts.slice(from), last].map((w) => (PHRASES.has(plain(`${w} ${head}`)) ? `${w} ${head}` : `${w} ${head.replace(/s$/i, '')}`));
    return `${kept}${whole.slice(0, -1).join(', ')} and ${whole.at(-1) ?? ''}${rest ? ` ${rest}` : ''}`;
  });
}
