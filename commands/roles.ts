/** Whether a printed title or role names a role of the vocabulary ("Oracle CEO" is the chief executive officer, "Press contact" media relations). */
import { saysWords } from '../knowledge/concepts.ts';
import { CUES } from './understand/vocabulary.ts';

/** True when `role` is a role the vocabulary knows and `title` says one of its phrases; false for any other role. */
export function holdsRole(title: string, role: string): boolean {
  return (CUES.roles[role] ?? []).some((phrase) => saysWords(title, phrase));
}

/** Whether `role` is one the vocabulary knows (and so names people by their titles). */
export const isKnownRole = (role: string): boolean => CUES.roles[role] !== undefined;

/** Whether a printed title or role names any role of the vocabulary ("Contact" alone names none). */
export const namesARole = (title: string): boolean => Object.keys(CUES.roles).some((role) => holdsRole(title, role));
