/**
 * Fuzzy search (fuse.js) for what people look up by words rather than by key: quotes, contacts,
 * sentences, metric names. Figures are never found this way; they are looked up exactly.
 */
import Fuse, { type IFuseOptions } from 'fuse.js';
import { CONCEPTS, type Concept } from './concepts.ts';
import type { ContactFact, DefinitionFact, EventFact, Fact, QuoteFact, SentenceFact } from './facts.ts';

export interface MetricName {
  concept: Concept;
  name: string;
}

export interface SearchIndexes {
  quotes: Fuse<QuoteFact>;
  contacts: Fuse<ContactFact>;
  sentences: Fuse<SentenceFact>;
  metrics: Fuse<MetricName>;
  events: readonly EventFact[];
  definitions: readonly DefinitionFact[];
}

/** Word search with TF-IDF for prose: a query's rare words weigh more than "the" or "company". */
const prose = <T>(keys: IFuseOptions<T>['keys']): IFuseOptions<T> => ({ useTokenSearch: true, includeScore: true, ignoreLocation: true, threshold: 0.4, keys });

export function buildSearch(facts: readonly Fact[]): SearchIndexes {
  const of = <K extends Fact['kind']>(kind: K) => facts.filter((f): f is Extract<Fact, { kind: K }> => f.kind === kind);
  const metricNames: MetricName[] = CONCEPTS.flatMap((c) =>
    [c.name, c.id.replace(/_/g, ' '), ...c.labels, ...c.synonyms].map((name) => ({ concept: c.id, name })),
  );
  return {
    quotes: new Fuse(of('quote'), prose<QuoteFact>([{ name: 'quote', weight: 3 }, 'speaker'])),
    contacts: new Fuse(of('contact'), { includeScore: true, ignoreLocation: true, threshold: 0.35, keys: ['role', 'name', 'organisation', 'email'] }),
    sentences: new Fuse(of('sentence'), prose<SentenceFact>(['text'])),
    metrics: new Fuse(metricNames, { includeScore: true, threshold: 0.34, ignoreLocation: true, keys: ['name'] }),
    events: of('event'),
    definitions: of('definition'),
  };
}
