/**
 * The snapshot as the bot serves it: which printing answers a question when releases disagree,
 * figures no release prints, margins, the warnings a reader is shown, and a snapshot that never
 * changes once built.
 */
import { describe, expect, it } from 'vitest';
import type { StatementFact } from '../../knowledge/facts.ts';
import { comparePeriods } from '../../knowledge/periods.ts';
import { generateReleases } from '../../bench/generate.ts';
import { parseRelease } from '../../knowledge/parse/release.ts';
import { buildSnapshot } from '../../knowledge/snapshot.ts';
import { Q1, Q2, Q4, fileLines, parseAll, parseOk, realSnapshot, releaseText, statementsOf } from './helpers.ts';
import { onlyBook } from '../support/releases.ts';

const snapshot = realSnapshot();

describe('a figure restated by a later release', () => {
  const ppe = () => statementsOf(snapshot.facts).filter((f) => f.concept === 'ppe_net' && f.period === '2002-12-31');

  it('PP&E at Dec 31, 2002 is served as 19,500,000 from the Q4 release', () => {
    const figure = onlyBook(snapshot).figure('ppe_net', '2002-12-31');
    expect(figure?.value).toBe(19_500_000);
    expect(figure?.fact).toMatchObject({ kind: 'statement', release: Q4, line: 287, printed: '19.5' });
  });

  it('with a restated note naming 19,437 and both earlier releases', () => {
    const notes = onlyBook(snapshot).figure('ppe_net', '2002-12-31')?.notes ?? [];
    const restated = notes.filter((n) => n.kind === 'restated');
    expect(restated.length).toBeGreaterThanOrEqual(1);
    for (const n of restated) expect(n.text).toContain('19,437');
    const said = restated.map((n) => n.text).join('\n');
    expect(said).toContain(Q1);
    expect(said).toContain(Q2);
    expect(notes.filter((n) => n.kind !== 'restated')).toEqual([]);
  });

  it('lists every printing, latest release first', () => {
    const printings = onlyBook(snapshot).figure('ppe_net', '2002-12-31')?.printings ?? [];
    expect(printings.map((p) => [p.release, p.printed, p.value])).toEqual([
      [Q4, '19.5', 19_500_000],
      [Q2, '19,437', 19_437_000],
      [Q1, '19,437', 19_437_000],
    ]);
  });

  it('both earlier printings carry the superseded flag in snapshot.facts; the served one does not', () => {
    expect(ppe().map((f) => [f.release, f.flags ?? []])).toEqual([
      [Q1, ['superseded']],
      [Q2, ['superseded']],
      [Q4, []],
    ]);
  });

  it("the figure's own printings carry the same flags", () => {
    const printings = onlyBook(snapshot).figure('ppe_net', '2002-12-31')?.printings ?? [];
    expect(printings.map((p) => p.flags ?? [])).toEqual([[], ['superseded'], ['superseded']]);
    const interest = onlyBook(snapshot).figure('net_interest_expense', '2002-Q4')?.printings ?? [];
    expect(interest.find((p) => p.printed === '.04')?.flags).toEqual(['misprint']);
  });

  it('a restated warning is raised at the Q4 line, naming 19,437 and both earlier releases', () => {
    const warnings = snapshot.warnings.filter((w) => w.code === 'restated');
    expect(warnings.length).toBeGreaterThanOrEqual(1);
    for (const w of warnings) {
      expect(w).toMatchObject({ release: Q4, line: 287, concept: 'ppe_net', period: '2002-12-31' });
      expect(w.message).toContain('19,437');
    }
    const said = warnings.map((w) => w.message).join('\n');
    expect(said).toContain(Q1);
    expect(said).toContain(Q2);
  });
});

describe('a figure printed at two precisions', () => {
  it('cash at Dec 31, 2002 (7,026 thousand, then 7.0 million) is served from the latest release', () => {
    const figure = onlyBook(snapshot).figure('cash', '2002-12-31');
    expect(figure?.value).toBe(7_000_000);
    expect(figure?.fact).toMatchObject({ release: Q4, printed: '7.0' });
  });

  it('with a precision note citing 7,026, and neither a restated note nor warning', () => {
    const figure = onlyBook(snapshot).figure('cash', '2002-12-31');
    const precision = figure?.notes.filter((n) => n.kind === 'precision') ?? [];
    expect(precision.length).toBeGreaterThanOrEqual(1);
    for (const n of precision) expect(n.text).toContain('7,026');
    expect(figure?.notes.filter((n) => n.kind !== 'precision')).toEqual([]);
    expect(snapshot.warnings.filter((w) => w.concept === 'cash')).toEqual([]);
    expect(statementsOf(snapshot.facts).filter((f) => f.concept === 'cash' && f.flags)).toEqual([]);
  });
});

describe('figures no release prints', () => {
  it('revenue for Q3 2002 is derived: FY 2002 - H1 2002 - Q4 2002 = 12,926,000', () => {
    const figure = onlyBook(snapshot).figure('revenue', '2002-Q3');
    const fact = figure?.fact;
    expect(fact?.kind).toBe('derived');
    if (fact?.kind !== 'derived') return;
    expect(fact.value).toBe(12_926_000);
    expect(figure?.value).toBe(12_926_000);
    expect(figure?.printings).toEqual([]);
    expect(fact.formula).toContain('FY 2002');
    expect(fact.formula).toContain('H1 2002');
    expect(fact.formula).toContain('Q4 2002');
    expect(fact.uncertainty).toBeGreaterThan(0);
    expect(fact.inputs.map((i) => [i.period, i.value, i.release, i.line])).toEqual([
      ['2002-FY', 50_800_000, Q4, 199],
      ['2002-H1', 24_474_000, Q2, 153],
      ['2002-Q4', 13_400_000, Q4, 199],
    ]);
  });

  it('each input of a derived figure is cited on a line that prints it', () => {
    const fact = onlyBook(snapshot).figure('revenue', '2002-Q3')?.fact;
    if (fact?.kind !== 'derived') throw new Error('not derived');
    for (const input of fact.inputs) {
      const printed = statementsOf(snapshot.facts).find((f) => f.release === input.release && f.line === input.line && f.concept === input.concept && f.period === input.period);
      expect(printed?.value).toBe(input.value);
      expect(fileLines(input.release)[input.line]).toContain(printed?.printed ?? '?');
    }
  });

  it('revenue for Q3 2003 is derived as 14,089,000', () => {
    const figure = onlyBook(snapshot).figure('revenue', '2003-Q3');
    expect(figure?.fact.kind).toBe('derived');
    expect(figure?.value).toBe(14_089_000);
  });

  it('the EBITDA margin for Q2 2003 is 2,206 / 13,582 = 16.24%', () => {
    const margin = onlyBook(snapshot).margin('ebitda', '2003-Q2');
    expect(margin?.percent).toBeCloseTo(16.24, 2);
    expect(margin?.inputs.map((i) => [i.concept, i.value])).toEqual([
      ['ebitda', 2_206_000],
      ['revenue', 13_582_000],
    ]);
  });
});

describe('sentences that qualify a figure', () => {
  it('net income Q1 2003 gets no remark about the net loss to common stockholders (its "compared with a net loss of $3.7 million" is that line\'s), which keeps it', () => {
    const book = onlyBook(snapshot);
    const about = (concept: 'net_income' | 'net_income_to_common') => book.remarks(concept, '2003-Q1').map((s) => s.line);
    expect(about('net_income_to_common')).toContain(58);
    expect(about('net_income')).not.toContain(58);
  });
});

describe('warnings on the real releases', () => {
  it('are exactly: no_scale (Q2 reconciliation), misprint (.04), restated (PP&E, against Q1 and Q2)', () => {
    expect(new Set(snapshot.warnings.map((w) => w.code))).toEqual(new Set(['no_scale', 'misprint', 'restated']));
    // Each where: one warning per earlier printing of the restated figure is allowed, nothing else.
    expect([...new Set(snapshot.warnings.map((w) => `${w.code} ${w.release}:${w.line}`))].sort()).toEqual([
      `misprint ${Q4}:212`,
      `no_scale ${Q2}:194`,
      `restated ${Q4}:287`,
    ]);
    expect(snapshot.warnings.filter((w) => w.code !== 'restated')).toHaveLength(2);
    expect(snapshot.warnings.filter((w) => w.code === 'restated').length).toBeLessThanOrEqual(2);
    expect(snapshot.refused).toEqual([]);
  });

  it('a broken subtotal is caught: Q1 income from operations printed 963 instead of 863', () => {
    const original = releaseText(Q1);
    const broken = original.replace(/^(Income from operations +)863\b/m, (_m, label: string) => `${label}963`);
    expect(broken).not.toBe(original);
    const built = buildSnapshot([parseOk(Q1, broken)]);
    const failed = built.warnings.filter((w) => w.code === 'check_failed');
    expect(failed.length).toBeGreaterThanOrEqual(1);
    const operating = failed.find((w) => /income from operations = revenue/.test(w.message));
    expect(operating).toMatchObject({ release: Q1, line: 142, period: '2003-Q1' });
    expect(operating?.message).toContain('963');
    expect(failed.every((w) => w.period === '2003-Q1')).toBe(true);
    // The unbroken release passes the same checks.
    expect(buildSnapshot([parseOk(Q1)]).warnings).toEqual([]);
  });

  it('a misprinted net income is caught by income before taxes less tax, its rows printed one after another', () => {
    const original = releaseText(Q1);
    const broken = original.replace(/^(Net income +)270\b/m, (_m, label: string) => `${label}370`);
    expect(broken).not.toBe(original);
    // The reconciliation prints it again, as 270: the statement's arithmetic says which printing is the misprint.
    const [misprint] = buildSnapshot([parseOk(Q1, broken)]).warnings.filter((w) => w.code === 'misprint');
    expect(misprint?.message).toContain("370 breaks the statement's arithmetic (290 - 20 = 270, printed 370)");
  });
});

describe('periods', () => {
  it('periodsOf(revenue) is oldest first, with quarters, halves and years', () => {
    const periods = onlyBook(snapshot).periodsOf('revenue');
    expect([...periods].sort(comparePeriods)).toEqual([...periods]);
    expect(new Set(periods).size).toBe(periods.length);
    expect(periods).toEqual(expect.arrayContaining(['2002-Q1', '2003-Q1', '2003-Q2', '2003-Q4', '2002-H1', '2003-H1', '2002-FY', '2003-FY']));
    expect(periods[0]).toBe('2002-Q1');
    expect(periods.at(-1)).toBe('2003-FY');
  });

  it('periodsOf(cash) are balance-sheet dates, oldest first', () => {
    expect(onlyBook(snapshot).periodsOf('cash')).toEqual(['2002-12-31', '2003-03-31', '2003-06-30', '2003-12-31']);
  });

  it('conceptsIn names the concepts a period has', () => {
    expect(onlyBook(snapshot).conceptsIn('2003-12-31')).toEqual(expect.arrayContaining(['cash', 'ppe_net', 'total_assets', 'common_stockholders_equity']));
    expect(onlyBook(snapshot).conceptsIn('2003-12-31')).not.toContain('revenue');
  });
});

describe('the snapshot is built once and never changes', () => {
  it('is frozen, and so are its lists', () => {
    expect(Object.isFrozen(snapshot)).toBe(true);
    expect(Object.isFrozen(snapshot.facts)).toBe(true);
    expect(Object.isFrozen(snapshot.warnings)).toBe(true);
    expect(Object.isFrozen(snapshot.releases)).toBe(true);
    expect(Object.isFrozen(snapshot.refused)).toBe(true);
  });

  it('is deterministic: building twice gives identical facts and warnings', () => {
    const again = realSnapshot();
    expect(JSON.stringify(again.facts)).toBe(JSON.stringify(snapshot.facts));
    expect(JSON.stringify(again.warnings)).toBe(JSON.stringify(snapshot.warnings));
    // The same parse, built twice.
    const parsed = parseAll();
    expect(JSON.stringify(buildSnapshot(parsed).facts)).toBe(JSON.stringify(buildSnapshot(parsed).facts));
  });

  it('does not depend on the order the releases are given in', () => {
    const reversed = buildSnapshot([...parseAll()].reverse());
    expect(reversed.releases.map((r) => r.release)).toEqual([Q1, Q2, Q4]);
    expect(onlyBook(reversed).figure('ppe_net', '2002-12-31')?.value).toBe(19_500_000);
    expect(onlyBook(reversed).figure('net_interest_expense', '2002-Q4')?.value).toBe(400_000);
    expect(onlyBook(reversed).figure('revenue', '2002-Q3')?.value).toBe(12_926_000);
  });

  it('building it does not change the parsed facts it was built from', () => {
    const parsed = parseAll();
    const before = JSON.stringify(parsed);
    buildSnapshot(parsed);
    expect(JSON.stringify(parsed)).toBe(before);
    const flagged = statementsOf(parsed.flatMap((p) => (p.ok ? p.facts : []))).filter((f: StatementFact) => f.flags);
    expect(flagged).toEqual([]);
  });
});

describe('a snapshot of many companies builds what is asked for, once, and keeps what a reload did not touch', () => {
  const generated = [...generateReleases({ releases: 60, companies: 6, seed: 3 })].map((r) => parseRelease(r.name, r.content));

  it('counts its facts without making the margins and changes, and the count is the facts it then holds', () => {
    for (const built of [realSnapshot(), buildSnapshot(generated)]) {
      const counted = built.factCount;
      expect(counted).toBe(built.facts.length);
      for (const book of built.books) expect(book.factCount).toBe(book.facts.length);
    }
  });

  it('counts the facts as read without building a book', () => {
    const built = buildSnapshot(generated);
    expect(built.factsRead).toBe(generated.reduce((n, p) => n + (p.ok ? p.facts.length : 0), 0));
  });

  it('keeps the books of companies whose releases are the same objects, and builds the others anew', () => {
    const first = buildSnapshot(generated);
    const changed = generated.findIndex((p) => p.ok && p.facts[0]?.company === first.books[0]?.company.key);
    const reparsed = [...generated];
    const again = generated[changed];
    if (!again?.ok) throw new Error('not a release');
    reparsed[changed] = { ...again, facts: [...again.facts] };
    const second = buildSnapshot(reparsed, first);
    expect(second.books.filter((b) => first.book(b.company.key) === b)).toHaveLength(5);
    expect(second.book(first.books[0]?.company.key ?? '')).not.toBe(first.books[0]);
    expect(JSON.stringify(second.facts)).toBe(JSON.stringify(first.facts));
  });

  it('prepares every book a few at a time: afterwards the warnings need no building', async () => {
    const built = buildSnapshot(generated);
    await built.prepare();
    expect(built.warnings).toEqual([]);
  });
});
