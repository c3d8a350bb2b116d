/**
 * Words of questions and sentences, compared by stem: "announced" meets "announce", "credits" meets
 * "credit". Small words that select rather than describe ("what", "the", "company") are dropped.
 */
const STOP = new Set(
  ('a an the of in on at for to from by with and or is are was were be been being do does did done have has had ' +
    'what whats which who whom whose when where why how much many any some this that these those it its they them ' +
    'their there i me my we our you your he she his her can could would should will shall may might about tell show give ' +
    'please company than then as per vs versus into over during s').split(/\s+/),
);

/**
 * A word's stem for matching: its first five letters ("operations", "operating" → "opera";
 * "announced", "announcement" → "annou"), or a short word without its plural "s" or past "d"
 * ("sized" → "size"). A past or "-ing" that doubles the word's last letter is the word
 * ("shipped", "shipping" → "ship"; "planned" → "plan").
 */
/** A past or "-ing" after a doubled last letter ("shipped", "planning"): the word and its letter. */
const DOUBLED = /^([a-z]{2,}?)([bdgmnprt])\2(?:ed|ing)$/;

export function stem(word: string): string {
  const lower = word.toLowerCase();
  // Asked of every word of every release: the pattern only where the ending is there to undo.
  const doubled = (lower.endsWith('ed') || lower.endsWith('ing')) && DOUBLED.exec(lower);
  const w = doubled ? `${doubled[1]}${doubled[2]}` : lower;
  if (w.length > 5) return w.slice(0, 5);
  if (w.length === 5 && w.endsWith('ed')) return w.slice(0, -1);
  return w.length > 3 && w.endsWith('s') ? w.slice(0, -1) : w;
}

/** The describing words of a text, in order, once each. */
export function contentWords(text: string): string[] {
  const words = text.toLowerCase().match(/[a-z0-9$%]+(?:\.\d+)?/g) ?? [];
  return [...new Set(words.filter((w) => w.length > 1 && !STOP.has(w)))];
}

/** Text matched as it is in a regular expression: its special characters escaped. */
/** The text with its first letter a capital: a sentence's start, a month's name. */
export const capitalized = (text: string): string => text.charAt(0).toUpperCase() + text.slice(1);

export const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
