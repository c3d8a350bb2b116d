/**
 * `/contact query:<text>`: people by name, role or organisation, with phone and email. The latest
 * release wins for a role; earlier holders are shown as such (investor relations changed hands).
 */
import { normaliseLabel } from '../knowledge/concepts.ts';
import type { ContactFact } from '../knowledge/facts.ts';
import { longDate } from '../knowledge/periods.ts';
import type { Book } from '../knowledge/snapshot.ts';
import { answer, cite, type Answer } from './answer.ts';
import { defineCommand, option } from './spec.ts';
import { releaseOf } from './releases.ts';
import { holdsRole, isKnownRole, namesARole } from './roles.ts';
import type { ContactField, Question } from './understand/question.ts';
import { spot } from './understand/spot.ts';
import { CUES } from './understand/vocabulary.ts';

const describe = (c: ContactFact) => [c.organisation, c.phone, c.email].filter(Boolean).join(' · ');

export function contactAnswer(question: Extract<Question, { intent: 'contact' }>, book: Book): Answer {
  const release = question.release ? releaseOf(book, question.release) : undefined;
  const all = book.ofKind('contact').filter((f) => !release || f.release === release.release);
  const query = [question.role, question.person].filter(Boolean).join(' ');
  const q = query;
  const role = question.role;
  // A role the vocabulary knows is found by the words a release prints for it ("Press contact",
  // "Oracle Corporate Communications" for media relations), never by a word it shares with another
  // ("relations": media relations is not half of investor relations).
  const byRole = role && isKnownRole(role) && !question.person ? all.filter((c) => holdsRole(c.role, role)) : undefined;
  // A person asked for is found by every word of their name: "Steve Jobs" is never Steve Dowling.
  const person = question.person ? normaliseLabel(question.person) : undefined;
  const byName = person ? all.filter((c) => namedAs(c.name, person)) : undefined;
  if (person && byName?.length === 0) return notAContact(question.person as string, book, release?.release);
  const found = q && !byRole && !byName ? book.search.contacts.search(q, 20).filter((h) => all.includes(h.item)) : [];
  const best = found[0]?.coverage ?? 0;
  // Otherwise the holders of the best-matching roles or names only.
  const hits = byRole ?? byName ?? (q ? found.filter((h) => h.coverage >= Math.max(best, 0.5)).map((h) => h.item) : all);
  if (hits.length === 0 && byRole && role) {
    const quoted = quotedHolders(role, book, release?.release);
    if (quoted) return quoted;
  }
  // Contacts printed with no role ("Contact: PETER THONIS"): which of them handles investor or media relations the
  // releases do not say, so each is shown, and that said (an officer, "the CFO", is no contact's role).
  if (hits.length === 0 && byRole && role && !CUES.speaking_roles.includes(role) && all.length > 0 && !all.some((c) => namesARole(c.role))) {
    const people = [...new Map(all.map((c) => [c.name, c])).values()];
    return answer('contacts', `Contacts — ${role}`, `The releases name their contacts without a role, so which of them handles ${role} they do not say. The contacts they list: ${people.map((c) => c.name).join('; ')}.`, {
      fields: people.map((c) => ({ name: `${c.role} — ${c.name}`, value: `${describe(c)} — as of the release of ${longDate(c.date)}` })),
      sources: people.map(cite),
      facts: people,
    });
  }
  if (hits.length === 0) {
    const roles = [...new Set(all.map((c) => c.role))];
    return answer('not_found', 'No matching contact', `Not in the releases: no contact matches "${query}".`, {
      fields: [{ name: 'Roles listed', value: roles.join(', ') || 'none' }],
    });
  }
  // One entry per role: its latest holder, then the earlier holders by name.
  const roles = [...new Set(hits.map((h) => normaliseLabel(h.role)))].slice(0, 4);
  const fields = roles.map((role) => {
    const holders = all.filter((c) => normaliseLabel(c.role) === role).sort((a, b) => b.date.localeCompare(a.date));
    const latest = holders[0] as ContactFact;
    // Others the latest release names for the role hold it too (Apple's two investor relations contacts); earlier ones held it before.
    const others = [...new Map(holders.filter((h) => h.name !== latest.name).map((h) => [h.name, h])).values()];
    const more = others.map((h) => (h.date === latest.date ? `Also: ${h.name} (${describe(h)})` : `Earlier: ${h.name} (${describe(h)}), in the release of ${longDate(h.date)}`));
    return {
      holders: [latest, ...others],
      field: { name: `${latest.role} — ${latest.name}`, value: [`${describe(latest)} — as of the release of ${longDate(latest.date)}`, ...more].join('\n') },
    };
  });
  // The people asked for, when one was ("Don Duffy's phone"; each John for "John's phone"), else the first role's latest holder.
  // Each person once, as their latest release prints them (a later entry of the map replaces an earlier one).
  const asked = byName ? [...new Map([...byName].sort((a, b) => a.date.localeCompare(b.date)).map((c) => [c.name, c])).values()] : fields[0] ? [fields[0].holders[0] as ContactFact] : [];
  const { field } = question;
  const lead = field && asked.length > 0
    ? asked.map((c) => `${c.name}: ${fieldOf(c, field)}${titleQuoted(c, field, book)}`).join('; ')
    // "Who is Don Duffy?": Don Duffy first, not the role's latest holder.
    : byName ? asked.map((c) => `${c.name}: ${c.role}, ${describe(c)} — as of the release of ${longDate(c.date)}`).join('; ') : fields.map((f) => f.field.name).join('; ');
  return answer('contacts', `Contacts — ${query || 'all'}`, lead, {
    fields: fields.map((f) => f.field),
    sources: fields.flatMap((f) => f.holders.map(cite)),
    facts: fields.flatMap((f) => f.holders),
  });
}

/** Whether a contact's name has every word of the name asked ("meyers", "john meyers"). */
function namedAs(name: string, asked: string): boolean {
  const words = new Set(normaliseLabel(name).split(' '));
  return asked.split(' ').every((w) => words.has(w));
}

/** A title is printed beside the quotes too ("Chairman and Chief Executive Officer"), often fuller. */
function titleQuoted(c: ContactFact, field: ContactField, book: Book): string {
  const quoted = field === 'title' ? book.ofKind('quote').find((f) => f.speaker === c.name && f.speakerTitle) : undefined;
  return quoted ? `; quoted as ${quoted.speakerTitle}` : '';
}

/** Someone asked for by name who is no contact: quoted (with no phone or email printed for them), or not named at all. */
function notAContact(person: string, book: Book, release: string | undefined): Answer {
  const wanted = normaliseLabel(person);
  const quotes = book.ofKind('quote').filter((q) => namedAs(q.speaker, wanted) && (!release || q.release === release));
  const contacts = [...new Set(book.ofKind('contact').map((c) => `${c.role}: ${c.name}`))];
  const fields = [{ name: 'Contacts listed', value: contacts.join('\n') || 'none' }];
  if (quotes.length > 0) {
    const speakers = [...new Set(quotes.map((q) => (q.speakerTitle ? `${q.speaker}, ${q.speakerTitle}` : q.speaker)))];
    return answer('not_found', `Contacts — ${person}`, `The releases quote ${speakers.join('; ')}, but print no phone or email for them: the contacts they list are below.`, {
      fields, sources: quotes.slice(0, 3).map(cite), facts: quotes.slice(0, 3),
    });
  }
  return answer('not_found', 'No matching contact', `Not in the releases: they name no one called ${person}.`, { fields });
}

/**
 * A role no contact holds, held by someone the releases quote ("said Oracle President and CFO Safra
 * Catz"): who, as quoted, with no phone or email (none is printed for them).
 */
function quotedHolders(role: string, book: Book, release: string | undefined): Answer | undefined {
  const quotes = book.ofKind('quote').filter((q) => q.speakerTitle && holdsRole(q.speakerTitle, role) && (!release || q.release === release));
  const latest = [...new Map(quotes.sort((a, b) => a.date.localeCompare(b.date)).map((q) => [q.speaker, q])).values()];
  if (latest.length === 0) return undefined;
  const contacts = [...new Set(book.ofKind('contact').map((c) => c.role))];
  return answer('contacts', `Contacts — ${role}`, latest.map((q) => `${q.speaker}, ${q.speakerTitle ?? ''}`).join('; '), {
    fields: latest.map((q) => ({ name: `${q.speakerTitle ?? ''} — ${q.speaker}`, value: `Quoted in the release of ${longDate(q.date)}; it prints no phone or email for them.` })),
    notes: [contacts.length > 0 ? `The releases' contacts: ${contacts.join(', ')}.` : 'The releases print no contacts.'],
    sources: latest.map(cite),
    facts: latest,
  });
}

function fieldOf(c: ContactFact, field: ContactField): string {
  switch (field) {
    case 'phone': return `phone ${c.phone}`;
    case 'email': return c.email ? `email ${c.email}` : 'no email address is printed';
    case 'organisation': return c.organisation;
    case 'title': return `${c.role}, ${c.organisation}`;
  }
}

/** "What's the phone number?": whose? Every contact is listed, to choose from. */
export function contactChoices(question: Extract<Question, { intent: 'contact' }>, book: Book): Answer {
  // Each role's holders in the latest release that names it: both of Verizon's two "Contact:" people, not the last read.
  const contacts = book.ofKind('contact');
  const latestOf = new Map<string, string>();
  for (const c of contacts) if ((latestOf.get(c.role) ?? '') < c.date) latestOf.set(c.role, c.date);
  const list = [...new Map(contacts.filter((c) => c.date === latestOf.get(c.role)).map((c) => [`${c.role}|${c.name}`, c])).values()];
  const field = question.field ?? 'phone';
  return answer('clarify', 'Which contact?', `Whose ${field === 'email' ? 'email address' : 'number'} did you mean? The releases list:\n${list.map((c) => `• ${c.role}, ${c.name}: ${fieldOf(c, field)}`).join('\n')}`, {
    sources: list.map(cite),
    facts: list,
  });
}

export const contact = defineCommand({
  name: 'contact',
  scoped: true,
  description: 'Who to contact: people by name, role or organisation',
  // No words: every contact.
  options: { query: option('text', 'A role, name or organisation, e.g. investor relations (none: every contact)', false) },
  examples: ['/contact investor relations', '/contact media relations'],
  read: ({ query }, snapshot) => {
    if (!query) return { kind: 'question', question: { intent: 'contact' } };
    const { spans } = spot(query, snapshot);
    const roles = spans.flatMap((sp) => (sp.value.kind === 'role' ? [sp.value.role] : []));
    // A person named is looked up by name, never searched among the roles ("Steve Jobs" found Apple's press contact, Steve Dowling).
    const person = spans.flatMap((sp) => (sp.value.kind === 'person' ? [sp.value.name] : []))[0];
    if (person) return { kind: 'question', question: { intent: 'contact', person, ...(roles.length > 0 ? { role: roles.join(' ') } : {}) } };
    return { kind: 'question', question: { intent: 'contact', role: roles.join(' ') || query } };
  },
});
