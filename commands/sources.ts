/** `/sources`: the releases loaded, their dates, the periods each covers, and the snapshot's warnings. */
import { longDate, shortPeriod } from '../knowledge/periods.ts';
import type { Snapshot } from '../knowledge/snapshot.ts';
import { answer, type Answer } from './answer.ts';
import { defineCommand } from './spec.ts';

/** Warnings shown in the answer; the rest are counted, and the facts CLI lists them all. */
const MAX_WARNINGS = 8;

export function sourcesAnswer(snapshot: Snapshot): Answer {
  const fields = snapshot.releases.map((r) => ({
    name: `${r.release} — ${longDate(r.date)}`,
    value: `${r.headline}\nCovers: ${r.periods.map(shortPeriod).join(', ')}`,
  }));
  const shown = snapshot.warnings.slice(0, MAX_WARNINGS).map((w) => `${w.code}: ${w.message}`);
  const more = snapshot.warnings.length - shown.length;
  const warnings = more > 0 ? [...shown, `and ${more} more: \`npm run --silent facts -- --check\` lists them all`] : shown;
  for (const r of snapshot.refused) fields.push({ name: `${r.release} — not used`, value: r.reason });
  return answer('sources', 'Sources', `${snapshot.releases.length} releases, ${snapshot.facts.length} facts, ${snapshot.warnings.length} warnings.`, {
    fields: fields.slice(0, 20),
    notes: warnings,
  });
}

export const sources = defineCommand({
  name: 'sources',
  description: 'The releases loaded, the periods they cover, and data warnings',
  options: {},
  examples: ['/sources'],
  read: () => ({ kind: 'question', question: { intent: 'sources' } }),
});
