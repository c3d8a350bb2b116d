/**
 * `--chart FILE` as people use it: a console line ending in it, and the CLI (`npm run ask`) given
 * it, write the answer's chart as a PNG; an answer with no chart writes nothing and says so.
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { text } from 'node:stream/consumers';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { takeChartFlag } from '../../bot/chart-file.ts';
import { runConsole } from '../../bot/console.ts';
import type { Store } from '../../knowledge/store.ts';
import { openProjectStore } from '../support/answers.ts';
import { TYPESCRIPT } from '../support/typescript.ts';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const isPng = (file: string) => readFileSync(file).subarray(0, 8).equals(SIGNATURE);

let store: Store;
let dir: string;
beforeAll(async () => {
  store = await openProjectStore();
  dir = mkdtempSync(join(tmpdir(), 'earnings-bot-charts-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('takeChartFlag', () => {
  it.each([
    [['graph', 'cash', '--chart', 'cash.png'], ['graph', 'cash'], 'cash.png'],
    [['--chart', 'a.png', 'revenue', 'trend'], ['revenue', 'trend'], 'a.png'],
    [['revenue', 'trend', '--chart'], ['revenue', 'trend'], ''],
    [['revenue', 'trend'], ['revenue', 'trend'], undefined],
  ])('%j', (args, words, file) => {
    expect(takeChartFlag(args)).toEqual(file === undefined ? { words } : { words, file });
  });
});

describe('the console', () => {
  it('writes the chart of a line ending in --chart FILE, and says when an answer has none', async () => {
    const input = new PassThrough();
    const output = new PassThrough();
    const written = text(output);
    const [cash, none] = [join(dir, 'cash.png'), join(dir, 'none.png')];
    input.end(`graph cash --chart ${cash}\nrevenue Q4 2003 --chart ${none}\n`);

    await runConsole(store, input, output);
    output.end();

    const said = await written;
    expect(said).toContain('Cash and equivalents — every period');
    expect(said).toContain(`Chart written to ${cash}`);
    expect(isPng(cash)).toBe(true);
    expect(said).toContain('$14.4 million');
    expect(said).toContain('No chart written');
    expect(existsSync(none)).toBe(false);
  });
});

describe('the CLI', () => {
  it('npm run ask -- --chart FILE "chart revenue by quarter": the text answer on stdout, the PNG in FILE', async () => {
    const file = join(dir, 'revenue.png');
    const { stdout, stderr } = await promisify(execFile)(process.execPath, ['--import', TYPESCRIPT, 'bot/ask.ts', '--chart', file, 'chart revenue by quarter'], { cwd: ROOT });

    expect(stdout).toContain('Revenue — every period');
    expect(stdout).toContain('Q4 2003: $14.4 million');
    expect(stderr).toContain(`Chart written to ${file}`);
    expect(isPng(file)).toBe(true);
  });
});
