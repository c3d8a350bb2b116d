/**
 * `/contact query:<text>`: people by name, role or organisation, with phone and email. The latest
 * release wins for a role; earlier holders are shown as such (investor relations changed hands).
 */
import { normaliseLabel } from '../knowledge/concepts.ts';
import type { ContactFact } from '../knowledge/facts.ts';
import { longDate } from '../knowledge/periods.ts';
import type { Snapshot } from '../knowledge/snapshot.ts';
import { answer, cite, type Answer } from './answer.ts';
import { clip } from './format.ts';
import { defineCommand, option } from './spec.ts';

const describe = (c: ContactFact) => [c.organisation, c.phone, c.email].filter(Boolean).join(' · ');

/** How people name the roles the contact block prints. */
const ROLE_WORDS: ReadonlyArray<readonly [RegExp, string]> = [
  [/\b(press|media|journalists?|pr)\b(?!\s+relations)/gi, 'media relations'],
  [/\b(ir|investors?|shareholders?|analysts?)\b(?!\s+relations)/gi, 'investor relations'],
  [/\bsenior vice[- ]president\b|\bsvp\b/gi, 'svp'],
  [/\b(cfo|finance chief|chief financial officer)\b/gi, 'svp finance'],
  [/\b(ceo|chief executive|chairman)\b/gi, 'chief executive officer'],
];
/** Words that ask for a contact without saying which. */
const ASKING = /\b(phone|telephone|number|e-?mail|address|contact|contacts|inquiries|enquiries|questions|handles?|person|people|reach|call|who|responsible|in charge)\b/gi;

/** The roles and names a question asks for, in the contact block's words. */
export function contactQuery(query: string): string {
  let q = query;
  for (const [re, role] of ROLE_WORDS) q = q.replace(re, ` ${role} `);
  return q.replace(ASKING, ' ').replace(/[^\w\s&'.-]|\b(is|the|a|of|for|what|whats)\b/gi, ' ').replace(/\s+/g, ' ').trim();
}

export function contactAnswer(query: string, snapshot: Snapshot): Answer {
  const all = snapshot.facts.filter((f): f is ContactFact => f.kind === 'contact');
  const q = contactQuery(query);
  const found = q ? snapshot.search.contacts.search(q, 20) : [];
  const best = found[0]?.coverage ?? 0;
  // Holders of the best-matching roles only: "media relations" is not half of "investor relations".
  const hits = q ? found.filter((h) => h.coverage >= Math.max(best, 0.5)).map((h) => h.item) : all;
  if (hits.length === 0) {
    const roles = [...new Set(all.map((c) => c.role))];
    return answer('not_found', 'No matching contact', `No contact in the releases matches "${clip(query, 80)}".`, {
      fields: [{ name: 'Roles listed', value: roles.join(', ') || 'none' }],
    });
  }
  // One entry per role: its latest holder, then the earlier holders by name.
  const roles = [...new Set(hits.map((h) => normaliseLabel(h.role)))].slice(0, 4);
  const fields = roles.map((role) => {
    const holders = all.filter((c) => normaliseLabel(c.role) === role).sort((a, b) => b.date.localeCompare(a.date));
    const latest = holders[0] as ContactFact;
    const earlier = [...new Map(holders.filter((h) => h.name !== latest.name).map((h) => [h.name, h])).values()];
    const past = earlier.map((h) => `Earlier: ${h.name} (${describe(h)}), in the release of ${longDate(h.date)}`);
    return {
      holders: [latest, ...earlier],
      field: { name: `${latest.role} — ${latest.name}`, value: clip([`${describe(latest)} — as of the release of ${longDate(latest.date)}`, ...past].join('\n'), 1000) },
    };
  });
  return answer('contacts', `Contacts — ${clip(query || 'all', 80)}`, fields.map((f) => f.field.name).join('; '), {
    fields: fields.map((f) => f.field),
    sources: fields.flatMap((f) => f.holders.map(cite)),
    facts: fields.flatMap((f) => f.holders),
  });
}

export const contact = defineCommand({
  name: 'contact',
  description: 'Who to contact: people by name, role or organisation',
  options: { query: option('text', 'A role, name or organisation, e.g. investor relations', true) },
  examples: ['/contact investor relations', '/contact media relations'],
  run: ({ query }, { snapshot }) => contactAnswer(query, snapshot),
});
