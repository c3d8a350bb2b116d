/**
 * `--chart FILE` in the CLI and the console: the answer's chart written to FILE as a PNG, and what
 * to tell the person either way (an answer without figures over periods has no chart).
 */
import { writeFile } from 'node:fs/promises';
import type { Answer } from '../commands/answer.ts';
import { renderChartPng } from './render/chart-png.ts';

const FLAG = '--chart';

/** The words with `--chart FILE` taken out, and FILE; `file` is '' when the flag names none. */
export function takeChartFlag(words: readonly string[]): { words: string[]; file?: string } {
  const at = words.indexOf(FLAG);
  if (at < 0) return { words: [...words] };
  return { words: [...words.slice(0, at), ...words.slice(at + 2)], file: words[at + 1] ?? '' };
}

export async function writeChart(answer: Answer, file: string): Promise<{ ok: boolean; message: string }> {
  if (!file) return { ok: false, message: `${FLAG} needs a file name: ${FLAG} revenue.png` };
  if (!answer.chart) return { ok: false, message: `No chart written: this answer has no figures over periods (try "chart revenue by quarter").` };
  await writeFile(file, await renderChartPng(answer.chart));
  return { ok: true, message: `Chart written to ${file}` };
}
