/**
 * Pages of long answers (search, quote and trend results): which page a question asks for, that
 * page of a list in a fixed order, and the questions asking for the pages around it. The page is
 * part of the question, so nothing is kept between asks: any process, any shard, serves any page,
 * and the same question and page always give the same results on the same releases.
 */
import type { Paging } from './answer.ts';
import type { Question } from './understand/question.ts';

/** The questions whose answers come in pages. */
export type PagedQuestion = Extract<Question, { intent: 'narrative' | 'quote' | 'trend' }>;

export const isPaged = (q: Question): q is PagedQuestion => q.intent === 'narrative' || q.intent === 'quote' || q.intent === 'trend';

/** The highest page a question may ask for (a page past the last shows the last). */
export const MAX_PAGE = 999;

/** The question asking for page `page` (from 0); the first page is asked without one, as people ask it. */
export function atPage<Q extends PagedQuestion>(q: Q, page: number): Q {
  const { page: _asked, ...rest } = q;
  return (page > 0 ? { ...rest, page: Math.min(page, MAX_PAGE) } : rest) as Q;
}

export interface Page<T> {
  items: T[];
  /** None when everything fits one page. */
  paging?: Paging;
}

/** How many results a page holds: at most `per`, and (with `weight`) at most `budget` of their weight. */
export interface PageSize<T> {
  per: number;
  /** A result's size (the characters it is shown in); a result heavier than the budget has a page alone. */
  weight?: (item: T) => number;
  budget?: number;
}

/** Where each page starts: results are taken in order until the page is full. */
function pageStarts<T>(items: readonly T[], size: PageSize<T>): number[] {
  const starts = [0];
  let count = 0;
  let weight = 0;
  items.forEach((item, i) => {
    const w = size.weight?.(item) ?? 0;
    if (count > 0 && (count >= size.per || (size.budget !== undefined && weight + w > size.budget))) {
      starts.push(i);
      count = 0;
      weight = 0;
    }
    count += 1;
    weight += w;
  });
  return starts;
}

/**
 * The page `q` asks for of `items` (already in their one fixed order): a page past the last shows
 * the last, a negative one the first. Pages depend on the results alone, so they never shift.
 */
export function pageOf<T>(items: readonly T[], q: PagedQuestion, size: PageSize<T>, noun: string): Page<T> {
  const starts = pageStarts(items, size);
  const pages = starts.length;
  const page = Math.min(Math.max(0, Math.trunc(q.page ?? 0)), pages - 1);
  const from = starts[page] ?? 0;
  const shown = items.slice(from, starts[page + 1] ?? items.length);
  if (pages === 1) return { items: shown };
  return {
    items: shown,
    paging: {
      page,
      pages,
      total: items.length,
      first: from + 1,
      last: from + shown.length,
      noun,
      ...(page > 0 ? { previous: atPage(q, page - 1) } : {}),
      ...(page < pages - 1 ? { next: atPage(q, page + 1) } : {}),
    },
  };
}

/** "next", "more", "next page", "previous", "prev", "back", "page 3": another page of the answer just given. */
const TURN = /^(?:(next|more)|(previous|prev|back))(?:\s+page)?[\s.!?]*$|^(?:go\s+to\s+)?page\s+(\d{1,3})[\s.!?]*$/i;

/**
 * The question asking for another page of `previous` (the asker's last question), when `text` asks
 * for one and `previous` was paged; else undefined, and the text is read as any other.
 */
export function turnPage(text: string, previous: Question | undefined): PagedQuestion | undefined {
  if (!previous || !isPaged(previous)) return undefined;
  const m = TURN.exec(text.trim());
  if (!m) return undefined;
  const at = previous.page ?? 0;
  const page = m[1] ? at + 1 : m[2] ? at - 1 : Number(m[3]) - 1;
  return atPage(previous, Math.max(0, page));
}
