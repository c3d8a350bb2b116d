/**
 * `npm run charts:examples`: the example charts under docs/, drawn from the project's releases
 * through the same path as any answer (question, trend answer, chart description, PNG).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { ask } from '../commands/run.ts';
import { openStore } from '../knowledge/store.ts';
import { renderChartPng } from './render/chart-png.ts';

/** The seed releases, and the real releases of seven other companies the tests hold (two companies on one chart). */
const FOLDERS: ReadonlyArray<readonly [folder: string | undefined, examples: ReadonlyArray<readonly [file: string, question: string]>]> = [
  [undefined, [
    ['chart-revenue-by-quarter.png', 'chart revenue by quarter'],
    ['chart-ebitda-margin.png', '/trend ebitda margin'],
    ['chart-revenue-vs-ebitda.png', 'plot revenue vs EBITDA by quarter'],
  ]],
  [fileURLToPath(new URL('../test/fixtures/realworld/releases/', import.meta.url)), [
    ['chart-two-companies.png', 'chart revenue apple vs oracle'],
  ]],
];

const docs = new URL('../docs/', import.meta.url);
mkdirSync(docs, { recursive: true });
for (const [folder, examples] of FOLDERS) {
  const opened = await openStore(folder);
  if (!opened.ok) {
    console.error(opened.reason);
    process.exit(1);
  }
  for (const [file, question] of examples) {
    const { answer } = await ask(question, { store: opened.store, admin: false });
    if (!answer.chart) throw new Error(`"${question}" was answered without a chart: ${answer.title}`);
    writeFileSync(new URL(file, docs), await renderChartPng(answer.chart));
    console.log(`docs/${file}: ${question}`);
  }
}
