/**
 * The measures said in a question, combined: lines added, one out of another, a ratio of two, and the qualifiers
 * (excluding, one-time, as reported) settled onto the lines they qualify.
 */
import { conceptInfo, HOLDS, PROFIT_LINES, takenFrom, type Concept } from '../../knowledge/concepts.ts';
import { FILLERS, type Span } from './spot.ts';
import { METRICS, statementLineOf, subtraction, termIs } from './vocabulary.ts';
import type { Slots } from './slots.ts';
import { COMPARATIVES, LEFT_OUT_ITEMS, spanCues } from './cue-words.ts';
import { type RatioOf, conceptOf, familyOf, numeratorOf, ratioOf, revenueWord, sideOf } from './measure-forms.ts';

/** Whether token `k` is a word of a period said ("operating income Q4 2003 as a percent of revenue"). */
const inPeriodAt = (spans: readonly Span[], k: number) => spans.some((sp) => sp.value.kind === 'period' && sp.from <= k && k < sp.to);

/**
 * Lines that add up: dollars of a period, or balances at one date, all of one kind. Per-share amounts and share
 * counts never do, nor a flow with a balance ("net income + EPS" gives both, never "$0.60 million"), nor a line
 * with one that holds it ("revenue plus EBITDA", "net income + EBITDA" give both, never a sum counting part twice).
 */
export function addable(parts: readonly Concept[]): boolean {
  const kinds = new Set(parts.map((c) => conceptInfo(c).measure));
  const holding = parts.some((a) => parts.some((b) => HOLDS[a]?.includes(b)));
  const profits = parts.filter((c) => PROFIT_LINES.has(c)).length;
  return kinds.size === 1 && (kinds.has('flow') || kinds.has('balance')) && !holding && profits <= 1;
}

/**
 * Arithmetic said in words: "cost of revenues + S&A + D&A" is one sum, "EBITDA / net interest
 * expense" and "cost of revenues as a percent of revenue" one ratio. Such explicit arithmetic
 * replaces a named measure it spells out ("total costs and expenses (cost of revenues + S&A)").
 */
export function combineMeasures(slots: Slots, spans: readonly Span[], text: string): void {
  const between = (a: number, b: number) => spans.filter((s) => s.from >= a && s.to <= b).flatMap(spanCues);
  const gap = (a: { to: number }, b: { at: number }) => text.slice(slots.tokens[a.to - 1]?.end ?? 0, slots.tokens[b.at]?.start ?? 0).trim();
  settleQualifiers(slots, spans, text);
  const ms = slots.measures;
  // "Cash and receivables as % of total assets", "COGS, SG&A and operating income as % of sales": the lines listed just
  // before the one made a share (`step` -1, from the share at `i`, said as `said`), or after a share asked first ("what
  // share of revenue went to R&D and SG&A", `step` 1), are over the same whole too, never given alone beside it. A
  // formula listed stays the formula: Apple's "Total operating expenses" (487) is not its total costs (1,942).
  const sharesListed = (i: number, said: { at: number; to: number }, whole: RatioOf, percent: boolean, step: -1 | 1) => {
    for (let k = i + step, near = said; k >= 0 && k < ms.length; k += step) {
      const listed = ms[k] as Slots['measures'][number];
      const line = statementLineOf(listed.measure);
      if (!line || line === whole.line || !/^(?:,|and|,\s*and)$/i.test(step < 0 ? gap(listed, near) : gap(near, listed))) break;
      ms[k] = { ...listed, measure: ratioOf(listed.measure, line, whole, percent) };
      near = listed;
    }
  };
  for (let i = 0; i + 1 < ms.length; i++) {
    const [a, b] = [ms[i], ms[i + 1]] as [Slots['measures'][number], Slots['measures'][number]];
    const cues = between(a.to, b.at);
    const [ca, cb] = [conceptOf(a.measure), conceptOf(b.measure)];
    // "Gross profit as a percent of sales": a formula over a line is the vocabulary's ratio of the two (gross margin),
    // never the two listed (it gave gross profit and revenue).
    // So is a ratio over a line named ("gross margin over total revenue"): its numerator over that line (it listed the
    // margin and the revenue).
    const over = a.measure.kind === 'formula' && cb && cues.includes('ratio_of') ? numeratorOf(a.measure.formula) ?? a.measure.formula : undefined;
    const formulaOver = over && cb ? METRICS.formulas.find((f) => f.op === 'ratio' && termIs(f.terms[0], over) && termIs(f.terms[1], cb)) : undefined;
    if (formulaOver && cb) {
      if (cb === 'revenue') slots.revenueOver = revenueWord(slots.tokens, b);
      ms.splice(i, 2, { measure: { kind: 'formula', formula: formulaOver.id }, at: a.at, to: b.to });
      // An amount over a line ("net income and gross profit as % of sales"), not a ratio named over one ("gross margin over revenue").
      if (a.measure.kind === 'formula' && over === a.measure.formula) sharesListed(i, a, { line: cb }, cues.includes('share_of'), -1);
      i--;
      continue;
    }
    // A line with itself is no sum or ratio of lines: "Q1 revenue plus Q2 revenue" adds periods, "Q4 revenue as a share of
    // the year's revenue" sets periods against each other (it was revenue + revenue, each period doubled, and revenue / revenue, 100%).
    // A formula a statement may print as a line of its own is a side of a ratio ("total liabilities to equity", "total
    // costs / revenue"), computed by the formula where the line printed is something else (Apple's "Total operating
    // expenses" leave out its cost of sales).
    const [la, lb] = [statementLineOf(a.measure), statementLineOf(b.measure)];
    if (a.measure.kind === 'sum' && lb && (cues.includes('ratio_of') || gap(a, b).includes('/'))) slots.sumShared ??= [a.measure, b.measure];
    if (!la || !lb || la === lb) continue;
    const [sideA, sideB] = [sideOf(a.measure, la), sideOf(b.measure, lb)];
    // The words of a period between two metrics do not part them.
    const joined = slots.tokens.slice(a.to, b.at).filter((_, k) => !inPeriodAt(spans, a.to + k)).map((t) => t.word);
    // "rev/ebitda/ni": three or more lines each after a slash are a list, as chat writes one, never the first two's ratio.
    const slashed = (x: Slots['measures'][number] | undefined, y: Slots['measures'][number] | undefined) => x !== undefined && y !== undefined && gap(x, y) === '/';
    const listed = slashed(ms[i - 1], a) || slashed(b, ms[i + 2]);
    // "Net income excluding the credit to accretion": a line left out, never a ratio of the two ("to").
    const leftOut = cues.includes('excluding') || cues.includes('leaving_out');
    if ((cues.includes('ratio_of') || ((joined.includes('/') || gap(a, b) === '/') && !listed)) && !leftOut && !cues.includes('plus') && !cues.includes('minus') && joined.filter((w) => !FILLERS.has(w)).length <= 5 && !joined.includes('and')) {
      if (lb === 'revenue') slots.revenueOver = revenueWord(slots.tokens, b);
      // A sum said as the whole ("net income as % of S&A plus D&A"): no ratio of lines the reader builds, never the first alone.
      const more = ms[i + 2];
      if (more && /^(?:\+|plus)$/i.test(gap(b, more))) slots.sumShared ??= [a.measure, b.measure, more.measure];
      ms.splice(i, 2, { measure: ratioOf(a.measure, la, sideB, cues.includes('share_of')), at: a.at, to: b.to });
      sharesListed(i, a, sideB, cues.includes('share_of'), -1);
      i--;
      continue;
    }
    // "What percentage of revenue was net income?", "what share of sales went to the cost of sales?", "how much of
    // Sears' Q2 2004 revenue is taken up by the cost of sales?": the share asked first, its whole then its part (it was
    // revenue over the cost of sales, in times). Parts listed after it are shares of it too ("... is cash and short-term
    // investments").
    const whoOrWhen = (k: number) => slots.companyTokens.has(k) || slots.fillerTokens.has(k) || inPeriodAt(spans, k) || FILLERS.has(slots.tokens[k]?.word ?? '');
    const askedFirst = spans.filter((sp) => sp.to <= a.at && sp.value.kind !== 'period' && sp.value.kind !== 'company').at(-1);
    const asked = askedFirst && Array.from({ length: a.at - askedFirst.to }, (_, k) => askedFirst.to + k).every(whoOrWhen) ? spanCues(askedFirst) : [];
    // The part must be one taken from the whole: "what share of net income went to taxes" is no share (taxes are taken before).
    const goesTo = cues.includes('goes_to');
    // The company may be named with the part ("what percentage of revenue were Apple's total costs").
    const toPart = slots.tokens.slice(a.to, b.at).filter((_, k) => !inPeriodAt(spans, a.to + k) && !slots.companyTokens.has(a.to + k)).map((t) => t.word);
    if (asked.includes('ratio_of') && takenFrom(lb, la) && toPart.length <= (goesTo ? 5 : 3) && !toPart.includes('and') && (goesTo || toPart.every((w) => FILLERS.has(w)))) {
      ms.splice(i, 2, { measure: ratioOf(b.measure, lb, sideA, true), at: a.at, to: b.to });
      sharesListed(i, b, sideA, true, 1);
      i--;
      continue;
    }
    // "Revenue minus cost of revenues", "the difference between revenue and cost of revenues": the vocabulary's formula
    // of the two (gross profit). Another line said less one is said back (`linesSubtracted`), never the two listed unsaid;
    // so is a line less a formula ("gross profit minus SG&A", "total assets minus total liabilities").
    const minus = joined.includes('minus') || joined.includes('less') || joined.includes('-') || joined.includes('−') || gap(a, b).trim() === '-' || gap(a, b).trim() === '−';
    // "How much more revenue than cost of revenues", "how much higher was EBITDA than net income": one line less the
    // other, as "the difference between" says it (it set each against a year earlier).
    const howMuch = slots.tokens.slice(0, a.at).some((t, k, ts) => t.word === 'how' && ts[k + 1]?.word === 'much');
    const weighed = joined.filter((w) => w === 'than' || !FILLERS.has(w));
    const than = howMuch && weighed.at(-1) === 'than' && weighed.slice(0, -1).every((w) => COMPARATIVES.has(w));
    if (than) {
      slots.cues.delete('change');
      slots.cues.delete('difference');
    }
    const difference = minus || than || (spans.filter((sp) => sp.to <= a.at && sp.to >= a.at - 2).flatMap(spanCues).includes('difference') && joined.includes('and') && joined.length <= 2);
    // Arithmetic of lines: of statement lines alone.
    if (!ca || !cb || (a.measure.kind === 'sum' && a.measure.parts.includes(cb))) {
      if (difference && familyOf(ca) === undefined) slots.linesSubtracted ??= [a.measure, b.measure];
      continue;
    }
    const formula = difference ? subtraction(ca, cb) : undefined;
    if (formula) {
      // The difference asked is the formula's own, no change between periods.
      if (!minus) slots.cues.delete('difference');
      if (ca === 'revenue') slots.revenueLess = revenueWord(slots.tokens, a);
      ms.splice(i, 2, { measure: { kind: 'formula', formula: formula.id }, at: a.at, to: b.to });
      i--;
      continue;
    }
    if (difference && familyOf(ca) === undefined) slots.linesSubtracted ??= [a.measure, b.measure];
    if ((joined.includes('plus') || joined.includes('+')) && addable([...(a.measure.kind === 'sum' ? a.measure.parts : [ca]), cb])) {
      const parts = a.measure.kind === 'sum' ? a.measure.parts : [ca];
      ms.splice(i, 2, { measure: { kind: 'sum', parts: [...parts, cb] }, at: a.at, to: b.to });
      i--;
    }
  }
  // Sums chain: (a + b) + c.
  for (let i = 0; i + 1 < ms.length; i++) {
    const [a, b] = [ms[i], ms[i + 1]] as [Slots['measures'][number], Slots['measures'][number]];
    const joined = slots.tokens.slice(a.to, b.at).map((t) => t.word);
    const cb = conceptOf(b.measure);
    if (a.measure.kind === 'sum' && cb && !a.measure.parts.includes(cb) && (joined.includes('plus') || joined.includes('+')) && addable([...a.measure.parts, cb])) {
      ms.splice(i, 2, { measure: { kind: 'sum', parts: [...a.measure.parts, cb] }, at: a.at, to: b.to });
      i--;
    }
  }
  // The line the arithmetic spells out goes ("total costs (cost of revenues + S&A)"); any other line said stays
  // ("revenue + net income and EPS": EPS too, never dropped unsaid).
  const explicit = ms.filter((m) => m.measure.kind === 'sum' || m.measure.kind === 'ratio');
  const spelledOut = (m: Slots['measures'][number]) => explicit.some((e) => m.to <= e.at && /^[\s(:=]*$|^\s*(?:is|are|i\.?e\.?|meaning)\s*[(:]?\s*$/i.test(gap(m, e)));
  if (explicit.length > 0) slots.measures = ms.filter((m) => explicit.includes(m) || !spelledOut(m));
}

/**
 * Words that qualify a neighbouring metric rather than name one: "basic and diluted shares" (both
 * share counts), "basic weighted average shares", "per share loss to common" (EPS alone), "EPS
 * excluding the accretion credit" (the credit is what is left out, not asked for).
 */
function settleQualifiers(slots: Slots, spans: readonly Span[], text: string): void {
  const ms = slots.measures;
  const word = (m: Slots['measures'][number]) => (m.to - m.at === 1 ? slots.tokens[m.at]?.word : undefined);
  const qualifier = (m: Slots['measures'][number]) => word(m) === 'basic' || word(m) === 'diluted';
  const trailing: Array<Slots['measures'][number]> = [];
  for (let i = 0; i < ms.length; i++) {
    const m = ms[i] as Slots['measures'][number];
    const kind = word(m);
    if (kind !== 'basic' && kind !== 'diluted') continue;
    // The family is the one of the next metric: "basic and diluted shares", "basic weighted average shares".
    const next = ms.slice(i + 1).find((n) => !qualifier(n) && familyOf(conceptOf(n.measure)));
    const family = next && familyOf(conceptOf(next.measure));
    if (!family || !next) {
      trailing.push(m);
      continue;
    }
    ms[i] = { ...m, measure: { kind: 'concept', concept: family[kind] } };
    const joined = slots.tokens.slice(m.to, next.at).map((t) => t.word);
    const nextConcept = conceptOf(next.measure);
    // "basic weighted average shares": one metric, said in two parts.
    if (joined.length === 0 && nextConcept && nextConcept !== family.basic && nextConcept !== family.diluted) ms.splice(ms.indexOf(next), 1);
  }
  // Said after the metric ("weighted average shares basic and diluted", "EPS, diluted", "diluted shares in
  // Q4 2003 and how many basic"): the metric's family too. Only "and", words of asking and periods come between.
  const between = (k: number) => slots.tokens[k]?.word === 'and' || FILLERS.has(slots.tokens[k]?.word ?? '') || inPeriodAt(spans, k);
  for (const m of trailing) {
    const i = ms.indexOf(m);
    const before = ms.slice(0, i).reverse().find((b) => familyOf(conceptOf(b.measure)));
    const family = before && familyOf(conceptOf(before.measure));
    const kind = word(m) as 'basic' | 'diluted';
    if (!family || !before || !Array.from({ length: m.at - before.to }, (_, k) => before.to + k).every(between)) continue;
    ms[i] = { ...m, measure: { kind: 'concept', concept: family[kind] } };
    const beforeConcept = conceptOf(before.measure);
    if (beforeConcept !== family.basic && beforeConcept !== family.diluted) ms.splice(ms.indexOf(before), 1);
  }
  for (let i = 0; i + 1 < ms.length; i++) {
    const [a, b] = [ms[i], ms[i + 1]] as [Slots['measures'][number], Slots['measures'][number]];
    if (b.at !== a.to) continue;
    const perShare = (m: typeof a) => conceptOf(m.measure) === 'eps_basic_and_diluted' && slots.tokens[m.at]?.word === 'per';
    const earnings = (m: typeof a) => ['net_income', 'net_income_to_common'].includes(conceptOf(m.measure) ?? '');
    if ((perShare(a) && earnings(b)) || (earnings(a) && perShare(b))) {
      ms.splice(perShare(a) ? i + 1 : i, 1);
      i--;
    }
  }
  // "SG&A margin": that line over revenue.
  for (const [i, m] of ms.entries()) {
    const c = conceptOf(m.measure);
    const margin = spans.find((sp) => sp.from === m.to && sp.value.kind === 'ambiguous' && /^margins?$/.test(sp.value.phrase));
    if (!c || !margin || c === 'revenue' || conceptInfo(c).measure !== 'flow') continue;
    ms[i] = { measure: { kind: 'ratio', numerator: c, denominator: 'revenue' }, at: m.at, to: margin.to };
    slots.ambiguous = slots.ambiguous.filter((a) => !/^margins?$/.test(a.phrase));
  }
  slots.compound = slots.ambiguous.length > 0 && spans.some((sp) => sp.value.kind === 'ambiguous' && ms.some((m) => sp.from === m.to || sp.to === m.at));
  // What "excluding" leaves out: the metrics said right after it, one after the other ("excluding the preferred stock accretion").
  const excluded = new Set<Slots['measures'][number]>();
  for (const cue of spans.filter((sp) => sp.value.kind === 'cue' && sp.value.cues.includes('leaving_out'))) {
    let at = slots.tokens[cue.to]?.word === 'the' ? cue.to + 1 : cue.to;
    // One after the other: nothing but a space between ("D&A (cost of revenues plus S&A)" leaves D&A out alone).
    const next = (first: boolean) => ms.find((n) => n.at === at && (first || text.slice(slots.tokens[at - 1]?.end ?? 0, slots.tokens[at]?.start ?? 0).trim() === ''));
    for (let m = next(true); m; m = next(false)) {
      excluded.add(m);
      at = m.to;
    }
  }
  // "Not revenue, EBITDA": a metric said with "not" before it is not asked for.
  const negated = (m: Slots['measures'][number]) => slots.tokens[m.at - 1]?.word === 'not';
  if (ms.length > 1) slots.measures = ms.filter((m) => !negated(m) && !excluded.has(m));
  // Said back when nothing else is asked ("not diluted EPS"), or beside the line it is part of ("EPS, not diluted": never
  // the diluted figure EPS is shown as, nor a basic one guessed); "basic, not diluted EPS" names what is wanted.
  const family = (m: Slots['measures'][number]) => familyOf(conceptOf(m.measure));
  const whole = (m: Slots['measures'][number]) => conceptOf(m.measure)?.endsWith('_basic_and_diluted') ?? false;
  const unread = ms.find((m) => negated(m) && (ms.length === 1 || slots.measures.some((k) => whole(k) && family(k) === family(m))));
  if (unread) slots.negated ??= text.slice(slots.tokens[unread.at - 1]?.start ?? 0, slots.tokens[unread.to - 1]?.end ?? 0);
  const left = [...excluded];
  // "excluding the accretion credit", "excluding the restructuring charge": an item ("credit", "charge" in or right
  // after the words), left out as items are, not a line.
  const [from, to] = [left[0]?.at ?? 0, (left[left.length - 1]?.to ?? 0) + 1];
  const item = slots.tokens.slice(from, to).some((t) => LEFT_OUT_ITEMS.has(t.word));
  if (left.length === 0) return;
  const [first, last] = [left[0], left[left.length - 1]] as [Slots['measures'][number], Slots['measures'][number]];
  const words = text.slice(slots.tokens[first.at]?.start ?? 0, slots.tokens[last.to - 1]?.end ?? 0);
  slots.linesLeftOut = { words, measures: left.map((m) => m.measure), at: first.at, to: last.to, item, alone: ms.length === left.length };
}
