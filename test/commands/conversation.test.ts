/** Conversations: a follow-up reads against the asker's last question, for a while, and memory stays bounded. */
import { describe, expect, it } from 'vitest';
import { ask, type Asker } from '../../commands/run.ts';
import { createConversations } from '../../commands/understand/conversation.ts';
import type { Question } from '../../commands/understand/question.ts';
import type { Store } from '../../knowledge/store.ts';
import { openProjectStore } from '../support/answers.ts';

const revenue: Question = { intent: 'figure', measures: [{ kind: 'concept', concept: 'revenue' }], periods: [{ kind: 'id', id: '2003-Q2' }] };
const ebitda: Question = { intent: 'figure', measures: [{ kind: 'concept', concept: 'ebitda' }], periods: [{ kind: 'id', id: '2003-Q2' }] };

/** Questions asked one after another in a conversation of their own: the last one's answer. */
const chainIn = (store: Store) => async (...questions: string[]) => {
  const asker: Asker = { store, admin: false, conversation: { store: createConversations(), key: 'chain:ch1' } };
  let last;
  for (const q of questions) last = (await ask(q, asker)).answer;
  return last;
};

describe('conversations', () => {
  it('keep each asker\'s last question apart', () => {
    const c = createConversations();
    c.remember('alice:ch1', revenue);
    c.remember('bob:ch1', ebitda);
    expect(c.previous('alice:ch1')).toEqual(revenue);
    expect(c.previous('bob:ch1')).toEqual(ebitda);
    expect(c.previous('alice:ch2')).toBeUndefined();
  });

  it('keep the question before the last one with it', () => {
    const c = createConversations();
    c.remember('alice:ch1', revenue);
    expect(c.earlier('alice:ch1')).toBeUndefined();
    c.remember('alice:ch1', ebitda);
    expect(c.earlier('alice:ch1')).toEqual(revenue);
  });

  it('keep the choices of a question asked back for the next message only, and drop them when a question is remembered', () => {
    const c = createConversations();
    const choices = [{ label: 'Revenue', question: revenue }, { label: 'EBITDA', question: ebitda }];
    c.remember('alice:ch1', revenue);
    c.offer('alice:ch1', choices);
    expect(c.previous('alice:ch1')).toEqual(revenue);
    expect(c.takeOffered('alice:ch1')).toEqual(choices);
    expect(c.takeOffered('alice:ch1')).toBeUndefined();
    c.offer('alice:ch1', choices);
    c.remember('alice:ch1', ebitda);
    expect(c.takeOffered('alice:ch1')).toBeUndefined();
  });

  it('forget a question after ten minutes', () => {
    let now = 0;
    const c = createConversations({ now: () => now });
    c.remember('alice:ch1', revenue);
    now = 9 * 60_000;
    expect(c.previous('alice:ch1')).toEqual(revenue);
    now = 10 * 60_000 + 1;
    expect(c.previous('alice:ch1')).toBeUndefined();
  });

  it('hold at most `max` conversations, dropping the stalest', () => {
    const c = createConversations({ max: 2 });
    c.remember('a', revenue);
    c.remember('b', revenue);
    c.remember('a', ebitda);
    c.remember('c', revenue);
    expect(c.previous('b')).toBeUndefined();
    expect(c.previous('a')).toEqual(ebitda);
    expect(c.previous('c')).toEqual(revenue);
  });

  it('"it" after an answer from the text is what that answer found: the SMS deal, then what was said about it', async () => {
    const store = await openProjectStore();
    const asker: Asker = { store, admin: false, conversation: { store: createConversations(), key: 'alice:ch1' } };
    await ask("Who's the CEO?", asker);
    const deal = await ask('What deal did they announce in March 2004?', asker);
    expect(deal.answer.kind).toBe('sentences');
    expect(asker.conversation?.store.subject('alice:ch1')).toEqual(['sms']);
    const { answer } = await ask('what did he say about it?', asker);
    expect(answer.title).toBe('Quotes — sms');
    expect(answer.fields.map((f) => f.value).join(' ')).toContain('With the planned addition of SMS');
  });

  it('"they" after an answer from the text about SMS is SMS: where they are headquartered is in the text (Orange County), not the company\'s profile; after a figure, the company', async () => {
    const store = await openProjectStore();
    const asker: Asker = { store, admin: false, conversation: { store: createConversations(), key: 'carol:ch1' } };
    await ask('What deal did they announce in March 2004?', asker);
    const { answer } = await ask('where are they headquartered?', asker);
    expect(answer.fields.map((f) => f.value).join(' ')).toContain('SMS, headquartered in Orange County, California');
    await ask('revenue Q4 2003', asker);
    expect((await ask('where are they headquartered?', asker)).answer.summary).toContain('Leonia, NJ');
  });

  it('a bare period after a question about a company not loaded names the company it is answered from: "and fy?" after Oracle is Infocrossing\'s year, said so', async () => {
    const store = await openProjectStore();
    const asker: Asker = { store, admin: false, conversation: { store: createConversations(), key: 'fay:ch1' } };
    await ask('oracle net income q4 2014', asker);
    const { answer } = await ask('and fy?', asker);
    expect(answer.notes.find((n) => n.startsWith('Read as:'))).toMatch(/^Read as: Infocrossing, Inc\., /);
  });

  it('keep the question before through chatter: "revenue Q1 2003", "ok", "thanks", "and operating costs?" is Q1 2003\'s', async () => {
    const store = await openProjectStore();
    const asker: Asker = { store, admin: false, conversation: { store: createConversations(), key: 'gus:ch1' } };
    await ask('revenue Q1 2003', asker);
    for (const chatter of ['ok', 'thanks', 'lol', 'k']) expect((await ask(chatter, asker)).answer.kind).toBe('help');
    const { answer } = await ask('and operating costs?', asker);
    expect(answer.title).toBe('Cost of revenues — Q1 2003');
  });

  it('add up what was asked in turn when asked "combined?": two quarters\' revenue, or two lines of one quarter; never the last figure again as the total', async () => {
    const chain = chainIn(await openProjectStore());
    const periods = await chain('revenue Q1 2003', 'and Q2?', 'combined?');
    expect(periods?.title).toBe('Revenue — Q1 2003 + Q2 2003');
    expect(periods?.summary).toContain('$26.711 million');
    const lines = await chain('cost of revenue Q4 2003', 'and selling and admin?', 'and both together?');
    expect(lines?.title).toBe('Cost of revenues + selling and administrative expenses — Q4 2003');
    expect(lines?.summary).toContain('$11.6 million');
    // One figure before, nothing to add: asked which.
    expect((await chain('revenue Q4 2003', 'in total?'))?.kind).toBe('refusal');
  });

  it('show both figures asked in turn when asked "and both?", and add them up when asked for their total; never the last figure alone', async () => {
    const chain = chainIn(await openProjectStore());
    const both = await chain('revenue Q1 2003', 'and Q2?', 'and both?');
    expect(both?.summary).toContain('$13.129 million');
    expect(both?.summary).toContain('$13.582 million');
    expect((await chain('revenue Q1 2003', 'and Q2?', 'total for both quarters?'))?.summary).toContain('$26.711 million');
    expect((await chain('net income Q1 2003', 'and Q2?', 'and the total?'))?.summary).toContain('$0.375 million');
    // A period said is that period's figure, never added to the one before.
    expect((await chain('net income Q1 2003', 'and Q2?', 'what is the total for the year?'))?.title).toBe('Net income — FY 2003');
    expect((await chain('revenue Q1 2003', 'and net income?', 'both?'))?.title).toBe('Revenue, Net income');
    // Another line for both periods: that line in each, never the last period alone.
    const other = await chain('revenue Q1 2003', 'and Q2 2003?', 'and net income for those?');
    expect(other?.summary).toContain('$0.270 million');
    expect(other?.summary).toContain('$0.105 million');
  });

  it('weigh two periods asked in turn against each other: "revenue Q4 2003", "and Q3 2003", "what\'s the difference?" is Q4 against Q3, never Q3 against a year before', async () => {
    const store = await openProjectStore();
    const asker: Asker = { store, admin: false, conversation: { store: createConversations(), key: 'hal:ch1' } };
    await ask('revenue Q4 2003', asker);
    await ask('and Q3 2003', asker);
    const { answer } = await ask("what's the difference?", asker);
    expect(answer.title).toBe('Revenue — Q4 2003 vs Q3 2003');
    // A basis said is the one weighed: "yoy" is against a year earlier.
    await ask('revenue Q4 2003', asker);
    await ask('and Q3 2003', asker);
    expect((await ask('how did it change yoy?', asker)).answer.title).toBe('Revenue — Q3 2003 vs Q3 2002');
    // "Why up?" asks for a reason, never the comparison as if it were one.
    await ask('revenue Q4 2003', asker);
    await ask('and Q3 2003', asker);
    const why = (await ask('why up?', asker)).answer;
    expect(why.title).toBe('Why — Revenue');
    expect(why.notes.join(' ')).toContain('what the releases give as the reason for revenue');
  });

  it('take "what is the difference?" after two lines of one period as the one less the other: revenue and operating costs give gross profit; lines no formula names are offered side by side, never each against a year earlier', async () => {
    const chain = chainIn(await openProjectStore());
    const gross = await chain('revenue and operating costs Q2 2003', 'what is the difference?');
    expect(gross?.title).toBe('Gross profit — Q2 2003');
    expect(gross?.summary).toContain('$4.935 million');
    const apart = await chain('EBITDA and net income Q2 2003', 'and the difference?');
    expect(apart?.kind).toBe('clarify');
    expect(apart?.summary).toContain('I do not subtract one line from another');
    expect(apart?.alternatives?.map((a) => a.question)).toEqual([{ intent: 'figure', company: 'IFOX', measures: [{ kind: 'concept', concept: 'ebitda' }, { kind: 'concept', concept: 'net_income' }], periods: [{ kind: 'id', id: '2003-Q2' }] }]);
    // A basis said is a change of each line, as before.
    expect((await chain('revenue and operating costs Q2 2003', 'what is the difference vs a year earlier?'))?.title).toBe('Revenue — Q2 2003 vs Q2 2002; Cost of revenues — Q2 2003 vs Q2 2002');
  });

  it('keep no subject after a figure: its metric is the question\'s own', async () => {
    const store = await openProjectStore();
    const asker: Asker = { store, admin: false, conversation: { store: createConversations(), key: 'bob:ch1' } };
    await ask('EBITDA Q4 2003', asker);
    expect(asker.conversation?.store.subject('bob:ch1')).toBeUndefined();
  });

  it('a follow-up\'s period said without its year is the year asked before: "and at the end of the year?" after June 30, 2003 is December 31, 2003 (it repeated June 30), "and at june 30?" after March 31, 2003 is June 30, 2003, "the same qtr of 02" after Q3 2003 is Q3 2002, and "the same quarter of 2001" is 2001\'s, not a year earlier', async () => {
    const chain = chainIn(await openProjectStore());
    expect((await chain('cash at June 30, 2003', 'and at the end of the year?'))?.title).toBe('Cash and equivalents — Dec 31, 2003');
    expect((await chain('total current assets at march 31 2003', 'and at june 30?'))?.summary).toContain('$13.666 million');
    expect((await chain('whats the top line for the sept qtr 03', 'and for the same qtr of 02?'))?.title).toBe('Revenue — Q3 2002');
    expect((await chain('revenue Q4 2003', 'and the same quarter of 2001?'))?.summary).toMatch(/Q4 2001 .*is not reported/);
  });

  it('a follow-up keeps what was asked: "and in Q4?" after quotes is the Q4 quotes (it gave Q4\'s figures), "their phone" after the Q1 release\'s investor relations contact is Don Duffy\'s (it gave Matthew Hayden\'s)', async () => {
    const store = await openProjectStore();
    const asker: Asker = { store, admin: false, conversation: { store: createConversations(), key: 'erin:ch1' } };
    await ask('what did Lonstein say in Q1 2003?', asker);
    const q4 = (await ask('and in Q4?', asker)).answer;
    expect(q4.kind).toBe('quotes');
    expect(q4.fields.map((f) => f.name).join(' ')).toContain('March 18, 2004');
    await ask('who is the investor relations contact?', asker);
    await ask('and in the Q1 release?', asker);
    expect((await ask('what is their phone number?', asker)).answer.summary).toBe('Don Duffy: phone 203-222-9013');
  });

  it('a figure asked after a quote or a contact builds on the figures asked before it: net income after Q1 2003\'s revenue and a quote is Q1 2003\'s (it was the latest quarter\'s, Q4 2003)', async () => {
    const chain = chainIn(await openProjectStore());
    expect((await chain('revenue Q1 2003', 'what did Lonstein say about the first quarter?', 'and net income?'))?.title).toBe('Net income — Q1 2003');
    expect((await chain('revenue Q2 2003', 'who is the media contact?', 'and ebitda?'))?.title).toBe('EBITDA — Q2 2003');
    // After every contact was listed, words of figures and a period alone are the figures' again, never the contacts.
    expect((await chain('revenue Q2 2003', 'who is the contact?', 'is that up?'))?.title).toBe('Revenue — Q2 2003 vs Q2 2002');
    expect((await chain('revenue Q2 2003', 'who is the contact?', 'and Q1?'))?.title).toBe('Revenue — Q1 2003');
    expect((await chain('who is the contact?', 'and Q1?'))?.kind).toBe('contacts');
    // A contact still asked about is a contact: "who was it in Q1?", "is that the same as in Q1?", and "did it change?" of one named.
    expect((await chain('revenue Q2 2003', 'who is the contact?', 'who was it in Q1?'))?.kind).toBe('contacts');
    expect((await chain('revenue Q2 2003', 'who is the contact?', 'is that the same as in Q1?'))?.kind).toBe('contacts');
    expect((await chain('who is the investor relations contact?', 'did it change?'))?.title).toBe('Contacts — investor relations');
    // Whether a contact named is still the one stays about the contact, figures before it or not.
    expect((await chain('revenue Q2 2003', 'who is the investor relations contact?', 'did it change?'))?.title).toBe('Contacts — investor relations');
    // After a contact named, words of figures still build on the figures before it, if any.
    expect((await chain('revenue Q2 2003', 'who is the investor relations contact?', 'is that up?'))?.title).toBe('Revenue — Q2 2003 vs Q2 2002');
    // A quote with nothing before it leaves the latest period, as before.
    expect((await chain('what did Lonstein say?', 'and net income?'))?.title).toBe('Net income — Q4 2003');
  });
});
