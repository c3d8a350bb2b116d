/**
 * `/reload` (admins): rebuild the snapshot from the releases folder and swap it in whole, reporting
 * what changed. Files that could not be read are named with their reason, and so is a release
 * that now yields fewer facts or newly fails a check; with nothing readable the old data stays.
 */
import type { ReloadReport } from '../knowledge/store.ts';
import { answer, type Answer } from './answer.ts';
import { defineCommand } from './spec.ts';

export function reloadAnswer(report: ReloadReport): Answer {
  const shards = report.shards
    ? [{ name: 'Shards', value: report.shards.map((s) => `shard ${s.shard}: ${s.ok ? 'reloaded' : `failed (${s.reason ?? 'no answer'})`}`).join('\n') }]
    : [];
  if (!report.ok) {
    return answer('reload', 'Reload failed — still serving the previous data', report.reason ?? 'unknown reason', {
      fields: [...report.refused.map((r) => ({ name: r.release, value: r.reason })).slice(0, 10), ...shards],
    });
  }
  const list = (names: string[]) => (names.length > 0 ? names.join(', ') : 'none');
  const problems = [
    ...report.refused.map((r) => ({ name: `${r.release} — not used`, value: r.reason })),
    ...report.regressions.map((r) => ({ name: `${r.release} — check it`, value: r.reason })),
  ].slice(0, 10);
  const lead = `Now serving ${report.releases} releases and ${report.facts} facts.`;
  const caveat = problems.length > 0 ? ` ${report.refused.length} file${report.refused.length === 1 ? '' : 's'} not used, ${report.regressions.length} release${report.regressions.length === 1 ? '' : 's'} to check: see below.` : '';
  return answer('reload', problems.length > 0 ? 'Reloaded, with problems' : 'Reloaded', `${lead}${caveat}`, {
    fields: [
      { name: 'Releases added', value: list(report.releasesAdded), inline: true },
      { name: 'Releases removed', value: list(report.releasesRemoved), inline: true },
      { name: 'Facts', value: `+${report.factsAdded} / -${report.factsRemoved}`, inline: true },
      { name: 'Warnings', value: String(report.warnings), inline: true },
      ...(report.load ? [{ name: 'Files read', value: `${report.load.parsed} parsed, ${report.load.cached} from the parse cache, ${report.load.unchanged} unchanged${report.load.rejected ? `; ${report.load.rejected} cache entr${report.load.rejected === 1 ? 'y' : 'ies'} not valid, parsed again` : ''}`, inline: true }] : []),
      ...problems,
      ...shards,
    ],
  });
}

export const reload = defineCommand({
  name: 'reload',
  description: 'Admins: reload the releases folder without a restart',
  options: {},
  admin: true,
  slow: true,
  examples: ['/reload'],
  read: () => ({ kind: 'question', question: { intent: 'reload' } }),
});
