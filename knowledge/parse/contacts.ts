/**
 * The contact block at the top of a release: groups of role / name / organisation / phone / email,
 * printed in two columns side by side.
 */
import type { Unstamped, ContactFact } from '../facts.ts';
import { isBlank, segments, type SourceLine } from './lines.ts';

/** A phone number as contact blocks print it: "201-840-4710", "(760) 487-1137", "1.650.607.0349". */
const PHONE = /^(?:\+?1[.\s-])?\(?\d{3}\)?[\s.-]?\d{3}[\s.-]\d{4}$/;
const EMAIL = /^[\w.+-]+@[\w-]+(\.[\w-]+)+$/;

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
 * Reads the lines after "Contacts:" up to the first line that is not part of a group (the headline).
 * Returns the contacts and the number of the last line read.
 */
export function parseContacts(release: string, date: string, lines: SourceLine[]): { contacts: Unstamped<ContactFact>[]; end: number } {
  const start = lines.findIndex((l) => /^\s*contacts?:\s*$/i.test(l.text));
  if (start < 0) {
    const sideBySide = contactsBesideLabel(release, date, lines);
    return sideBySide.contacts.length > 0 ? sideBySide : labelledContacts(release, date, lines);
  }
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

/** "Press Contact:  John Meyers" with the phone on the line below: a contact of its own, its role the label's first words. */
const LABELLED = /^\s*([A-Z][A-Za-z]+(?: [A-Z][a-z]+)*) Contact:\s+([A-Z][a-z]+(?: [A-Z]\.)?(?: [A-Z][a-z'-]+)+)\s*$/;

/** Contacts printed one by one, each a labelled name over its phone number, as older releases print them. */
function labelledContacts(release: string, date: string, lines: SourceLine[]): { contacts: Unstamped<ContactFact>[]; end: number } {
  const contacts: Unstamped<ContactFact>[] = [];
  let end = 0;
  lines.forEach((line, i) => {
    const m = LABELLED.exec(line.text);
    const below = lines[i + 1];
    const phone = below?.text.trim().replace(/\s+/g, ' ');
    if (!m || !below || !phone || !PHONE.test(phone)) return;
    contacts.push({ kind: 'contact', role: `${m[1]} contact`, name: m[2] ?? '', organisation: '', phone, date, release, line: line.no, lineEnd: below.no, text: `${line.text.trim()} | ${phone}` });
    end = below.no;
  });
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
