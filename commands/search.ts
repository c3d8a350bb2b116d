/**
 * `/search query:<text>`: the sentences of the releases that best match, for anything the tables do
 * not hold (cash from operations, revenue commitments, the private placement, the SMS acquisition).
 */
import { contentWords } from '../knowledge/text.ts';
import { defineCommand, option } from './spec.ts';
import { invalid, optionalPeriod } from './understand/options.ts';

export const search = defineCommand({
  name: 'search',
  scoped: true,
  description: 'Search the text of the releases for anything else',
  options: {
    query: option('text', 'What to look for, e.g. private placement', true, 200),
    period: option('period', 'Prefer sentences about this period, e.g. 2002', false),
  },
  examples: ['/search private placement', '/search cash from operations 2002'],
  read({ query, period }, snapshot) {
    const p = optionalPeriod(period, snapshot);
    if (!p.ok) return invalid('period', p);
    return { kind: 'question', question: { intent: 'narrative', topic: contentWords(query), names: [], ...(p.value ? { period: p.value } : {}) } };
  },
});
