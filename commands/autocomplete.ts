/**
 * Autocomplete for metric, period and company options: ranked, at most 25 choices (the transport fits
 * each name to its own limit). Period choices are the periods that have the chosen metric, with their
 * figure, in the chosen company's book (or the only one).
 * Answered from the snapshot in memory: well within Discord's 3 seconds.
 */
import { CONCEPTS, conceptInfo, normaliseLabel, type Concept } from '../knowledge/concepts.ts';
import { comparePeriods, describePeriod, isRolling, shortPeriod } from '../knowledge/periods.ts';
import type { Book, Snapshot } from '../knowledge/snapshot.ts';
import { bookFor, companyChoices, parseCompanyOption } from './understand/companies.ts';
import { notGivenAlone } from './figures.ts';
import { formatFigure } from './format.ts';
import type { OptionKind } from './spec.ts';
import { parseMetricOption } from './understand/options.ts';
import { findPeriods } from '../knowledge/period-grammar.ts';
import { resolvePeriod } from './understand/resolve.ts';

export interface Choice {
  name: string;
  value: string;
}

export const MAX_CHOICES = 25;

function metricChoices(typed: string, snapshot: Snapshot): Choice[] {
  const have = new Set(snapshot.printedConcepts);
  const concepts = CONCEPTS.filter((c) => have.has(c.id));
  const words = normaliseLabel(typed);
  const score = (c: (typeof CONCEPTS)[number]): number => {
    if (!words) return 0;
    const names = [c.name, ...c.labels, ...c.synonyms].map(normaliseLabel);
    if (names.some((n) => n.startsWith(words))) return 0;
    if (names.some((n) => n.includes(words))) return 1;
    return 3;
  };
  const ranked = concepts.map((c) => ({ c, s: score(c) })).filter((x) => x.s < 3);
  const fuzzy = words.length >= 3 && ranked.length === 0 ? parseMetricOption(typed, snapshot) : undefined;
  const list = fuzzy?.ok && fuzzy.value.kind === 'concept' ? [{ c: conceptInfo(fuzzy.value.concept), s: 2 }] : ranked;
  return list
    .sort((a, b) => a.s - b.s)
    .slice(0, MAX_CHOICES)
    .map(({ c }) => ({ name: c.name, value: c.name }));
}

function periodChoices(typed: string, metric: string | undefined, snapshot: Snapshot, book: Book | undefined): Choice[] {
  const match = metric ? parseMetricOption(metric, snapshot) : undefined;
  const concept: Concept | undefined = match?.ok && match.value.kind === 'concept' ? match.value.concept : undefined;
  const periods = concept && book
    ? book.periodsOf(concept).filter((p) => !isRolling(p))
    : [...new Set((book ?? snapshot).releases.flatMap((r) => r.periods))];
  periods.sort((a, b) => comparePeriods(b, a));
  const query = findPeriods(typed)[0]?.query;
  const exact = query && concept && book ? resolvePeriod(query, concept, book) : undefined;
  const first = exact && 'found' in exact ? exact.found.period : undefined;
  const words = normaliseLabel(typed);
  const matches = (p: string) => !words || normaliseLabel(`${shortPeriod(p)} ${describePeriod(p)} ${p}`).includes(words) || p === first;
  const ordered = [...(first ? [first] : []), ...periods.filter((p) => p !== first && matches(p))];
  return ordered.slice(0, MAX_CHOICES).map((p) => {
    const found = concept ? book?.figure(concept, p) : undefined;
    // A figure that is mostly rounding is not shown beside its period, as it is not given when asked.
    const figure = found && !notGivenAlone(found) ? found : undefined;
    const value = figure ? ` — ${formatFigure(figure.fact)}${figure.fact.kind === 'derived' ? ' (derived)' : ''}` : '';
    return { name: `${shortPeriod(p)}${value}`, value: p };
  });
}

/** Choices for the option being typed; `others` are the options already filled in. */
export function autocomplete(kind: OptionKind, typed: string, others: Record<string, string>, snapshot: Snapshot): Choice[] {
  if (kind === 'metric') return metricChoices(typed, snapshot);
  if (kind === 'company') return companyChoices(typed, snapshot).slice(0, MAX_CHOICES);
  if (kind === 'period') {
    const named = others.company ? parseCompanyOption(others.company, snapshot) : undefined;
    return periodChoices(typed, others.metric, snapshot, bookFor(snapshot, named?.ok ? named.value : undefined));
  }
  return [];
}
