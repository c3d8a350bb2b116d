/**
 * The knowledge snapshot: every fact of every release, checked, resolved and indexed, built in one
 * pass and never changed after. A reload builds a new one; nothing mutates this one.
 *
 * Releases are grouped by company first, and each company's releases make its own book: lookups,
 * checks, restatements, misprints and derived figures work within one book, so two companies'
 * figures never meet.
 */
import { CONCEPT_IDS, conceptInfo, isAdditive, normaliseLabel, type Concept } from './concepts.ts';
import { checkPeriodSums, checkRelease, figureKey, restatementWarning } from './checks.ts';
import { deriveAmounts, deriveRatios } from './derive.ts';
import type { DerivedFact, Fact, FigureFact, RatioFact, ReleaseFact, SentenceFact, StatementFact, Warning } from './facts.ts';
import type { ParsedRelease } from './parse/release.ts';
import { comparePeriods, describePrinted, parsePeriodId, periodCovers, periodYear, type PrintedPeriod } from './periods.ts';
import { addTo } from './multimap.ts';
import { agree, significantDigits } from './precision.ts';
import { buildSearch, type SearchIndexes } from './search.ts';

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

/** One company's knowledge: what every question about a figure, a quote or a contact reads. */
export interface Book {
  company: Company;
  /** Releases, oldest first. */
  releases: readonly ReleaseFact[];
  facts: readonly Fact[];
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
  search: SearchIndexes;
}

/** What reading words needs of the knowledge, one company's or all of it: the releases and their facts. */
export type FactSource = Pick<Book, 'releases' | 'facts'>;

/** Every company's book, and what all of them share: the releases read, refused and warned about. */
export interface Snapshot {
  /** Companies by name. */
  companies: readonly Company[];
  books: readonly Book[];
  book(key: string): Book | undefined;
  /** Every release, oldest first. */
  releases: readonly ReleaseFact[];
  facts: readonly Fact[];
  warnings: readonly Warning[];
  refused: readonly Refusal[];
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
  const chosen = new Map<string, StatementFact>();
  const misprinted = new Set<StatementFact>();
  for (const [release, facts] of byRelease) {
    const check = checkRelease(release, facts);
    warnings.push(...check.warnings);
    for (const [key, f] of check.chosen) chosen.set(`${release}|${key}`, f);
    for (const f of check.misprints) misprinted.add(f);
  }

  const byKey = new Map<string, StatementFact[]>();
  for (const f of statements) {
    const key = figureKey(f.concept, f.period);
    addTo(byKey, key, f);
  }
  const figures = new Map<string, Figure>();
  const flags = new Map<StatementFact, NonNullable<StatementFact['flags']>>([...misprinted].map((f) => [f, ['misprint']]));
  for (const [key, all] of byKey) {
    const printings = [...all].sort((a, b) => rank(b.release) - rank(a.release) || a.line - b.line);
    // One printing per release: the one its arithmetic chose, else its first that is not a misprint.
    const perRelease = [...new Set(printings.map((p) => p.release))].map(
      (release) => chosen.get(`${release}|${key}`) ?? (printings.find((p) => p.release === release && !misprinted.has(p)) as StatementFact),
    ).filter(Boolean);
    const served = perRelease[0];
    if (!served) continue;
    const notes: FigureNote[] = [];
    for (const bad of printings.filter((p) => misprinted.has(p))) {
      notes.push({ kind: 'misprint', text: `${bad.release} line ${bad.line} prints ${bad.printed} here; the release's own arithmetic and line ${served.line} give ${served.printed}` });
    }
    const restated: StatementFact[] = [];
    const finer: StatementFact[] = [];
    for (const earlier of perRelease.slice(1)) {
      const warning = restatementWarning(served, earlier);
      if (warning) {
        warnings.push(warning);
        restated.push(earlier);
        for (const p of printings.filter((x) => x.release === earlier.release)) addTo(flags, p, 'superseded');
      } else if (agree(served, earlier) && significantDigits(earlier) > significantDigits(served)) {
        finer.push(earlier);
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
    figures.set(key, { concept: served.concept, period: served.period, value: served.value, fact: served, printings, notes });
  }
  // The printings a figure lists are the flagged facts, the same objects the facts list holds.
  const flagged = new Map([...flags].map(([f, fl]) => [f, { ...f, flags: fl }]));
  for (const figure of figures.values()) figure.printings = figure.printings.map((p) => flagged.get(p) ?? p);
  return { figures, flagged };
}

const scaleWord = (f: StatementFact | undefined) => (f?.multiplier === 1e3 ? ' thousand' : f?.multiplier === 1e6 ? ' million' : '');

/** A metric's name and synonyms, normalised: the words that tie a sentence to it. */
const conceptWords = new Map(CONCEPT_IDS.map((c) => {
  const info = conceptInfo(c);
  return [c, [info.name, ...info.synonyms].map(normaliseLabel).filter((w) => w.length > 2)] as const;
}));

const REMARK = /excluding|one-time|non-recurring|credit|reclass|restat/i;

export function buildSnapshot(parsed: readonly ParsedRelease[]): Snapshot {
  const warnings: Warning[] = [];
  const refused: Refusal[] = [];
  const byCompany = new Map<string, Fact[]>();
  for (const p of parsed) {
    if (!p.ok) {
      refused.push({ release: p.release, reason: p.reason });
      warnings.push({ code: 'not_a_release', release: p.release, message: `${p.release} is not used: ${p.reason}` });
      continue;
    }
    // One at a time: a spread of a release's facts into push would overflow the stack on a huge one.
    for (const f of p.facts) addTo(byCompany, f.company, f);
    for (const w of p.warnings) warnings.push(w);
  }
  const books = [...byCompany].map(([key, facts]) => buildBook(key, facts, warnings));
  books.sort((a, b) => a.company.name.localeCompare(b.company.name));
  const byKey = new Map(books.map((b) => [b.company.key, b]));
  const snapshot: Snapshot = {
    companies: Object.freeze(books.map((b) => b.company)),
    books: Object.freeze(books),
    book: (key) => byKey.get(key),
    releases: Object.freeze(books.flatMap((b) => b.releases).sort((a, b) => a.date.localeCompare(b.date) || a.release.localeCompare(b.release))),
    facts: Object.freeze(books.flatMap((b) => b.facts)),
    warnings: Object.freeze(warnings),
    refused: Object.freeze(refused),
  };
  return Object.freeze(snapshot);
}

/** One company's book from the facts of its releases; its checks' warnings go to `warnings`. */
function buildBook(key: string, parsedFacts: readonly Fact[], warnings: Warning[]): Book {
  const releases = parsedFacts
    .filter((f): f is ReleaseFact => f.kind === 'release')
    .sort((a, b) => a.date.localeCompare(b.date) || a.release.localeCompare(b.release));
  const statements = parsedFacts.filter((f): f is StatementFact => f.kind === 'statement');
  const { figures, flagged } = resolveFigures(statements, releases, warnings);
  const printed = (c: Concept, p: string) => {
    const f = figures.get(figureKey(c, p))?.fact;
    return f?.kind === 'statement' ? f : undefined;
  };
  const years = [...new Set([...figures.values()].map((f) => parsePeriodId(f.period)).filter((p) => p !== undefined).map(periodYear))].sort();
  warnings.push(...checkPeriodSums(CONCEPT_IDS.filter(isAdditive), years, printed));

  const derived: DerivedFact[] = deriveAmounts(years, (c, p) => figures.get(figureKey(c, p))?.fact);
  for (const d of derived) figures.set(figureKey(d.concept, d.period), { concept: d.concept, period: d.period, value: d.value, fact: d, printings: [], notes: [] });
  const get = (c: Concept, p: string) => figures.get(figureKey(c, p))?.fact;
  const ratios = deriveRatios([...figures.values()].map((f) => f.fact), get);
  const margins = new Map(ratios.filter((r) => r.ratio === 'margin').map((r) => [figureKey(r.concept, r.period), r]));

  const periodsByConcept = new Map<Concept, string[]>();
  const conceptsByPeriod = new Map<string, Concept[]>();
  for (const f of figures.values()) {
    addTo(periodsByConcept, f.concept, f.period);
    addTo(conceptsByPeriod, f.period, f.concept);
  }
  for (const list of periodsByConcept.values()) list.sort(comparePeriods);

  // Sentences that qualify a figure (exclusions, one-time items, credits), read once.
  const qualifying = parsedFacts
    .filter((f): f is SentenceFact => f.kind === 'sentence' && f.section !== 'about' && REMARK.test(f.text))
    .map((s) => ({ s, words: ` ${normaliseLabel(s.text)} `, periods: [...s.periods, ...s.numbers.flatMap((n) => (n.period ? [n.period] : []))] }));
  const remarkCache = new Map<string, readonly SentenceFact[]>();
  // A remark applies to a figure when it names the metric and speaks of the figure's period or a part of it.
  const remarks = (concept: Concept, period: string) => {
    const key = figureKey(concept, period);
    const cached = remarkCache.get(key);
    if (cached) return cached;
    const words = conceptWords.get(concept) ?? [];
    const found = qualifying
      .filter((q) => q.periods.some((p) => periodCovers(period, p)) && words.some((w) => q.words.includes(` ${w} `)))
      .map((q) => q.s);
    remarkCache.set(key, found);
    return found;
  };

  const facts: Fact[] = [...parsedFacts.map((f) => (f.kind === 'statement' ? (flagged.get(f) ?? f) : f)), ...derived, ...ratios];
  const latest = releases[releases.length - 1];
  const company: Company = {
    key,
    name: latest?.companyName ?? key,
    ...(latest?.ticker ? { ticker: latest.ticker } : {}),
    ...(latest?.exchange ? { exchange: latest.exchange } : {}),
    releases: releases.map((r) => r.release),
    fiscalYearEnd: latest?.fiscalYearEnd ?? 12,
  };
  // The printed end of each period: the first statement column that prints one.
  const printedPeriods = new Map<string, PrintedPeriod>();
  for (const f of statements) if (f.ends && !printedPeriods.has(f.period)) printedPeriods.set(f.period, { ends: f.ends, ...(f.weeks ? { weeks: f.weeks } : {}) });
  const book: Book = {
    company: Object.freeze(company),
    releases: Object.freeze(releases),
    facts: Object.freeze(facts),
    figure: (concept, period) => figures.get(figureKey(concept, period)),
    periodsOf: (concept) => periodsByConcept.get(concept) ?? [],
    conceptsIn: (period) => conceptsByPeriod.get(period) ?? [],
    remarks,
    margin: (concept, period) => margins.get(figureKey(concept, period)),
    describePeriod: (period) => describePrinted(period, printedPeriods.get(period), company.fiscalYearEnd),
    search: buildSearch(parsedFacts),
  };
  return Object.freeze(book);
}
