/** `/quote query:<text>`: the best-matching quotes, with speaker, release and date. */
import { longDate } from '../knowledge/periods.ts';
import { normaliseLabel } from '../knowledge/concepts.ts';
import { contentWords } from '../knowledge/text.ts';
import type { Book } from '../knowledge/snapshot.ts';
import type { QuoteFact } from '../knowledge/facts.ts';
import { answer, cite, type Answer } from './answer.ts';
import { pageOf } from './paging.ts';
import { releaseOf } from './releases.ts';
import { holdsRole, isKnownRole } from './roles.ts';
import type { Question } from './understand/question.ts';
import { mendedNotes, searchRelated } from './related-search.ts';
import { describeQuestion } from './understand/describe.ts';
import { spot } from './understand/spot.ts';
import type { TextHit } from '../knowledge/text-index.ts';
import { defineCommand, option } from './spec.ts';

/** Quotes to a page: a quote is long, and three fit a Discord embed whole. */
export const QUOTES_PER_PAGE = 3;

/** Quotes holding the query's words (both of two, most of more); when none holds them all, every close one, to read. */
function strongest<T extends { coverage: number }>(hits: T[], words: number): T[] {
  const needed = words <= 2 ? 1 : 0.5;
  const best = hits[0]?.coverage ?? 0;
  return best < 1 ? hits : hits.filter((h) => h.coverage >= Math.min(best, needed));
}

/**
 * Whether `speaker` (a name, or a role the vocabulary knows: "chief executive officer") said the
 * quote: the same person ("Mr. Shipley" is Shipley), or one whose printed title names the role ("Oracle CEO").
 */
function saidBy(quote: QuoteFact, speaker: string): boolean {
  if (isKnownRole(speaker)) return holdsRole(quote.speakerTitle ?? '', speaker);
  const [a, b] = [` ${normaliseLabel(quote.speaker)} `, ` ${normaliseLabel(speaker)} `];
  return a.endsWith(b) || b.endsWith(a);
}

/** The quotes holding the topic's words or their related ones ("sales": "revenue"), most words first, then the rarer words. */
function searchQuotes(book: Book, topic: readonly string[], wanted: (q: QuoteFact) => boolean): Array<TextHit<QuoteFact>> {
  const best = searchRelated(topic, (words) => book.search.quotes.search(words.join(' '), 20).filter((h) => wanted(h.item)));
  return [...best.values()].sort((a, b) => b.coverage - a.coverage || b.score - a.score);
}

const speakerName = (speaker: string) => (isKnownRole(speaker) ? `the ${speaker}` : speaker);

export function quoteAnswer(q: Extract<Question, { intent: 'quote' }>, book: Book): Answer {
  const release = q.release ? releaseOf(book, q.release) : undefined;
  const { speaker } = q;
  const wanted = (item: QuoteFact) => (!release || item.release === release.release) && (!speaker || saidBy(item, speaker));
  const query = q.topic.join(' ');
  const all = book.ofKind('quote').filter(wanted);
  const found = query.trim() === '' ? all.map((item) => ({ item })) : strongest(searchQuotes(book, q.topic, wanted), contentWords(query).length);
  // A year asked about that no quote prints ("what did Jobs say about 2004?", his quote of fiscal 2004 says "this
  // quarter"): every quote of the speaker, as if no topic were said.
  const years = q.topic.filter((w) => /^(?:19|20)\d{2}$/.test(w));
  if (found.length === 0 && years.length > 0) return quoteAnswer({ ...q, topic: q.topic.filter((w) => !years.includes(w)) }, book);
  if (found.length === 0) {
    const speakers = [...new Set(book.ofKind('quote').map((f) => `${f.speaker}${f.speakerTitle ? ` (${f.speakerTitle})` : ''}`))];
    const by = speaker ? ` by ${speakerName(speaker)}` : '';
    const what = query ? `${by} matches "${query}"` : by;
    return answer('not_found', 'No matching quote', `Not in the releases: no quote${what}.`, {
      fields: [{ name: 'Quotes are from', value: speakers.join(', ') || 'nobody' }],
    });
  }
  // Best first, in the search's one order (score, then the releases' order): pages never shift.
  const { items, paging } = pageOf(found, q, { per: QUOTES_PER_PAGE }, 'quotes');
  const quotes = items.map((r) => r.item);
  const exact = found.every((r) => !('coverage' in r) || r.coverage === 1);
  const count = `${found.length} ${query ? 'matching ' : ''}quote${found.length > 1 ? 's' : ''}`;
  const lead = !exact ? 'Not found word for word: the closest quotes, best first — read them to check they answer you.' : query ? `${count}, best first.` : `${count}, in the releases' order.`;
  return answer('quotes', `Quotes — ${[query, speaker && `by ${speakerName(speaker)}`].filter(Boolean).join(', ') || 'all'}`, lead, {
    notes: mendedNotes(book.search.quotes.mended(query)),
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
  // No words: every quote, in pages.
  options: { query: option('text', 'Words of the quote or a topic, e.g. record year (none: every quote)', false) },
  examples: ['/quote record year', '/quote private placement'],
  read: ({ query }, snapshot) => {
    // A person or a role named is whose words are asked ("CFO": Peter Oppenheimer's), the rest what about.
    const text = query ?? '';
    const { tokens, spans } = spot(text, snapshot);
    const whos = spans.filter((sp) => sp.value.kind === 'person' || sp.value.kind === 'role');
    const speakers = [...new Set(whos.map((sp) => (sp.value.kind === 'person' ? sp.value.name : sp.value.kind === 'role' ? sp.value.role : '')))];
    // Every title said is whose, never what about ("chairman and co-CEO": not about "co-CEO").
    const rest = [...whos].reverse().reduce((t, sp) => `${t.slice(0, tokens[sp.from]?.start ?? 0)} ${t.slice(tokens[sp.to - 1]?.end ?? t.length)}`, text);
    const asked = (speaker?: string): Question => ({ intent: 'quote', topic: contentWords(rest), ...(speaker ? { speaker } : {}) });
    // Two speakers said ("CEO and CFO"): one at a time, asked, never the second dropped.
    if (speakers.length > 1) return { kind: 'clarify', prompt: 'Quotes are shown by one speaker at a time. Whose first?', alternatives: speakers.map((sp) => ({ label: describeQuestion(asked(sp)), question: asked(sp) })) };
    return { kind: 'question', question: asked(speakers[0]) };
  },
});
