/**
 * The contact block at the top of a release: groups of role / name / organisation / phone / email,
 * printed in two columns side by side.
 */
import type { Unstamped, ContactFact } from '../facts.ts';
import { labelledContacts } from './contact-labels.ts';
import { EMAIL, PHONE } from './contact-patterns.ts';
import { isBlank, segments, type SourceLine } from './lines.ts';

interface Cell {
  text: string;
  line: SourceLine;
}

/**
 * Splits a group of lines into its columns: a line with a cell for every column in order, else by
 * where the first line's columns start (tab-separated columns start wherever the tab stop falls).
 */
function columnsOf(group: SourceLine[]): Cell[][] {
  const starts = segments(group[0]?.text ?? '').map((s) => s.start);
  const columns: Cell[][] = starts.map(() => []);
  for (const line of group) {
    const cells = segments(line.text);
    if (cells.length === starts.length) {
      cells.forEach((seg, i) => columns[i]?.push({ text: seg.text, line }));
      continue;
    }
    for (const seg of cells) {
      let index = 0;
      starts.forEach((start, i) => {
        if (seg.start >= start - 2) index = i;
      });
      columns[index]?.push({ text: seg.text, line });
    }
  }
  return columns;
}

function toContact(release: string, date: string, cells: Cell[]): Unstamped<ContactFact> | undefined {
  const phone = cells.find((c) => PHONE.test(c.text));
  const email = cells.find((c) => EMAIL.test(c.text));
  const words = cells.filter((c) => c !== phone && c !== email);
  const [role, name, organisation] = words;
  if (!role || !name || !phone) return undefined;
  const printed = cells.map((c) => c.line.no);
  return {
    kind: 'contact',
    role: role.text,
    name: name.text,
    organisation: organisation?.text ?? '',
    phone: phone.text,
    ...(email ? { email: email.text } : {}),
    date,
    release,
    line: printed.reduce((a, b) => Math.min(a, b)),
    lineEnd: printed.reduce((a, b) => Math.max(a, b)),
    text: cells.map((c) => c.text).join(' | '),
  };
}

/**
 * The contacts of a release: a block at its top (`lines` before `start`, where the release proper
 * starts), else people after a "… contact:" label anywhere in it. Returns them and the number of
 * the last line of the top's block, above which no headline is looked for.
 */
export function parseContacts(release: string, date: string, lines: SourceLine[], start: number): { contacts: Unstamped<ContactFact>[]; end: number } {
  const top = lines.slice(0, start);
  const block = contactBlock(release, date, top);
  if (block.contacts.length > 0) return block;
  const beside = contactsBesideLabel(release, date, top);
  if (beside.contacts.length > 0) return beside;
  const contacts = labelledContacts(release, date, lines);
  const topEnd = top[top.length - 1]?.no ?? 0;
  const ends = contacts.map((c) => c.lineEnd ?? c.line).filter((end) => end <= topEnd);
  return { contacts, end: Math.max(0, ...ends) };
}

/** The lines after "Contacts:" up to the first line that is not part of a group (the headline), and the number of the last line read. */
function contactBlock(release: string, date: string, lines: SourceLine[]): { contacts: Unstamped<ContactFact>[]; end: number } {
  const start = lines.findIndex((l) => /^\s*contacts?:\s*$/i.test(l.text));
  if (start < 0) return { contacts: [], end: 0 };
  const contacts: Unstamped<ContactFact>[] = [];
  let end = lines[start]?.no ?? 0;
  let group: SourceLine[] = [];
  const hasPhone = (g: SourceLine[]) => g.some((l) => segments(l.text).some((s) => PHONE.test(s.text)));
  // Groups are blank-line separated; the first group without a phone number is past the block.
  for (let i = start + 1; i <= lines.length; i++) {
    const line = lines[i];
    if (line && !isBlank(line)) {
      group.push(line);
      continue;
    }
    if (group.length === 0) continue;
    if (!hasPhone(group)) break;
    for (const column of columnsOf(group)) {
      const contact = toContact(release, date, column);
      if (contact) contacts.push(contact);
    }
    end = group[group.length - 1]?.no ?? end;
    group = [];
  }
  return { contacts, end };
}

/**
 * "Contact:  Ken Bond  Deborah Hellinger" and below it, row by row, each person's role, phone and
 * email in the same columns (Oracle): one contact a column, as many rows as keep that many columns.
 */
function contactsBesideLabel(release: string, date: string, lines: SourceLine[]): { contacts: Unstamped<ContactFact>[]; end: number } {
  const start = lines.findIndex((l) => /^\s*contacts?:\s+\S/i.test(l.text));
  const head = lines[start];
  if (!head) return { contacts: [], end: 0 };
  const names = segments(head.text.replace(/^\s*contacts?:/i, (label) => ' '.repeat(label.length)));
  // One name beside the label is a person of the labelled reader's ("Contact: Thomas B. Heacock, Chief Financial Officer").
  if (names.length < 2) return { contacts: [], end: 0 };
  const rows: Array<{ cells: string[]; line: SourceLine }> = [];
  for (const line of lines.slice(start + 1)) {
    if (isBlank(line)) continue;
    const cells = segments(line.text).map((c) => c.text);
    if (cells.length !== names.length) break;
    rows.push({ cells, line });
  }
  const contacts = names.flatMap((name, i): Array<Unstamped<ContactFact>> => {
    const cells = rows.map((r) => r.cells[i] ?? '');
    const phone = cells.find((c) => PHONE.test(c));
    const email = cells.find((c) => EMAIL.test(c));
    const role = cells.find((c) => c !== phone && c !== email);
    if (!role || !phone) return [];
    const last = rows[rows.length - 1]?.line ?? head;
    return [{ kind: 'contact', role, name: name.text, organisation: '', phone, ...(email ? { email } : {}), date, release, line: head.no, lineEnd: last.no, text: [name.text, ...cells].join(' | ') }];
  });
  return { contacts, end: contacts.length > 0 ? (rows[rows.length - 1]?.line.no ?? head.no) : 0 };
}
