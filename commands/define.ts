/** `/define term:<term> period:<period>`: how the releases define a term (EBITDA), release by release. */
import { saysWords } from '../knowledge/concepts.ts';
import { longDate } from '../knowledge/periods.ts';
import type { Book } from '../knowledge/snapshot.ts';
import { answer, cite, type Answer } from './answer.ts';
import type { ReleaseFact } from '../knowledge/facts.ts';
import { defineCommand, option } from './spec.ts';
import { invalid, optionalPeriod } from './understand/options.ts';

/** How the releases define a term; `releases` given: only those releases' definitions. */
export function defineAnswer(term: string, releases: ReadonlyArray<ReleaseFact | undefined>, book: Book): Answer {
  // Either says the other in whole words ("what is EBITDA" and "EBITDA"; "a" is in no term).
  const all = book.search.definitions.filter((d) => saysWords(term, d.term) || saysWords(d.term, term));
  const named = releases.filter((r): r is ReleaseFact => r !== undefined).map((r) => r.release);
  const chosen = named.length > 0 ? all.filter((d) => named.includes(d.release)) : all;
  if (chosen.length === 0) {
    const terms = [...new Set(book.search.definitions.map((d) => d.term))];
    return answer('not_found', 'No definition found', `Not in the releases${named.length ? ` (${named.join(', ')})` : ''}: no definition of "${term}".`, {
      fields: [{ name: 'Defined terms', value: terms.join(', ') || 'none' }],
    });
  }
  // Releases that print the same definition are listed together: the reader sees where it changed.
  const groups = new Map<string, typeof chosen>();
  for (const d of chosen) groups.set(d.definition, [...(groups.get(d.definition) ?? []), d]);
  const distinct = groups.size;
  return answer('definitions', `Definition — ${chosen[0]?.term ?? term}`, distinct > 1 ? `The definition differs between releases: ${distinct} versions.` : `As the release${chosen.length > 1 ? 's' : ''} define${chosen.length > 1 ? '' : 's'} it.`, {
    fields: [...groups.values()].slice(0, 4).map((ds) => ({
      name: ds.map((d) => `${d.release} (${longDate(d.date)})`).join(', '),
      value: ds[0]?.definition ?? '',
    })),
    sources: chosen.map(cite),
    facts: chosen,
  });
}

export const define = defineCommand({
  name: 'define',
  scoped: true,
  description: 'How the releases define a term, such as EBITDA',
  options: {
    term: option('text', 'The term, e.g. EBITDA', true),
    period: option('period', 'Only the release for this quarter, e.g. Q1 2003', false),
  },
  examples: ['/define EBITDA', '/define EBITDA Q1 2003'],
  read({ term, period }, snapshot) {
    const p = optionalPeriod(period, snapshot);
    if (!p.ok) return invalid('period', p);
    return { kind: 'question', question: { intent: 'define', term, releases: p.value ? [p.value] : [] } };
  },
});
