/**
 * Finding the release a question is about: by the period it reports ("the Q1 2003 release") or,
 * without one, the latest.
 */
import type { ReleaseFact } from '../knowledge/facts.ts';
import type { Book } from '../knowledge/snapshot.ts';
import type { PeriodQuery } from '../knowledge/period-grammar.ts';
import { parsePeriodId, periodEnd } from '../knowledge/periods.ts';
import { periodIdOf } from './understand/resolve.ts';

/** When a period ends, for a period id; none for an id that is no period. */
const endOf = (id: string | undefined) => {
  const p = id ? parsePeriodId(id) : undefined;
  return p ? periodEnd(p) : undefined;
};

/**
 * The release whose own (first-printed) period is the one asked, else one that reports it as its own (a period
 * ending when its latest does: FY 2003 in the Q4 2003 release), else the latest release. Never a release that
 * prints the period only as a comparative column: "the Q4 2002 release" is not the Q4 2003 one.
 */
export function releaseFor(book: Book, period: string | undefined): ReleaseFact | undefined {
  if (period) return book.releases.find((r) => r.periods[0] === period) ?? book.releases.find((r) => r.periods.includes(period) && endOf(period) === latestEnd(r));
  return book.releases[book.releases.length - 1];
}

/** The day a release's latest period ends: what it reports (Apple's prints its balance sheet first, its quarter after). */
const latestEnd = (r: ReleaseFact) => r.periods.map(endOf).reduce<string | undefined>((latest, end) => (end && (!latest || end > latest) ? end : latest), undefined);

/**
 * The release a question names: "the Q1 2003 release" (the period it reports), "the August 2003
 * release" or "May 2003" (the month it was published), "the year-end release" (the year it closes).
 */
export function releaseOf(book: Book, query: PeriodQuery | undefined): ReleaseFact | undefined {
  if (!query) return book.releases[book.releases.length - 1];
  if (query.kind === 'date' || query.kind === 'monthEnd') {
    const month = query.kind === 'date' ? query.date.slice(0, 7) : undefined;
    const published = book.releases.find((r) => (month ? r.date.startsWith(month) : Number(r.date.slice(5, 7)) === (query as { month: number }).month));
    if (published) return published;
  }
  const id = periodIdOf(query, book);
  return id ? releaseFor(book, id) : undefined;
}
