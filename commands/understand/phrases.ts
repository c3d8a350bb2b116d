import { escapeRegExp } from '../../knowledge/text.ts';

/** Vocabulary phrases as one regular-expression alternation: each escaped, its spaces any run of space, longest first (so "more than" wins over "more"). */
const phrasePattern = (phrase: string) => phrase.split(/\s+/).map(escapeRegExp).join('\\s+');

export const longestFirst = (phrases: readonly string[]): string => [...phrases].sort((a, b) => b.length - a.length).map(phrasePattern).join('|');

/** Any of the phrases said as whole words. */
export const wordsPattern = (phrases: readonly string[]): RegExp => new RegExp(`\\b(?:${longestFirst(phrases)})\\b`, 'i');
