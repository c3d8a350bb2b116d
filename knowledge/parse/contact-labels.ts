/**
 * Contacts after a "… contact(s):" label, wherever the release prints them (at its top, or at its
 * end): the people on the label's line and on the lines below it, in the label's column, each a
 * name with a phone number, and what is printed with it (a title, the organisation, an email).
 *
 *   Press Contact:  John Meyers / (212) 270-7454                      (Chemical Banking)
 *   Contact:  Thomas B. Heacock, Chief Financial Officer / The Buckle, Inc. / (308) 236-8491
 *   Investor Relations Contacts: / Nancy Paxton / Apple / (408) 974-5420 / paxton1@apple.com / …
 *   Caterpillar investor relations contact: Ryan Fiedler, +1 224-551-4074 or Fiedler_Ryan_S@cat.com
 *   /CONTACT:  News Media Contact, Edgar P. McDougal, +1-847-286-9669, or Investor Contact, …
 *   CONTACTS: (in the right-hand column) / PETER THONIS / 212-395-2355 / peter.thonis@verizon.com
 */
import type { ContactFact, Unstamped } from '../facts.ts';
import { EMAIL, PHONE } from './contact-patterns.ts';
import { isBlank, segments, type SourceLine } from './lines.ts';

/** A label ending a cell: what precedes "contact(s):" is the role's words ("Press", "Caterpillar investor relations"). */
const LABEL = /^\/?\s*((?:[A-Za-z&]+\s+){0,4}?)contacts?:\s*(.*)$/i;
const HAS_LABEL = /contacts?:/i;
/** A person's name as printed: two to four words, each capitalised or an initial ("Thomas B. Heacock", "PETER THONIS"). */
const NAME_WORD = String.raw`(?:[A-Z](?:[a-z'’-]+(?:[A-Z][a-z'’-]+)?|[A-Z'’-]+)|[A-Z]\.)`;
const NAME = new RegExp(String.raw`^${NAME_WORD}(?:\s+${NAME_WORD}){1,3}$`);
/** Words of a title or a role ("Chief Financial Officer", "News Media Contact"), never of an organisation. */
const ROLE_WORD = /\b(?:contact|officer|relations|president|director|manager|communications|media|press|spokes(?:man|woman|person)|treasurer|finance|chief|vice|head)\b/i;
const ORGANISATION_SUFFIX = /^(?:inc|corp|co|llc|ltd|l\.?p|plc)\.?\/?$/i;
/** What joins two people or closes the list ("or", "both of Sears, Roebuck and Co."): no one's detail. */
const JOINER = /^(?:or|and|both of\b.*)$/i;
/** Lines read below a label at most: a contact block is short. */
const MAX_LINES = 16;

type Item = { kind: 'name' | 'role' | 'phone' | 'email' | 'organisation'; text: string; line: SourceLine };

/** The pieces of a cell: split at commas, "or" and wide gaps, an organisation's "Inc." kept with its name. */
function itemsOf(text: string, line: SourceLine): Item[] {
  const pieces: string[] = [];
  // "(212)  270-7454": a gap inside a phone number is not between two pieces.
  for (const piece of text.replace(/\((\d{3})\)\s+/g, '($1) ').split(/,\s+|\s+or\s+|\s{2,}/)) {
    const clean = piece.trim().replace(/\/$/, '').trim();
    if (!clean) continue;
    if (ORGANISATION_SUFFIX.test(clean) && pieces.length > 0) pieces[pieces.length - 1] += `, ${clean}`;
    else pieces.push(clean);
  }
  return pieces.filter((p) => !JOINER.test(p)).map((p) => p.replace(/\s+/g, ' ')).map((text) => ({ kind: kindOf(text), text, line }));
}

/** What a piece is, its spaces already single. */
function kindOf(piece: string): Item['kind'] {
  if (PHONE.test(piece)) return 'phone';
  if (EMAIL.test(piece)) return 'email';
  if (ROLE_WORD.test(piece) && !/,\s*\w+\.?$/.test(piece)) return 'role';
  return NAME.test(piece) ? 'name' : 'organisation';
}

/** The cell of `line` in the label's column: the whole line when the label starts it. */
function cellAt(line: SourceLine, column: number): string {
  if (column === 0) return line.text.trim();
  return segments(line.text).filter((s) => s.start >= column - 2).map((s) => s.text).join('  ');
}

/** The person being read: each of their details as printed, and the lines they were printed on. */
interface Draft {
  details: Partial<Record<Item['kind'], string>>;
  lines: SourceLine[];
}

/**
 * The people after one label: a role before a name is that person's ("Investor Contact, Scott A.
 * Bohaboy"), one after it too ("Thomas B. Heacock, Chief Financial Officer"); the label's words are
 * the role of a person printed with none. A person is complete with a phone number; what follows
 * it before the next name (other than an email) is about the group, not the person.
 */
function peopleOf(items: readonly Item[], labelRole: string | undefined, release: string, date: string): Array<Unstamped<ContactFact>> {
  const out: Array<Unstamped<ContactFact>> = [];
  let draft: Draft = { details: {}, lines: [] };
  const flush = () => {
    const { name, phone, role: printedRole, organisation, email } = draft.details;
    if (name && phone) {
      const printed = draft.lines.map((l) => l.no);
      const role = printedRole ?? labelRole ?? 'Contact';
      out.push({
        kind: 'contact', role, name, organisation: organisation ?? '', phone, ...(email ? { email } : {}),
        date, release, line: Math.min(...printed), lineEnd: Math.max(...printed),
        text: [role, name, organisation, phone, email].filter(Boolean).join(' | '),
      });
    }
    draft = { details: {}, lines: [] };
  };
  for (const item of items) {
    if ((item.kind === 'name' || (item.kind === 'role' && draft.details.phone)) && draft.details.name) flush();
    if (take(draft, item)) draft.lines.push(item.line);
  }
  flush();
  return out;
}

/**
 * Puts `item` in the person being read, when it is that person's: one of each detail; a phone, an
 * email or an organisation only after a name, and an organisation only before the phone.
 */
function take(draft: Draft, item: Item): boolean {
  const { details } = draft;
  if (details[item.kind] !== undefined) return false;
  if ((item.kind === 'phone' || item.kind === 'email' || item.kind === 'organisation') && !details.name) return false;
  if (item.kind === 'organisation' && details.phone) return false;
  details[item.kind] = item.text;
  return true;
}

/** The role a label names: its words and "contact" ("Press contact"); none for a bare "Contacts:". */
const labelRole = (words: string): string | undefined => (words.trim() ? `${words.trim()} contact` : undefined);

/** Every person printed after a "… contact(s):" label in `lines`. */
export function labelledContacts(release: string, date: string, lines: readonly SourceLine[]): Array<Unstamped<ContactFact>> {
  const out: Array<Unstamped<ContactFact>> = [];
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] as SourceLine;
    // Most lines hold no label: one scan of the line before cutting it into cells.
    if (!HAS_LABEL.test(line.text)) continue;
    const cells = segments(line.text);
    // The label and what follows it on its line (the rest of its cell and any cell after it).
    const at = cells.find((c) => LABEL.test(c.text));
    const label = at && LABEL.exec(line.text.slice(at.start));
    if (!at || !label) continue;
    const column = at === cells[0] ? 0 : at.start;
    const items = itemsOf(label[2] ?? '', line);
    // Below the label, in its column, until a blank line follows a complete person and the next line names no one.
    let blank = false;
    for (const below of lines.slice(i + 1, i + 1 + MAX_LINES)) {
      if (isBlank(below) || !cellAt(below, column)) {
        blank = true;
        continue;
      }
      const cell = cellAt(below, column);
      if (LABEL.test(cell)) break;
      const next = itemsOf(cell, below);
      const done = items.some((it) => it.kind === 'phone');
      if (blank && done && !['name', 'role'].includes(next[0]?.kind ?? '')) break;
      if (next.every((it) => it.kind === 'organisation') && cell.length > 60) break;
      items.push(...next);
      blank = false;
    }
    out.push(...peopleOf(items, labelRole(label[1] ?? ''), release, date));
  }
  return out;
}
