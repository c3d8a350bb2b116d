/**
 * Each command through `runCall` (as the Discord client calls it) and `ask` (as people type): exact
 * figures with their citations, what a careful reader must be told (derived, misprint, restated,
 * the wrong kind of period), refusals, reloads that succeed and fail, and how free text is read.
 */
import { copyFileSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Answer } from '../../commands/answer.ts';
import { createConversations } from '../../commands/understand/conversation.ts';
import { answerQuestion, ask, runCall } from '../../commands/run.ts';
import type { Question } from '../../commands/understand/question.ts';
import { autocomplete } from '../../commands/autocomplete.ts';
import type { FigureFact } from '../../knowledge/facts.ts';
import type { Store } from '../../knowledge/store.ts';
import { askAfter, askText, openProjectStore, Q1, Q2, Q4, RELEASE_FILES, RELEASES_DIR, runText } from '../support/answers.ts';
import { Q3, releaseText, thirdQuarterRelease } from '../support/releases.ts';
import { renderedProblems } from '../support/embed-limits.ts';
import { renderEmbed } from '../../bot/render/embed.ts';
import { numbersIn, percentagesIn } from '../support/golden-check.ts';

let store: Store;
beforeAll(async () => {
  store = await openProjectStore();
});

const lines = new Map<string, string[]>();
/** Line n of a project release, 1-based, as printed. */
function releaseLine(release: string, n: number): string {
  let all = lines.get(release);
  if (!all) {
    all = ['', ...releaseText(release).split(/\r?\n/)];
    lines.set(release, all);
  }
  return all[n] ?? '';
}
/** The first line of a release (after a heading, if given) that has the label and the printed figure. */
function lineOf(release: string, label: RegExp, printed: string, after?: RegExp): number {
  let armed = !after;
  for (let n = 1; n < 2000; n++) {
    const line = releaseLine(release, n);
    if (!armed) armed = Boolean(after?.test(line));
    else if (label.test(line) && line.includes(printed)) return n;
  }
  throw new Error(`no line ${label} with ${printed} in ${release}`);
}
const fold = (s: string) => s.replace(/\s+/g, ' ').trim();
/** The summary as read: without the bold markers the renderers strip. */
const plain = (s: string) => s.replace(/\*\*/g, '');
const firstFigure = (a: Answer) => a.facts[0] as FigureFact;

describe('/metric: exact figures, with their release and line', () => {
  const cases = [
    { options: { metric: 'revenue', period: 'Q1 2003' }, says: '$13.129 million', value: 13_129_000, release: Q1, label: /^Revenues/, printed: '13,129' },
    { options: { metric: 'ebitda', period: 'Q4 2003' }, says: '$2.8 million', value: 2_800_000, release: Q4, label: /^EBITDA/, printed: '2.8' },
    { options: { metric: 'eps diluted', period: 'FY2003' }, says: '-$0.76 per share (a loss)', value: -0.76, release: Q4, label: /Net income \(loss\) to common/, printed: '(0.76)', after: /^Diluted earnings per share/ },
    { options: { metric: 'cash', period: 'June 30, 2003' }, says: '$8.083 million', value: 8_083_000, release: Q2, label: /Cash and equivalents/, printed: '8,083' },
    { options: { metric: 'revenue', period: 'H1 2002' }, says: '$24.474 million', value: 24_474_000, release: Q2, label: /^Revenues/, printed: '24,474' },
    { options: { metric: 'total assets', period: 'December 31, 2003' }, says: '$66.7 million', value: 66_700_000, release: Q4, label: /Total assets/, printed: '66.7' },
  ];

  it.each(cases)('$options.metric $options.period is $says', async ({ options, says, value, release, label, printed, ...rest }) => {
    const { answer, text } = await runText('metric', options, store);
    expect(answer.kind).toBe('figure');
    expect(plain(answer.summary)).toContain(says);
    const fact = firstFigure(answer);
    expect(fact).toMatchObject({ kind: 'statement', release, printed });
    expect(fact.value).toBeCloseTo(value, 6);
    const line = lineOf(release, label, printed, 'after' in rest ? rest.after : undefined);
    expect(fact.line).toBe(line);
    expect(answer.sources[0]).toMatchObject({ release, line });
    expect(fold(releaseLine(release, line))).toContain(fold(answer.sources[0]?.text ?? '').slice(0, 30));
    expect(text).toContain(`${release} line ${line}`);
    expect(text).toContain(says);
  });

  it('the same through ask, as typed', async () => {
    const { answer, question, text } = await askText('/metric revenue Q1 2003', store);
    expect(question).toEqual({ company: 'IFOX', intent: 'figure', measures: [{ kind: 'concept', concept: 'revenue' }], periods: [{ kind: 'id', id: '2003-Q1' }] });
    expect(answer.summary).toContain('$13.129 million');
    expect(text).toContain(`${Q1} line 135`);
  });
});

describe('/metric: what it cannot answer', () => {
  it('an unknown metric names the available metrics, and gives no figure from the tables', async () => {
    const { answer, text } = await askText('/metric foo Q4 2003', store);
    expect(answer.kind).toBe('refusal');
    expect(answer.summary).toMatch(/"foo" is not a metric/i);
    const list = answer.fields.find((f) => /valid values/i.test(f.name));
    expect(list?.value).toMatch(/Revenue/);
    expect(answer.facts).toEqual([]);
    expect(answer.sources).toEqual([]);
    expect(text).not.toMatch(/\$|million|thousand/i);
    // The only numbers are the question's own.
    expect(numbersIn(text).every((n) => n.value === 4 || n.value === 2003)).toBe(true);
  });

  it('an impossible date is said to be one, never read as another period (option form): "2003-13-01" was read as "1, 2003"', async () => {
    for (const period of ['2003-13-01', 'September 31, 2003']) {
      const { answer, text } = await runText('metric', { metric: 'revenue', period }, store);
      expect(answer.kind).toBe('refusal');
      expect(answer.summary).toContain(`"${period}" is not a date`);
      expect(text).not.toMatch(/\$/);
    }
  });

  it('an unknown period is said to be one, with the periods the metric has (option form)', async () => {
    const { answer, text } = await runText('metric', { metric: 'revenue', period: 'someday' }, store);
    expect(answer.kind).toBe('refusal');
    expect(answer.summary).toMatch(/"someday" is not a period/i);
    expect(text).toContain('Q4 2003');
    expect(text).not.toMatch(/\$/);
    expect(answer.facts).toEqual([]);
  });

  it('an unknown period is said to be one when typed as /metric revenue someday', async () => {
    const { answer, text } = await askText('/metric revenue someday', store);
    expect(answer.kind).toBe('refusal');
    // Not "\"revenue someday\" is not a metric": revenue is a metric, "someday" is the period not understood.
    expect(answer.summary, text).toMatch(/"someday" is not a period/i);
    expect(text).not.toMatch(/"revenue someday" is not a metric/i);
  });

  it('a period the releases do not hold is said so, naming the periods they do', async () => {
    const { answer, text } = await runText('metric', { metric: 'revenue', period: 'Q2 2004' }, store);
    expect(answer.kind).toBe('not_found');
    expect(text).toMatch(/not reported/i);
    expect(text).toContain('Q4 2003');
    expect(answer.facts).toEqual([]);
  });

  it('options in chat shorthand are written out ("tca", "ye02"); one still not understood is quoted as typed', async () => {
    expect((await runText('metric', { metric: 'tca', period: 'ye02' }, store)).answer.title).toBe('Total current assets — Dec 31, 2002');
    expect((await runText('metric', { metric: 'NI ye03' }, store)).answer.summary).toContain('metric: "NI ye03" is not a metric I know');
  });

  it('a metric option naming several lines offers them as people say them, never as the vocabulary\'s keys', async () => {
    const { answer } = await runText('metric', { metric: 'earnings', period: 'Q4 2003' }, store);
    expect(answer.summary).toContain('closest: Net income, ');
    expect(answer.summary).not.toMatch(/net_income|eps_diluted/);
  });

  it('a missing required option is named, not reported as a schema error', async () => {
    const { answer, text } = await runText('metric', { period: 'Q1 2003' }, store);
    expect(answer.kind).toBe('refusal');
    expect(text).toMatch(/\bmetric\b.*\brequired\b|\brequired\b.*\bmetric\b/i);
    expect(text).not.toMatch(/expected string, received undefined/i);
  });

  it('an unknown command answers with help', async () => {
    const { answer, text } = await runText('foo', {}, store);
    expect(answer.kind).toBe('help');
    expect(text).toContain('/foo');
  });

  it('an option typed twice is refused, never one of the two dropped (hunt O: "metric:revenue metric:net income" answered net income alone)', async () => {
    const { text } = await askText('/metric metric:revenue metric:net income period:Q4 2003', store);
    expect(text).toContain('/metric: the option metric is given twice');
    expect(text).not.toContain('$0.6 million');
  });
});

describe('/metric: a period of the wrong kind is read and the reading said', () => {
  it('cash (a balance) in Q2 2003 is cash at June 30, 2003', async () => {
    const { answer, text } = await runText('metric', { metric: 'cash', period: 'Q2 2003' }, store);
    expect(answer.title).toContain('Jun 30, 2003');
    expect(answer.summary).toContain('at June 30, 2003');
    expect(answer.summary).toContain('$8.083 million');
    expect(answer.notes.join('\n')).toMatch(/balance.*Jun 30, 2003/i);
    expect(text).toMatch(/Note: Read as: .*balance/i);
  });

  it('revenue (a flow) at December 31, 2003 is the quarter ended then', async () => {
    const { answer, text } = await runText('metric', { metric: 'revenue', period: 'December 31, 2003' }, store);
    expect(answer.title).toContain('Q4 2003');
    expect(answer.summary).toContain('three months ended December 31, 2003');
    expect(answer.summary).toContain('$14.4 million');
    expect(answer.notes.join('\n')).toMatch(/covers a period.*3 months ended Dec 31, 2003/i);
    expect(text).toMatch(/Note: Read as:/);
  });
});

describe('/metric: derived, restated and misprinted figures say so', () => {
  it('revenue Q3 2003 is derived, $14.089 million, with its formula and the printed lines it uses', async () => {
    const { answer, text } = await runText('metric', { metric: 'revenue', period: 'Q3 2003' }, store);
    expect(answer.summary).toContain('$14.089 million');
    expect(answer.summary).toMatch(/derived/i);
    const fact = answer.facts[0];
    expect(fact?.kind).toBe('derived');
    if (fact?.kind !== 'derived') return;
    expect(fact.value).toBeCloseTo(14_089_000, 0);
    expect(fact.formula).toContain('FY 2003 − H1 2003 − Q4 2003');
    expect(text).toContain(fact.formula);
    expect(text).toMatch(/Derived, not printed/);
    expect(answer.sources).toEqual(expect.arrayContaining([
      expect.objectContaining({ release: Q4, line: 199 }),
      expect.objectContaining({ release: Q2, line: 153 }),
    ]));
  });

  it('revenue Q3 2002 is derived too: FY 2002 − H1 2002 − Q4 2002 = $12.926 million', async () => {
    const { answer, text } = await runText('metric', { metric: 'revenue', period: 'Q3 2002' }, store);
    expect(answer.summary).toContain('$12.926 million');
    expect(answer.facts[0]?.kind).toBe('derived');
    expect(text).toContain('Q3 2002 = FY 2002 − H1 2002 − Q4 2002 = 50.8 million − 24,474 thousand − 13.4 million');
    expect(text).toMatch(/accurate to about ±\$0\.\d+ million/);
  });

  it('property and equipment, net at Dec 31, 2002: 19.5 million served, 19,437 thousand named as the earlier printing', async () => {
    const { answer, text } = await runText('metric', { metric: 'property and equipment, net', period: 'December 31, 2002' }, store);
    expect(answer.summary).toContain('$19.5 million');
    expect(firstFigure(answer)).toMatchObject({ release: Q4, line: 287, printed: '19.5' });
    const restated = answer.notes.filter((n) => /^Restated/.test(n));
    expect(restated).toHaveLength(1);
    expect(restated[0]).toContain('19,437 thousand');
    expect(restated[0]).toContain(Q1);
    expect(restated[0]).toContain(Q2);
    expect(text).toContain(`${Q4} line 287`);
  });

  it('a figure asked "in the Q1 release" is that release\'s printing (19,437 thousand), the latest one named beside it', async () => {
    for (const question of ['PPE Dec 31, 2002 in the Q1 release', 'what did the q1 2003 release say pp&e was at dec 31 2002']) {
      const { answer } = await askText(question, store);
      expect(firstFigure(answer)).toMatchObject({ release: Q1, line: 209, printed: '19,437' });
      expect(answer.notes.join('\n')).toMatch(/Read as: .*as printed in the release for Q1/);
      expect(answer.notes.find((n) => /^Restated/.test(n))).toContain(`${Q4} line 287, prints 19.5 million`);
    }
  });

  it('a release not loaded is never another one that prints its period as a comparative column: "per the Q4 2002 release" is not the Q4 2003 release', async () => {
    const { answer } = await askText('per the q4 2002 release what was revenue', store);
    expect(answer.title).toBe('Release: not loaded');
    expect(answer.facts).toHaveLength(0);
  });

  it('a figure the named release does not print is not taken from another release', async () => {
    const { answer } = await askText('revenue Q1 2003 in the Q2 release', store);
    expect(answer.kind).toBe('not_found');
    expect(answer.title).toContain('not in that release');
    expect(answer.summary).toContain(`not reported in ${Q2}`);
    expect(answer.facts).toHaveLength(0);
  });

  it('Q4 2002 net interest expense is 0.4 million, with a note that the statement prints .04', async () => {
    const { answer, text } = await runText('metric', { metric: 'net interest expense', period: 'Q4 2002' }, store);
    expect(answer.summary).toContain('$0.4 million');
    expect(answer.summary).not.toContain('0.04');
    const misprint = answer.notes.find((n) => /misprint/i.test(n));
    expect(misprint).toContain('.04');
    expect(misprint).toContain('line 212');
    expect(releaseLine(Q4, 212)).toMatch(/Net interest expense\s+0\.7\s+\.04/);
    expect(firstFigure(answer)).toMatchObject({ release: Q4, line: 265, printed: '0.4' });
    expect(text).toContain(`${Q4} line 265`);
  });

  it('a dash is a zero, and said to be one (income tax FY 2003)', async () => {
    const { answer } = await runText('metric', { metric: 'income tax', period: 'FY2003' }, store);
    expect(answer.summary).toMatch(/\$0\b.*dash/);
  });
});

describe('the latest of a line printed "basic and diluted" in one release and apart in another', () => {
  it("is the latest any release prints: Q4 2003's diluted shares (14.2 million), never Q2 2003's basic and diluted (5.383 million)", async () => {
    const { answer } = await ask('how many weighted average shares', { store, admin: false });
    expect(answer.title).toBe('Weighted average diluted shares — Q4 2003');
    expect(answer.notes).toContain('Read as: Infocrossing, Inc., this release prints weighted average diluted shares and weighted average basic shares apart for that period: weighted average diluted shares shown.');
  });

  it('is no count at a date: shares outstanding at year-end 2003 are not in the releases (the year\'s average is not given as them, only named as printed instead); year-end EPS is the year\'s', async () => {
    const atYearEnd = (await ask('how many shares outstanding at year end 2003', { store, admin: false })).answer;
    expect(atYearEnd.kind).toBe('not_found');
    expect(atYearEnd.title).toBe('Shares outstanding: not in the releases');
    expect(atYearEnd.summary).toContain('Printed instead: Weighted average shares, over each period rather than at its end: Q1 2002');
    expect(atYearEnd.emphasis).toEqual([]);
    const averageAtDate = (await ask('weighted average shares at December 31, 2003', { store, admin: false })).answer;
    expect(averageAtDate.summary).toContain('is a weighted average over a period, never a count at a date: ask for it over a period, or for the shares outstanding at that date');
    expect((await ask('EPS year-end 2003', { store, admin: false })).answer.title).toBe('Diluted earnings per share — FY 2003');
  });
});

describe('"a year ago" with nothing said before it', () => {
  it('is a year before the latest period, said so: revenue Q4 2002, cash at December 31, 2002', async () => {
    const revenue = (await ask('revenue a year ago', { store, admin: false })).answer;
    expect(revenue.summary).toContain('Revenue for Q4 2002 (three months ended December 31, 2002) was $13.4 million');
    expect(revenue.notes).toContain('Read as: Infocrossing, Inc., 1 year before the latest, Q4 2002.');
    expect((await ask('is cash higher than a year ago', { store, admin: false })).answer.title).toBe('Cash and equivalents — Dec 31, 2003 vs Dec 31, 2002');
  });
});

describe('a cost line carved across a reclassification of prior periods', () => {
  const reclass = 'infocrossing-2003-q4.txt line 246: "Certain reclasses have been made to prior periods to conform to the current presentation."';

  it('is not given alone: Q3 2003 S&A would be FY 2003 (after the Q4 release\'s reclass) less H1 2003 (before it), $1.031 million against about $2.5 million every printed quarter', async () => {
    const { answer } = await ask('q3 03 s&a', { store, admin: false });
    expect(answer.kind).toBe('not_found');
    expect(answer.summary).toContain(reclass);
    expect(answer.emphasis).toEqual([]);
    expect((await ask('gross margin Q3 2003', { store, admin: false })).answer.kind).toBe('not_found');
    const trend = (await ask('S&A trend', { store, admin: false })).answer;
    expect(trend.summary).not.toContain('Q3 2003:');
    expect(trend.notes.join('\n')).toContain(`Not given: Q3 2002, H2 2002, Q3 2003, H2 2003, derivable only from releases on both sides of a reclassification of prior periods (${reclass})`);
  });

  it('is summed before the periods are subtracted, the sum the reclass leaves whole: cost of revenues + S&A + D&A, Q3 2003, $12.985 million, the lines one by one not shown', async () => {
    const { answer } = await ask('What were total costs and expenses (cost of revenues + S&A + D&A) in Q3 2003?', { store, admin: false });
    expect(answer.summary).toContain('$12.985 million');
    const how = answer.fields.find((f) => f.name === 'How it was computed')?.value ?? '';
    expect(how).toContain('Q3 2003 = FY 2003 − H1 2003 − Q4 2003 = (36.7 million + 8.5 million + 6.1 million) − (16,957 thousand + 5,269 thousand + 2,889 thousand) − (9.4 million + 2.2 million + 1.6 million)');
    expect(how).not.toContain('1.031');
  });

  it('is summed so only with every cost line the reclass may have moved amounts between: "S&A + D&A" for Q3 2003 was $2.642 million (the printed quarters are about $4 million), "cost of revenues + S&A" holds both', async () => {
    for (const q of ['s&a + d&a q3 2003', 'cost of revenues + d&a q3 2003', 'net income + s&a q3 2003', 's&a + d&a h2 2003']) {
      const { answer } = await ask(q, { store, admin: false });
      expect(answer.kind).toBe('not_found');
      expect(answer.emphasis).toEqual([]);
    }
    expect((await ask('cost of revenues + s&a q3 2003', { store, admin: false })).answer.summary).toContain('$11.374 million');
  });

  it('leaves the lines of a company that reclassified nothing derived as before, and revenue as before', async () => {
    expect((await ask('revenue Q3 2003', { store, admin: false })).answer.summary).toContain('$14.089 million (derived, not printed; ±$0.10 million, as its inputs are rounded).');
  });

  it('a figure\'s year-earlier change is the rate the release prints, the computed one after it (it showed +27.3% where the release says 24.2%)', async () => {
    const { answer } = await ask('ebitda q4 2003', { store, admin: false });
    expect(answer.fields.find((f) => f.name === 'vs Q4 2002')?.value).toBe('$2.2 million, the release says up 24.2% (infocrossing-2003-q4.txt line 36); from the rounded table figures +27.3% (±5.3 points, as the printed figures are rounded) (computed)');
    expect(answer.sources).toEqual(expect.arrayContaining([expect.objectContaining({ release: Q4, line: 36 })]));
    expect(`${releaseLine(Q4, 36)} ${releaseLine(Q4, 37)}`).toContain('increased 24.2%');
  });

  it('a ratio of derived figures says its inputs are derived, and how (it said "computed from printed figures")', async () => {
    const { answer } = await ask('ebitda margin q3 2003', { store, admin: false });
    expect(answer.summary).toContain('19.3% (computed from figures derived from printed ones;');
    expect(answer.fields.find((f) => f.name === 'Derived, not printed')?.value).toBe(
      'EBITDA: Q3 2003 = FY 2003 − H1 2003 − Q4 2003 = 10.0 million − 4,485 thousand − 2.8 million\nRevenue: Q3 2003 = FY 2003 − H1 2003 − Q4 2003 = 55.2 million − 26,711 thousand − 14.4 million',
    );
    expect((await ask('ebitda margin q4 2003', { store, admin: false })).answer.summary).toContain('(computed from printed figures;');
  });
});

describe('a change between a restated figure and one printed only before the restatement', () => {
  it('is the change one release printed side by side: PP&E in H1 2003 is 19,760 against 19,437 thousand (the Q2 release), not against the Q4 release\'s reclassed 19.5 million', async () => {
    const { answer } = await ask('Change in PP&E, net, during the first half of 2003', { store, admin: false });
    expect(plain(answer.summary)).toBe('Property and equipment, net was $19.760 million at Jun 30, 2003 against $19.437 million at Dec 31, 2002: +$0.323 million, +1.7%.');
    // Both printed by the Q4 release, on its basis.
    expect(plain((await ask('ppe net 12/31/02 vs 12/31/03', { store, admin: false })).answer.summary)).toContain('against $19.5 million at Dec 31, 2002');
  });
});

describe('trailing twelve months said by their end', () => {
  it('"twelve months ended March 31, 2003" are the trailing twelve months to Q1 2003, derived (said by their end, they are no fiscal year)', async () => {
    const { answer } = await runText('metric', { metric: 'ebitda', period: 'twelve months ended March 31, 2003' }, store);
    expect(answer.title).toBe('EBITDA — twelve months ended March 31, 2003');
    expect(answer.emphasis.join(' ')).toMatch(/\d/);
  });
});

describe('a formula over lines printed more precisely by an earlier release', () => {
  it('takes each line at its finest printing: working capital at Dec 31, 2002 is 13,746 − 11,612 thousand = $2.134 million, not 13.7 − 11.6 million', async () => {
    const { answer } = await ask('working capital at Dec 31 2002', { store, admin: false });
    expect(answer.summary).toContain('$2.134 million');
    // Against a figure to a tenth of a million, the change is to a tenth: +$6.1 million, not +$6.066 million.
    const change = (await ask('How did working capital at the end of 2003 compare with the end of 2002?', { store, admin: false })).answer;
    expect(change.summary).toContain('against $2.134 million in Dec 31, 2002: +$6.1 million');
  });
});

describe("a balance's change in a quarter or a half", () => {
  it('is from the balance at its start: cash in Q2 2003 +$0.946 million from March 31; in Q4 2003 not given (no September 30 balance), never the year\'s +$3.1 million', async () => {
    expect(plain((await ask('change in cash in Q2 2003', { store, admin: false })).answer.summary)).toBe('Cash and equivalents was $8.083 million at Jun 30, 2003 against $7.137 million at Mar 31, 2003: +$0.946 million, +13.25% (±0.01 points, as the printed figures are rounded).');
    const q4 = (await ask('How much did cash change in Q4 2003?', { store, admin: false })).answer;
    expect(q4.kind).toBe('not_found');
    expect(q4.summary).not.toContain('3.1 million');
    expect(q4.notes).toContain('Read as: Infocrossing, Inc., cash and equivalents, Q4 2003 vs September 30, 2003.');
    // A year's change is from the year before's end either way.
    expect((await ask('how much did total assets change in 2003?', { store, admin: false })).answer.title).toBe('Total assets — Dec 31, 2003 vs Dec 31, 2002');
  });
});

describe('a comparison said oldest first', () => {
  it('is shown newest first and read back in that order: "from 2002 to 2003" is 2003 vs 2002', async () => {
    const { answer } = await ask('how much did revenue grow from 2002 to 2003?', { store, admin: false });
    expect(answer.title).toBe('Revenue — FY 2003 vs FY 2002');
    expect(answer.notes).toContain('Read as: Infocrossing, Inc., revenue, 2003 vs 2002.');
  });
});

describe('one printed line asked as two, compared', () => {
  it('is compared once and said so, where Q1 2003 prints "basic and diluted" as one line; Q4 2003 prints them apart', async () => {
    const { answer } = await ask('compare basic and diluted eps q1 2003 vs q1 2002', { store, admin: false });
    expect(answer.title).toBe('Basic and diluted earnings per share — Q1 2003 vs Q1 2002');
    expect(answer.summary.match(/was -\$0\.40 per share in Q1 2003/g)).toHaveLength(1);
    expect(answer.notes).toContain('Basic earnings per share and diluted earnings per share are one line in the release: compared once.');
    const apart = await ask('compare basic and diluted eps q4 2003 vs q4 2002', { store, admin: false });
    expect(apart.answer.title).toBe('Basic earnings per share — Q4 2003 vs Q4 2002; Diluted earnings per share — Q4 2003 vs Q4 2002');
  });

  it('quotes a sentence of the release about both periods once, not once for each: /compare basic and diluted EPS, Q1 2003 against Q1 2002', async () => {
    const { answer } = await runText('compare', { metric: 'basic and diluted earnings per share', period: 'Q1 2003', versus: 'Q1 2002' }, store);
    const quotes = answer.notes.filter((n) => n.startsWith('The release says:'));
    expect(quotes.length).toBeGreaterThan(1);
    expect(new Set(quotes).size).toBe(quotes.length);
  });
});

describe('a search of the text for names alone', () => {
  it('says back the names and words it searched for, as its answer does: "P/E ratio" is "p e ratio", never "" nor "ratio" alone', async () => {
    const { answer } = await ask("what's the P/E ratio?", { store, admin: false });
    expect(answer.summary).toContain('nothing in them answers "p e ratio"');
    expect(answer.notes).toContain('Read as: Infocrossing, Inc., the text of the releases about "p e ratio".');
  });
});

describe('several metrics in one question', () => {
  it('compares each of them, never the first alone: revenue and net income, 2003 against 2002', async () => {
    const { answer } = await ask('what were revenue and net income in 2003 and how did they compare with 2002?', { store, admin: false });
    expect(answer.summary.split('\n')).toEqual([
      'The release reports revenue up 8.8% (infocrossing-2003-q4.txt line 76). Revenue was $55.2 million in FY 2003 against $50.8 million in FY 2002: +$4.4 million, +8.7% (±0.2 points, as the printed figures are rounded).',
      'Net income was $1.4 million in FY 2003 against $1.1 million in FY 2002: +$0.3 million, +27.3% (±11 points, as the printed figures are rounded).',
    ]);
    expect(answer.notes.filter((n) => n.startsWith('Read as:'))).toEqual(['Read as: Infocrossing, Inc., revenue, net income, 2003 vs 2002.']);
  });

  it('gives each figure once, however often its period was said: cash at Q4 2003 and at year-end 2003 is one balance', async () => {
    const { answer } = await ask('revenue Q4 2003; cash at year end 2003', { store, admin: false });
    expect(answer.summary.split('\n').filter((l) => l.startsWith('Cash and equivalents'))).toEqual(['Cash and equivalents, Dec 31, 2003: $10.1 million']);
  });
});

describe('a figure derivable only as mostly rounding', () => {
  it('is left out of a trend and its chart, and said, as it is refused asked alone: net income Q3 2002 (−0.104 ± 0.1005)', async () => {
    const { answer } = await ask('trend of net income', { store, admin: false });
    expect(answer.fields.map((f) => f.value).join('\n')).not.toContain('Q3 2002');
    expect(answer.notes).toContain('Not given: Q3 2002, derivable only from printed figures whose rounding is half the result or more.');
    expect(answer.chart?.panels.flatMap((p) => p.series.flatMap((s) => s.points.map((pt) => pt.period)))).not.toContain('2002-Q3');
  });

  it('is no comparison beside another figure: net income Q3 2003 and the Q3 2003 results show no Q3 2002 net income', async () => {
    const figure = (await ask('net income Q3 2003', { store, admin: false })).answer;
    expect(figure.fields.map((f) => f.name)).not.toContain('vs Q3 2002');
    const results = (await ask('Q3 2003 results', { store, admin: false })).answer;
    expect(results.summary).toContain('Net income: $0.425 million (derived, ±$0.10 million)\n');
    // A prior year derived too is marked as such beside it.
    expect(results.summary).toContain('Revenue: $14.089 million (derived, ±$0.10 million) (Q3 2002: $12.926 million (derived, ±$0.10 million), +9.0%');
    expect(results.summary).not.toContain('-$0.104 million');
    // A change between two losses says which way the loss went (it was a bare "+20.77%").
    const losses = (await ask('Q2 2003 results', { store, admin: false })).answer;
    expect(losses.summary).toContain('Net income (loss) to common stockholders: -$2.396 million (Q2 2002: -$3.024 million, +20.77% (±0.03 points, as the printed figures are rounded) (the loss narrowed by 20.77%))');
    // Nor beside its period in the slash command's autocomplete.
    const choice = autocomplete('period', 'Q3 2002', { metric: 'net income' }, store.current()).find((c) => c.value === '2002-Q3');
    expect(choice?.name).toBe('Q3 2002');
  });
});

describe('the last few quarters or years', () => {
  it('lists the quarters running up to the latest, one after another, a derived one said so', async () => {
    const { answer } = await ask('revenue for each of the last four quarters', { store, admin: false });
    expect(answer.summary.split('\n')).toEqual(['Revenue, Q1 2003: $13.129 million', 'Revenue, Q2 2003: $13.582 million', 'Revenue, Q3 2003: $14.089 million (computed)', 'Revenue, Q4 2003: $14.4 million']);
    expect((await ask('net income for the past two years', { store, admin: false })).answer.summary).toBe('Net income, FY 2002: $1.1 million\nNet income, FY 2003: $1.4 million');
  });

  it('/compare refuses several periods as one: a comparison is of one period against another', async () => {
    const { text } = await runText('compare', { metric: 'revenue', period: 'last 4 quarters' }, store);
    expect(text).toContain('period: "the last 4 quarters" is several periods; compare one quarter with another, or list them with /metric');
  });

  it('never skips a quarter it cannot give for an older one: EBITDA margin over the last three quarters includes Q3 2003, computed', async () => {
    const { answer } = await ask('EBITDA margin last 3 quarters', { store, admin: false });
    expect(answer.summary.split('\n').map((l) => l.split(':')[0])).toEqual(['EBITDA margin, Q2 2003', 'EBITDA margin, Q3 2003', 'EBITDA margin, Q4 2003']);
  });
});

describe('a figure asked in a scale', () => {
  it('shows it in that scale beside the printed figure, every digit it holds and no more (the scale was dropped unsaid: hunt T)', async () => {
    expect((await askText('revenue q4 2003 in thousands', store)).answer.summary).toContain('In thousands, as asked: $14,400 thousand, printed to the nearest $0.1 million.');
    expect((await askText('revenue q1 2003 in billions', store)).answer.summary).toContain('In billions, as asked: $0.013129 billion.');
    // From its finest printing: the Q1 release prints cash at Dec 31, 2002 to the thousand (it gave "$7,000 thousand": review 54).
    expect((await askText('cash dec 31 2002 in thousands', store)).answer.summary).toContain('In thousands, as asked: $7,026 thousand.');
    expect((await askText('diluted eps q4 2003 in cents', store)).answer.summary).toContain('In cents, as asked: 8 cents per share.');
    expect((await askText('revenue q3 2003 in thousands', store)).answer.summary).toContain('$14,089 thousand, derived from rounded figures as above.');
    expect((await askText('ebitda margin 2003 in billions', store)).answer.summary).toContain('Asked in billions: 18.1% is a percentage, shown as it is.');
    // Asked in the scale shown: nothing more said.
    expect((await askText('revenue q4 2003 in millions', store)).answer.summary).not.toContain('as asked');
    // Several figures, a comparison, a trend, a rank, a sum: said to be shown as printed, never the scale dropped unsaid (review 54).
    for (const q of ['revenue q4 2003 vs q4 2002 in thousands', 'revenue and ebitda q4 2003 in thousands', 'revenue trend in thousands', 'which quarter had the highest revenue in thousands', 'revenue q3 2003 plus q4 2003 in thousands']) {
      expect((await askText(q, store)).answer.notes, q).toContain('Asked in thousands: these figures are shown as printed; ask for one figure alone to see it in thousands.');
    }
    // Shown in the scale asked already, nothing said; percentages have none (review 59).
    expect((await askText('revenue trend in millions', store)).answer.notes.join(' ')).not.toContain('Asked in');
    expect((await askText('ebitda margin trend in billions', store)).answer.notes).toContain('Asked in billions: these are percentages or ratios, which have no scale; shown as they are.');
  });
});

describe('a ratio of lines of different kinds', () => {
  it.each([
    ['revenue / eps 2003', 'Revenue is an amount over a period and basic and diluted earnings per share an amount per share: one over the other means nothing'],
    ['diluted shares as a share of revenue 2003', 'is a number of shares and revenue an amount over a period'],
    ['cash as a percent of revenue 2003', 'Cash and equivalents is a balance at a date and revenue an amount over a period: which period to set against the date is a choice the releases do not make'],
    // An amount over shares is no nonsense: it is per share, which the release prints (it said "one over the other means nothing").
    ['net income divided by diluted shares 2003', 'one over the other is an amount per share, which the releases print as earnings per share (ask for basic or diluted EPS)'],
    // Revenue per share is no earnings per share (review 53).
    ['revenue divided by diluted shares 2003', 'one over the other is an amount per share, which the releases do not print for it'],
  ])('%s is not computed', async (text, why) => {
    // They gave -7263157894.7%, 13.2% and year-end cash over Q4 revenue, 70.1%.
    const { answer } = await askText(text, store);
    expect(answer.kind).toBe('not_found');
    expect(answer.summary).toContain(why);
    expect(answer.summary).not.toMatch(/\d%/);
  });

  it('like over like still is: cash as a share of total assets (a share, in percent: 15.1%), EBITDA to net interest expense (4.00 times), the current ratio', async () => {
    expect((await askText('cash as a share of total assets at 12/31/03', store)).answer.summary).toContain('15.1%');
    expect((await askText('cash as % of total assets ye03', store)).answer.summary).toContain('15.1%');
    expect((await askText('EBITDA to net interest expense 2003', store)).answer.summary).toContain('4.00 times');
    expect((await askText('current ratio 2003', store)).answer.summary).toContain('1.98 times');
  });
});

describe('periods added up ("combined", "+")', () => {
  it('revenue in Q1 and Q2 2003 combined: the sum, its arithmetic, and the half-year the release prints itself', async () => {
    const { answer, text } = await askText('revenue in Q1 and Q2 2003 combined', store);
    expect(answer.kind).toBe('figure');
    expect(answer.summary).toBe('Revenue for Q1 2003 and Q2 2003 combined: $26.711 million (computed from printed figures).');
    expect(text).toContain('Q1 2003 + Q2 2003 = $13.129 million + $13.582 million = $26.711 million');
    expect(answer.notes).toContain('The releases print H1 2003 itself: $26.711 million.');
  });

  it('a difference of flows adds up too: gross profit Q1 + Q2 2003', async () => {
    const { answer } = await askText('gross profit Q1 + Q2 2003', store);
    expect(answer.summary).toBe('Gross profit for Q1 2003 and Q2 2003 combined: $9.754 million (computed from printed figures).');
  });

  it('a derived quarter added: the sum says how far rounding may move it', async () => {
    const { answer } = await askText('net income Q3 2003 plus Q4 2003', store);
    expect(answer.summary).toContain('$1.025 million');
    expect(answer.notes).toContain('Accurate to about ±$0.151 million, as the figures added are rounded.');
  });

  it.each([
    ['cash Q1 2003 + Q2 2003', 'Cash and equivalents is a balance at a date: its figures for several periods do not add up.', ['Cash and equivalents, Mar 31, 2003: $7.137 million', 'Cash and equivalents, Jun 30, 2003: $8.083 million']],
    ['EPS Q1 and Q2 2003 combined', 'is not an amount over a period', ['Basic and diluted earnings per share, Q1 2003: -$0.40 per share', 'Basic and diluted earnings per share, Q2 2003: -$0.45 per share']],
    ['EBITDA margin Q1 and Q2 2003 combined', 'EBITDA margin is a ratio', ['EBITDA margin, Q1 2003: 17.4%', 'EBITDA margin, Q2 2003: 16.2%']],
    ['revenue Q1 2003 + H1 2003', 'H1 2003 includes Q1 2003: added, it would be counted twice.', ['Revenue, Q1 2003: $13.129 million', 'Revenue, H1 2003: $26.711 million']],
  ])('%s: not added up, each figure shown', async (text, why, shown) => {
    const { answer } = await askText(text, store);
    expect(answer.kind).toBe('refusal');
    expect(answer.summary).toContain(why);
    // Each period's own figure, and no sum of them.
    expect(answer.fields.map((f) => `${f.name}: ${f.value.split(' (computed')[0]}`)).toEqual(shown);
    expect(answer.summary).not.toMatch(/combined/);
  });
});

describe('the highest or lowest quarter', () => {
  it("names the quarter of 2003 with the highest revenue, from every quarter's figure (Q3 derived)", async () => {
    const { answer } = await ask('which quarter had the highest revenue in 2003?', { store, admin: false });
    expect(answer.summary).toBe('Of Q1 2003, Q2 2003, Q3 2003, Q4 2003, revenue was highest in Q4 2003: $14.4 million.');
    expect(answer.fields.map((f) => f.name)).toEqual(['Revenue, Q1 2003', 'Revenue, Q2 2003', 'Revenue, Q3 2003', 'Revenue, Q4 2003']);
    expect(answer.fields[2]?.value).toContain('computed: Q3 2003 = FY 2003 − H1 2003 − Q4 2003');
  });

  it('a cost line or margin ranked across the Q4 release\'s reclassification of prior periods says so, as its comparison does (hunt M)', async () => {
    const { answer } = await ask('lowest gross margin quarter 2003', { store, admin: false });
    expect(answer.summary).toContain('gross margin was lowest in Q4 2003: 34.7%');
    expect(answer.notes.join(' ')).toContain('Q1 2003 is as infocrossing-2003-q1.txt printed it, before infocrossing-2003-q4.txt reclassified prior periods');
    // Revenue, never reclassified, ranks without it.
    expect((await ask('which quarter had the highest revenue in 2003?', { store, admin: false })).answer.notes.join(' ')).not.toContain('reclassified');
  });

  it('never names a winner the rounding of the printed figures leaves open: EBITDA, Q4 2003 ($2.8 million) against the derived Q3 ($2.715 million)', async () => {
    const { answer } = await ask('which quarter had the highest EBITDA in 2003', { store, admin: false });
    expect(answer.summary).toContain('in Q4 2003 ($2.8 million) or Q3 2003 ($2.715 million): they are within the rounding of the printed figures, so the releases do not settle which is higher');
    // Both in bold, neither as the answer.
    expect(answer.emphasis).toEqual(['$2.8 million', '$2.715 million']);
  });

  it('says which quarters it could not rank: net income in Q3 2002 is not in the releases', async () => {
    const { answer } = await ask('best quarter for net income in 2002', { store, admin: false });
    expect(answer.summary).toBe('Of Q1 2002, Q2 2002, Q4 2002 (Q3 2002: not in the releases, so not ranked), net income was highest in Q1 2002: $1.330 million.');
    expect((await ask('lowest EBITDA quarter', { store, admin: false })).answer.summary).toContain('EBITDA was lowest in Q2 2002: $1.423 million');
  });

  it('a balance is ranked over its balance sheets\' dates, and its last four quarters are its last four quarter ends (it found no quarter of cash)', async () => {
    expect((await ask('which quarter had the most cash?', { store, admin: false })).answer.summary).toBe('Of Dec 31, 2002, Mar 31, 2003, Jun 30, 2003, Dec 31, 2003, cash and equivalents was highest at Dec 31, 2003: $10.1 million.');
    const recent = (await ask('cash over the last 4 quarters', { store, admin: false })).answer.summary;
    expect(recent).toContain('Cash and equivalents, Jun 30, 2003: $8.083 million');
    expect(recent).toContain('September 30, 2003 is not reported');
    // Another line after it is that line's own last quarters, never the dates the balance was found at.
    const conversation = { store: createConversations(), key: 'recent:ch1' };
    await ask('cash last 3 quarters', { store, admin: false, conversation });
    expect((await ask('and revenue?', { store, admin: false, conversation })).answer.notes).toContain('Read as: Infocrossing, Inc., revenue, the last 3 quarters.');
    // A flow's last quarters are each of them: "which was highest?" ranks those four, never every quarter.
    await ask('revenue over the last 4 quarters', { store, admin: false, conversation });
    expect((await ask('which was highest?', { store, admin: false, conversation })).answer.summary).toBe('Of Q1 2003, Q2 2003, Q3 2003, Q4 2003, revenue was highest in Q4 2003: $14.4 million.');
  });

  it('"EPS for the quarter" is the latest quarter any release prints EPS for, Q4 2003 (diluted), not the latest of the "basic and diluted" line (Q2 2003)', async () => {
    expect((await ask('eps for the quarter', { store, admin: false })).answer.title).toBe('Diluted earnings per share — Q4 2003');
  });

  it('ranks a line over every release, printed "basic and diluted" in one and apart in another: EPS, each row named by the line printed', async () => {
    const lowest = (await ask('which quarter had the lowest diluted eps', { store, admin: false })).answer;
    expect(lowest.summary).toBe('Of Q1 2002, Q2 2002, Q4 2002, Q1 2003, Q2 2003, Q4 2003, diluted earnings per share was lowest in Q2 2002: -$0.57 per share.');
    const best = (await ask('best eps quarter', { store, admin: false })).answer;
    expect(best.summary).toContain('was highest in Q4 2003: $0.08 per share');
    expect(best.fields.map((f) => f.name)).toContain('Diluted earnings per share, Q4 2003');
    expect(best.fields.map((f) => f.name)).toContain('Basic and diluted earnings per share, Q2 2003');
  });
});

describe('empty and over-long questions', () => {
  it.each(['', '   ', '\n\t'])('%j gets a clear answer and runs no command', async (q) => {
    const { answer, question, text } = await askText(q, store);
    expect(question).toBeUndefined();
    expect(['help', 'refusal']).toContain(answer.kind);
    expect(text).toMatch(/ask/i);
  });

  it('a question over 500 characters is refused before any work', async () => {
    const current = vi.fn(() => store.current());
    const reload = vi.fn(() => store.reload());
    const watched: Store = { dir: store.dir, current, reload };
    const long = `revenue Q1 2003 ${'and also revenue Q2 2003 '.repeat(25)}`;
    expect(long.trim().length).toBeGreaterThan(500);
    const { answer, question } = await ask(long, { store: watched, admin: true });
    expect(answer.kind).toBe('refusal');
    expect(question).toBeUndefined();
    expect(answer.summary).toContain('500');
    expect(answer.facts).toEqual([]);
    expect(current).not.toHaveBeenCalled();
    expect(reload).not.toHaveBeenCalled();
  });

  it('a question of exactly 500 characters is read', async () => {
    const q = `revenue Q1 2003${' '.repeat(469)}please tell me!!`;
    expect(q.length).toBe(500);
    const { answer } = await askText(q, store);
    expect(answer.title).not.toMatch(/too long/i);
  });
});

describe('letters as people type them', () => {
  it('slash options too: "Q4  2003" with two spaces, a full-width "Ｑ４"', async () => {
    expect((await runText('metric', { metric: 'revenue', period: 'Q4  2003' }, store)).answer.summary).toContain('$14.4 million');
    expect((await runText('metric', { metric: 'net  income', period: 'Ｑ４ 2003' }, store)).answer.summary).toContain('$0.6 million');
  });

  it.each([['rëvenue Q4 2003'], ['revenue Ｑ４ ２００３'], ['ｒｅｖｅｎｕｅ Q4 2003'], ['ﬁscal 2003 revenue']])('%s is read as plain letters and digits', async (text) => {
    const { answer } = await askText(text, store);
    expect(answer.kind).toBe('figure');
    expect(answer.summary).toMatch(/^Revenue for (Q4 2003|fiscal 2003)/);
  });
});

describe('a period that cannot be one', () => {
  // Each said back as the period it is not, with nothing looked up: never dropped (which answered
  // another period, or searched the text for the rest) and never read as a nearby period.
  it.each([
    ['revenue Q5 2003', '"Q5" is not a quarter: a fiscal year has four, Q1 to Q4.'],
    ['revenue 5Q03', '"5Q03" is not a quarter'],
    ['EBITDA for the fifth quarter of 2003', '"fifth quarter" is not a quarter'],
    ['net income H3 2003', '"H3" is not a half-year'],
    ['cash at 2/30/03', '"2/30/03" is not a date I can read: write it month/day/year'],
    ['cash at 31/12/2003', '"31/12/2003" is not a date I can read'],
    ['cash on February 30, 2003', '"February 30, 2003" is not a date: February 2003 has 28 days.'],
  ])('%s', async (text, said) => {
    const { answer, question } = await askText(text, store);
    expect(answer.kind).toBe('refusal');
    expect(answer.title).toBe('Period not understood');
    expect(answer.summary).toContain(said);
    expect(answer.summary).toContain('Nothing was looked up, and no figure is given.');
    expect(question).toBeUndefined();
  });

  it('a period that is one is read as before', async () => {
    const { answer } = await askText('cash at 2/28/03', store);
    expect(answer.title).not.toBe('Period not understood');
    const q4 = await askText('revenue Q4 2003', store);
    expect(q4.answer.kind).toBe('figure');
  });
});

describe('cost lines listed across the Q4 release\'s reclassification of prior periods', () => {
  const note = 'are as printed before infocrossing-2003-q4.txt reclassified prior periods (line 246: "Certain reclasses have been made to prior periods to conform to the current presentation."): the list is not all on one basis.';
  it('a list of quarters says which were printed before it (hunt N: gross margins of both bases were listed side by side, unsaid)', async () => {
    const { answer } = await askText('gross margin each quarter of 2003', store);
    expect(answer.notes).toContain(`Q1 2003, Q2 2003 ${note}`);
  });
  it('so does a trend, of the line and of a margin resting on it; revenue, never reclassified, says nothing', async () => {
    for (const text of ['cost of revenues trend', 'gross margin trend']) expect((await askText(text, store)).answer.notes).toContain(`Q1 2002, Q2 2002, H1 2002, Q1 2003, Q2 2003, H1 2003 ${note}`);
    expect((await askText('revenue trend', store)).answer.notes.some((n) => n.includes('reclassified'))).toBe(false);
  });
});

describe('a line named after an answer from the text', () => {
  it('is searched with the words before, and where the text says nothing of both its figure is offered (it searched and stopped: "net access")', async () => {
    const conversation = { store: createConversations(), key: 'text:ch1' };
    await ask('what about the mainframe', { store, admin: false, conversation });
    const { answer } = await ask('and cash?', { store, admin: false, conversation });
    expect(answer.kind).toBe('clarify');
    expect(answer.summary).toContain('Nothing in the releases\' text answers "cash mainframe". Did you mean the figure itself?');
    expect(answer.alternatives?.map((a) => a.label)).toEqual(['cash and equivalents, latest period']);
    const chosen = await answerQuestion(answer.alternatives?.[0]?.question as Question, { store, admin: false });
    expect(chosen.answer.title).toBe('Cash and equivalents — Dec 31, 2003');
  });
});

describe('/compare', () => {
  it('a year against a quarter is asked back, never a change between them (it gave FY 2003 against Q4 2002: +311.9%)', async () => {
    const { answer } = await runText('compare', { metric: 'revenue', period: '2003', versus: 'Q4 2002' }, store);
    expect(answer.kind).toBe('clarify');
    expect(answer.summary).toContain('FY 2003 and Q4 2002 are periods of different lengths (12 and 3 months)');
    expect(answer.alternatives?.map((a) => a.label)).toEqual(['revenue, FY 2003 vs a year earlier', 'revenue, Q4 2003 vs Q4 2002']);
    expect(answer.summary).not.toMatch(/%/);
  });

  it('quarter over quarter of a year or a half asks which quarter, never the period against a year earlier (it gave FY 2003 vs FY 2002 under "vs the quarter before")', async () => {
    const year = (await askText('revenue quarter over quarter in 2003', store)).answer;
    expect(year.kind).toBe('clarify');
    expect(year.summary).toContain('Quarter over quarter sets a quarter against the one before, and FY 2003 is 12 months');
    expect(year.alternatives?.map((a) => a.label)).toEqual(['Q1', 'Q2', 'Q3', 'Q4'].map((q) => `revenue, ${q} 2003 vs the quarter before`));
    expect(year.summary).not.toMatch(/%/);
    const half = (await askText('revenue qoq h1 2003', store)).answer;
    expect(half.alternatives?.map((a) => a.label)).toEqual(['revenue, Q1 2003 vs the quarter before', 'revenue, Q2 2003 vs the quarter before']);
    // A quarter chosen is that quarter against the one before.
    const chosen = await answerQuestion(year.alternatives?.[3]?.question as Question, { store, admin: false });
    expect(chosen.answer.title).toBe('Revenue — Q4 2003 vs Q3 2003');
  });

  it('an older period set against a newer one is shown newer first, and said so (hunt O: the order asked was swapped without a word, the change\'s sign with it)', async () => {
    const { answer } = await runText('compare', { metric: 'revenue', period: 'Q1 2003', versus: 'Q4 2003' }, store);
    expect(answer.title).toBe('Revenue — Q4 2003 vs Q1 2003');
    expect(answer.notes).toContain('Newer set against older: the change from Q1 2003 to Q4 2003.');
    expect((await runText('compare', { metric: 'revenue', period: 'Q4 2003', versus: 'Q1 2003' }, store)).answer.notes.some((n) => n.startsWith('Newer set'))).toBe(false);
  });

  it('a period against itself ("revenue vs Q4 2003", Q4 2003 being the latest) is compared with a year earlier, and said', async () => {
    const { answer } = await askText('revenue vs Q4 2003', store);
    expect(answer.title).toBe('Revenue — Q4 2003 vs Q4 2002');
    expect(answer.notes).toContain('Read as: Infocrossing, Inc., revenue, the latest quarter vs Q4 2003.');
    expect(answer.notes).toContain('Both periods are Q4 2003: compared with a year earlier instead.');
  });

  it('a period not given against one given shows the one given, its source named, no change (it said only that the first was not given): revenue Q1 2001 vs Q1 2003', async () => {
    const { answer } = await runText('compare', { metric: 'revenue', period: 'Q1 2001', versus: 'Q1 2003' }, store);
    expect(answer.kind).toBe('not_found');
    expect(answer.summary).toContain('Revenue for Q1 2001 (three months ended March 31, 2001) is not reported');
    expect(answer.summary).toContain('Revenue for Q1 2003: $13.129 million.');
    expect(answer.sources.map((c) => c.release)).toEqual(['infocrossing-2003-q1.txt']);
    expect(answer.summary).not.toMatch(/%/);
  });

  it('with versus: revenue Q1 2003 against Q1 2002', async () => {
    const { answer, text } = await runText('compare', { metric: 'revenue', period: 'Q1 2003', versus: 'Q1 2002' }, store);
    expect(answer.kind).toBe('comparison');
    expect(answer.summary).toContain('$13.129 million');
    expect(answer.summary).toContain('$11.233 million');
    expect(answer.summary).toContain('+$1.896 million');
    expect(percentagesIn(answer.summary)).toContain(16.9);
    expect(answer.sources).toEqual(expect.arrayContaining([expect.objectContaining({ release: Q1, line: 135 })]));
    expect(text).toContain(`${Q1} line 135`);
  });

  it('without versus: the same period a year earlier (EBITDA Q2 2003 against Q2 2002, +55.0%)', async () => {
    const { answer } = await runText('compare', { metric: 'ebitda', period: 'Q2 2003' }, store);
    expect(answer.title).toContain('Q2 2003 vs Q2 2002');
    expect(answer.summary).toContain('$2.206 million');
    expect(answer.summary).toContain('$1.423 million');
    expect(percentagesIn(answer.summary)).toContain(55);
  });

  it('with versus-metric and versus: the ratio in each period, set against each other (it dropped the versus period)', async () => {
    const { answer } = await runText('compare', { metric: 'ebitda', period: 'Q4 2003', versus: 'Q4 2002', 'versus-metric': 'revenue' }, store);
    expect(answer.title).toBe('EBITDA / revenue — Q4 2003 vs Q4 2002');
    // Each side's rounding adds up in the difference, said beside it (it was a bare "+3.0 points").
    expect(answer.summary).toBe('EBITDA / revenue: 19.4% in Q4 2003 against 16.4% in Q4 2002: +3.0 points (±0.9 points, as the printed figures are rounded).');
  });

  it('with versus-metric: EBITDA margin Q4 2003 is about 19.4%, computed', async () => {
    const { answer, text } = await runText('compare', { metric: 'ebitda', period: 'Q4 2003', 'versus-metric': 'revenue' }, store);
    expect(answer.kind).toBe('figure');
    const pct = percentagesIn(answer.summary);
    expect(pct.some((p) => Math.abs(p - 19.4) <= 0.05)).toBe(true);
    expect(answer.summary).toMatch(/computed/i);
    expect(text).toContain('$2.8 million / $14.4 million');
    expect(answer.sources).toEqual(expect.arrayContaining([
      expect.objectContaining({ release: Q4, line: 268 }),
      expect.objectContaining({ release: Q4, line: 199 }),
    ]));
  });

  it('a change computed from figures rounded to a tenth of a million says how far the rounding moves it: EBITDA Q4 2003, 2.8 against 2.2, +27.3% ±5.3 points', async () => {
    const { answer } = await runText('compare', { metric: 'ebitda', period: 'Q4 2003', versus: 'Q4 2002' }, store);
    // 2.75/2.25 − 1 = +22.2% and 2.85/2.15 − 1 = +32.6%: the release's own 24.2% lies inside.
    expect(answer.summary).toContain('+27.3% (±5.3 points, as the printed figures are rounded)');
  });

  it('a change whose rounding could make its one decimal another says so, however small: revenue FY 2003, +8.7% ±0.2, beside the release\'s own 8.8%', async () => {
    const { answer } = await runText('compare', { metric: 'revenue', period: 'FY 2003', versus: 'FY 2002' }, store);
    expect(answer.summary).toContain('+8.7% (±0.2 points, as the printed figures are rounded).');
  });

  it('two cost lines printed on either side of the Q4 release\'s reclassification of prior periods say so, and so does a margin computed from them: S&A and the gross margin Q4 2003 against Q1 2003 (as the Q1 release printed it); not revenue, nor costs in all (revenue less operating income), nor two periods the Q4 release prints itself', async () => {
    const note = 'Q1 2003 is as infocrossing-2003-q1.txt printed it, before infocrossing-2003-q4.txt reclassified prior periods (line 246: "Certain reclasses have been made to prior periods to conform to the current presentation."): the two may not be on one basis.';
    expect((await runText('compare', { metric: 'S&A', period: 'Q4 2003', versus: 'Q1 2003' }, store)).answer.notes).toContain(note);
    expect((await runText('compare', { metric: 'gross margin', period: 'Q4 2003', versus: 'Q1 2003' }, store)).answer.notes).toContain(note);
    const unaffected = [
      await runText('compare', { metric: 'revenue', period: 'Q4 2003', versus: 'Q1 2003' }, store),
      await runText('compare', { metric: 'total costs', period: 'Q4 2003', versus: 'Q1 2003' }, store),
      await runText('compare', { metric: 'gross margin', period: 'Q4 2003', versus: 'Q4 2002' }, store),
      await runText('compare', { metric: 'S&A', period: 'Q4 2003', versus: 'Q4 2002' }, store),
      await runText('compare', { metric: 'S&A', period: 'Q2 2003', versus: 'Q1 2003' }, store),
    ];
    for (const { text } of unaffected) expect(text).not.toContain('reclassified prior periods');
  });

  it('a difference is never shown finer than its coarser side: operating income Q2 2003 (0.733 million) against Q4 2002 (0.7 million) is +$0.0 million, never "+$33,000"', async () => {
    const { answer } = await runText('compare', { metric: 'operating income', period: 'Q2 2003', versus: 'Q4 2002' }, store);
    expect(answer.summary).toContain(': +$0.0 million, +4.7%');
    expect(answer.summary).not.toContain('$33,000');
  });

  it('a change from figures printed in thousands, whose rounding leaves its decimal as shown, has no such remark: revenue Q2 2003, +2.6%', async () => {
    const { answer } = await runText('compare', { metric: 'revenue', period: 'Q2 2003', versus: 'Q2 2002' }, store);
    expect(answer.summary).toContain('+$0.340 million, +2.6%.');
  });

  it('a margin from rounded figures says how far the rounding moves it: cost of revenues over revenue Q4 2003, 9.4 / 14.4 = 65.3% ±0.6 points', async () => {
    const { text } = await runText('compare', { metric: 'cost of revenues', period: 'Q4 2003', 'versus-metric': 'revenue' }, store);
    expect(text).toContain('$9.4 million / $14.4 million = 65.3% (±0.6 points, as the printed figures are rounded)');
  });

  it('balances compare at dates: long-term liabilities Dec 31, 2003 against Dec 31, 2002, the earlier at its finest printing (12,899 thousand, which the Q4 release rounds to 12.9 million), the difference as precise as the coarser', async () => {
    const { answer } = await runText('compare', { metric: 'long-term liabilities', period: 'Dec 31 2003', versus: 'Dec 31 2002' }, store);
    expect(plain(answer.summary)).toContain('$27.5 million at Dec 31, 2003 against $12.899 million at Dec 31, 2002: +$14.6 million');
  });

  it('a change between two balances one release prints side by side is theirs, never one of them rounded by a later release: cash +$0.111 million from Dec 31, 2002 to Mar 31, 2003', async () => {
    const { answer } = await ask('cash increase from 12/31/02 to 3/31/03', { store, admin: false });
    expect(plain(answer.summary)).toBe('Cash and equivalents was $7.137 million at Mar 31, 2003 against $7.026 million at Dec 31, 2002: +$0.111 million, +1.6%.');
    const figure = (await ask('cash at Dec 31 2003', { store, admin: false })).answer;
    expect(figure.fields.find((f) => f.name === 'vs Dec 31, 2002')?.value).toMatch(/^\$7\.026 million, \+43\.8%/);
  });
});

describe('/trend', () => {
  it('revenue: every period, oldest first, quarters apart from half-years, nine months and years', async () => {
    const { answer, text } = await runText('trend', { metric: 'revenue' }, store);
    expect(answer.kind).toBe('trend');
    expect(answer.fields.map((f) => f.name)).toEqual(['Quarters', 'Half-years', 'Nine months', 'Years']);
    const rows = (name: string) => (answer.fields.find((f) => f.name === name)?.value ?? '').split('\n').map((r) => r.split(':')[0]);
    expect(rows('Quarters')).toEqual(['Q1 2002', 'Q2 2002', 'Q3 2002', 'Q4 2002', 'Q1 2003', 'Q2 2003', 'Q3 2003', 'Q4 2003']);
    expect(rows('Years')).toEqual(['FY 2002', 'FY 2003']);
    const quarters = answer.fields[0]?.value ?? '';
    expect(quarters).toMatch(/^Q1 2002: \$11\.233 million/);
    expect(quarters).toMatch(/Q3 2003: \$14\.089 million \(derived\)/);
    expect(quarters).toMatch(/Q4 2003: \$14\.4 million$/);
    expect(text).toContain(`${Q1} line 135`);
    // Q3 from 55.2 million less 26,711 thousand less 14.4 million: its third decimal is not known, and it is said.
    expect(answer.notes.join('\n')).toContain('The rounding of their inputs may move them by up to ±$0.10 million.');
  });

  it('eps: the periods the Q4 release prints as diluted are not left out (Q4 2003, FY 2003)', async () => {
    // /metric eps Q4 2003 answers from the diluted line; the trend of the same words should show it too.
    const single = await runText('metric', { metric: 'eps', period: 'Q4 2003' }, store);
    expect(single.answer.kind).toBe('figure');
    const { answer, text } = await runText('trend', { metric: 'eps' }, store);
    expect(text, text).toMatch(/Q4 2003: \$0\.0[89] per share/);
    expect(text).toMatch(/FY 2003: -\$0\.76 per share/);
    expect(answer.fields.map((f) => f.name)).toContain('Years');
  });

  it('net margin: what rests on derived figures is marked, with how far rounding may move it, and the period left out is said', async () => {
    const { answer, text } = await runText('trend', { metric: 'net margin' }, store);
    const quarters = answer.fields.find((f) => f.name === 'Quarters')?.value ?? '';
    // 0.425 (1.4 − 0.375 − 0.6, each rounded) over 14.089: 3.0%, give or take 0.7 points, as the single answer says.
    expect(quarters).toContain('Q3 2003: 3.0% (±0.7 points) (from derived figures)');
    // 0.6 / 14.4: 3.8-4.5% as the figures are rounded, so the 4.2% shown says so (less than half a point said nothing).
    expect(quarters).toMatch(/^Q4 2003: 4\.2% \(±0\.4 points\)$/m);
    expect(quarters).not.toContain('Q3 2002');
    expect(answer.summary).toContain('5 from figures derived from them, marked so');
    expect(text).toContain('Not given: Q3 2002, derivable only from printed figures whose rounding is half the result or more.');
    const single = await runText('metric', { metric: 'net margin', period: 'Q3 2003' }, store);
    expect(single.text).toContain('±0.7 points');
  });

  it('cash: balances by date, oldest first', async () => {
    const { answer } = await runText('trend', { metric: 'cash' }, store);
    const balances = answer.fields.find((f) => f.name === 'Balances')?.value ?? '';
    expect(balances.split('\n').map((r) => r.split(':')[0])).toEqual(['Dec 31, 2002', 'Mar 31, 2003', 'Jun 30, 2003', 'Dec 31, 2003']);
  });
});

describe('/quote', () => {
  it('record year: Lonstein, dated, with the release and line, which hold the quote', async () => {
    const { answer, text } = await runText('quote', { query: 'record year' }, store);
    expect(answer.kind).toBe('quotes');
    expect(text).toContain('another record year');
    for (const f of answer.fields) expect(f.name).toMatch(/^Zach Lonstein.* — \w+ \d{1,2}, \d{4}$/);
    expect(answer.sources.length).toBe(answer.fields.length);
    for (const s of answer.sources) {
      const printed = fold(Array.from({ length: (s.lineEnd ?? s.line) - s.line + 1 }, (_, i) => releaseLine(s.release, s.line + i)).join(' '));
      const quote = answer.facts.find((f) => f.kind === 'quote' && f.release === s.release && f.line === s.line);
      expect(quote?.kind).toBe('quote');
      if (quote?.kind === 'quote') expect(printed).toContain(fold(quote.quote).split(' ').slice(0, 5).join(' '));
    }
    // Two releases carry "another record year": both are shown, each with its own release.
    const record = answer.fields.filter((f) => f.value.includes('another record year'));
    expect(record.map((f) => (f.value.includes(Q1) ? Q1 : f.value.includes(Q2) ? Q2 : '?')).sort()).toEqual([Q1, Q2]);
  });

  it('with no words: every quote, in the releases\' order and in pages', async () => {
    const { answer } = await runText('quote', {}, store);
    expect(answer.kind).toBe('quotes');
    expect(answer.summary).toMatch(/^7 quotes, in the releases' order\.$/);
    expect(answer.paging?.pages).toBe(3);
  });

  it('a quote nobody said is not found, naming who is quoted', async () => {
    const { answer, text } = await runText('quote', { query: 'zzzzqqqq' }, store);
    expect(answer.kind).toBe('not_found');
    expect(text).toContain('Zach Lonstein');
  });
});

describe('/contact', () => {
  it('with no words: every role\'s latest holder', async () => {
    const { answer } = await runText('contact', {}, store);
    expect(answer.fields.map((f) => f.name)).toEqual(['Chief Executive Officer — Zach Lonstein', 'SVP Finance — William McHale', 'Media Relations — Michael Wilczak', 'Investor Relations — Matthew Hayden']);
  });

  it("a person's phone is theirs: Don Duffy's leads with 203-222-9013, never the role's latest holder's (Matthew Hayden's)", async () => {
    const { answer } = await ask('what is Don Duffy\'s phone number?', { store, admin: false });
    expect(answer.summary).toBe('Don Duffy: phone 203-222-9013');
  });

  it('a cost printed negative is a credit, not a loss, and a balance crossing zero goes from a deficit, not from a loss', async () => {
    expect((await ask('leased facilities and office closings 2002', { store, admin: false })).answer.summary).toContain('-$0.3 million (a credit)');
    const equity = (await ask('common stockholders equity dec 31 2003 vs dec 31 2002', { store, admin: false })).answer.summary;
    expect(equity).toContain('(from a deficit to a positive balance: a percent change is not meaningful)');
  });

  it('a paired question with an odd number of periods (as a button\'s id could carry) answers its figures, no pairs, never an error', async () => {
    const q: Question = { intent: 'figure', measures: [{ kind: 'concept', concept: 'revenue' }], periods: [{ kind: 'id', id: '2003-Q4' }, { kind: 'id', id: '2003-Q3' }, { kind: 'id', id: '2002-Q4' }], paired: true };
    const { answer } = await answerQuestion(q, { store, admin: false });
    expect(answer.kind).toBe('figure');
    expect(answer.summary).toContain('Revenue, Q4 2003: $14.4 million');
    expect(answer.summary).not.toContain(' vs ');
  });

  it('pairs set against each other each get their own change, read back as said: Q4 2003 against Q3 2003 (+2.2%) and the year against 2002 (+8.7%); it set Q4 and Q3 against 2002\'s', async () => {
    const { answer } = await askText('revenue Q4 2003 vs Q3 2003 and FY 2003 vs 2002', store);
    expect(answer.summary).toContain('Revenue, Q4 2003 vs Q3 2003: +$0.3 million, +2.2%');
    expect(answer.summary).toContain('Revenue, FY 2003 vs FY 2002: +$4.4 million, +8.7%');
    expect(answer.summary).not.toContain('Q4 2002');
    expect(answer.notes).toContain('Read as: Infocrossing, Inc., revenue, Q4 2003 vs Q3 2003 and FY 2003 vs FY 2002.');
  });

  it('each quarter of a year set against the year before lists both years\' quarters and each quarter\'s change: revenue Q1 2003 vs Q1 2002 +16.9%, the loss to common Q4 2003 vs Q4 2002 across zero', async () => {
    const revenue = (await ask('revenue change 2003 vs 2002 each quarter', { store, admin: false })).answer.summary;
    expect(revenue).toContain('Revenue, Q1 2003 vs Q1 2002: +$1.896 million, +16.9% (computed)');
    expect(revenue).toContain('Revenue, Q4 2003 vs Q4 2002: +$1.0 million, +7.5% (±0.8 points, as the printed figures are rounded) (computed)');
    const loss = (await ask('net loss to common each quarter 2003 vs 2002', { store, admin: false })).answer.summary;
    expect(loss).toContain('Q1 2003 vs Q1 2002: -$1.259 million, -137.0% (±0.2 points, as the printed figures are rounded) (the loss widened by 137.0%) (computed)');
    expect(loss).toContain('Q4 2003 vs Q4 2002: +$3.0 million (from a loss to a profit: a percent change is not meaningful) (computed)');
    // The later year first, however said (it gave "Q1 2002 vs Q1 2003: -14.4%"); a margin's change in points (it said "-15.1%").
    expect((await ask('how did revenue change each quarter from 2002 to 2003', { store, admin: false })).answer.summary).toContain('Revenue, Q1 2003 vs Q1 2002: +$1.896 million, +16.9% (computed)');
    expect((await ask('gross margin each quarter 2003 vs 2002', { store, admin: false })).answer.summary).toContain('Gross margin, Q1 2003 vs Q1 2002: -15.06 points (±0.02 points, as the printed figures are rounded) (computed)');
    // Asked again of another line, each against its own again.
    const conversation = { store: createConversations(), key: 'paired:ch1' };
    await ask('revenue change 2003 vs 2002 each quarter', { store, admin: false, conversation });
    expect((await ask('and ebitda?', { store, admin: false, conversation })).answer.summary).toContain('EBITDA, Q1 2003 vs Q1 2002: -$0.794 million, -25.84%');
    // A tax below zero is a benefit, never a loss; two benefits compared say which way.
    expect((await ask('income tax expense each quarter 2003 vs 2002', { store, admin: false })).answer.summary).not.toContain('a loss');
    expect((await ask('income tax expense q4 2003 vs q4 2002', { store, admin: false })).answer.summary).toContain('(the tax benefit shrank by 66.7%)');
  });

  it('a percent change between two losses or two deficits says whether it narrowed or widened: "+32.9%" alone read as a loss grown', async () => {
    const ask0 = async (q: string) => (await ask(q, { store, admin: false })).answer;
    expect((await ask0('net loss to common stockholders 2003 vs 2002')).summary).toContain('+32.9% (±1.0 points, as the printed figures are rounded) (the loss narrowed by 32.9%)');
    expect((await ask0('net loss to common h1 2003 vs h1 2002')).summary).toContain('-16.0% (the loss widened by 16.0%)');
    expect((await ask0('common stockholders deficit jun 30 2003 vs dec 31 2002')).summary).toContain('-37.1% (the deficit grew by 37.1%)');
    expect((await ask0('net loss to common q3 2003')).fields.find((f) => f.name === 'vs Q3 2002')?.value).toContain('(the loss narrowed by 13.5%)');
  });

  it('"who is Don Duffy?" leads with Don Duffy, not the role\'s latest holder; a person is given as their latest release prints them', async () => {
    expect((await ask('who is don duffy', { store, admin: false })).answer.summary).toMatch(/^Don Duffy: Investor Relations/);
    expect((await ask('who is matthew hayden', { store, admin: false })).answer.summary).toContain('(760) 487-1137 — as of the release of March 18, 2004');
  });

  it("a name that is no one's is said so, never matched by one of its words: \"Michael Duffy\" is neither Michael Wilczak nor Don Duffy", async () => {
    for (const q of ['Michael Duffy phone', 'William Lonstein email', 'Zach McHale phone', 'who is Don Hayden?']) {
      const { answer } = await ask(q, { store, admin: false });
      expect(answer.kind, q).toBe('not_found');
      expect(answer.summary, q).toMatch(/name no one called/);
      expect(answer.summary, q).not.toMatch(/\d{3}-\d{4}|@/);
    }
  });

  it('investor relations: Matthew Hayden as of the latest release, Don Duffy shown as earlier', async () => {
    const { answer, text } = await runText('contact', { query: 'investor relations' }, store);
    expect(answer.kind).toBe('contacts');
    expect(answer.summary).toContain('Matthew Hayden');
    expect(answer.summary).not.toContain('Don Duffy');
    const field = answer.fields.find((f) => /Investor Relations/i.test(f.name));
    expect(field?.name).toContain('Matthew Hayden');
    expect(field?.value).toMatch(/March 18, 2004/);
    expect(field?.value).toMatch(/Earlier: Don Duffy.*May 7, 2003/);
    expect(text.indexOf('Matthew Hayden')).toBeLessThan(text.indexOf('Don Duffy'));
    expect(answer.sources).toEqual(expect.arrayContaining([
      expect.objectContaining({ release: Q4 }),
      expect.objectContaining({ release: Q1 }),
    ]));
    expect(releaseLine(Q1, answer.sources.find((s) => s.release === Q1)?.line ?? 0)).toMatch(/Investor Relations|Don Duffy/);
  });

  it('media relations: Michael Wilczak with his phone', async () => {
    const { text } = await runText('contact', { query: 'media relations' }, store);
    expect(text).toContain('Michael Wilczak');
    expect(text).toContain('201-840-4941');
  });
});

describe('/search', () => {
  it('private placement: the sentences, with release and line', async () => {
    const { answer, text } = await runText('search', { query: 'private placement' }, store);
    expect(answer.kind).toBe('sentences');
    expect(text).toContain('$76.5 million');
    expect(answer.sources).toEqual(expect.arrayContaining([expect.objectContaining({ release: Q4, line: 90 })]));
    expect(releaseLine(Q4, 90)).toContain('$76.5 million through a private placement');
  });

  it('cash from operations for 2002: the narrative figure for the period, $1.3 million', async () => {
    const { answer, text } = await runText('search', { query: 'cash from operations', period: '2002' }, store);
    expect(answer.kind).toBe('sentences');
    expect(text).toContain('$1.3 million');
  });

  it('"EPS" is also searched as the releases write it, "earnings": the first positive EPS in 16 quarters is found', async () => {
    const { answer, text } = await askText('when was EPS last positive?', store);
    expect(answer.kind).toBe('sentences');
    expect(text).toContain('positive earnings per share for the first time in 16 quarters');
    expect(text).toContain('the first time Infocrossing has reported positive earnings since the third quarter of 1999');
  });

  it('"sales" is also searched as the releases write it, "revenue": a quote and a sentence', async () => {
    const quote = await askText('In the Q4 2003 release, what did Lonstein say sales growth rested on?', store);
    expect(quote.text).toContain('strategic outsourcing value proposition');
    const sentence = await askText('After Q2 2003, how much additional quarterly sales did the company expect from the new commitments?', store);
    expect(sentence.text).toContain('$1.5 million per quarter thereafter');
  });

  it('a why-question\'s premise is checked against the figures, never taken as given: revenue did not fall in Q4 2003', async () => {
    const fell = (await askText('why did revenue fall in Q4 2003', store)).answer;
    expect(fell.summary).toMatch(/^Revenue did not fall in Q4 2003 against a year earlier: it rose to \$14\.4 million from \$13\.4 million in Q4 2002, \+7\.5%/);
    // Nothing said of a premise that holds, nor of one the check would misjudge: a loss that fell is a figure that rose;
    // a move against the quarter before; a part of the figure; a rate; a negation.
    for (const q of ['why did revenue increase in Q4 2003', "why did the net loss to common stockholders fall in Q2 2003", 'why did the loss per share decline in Q2 2003', 'why did EBITDA fall in Q2 2003 compared to Q1 2003', 'why did operating income fall in Q2 2003 sequentially', 'why did revenue growth slow in Q4 2003', "why didn't revenue fall in Q4 2003"]) {
      expect((await askText(q, store)).answer.summary, q).not.toMatch(/did not (?:rise|fall)/);
    }
    // Nor of a figure the release speaks of on another basis ("EBITDA increases to $2.3 million ... excluding the expense
    // credits"), nor in a conversation: cost of revenues asked for Q1 then Q2 2003 rose against the quarter before, though
    // it fell against a year earlier, which a question of its own is told.
    expect((await askText('why did EBITDA rise in Q1 2003', store)).answer.summary).not.toMatch(/did not rise/);
    expect((await askText('why did cost of revenues rise in Q2 2003', store)).answer.summary).toMatch(/^Cost of revenues did not rise in Q2 2003 against a year earlier/);
    const turn = { store: createConversations(), key: 'u' };
    await ask('cost of revenues Q1 2003', { store, admin: false, conversation: turn });
    await ask('and Q2 2003?', { store, admin: false, conversation: turn });
    expect((await ask('why did cost of revenues rise in Q2 2003', { store, admin: false, conversation: turn })).answer.summary).not.toMatch(/did not rise/);
  });

  it('a word the releases never write, searched as a near one, is said so ("president" as "premier"); a typo mended too', async () => {
    const { answer } = await runText('search', { query: 'president' }, store);
    expect(answer.kind).toBe('sentences');
    expect(answer.notes).toContain('Read "president" as "premier", the nearest word in the releases\' text.');
    const { answer: mended } = await runText('search', { query: 'privte placement' }, store);
    expect(mended.notes).toContain('Read "privte" as "private", the nearest word in the releases\' text.');
    // Words the releases write are searched as they are: nothing said.
    expect((await runText('search', { query: 'private placement' }, store)).answer.notes.filter((n) => n.startsWith('Read "'))).toEqual([]);
  });

  it('a quote found through a near word says which', async () => {
    const { answer } = await runText('quote', { query: 'accetance' }, store);
    expect(answer.kind).toBe('quotes');
    expect(answer.notes).toContain('Read "accetance" as "acceptance", the nearest word in the releases\' text.');
  });

  it('nothing matching: not found, pointing at what the bot answers', async () => {
    const { answer, text } = await runText('search', { query: 'weather in Leonia tomorrow' }, store);
    expect(answer.kind).toBe('not_found');
    expect(text).toMatch(/\/help/);
  });
});

describe('/call', () => {
  it('Q4 2003: time, dial-in, replay and pass code, from the Q4 release', async () => {
    const { answer, text } = await runText('call', { period: 'Q4 2003' }, store);
    expect(answer.kind).toBe('events');
    expect(text).toContain('March 18, 2004');
    expect(text).toContain('11:00 a.m.');
    expect(text).toContain('1-800 475-2151');
    expect(text).toContain('4597874');
    expect(answer.sources[0]).toMatchObject({ release: Q4, line: 133 });
    expect(releaseLine(Q4, 133)).toMatch(/teleconference/);
  });

  it("the international replay number is the replay's, never the live call's international number (973-935-2100)", async () => {
    const { answer } = await ask('international replay number q1 2003', { store, admin: false });
    expect(answer.summary).toContain('Replay: 1-877-519-4471 or 973-341-3080');
    expect(answer.summary).not.toContain('973-935-2100');
  });

  it('a call named by the month it was held is that call: "the August call" dials 1-888-371-9318 (it gave the March 2004 call\'s 1-800 475-2151)', async () => {
    const { answer } = await ask('dial-in number for the august call', { store, admin: false });
    expect(answer.summary).toContain('Dial in: 1-888-371-9318');
    expect(answer.title).toContain('second quarter');
  });

  it('Q2 2003: August 7, 2003 at 4:30 p.m.', async () => {
    const { text } = await runText('call', { period: 'Q2 2003' }, store);
    expect(text).toMatch(/August 7, 2003 at 4:30 p\.m\./);
  });

  it('a quarter with no teleconference in the set: not found, naming what the releases cover', async () => {
    const { answer, text } = await runText('call', { period: 'Q3 2003' }, store);
    expect(answer.kind).toBe('not_found');
    expect(text).toContain('Q1 2003, Q2 2003, Q4 2003');
  });
});

describe('/define', () => {
  it('EBITDA: the definition differs between releases; only the Q1 release names the restricted stock award', async () => {
    const { answer } = await runText('define', { term: 'EBITDA' }, store);
    expect(answer.kind).toBe('definitions');
    expect(answer.summary).toMatch(/differs/i);
    expect(answer.fields).toHaveLength(3);
    const withAward = answer.fields.filter((f) => f.value.includes('restricted stock award'));
    expect(withAward.map((f) => f.name)).toEqual([expect.stringContaining(Q1)]);
    expect(answer.sources.map((s) => s.release).sort()).toEqual([Q1, Q2, Q4]);
  });

  it('EBITDA in the Q1 2003 release only', async () => {
    const { answer, text } = await runText('define', { term: 'EBITDA', period: 'Q1 2003' }, store);
    expect(answer.fields).toHaveLength(1);
    expect(text).toContain('restricted stock award');
    expect(answer.sources).toEqual([expect.objectContaining({ release: Q1 })]);
  });

  it('a term is matched in whole words: "a", "e" and "EBIT" are no EBITDA (hunt O: a letter gave its definitions)', async () => {
    for (const term of ['a', 'e', 'EBIT']) expect((await runText('define', { term }, store)).answer.kind).toBe('not_found');
    expect((await runText('define', { term: 'what is ebitda' }, store)).answer.kind).toBe('definitions');
  });
});

describe('/sources', () => {
  it('the three releases with their dates and periods, and the warnings', async () => {
    const { answer, text } = await runText('sources', {}, store);
    expect(answer.kind).toBe('sources');
    expect(answer.summary).toMatch(/^3 releases/);
    expect(answer.fields.map((f) => f.name)).toEqual([`${Q1} — May 7, 2003`, `${Q2} — August 7, 2003`, `${Q4} — March 18, 2004`]);
    expect(answer.fields[0]?.value).toMatch(/Covers: Q1 2003, Q1 2002/);
    expect(answer.fields[1]?.value).toMatch(/Covers: Q2 2003, Q2 2002, H1 2003, H1 2002/);
    expect(answer.fields[2]?.value).toMatch(/Covers: Q4 2003, Q4 2002, FY 2003, FY 2002/);
    const warnings = answer.notes.join('\n');
    expect(warnings).toMatch(/misprint/);
    expect(warnings).toMatch(/restated/);
    expect(text).toContain('Note: misprint');
  });
});

describe('/help', () => {
  it('lists every command but the admin one, with examples, and plain questions', async () => {
    const { answer, text } = await runText('help', {}, store);
    expect(answer.kind).toBe('help');
    for (const c of ['metric', 'compare', 'trend', 'quote', 'contact', 'search', 'call', 'define', 'sources', 'help']) {
      expect(answer.fields.map((f) => f.name)).toContain(`/${c}`);
    }
    expect(answer.fields.map((f) => f.name)).not.toContain('/reload');
    expect(text).toContain('e.g. /metric revenue Q4 2003');
    expect(text).toContain('who handles investor relations?');
  });
});

describe('/reload by someone who is not an admin', () => {
  it('is refused, privately, and the snapshot is the very same object after', async () => {
    const before = store.current();
    const { answer: viaCall } = await runCall({ name: 'reload', options: {} }, { store, admin: false });
    expect(viaCall.kind).toBe('refusal');
    expect(viaCall.private).toBe(true);
    expect(viaCall.summary).toMatch(/admin/i);
    const viaText = await ask('/reload', { store, admin: false });
    expect(viaText.answer.kind).toBe('refusal');
    expect(viaText.answer.private).toBe(true);
    expect(store.current()).toBe(before);
  });
});

describe('/reload by an admin, on a folder of copies', () => {
  let dir: string;
  let tmp: Store;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'earnings-bot-reload-'));
    for (const f of RELEASE_FILES) copyFileSync(join(RELEASES_DIR, f), join(dir, f));
    tmp = await openProjectStore(dir);
  });
  afterAll(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('before: revenue Q3 2003 is derived', async () => {
    const { answer } = await askText('/metric revenue Q3 2003', tmp);
    expect(answer.facts[0]?.kind).toBe('derived');
  });

  it('a fourth release added: reloaded, named, and Q3 2003 revenue is then printed, not derived', async () => {
    writeFileSync(join(dir, Q3), thirdQuarterRelease());
    const before = tmp.current();
    const { answer, text } = await askText('/reload', tmp, true);
    expect(answer.kind).toBe('reload');
    // The made-up release reuses the half-year figures as nine months, so the year's sums no longer add up: said.
    expect(answer.title).toBe('Reloaded, with problems');
    expect(text).toMatch(/newly fails \d+ checks/);
    expect(answer.summary).toContain('4 releases');
    expect(answer.fields.find((f) => f.name === 'Releases added')?.value).toBe(Q3);
    expect(text).toContain(Q3);
    expect(tmp.current()).not.toBe(before);

    const revenue = await askText('/metric revenue Q3 2003', tmp);
    expect(revenue.answer.summary).toContain('$13.582 million');
    expect(revenue.answer.summary).not.toMatch(/derived/i);
    expect(firstFigure(revenue.answer)).toMatchObject({ kind: 'statement', release: Q3, printed: '13,582' });
    expect(revenue.text).toContain(`${Q3} line`);
    expect(revenue.text).not.toMatch(/derived/i);
  });

  it('/sources on the four releases still fits a Discord embed, warnings and all', async () => {
    const { answer, text } = await askText('/sources', tmp);
    expect(answer.summary).toMatch(/^4 releases/);
    expect(text.length).toBeLessThanOrEqual(2000);
    expect(renderedProblems(renderEmbed(answer), [])).toEqual([]);
  });

  it('a file that is not a release: the readable releases are served, and the reply names the file and why it was not used', async () => {
    writeFileSync(join(dir, 'broken.txt'), 'Shopping list\n- eggs\n- milk\nNothing to see here.\n');
    const { answer, text } = await askText('/reload', tmp, true);
    expect(answer.kind).toBe('reload');
    expect(answer.title).toBe('Reloaded, with problems');
    expect(text).toContain('broken.txt — not used');
    expect(text).toMatch(/not an earnings release/i);

    const q4 = await askText('/metric revenue Q4 2003', tmp);
    expect(q4.answer.summary).toContain('$14.4 million');
    const q3 = await askText('/metric revenue Q3 2003', tmp);
    expect(firstFigure(q3.answer)).toMatchObject({ kind: 'statement', release: Q3 });
  });
});

describe('determinism', () => {
  const questions = [
    '/metric revenue Q1 2003', 'revenue trend', '/sources', 'What did Lonstein say about 2003 being a record year?',
    '/contact investor relations', 'What was revenue in Q3 2002?', "What's the weather in Leonia?", '/define EBITDA',
  ];
  it.each(questions)('%s: the same text twice, and from a store opened anew', async (q) => {
    const a = await askText(q, store);
    const b = await askText(q, store);
    expect(b.text).toBe(a.text);
    expect(b.question).toEqual(a.question);
    const other = await openProjectStore();
    expect((await askText(q, other)).text).toBe(a.text);
  });
});

describe('the free-text reader', () => {
  const routes: Array<[string, string]> = [
    ['how did Q1 2003 revenue compare to Q1 2002?', 'compare'],
    ['who handles investor relations?', 'contact'],
    ['EBITDA margin Q4 2003', 'figure'],
    ['revenue trend', 'trend'],
    ['/compare revenue Q1 2003 Q1 2002', 'compare'],
    ['/compare metric:revenue period:Q1 2003 versus:Q1 2002', 'compare'],
    ['how much cash did they have at the end of June 2003?', 'figure'],
    ['What is the dial-in number for the first quarter 2003 call?', 'call'],
    ['How does the Q1 2003 release define EBITDA?', 'define'],
    ['which releases do you have?', 'sources'],
    ['help', 'help'],
  ];
  it.each(routes)('%s', async (q, intent) => {
    const { question } = await askText(q, store);
    expect(question?.intent).toBe(intent);
  });

  it('what did Lonstein say about the fourth quarter? is a quote, and the best quote is about the fourth quarter', async () => {
    const { question, answer } = await askText('what did Lonstein say about the fourth quarter?', store);
    expect(question?.intent).toBe('quote');
    expect(answer.kind).toBe('quotes');
    expect(answer.fields[0]?.name).toContain('Lonstein');
    expect(answer.fields[0]?.value, answer.fields[0]?.value).toMatch(/fourth quarter/i);
  });

  it('a period written Q1-2003 is one period: /metric, not a comparison of Q1 with 2003', async () => {
    const { question, text } = await askText('Q1-2003 revenue', store);
    expect(question?.intent, text).toBe('figure');
    expect(text).toContain('$13.129 million');
    expect(text).not.toContain('FY 2003');
  });
});

describe('a change against a figure printed as a dash', () => {
  // A dash carries no digits: the change is as precise as the other side's printing (it said "+$0 million, +100.0%").
  it.each([
    { metric: 'income tax', period: 'FY2003', versus: 'FY2002', says: 'against -$0.2 million in FY 2002: +$0.2 million (no percent change to or from zero).' },
    { metric: 'leased facilities & office closings', period: 'FY2003', versus: 'FY2002', says: 'against -$0.3 million in FY 2002: +$0.3 million (no percent change to or from zero).' },
    { metric: 'redeemable preferred stock', period: 'Dec 31 2003', versus: 'Dec 31 2002', says: 'against $53.189 million at Dec 31, 2002: -$53.189 million (no percent change to or from zero).' },
    { metric: 'leased facilities & office closings', period: 'Q4 2003', versus: 'Q4 2002', says: 'against $0 (printed as a dash: zero) in Q4 2002: +$0 million (no percent change to or from zero).' },
  ])('$metric, $period against $versus', async ({ metric, period, versus, says }) => {
    const { answer } = await runText('compare', { metric, period, versus }, store);
    expect(plain(answer.summary)).toContain(says);
    expect(answer.facts.some((f) => f.kind === 'ratio')).toBe(false);
  });

  it('a sum of dashes against a sum of printed figures: income tax + leased facilities FY 2003 against FY 2002, +$0.5 million', async () => {
    const { answer } = await askText('income tax plus leased facilities & office closings fy 2003 vs fy 2002', store);
    expect(plain(answer.summary)).toContain('against -$0.5 million in FY 2002: +$0.5 million.');
  });

  it('a dash against the year before gives no percent change: income tax FY 2003, a dash against (0.2)', async () => {
    const { answer } = await runText('metric', { metric: 'income tax', period: 'FY2003' }, store);
    expect(answer.fields.find((f) => f.name === 'vs FY 2002')?.value).toBe('-$0.2 million');
  });
});

describe('a computed ratio or sum says how far its printed inputs\' rounding may move it, where that could change what is shown', () => {
  it('a ratio in times: interest coverage Q4 2002, 0.7 / 0.4 million, is 1.75 times ±0.39 (it showed 1.75 alone); the current ratio at Dec 31, 2003 ±0.02', async () => {
    expect((await ask('interest coverage Q4 2002', { store, admin: false })).answer.summary).toContain('1.75 times (computed from printed figures; ±0.39, as they are rounded)');
    expect((await ask('current ratio december 31 2003', { store, admin: false })).answer.summary).toContain('1.98 times (computed from printed figures; ±0.02, as they are rounded)');
  });

  it('a sum in dollars from lines printed in millions and in thousands: $11.374 million ±$0.20 million; a sum of lines rounded alike is not noted', async () => {
    expect((await ask('cost of revenue plus selling and administrative Q3 2003', { store, admin: false })).answer.summary).toContain('$11.374 million (computed from printed figures; ±$0.20 million, as they are rounded)');
    expect((await ask('gross profit q1 2003', { store, admin: false })).answer.summary).toContain('$4.819 million (computed from printed figures).');
  });
});

describe('a quarter said by a day no period ends on, no year said', () => {
  it('is refused as not reported, never a failure (it threw: the day matched a period with no figure)', async () => {
    const { answer } = await ask('revenue quarter ended March 15', { store, admin: false });
    expect(answer.kind).toBe('not_found');
    expect(answer.summary).toContain('three months ended March 15, 2003 is not reported');
  });
});

describe('a share of one period in another', () => {
  it('is computed, both amounts and the arithmetic shown: Q4 2003 revenue is 26.1% of 2003\'s (it was refused, and before that Q4\'s revenue alone)', async () => {
    const { answer } = await ask('what % of 2003 revenue came in Q4?', { store, admin: false });
    expect(answer.title).toBe('Revenue — Q4 2003 as a percentage of FY 2003');
    expect(answer.summary).toContain('$14.4 million');
    expect(answer.summary).toContain('$55.2 million');
    expect(answer.emphasis).toEqual(['26.1%']);
    expect(answer.fields.find((f) => f.name === 'How it was computed')?.value).toBe('Revenue, Q4 2003 / revenue, FY 2003 = $14.4 million / $55.2 million = 26.1% (±0.1 points, as the printed figures are rounded)');
  });
  it('"as a percent of" another quarter is that ratio, never the change (it gave +3.45% for 103.45%)', async () => {
    const { answer } = await ask('Q2 2003 revenue as a percent of Q1 2003 revenue', { store, admin: false });
    expect(answer.emphasis).toEqual(['103.45%']);
    expect(answer.summary).not.toContain('+3.45%');
  });
  it('is of an amount over a period only, and of a part within its whole: "and EPS?" after a share gives none (it gave 22.4%), nor Q3 of the first half (it gave 52.7%)', async () => {
    const follow = (first: string, then: string) => askAfter(first, then, store);
    const eps = await follow('what % of 2002 revenue came in Q4?', 'and EPS?');
    expect(eps.emphasis).toEqual([]);
    expect(eps.summary).toContain('no share of one period in another');
    const q3 = await follow('what % of H1 2003 revenue came in Q1?', 'and Q3?');
    expect(q3.summary).toMatch(/^Q3 2003 is not within H1 2003/);
    expect((await follow('what % of H1 2003 revenue came in Q1?', 'and 2002?')).emphasis).toEqual(['45.9%']);
  });
  it('keeps its share in a follow-up: "and Q3?" is Q3\'s share of the same year, derived Q3 said so', async () => {
    const answer = await askAfter('what % of 2003 revenue came in Q4?', 'and Q3?', store);
    expect(answer.title).toBe('Revenue — Q3 2003 as a percentage of FY 2003');
    expect(answer.summary).toContain('figures derived from them');
  });
});
