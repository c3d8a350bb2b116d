/** `/sources`: the companies and releases loaded, their dates, the periods each covers, and the snapshot's warnings. */
import { longDate, shortPeriod } from '../knowledge/periods.ts';
import type { Snapshot } from '../knowledge/snapshot.ts';
import { answer, type Answer } from './answer.ts';
import { defineCommand } from './spec.ts';

/** Warnings shown in the answer; the rest are counted, and the facts CLI lists them all. */
const MAX_WARNINGS = 8;

/** Fields an embed can hold with room to spare. */
const MAX_FIELDS = 20;

export function sourcesAnswer(snapshot: Snapshot): Answer {
  const several = snapshot.books.length > 1;
  // With one company, a field per release; with several, a field per company listing its releases.
  const fields = several
    ? snapshot.books.map((b) => ({
      name: `${b.company.name}${b.company.ticker ? ` (${b.company.ticker})` : ''}`,
      value: b.releases.map((r) => `${r.release} — ${longDate(r.date)}: ${r.periods.map(shortPeriod).join(', ')}`).join('\n'),
    }))
    : snapshot.releases.map((r) => ({
      name: `${r.release} — ${longDate(r.date)}`,
      value: `${r.headline}\nCovers: ${r.periods.map(shortPeriod).join(', ')}`,
    }));
  // Rows no metric names are many in a long release and harmless: counted, after the warnings that matter.
  const unknown = snapshot.warnings.filter((w) => w.code === 'unknown_label');
  const serious = snapshot.warnings.filter((w) => w.code !== 'unknown_label');
  const shown = [
    ...serious.slice(0, MAX_WARNINGS).map((w) => `${w.code}: ${w.message}`),
    ...(unknown.length > 0 ? [`unknown_label: ${unknown.length} table rows are no metric's (e.g. "${unknown[0]?.message.match(/"(.*?)"/)?.[1] ?? ''}")`] : []),
  ];
  const more = serious.length - Math.min(serious.length, MAX_WARNINGS);
  const warnings = more > 0 ? [...shown, `and ${more} more: \`npm run --silent facts -- --check\` lists them all`] : shown;
  for (const r of snapshot.refused) fields.push({ name: `${r.release} — not used`, value: r.reason });
  const companies = several ? `${snapshot.books.length} companies, ` : '';
  return answer('sources', 'Sources', `${companies}${snapshot.releases.length} releases, ${snapshot.factCount} facts, ${snapshot.warnings.length} warnings.`, {
    fields: fields.slice(0, MAX_FIELDS),
    notes: warnings,
  });
}

export const sources = defineCommand({
  name: 'sources',
  description: 'The companies and releases loaded, the periods they cover, and data warnings',
  options: {},
  examples: ['/sources'],
  read: () => ({ kind: 'question', question: { intent: 'sources' } }),
});
