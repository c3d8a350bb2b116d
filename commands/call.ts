/** `/call period:<period>`: the teleconference of a release: when, dial-in, replay, pass code, webcast. */
import type { EventFact } from '../knowledge/facts.ts';
import { shortPeriod } from '../knowledge/periods.ts';
import type { Snapshot } from '../knowledge/snapshot.ts';
import { answer, cite, type Answer } from './answer.ts';
import { releaseFor } from './releases.ts';
import { defineCommand, option } from './spec.ts';
import { findPeriods } from './understand/period-text.ts';
import { periodIdOf } from './understand/resolve.ts';

function eventFields(e: EventFact) {
  return [
    { name: 'When', value: `${e.date}, ${e.time} ${e.timeZone}`.trim(), inline: true },
    { name: 'Dial in', value: e.dialIn.join(' or ') + (e.dialIn.length > 1 ? ' (international)' : ''), inline: true },
    { name: 'Replay', value: `${e.replay.join(' or ')}${e.replayUntil ? `, until ${e.replayUntil}` : ''}${e.passCode ? `; pass code ${e.passCode}` : ''}` },
    ...(e.webcast ? [{ name: 'Webcast', value: e.webcast }] : []),
  ];
}

export function callAnswer(periodText: string | undefined, snapshot: Snapshot): Answer {
  const query = periodText ? findPeriods(periodText)[0]?.query : undefined;
  const period = query ? periodIdOf(query, snapshot) : undefined;
  const release = releaseFor(snapshot, period);
  const event = release && snapshot.search.events.find((e) => e.release === release.release);
  if (!event || !release) {
    const covered = snapshot.releases.map((r) => shortPeriod(r.periods[0] ?? '')).join(', ');
    return answer('not_found', 'No teleconference found', `No release in the set announces a teleconference${period ? ` for ${shortPeriod(period)}` : ''}.`, {
      fields: [{ name: 'Releases cover', value: covered || 'nothing' }],
    });
  }
  return answer('events', `Teleconference — ${event.subject || shortPeriod(release.periods[0] ?? '')} results`, `${event.date} at ${event.time} ${event.timeZone}: dial ${event.dialIn[0] ?? 'n/a'}${event.passCode ? `; replay pass code ${event.passCode}` : ''}.`, {
    fields: eventFields(event),
    sources: [cite(event)],
    facts: [event],
  });
}

export const call = defineCommand({
  name: 'call',
  description: 'The earnings teleconference: time, dial-in, replay and pass code',
  options: { period: option('period', 'The quarter it discussed, e.g. Q4 2003 (default: the latest)', false) },
  examples: ['/call Q4 2003', '/call Q1 2003'],
  run: ({ period }, { snapshot }) => callAnswer(period, snapshot),
});
