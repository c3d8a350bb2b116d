/** Content words of a question: what a sentence must share with it to be an answer. */
const STOP = new Set(
  ('a an the of in on at for to from by with and or is are was were be been being do does did done have has had ' +
    'what whats what\'s which who whom whose when where why how much many any some this that these those it its they them ' +
    'their there i me my we our you your he she his her can could would should will shall may might about tell show give ' +
    'me please company infocrossing ifox than then as per vs versus into over during s').split(/\s+/),
);

export function contentWords(text: string): string[] {
  return [...new Set(text.toLowerCase().replace(/[^a-z0-9$%.\s-]/g, ' ').split(/[\s-]+/).map((w) => w.replace(/^\.+|\.+$/g, '')).filter((w) => w.length > 1 && !STOP.has(w)))];
}

/** Does the text hold the word, allowing endings ("announced" for "announce", "years" for "year")? */
export function holdsWord(text: string, word: string): boolean {
  const stem = word.length > 5 ? word.slice(0, Math.max(5, word.length - 3)) : word;
  return new RegExp(`\\b${stem.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`, 'i').test(text);
}

/** Share of the query's content words the text holds. */
export function coverage(text: string, words: readonly string[]): number {
  if (words.length === 0) return 0;
  return words.filter((w) => holdsWord(text, w)).length / words.length;
}
