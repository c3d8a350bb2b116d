/**
 * A company's book as one of its releases printed it: "PP&E at December 31, 2002 in the Q1 release"
 * is the Q1 release's own printing (19,437 thousand), not the latest release's restatement (19.5
 * million). Only figures that release prints: nothing derived, nothing another release printed.
 */
import { figureKey } from './checks.ts';
import type { Concept } from './concepts.ts';
import type { ReleaseFact } from './facts.ts';
import { scaleWord, type Book, type Figure } from './snapshot.ts';

export function printedIn(book: Book, release: ReleaseFact): Book {
  const kept = new Map<string, Figure | undefined>();
  const figure = (concept: Concept, period: string): Figure | undefined => {
    const key = figureKey(concept, period);
    if (kept.has(key)) return kept.get(key);
    const served = book.figure(concept, period);
    const own = served?.printings.find((p) => p.release === release.release && !p.flags?.includes('misprint'));
    let found: Figure | undefined;
    if (served && own) {
      const latest = served.fact;
      // The release's own figure; when the latest release prints another, the note says which and what.
      const differs = latest.kind === 'statement' && latest.release !== own.release && latest.value !== own.value;
      found = {
        concept, period, value: own.value, fact: own, printings: served.printings,
        notes: differs ? [{ kind: 'restated', text: `as printed in ${own.release} line ${own.line}; the latest release, ${latest.release} line ${latest.line}, prints ${latest.printed}${scaleWord(latest)}` }] : [],
      };
    }
    kept.set(key, found);
    return found;
  };
  return {
    company: book.company,
    releases: book.releases,
    get facts() {
      return book.facts;
    },
    get factCount() {
      return book.factCount;
    },
    ofKind: (kind) => book.ofKind(kind),
    get printedConcepts() {
      return book.printedConcepts;
    },
    get people() {
      return book.people;
    },
    figure,
    periodsOf: (concept) => book.periodsOf(concept).filter((p) => figure(concept, p)),
    conceptsIn: (period) => book.conceptsIn(period).filter((c) => figure(c, period)),
    remarks: (concept, period) => book.remarks(concept, period),
    // Margins are worked out from the latest figures: none is the release's own.
    margin: () => undefined,
    describePeriod: (period) => book.describePeriod(period),
    endsOf: (period) => book.endsOf(period),
    get search() {
      return book.search;
    },
    get warnings() {
      return book.warnings;
    },
    printedIn: release,
  };
}
