/**
 * The knowledge snapshot: every fact of every release, checked, resolved and indexed, built in one
 * pass and never changed after. A reload builds a new one; nothing mutates this one.
 *
 * Releases are grouped by company first, and each company's releases make its own book: lookups,
 * checks, restatements, misprints and derived figures work within one book, so two companies'
 * figures never meet.
 */
import { CONCEPT_IDS, conceptInfo, COST_LINES, isAdditive, normaliseLabel, type Concept } from './concepts.ts';
import { checkPeriodSums, checkRelease, figureKey, restatementWarning } from './checks.ts';
import { deriveAmounts, deriveRatios, ratioCount } from './derive.ts';
import type { DerivedFact, Fact, FigureFact, RatioFact, ReleaseFact, SentenceFact, StatementFact, Warning } from './facts.ts';
import { namesLineWhole } from './parse/narrative.ts';
import type { ParsedRelease } from './parse/release.ts';
import { comparePeriods, describePrinted, parsePeriodId, periodCovers, periodYear, type PrintedPeriod } from './periods.ts';
import { addTo } from './multimap.ts';
import { once } from './once.ts';
import { agree, significantDigits } from './precision.ts';
import { buildSearch, type SearchIndexes } from './search.ts';
import { releaseSummary } from './parse-cache.ts';

/** Where a release says it reclassified prior periods. */
export interface Reclassification {
  release: string;
  line: number;
  text: string;
}

export interface FigureNote {
  kind: 'misprint' | 'restated' | 'precision';
  text: string;
}

/** A figure as served: its value, the fact behind it, every printing of it, and what to know. */
export interface Figure {
  concept: Concept;
  period: string;
  value: number;
  fact: FigureFact;
  /** Every printing of this figure in any release, latest release first; misprints included, flagged. */
  printings: readonly StatementFact[];
  notes: readonly FigureNote[];
  /**
   * An earlier printing that agrees with the served one and has more digits (7,026 thousand under
   * the latest release's 7.0 million): what arithmetic on the figure uses.
   */
  finest?: StatementFact;
  /**
   * A cost line derived from releases on both sides of one that reclassified prior periods (Q3 2003
   * S&A: FY 2003 after Infocrossing's reclass less H1 2003 before it): where that release says so.
   * Never given alone; a sum of the lines is derived as one (commands/measures.ts).
   */
  reclassified?: Reclassification;
}

export interface Refusal {
  release: string;
  reason: string;
}

/** A company as its releases name it. */
export interface Company {
  /** Its ticker, else its name in capitals: what every fact of it carries as `company`. */
  key: string;
  name: string;
  ticker?: string;
  exchange?: string;
  /** Its release files, oldest first. */
  releases: readonly string[];
  /** The month (1-12) its fiscal year ends in. */
  fiscalYearEnd: number;
}

/** Facts as read from the releases, by kind, that answers scan by words: no figures among them. */
export type ReadKind = 'release' | 'sentence' | 'quote' | 'contact' | 'event' | 'definition';
export type FactOfKind<K extends Fact['kind']> = Extract<Fact, { kind: K }>;

/**
 * One company's knowledge: what every question about a figure, a quote or a contact reads.
 *
 * Built in parts, each the first time it is needed and then kept: the figures with their checks
 * and derived figures, the margins and changes, the word indexes. A book nobody asks about costs
 * little; the store builds the figures of every book soon after a load (`Snapshot.prepare`).
 */
export interface Book {
  company: Company;
  /** Releases, oldest first. */
  releases: readonly ReleaseFact[];
  /** Every fact: as read (misprints and superseded printings flagged), derived figures, margins and changes. */
  readonly facts: readonly Fact[];
  /** How many facts `facts` holds, counted without building the margins and changes. */
  readonly factCount: number;
  /** The facts of one kind as read from the releases, in the order read: what answers scan. */
  ofKind<K extends ReadKind>(kind: K): readonly FactOfKind<K>[];
  /** The metrics its statements print, in the order first printed. */
  readonly printedConcepts: readonly Concept[];
  /** The people its releases name (contacts, then each quote's speaker, release by release), in the order read. */
  readonly people: readonly string[];
  figure(concept: Concept, period: string): Figure | undefined;
  /** Periods with a figure for the concept, oldest first. */
  periodsOf(concept: Concept): readonly string[];
  /** Concepts with a figure in the period. */
  conceptsIn(period: string): readonly Concept[];
  /** Narrative sentences about the concept in that period (one-time items, exclusions, credits). */
  remarks(concept: Concept, period: string): readonly SentenceFact[];
  margin(concept: Concept, period: string): RatioFact | undefined;
  /** A period in the company's words, with the exact dates its releases print. */
  describePeriod(period: string): string;
  /** The day a period ends as its releases print it ("2024-11-02" for a 52/53-week quarter), if they do. */
  endsOf(period: string): string | undefined;
  readonly search: SearchIndexes;
  /** What its checks found: misprints, failed subtotals, restatements (built with the figures). */
  readonly warnings: readonly Warning[];
  /** The one release whose printing this book holds, when it is seen as printed in it (knowledge/printed-in.ts). */
  readonly printedIn?: ReleaseFact;
}

/** What reading words needs of the knowledge, one company's or all of it: the releases and the facts as read. */
export type FactSource = Pick<Book, 'releases' | 'ofKind' | 'printedConcepts' | 'people'>;

/** Every company's book, and what all of them share: the releases read, refused and warned about. */
export interface Snapshot {
  /** Companies by name. */
  companies: readonly Company[];
  books: readonly Book[];
  book(key: string): Book | undefined;
  /** Every release, oldest first. */
  releases: readonly ReleaseFact[];
  /** How many facts the releases gave as read (no derived figures): known without building a book. */
  factsRead: number;
  /** How many facts `facts` holds (it builds the figures of every book, not the margins and changes). */
  readonly factCount: number;
  /** Every fact of every book (built on first read: it builds every book). */
  readonly facts: readonly Fact[];
  /** The parser's warnings, then every book's (built on first read). */
  readonly warnings: readonly Warning[];
  refused: readonly Refusal[];
  ofKind<K extends ReadKind>(kind: K): readonly FactOfKind<K>[];
  readonly printedConcepts: readonly Concept[];
  readonly people: readonly string[];
  /** Builds the figures of every book not built yet, a few at a time, yielding between them. */
  prepare(options?: { signal?: AbortSignal }): Promise<void>;
}

const releaseOrder = (releases: readonly ReleaseFact[]) => {
  const rank = new Map(releases.map((r, i) => [r.release, i]));
  return (release: string) => rank.get(release) ?? -1;
};

/** Picks the printing to serve for each figure and says what a reader should know about it. */
interface Resolved {
  figures: Map<string, Figure>;
  /** Misprinted and superseded printings, as copies carrying their flags. */
  flagged: Map<StatementFact, StatementFact>;
}

function resolveFigures(statements: readonly StatementFact[], releases: readonly ReleaseFact[], warnings: Warning[]): Resolved {
  const rank = releaseOrder(releases);
  const byRelease = new Map<string, StatementFact[]>();
  for (const f of statements) addTo(byRelease, f.release, f);
  // Per release, the printing its arithmetic chose for each figure it prints more than one way.
  const chosen = new Map<string, ReadonlyMap<string, StatementFact>>();
  const misprinted = new Set<StatementFact>();
  for (const [release, facts] of byRelease) {
    const check = checkRelease(release, facts);
    for (const w of check.warnings) warnings.push(w);
    if (check.chosen.size > 0) chosen.set(release, check.chosen);
    for (const f of check.misprints) misprinted.add(f);
  }

  const byKey = new Map<string, StatementFact[]>();
  for (const f of statements) addTo(byKey, figureKey(f.concept, f.period), f);
  const figures = new Map<string, Figure>();
  const flags = new Map<StatementFact, NonNullable<StatementFact['flags']>>([...misprinted].map((f) => [f, ['misprint']]));
  for (const [key, all] of byKey) {
    const printings = all.length === 1 ? all : [...all].sort((a, b) => rank(b.release) - rank(a.release) || a.line - b.line);
    // One printing per release: the one its arithmetic chose, else its first that is not a misprint.
    const perRelease: StatementFact[] = [];
    const seen = new Set<string>();
    for (const p of printings) {
      if (seen.has(p.release)) continue;
      seen.add(p.release);
      const pick = chosen.get(p.release)?.get(key) ?? printings.find((q) => q.release === p.release && !misprinted.has(q));
      if (pick) perRelease.push(pick);
    }
    const served = perRelease[0];
    if (!served) continue;
    const notes: FigureNote[] = [];
    let finest: StatementFact | undefined;
    if (misprinted.size > 0) {
      for (const bad of printings.filter((p) => misprinted.has(p))) {
        notes.push({ kind: 'misprint', text: `${bad.release} line ${bad.line} prints ${bad.printed} here; the release's own arithmetic and line ${served.line} give ${served.printed}` });
      }
    }
    if (perRelease.length > 1) {
      const restated: StatementFact[] = [];
      const finer: StatementFact[] = [];
      for (const earlier of perRelease.slice(1)) {
        const warning = restatementWarning(served, earlier);
        if (warning) {
          warnings.push(warning);
          restated.push(earlier);
          for (const p of printings) if (p.release === earlier.release) addTo(flags, p, 'superseded');
        } else if (agree(served, earlier) && significantDigits(earlier) > significantDigits(served)) {
          finer.push(earlier);
          if (!finest || significantDigits(earlier) > significantDigits(finest)) finest = earlier;
        }
      }
      const where = (fs: StatementFact[]) => fs.map((f) => `${f.release} line ${f.line}`).join(' and ');
      // Releases that printed the same thing are named together: one note per printed value.
      for (const value of [...new Set(restated.map((f) => f.printed))]) {
        const same = restated.filter((f) => f.printed === value);
        notes.push({ kind: 'restated', text: `${where(same)} printed ${value}${scaleWord(same[0])}; the latest release, ${served.release} line ${served.line}, prints ${served.printed}${scaleWord(served)}, and that is served` });
      }
      for (const value of [...new Set(finer.map((f) => f.printed))]) {
        const same = finer.filter((f) => f.printed === value);
        notes.push({ kind: 'precision', text: `${where(same)} print it more precisely: ${value}${scaleWord(same[0])}` });
      }
    }
    figures.set(key, { concept: served.concept, period: served.period, value: served.value, fact: served, printings, notes, ...(finest ? { finest } : {}) });
  }
  // The printings a figure lists are the flagged facts, the same objects the facts list holds.
  const flagged = new Map([...flags].map(([f, fl]) => [f, { ...f, flags: fl }]));
  const touched = new Set([...flags.keys()].map((f) => figureKey(f.concept, f.period)));
  for (const key of touched) {
    const figure = figures.get(key);
    if (figure) figure.printings = figure.printings.map((p) => flagged.get(p) ?? p);
  }
  return { figures, flagged };
}

/** " thousand" or " million": the scale a printed figure was printed in. */
export const scaleWord = (f: StatementFact | undefined) => (f?.multiplier === 1e3 ? ' thousand' : f?.multiplier === 1e6 ? ' million' : '');

/** A metric's name and synonyms, normalised: the words that tie a sentence to it. */
const conceptWords = new Map(CONCEPT_IDS.map((c) => {
  const info = conceptInfo(c);
  return [c, [info.name, ...info.synonyms].map(normaliseLabel).filter((w) => w.length > 2)] as const;
}));

/** For each line, each of its words and the other lines' longer names that hold it: a sentence's words are measured against these. */
const longerNames = new Map(CONCEPT_IDS.map((concept) => {
  const others = [...conceptWords].filter(([other]) => other !== concept).flatMap(([, words]) => words);
  return [concept, new Map((conceptWords.get(concept) ?? []).map((word) => [word, others.filter((longer) => longer.length > word.length && longer.includes(word))]))] as const;
}));

/**
 * Whether a sentence names a line by one of its words: not where another line's longer name holds the word, nor after
 * it ("a net loss to common stockholders of $2.2 million ..., compared with a net loss of $3.7 million" is about the
 * loss to common stockholders, never net income), as the reader takes a sentence's lines (commands/narrative.ts).
 */
function namesConcept(text: string, concept: Concept, word: string): boolean {
  let before = text.length;
  for (const longer of longerNames.get(concept)?.get(word) ?? []) {
    const at = text.indexOf(longer);
    if (at >= 0 && at < before) before = at;
  }
  return namesLineWhole(before < text.length ? text.slice(0, before) : text, word);
}

const REMARK = /excluding|one-time|non-recurring|credit|reclass|restat|adjusted|would have been/i;

type ReadRelease = Extract<ParsedRelease, { ok: true }>;

/** The releases each book was built from: a book whose releases are the same objects is the same book. */
const SOURCES = new WeakMap<Book, readonly ReadRelease[]>();

const sameSources = (a: readonly ReadRelease[] | undefined, b: readonly ReadRelease[]) => a !== undefined && a.length === b.length && a.every((r, i) => r === b[i]);

/** Lets other work run between books: a snapshot of a thousand companies is prepared without holding up answers. */
const yieldToOthers = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * The snapshot of the parsed releases. With `previous`, a company whose releases are the very
 * objects of a book of `previous` (a reload that did not touch them) keeps that book as built:
 * a reload costs what changed, not what is loaded.
 */
export function buildSnapshot(parsed: readonly ParsedRelease[], previous?: Snapshot): Snapshot {
  const parseWarnings: Warning[] = [];
  const refused: Refusal[] = [];
  const byCompany = new Map<string, ReadRelease[]>();
  for (const p of parsed) {
    if (!p.ok) {
      refused.push({ release: p.release, reason: p.reason });
      parseWarnings.push({ code: 'not_a_release', release: p.release, message: `${p.release} is not used: ${p.reason}` });
      continue;
    }
    // Every fact of a release carries the release's company (known without making its facts).
    const key = releaseSummary(p).company;
    if (key !== undefined) addTo(byCompany, key, p);
    for (const w of p.warnings) parseWarnings.push(w);
  }
  // In the order first read: the order their warnings are listed in.
  const inOrder = [...byCompany].map(([key, sources]) => {
    const before = previous?.book(key);
    if (before && sameSources(SOURCES.get(before), sources)) return before;
    const book = buildBook(key, sources);
    SOURCES.set(book, sources);
    return book;
  });
  const books = [...inOrder].sort((a, b) => a.company.name.localeCompare(b.company.name));
  const byKey = new Map(books.map((b) => [b.company.key, b]));
  let facts: readonly Fact[] | undefined;
  let warnings: readonly Warning[] | undefined;
  const kinds = new Map<ReadKind, readonly Fact[]>();
  let concepts: readonly Concept[] | undefined;
  let people: readonly string[] | undefined;
  const snapshot: Snapshot = {
    companies: Object.freeze(books.map((b) => b.company)),
    books: Object.freeze(books),
    book: (key) => byKey.get(key),
    releases: Object.freeze(books.flatMap((b) => b.releases).sort((a, b) => a.date.localeCompare(b.date) || a.release.localeCompare(b.release))),
    get facts() {
      facts ??= Object.freeze(books.flatMap((b) => b.facts));
      return facts;
    },
    get factCount() {
      return books.reduce((n, b) => n + b.factCount, 0);
    },
    get warnings() {
      warnings ??= Object.freeze([...parseWarnings, ...inOrder.flatMap((b) => b.warnings)]);
      return warnings;
    },
    refused: Object.freeze(refused),
    factsRead: [...byCompany.values()].reduce((n, sources) => sources.reduce((m, s) => m + releaseSummary(s).facts, n), 0),
    ofKind<K extends ReadKind>(kind: K) {
      let list = kinds.get(kind);
      if (!list) {
        list = Object.freeze(books.flatMap((b) => b.ofKind(kind)));
        kinds.set(kind, list);
      }
      return list as readonly FactOfKind<K>[];
    },
    get printedConcepts() {
      concepts ??= Object.freeze([...new Set(books.flatMap((b) => b.printedConcepts))]);
      return concepts;
    },
    get people() {
      people ??= Object.freeze(books.flatMap((b) => b.people));
      return people;
    },
    async prepare(options = {}) {
      for (const book of inOrder) {
        if (options.signal?.aborted) return;
        if (PREPARED.has(book)) continue;
        // Its figures and checks, its count of facts (what a reload reports), the sentences that qualify a figure.
        WARM.get(book)?.();
        PREPARED.add(book);
        await yieldToOthers();
      }
    },
  };
  return Object.freeze(snapshot);
}

/** Books whose figures are built. */
const PREPARED = new WeakSet<Book>();
/** What `prepare` builds of each book ahead of the first question about it. */
const WARM = new WeakMap<Book, () => void>();

/** What a book's figures are built into, the first time one is asked for. */
interface Figures {
  figures: Map<string, Figure>;
  flagged: Map<StatementFact, StatementFact>;
  derived: DerivedFact[];
  periodsByConcept: Map<Concept, string[]>;
  conceptsByPeriod: Map<string, Concept[]>;
  printedPeriods: Map<string, PrintedPeriod>;
  /** Whether the company's periods are printed in weeks (a 52/53-week year). */
  countsWeeks: boolean;
  warnings: Warning[];
}

/** One company's book from its releases: the parts are built when first needed. */
function buildBook(key: string, sources: readonly ReadRelease[]): Book {
  // The facts by kind, made the first time any is read (a release from the cache makes its facts then).
  const byKind = once(() => {
    const kinds = new Map<Fact['kind'], Fact[]>();
    for (const source of sources) for (const f of source.facts) addTo(kinds, f.kind, f);
    return kinds;
  });
  const of = <K extends Fact['kind']>(kind: K) => (byKind().get(kind) ?? []) as FactOfKind<K>[];
  const releases = sources
    .map((s) => releaseSummary(s).releaseFact)
    .filter((f): f is ReleaseFact => f !== undefined)
    .sort((a, b) => a.date.localeCompare(b.date) || a.release.localeCompare(b.release));
  const printedConcepts = once(() => Object.freeze([...new Set(of('statement').map((f) => f.concept))]));

  const latest = releases[releases.length - 1];
  const company: Company = Object.freeze({
    key,
    name: latest?.companyName ?? key,
    ...(latest?.ticker ? { ticker: latest.ticker } : {}),
    ...(latest?.exchange ? { exchange: latest.exchange } : {}),
    releases: releases.map((r) => r.release),
    fiscalYearEnd: latest?.fiscalYearEnd ?? 12,
  });

  let book: Book;
  const figuresOf = once((): Figures => {
    const warnings: Warning[] = [];
    const statements = of('statement');
    const { figures, flagged } = resolveFigures(statements, releases, warnings);
    const printed = (c: Concept, p: string) => {
      const f = figures.get(figureKey(c, p))?.fact;
      return f?.kind === 'statement' ? f : undefined;
    };
    const years = [...new Set([...figures.values()].map((f) => parsePeriodId(f.period)).filter((p) => p !== undefined).map(periodYear))].sort();
    warnings.push(...checkPeriodSums(ADDITIVE, years, printed));

    // Oracle's "Q1 2014" ended August 31, 2013: twelve months to it are not "the twelve months ended March 31, 2014".
    const calendarYear = (latest?.fiscalYearEnd ?? 12) === 12;
    const derived: DerivedFact[] = deriveAmounts(years, (c, p) => figures.get(figureKey(c, p))?.fact, new Set(printedConcepts()), calendarYear);
    const reclassifiedBy = new Map(releases.flatMap((r) => (r.reclassified ? [[r.release, { release: r.release, ...r.reclassified }] as const] : [])));
    const straddles = (d: DerivedFact) => {
      const from = new Set(d.inputs.map((i) => i.release));
      return from.size > 1 && COST_LINES.has(d.concept) ? [...from].map((r) => reclassifiedBy.get(r)).find((s) => s !== undefined) : undefined;
    };
    for (const d of derived) {
      const reclassified = reclassifiedBy.size > 0 ? straddles(d) : undefined;
      figures.set(figureKey(d.concept, d.period), { concept: d.concept, period: d.period, value: d.value, fact: d, printings: [], notes: [], ...(reclassified ? { reclassified } : {}) });
    }

    const periodsByConcept = new Map<Concept, string[]>();
    const conceptsByPeriod = new Map<string, Concept[]>();
    for (const f of figures.values()) {
      addTo(periodsByConcept, f.concept, f.period);
      addTo(conceptsByPeriod, f.period, f.concept);
    }
    for (const list of periodsByConcept.values()) list.sort(comparePeriods);
    // The printed end of each period: the first statement column that prints one.
    const printedPeriods = new Map<string, PrintedPeriod>();
    for (const f of statements) if (f.ends && !printedPeriods.has(f.period)) printedPeriods.set(f.period, { ends: f.ends, ...(f.weeks ? { weeks: f.weeks } : {}) });
    const countsWeeks = [...printedPeriods.values()].some((p) => p.weeks !== undefined);
    return { figures, flagged, derived, periodsByConcept, conceptsByPeriod, printedPeriods, countsWeeks, warnings: Object.freeze(warnings) as Warning[] };
  });

  const ratiosOf = once(() => {
    const { figures } = figuresOf();
    const get = (c: Concept, p: string) => figures.get(figureKey(c, p))?.fact;
    const ratios = deriveRatios([...figures.values()].map((f) => f.fact), get);
    const margins = new Map(ratios.filter((r) => r.ratio === 'margin').map((r) => [figureKey(r.concept, r.period), r]));
    ratiosBuilt = true;
    return { ratios, margins };
  });

  const read = sources.reduce((n, s) => n + releaseSummary(s).facts, 0);
  let ratiosBuilt = false;
  const ratioTotal = once(() => {
    const { figures } = figuresOf();
    return ratiosBuilt ? ratiosOf().ratios.length : ratioCount([...figures.values()].map((f) => f.fact), (c, p) => figures.get(figureKey(c, p))?.fact);
  });

  const factsOf = once(() => {
    const { flagged, derived } = figuresOf();
    const read: Fact[] = [];
    for (const source of sources) for (const f of source.facts) read.push(f.kind === 'statement' ? (flagged.get(f) ?? f) : f);
    return Object.freeze([...read, ...derived, ...ratiosOf().ratios]);
  });

  // Sentences that qualify a figure (exclusions, one-time items, credits), read once.
  const qualifying = once(() =>
    of('sentence')
      .filter((f) => f.section !== 'about' && REMARK.test(f.text))
      .map((s) => ({ s, words: ` ${normaliseLabel(s.text)} `, periods: [...s.periods, ...s.numbers.flatMap((n) => (n.period ? [n.period] : []))] })),
  );
  const remarkCache = new Map<string, readonly SentenceFact[]>();
  // A remark applies to a figure when it names the metric and speaks of the figure's period or a part of it.
  const remarks = (concept: Concept, period: string) => {
    const key = figureKey(concept, period);
    const cached = remarkCache.get(key);
    if (cached) return cached;
    const words = conceptWords.get(concept) ?? [];
    const found = qualifying()
      .filter((q) => q.periods.some((p) => periodCovers(period, p)) && words.some((w) => namesConcept(q.words, concept, w)))
      .map((q) => q.s);
    remarkCache.set(key, found);
    return found;
  };

  const people = once(() => {
    const names: string[] = [];
    for (const source of sources) for (const f of source.facts) if (f.kind === 'contact') names.push(f.name); else if (f.kind === 'quote') names.push(f.speaker);
    return Object.freeze(names);
  });

  const search = buildSearch(() => ({ quotes: of('quote'), contacts: of('contact'), sentences: of('sentence'), events: of('event'), definitions: of('definition') }));
  book = {
    company,
    releases: Object.freeze(releases),
    get facts() {
      return factsOf();
    },
    get factCount() {
      return read + figuresOf().derived.length + ratioTotal();
    },
    ofKind: <K extends ReadKind>(kind: K) => (kind === 'release' ? releases : of(kind)) as readonly FactOfKind<K>[],
    get printedConcepts() {
      return printedConcepts();
    },
    get people() {
      return people();
    },
    figure: (concept, period) => figuresOf().figures.get(figureKey(concept, period)),
    periodsOf: (concept) => figuresOf().periodsByConcept.get(concept) ?? [],
    conceptsIn: (period) => figuresOf().conceptsByPeriod.get(period) ?? [],
    remarks,
    margin: (concept, period) => ratiosOf().margins.get(figureKey(concept, period)),
    describePeriod: (period) => describePrinted(period, figuresOf().printedPeriods.get(period), company.fiscalYearEnd, figuresOf().countsWeeks),
    endsOf: (period) => figuresOf().printedPeriods.get(period)?.ends,
    search,
    get warnings() {
      return figuresOf().warnings;
    },
  };
  WARM.set(book, () => {
    void book.warnings;
    void book.factCount;
    qualifying();
  });
  return Object.freeze(book);
}

const ADDITIVE = CONCEPT_IDS.filter(isAdditive);
