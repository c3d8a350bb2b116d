/**
 * Free text to a command call: "how did Q1 2003 revenue compare to Q1 2002?" is /compare, "who
 * handles investor relations?" is /contact, "EBITDA margin Q4 2003" is /compare with revenue.
 * Text typed as a slash command (`/metric revenue Q4 2003`, or with `name:value` options) is read
 * the same way the Discord client would send it.
 */
import type { CommandCall } from './answer.ts';
import { contactQuery } from './contact.ts';
import { commandNamed } from './registry.ts';
import { metricInText } from './understand/metric-text.ts';
import { findPeriods, withoutPeriods, type FoundPeriod } from './understand/period-text.ts';
import { contentWords } from '../knowledge/text.ts';

export type Route = { ok: true; call: CommandCall } | { ok: false; reason: string };

/** Words that join positional options and name nothing: "revenue FY2003 versus FY2002". */
const CONNECTORS = /\b(vs\.?|versus|against|compared (?:to|with)|and|to|with|for|in|at)\b/gi;

/**
 * `/compare revenue Q1 2003 Q1 2002`, `/compare metric:revenue period:Q1 2003 versus:Q1 2002`, or
 * both: text before the first `name:` is positional.
 */
export function parseSlash(text: string): Route {
  const m = /^\/\s*([a-z-]+)\s*(.*)$/is.exec(text.trim());
  const command = m && commandNamed(m[1] ?? '');
  if (!m || !command) return { ok: false, reason: `unknown command "${text.trim().split(/\s+/)[0] ?? ''}"` };
  const rest = (m[2] ?? '').trim();
  const specs = Object.entries(command.options);
  const names = specs.map(([n]) => n);
  const named = [...rest.matchAll(/(?:^|\s)([a-z-]+):/gi)].filter((x) => names.includes((x[1] ?? '').toLowerCase()));
  const options: Record<string, string> = {};
  named.forEach((x, i) => {
    options[(x[1] ?? '').toLowerCase()] = rest.slice(x.index + x[0].length, named[i + 1]?.index ?? rest.length).trim();
  });
  const positional = rest.slice(0, named[0]?.index ?? rest.length).trim();
  if (!positional) return { ok: true, call: { name: command.name, options } };

  // Periods fill the free period options in order; the rest names the metric or is the text.
  const free = (kind: string) => specs.filter(([n, s]) => s.kind === kind && options[n] === undefined).map(([n]) => n);
  const periodSlots = free('period');
  const periods = periodSlots.length > 0 ? findPeriods(positional).slice(0, periodSlots.length) : [];
  periods.forEach((p, i) => {
    options[periodSlots[i] as string] = p.text;
  });
  const remainder = withoutPeriods(positional, periods);
  const [metricSlot] = free('metric');
  if (metricSlot) {
    const metric = metricInText(remainder);
    // "revenue someday": the metric, and words that were meant as its period.
    const leftover = metric.ok ? `${remainder.slice(0, metric.start)} ${remainder.slice(metric.end)}`.replace(CONNECTORS, ' ').replace(/\s+/g, ' ').trim() : '';
    if (metric.ok) options[metricSlot] = remainder.slice(metric.start, metric.end);
    else if (remainder) options[metricSlot] = remainder;
    if (metric.ok && leftover && periodSlots.length > periods.length) options[periodSlots[periods.length] as string] = leftover;
  } else {
    const [textSlot] = free('text');
    if (textSlot && remainder) options[textSlot] = remainder;
  }
  return { ok: true, call: { name: command.name, options } };
}

const call = (name: string, options: Record<string, string | undefined>): Route => ({
  ok: true,
  call: { name, options: Object.fromEntries(Object.entries(options).filter((e): e is [string, string] => Boolean(e[1]))) },
});

const HELP = /^(help|\?|what can you (do|answer)|commands|how do i use (you|this))\b/i;
const SOURCES = /\b(sources|which releases|what releases|releases (do you have|loaded)|what data)\b/i;
const DEFINE = /\b(defin(e|es|ed|ition)|meaning of|what does (\w+) mean|stand for)\b/i;
const CALL = /\b(tele-?conference|conference call|earnings call|call|dial[- ]?in|dial|replay|pass ?code|webcast|listen)\b/i;
const QUOTE = /\b(say|said|says|saying|quote|quoted|quotes|comment|commented|state|stated|remark|remarked|statement)\b/i;
const CONTACT = /\b(who|contact|contacts|phone|telephone|e-?mail|reach|investor relations|media relations|spokes(person|man|woman)|press office)\b/i;
const NARRATIVE = /\b(cash\b[^.?!]{0,30}\boperat\w*|operat\w* cash|cash flow|excluding|one-?time|non-?recurring|settlement|commitments?|private placement|acquisition|contracts?|experience)\b/i;
const TREND = /\b(trend|history|historical|over time|every (quarter|period)|all (quarters|periods)|by quarter|each quarter|quarterly)\b/i;
const COMPARE = /\b(compare[ds]?|comparison|vs\.?|versus|against|growth|grow|grew|change[ds]?|increase[ds]?|decrease[ds]?|rise|rose|fell|fall|drop(ped)?|than|year[- ]over[- ]year|yoy|sequential(ly)?)\b/i;
const MARGIN = /\b(?:(ebitda|operating|net|profit|pre-?tax)\s+)?margins?\b/i;
const MARGIN_CONCEPT: Record<string, string> = { ebitda: 'ebitda', operating: 'operating income', net: 'net income', profit: 'net income', pretax: 'pretax income', 'pre-tax': 'pretax income' };

/** Words that ask for a quote rather than say what it is about. */
const ASKING = /\b(what|did|does|do|say|said|says|about|who|is|are|the|for|of|me|please|tell|quote|quotes|comment(ed)?|stated?|remarked?)\b/gi;

const periodText = (p: FoundPeriod | undefined) => p?.text;

export function route(text: string): Route {
  const t = text.trim();
  if (t.startsWith('/')) return parseSlash(t);
  if (HELP.test(t)) return call('help', {});
  const periods = findPeriods(t);
  const rest = withoutPeriods(t, periods);
  if (SOURCES.test(t)) return call('sources', {});
  if (DEFINE.test(t)) {
    const term = /\bebitda\b/i.test(t) ? 'EBITDA' : contentWords(rest.replace(DEFINE, ' ')).join(' ');
    return call('define', { term: term || 'EBITDA', period: periodText(periods[0]) });
  }
  if (CALL.test(t) && !CONTACT.test(t)) return call('call', { period: periodText(periods[0]) });
  // Periods stay in a quote query: "what did he say about the fourth quarter" is about those words.
  if (QUOTE.test(t)) return call('quote', { query: t.replace(ASKING, ' ').replace(/\s+/g, ' ').replace(/[?!.]+$/, '').trim() || t });
  if (CONTACT.test(t) && !metricInText(rest).ok) return call('contact', { query: contactQuery(rest) || rest });
  if (NARRATIVE.test(t)) return call('search', { query: rest.replace(/[?!]+$/, ''), period: periodText(periods[0]) });

  const margin = MARGIN.exec(t);
  const metric = metricInText(rest);
  if (margin) {
    const named = margin[1] ? MARGIN_CONCEPT[margin[1].toLowerCase()] : undefined;
    const part = named ?? (metric.ok ? rest.slice(metric.start, metric.end) : 'ebitda');
    return call('compare', { metric: part, 'versus-metric': 'revenue', period: periodText(periods[0]) });
  }
  if (metric.ok) {
    const metricText = rest.slice(metric.start, metric.end);
    if (TREND.test(t)) return call('trend', { metric: metricText });
    if (periods.length >= 2 || COMPARE.test(t)) {
      return call('compare', { metric: metricText, period: periodText(periods[0]), versus: periodText(periods[1]) });
    }
    return call('metric', { metric: metricText, period: periodText(periods[0]) });
  }
  return call('search', { query: rest.replace(/[?!]+$/, '') || t, period: periodText(periods[0]) });
}
