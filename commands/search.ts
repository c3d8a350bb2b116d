/**
 * `/search query:<text>`: the sentences of the releases that best match, for anything the tables do
 * not hold (cash from operations, revenue commitments, the private placement, the SMS acquisition).
 * A sentence must share most of the question's words: fuzzy search finds, the words decide.
 */
import type { SentenceFact, SentenceNumber } from '../knowledge/facts.ts';
import { longDate, shortPeriod } from '../knowledge/periods.ts';
import type { Snapshot } from '../knowledge/snapshot.ts';
import { answer, cite, type Answer } from './answer.ts';
import { clip, money } from './format.ts';
import { defineCommand, option } from './spec.ts';
import { findPeriods } from './understand/period-text.ts';
import { periodIdOf } from './understand/resolve.ts';
import { contentWords } from '../knowledge/text.ts';

const MAX_SENTENCES = 3;

export interface SentenceFilter {
  /** Only sentences that tie a number to this period. */
  period?: string;
  /** Prefer numbers of this unit; by default percentages when the query asks for one. */
  unit?: SentenceNumber['unit'];
}

function numberText(n: SentenceNumber): string {
  if (n.unit === 'USD') return money(n.value, n.value % 1e5 === 0 ? 1 : 3);
  if (n.unit === 'percent') return `${n.value}%`;
  return n.printed;
}

/** Sentences that answer the question, best first; empty when none shares enough of its words. */
export function matchSentences(query: string, snapshot: Snapshot, filter: SentenceFilter = {}): Array<{ sentence: SentenceFact; number?: SentenceNumber }> {
  const words = contentWords(query);
  if (words.length === 0) return [];
  // Two words must both be there ("private placement"); of more, most.
  const needed = words.length <= 2 ? 1 : 0.6;
  const unit = filter.unit ?? (/\b(percent|percentage)\b|%/i.test(query) ? 'percent' : undefined);
  const out: Array<{ sentence: SentenceFact; number?: SentenceNumber; penalty: number }> = [];
  for (const { item: s, coverage } of snapshot.search.sentences.search(query, 40)) {
    if (coverage < needed) break;
    const numbers = filter.period ? s.numbers.filter((n) => n.period === filter.period) : s.numbers;
    if (filter.period && numbers.length === 0) continue;
    // "Excluding $2.8 million of credits, EBITDA ... $0.3 million": the excluded amount is not the answer.
    const excluded = (n: SentenceNumber) => /\b(excluding|including)\s*$/i.test(s.text.slice(0, s.text.indexOf(n.printed)));
    const ranked = [...numbers].sort((a, b) => Number(excluded(a)) - Number(excluded(b)));
    const preferred = (unit ? ranked.find((n) => n.unit === unit) : undefined) ?? ranked.find((n) => n.unit !== 'count') ?? ranked[0];
    out.push({ sentence: s, ...(preferred ? { number: preferred } : {}), penalty: preferred && excluded(preferred) ? 1 : 0 });
  }
  // Stable: the index's order (coverage, then rarity of the shared words) within each penalty.
  return out.sort((a, b) => a.penalty - b.penalty).slice(0, MAX_SENTENCES).map(({ sentence, number }) => (number ? { sentence, number } : { sentence }));
}

export function sentenceAnswer(query: string, snapshot: Snapshot, filter: SentenceFilter = {}): Answer | undefined {
  const found = matchSentences(query, snapshot, filter);
  if (found.length === 0) return undefined;
  const [best] = found;
  const lead = best?.number && filter.period
    ? `The releases say **${numberText(best.number)}** for ${shortPeriod(filter.period)} (a narrative figure: the tables do not hold it).`
    : `${found.length} sentence${found.length > 1 ? 's' : ''} of the releases match, best first.`;
  return answer('sentences', 'From the releases', lead, {
    fields: found.map(({ sentence }) => {
      const date = snapshot.releases.find((r) => r.release === sentence.release)?.date;
      return { name: clip(`${sentence.release}${date ? ` (${longDate(date)})` : ''}, line ${sentence.line}`, 250), value: clip(sentence.text, 1000) };
    }),
    sources: found.map(({ sentence }) => cite(sentence)),
    facts: found.map(({ sentence }) => sentence),
  });
}

export function nothingFound(query: string): Answer {
  return answer('not_found', 'Not in the releases', `Nothing in the releases matches "${clip(query, 80)}". I answer from the earnings releases: figures (/metric, /compare, /trend), quotes (/quote), contacts (/contact), sentences (/search). Try /help for examples.`);
}

export const search = defineCommand({
  name: 'search',
  description: 'Search the text of the releases for anything else',
  options: {
    query: option('text', 'What to look for, e.g. private placement', true, 200),
    period: option('period', 'Only sentences giving a figure for this period, e.g. 2002', false),
  },
  examples: ['/search private placement', '/search cash from operations 2002'],
  run({ query, period }, { snapshot }) {
    const found = period ? findPeriods(period)[0] : undefined;
    const id = found && periodIdOf(found.query, snapshot);
    return (id ? sentenceAnswer(query, snapshot, { period: id }) : undefined) ?? sentenceAnswer(query, snapshot) ?? nothingFound(query);
  },
});
