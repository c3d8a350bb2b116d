/**
 * Words of questions and sentences, compared by stem: "announced" meets "announce", "credits" meets
 * "credit". Small words that select rather than describe ("what", "the", "company") are dropped.
 */
const STOP = new Set(
  ('a an the of in on at for to from by with and or is are was were be been being do does did done have has had ' +
    'what whats which who whom whose when where why how much many any some this that these those it its they them ' +
    'their there i me my we our you your he she his her can could would should will shall may might about tell show give ' +
    'please company infocrossing ifox than then as per vs versus into over during s').split(/\s+/),
);

/** "operations" → "operat", "announced" → "announc": enough to match a word's forms. */
export function stem(word: string): string {
  const w = word.toLowerCase();
  for (const ending of ['ations', 'ation', 'ings', 'ing', 'edly', 'ed', 'es', 's', 'ly']) {
    if (w.endsWith(ending) && w.length - ending.length >= 4) return w.slice(0, -ending.length);
  }
  return w;
}

/** The describing words of a text, in order, once each. */
export function contentWords(text: string): string[] {
  const words = text.toLowerCase().match(/[a-z0-9$%]+(?:\.\d+)?/g) ?? [];
  return [...new Set(words.filter((w) => w.length > 1 && !STOP.has(w)))];
}
