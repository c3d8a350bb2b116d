/**
 * The project's own releases for tests (never anything outside the project): their names and
 * texts, a temporary copy of the folder to add or break files in, and a fourth release made from
 * the Q2 one.
 */
import { readFileSync } from 'node:fs';
import { cp, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { releasesDir } from '../../knowledge/load.ts';
import type { Book, Snapshot } from '../../knowledge/snapshot.ts';

export const RELEASES_DIR = releasesDir({});

export const Q1 = 'infocrossing-2003-q1.txt';
export const Q2 = 'infocrossing-2003-q2.txt';
export const Q3 = 'infocrossing-2003-q3.txt';
export const Q4 = 'infocrossing-2003-q4.txt';
export const RELEASE_FILES = [Q1, Q2, Q4] as const;

const texts = new Map<string, string>();

/** The text of one of the project's releases. */
export function releaseText(name: string): string {
  let text = texts.get(name);
  if (text === undefined) {
    text = readFileSync(join(RELEASES_DIR, name), 'utf8');
    texts.set(name, text);
  }
  return text;
}

/** The Q2 release moved to the third quarter (dated November 6, 2003): dates changed, figures kept. */
export function thirdQuarterRelease(): string {
  const q3 = releaseText(Q2)
    .replace(/June 30/g, 'September 30')
    .replace(/Six Months Ended/g, 'Nine Months Ended')
    .replace(/second quarter/g, 'third quarter')
    .replace(/SECOND QUARTER/g, 'THIRD QUARTER')
    .replace('August 7, 2003 --', 'November 6, 2003 --');
  if (!q3.includes('November 6, 2003 --') || !q3.includes('Nine Months Ended')) throw new Error('the Q2 release no longer reads as expected');
  return q3;
}

/** A fresh copy of the releases folder. */
export async function tempReleases(prefix = 'earnings-bot-'): Promise<{ dir: string; remove(): Promise<void> }> {
  const dir = await mkdtemp(join(tmpdir(), prefix));
  await cp(RELEASES_DIR, dir, { recursive: true });
  return { dir, remove: () => rm(dir, { recursive: true, force: true }) };
}

/**
 * A folder of the releases repeated over later years: each copy has every year moved on by a shift
 * (2, 4, 6...), figures kept, so one company has a long history (64 periods of revenue over eight
 * years with shifts 0, 2, 4 and 6). Files are named for their own year.
 */
export async function releasesOverYears(shifts: readonly number[], prefix = 'earnings-bot-years-'): Promise<{ dir: string; remove(): Promise<void> }> {
  const dir = await mkdtemp(join(tmpdir(), prefix));
  for (const shift of shifts) {
    for (const name of [Q1, Q2, Q4]) {
      const text = releaseText(name).replace(/\b(19[89]\d|20[0-2]\d)\b/g, (year) => String(Number(year) + shift));
      await writeFile(join(dir, name.replace('2003', String(2003 + shift))), text);
    }
  }
  return { dir, remove: () => rm(dir, { recursive: true, force: true }) };
}

/** Adds the third-quarter release to a folder. */
export async function dropThirdQuarter(dir: string): Promise<void> {
  await writeFile(join(dir, Q3), thirdQuarterRelease());
}

/** The one company's book of a snapshot of one company's releases (the seed releases are all Infocrossing's). */
export function onlyBook(snapshot: Snapshot): Book {
  const [book] = snapshot.books;
  if (!book || snapshot.books.length !== 1) throw new Error(`expected one company, found ${snapshot.books.length}`);
  return book;
}
