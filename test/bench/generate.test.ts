/**
 * The release generator the scale benchmark reads (bench/generate.ts): its releases are read by the
 * parser exactly as generated (every figure it prints, in the period it means, no warning), its
 * companies differ in what real ones differ in, and the same options give the same bytes.
 */
import { describe, expect, it } from 'vitest';
import { describeCompanies, generateReleases, type GenerateOptions } from '../../bench/generate.ts';
import type { StatementFact } from '../../knowledge/facts.ts';
import { parseRelease } from '../../knowledge/parse/release.ts';
import { buildSnapshot } from '../../knowledge/snapshot.ts';

const OPTIONS: GenerateOptions = { releases: 96, companies: 16, seed: 7 };
const generated = [...generateReleases(OPTIONS)];
const parsed = generated.map((r) => parseRelease(r.name, r.content));

describe('bench/generate.ts', () => {
  it('writes N releases of the companies asked for, named by company and quarter, each company under its ticker', () => {
    expect(generated).toHaveLength(96);
    expect(new Set(generated.map((r) => r.name)).size).toBe(96);
    expect(new Set(generated.map((r) => r.company)).size).toBe(16);
    for (const [i, p] of parsed.entries()) {
      expect(p.ok, generated[i]?.name).toBe(true);
      if (p.ok) expect(p.facts.every((f) => f.company === generated[i]?.company)).toBe(true);
    }
  });

  it('prints every figure so that the parser reads it in the period meant, and nothing the parser warns about', () => {
    for (const [i, p] of parsed.entries()) {
      const release = generated[i];
      if (!p.ok || !release) throw new Error('refused');
      expect(p.warnings, release.name).toEqual([]);
      const statements = p.facts.filter((f): f is StatementFact => f.kind === 'statement');
      const read = new Set(statements.map((f) => `${f.concept}|${f.period}|${f.value}`));
      const missing = release.figures.filter((f) => !read.has(`${f.concept}|${f.period}|${f.value}`));
      expect(missing, release.name).toEqual([]);
      expect(release.figures.length).toBeGreaterThan(20);
    }
  });

  it('keeps every company consistent across its releases: subtotals add up, no restatement, no failed check', () => {
    const snapshot = buildSnapshot(parsed);
    expect(snapshot.books).toHaveLength(16);
    expect(snapshot.warnings).toEqual([]);
  });

  it('varies calendars, scales, layouts, EPS rows, EBITDA reconciliations, contacts and exchanges', () => {
    const companies = describeCompanies({ releases: 400 });
    const kinds = (key: keyof (typeof companies)[number]) => new Set(companies.map((c) => c[key]));
    expect(kinds('calendar')).toEqual(new Set(['december', 'june', 'september', 'january-weeks']));
    expect(kinds('scale')).toEqual(new Set(['thousands', 'millions']));
    expect(kinds('layout')).toEqual(new Set(['sec', 'plain']));
    expect(kinds('eps')).toEqual(new Set(['combined', 'split']));
    for (const key of ['ebitda', 'contacts', 'segments'] as const) expect(kinds(key)).toEqual(new Set([true, false]));
    expect(kinds('exchange')).toEqual(new Set(['NYSE', 'Nasdaq']));
    expect(companies.reduce((n, c) => n + c.releases, 0)).toBe(400);
  });

  it('gives the same bytes for the same options', () => {
    const again = [...generateReleases(OPTIONS)];
    expect(again.map((r) => r.content)).toEqual(generated.map((r) => r.content));
  });
});
