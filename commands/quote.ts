/** `/quote query:<text>`: the best-matching quotes, with speaker, release and date. */
import { longDate } from '../knowledge/periods.ts';
import { contentWords } from '../knowledge/text.ts';
import type { Book } from '../knowledge/snapshot.ts';
import type { QuoteFact } from '../knowledge/facts.ts';
import { answer, cite, type Answer } from './answer.ts';
import { pageOf } from './paging.ts';
import { releaseOf } from './releases.ts';
import type { Question } from './understand/question.ts';
import { defineCommand, option } from './spec.ts';

/** Quotes to a page: a quote is long, and three fit a Discord embed whole. */
export const QUOTES_PER_PAGE = 3;

/** Quotes holding the query's words (both of two, most of more); when none holds them all, every close one, to read. */
function strongest<T extends { coverage: number }>(hits: T[], words: number): T[] {
  const needed = words <= 2 ? 1 : 0.5;
  const best = hits[0]?.coverage ?? 0;
  return best < 1 ? hits : hits.filter((h) => h.coverage >= Math.min(best, needed));
}

export function quoteAnswer(q: Extract<Question, { intent: 'quote' }>, book: Book): Answer {
  const release = q.release ? releaseOf(book, q.release) : undefined;
  const byRelease = (item: QuoteFact) => !release || item.release === release.release;
  const query = q.topic.join(' ');
  const all = book.ofKind('quote').filter(byRelease);
  const found = query.trim() === ''
    ? all.map((item) => ({ item }))
    : strongest(book.search.quotes.search(query, 20).filter((h) => byRelease(h.item)), contentWords(query).length);
  if (found.length === 0) {
    const speakers = [...new Set(book.ofKind('quote').map((f) => f.speaker))];
    return answer('not_found', 'No matching quote', `Not in the releases: no quote matches "${query}".`, {
      fields: [{ name: 'Quotes are from', value: speakers.join(', ') || 'nobody' }],
    });
  }
  // Best first, in the search's one order (score, then the releases' order): pages never shift.
  const { items, paging } = pageOf(found, q, { per: QUOTES_PER_PAGE }, 'quotes');
  const quotes = items.map((r) => r.item);
  const exact = found.every((r) => !('coverage' in r) || r.coverage === 1);
  const lead = exact ? `${found.length} matching quote${found.length > 1 ? 's' : ''}, best first.` : 'Not found word for word: the closest quotes, best first — read them to check they answer you.';
  return answer('quotes', `Quotes — ${query || 'all'}`, lead, {
    fields: quotes.map((q) => ({
      name: `${q.speaker}${q.speakerTitle ? `, ${q.speakerTitle}` : ''} — ${longDate(q.date)}`,
      value: `"${q.quote}" (${q.release} line ${q.line})`,
    })),
    sources: quotes.map(cite),
    facts: quotes,
    ...(paging ? { paging } : {}),
  });
}

export const quote = defineCommand({
  name: 'quote',
  scoped: true,
  description: 'What management said: the best-matching quotes',
  options: { query: option('text', 'Words of the quote or a topic, e.g. record year', true) },
  examples: ['/quote record year', '/quote private placement'],
  read: ({ query }) => ({ kind: 'question', question: { intent: 'quote', topic: contentWords(query) } }),
});
