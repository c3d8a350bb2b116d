/**
 * The one entry every transport uses: free text, slash text, a command call or a typed question
 * in; an answer out, with the question as it was settled (for follow-ups and buttons). Options
 * are checked with the command's zod schema here, at the edge, then read into a typed question.
 */
import type { Store } from '../knowledge/store.ts';
import { answer, askedBack, type Answer, type CommandCall } from './answer.ts';
import { helpAnswer } from './help.ts';
import type { AnswerMemo } from './memo.ts';
import { COMMANDS, commandNamed } from './registry.ts';
import { reloadAnswer } from './reload.ts';
import { respond } from './respond.ts';
import { subjectOf, type Choice, type Conversations } from './understand/conversation.ts';
import { bookFor } from './understand/companies.ts';
import { interpret } from './understand/interpret.ts';
import { typedPick, type Picked } from './understand/pick.ts';
import type { Question, Reading } from './understand/question.ts';
import { parseSlashText } from './understand/slash-text.ts';
import { turnPage } from './paging.ts';
import type { UnansweredLog } from './unanswered.ts';
import type { ChannelDefaults } from './channel-company.ts';

/** Questions about the bot and its releases as a whole, about no company. */
const UNSCOPED = new Set<Question['intent']>(['sources', 'help', 'reload', 'ingest', 'unanswered', 'channelCompany']);

/** Longer questions are refused before any work: nobody types a 500-character question. */
export const MAX_QUESTION = 500;

export interface Asker {
  store: Store;
  admin: boolean;
  /** Where answers are remembered across questions; none: every answer is computed. */
  memo?: AnswerMemo;
  /** Where this asker's conversation is kept, and under which key; none: every question stands alone. */
  conversation?: { store: Conversations; key: string };
  /**
   * Where free-text questions answered "not in the releases" or asked back are kept, and where this
   * asker is (a channel id, "console", "cli"); the user id is kept only if the log keeps ids. None:
   * nothing is kept and /unanswered has nothing to show.
   */
  unanswered?: { log: UnansweredLog; where: string; user?: string };
  /** The channel asked in and its default company, which an admin may set. */
  channel?: { defaults: ChannelDefaults; id: string };
}

export interface Asked {
  answer: Answer;
  /** The question answered, its periods settled; none when the input was not understood. */
  question?: Question;
  /** Choices of a question asked back that were not offered, as the releases do not give them (a typed name still picks one). */
  unshown?: readonly Choice[];
}

type Clarify = Extract<Reading, { kind: 'clarify' }>;

/** How every question said back ends: no figure, in the answer's first lines (a reader skimming for one sees there is none). */
const NOTHING_LOOKED_UP = 'Nothing was looked up, and no figure is given';

function invalidAnswer(reading: Extract<Reading, { kind: 'invalid' }>): Answer {
  return answer('refusal', reading.title ?? 'Option not understood', `${reading.message} ${NOTHING_LOOKED_UP}.`, {
    fields: reading.valid && reading.valid.length > 0 ? [{ name: 'Valid values, closest first', value: reading.valid.join(', ') }] : [],
  });
}

/** Answers a typed question (from a reading, a button or a menu). */
export async function answerQuestion(question: Question, asker: Asker): Promise<Asked> {
  const snapshot = asker.store.current();
  if (question.intent === 'reload') {
    if (!asker.admin) return { answer: { ...answer('refusal', 'Not allowed', 'Only admins can reload the data. Nothing was reloaded.'), private: true } };
    return { answer: (await respond(question, snapshot, { commands: COMMANDS, reload: async () => reloadAnswer(await asker.store.reload()) })).answer, question };
  }
  if (question.intent === 'ingest') {
    // A file arrives only with Discord's /ingest, which the bot answers before it gets here.
    if (!asker.admin) return { answer: { ...answer('refusal', 'Not allowed', 'Only admins can add releases. Nothing was stored.'), private: true } };
    return { answer: (await respond(question, snapshot, { commands: COMMANDS })).answer, question };
  }
  if (question.intent === 'channelCompany') {
    if (!asker.admin) return { answer: { ...answer('refusal', 'Not allowed', 'Only admins can set the channel\'s company. Nothing was changed.'), private: true } };
    const { channel } = asker;
    return { answer: (await respond(question, snapshot, { commands: COMMANDS, ...(channel ? { channelCompany: (c: string | undefined) => channel.defaults.set(channel.id, c) } : {}) })).answer, question };
  }
  if (question.intent === 'unanswered') {
    if (!asker.admin) return { answer: { ...answer('refusal', 'Not allowed', 'Only admins can see the unanswered questions. Nothing was shown.'), private: true } };
    return { answer: (await respond(question, snapshot, { commands: COMMANDS, ...(asker.unanswered ? { unanswered: asker.unanswered.log } : {}) })).answer, question };
  }
  const key = JSON.stringify(question);
  const cached = asker.memo?.get(snapshot, key);
  if (cached) return cached;
  const { answer: a, settled } = await respond(question, snapshot, { commands: COMMANDS });
  const result = { answer: a, question: settled };
  asker.memo?.set(snapshot, key, result);
  return result;
}

/**
 * A question asked back leaves its choices with the conversation: the reply may type one (commands/understand/pick.ts),
 * also one not offered as its releases do not give it ("EBITDA margin" after Apple's margins), which then says so.
 */
function offerChoices(asked: Asked, asker: Asker): Asked {
  const choices = [...(asked.answer.kind === 'clarify' ? asked.answer.alternatives ?? [] : []), ...(asked.unshown ?? []).map((c) => ({ ...c, shown: false as const }))];
  if (asker.conversation && choices.length > 0) asker.conversation.store.offer(asker.conversation.key, choices);
  const { unshown, ...rest } = asked;
  return rest;
}

/** The choice typed after a question asked back, answered as if picked from its menu, and said so. */
async function answerPick(picked: Picked, offered: readonly Choice[], asker: Asker): Promise<Asked> {
  const choice = picked.kind === 'choice' ? offered[picked.index] : undefined;
  if (picked.kind === 'none' || !choice) {
    const again = offered.filter((c) => c.shown !== false).map(({ label, question }) => ({ label, question }));
    const which = picked.kind === 'none' ? `There is no choice ${picked.said}: there were ${again.length}.` : '';
    return offerChoices({ answer: askedBack('Which one did you mean?', `${which} Which one did you mean?`.trim(), again), unshown: offered.filter((c) => c.shown === false) }, asker);
  }
  const asked = await answerReading({ kind: 'question', question: choice.question }, asker);
  const said = choice.shown === false ? `"${choice.label}", which the question asked back did not offer: the releases do not give it.` : `Choice ${picked.index + 1} of the question asked back: ${choice.label}.`;
  return { ...asked, answer: { ...asked.answer, notes: [said, ...asked.answer.notes] } };
}

async function answerReading(reading: Reading, asker: Asker): Promise<Asked> {
  return offerChoices(await readingAnswered(reading, asker), asker);
}

/**
 * The choices of a question asked back about one company, kept or dropped by whether its releases give them: "costs" at
 * Chemical Banking, which prints none of the three costs, offers none of them. Choices of several companies ("which
 * company?") are all kept.
 */
async function answerableChoices(reading: Clarify, asker: Asker): Promise<{ kept: Choice[]; dropped: Choice[] }> {
  const companies = new Set(reading.alternatives.map((c) => c.question.company));
  const [company] = companies;
  if (reading.alternatives.length < 2 || companies.size !== 1 || company === undefined) return { kept: reading.alternatives, dropped: [] };
  const kept: Choice[] = [];
  const dropped: Choice[] = [];
  for (const choice of reading.alternatives) {
    const given = !LOOKED_UP.has(choice.question.intent) || (await answerQuestion(choice.question, asker)).answer.kind !== 'not_found';
    (given ? kept : dropped).push(choice);
  }
  return { kept, dropped };
}

/** What a choice may ask that is only looked up (nothing changed by asking it), so its answer can be tried. */
const LOOKED_UP = new Set<Question['intent']>(['figure', 'compare', 'trend', 'why', 'narrative', 'results']);

/** Choices' labels in a sentence, each quoted (a label may hold commas): "a", "b" or "c". */
function listed(choices: readonly Choice[], or = 'or'): string {
  const labels = choices.map((c) => `"${c.label}"`);
  return labels.length < 2 ? labels.join('') : `${labels.slice(0, -1).join(', ')} ${or} ${labels.at(-1) ?? ''}`;
}

async function readingAnswered(reading: Reading, asker: Asker): Promise<Asked> {
  if (reading.kind === 'clarify') {
    // "Which company?": the question asked, without one, is the context a company named next completes ("apple").
    const asked = companyLess(reading);
    if (asked && asker.conversation) asker.conversation.store.remember(asker.conversation.key, asked);
    const tried = await answerableChoices(reading, asker);
    // Examples ("compare which figure? for example") lose those not given while one is left, and are asked even then: they
    // are never all a question can mean.
    const { kept, dropped } = reading.every || tried.kept.length > 0 ? tried : { kept: reading.alternatives, dropped: [] };
    const company = bookFor(asker.store.current(), reading.alternatives[0]?.question.company)?.company.name;
    if (kept.length === 0) {
      return { answer: answer('not_found', `${company ? `${company}: ` : ''}Not in the releases`, `The question can be read more than one way, and the releases give none of the readings${company ? ` for ${company}` : ''}: ${listed(dropped, 'and')}.`), unshown: dropped };
    }
    const [only] = kept;
    if (only && kept.length === 1 && dropped.length > 0 && reading.every) {
      // One reading left is no question to ask: answered, the others said.
      const asked = await readingAnswered({ kind: 'question', question: only.question }, asker);
      return { ...asked, answer: { ...asked.answer, notes: [`The question can be read more than one way; the releases give only "${only.label}", not ${listed(dropped)}.`, ...asked.answer.notes] } };
    }
    const not = dropped.length > 0 ? `\nNot offered, as the releases do not give them: ${listed(dropped, 'and')}.` : '';
    return { answer: askedBack('Which one did you mean?', reading.prompt, kept, not), unshown: dropped };
  }
  if (reading.kind === 'invalid') return { answer: invalidAnswer(reading) };
  // A question naming no company (nor its conversation) is about the channel's, when an admin set one.
  const fallback = asker.channel?.defaults.get(asker.channel.id);
  const question = reading.question.company || !fallback || UNSCOPED.has(reading.question.intent) ? reading.question : { ...reading.question, company: fallback };
  const asked = await answerQuestion(question, asker);
  // Chatter between questions ("thanks", "ok", "lol") and a call for help ask nothing a follow-up builds on: the
  // question before stays the context ("revenue Q1 2003", "thanks", "and operating costs?" is Q1's costs).
  if (asked.question && asker.conversation && asked.question.intent !== 'help') asker.conversation.store.remember(asker.conversation.key, asked.question, subjectOf(asked.answer));
  return asked;
}

/**
 * The one question a "which company?" offers for each company, without its company; undefined for any other
 * choice. Another choice beside them ("side by side, a chart") leaves it the question a company named next asks.
 */
function companyLess(reading: Clarify): Question | undefined {
  const offered = reading.alternatives.map(({ question: { company, ...rest } }) => ({ company, rest: rest as Question }));
  const [first] = offered;
  const same = (q: Question) => JSON.stringify(q) === JSON.stringify(first?.rest);
  return first && offered.filter((o) => o.company !== undefined && same(o.rest)).length > 1 ? first.rest : undefined;
}

/**
 * Text as typed, read plainly: compatibility forms as what they stand for (full-width "Ｑ４" is "Q4",
 * "ﬁscal" is "fiscal"), and spaces, tabs and line breaks between words as one space ("first  half").
 */
const plainText = (text: string) => text.normalize('NFKC').replace(/\s+/g, ' ').trim();

/** A slash command with its options, as Discord sends it or the console reads it. */
export async function runCall(typed: CommandCall, asker: Asker): Promise<Asked> {
  const call: CommandCall = { ...typed, options: Object.fromEntries(Object.entries(typed.options).map(([name, value]) => [name, plainText(value)])) };
  const command = commandNamed(call.name);
  if (!command) return { answer: helpAnswer(COMMANDS, `There is no command /${call.name}.`) };
  // A command taking a file (/ingest) is answered by the transport that has the file; here there is none.
  if (Object.values(command.options).some((o) => o.kind === 'attachment')) return answerReading(command.read({} as never, asker.store.current()), asker);
  const parsed = command.schema.safeParse(call.options);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => i.message).join('; ');
    return { answer: answer('refusal', `/${command.name}: options not understood`, `${problems}. e.g. ${command.examples[0] ?? ''}`) };
  }
  // The same options always read the same way on one snapshot: a repeated command skips the reading too.
  const snapshot = asker.store.current();
  const key = command.admin ? undefined : `/${command.name} ${JSON.stringify(Object.entries(call.options).sort())}`;
  const cached = key ? asker.memo?.get(snapshot, key) : undefined;
  const asked = cached ?? (await answerReading(command.read(parsed.data, snapshot), asker));
  if (cached?.question && asker.conversation) asker.conversation.store.remember(asker.conversation.key, cached.question);
  if (key && !cached) asker.memo?.set(snapshot, key, asked);
  return cached ? offerChoices(cached, asker) : asked;
}

/** A question in words, or slash text; a follow-up reads against the asker's conversation. */
export async function ask(question: string, asker: Asker): Promise<Asked> {
  const text = plainText(question);
  if (text.length > MAX_QUESTION) {
    return { answer: answer('refusal', 'Question too long', `Your question is ${text.length} characters; I read questions of up to ${MAX_QUESTION}. ${NOTHING_LOOKED_UP}: please ask it shorter.`) };
  }
  if (text === '') return { answer: helpAnswer(COMMANDS, 'Ask me something about the releases.') };
  // The choices of a question just asked back last for this one message.
  const offered = asker.conversation?.store.takeOffered(asker.conversation.key);
  if (text.startsWith('/')) {
    const slash = parseSlashText(text, commandNamed, asker.store.current());
    if (!slash.ok) return { answer: helpAnswer(COMMANDS, `I did not understand that: ${slash.reason}.`) };
    return runCall(slash.call, asker);
  }
  const picked = offered ? typedPick(text, offered, asker.store.current()) : undefined;
  if (offered && picked) return answerPick(picked, offered, asker);
  const previous = asker.conversation?.store.previous(asker.conversation.key);
  const subject = asker.conversation?.store.subject(asker.conversation.key);
  const earlier = asker.conversation?.store.earlier(asker.conversation.key);
  // "next", "previous", "page 3" after a search, quote or trend: that page of it.
  const turned = turnPage(text, previous);
  const asked = await answerReading(turned ? { kind: 'question', question: turned } : interpret(text, asker.store.current(), previous, subject, earlier), asker);
  const { kind } = asked.answer;
  if (asker.unanswered && (kind === 'not_found' || kind === 'clarify')) {
    const { log, where, user } = asker.unanswered;
    log.record({ text, where, kind, ...(user ? { user } : {}) });
  }
  return asked;
}
