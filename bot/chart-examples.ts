/**
 * `npm run charts:examples`: the example charts under docs/, drawn from the project's releases
 * through the same path as any answer (question, trend answer, chart description, PNG).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { ask } from '../commands/run.ts';
import { openStore } from '../knowledge/store.ts';
import { renderChartPng } from './render/chart-png.ts';

const EXAMPLES: ReadonlyArray<readonly [file: string, question: string]> = [
  ['chart-revenue-by-quarter.png', 'chart revenue by quarter'],
  ['chart-ebitda-margin.png', '/trend ebitda margin'],
  ['chart-revenue-vs-ebitda.png', 'plot revenue vs EBITDA by quarter'],
];

const docs = new URL('../docs/', import.meta.url);
const opened = await openStore();
if (!opened.ok) {
  console.error(opened.reason);
  process.exit(1);
}
mkdirSync(docs, { recursive: true });
for (const [file, question] of EXAMPLES) {
  const { answer } = await ask(question, { store: opened.store, admin: false });
  if (!answer.chart) throw new Error(`"${question}" was answered without a chart: ${answer.title}`);
  writeFileSync(new URL(file, docs), await renderChartPng(answer.chart));
  console.log(`docs/${file}: ${question}`);
}
