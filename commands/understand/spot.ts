/**
 * Spotting: every span of a question that some parser recognises (a period, a metric, a cue, a
 * person, the company, a contact role), proposed independently and then settled chrono-style:
 * the longest span wins an overlap ("total current assets" is one metric, not "current" + "total
 * assets"), then the stronger kind. Words left over are fillers or, if not, unexplained.
 */
import { CONCEPTS, type Concept } from '../../knowledge/concepts.ts';
import type { FactSource } from '../../knowledge/snapshot.ts';
import { findPeriods, type PeriodQuery } from '../../knowledge/period-grammar.ts';
import { addTo } from '../../knowledge/multimap.ts';
import type { CallField, ContactField, Measure, ProfileField } from './question.ts';
import { COMPANY_WORDS, CUES, METRICS, type Cue } from './vocabulary.ts';

export interface Token {
  /** Lower case, "&" as "and", possessive "'s" dropped. */
  word: string;
  start: number;
  end: number;
}

/** A word without its accents ("rëvenue" is "revenue"): people type them by slip or habit, the vocabulary has none. */
const unaccented = (word: string) => (/^[\x00-\x7f]*$/.test(word) ? word : word.normalize('NFKD').replace(/\p{M}/gu, ''));

/** Words of a text with their offsets; the same cut for questions and for vocabulary phrases. */
export function tokenize(text: string): Token[] {
  const out: Token[] = [];
  // A slash between words joins them ("accretion/dividends"); standing alone it divides ("EBITDA / interest").
  // A currency sign alone is a word: "revenue in €" asks for another currency, which no release prints.
  for (const m of text.matchAll(/\$?\d+(?:[.,]\d+)*(?:%|(?:mm|MM|bn|BN|[kmbKMB])\b)?|\p{L}+(?:['’]\p{L}+)?|[&%+#]|\p{Sc}|(?<=\s)\/(?=\s)/gu)) {
    const raw = m[0];
    const start = m.index;
    const word = raw === '&' ? 'and' : unaccented(raw).toLowerCase().replace(/['’]s$/, '').replace(/['’]/g, '');
    out.push({ word, start, end: start + raw.length });
  }
  return out;
}

const words = (phrase: string) => tokenize(phrase).map((t) => t.word);

export type SpanValue =
  | { kind: 'period'; query: PeriodQuery }
  | { kind: 'measure'; measure: Measure }
  | { kind: 'ambiguous'; phrase: string; choices: string[] }
  | { kind: 'cue'; cues: Cue[] }
  | { kind: 'role'; role: string }
  | { kind: 'profile'; field: ProfileField }
  | { kind: 'callField'; field: CallField }
  | { kind: 'contactField'; field: ContactField }
  | { kind: 'person'; name: string }
  | { kind: 'company'; company: string }
  | { kind: 'amount' }
  /** A measure no release prints, said in several words ("inventory turnover"): never read as the lines its words name. */
  | { kind: 'unprinted'; phrase: string }
  /** Words of asking, not of what is asked ("could you look up", "hey bot"): one span, so none of its words is read alone ("up"). */
  | { kind: 'filler' }
  /** A count of what was asked before ("all three", "those two quarters"): periods, lines, or either (`of` missing). */
  | { kind: 'counted'; count: number; of?: 'periods' | 'lines' };

export interface Span {
  /** Token indexes, end exclusive. */
  from: number;
  to: number;
  value: SpanValue;
}

/** Which kind wins when two spans of equal length overlap. */
const RANK: Record<SpanValue['kind'], number> = {
  period: 9, measure: 8, unprinted: 8, ambiguous: 7, person: 7, company: 7, role: 6, profile: 5, callField: 4, contactField: 4, cue: 3, counted: 2, amount: 2, filler: 1,
};

interface Phrase {
  words: string[];
  value: SpanValue;
}

const conceptMeasure = (concept: Concept): Measure => ({ kind: 'concept', concept });

function vocabularyPhrases(): Phrase[] {
  const out: Phrase[] = [];
  const add = (phrase: string, value: SpanValue) => {
    const w = words(phrase);
    if (w.length > 0) out.push({ words: w, value });
  };
  // Words the vocabulary calls ambiguous ("earnings") are asked back, whatever a concept's synonyms say.
  const ambiguous = new Set(METRICS.ambiguous.map((a) => words(a.phrase).join(' ')));
  const plain = (p: string) => !ambiguous.has(words(p).join(' '));
  // A line a formula (or the text) serves where it is printed is asked for through it, which computes it (or reads it) where it is
  // not; unless the vocabulary names the line itself ("operating income" is the line, "EBIT" the formula printed as it).
  const servedThrough = new Set([...METRICS.formulas, ...METRICS.narrative].flatMap((f) => (f.printed && !METRICS.concepts[f.printed] ? [f.printed] : [])));
  for (const c of CONCEPTS.filter((c) => !servedThrough.has(c.id))) for (const p of [c.name, ...c.labels, ...c.synonyms].filter(plain)) add(p, { kind: 'measure', measure: conceptMeasure(c.id) });
  for (const [concept, list] of Object.entries(METRICS.concepts)) for (const p of list) add(p, { kind: 'measure', measure: conceptMeasure(concept as Concept) });
  for (const f of METRICS.formulas) for (const p of f.phrases) add(p, { kind: 'measure', measure: { kind: 'formula', formula: f.id } });
  for (const n of METRICS.narrative) for (const p of n.phrases) add(p, { kind: 'measure', measure: { kind: 'narrative', measure: n.id } });
  for (const a of METRICS.ambiguous) add(a.phrase, { kind: 'ambiguous', phrase: a.phrase, choices: a.choices });
  for (const p of METRICS.unprinted) if (words(p).length > 1) add(p, { kind: 'unprinted', phrase: p });
  const cues = new Map<string, Cue[]>();
  for (const [cue, list] of Object.entries(CUES.cues) as Array<[Cue, string[]]>) {
    for (const p of list) cues.set(words(p).join(' '), [...(cues.get(words(p).join(' ')) ?? []), cue]);
  }
  for (const [p, list] of cues) add(p, { kind: 'cue', cues: list });
  for (const [role, list] of Object.entries(CUES.roles)) for (const p of list) add(p, { kind: 'role', role });
  for (const [field, list] of Object.entries(CUES.profile) as Array<[ProfileField, string[]]>) for (const p of list) add(p, { kind: 'profile', field });
  for (const [field, list] of Object.entries(CUES.call_fields) as Array<[CallField, string[]]>) for (const p of list) add(p, { kind: 'callField', field });
  for (const [field, list] of Object.entries(CUES.contact_fields) as Array<[ContactField, string[]]>) for (const p of list) add(p, { kind: 'contactField', field });
  for (const p of [...CUES.fillers, ...CUES.asking_phrases]) if (words(p).length > 1) add(p, { kind: 'filler' });
  const { leads, counts, periods, lines, of_them: ofThem, of_them_leads: ofThemLeads } = CUES.counted_back;
  for (const [said, count] of Object.entries(counts)) {
    for (const lead of leads) {
      for (const tail of ['', ...ofThem]) add(`${lead} ${said} ${tail}`, { kind: 'counted', count });
      for (const tail of periods) add(`${lead} ${said} ${tail}`, { kind: 'counted', count, of: 'periods' });
      for (const tail of lines) add(`${lead} ${said} ${tail}`, { kind: 'counted', count, of: 'lines' });
    }
    for (const lead of ofThemLeads) for (const tail of ofThem) add(`${lead} ${said} ${tail}`, { kind: 'counted', count });
  }
  return out;
}

const PHRASES = vocabularyPhrases();
export const FILLERS = new Set(CUES.fillers.flatMap(words));
/**
 * The words of metric names: what a typo is mended towards. Only these: mending towards everyday
 * cue words would turn real words into others ("contracts" into "contacts").
 */
const KNOWN_WORDS = [...new Set(PHRASES.filter((p) => p.value.kind === 'measure' || p.value.kind === 'ambiguous').flatMap((p) => p.words))].filter((w) => w.length >= 4);
// A count's words ("those three lines") are known only as the count: each alone is mended as before ("lines" to "line").
const KNOWN = new Set([...PHRASES.filter((p) => p.value.kind !== 'counted').flatMap((p) => p.words), ...FILLERS, ...METRICS.unprinted.flatMap(words)]);
/** Whether a word is the vocabulary's (a metric's, a cue's, a filler): no name of its own. */
export const isVocabularyWord = (word: string): boolean => KNOWN.has(word.toLowerCase());

/** Optimal string alignment distance: edits, with a swap of two neighbours counted once; past `limit`, `limit + 1`. */
export function editDistance(a: string, b: string, limit: number): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  const d: number[][] = Array.from({ length: a.length + 1 }, (_, i) => [i, ...Array<number>(b.length).fill(0)]);
  for (let j = 0; j <= b.length; j++) (d[0] as number[])[j] = j;
  for (let i = 1; i <= a.length; i++) {
    const row = d[i] as number[];
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let v = Math.min((d[i - 1] as number[])[j] as number + 1, (row[j - 1] as number) + 1, ((d[i - 1] as number[])[j - 1] as number) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) v = Math.min(v, ((d[i - 2] as number[])[j - 2] as number) + 1);
      row[j] = v;
    }
  }
  return (d[a.length] as number[])[b.length] as number;
}

/** A word's letters in order: the key under which the words it could be a swap of are found. */
const lettersOf = (word: string) => [...word].sort().join('');

function byLetters(list: Iterable<string>): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const w of new Set(list)) if (w.length >= 5) addTo(out, lettersOf(w), w);
  return out;
}

/** Whether `typed` is `known` with two neighbouring letters swapped ("quatrer" for "quarter"). */
function swapOf(typed: string, known: string): boolean {
  if (typed.length !== known.length) return false;
  let i = 0;
  while (i < typed.length && typed[i] === known[i]) i++;
  return i + 1 < typed.length && typed[i] === known[i + 1] && typed[i + 1] === known[i] && typed.slice(i + 2) === known.slice(i + 2);
}

/**
 * Every word of the vocabulary and of periods: a typo swapping two neighbouring letters is mended
 * towards any of them, not only metric names. A swap keeps the word's letters and length, so it is
 * the one typo safe to mend towards everyday words ("comapre", "Decebmer"); other typos are mended
 * towards metric names only (`mend`).
 */
const SWAPPABLE = byLetters([...PHRASES.flatMap((p) => p.words), ...CUES.period_words.flatMap(words), ...Object.keys(CUES.related_words).flatMap(words)]);

/** The word a swap of two of its letters made ("quatrer" → "quarter", "Lonsetin" → "lonstein"), else the word. */
function unswap(word: string, lexicon: Lexicon): string {
  if (word.length < 5 || KNOWN.has(word) || lexicon.people.has(word) || lexicon.companies.has(word) || /\d/.test(word)) return word;
  const key = lettersOf(word);
  const meant = new Set([...(SWAPPABLE.get(key) ?? []), ...(lexicon.swappable.get(key) ?? [])].filter((known) => swapOf(word, known)));
  return meant.size === 1 ? ([...meant][0] as string) : word;
}

/**
 * Words mended before: questions are made of the same few thousand words, and measuring a word
 * against every vocabulary word costs far more than remembering the outcome. Bounded: past its
 * size it starts over.
 */
const MENDED_KEPT = 10_000;
const mendedWords = new Map<string, string>();

/** A typo mended to the one vocabulary word it is closest to ("reveune" → "revenue"), else the word. */
export function mend(word: string): string {
  if (word.length < 5 || KNOWN.has(word) || /\d/.test(word)) return word;
  let known = mendedWords.get(word);
  if (known === undefined) {
    if (mendedWords.size >= MENDED_KEPT) mendedWords.clear();
    known = closestKnown(word);
    mendedWords.set(word, known);
  }
  return known;
}

function closestKnown(word: string): string {
  const limit = word.length >= 8 ? 2 : 1;
  let best: string | undefined;
  let bestDistance = limit + 1;
  let tie = false;
  for (const known of KNOWN_WORDS) {
    if (known[0] !== word[0]) continue;
    const d = editDistance(word, known, limit);
    if (d < bestDistance) [best, bestDistance, tie] = [known, d, false];
    else if (d === bestDistance && known !== best) tie = true;
  }
  return best && !tie ? best : word;
}

/** Names the knowledge holds: people (contacts, speakers), and companies by name word and ticker. */
export interface Lexicon {
  /** Each word of a person's name ("john", "meyers") to everyone whose name has it (John Borden, John Meyers). */
  people: Map<string, string[]>;
  /** A company's first name word ("caterpillar", "buckle") or ticker ("cat", "orcl") to its key. */
  companies: Map<string, string>;
  /** A one-letter ticker as typed, in capitals ("S"), to its key: in lower case it is a letter of every sentence. */
  letterTickers: Map<string, string>;
  /** A company's name in words, by key ("sears roebuck and co"): said after its first word, they are its name too. */
  nameWords: Map<string, string[]>;
  /** Its name in full where the releases print it shorter ("apple computer inc" of "Apple"), by key: said whole, word for word. */
  fullNames: Map<string, string[]>;
  /**
   * Names a swap of two letters is mended towards, by their letters: people's, and the company's when
   * only one is loaded (with several, a misspelt company is asked back, never mended: interpret.ts).
   */
  swappable: Map<string, string[]>;
}

const lexicons = new WeakMap<FactSource, Lexicon>();
/** Words of company names that name none ("The Buckle, Inc." is "buckle"). */
const NOT_A_NAME = new Set(['inc', 'corp', 'corporation', 'co', 'company', 'ltd', 'plc', 'the', 'and', 'group', 'holdings']);
const LETTER_WORDS = new Set(COMPANY_WORDS.letter_words);

/**
 * The company a one-letter ticker typed at token `t` names: the letter in capitals, alone or with a possessive ("S",
 * "S's"), never a letter of an abbreviation or a name ("S&P", "S and P", "U.S.", "U. S.", "S-1", "S/he", "Model S").
 */
function letterTicker(text: string, t: Token, tickers: ReadonlyMap<string, string>): string | undefined {
  if (tickers.size === 0 || !/^[A-Z](?:['’]s)?$/.test(text.slice(t.start, t.end))) return undefined;
  const before = text.slice(0, t.start);
  const after = text.slice(t.end);
  if (/[.&\w/-]$|\b[A-Z]\.\s+$/.test(before) || /^(?:[&/-]|\.\w|\w|\s*&|\s+and\s+[A-Z]\b)/.test(after)) return undefined;
  // After a capitalised word within a sentence that is none of the vocabulary's, a name's letter ("Model S", "Form S"),
  // never after a line's name in title case ("Net Income S Q2 2004").
  const titled = /[^.?!:;\s]\s+([A-Z][a-z]+)\s+$/.exec(before)?.[1];
  if (titled && !isVocabularyWord(titled)) return undefined;
  return tickers.get(text.charAt(t.start));
}

export function lexiconOf(snapshot: FactSource): Lexicon {
  const cached = lexicons.get(snapshot);
  if (cached) return cached;
  const people = new Map<string, string[]>();
  for (const name of new Set(snapshot.people)) for (const w of new Set(words(name))) if (w.length > 2) addTo(people, w, name);
  const companies = new Map<string, string>();
  const nameWords = new Map<string, string[]>();
  const shared = new Set<string>();
  const letterTickers = new Map<string, string>();
  const add = (word: string, key: string) => {
    if (companies.has(word) && companies.get(word) !== key) shared.add(word);
    companies.set(word, key);
  };
  for (const r of snapshot.releases) {
    const name = words(r.companyName);
    const first = name.find((w) => !NOT_A_NAME.has(w) && w.length > 2);
    if (first) add(first, r.company);
    if (first) nameWords.set(r.company, name.slice(name.indexOf(first)));
    // One-letter tickers ("S") are letters of every sentence in lower case: read only as typed.
    if (r.ticker && r.ticker.length > 1) add(r.ticker.toLowerCase(), r.company);
    else if (r.ticker && /^[A-Z]$/.test(r.ticker) && !LETTER_WORDS.has(r.ticker)) letterTickers.set(r.ticker, r.company);
    for (const alias of COMPANY_WORDS.aliases[r.company] ?? []) add(alias, r.company);
  }
  // A word two companies share names neither.
  for (const w of shared) companies.delete(w);
  const oneCompany = new Set(companies.values()).size === 1;
  const swappable = byLetters([...people.keys(), ...(oneCompany ? companies.keys() : [])]);
  const fullNames = new Map(Object.entries(COMPANY_WORDS.names).map(([key, name]) => [key, words(name)]));
  const lexicon = { people, companies, letterTickers, nameWords, fullNames, swappable };
  lexicons.set(snapshot, lexicon);
  return lexicon;
}

export interface Spotted {
  tokens: Token[];
  /** The settled spans, in the order of the question. */
  spans: Span[];
  /** Content words no span explains and no filler covers. */
  unexplained: Token[];
}

/**
 * The phrases by their first word, in vocabulary order: a question's word is checked against the
 * few phrases it can start, not against all of them. Of two phrases over the same words the first
 * in the vocabulary still comes first, and so wins the tie when spans are settled.
 */
const BY_FIRST_WORD = new Map<string, Phrase[]>();
for (const p of PHRASES) addTo(BY_FIRST_WORD, p.words[0] as string, p);

function matchPhrases(toks: readonly string[]): Span[] {
  const out: Span[] = [];
  for (let i = 0; i < toks.length; i++) {
    for (const p of BY_FIRST_WORD.get(toks[i] as string) ?? []) {
      const n = p.words.length;
      if (i + n > toks.length) continue;
      let ok = true;
      for (let k = 1; k < n; k++) if (toks[i + k] !== p.words[k]) { ok = false; break; }
      if (ok) out.push({ from: i, to: i + n, value: p.value });
    }
  }
  return out;
}

/** Where a company's name said from token `i` ends: "Chemical Banking Corporation", "Sears, Roebuck", not only their first word. */
function nameEnd(tokens: readonly Token[], i: number, name: readonly string[]): number {
  let to = i + 1;
  if (name[0] !== tokens[i]?.word) return to;
  // A name word said short is still the name ("Chemical Bank" of Chemical Banking Corporation, "Oracle Corp").
  const said = (word: string | undefined, named: string) => word === named || (word !== undefined && word.length >= 4 && named.startsWith(word));
  for (let k = 1; k < name.length && said(tokens[to]?.word, name[k] ?? ''); k++) to++;
  return to;
}

/**
 * The end of a company's name in full that its releases do not print ("Apple Computer, Inc."), said word for word: whole,
 * or its words written with capitals as a name is ("Apple Computer eps"); "apple computer sales" may be its computers'.
 */
function fullNameEnd(text: string, tokens: readonly Token[], i: number, name: readonly string[]): number {
  let to = i + 1;
  if (name[0] !== tokens[i]?.word) return to;
  while (to - i < name.length && tokens[to]?.word === name[to - i]) to++;
  const capitals = tokens.slice(i + 1, to).every((t) => /^\p{Lu}/u.test(text.slice(t.start, t.end)));
  return to - i === name.length || capitals ? to : i + 1;
}

/** A span's value as text, made once per value: the vocabulary's values are the same objects in every question. */
const valueKeys = new WeakMap<Span['value'], string>();
function valueKey(value: Span['value']): string {
  let key = valueKeys.get(value);
  if (key === undefined) {
    key = JSON.stringify(value);
    valueKeys.set(value, key);
  }
  return key;
}

const sameValue = (a: Span['value'], b: Span['value']) => a === b || valueKey(a) === valueKey(b);

/**
 * People named by consecutive words of their names: "John Meyers" is the one person both words
 * name, never John Borden for its "John". Words that name no one person together ("Michael Duffy",
 * two people's) are a person the releases do not name, said as typed; a first name several people
 * share ("John") is said as typed too, and matches each of them.
 */
function personSpans(text: string, tokens: readonly Token[], namesOf: (word: string) => readonly string[] | undefined, isCompany: (word: string) => boolean): Span[] {
  const out: Span[] = [];
  for (let i = 0; i < tokens.length; ) {
    const first = namesOf((tokens[i] as Token).word);
    if (!first) {
      i++;
      continue;
    }
    let to = i + 1;
    let common = [...first];
    for (let next = namesOf(tokens[to]?.word ?? ''); next && to < tokens.length; next = namesOf(tokens[to]?.word ?? '')) {
      common = common.filter((n) => next?.includes(n));
      to++;
    }
    const typed = text.slice((tokens[i] as Token).start, (tokens[to - 1] as Token).end).replace(/['’]s?$/, '');
    // A first name the releases never print, typed as a name before one they do ("Ivan Seidenberg"), is of that name,
    // never a topic of its own (it searched his quotes for "ivan"); a word in lower case is a topic ("outsourcing lonstein").
    const before = tokens[i - 1];
    const firstName = common.length === 1 && before && /^[A-Z][a-z]+$/.test(text.slice(before.start, before.end)) && !KNOWN.has(before.word) && !isCompany(before.word) && !out.some((o) => o.to === i) ? 1 : 0;
    out.push({ from: i - firstName, to, value: { kind: 'person', name: common.length === 1 ? (common[0] as string) : typed } });
    i = to;
  }
  return out;
}

/** Spans of a question, settled; `text` as typed. */
export function spot(text: string, snapshot: FactSource): Spotted {
  const lexicon = lexiconOf(snapshot);
  const typed = tokenize(text);
  // The words as meant, a swap of two letters undone: read so everywhere after (periods, phrases, names, the topic).
  const tokens = typed.map((t) => ({ ...t, word: unswap(t.word, lexicon) }));
  // Periods too: a swap keeps each word's length, so every offset holds.
  let read = text;
  tokens.forEach((t, i) => {
    const was = (typed[i] as Token).word;
    if (t.word !== was && text.slice(t.start, t.start + was.length).toLowerCase() === was) read = `${read.slice(0, t.start)}${t.word}${read.slice(t.start + t.word.length)}`;
  });
  const candidates: Span[] = [];
  for (const p of findPeriods(read)) {
    const from = tokens.findIndex((t) => t.end > p.start);
    let to = from;
    while (to < tokens.length && (tokens[to] as Token).start < p.end) to++;
    if (from >= 0 && to > from) candidates.push({ from, to, value: { kind: 'period', query: p.query } });
  }
  const mended = tokens.map((t) => mend(t.word));
  // Other typos are mended towards metric names only: a mended word makes no other span ("positive" is no "position").
  const asTyped = (sp: Span) => tokens.slice(sp.from, sp.to).every((t, k) => t.word === mended[sp.from + k]);
  candidates.push(...matchPhrases(mended).filter((sp) => sp.value.kind === 'measure' || sp.value.kind === 'ambiguous' || asTyped(sp)));
  // A name's possessive typed without its apostrophe ("Infocrossings", "Lonsteins") is the name.
  const named = <T>(names: ReadonlyMap<string, T>, word: string): T | undefined => names.get(word) ?? (word.length > 4 && word.endsWith('s') ? names.get(word.slice(0, -1)) : undefined);
  candidates.push(...personSpans(read, tokens, (word) => named(lexicon.people, word), (word) => named(lexicon.companies, word) !== undefined));
  tokens.forEach((t, i) => {
    const company = named(lexicon.companies, t.word) ?? letterTicker(text, t, lexicon.letterTickers);
    if (company) candidates.push({ from: i, to: Math.max(nameEnd(tokens, i, lexicon.nameWords.get(company) ?? []), fullNameEnd(read, tokens, i, lexicon.fullNames.get(company) ?? [])), value: { kind: 'company', company } });
    // An amount reads as one ("$2.8M", "5%", "13,147,800"); a bare number nobody placed is not explained.
    if (/^\$|%$|[.,]\d|[kmb]{1,2}$/.test(t.word) && /\d/.test(t.word)) candidates.push({ from: i, to: i + 1, value: { kind: 'amount' } });
  });
  // Longest first; at equal length the stronger kind; then the earlier.
  candidates.sort((a, b) => (b.to - b.from) - (a.to - a.from) || RANK[b.value.kind] - RANK[a.value.kind] || a.from - b.from);
  const taken = new Array<boolean>(tokens.length).fill(false);
  const spans: Span[] = [];
  for (const c of candidates) {
    let free = true;
    for (let i = c.from; i < c.to; i++) if (taken[i]) { free = false; break; }
    if (!free) {
      // Two phrases saying the same thing over overlapping words ("income tax" and "tax provision") are one span over both.
      const same = spans.find((sp) => sp.from < c.to && c.from < sp.to && sameValue(sp.value, c.value));
      if (same && spans.every((sp) => sp === same || sp.to <= c.from || c.to <= sp.from)) {
        for (let i = c.from; i < c.to; i++) taken[i] = true;
        same.from = Math.min(same.from, c.from);
        same.to = Math.max(same.to, c.to);
      }
      continue;
    }
    for (let i = c.from; i < c.to; i++) taken[i] = true;
    spans.push({ ...c });
  }
  spans.sort((a, b) => a.from - b.from);
  const unexplained = tokens.filter((t, i) => !taken[i] && !FILLERS.has(t.word) && !FILLERS.has(mended[i] as string) && !/^[%+#/$]$/.test(t.word));
  return { tokens, spans, unexplained };
}
