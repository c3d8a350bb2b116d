/** Whether a printed title or role names a role of the vocabulary ("Oracle CEO" is the chief executive officer, "Press contact" media relations). */
import { saysWords } from '../knowledge/concepts.ts';
import { CUES } from './understand/vocabulary.ts';

/**
 * True when `role` is a role the vocabulary knows and `title` says one of its phrases; false for any other role. A vice
 * of a role is not it: "Senior Vice President of Finance" is no president, a vice chairman no chairman.
 */
export function holdsRole(title: string, role: string): boolean {
  const unvice = title.replace(/\bvice[- ]+\w+/gi, ' ');
  return (CUES.roles[role] ?? []).some((phrase) => saysWords(/\bvice\b/i.test(phrase) ? title : unvice, phrase));
}

/** Whether `role` is one the vocabulary knows (and so names people by their titles). */
export const isKnownRole = (role: string): boolean => CUES.roles[role] !== undefined;

/** Whether a printed title or role names any role of the vocabulary ("Contact" alone names none). */
export const namesARole = (title: string): boolean => Object.keys(CUES.roles).some((role) => holdsRole(title, role));
