/**
 * A company named in a slash option or chosen for a question: by ticker, by name or its first word,
 * or a close misspelling of one ("catepillar"); the only company loaded needs no naming.
 */
import Fuse from 'fuse.js';
import { normaliseLabel } from '../../knowledge/concepts.ts';
import { rememberPer } from '../../knowledge/remember.ts';
import type { Book, Company, Snapshot } from '../../knowledge/snapshot.ts';
import { escapeRegExp } from '../../knowledge/text.ts';
import { isVocabularyWord, lexiconOf, spot } from './spot.ts';
import { CUES } from './vocabulary.ts';
import type { Parsed } from './options.ts';

/** A company as choices and menus show it: "Oracle Corporation (ORCL)". */
export const companyLabel = (c: Company) => (c.ticker ? `${c.name} (${c.ticker})` : c.name);

/** The most companies offered as choices at once (a Discord menu holds 25). */
export const MAX_COMPANY_CHOICES = 25;

const searches = new WeakMap<Snapshot, Fuse<Company>>();
function searchOf(snapshot: Snapshot): Fuse<Company> {
  let fuse = searches.get(snapshot);
  if (!fuse) {
    fuse = new Fuse([...snapshot.companies], { keys: ['name', 'ticker', 'key'], threshold: 0.3, ignoreLocation: true, includeScore: true });
    searches.set(snapshot, fuse);
  }
  return fuse;
}

/** Each company by its key, ticker and name, normalised; the first company listed wins a name two share. */
const names = new WeakMap<Snapshot, Map<string, Company>>();
function exactNames(snapshot: Snapshot): Map<string, Company> {
  let map = names.get(snapshot);
  if (!map) {
    map = new Map();
    for (const c of snapshot.companies) {
      for (const n of [c.key, c.ticker ?? '', c.name]) {
        const k = normaliseLabel(n);
        if (k !== '' && !map.has(k)) map.set(k, c);
      }
    }
    names.set(snapshot, map);
  }
  return map;
}

/** The fewest letters a misspelt company option may have: fewer match some letters of every name ("a", "inc"). */
const FUZZY_LETTERS = 4;
/** How much better than the next a misspelling's best match must score to be taken (Fuse scores: 0 exact, 1 none). */
const FUZZY_MARGIN = 0.1;
const FILLERS = new Set(CUES.fillers.map(normaliseLabel));

/**
 * The company a company option names, or why not, with the companies loaded: its key, ticker or name; that name with
 * words that say nothing else ("Apple Inc"); or one close misspelling of a name ("catepillar"), never a company some of
 * whose letters a short or common word holds ("a", "corp": asked which, with the closest first).
 */
export function parseCompanyOption(text: string, snapshot: Snapshot): Parsed<string> {
  const typed = normaliseLabel(text);
  const exact = exactNames(snapshot).get(typed) ?? snapshot.book(lexiconOf(snapshot).companies.get(typed) ?? '')?.company;
  if (exact) return { ok: true, value: exact.key };
  // A name said with words of its own name ("the buckle", "chemical banc", "sears roebuck co") or words that say nothing
  // ("Apple Inc"); with other words ("caterpillar financial", a subsidiary) it is no name of it: asked, that name first.
  const named = companiesIn(text, snapshot);
  const spotted = named.keys.flatMap((k) => snapshot.book(k)?.company ?? []);
  const [only] = spotted;
  if (only && spotted.length === 1) {
    const own = normaliseLabel(`${only.name} ${only.ticker ?? ''} ${only.key}`).split(' ');
    // A word of the name, or the start of one of three letters or more ("banc"), never a letter ("oracle o").
    if (named.others.every((w) => FILLERS.has(w) || own.some((n) => n === w || (w.length >= 3 && n.startsWith(w))))) return { ok: true, value: only.key };
  }
  if (spotted.length > 0) return notLoaded(text, spotted, snapshot);
  const found = typed.replace(/ /g, '').length >= FUZZY_LETTERS ? searchOf(snapshot).search(text) : [];
  const [best, next] = found;
  if (best && (!next || (next.score ?? 1) - (best.score ?? 0) >= FUZZY_MARGIN)) return { ok: true, value: best.item.key };
  return notLoaded(text, found.map((r) => r.item), snapshot);
}

/** Why an option names no company loaded, with them all, the closest first. */
function notLoaded(text: string, closest: readonly Company[], snapshot: Snapshot): Parsed<string> {
  return { ok: false, message: `"${text}" is not a company whose releases are loaded${closest.length > 1 ? ', nor only one of them' : ''}.`, valid: [...closest, ...snapshot.companies.filter((c) => !closest.includes(c))].map(companyLabel) };
}

/** The companies a text names, and what else it says. */
interface Named {
  keys: readonly string[];
  /** The text after a name that leads it; the whole text when no name leads it. */
  rest: string;
  /** Its words outside every name, normalised ("financial" of "caterpillar financial"). */
  others: readonly string[];
}

/**
 * The companies a text names, as the reader spots them ("oracle cloud": Oracle), in order, and the text after a name
 * that leads it ("cloud"); `rest` is the whole text when no name leads it ("about oracle", "credit at cat financial").
 */
export function companiesIn(text: string, snapshot: Snapshot): Named {
  return companiesNamed(snapshot, text, () => readCompanies(text, snapshot));
}

/** Option texts read before, per snapshot: a command's metric and search options are read for a company on every call. */
const companiesNamed = rememberPer<Snapshot, Named>(2000);

function readCompanies(text: string, snapshot: Snapshot): Named {
  const { spans, tokens } = spot(text, snapshot);
  const named = spans.filter((sp) => sp.value.kind === 'company');
  const [lead] = named;
  const rest = lead && lead.from === 0 ? text.slice(tokens[lead.to - 1]?.end ?? 0).trim() : text;
  const others = tokens.filter((_, i) => !named.some((sp) => i >= sp.from && i < sp.to)).map((t) => normaliseLabel(t.word)).filter((w) => w !== '');
  return { keys: [...new Set(named.flatMap((sp) => (sp.value.kind === 'company' ? [sp.value.company] : [])))], rest, others };
}

/** Companies for autocomplete, the typed ones first. */
export function companyChoices(typed: string, snapshot: Snapshot): Array<{ name: string; value: string }> {
  const listed = typed.trim() ? searchOf(snapshot).search(typed).map((r) => r.item) : [...snapshot.companies];
  return listed.map((c) => ({ name: companyLabel(c), value: c.key }));
}

/** The book a question is about: the company it names, else the only one loaded. */
export function bookFor(snapshot: Snapshot, company: string | undefined): Book | undefined {
  if (company) return snapshot.book(company);
  return snapshot.books.length === 1 ? snapshot.books[0] : undefined;
}

/**
 * The words of a question naming no company that no metric or period names ("construction industries", "domestic
 * telecom"), and the one company whose releases' text prints them together, as a phrase: the question is about it.
 * None for one word alone ("Europe", "lease": another company's tables, which are not searched, may print it), when
 * several companies or none say it, or when more are loaded than a menu offers (each book's search is built on first read).
 */
export function onlyCompanySaying(topic: readonly string[], snapshot: Snapshot): { book: Book; words: string[] } | undefined {
  const words = topic.filter((w) => w.length > 2 && !isVocabularyWord(w));
  if (words.length < 2 || snapshot.books.length > MAX_COMPANY_CHOICES) return undefined;
  // Said as one phrase, a plural or possessive allowed ("Construction Industries’ total sales", "shipped 860,000 iPods"):
  // never words scattered through a sentence of boilerplate.
  const phrase = new RegExp(`\\b${words.map((w) => `${escapeRegExp(w)}(?:e?s)?(?:['’]s?)?`).join('\\W+')}(?![a-z])`, 'i');
  const saying = snapshot.books.filter((b) => b.search.sentences.search(words.join(' '), 20).some((h) => h.coverage === 1 && phrase.test(h.item.text)));
  return saying.length === 1 && saying[0] ? { book: saying[0], words } : undefined;
}
