/** `/call period:<period>`: the teleconference of a release: when, dial-in, replay, pass code, webcast. */
import type { EventFact } from '../knowledge/facts.ts';
import { parsePeriodId, shortPeriod } from '../knowledge/periods.ts';
import type { Book } from '../knowledge/snapshot.ts';
import { answer, cite, type Answer } from './answer.ts';
import type { ReleaseFact } from '../knowledge/facts.ts';
import { invalid, optionalPeriod } from './understand/options.ts';
import { periodLabel } from './understand/describe.ts';
import type { CallField, Question } from './understand/question.ts';
import { defineCommand, option } from './spec.ts';

const withCode = (phones: readonly string[], code: string | undefined) => `${phones.join(' or ')}${code ? `, pass code ${code}` : ''}`;
/** "June 19, 2014 at 2:00 p.m. Pacific", as much of it as the release gives. */
const when = (e: EventFact) => [e.date, e.time && `at ${e.time} ${e.timeZone}`.trim()].filter(Boolean).join(' ');

function eventFields(e: EventFact) {
  return [
    ...(e.date || e.time ? [{ name: 'When', value: `${e.date}${e.date && e.time ? ', ' : ''}${e.time} ${e.timeZone}`.trim(), inline: true }] : []),
    ...(e.dialIn.length > 0 ? [{ name: 'Dial in', value: withCode(e.dialIn, e.dialInPassCode) + (e.dialIn.length > 1 ? ' (international)' : ''), inline: true }] : []),
    ...(e.replay.length > 0 ? [{ name: 'Replay', value: `${withCode(e.replay, e.passCode)}${e.replayUntil ? `, until ${e.replayUntil}` : ''}` }] : []),
    ...(e.webcast ? [{ name: 'Webcast', value: e.webcast }] : []),
    ...(e.replayWebcast ? [{ name: 'Replay online', value: e.replayWebcast }] : []),
  ];
}

/** The release's first period of time (its quarter), not a balance-sheet date. */
const quarterOf = (release: ReleaseFact) => release.periods.find((p) => parsePeriodId(p)?.kind === 'duration') ?? release.periods[0] ?? '';

/** The teleconference a release announces, the asked detail first. */
export function callAnswer(release: ReleaseFact | undefined, q: Extract<Question, { intent: 'call' }>, book: Book): Answer {
  const event = release && book.search.events.find((e) => e.release === release.release);
  if (!event || !release) {
    const covered = book.releases.map((r) => shortPeriod(quarterOf(r))).join(', ');
    return answer('not_found', 'Teleconference: not in the releases', `Not in the releases: no release in the set announces a teleconference${q.release ? ` for ${periodLabel(q.release)}` : ''}.`, {
      fields: [{ name: 'Releases cover', value: covered || 'nothing' }],
    });
  }
  const how = event.dialIn.length > 0 ? `dial ${withCode(event.dialIn.slice(0, 1), event.dialInPassCode)}` : event.webcast ? `webcast ${event.webcast}` : '';
  const lead = q.field ? detail(event, q.field) : `${when(event)}${how ? `: ${how}` : ''}${event.passCode ? `; replay pass code ${event.passCode}` : ''}.`;
  return answer('events', `Teleconference — ${event.subject || shortPeriod(quarterOf(release))} results`, lead, {
    fields: eventFields(event),
    sources: [cite(event)],
    facts: [event],
  });
}

function detail(e: EventFact, field: CallField): string {
  switch (field) {
    case 'when': return `The call was held ${when(e) || 'on a day the release does not give'}.`;
    case 'dial_in': return e.dialIn.length > 0 ? `Dial in: ${withCode(e.dialIn, e.dialInPassCode)}.` : `Not in the releases: this release gives no dial-in number${e.webcast ? `; the call was webcast at ${e.webcast}` : ''}.`;
    // The second number of a dial-in is the international one, as the releases print it; with one, none is said to be.
    case 'international': return e.dialIn.length > 1 ? `International callers: ${e.dialIn.slice(1).join(' or ')}.` : `Not in the releases: this release gives no number for international callers${e.dialIn[0] ? `; its dial-in is ${e.dialIn[0]}` : ''}.`;
    case 'replay':
      if (e.replay.length > 0) return `Replay: ${withCode(e.replay, e.passCode)}${e.replayUntil ? `, available until ${e.replayUntil}` : ''}${e.replayWebcast ? `; online at ${e.replayWebcast}` : ''}.`;
      return e.replayWebcast ? `Replay online: ${e.replayWebcast} (no replay number is given).` : 'Not in the releases: this release gives no replay number.';
    // Both given when both are printed: the live call's and the replay's are different codes (Oracle's 822011 and 1625971).
    case 'pass_code':
      if (e.passCode && e.dialInPassCode) return `Pass code of the live call: ${e.dialInPassCode}; of the replay: ${e.passCode}.`;
      return e.passCode ? `Replay pass code: ${e.passCode}.` : e.dialInPassCode ? `Pass code of the live call: ${e.dialInPassCode} (the release gives none for a replay).` : 'Not in the releases: this release gives no pass code.';
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
