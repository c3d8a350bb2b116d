/**
 * `/unanswered` (admins): the free-text questions the bot answered "not in the releases" or asked
 * back, most frequent first, so admins learn what users want that the releases or the bot do not
 * cover. The log is bounded (the newest 1,000; a question over 500 characters is not kept), holds
 * the text, the time and where it was asked, and no user id unless the admin setting keeps them.
 */
import { answer, type Answer } from './answer.ts';
import { defineCommand } from './spec.ts';

/** Questions kept: the newest; the oldest is dropped first. */
export const UNANSWERED_KEPT = 1000;
/** Longer questions are not kept (nobody types them; `ask` refuses them anyway). */
export const UNANSWERED_MAX_TEXT = 500;
/** Groups the command shows. */
export const UNANSWERED_SHOWN = 10;

export interface UnansweredEntry {
  text: string;
  /** Where it was asked: a channel id, or "console" / "cli". */
  where: string;
  /** Dropped unless the log keeps user ids. */
  user?: string;
  /** How it was answered. */
  kind: 'not_found' | 'clarify';
  /** Milliseconds since the epoch; now when not given. */
  at?: number;
}

/** One question as kept. */
export interface KeptQuestion {
  text: string;
  where: string;
  user?: string;
  kind: 'not_found' | 'clarify';
  at: number;
}

/** Questions that read the same (lower case, whitespace collapsed), counted. */
export interface UnansweredGroup {
  /** The normalised text the group is keyed by. */
  key: string;
  /** The most recent wording. */
  text: string;
  count: number;
  /** When it was last asked (ms since the epoch). */
  last: number;
  /** How the last one was answered. */
  kind: 'not_found' | 'clarify';
  /** Where it was asked, most recent first, each once. */
  where: string[];
  /** Who asked, most recent first, each once: only when the log keeps user ids. */
  users?: string[];
}

export interface UnansweredLog {
  readonly keepUserIds: boolean;
  /** Keeps the question (false: empty, or too long to keep). */
  record(entry: UnansweredEntry): boolean;
  /** The `n` most frequent, ties broken by the most recently asked. */
  top(n?: number): UnansweredGroup[];
  /** The questions kept, oldest first. */
  entries(): readonly KeptQuestion[];
}

export const normaliseQuestion = (text: string): string => text.toLowerCase().replace(/\s+/g, ' ').trim();

/** Mentions carry user and role ids: they are not kept unless ids are. */
const withoutMentions = (text: string): string => text.replace(/<@!?\d+>/g, '@user').replace(/<@&\d+>/g, '@role');

export function createUnansweredLog(options: { max?: number; keepUserIds?: boolean } = {}): UnansweredLog {
  const max = Math.max(1, options.max ?? UNANSWERED_KEPT);
  const keepUserIds = options.keepUserIds ?? false;
  const kept: KeptQuestion[] = [];
  return {
    keepUserIds,
    record(entry) {
      const raw = entry.text.trim();
      if (raw === '' || raw.length > UNANSWERED_MAX_TEXT) return false;
      const text = keepUserIds ? raw : withoutMentions(raw);
      kept.push({ text, where: entry.where, kind: entry.kind, at: entry.at ?? Date.now(), ...(keepUserIds && entry.user ? { user: entry.user } : {}) });
      if (kept.length > max) kept.splice(0, kept.length - max);
      return true;
    },
    top(n = UNANSWERED_SHOWN) {
      const groups = new Map<string, UnansweredGroup>();
      // Newest first: the first entry of a group is its most recent one.
      for (let i = kept.length - 1; i >= 0; i--) {
        const q = kept[i] as KeptQuestion;
        const key = normaliseQuestion(q.text);
        const group = groups.get(key);
        if (!group) {
          groups.set(key, { key, text: q.text, count: 1, last: q.at, kind: q.kind, where: [q.where], ...(keepUserIds ? { users: q.user ? [q.user] : [] } : {}) });
          continue;
        }
        group.count++;
        if (!group.where.includes(q.where)) group.where.push(q.where);
        if (group.users && q.user && !group.users.includes(q.user)) group.users.push(q.user);
      }
      return [...groups.values()].sort((a, b) => b.count - a.count || b.last - a.last).slice(0, Math.max(0, n));
    },
    entries: () => kept,
  };
}

const clipped = (s: string, max: number) => (s.length <= max ? s : `${s.slice(0, max - 1)}…`);
const place = (where: string) => (/^\d+$/.test(where) ? `channel ${where}` : where);
const when = (ms: number) => `${new Date(ms).toISOString().slice(0, 16).replace('T', ' ')} UTC`;

/** The report: the most frequent recent questions not answered from the releases. */
export function unansweredAnswer(log: UnansweredLog | undefined, n = UNANSWERED_SHOWN): Answer {
  if (!log) return answer('refusal', 'Unanswered questions', 'Unanswered questions are not kept here. Nothing was shown.');
  const all = log.entries();
  const ranked = log.top(Number.MAX_SAFE_INTEGER);
  const top = ranked.slice(0, n);
  if (top.length === 0) {
    return { ...answer('unanswered', 'Unanswered questions', 'No question has gone unanswered since the bot started.'), private: true };
  }
  const since = all[0] ? when(all[0].at) : '';
  const fields = top.map((g, i) => {
    const others = g.where.length > 1 ? ` (and ${g.where.length - 1} other place${g.where.length === 2 ? '' : 's'})` : '';
    const users = g.users && g.users.length > 0 ? `; by ${g.users.slice(0, 3).join(', ')}${g.users.length > 3 ? ` and ${g.users.length - 3} more` : ''}` : '';
    return {
      name: `${i + 1}. "${clipped(g.text, 100)}"`,
      value: `${g.count} time${g.count === 1 ? '' : 's'}, last ${when(g.last)} in ${place(g.where[0] ?? '')}${others}${g.kind === 'clarify' ? ', asked back' : ', not in the releases'}${users}`,
    };
  });
  return {
    ...answer('unanswered', 'Unanswered questions — most frequent', `${all.length} question${all.length === 1 ? '' : 's'} not answered from the releases since ${since} (${ranked.length} different); the ${top.length} most asked:`, {
      fields,
      notes: [`The newest ${UNANSWERED_KEPT.toLocaleString('en-US')} are kept, in memory only; ${log.keepUserIds ? 'user ids are kept (UNANSWERED_KEEP_USER_IDS)' : 'no user ids are kept'}.`],
    }),
    private: true,
  };
}

export const unanswered = defineCommand({
  name: 'unanswered',
  description: 'Admins: the questions most often not answered from the releases',
  options: {},
  admin: true,
  examples: ['/unanswered'],
  read: () => ({ kind: 'question', question: { intent: 'unanswered' } }),
});
