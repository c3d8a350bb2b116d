/**
 * Every figure the three releases print in their tables, checked against the hand-made golden file:
 * what the bot quotes for a metric is what the release prints, to the cent, with the printing cited.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { StatementFact } from '../../knowledge/facts.ts';
import { FIXTURES_DIR, Q4, fileLines, parseAll, realSnapshot, statementsOf } from './helpers.ts';
import { onlyBook } from '../support/releases.ts';

interface GoldenRow {
  release: string;
  table: string;
  label: string;
  concept: string;
  period: string;
  printed: string;
  multiplier: number;
  value: number;
}

const HEADER = ['release', 'table', 'label', 'concept', 'period', 'printed', 'multiplier', 'value'];

function readGolden(): GoldenRow[] {
  const [header, ...lines] = readFileSync(`${FIXTURES_DIR}statement-facts.tsv`, 'utf8').split(/\r?\n/).filter((l) => l.trim() !== '');
  expect(header?.split('\t')).toEqual(HEADER);
  return lines.map((line) => {
    const cells = line.split('\t');
    expect(cells).toHaveLength(HEADER.length);
    const [release, table, label, concept, period, printed, multiplier, value] = cells as [string, string, string, string, string, string, string, string];
    return { release, table, label, concept, period, printed, multiplier: Number(multiplier), value: Number(value) };
  });
}

const golden = readGolden();
const parsed = parseAll();
const statements = statementsOf(parsed.flatMap((p) => (p.ok ? p.facts : [])));

/** The golden file's table column refines the parser's kinds ("operations_per_share" is an operations table). */
const sameTable = (row: GoldenRow, fact: StatementFact) => row.table === fact.table || row.table.startsWith(`${fact.table}_`);

function matches(row: GoldenRow): StatementFact[] {
  return statements.filter(
    (f) =>
      f.release === row.release &&
      f.concept === row.concept &&
      f.period === row.period &&
      Math.abs(f.value - row.value) <= 1e-6 &&
      f.printed === row.printed &&
      sameTable(row, f),
  );
}

describe('golden statement facts', () => {
  it('the golden file has the 258 rows it is known to have, and every release parses', () => {
    expect(golden).toHaveLength(258);
    expect(parsed.map((p) => p.ok)).toEqual([true, true, true]);
  });

  it.each(golden.map((row) => [`${row.release} ${row.concept} ${row.period} (${row.table}, printed ${row.printed})`, row] as const))(
    '%s is parsed as printed',
    (_name, row) => {
      const found = matches(row);
      expect(found, `no single parsed fact for ${JSON.stringify(row)}`).toHaveLength(1);
      const fact = found[0] as StatementFact;
      expect(fact.multiplier).toBe(row.multiplier);
      // The golden label is the row's last printed line; the parser joins a label run over two lines.
      expect(fact.label.endsWith(row.label)).toBe(true);
      // The citation is the printed line, and the printed figure stands on it.
      expect(fact.text).toBe(fileLines(fact.release)[fact.line]);
      expect(fact.text).toContain(row.printed);
    },
  );

  it('each golden row is matched by a different parsed fact, and no parsed statement fact is missing from the golden file', () => {
    const used = new Set<StatementFact>();
    for (const row of golden) for (const f of matches(row)) used.add(f);
    expect(used.size).toBe(golden.length);
    expect(statements).toHaveLength(258);
    const extra = statements.filter((f) => !used.has(f)).map((f) => `${f.release}:${f.line} ${f.concept} ${f.period} ${f.printed}`);
    expect(extra).toEqual([]);
  });
});

describe('the .04 misprint (Q4 2002 net interest expense, Q4 release)', () => {
  const snapshot = realSnapshot();
  const row = golden.find((r) => r.printed === '.04');

  it('the golden file has it, and the parser reads it as printed', () => {
    expect(row).toMatchObject({ release: Q4, concept: 'net_interest_expense', period: '2002-Q4', value: 40000 });
    expect(matches(row as GoldenRow)).toHaveLength(1);
  });

  it('carries the misprint flag in snapshot.facts, and no other printing of it does', () => {
    const printings = statementsOf(snapshot.facts).filter((f) => f.concept === 'net_interest_expense' && f.period === '2002-Q4');
    expect(printings.map((f) => [f.printed, f.flags ?? []])).toEqual([
      ['.04', ['misprint']],
      ['0.4', []],
    ]);
    expect(printings[0]).toMatchObject({ release: Q4, line: 212, value: 40000 });
  });

  it('the figure served is 400,000 from the reconciliation, with a misprint note', () => {
    const figure = onlyBook(snapshot).figure('net_interest_expense', '2002-Q4');
    expect(figure?.value).toBe(400000);
    expect(figure?.fact).toMatchObject({ kind: 'statement', printed: '0.4', release: Q4, line: 265 });
    const notes = figure?.notes.filter((n) => n.kind === 'misprint') ?? [];
    expect(notes).toHaveLength(1);
    expect(notes[0]?.text).toContain('.04');
    expect(notes[0]?.text).toContain('212');
  });

  it('the snapshot warns about it, naming both lines', () => {
    const warnings = snapshot.warnings.filter((w) => w.code === 'misprint');
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatchObject({ release: Q4, line: 212, concept: 'net_interest_expense', period: '2002-Q4' });
    expect(warnings[0]?.message).toMatch(/\b212\b/);
    expect(warnings[0]?.message).toMatch(/\b265\b/);
  });
});
