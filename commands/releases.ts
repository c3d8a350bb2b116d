/**
 * Finding the release a question is about: by the period it reports ("the Q1 2003 release") or,
 * without one, the latest.
 */
import type { ReleaseFact } from '../knowledge/facts.ts';
import type { Snapshot } from '../knowledge/snapshot.ts';

/** The release whose own (first-printed) period is the one asked, else the latest release. */
export function releaseFor(snapshot: Snapshot, period: string | undefined): ReleaseFact | undefined {
  if (period) return snapshot.releases.find((r) => r.periods[0] === period) ?? snapshot.releases.find((r) => r.periods.includes(period));
  return snapshot.releases[snapshot.releases.length - 1];
}
