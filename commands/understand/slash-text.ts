/**
 * Text typed as a slash command (`/metric revenue Q4 2003`, `/compare metric:ebitda period:Q2 2003`,
 * or both: text before the first `name:` is positional), read into the options the Discord client
 * would send. The options are then checked like any others.
 */
import type { CommandCall } from '../answer.ts';
import type { Command } from '../spec.ts';
import type { Snapshot } from '../../knowledge/snapshot.ts';
import { canEndLtm, type FoundPeriod, findPeriods, impossiblePeriod } from '../../knowledge/period-grammar.ts';
import { spot } from './spot.ts';

/** Words that join positional options and name nothing: "revenue FY2003 versus FY2002", "revenue for Q4". */
const CONNECTORS = /\b(vs\.?|versus|against|compared (?:to|with))\b|^(?:for|in|at|and)\s+|\s+(?:for|in|at|and)$/gi;

/** Words saying what follows is compared with, ending the text before it. */
const VERSUS_BEFORE = /\b(?:vs\.?|versus|against|compared (?:to|with))\s*$/i;

/** "TTM as of 3/31/03" fills one period option: trailing months said without an end, and the period right after them. */
function joinLtmEnds(found: readonly FoundPeriod[], text: string): FoundPeriod[] {
  const out: FoundPeriod[] = [];
  for (let i = 0; i < found.length; i++) {
    const p = found[i] as FoundPeriod;
    const end = found[i + 1];
    const ties = p.query.kind === 'ltm' && !p.query.at && end && canEndLtm(end.query) && text.slice(p.end, end.start).trim() === '';
    if (!ties) {
      out.push(p);
      continue;
    }
    out.push({ query: { kind: 'ltm', at: end.query }, start: p.start, end: end.end, text: text.slice(p.start, end.end) });
    i++;
  }
  return out;
}

/** The text without the periods taken from it, nor the words that joined them ("revenue FY2003 versus FY2002": "revenue"). */
function withoutPeriods(text: string, periods: readonly FoundPeriod[]): string {
  let rest = text;
  for (const p of [...periods].sort((a, b) => b.start - a.start)) rest = `${rest.slice(0, p.start)} ${rest.slice(p.end)}`;
  return rest.replace(CONNECTORS, ' ').replace(/\s+/g, ' ').trim();
}

export type SlashText = { ok: true; call: CommandCall } | { ok: false; reason: string };

/** Where the text names metrics, as character ranges: the reader's settled spans, longest first ("current liabilities", never "current" and "liabilities"). */
function metricRanges(text: string, snapshot: Snapshot): Array<readonly [number, number]> {
  const s = spot(text, snapshot);
  return s.spans.filter((sp) => sp.value.kind === 'measure').map((sp) => [s.tokens[sp.from]?.start ?? 0, s.tokens[sp.to - 1]?.end ?? 0] as const);
}

/**
 * A company named among the words ("/results apple Q3 2004", "/metric revenue apple") fills the company option (`slot`),
 * never the period's (it was "apple" is not a period); the words without it are returned. Beside a text searched the
 * command reads a leading name itself ("/quote buckle denim"), and two companies are left to be refused as such.
 */
function companyTaken(positional: string, slot: string | undefined, searched: boolean, options: Record<string, string>, snapshot: Snapshot): string {
  if (!slot || searched || !positional) return positional;
  const { spans, tokens } = spot(positional, snapshot);
  const names = spans.flatMap((sp) => (sp.value.kind === 'company' ? [{ key: sp.value.company, from: tokens[sp.from]?.start ?? 0, to: tokens[sp.to - 1]?.end ?? 0 }] : []));
  const [first] = names;
  if (!first || names.some((n) => n.key !== first.key)) return positional;
  options[slot] = positional.slice(first.from, first.to);
  let rest = positional;
  for (const n of [...names].reverse()) rest = `${rest.slice(0, n.from)} ${rest.slice(n.to)}`;
  return rest.replace(/\s+/g, ' ').trim();
}

export function parseSlashText(text: string, commandNamed: (name: string) => Command | undefined, snapshot: Snapshot): SlashText {
  const metricEnd = (t: string): number | undefined => metricRanges(t, snapshot).at(-1)?.[1];
  const m = /^\/\s*([a-z-]+)\s*(.*)$/is.exec(text.trim());
  const command = m && commandNamed(m[1] ?? '');
  if (!m || !command) return { ok: false, reason: `unknown command "${text.trim().split(/\s+/)[0] ?? ''}"` };
  const rest = (m[2] ?? '').trim();
  const specs = Object.entries(command.options);
  const names = specs.map(([n]) => n);
  const named = [...rest.matchAll(/(?:^|\s)([a-z-]+):/gi)].filter((x) => names.includes((x[1] ?? '').toLowerCase()));
  // An option given twice is refused, never one of the two dropped ("metric:revenue metric:net income").
  const twice = named.map((x) => (x[1] ?? '').toLowerCase()).find((n, i, all) => all.indexOf(n) !== i);
  if (twice) return { ok: false, reason: `/${command.name}: the option ${twice} is given twice; give it once (ask again for the other)` };
  const options: Record<string, string> = {};
  named.forEach((x, i) => {
    options[(x[1] ?? '').toLowerCase()] = rest.slice(x.index + x[0].length, named[i + 1]?.index ?? rest.length).trim();
  });
  const free = (kind: string) => specs.filter(([n, s]) => s.kind === kind && options[n] === undefined).map(([n]) => n);
  const positional = companyTaken(rest.slice(0, named[0]?.index ?? rest.length).trim(), free('company')[0], free('text').length > 0, options, snapshot);
  if (!positional) return { ok: true, call: { name: command.name, options } };
  // Periods fill the free period options in order; the rest names the metric or is the text.
  const periodSlots = free('period');
  const metricSlots = free('metric');
  // A period's words inside a metric's are the metric's: "current" is the latest period, but "current liabilities" one line.
  const inMetric = metricSlots.length > 0 ? metricRanges(positional, snapshot) : [];
  // "/metric revenue Q5 2003": no period is taken from a text holding one that cannot be; the words after the metric are
  // its period option, refused as the period they cannot be (never its year taken and "revenue Q5" called no metric).
  const found = impossiblePeriod(positional) ? [] : findPeriods(positional).filter((p) => !inMetric.some(([from, to]) => p.start < to && p.end > from));
  // Beside a metric or a text ("/define EBITDA Q1 2003"), the periods are the period options'; alone, the command's own.
  const besideWords = metricSlots.length > 0 || free('text').length > 0;
  const taken = periodSlots.length > 0 && besideWords ? joinLtmEnds(found, positional).slice(0, periodSlots.length) : [];
  // "/search fourth quarter 2003": periods alone are the text searched, never taken from it to leave none.
  const periods = metricSlots.length === 0 && !withoutPeriods(positional, taken) ? [] : taken;
  // One period said after "vs" ("/compare revenue oracle vs the prior quarter") is the one compared with, the period
  // itself left to its default (it was the period, set against a year before it).
  const versusOnly = periods.length === 1 && periodSlots.length > 1 && VERSUS_BEFORE.test(positional.slice(0, periods[0]?.start ?? 0));
  periods.forEach((p, i) => {
    options[periodSlots[versusOnly ? 1 : i] as string] = p.text;
  });
  let remainder = withoutPeriods(positional, periods);
  // "revenue someday": the words after the metric were meant as its period (and are checked as one).
  const after = metricSlots.length > 0 && periods.length === 0 && periodSlots.length > 0 ? metricEnd(remainder) : undefined;
  if (after !== undefined && after < remainder.length) {
    options[periodSlots[0] as string] = remainder.slice(after).trim();
    remainder = remainder.slice(0, after).trim();
  }
  const [slot] = metricSlots.length > 0 ? metricSlots : free('text').length > 0 ? free('text') : periodSlots;
  if (slot && remainder) options[slot] = remainder;
  return { ok: true, call: { name: command.name, options } };
}
