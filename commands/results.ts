/**
 * `/results period:<period>` and "how did Q4 go?": the headline figures of a period (revenue, EBITDA,
 * operating and net income, EPS basic and diluted), each against a year earlier, with the release's
 * headline and its teleconference.
 */
import { conceptInfo, type Concept } from '../knowledge/concepts.ts';
import { change } from '../knowledge/derive.ts';
import { shortPeriod, yearEarlier } from '../knowledge/periods.ts';
import type { Book } from '../knowledge/snapshot.ts';
import type { SentenceFact } from '../knowledge/facts.ts';
import { answer, cite, uniqueCitations } from './answer.ts';
import { printedChange, rateSaid } from './narrative.ts';
import { figureSources, notGivenAlone } from './figures.ts';
import { belowZeroChange, derivedMark, formatFigure, percent } from './format.ts';
import { evaluate } from './measures.ts';
import { releaseFor } from './releases.ts';
import type { Responded } from './respond.ts';
import { notAvailable, readAs } from './value-answers.ts';
import { defineCommand, option } from './spec.ts';
import { invalid, optionalPeriod } from './understand/options.ts';
import type { Question } from './understand/question.ts';
import { settledPeriod } from './understand/period-shift.ts';

/** A bank's first line is its net interest income (Chemical Banking prints no revenue). */
const HEADLINE: readonly Concept[] = ['revenue', 'net_interest_income', 'ebitda', 'operating_income', 'net_income', 'net_income_to_common', 'eps_basic', 'eps_diluted'];

/** The lines whose period settles the results' period where there is no revenue: a bank's net interest income, else the bottom line. */
const ANCHORS_AFTER_REVENUE: readonly Concept[] = ['net_interest_income', 'net_income'];

export function resultsAnswer(q: Extract<Question, { intent: 'results' }>, book: Book): Responded {
  const at = (c: Concept) => evaluate({ kind: 'concept', concept: c }, q.period ?? { kind: 'lastQuarter' }, book);
  // The top line, else the first other anchor the releases give; none: the top line's reason.
  let anchor = at('revenue');
  for (const c of ANCHORS_AFTER_REVENUE) {
    if (anchor.ok) break;
    const found = at(c);
    if (found.ok) anchor = found;
  }
  if (!anchor.ok) return { answer: notAvailable('Results', anchor.reason, q), settled: q };
  const period = anchor.value.period;
  const before = yearEarlier(period);
  const lines: string[] = [];
  const emphasis: string[] = [];
  const shown = new Set<string>();
  const sentences: SentenceFact[] = [];
  const figures = HEADLINE.flatMap((c) => {
    const now = evaluate({ kind: 'concept', concept: c }, { kind: 'id', id: period }, book);
    if (!now.ok || now.value.figures.length === 0) return [];
    const figure = now.value.figures[0] as NonNullable<(typeof now.value.figures)[number]>;
    // A release printing one "basic and diluted" line answers both: shown once.
    if (shown.has(figure.concept)) return [];
    shown.add(figure.concept);
    // A year-earlier figure derivable only as mostly rounding is no comparison.
    const found = before ? book.figure(figure.concept, before) : undefined;
    const prior = found && !notGivenAlone(found) ? found : undefined;
    const c2 = prior ? change(figure.fact, prior.fact) : undefined;
    // Printed beats computed: "EBITDA increased 24.2%" rather than 27.3% from the rounded table figures.
    const printed = prior ? printedChange(figure.concept, period, prior.period, book) : undefined;
    if (printed) sentences.push(printed.sentence);
    // A change between two losses reads backwards ("+20.77%" for a loss that narrowed): said in words too.
    const words = c2 && prior ? belowZeroChange(figure.concept, figure.fact.value, prior.fact.value, c2) : '';
    const rate = printed ? `, ${rateSaid(printed.number)} as the release reports it${c2 ? ` (${percent(c2)} computed${words})` : ''}` : c2 ? `, ${percent(c2)}${words}` : '';
    const versus = prior ? ` (${shortPeriod(prior.period)}: ${formatFigure(prior.fact)}${derivedMark(prior.fact)}${rate})` : '';
    emphasis.push(formatFigure(figure.fact));
    lines.push(`${conceptInfo(figure.concept).name}: ${formatFigure(figure.fact)}${derivedMark(figure.fact)}${versus}`);
    return [figure, ...(prior ? [prior] : [])];
  });
  const release = releaseFor(book, period);
  const event = release && book.search.events.find((e) => e.release === release.release);
  const settled: Question = { intent: 'results', period: settledPeriod(period, q.period), ...(q.period ? {} : { latest: true }), ...(q.company ? { company: q.company } : {}) };
  return {
    answer: answer('figure', `Results — ${shortPeriod(period)}`, lines.join('\n'), {
      emphasis,
      fields: [
        ...(release?.headline ? [{ name: 'Headline of the release', value: `${release.headline} (${release.release})` }] : []),
        ...(event ? [{ name: 'Teleconference', value: `${[event.date, `${event.time} ${event.timeZone}`.trim()].filter(Boolean).join(', ')}${event.dialIn.length > 0 ? `; dial ${event.dialIn.join(' or ')}` : ''}` }] : []),
      ],
      notes: [readAs(q), 'Changes are against the same period a year earlier: as the release reports them where it does, else computed from the printed figures.'],
      sources: uniqueCitations([...figures.flatMap(figureSources), ...sentences.map(cite)]),
      facts: [...figures.map((f) => f.fact), ...sentences, ...(event ? [event] : [])],
    }),
    settled,
  };
}


export const results = defineCommand({
  name: 'results',
  scoped: true,
  description: 'The headline results of a quarter or year, each against a year earlier',
  options: { period: option('period', 'Q4 2003, FY2003... (default: the latest quarter)', false) },
  examples: ['/results Q4 2003', '/results FY2003'],
  read({ period }, snapshot) {
    const p = optionalPeriod(period, snapshot);
    if (!p.ok) return invalid('period', p);
    return { kind: 'question', question: { intent: 'results', ...(p.value ? { period: p.value } : {}) } };
  },
});
