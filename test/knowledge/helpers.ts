/**
 * Shared by the knowledge tests: the project's own releases and fixtures, read from inside the
 * project only, parsed the way the loader parses them.
 */
import { RELEASE_FILES, releaseText } from '../support/releases.ts';
import type { Fact, StatementFact } from '../../knowledge/facts.ts';
import { parseRelease, type ParsedRelease } from '../../knowledge/parse/release.ts';
import { buildSnapshot, type Snapshot } from '../../knowledge/snapshot.ts';

export { FIXTURES_DIR } from '../support/fixtures.ts';
export { Q1, Q2, Q4, RELEASE_FILES, RELEASES_DIR, releaseText } from '../support/releases.ts';

/** The release's lines, 1-based: `fileLines(name)[n]` is line n as printed. */
export function fileLines(name: string): string[] {
  return ['', ...releaseText(name).split(/\r?\n/)];
}

export function parseOk(name: string, content: string = releaseText(name)): Extract<ParsedRelease, { ok: true }> {
  const parsed = parseRelease(name, content);
  if (!parsed.ok) throw new Error(`${name} was refused: ${parsed.reason}`);
  return parsed;
}

export function parseAll(): ParsedRelease[] {
  return RELEASE_FILES.map((name) => parseRelease(name, releaseText(name)));
}

export function realSnapshot(): Snapshot {
  return buildSnapshot(parseAll());
}

export function statementsOf(facts: readonly Fact[]): StatementFact[] {
  return facts.filter((f): f is StatementFact => f.kind === 'statement');
}

export function factsOfKind<K extends Fact['kind']>(facts: readonly Fact[], kind: K): Array<Extract<Fact, { kind: K }>> {
  return facts.filter((f): f is Extract<Fact, { kind: K }> => f.kind === kind);
}

/** Runs of white space folded to one space: how printed text and parsed text compare. */
export const fold = (text: string) => text.replace(/\s+/g, ' ').trim();
