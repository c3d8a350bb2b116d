/**
 * `npm run --silent facts`: every fact of the snapshot, one JSON object a line.
 * `npm run --silent facts -- --check`: the snapshot's warnings; exits 1 when a release could not be read.
 */
import { loadSnapshot } from '../knowledge/load.ts';
import { stopWhenStdoutCloses } from './stdout.ts';

stopWhenStdoutCloses();

const result = await loadSnapshot();
if (!result.ok) {
  console.error(result.reason);
  process.exit(1);
}
const { snapshot } = result;
if (process.argv.includes('--check')) {
  for (const w of snapshot.warnings) {
    const where = w.release ? `${w.release}${w.line ? `:${w.line}` : ''}` : 'snapshot';
    console.log(`${w.code.padEnd(15)} ${where}  ${w.message}`);
  }
  console.log(`${snapshot.releases.length} releases, ${snapshot.factCount} facts, ${snapshot.warnings.length} warnings, ${snapshot.refused.length} refused`);
  process.exit(snapshot.refused.length > 0 ? 1 : 0);
}
const lines = snapshot.facts.map((f) => JSON.stringify(f));
process.stdout.write(`${lines.join('\n')}\n`);
