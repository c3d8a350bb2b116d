/**
 * Search for what people look up by words rather than by key: contacts and metric names with
 * fuse.js, sentences and quotes with a word index (fuse.js mends their typos). Figures are never found
 * this way; they are looked up exactly.
 */
import Fuse from 'fuse.js';
import { CONCEPTS, type Concept } from './concepts.ts';
import type { ContactFact, DefinitionFact, EventFact, Fact, QuoteFact, SentenceFact } from './facts.ts';
import { buildTextIndex, type TextIndex } from './text-index.ts';

export interface MetricName {
  concept: Concept;
  name: string;
}

export interface SearchIndexes {
  quotes: TextIndex<QuoteFact>;
  contacts: Fuse<ContactFact>;
  sentences: TextIndex<SentenceFact>;
  metrics: Fuse<MetricName>;
  events: readonly EventFact[];
  definitions: readonly DefinitionFact[];
}

export function buildSearch(facts: readonly Fact[]): SearchIndexes {
  const of = <K extends Fact['kind']>(kind: K) => facts.filter((f): f is Extract<Fact, { kind: K }> => f.kind === kind);
  const metricNames: MetricName[] = CONCEPTS.flatMap((c) =>
    [c.name, c.id.replace(/_/g, ' '), ...c.labels, ...c.synonyms].map((name) => ({ concept: c.id, name })),
  );
  return {
    quotes: buildTextIndex(of('quote'), (q) => `${q.speaker} ${q.quote}`),
    contacts: new Fuse(of('contact'), { includeScore: true, ignoreLocation: true, threshold: 0.35, keys: ['role', 'name', 'organisation', 'email'] }),
    sentences: buildTextIndex(of('sentence'), (s) => s.text),
    metrics: new Fuse(metricNames, { includeScore: true, threshold: 0.34, ignoreLocation: true, keys: ['name'] }),
    events: of('event'),
    definitions: of('definition'),
  };
}
