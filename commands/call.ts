/** `/call period:<period>`: the teleconference of a release: when, dial-in, replay, pass code, webcast. */
import type { EventFact } from '../knowledge/facts.ts';
import { shortPeriod } from '../knowledge/periods.ts';
import type { Book } from '../knowledge/snapshot.ts';
import { answer, cite, type Answer } from './answer.ts';
import type { ReleaseFact } from '../knowledge/facts.ts';
import { invalid, optionalPeriod } from './understand/options.ts';
import { periodLabel } from './understand/describe.ts';
import type { CallField, Question } from './understand/question.ts';
import { defineCommand, option } from './spec.ts';

function eventFields(e: EventFact) {
  return [
    { name: 'When', value: `${e.date}, ${e.time} ${e.timeZone}`.trim(), inline: true },
    { name: 'Dial in', value: e.dialIn.join(' or ') + (e.dialIn.length > 1 ? ' (international)' : ''), inline: true },
    { name: 'Replay', value: `${e.replay.join(' or ')}${e.replayUntil ? `, until ${e.replayUntil}` : ''}${e.passCode ? `; pass code ${e.passCode}` : ''}` },
    ...(e.webcast ? [{ name: 'Webcast', value: e.webcast }] : []),
  ];
}

/** The teleconference a release announces, the asked detail first. */
export function callAnswer(release: ReleaseFact | undefined, q: Extract<Question, { intent: 'call' }>, book: Book): Answer {
  const event = release && book.search.events.find((e) => e.release === release.release);
  if (!event || !release) {
    const covered = book.releases.map((r) => shortPeriod(r.periods[0] ?? '')).join(', ');
    return answer('not_found', 'Teleconference: not in the releases', `Not in the releases: no release in the set announces a teleconference${q.release ? ` for ${periodLabel(q.release)}` : ''}.`, {
      fields: [{ name: 'Releases cover', value: covered || 'nothing' }],
    });
  }
  const lead = q.field ? detail(event, q.field) : `${event.date} at ${event.time} ${event.timeZone}: dial ${event.dialIn[0] ?? 'n/a'}${event.passCode ? `; replay pass code ${event.passCode}` : ''}.`;
  return answer('events', `Teleconference — ${event.subject || shortPeriod(release.periods[0] ?? '')} results`, lead, {
    fields: eventFields(event),
    sources: [cite(event)],
    facts: [event],
  });
}

function detail(e: EventFact, field: CallField): string {
  switch (field) {
    case 'when': return `The call was held ${e.date} at ${e.time} ${e.timeZone}.`;
    case 'dial_in': return `Dial in: ${e.dialIn.join(' or ')}.`;
    case 'international': return `International callers: ${e.dialIn.slice(1).join(' or ') || e.dialIn[0] || 'not given'}.`;
    case 'replay': return `Replay: ${e.replay.join(' or ')}${e.replayUntil ? `, available until ${e.replayUntil}` : ''}${e.passCode ? `; pass code ${e.passCode}` : ''}.`;
    case 'pass_code': return e.passCode ? `Replay pass code: ${e.passCode}.` : 'Not in the releases: this release gives no replay pass code.';
    case 'webcast': return e.webcast ? `Webcast: ${e.webcast}.` : 'Not in the releases: this release mentions no webcast.';
  }
}

/** Which release's call? Each release had its own: asked back with every one listed. */
export function callChoices(q: Extract<Question, { intent: 'call' }>, book: Book): Answer {
  const events = book.search.events;
  const field = q.field ?? 'when';
  return answer('clarify', 'Which teleconference?', `Each release announced its own call. Which one did you mean?\n${events.map((e) => `• ${e.subject || e.release}: ${detail(e, field)}`).join('\n')}`, {
    sources: events.map(cite),
    facts: [...events],
  });
}

export const call = defineCommand({
  name: 'call',
  scoped: true,
  description: 'The earnings teleconference: time, dial-in, replay and pass code',
  options: { period: option('period', 'The quarter it discussed, e.g. Q4 2003 (default: the latest)', false) },
  examples: ['/call Q4 2003', '/call Q1 2003'],
  read({ period }, snapshot) {
    const p = optionalPeriod(period, snapshot);
    if (!p.ok) return invalid('period', p);
    return { kind: 'question', question: { intent: 'call', ...(p.value ? { release: p.value } : {}) } };
  },
});
