/**
 * A question's spotted spans (spot.ts) read as slots: measures, periods, cues, people, roles, companies, and the
 * words nobody explained. The periods are settled (settle-periods.ts) and the measures combined (combine-measures.ts)
 * before the question reader (read-question.ts) proposes what is asked.
 */
import { conceptInfo } from '../../knowledge/concepts.ts';
import type { Snapshot } from '../../knowledge/snapshot.ts';
import { escapeRegExp } from '../../knowledge/text.ts';
import { monthsSaid } from '../period-groups.ts';
import type { PeriodQuery } from '../../knowledge/period-grammar.ts';
import type { CallField, ContactField, Measure, ProfileField, Question } from './question.ts';
import { movedFrom, movedWithoutYear, yearOf } from './period-shift.ts';
import { bookFor } from './companies.ts';
import { FILLERS, spot, type Span, type Token } from './spot.ts';
import { COMPANY_WORDS, CUES, isRatio, termMeasure, type Cue } from './vocabulary.ts';
import { type RevenueWord, amountOfMargin, conceptOf, isBalance, percentOfLine } from './measure-forms.ts';
import { AMOUNT_WORDS, CASH_FLOW_WORDS, CAUSE_AFTER, CHANGE_CUES, COMPARATIVES, EXCHANGE_WORDS, LEFT_OUT_ITEMS, NOT_THEN, PAIR_WORDS, PERCENT_WORDS, RATIO_WORDS, SHARE_OF, SHARE_WORDS, asksShare, spanCues, whichWeighs } from './cue-words.ts';
import { settlePeriods } from './settle-periods.ts';
import { combineMeasures } from './combine-measures.ts';

/**
 * How a period said is joined to the next: "and" ("Q4 and full year"), a comma alone ("Q3 and nine months, fiscal 2024"),
 * a range word ("Q1 through Q4"), a comparison ("Q4 2003 vs Q3 2003"), or nothing ("Q3 year to date 2003").
 */
export type Join = 'list' | 'comma' | 'range' | 'versus' | 'next';

export interface Slots {
  tokens: Token[];
  measures: Array<{ measure: Measure; at: number; to: number }>;
  /** Words naming several figures ("income", "costs"), at tokens `at` to `to`. */
  ambiguous: Array<{ phrase: string; choices: string[]; at: number; to: number }>;
  periods: PeriodQuery[];
  releases: PeriodQuery[];
  cues: Set<Cue>;
  roles: string[];
  people: string[];
  /** The words that named them, a first name the releases never print included ("Ivan Seidenberg"). */
  personWords: string[];
  profile?: ProfileField;
  callFields: CallField[];
  contactFields: ContactField[];
  /** The company the question names (its key), if it names one, and every company it names. */
  company?: string;
  companies: string[];
  /** Which tokens name a company ("Infocrossing", "Sears, Roebuck"), and which ask rather than say what ("as per the release"). */
  companyTokens: Set<number>;
  fillerTokens: Set<number>;
  /** Which tokens a span read (a metric, a period, a cue): a word left is alone. */
  spanned: Set<number>;
  unexplained: string[];
  /** Unexplained words written as names ("SMS", "AmQUEST", "EDS"): what an answer from the text must mention. */
  names: string[];
  /** Describing words, for searching the text: everything but fillers and periods. */
  topic: string[];
  /** The words of the periods said, which a quote may contain ("the fourth quarter"). */
  periodWords: string[];
  /** A word naming several metrics said against a metric ("cash earnings", "cash income"): a kind of it no table prints. */
  compound: boolean;
  /** Where a phrase of two words or more saying "as a share of" ends: a metric there is what another is divided by. */
  shareOfEnds: number[];
  /** Where each "vs", "compared with" is said: between two metrics, it sets them side by side. */
  compareAt: number[];
  /** The first period is said after "vs", "than", "compared to": what another period is compared with, not the one asked about. */
  comparandFirst: boolean;
  /** A "+" or "plus" between two periods ("Q1 2003 + Q2 2003"): their figures added, not compared. */
  plusBetweenPeriods: boolean;
  /** A part of a year said with "last year" ("Q3 of last year"): of the latest year, or a year before it? Asked back. */
  quarterOfLastYear?: boolean;
  /** The tokens a question mark or a full stop comes just before ("revenue? what about EBITDA"): where a second question may start. */
  afterBreak: Set<number>;
  /**
   * How a period said is joined to the next one said: listed with it ("Q4 and full year 2003") or the start of a range
   * ("Q1 2003 through Q4 2003", "q1-q3 2003": every quarter between them). Kept with the period as years are settled.
   */
  joins: Map<PeriodQuery, Join>;
  /** Periods a line and an "and" are said after, before the next period ("Q3 2024 net sales and YTD net income"). */
  lineAfter: Set<PeriodQuery>;
  /** Periods said in pairs set against each other ("Q4 2003 vs Q3 2003 and FY 2003 vs FY 2002"): the first of each pair, then the second. */
  pairsSaid?: boolean;
  /**
   * An amount said for itself ("10% of revenue", "revenue over $14 million"): a question about it, which
   * no figure answers as such. Not an amount naming what is left out ("excluding the $2.8M credit").
   */
  amountSaid: boolean;
  /** A period said as left out ("2002 EBITDA without the first quarter"): periods are not subtracted, and it is said so. */
  periodLeftOut?: string;
  /** Quarters said from a period they do not move ("a quarter before year-end 2003"), as said: answered with no period in their place. */
  unmoved?: string;
  /** A count of what was asked before ("all three", "those two quarters"), as said: the periods or lines asked, if there were that many. */
  counted?: { said: string; count: number; of?: 'periods' | 'lines' };
  /** Periods said as one from no period said with them ("the two quarters before"), as said: from the period asked before, if any. */
  eachAlone?: { said: string; query: Extract<PeriodQuery, { kind: 'relative' }> };
  /**
   * Lines said as left out ("net income excluding the preferred stock accretion"), at tokens `at` to `to`: lines are not
   * subtracted, and it is said so. `item`: the words name an item ("charge", "credit"), left out as items are, not a line.
   * `alone`: every metric said is one left out ("excluding the restructuring charge?"), of the figure asked before.
   */
  linesLeftOut?: { words: string; measures: Measure[]; at: number; to: number; item: boolean; alone: boolean };
  /** A line said less another that no formula of the vocabulary subtracts ("operating income minus interest"): said so. */
  linesSubtracted?: [Measure, Measure];
  /** A sum of lines said as a share of another, or another as a share of one ("R&D plus SG&A as % of revenue"): a ratio the reader does not build, said so. */
  sumShared?: Measure[];
  /** Revenue said less a line, read as the formula of the two ("revenue minus cost of sales": gross profit), in its words. */
  revenueLess?: RevenueWord;
  /** Revenue a line is set against ("cost of sales as a percent of sales"), in its words. */
  revenueOver?: RevenueWord;
  /** What a question says it is not ("not diluted", "not Q4 2003", "not adjusted"): never read as if asked for, and it is said so. */
  negated?: string;
  /** A line asked as a percent that has none and is a share of no whole ("total assets as a percent", "EPS in %"), in its words. */
  percentOfNothing?: string;
  /** One period's share of another of the same line, and how its two periods are said (`PeriodShare`). */
  periodShare?: PeriodShare;
}

/** A question all in capitals: its capitals tell no names. */
const shouted = (text: string) => !/[a-z]/.test(text);
/** Most words capitalised ("What Was Revenue In Q4 2003?"): a capital then names nothing; capitals past the first letter still do ("SMS"). */
function titled(text: string): boolean {
  const words = text.match(/[A-Za-z]{2,}/g) ?? [];
  return words.length >= 3 && words.filter((w) => /^[A-Z]/.test(w)).length >= 0.7 * words.length;
}

/** A word written as a name: capitals past the first letter ("SMS", "AmQUEST"), or capitalised mid-sentence. */
function isName(raw: string, clauseStart: boolean): boolean {
  return /^[A-Za-z]/.test(raw) && (/^.+[A-Z]/.test(raw) || (!clauseStart && /^[A-Z]/.test(raw)));
}

/**
 * Whether token `i` begins what is asked, where a capital says nothing: the text's first word, the
 * first after the company's name ("IFOX After Q2 2003, ..."), or after a stop, a colon, a dash, a quote
 * or a list's mark ("> After Q2 2003", "• After …").
 */
function startsClause(text: string, tokens: readonly Token[], spans: readonly Span[], i: number): boolean {
  const token = tokens[i] as Token;
  if (/(?:^|[.!?:;\u2013\u2014\->*•#("“'‘])\s*$/.test(text.slice(0, token.start))) return true;
  return spans.some((sp) => sp.value.kind === 'company' && sp.from === 0 && sp.to === i);
}

/** Text ending in "vs", "than", "compared to" (and "in", "the" after them): what follows is compared with. */
const COMPARAND = new RegExp(`(?:^|[^a-z])(?:${CUES.comparand.map(escapeRegExp).join('|')})(?:\\s+(?:in|the|for|of|during|at|last|end))*[\\s,]*$`, 'i');

/** Cues that say how to answer, not what about: left out of the words searched for. */
const ASKING_CUES: ReadonlySet<Cue> = new Set(['results', 'quote', 'release', 'latest', 'both', 'help', 'sources', 'contact', 'contact_list', 'define', 'headline']);

/** A period said as "the Q1 release" / "the August 2003 release" names a release, not a period of figures. */
function isReleaseRef(spans: readonly Span[], i: number): boolean {
  const next = spans[i + 1];
  return next !== undefined && next.from - (spans[i] as Span).to <= 1 && spanCues(next).includes('release');
}

/** Whether a span is said as left out: right after "excluding", "without", "ex" (and a "the"); not after "adjusted" (an adjective). */
function saidLeftOut(spans: readonly Span[], tokens: readonly Token[], s: Span): boolean {
  return spans.some((sp) => spanCues(sp).includes('leaving_out') && (sp.to === s.from || (sp.to === s.from - 1 && tokens[sp.to]?.word === 'the')));
}

/** Cues "not" undoes: what is left is the figure as reported, each period, a year earlier, the period said ("not adjusted", "not combined", "not each quarter"). */
const DROPPED_BY_NOT = new Set<Cue>(['excluding', 'leaving_out', 'one_time', 'combined', 'sequential', 'trend']);
/** Cues "not" turns into an opposite the reader does not follow ("not as reported"): said back. */
const UNREAD_AFTER_NOT = new Set<Cue>(['reported']);

/**
 * Whether the words between a metric and token `k` say where it came from, periods said between aside ("revenue from",
 * "net income in 2003 came from a").
 */
function cameFrom(spans: readonly Span[], tokens: readonly Token[], metric: Span, k: number): boolean {
  const inPeriod = (t: number) => spans.some((sp) => sp.value.kind === 'period' && sp.from <= t && t < sp.to);
  const between = tokens.slice(metric.to, k).filter((_, j) => !inPeriod(metric.to + j)).map((t) => t.word);
  return /^(?:(?:in|for|during|of) )?(?:(?:was|is|were|are|came|comes|come) )?from(?: the| an?)?$/.test(between.join(' '));
}

/** `previous`: the question before, whose company's own words for its lines count when the text names none. */
export function slotsOf(text: string, snapshot: Snapshot, previous?: Question): Slots {
  const { tokens, spans, unexplained } = spot(text, snapshot);
  /** The words of tokens `from` to `to` (end exclusive), as typed. */
  const asTyped = (from: number, to: number) => text.slice(tokens[from]?.start ?? 0, tokens[to - 1]?.end ?? 0);
  const titleCase = titled(text);
  const slots: Slots = {
    tokens, measures: [], ambiguous: [], periods: [], releases: [], cues: new Set(), roles: [], people: [], personWords: [], callFields: [], contactFields: [],
    companies: [], companyTokens: new Set(), fillerTokens: new Set(), spanned: new Set(), unexplained: unexplained.map((t) => t.word), names: shouted(text) ? [] : unexplained.filter((t) => isName(text.slice(t.start, t.end), titleCase || startsClause(text, tokens, spans, tokens.indexOf(t)))).map((t) => t.word), topic: [], periodWords: [],
    compound: false,
    shareOfEnds: [],
    compareAt: [],
    comparandFirst: false,
    plusBetweenPeriods: false,
    joins: new Map(),
    lineAfter: new Set(),
    amountSaid: false,
    afterBreak: new Set(tokens.flatMap((t, i) => (i > 0 && /[?.!;]/.test(text.slice(tokens[i - 1]?.end ?? 0, t.start)) ? [i] : []))),
  };
  const negatedSpans: Array<{ kind: 'period' | 'company'; said: string }> = [];
  // Where each period said starts, in the order of `slots.periods`.
  const periodAt: number[] = [];
  // "The quarter before Q4 2003", "2 quarters after Q1 2003", "the year before 2003", also after another question, beside
  // another period ("Q2 2003 vs the quarter before Q4 2003") or another such ("the quarter after Q2 2003 vs the quarter
  // before Q2 2003"): moved from the period said right after it, that one period (it moved from the period asked before or
  // the first said, and set them against each other). Two alone with a change asked ("how did revenue the quarter before
  // Q4 2003 compare?") are compared; a period with no year ("the quarter before Q4") says from where only in the conversation.
  const saidSpans = spans.filter((sp) => sp.value.kind === 'period');
  const changeAsked = spans.some((sp) => spanCues(sp).some((c) => (CHANGE_CUES as readonly Cue[]).includes(c)));
  /** A relative period's span, and the span of the period it is moved from. */
  const boundTo = new Map<number, number>();
  spans.forEach((sp, i) => {
    // The next period said, with at most "to" and "the" between ("the quarter prior to Q2 2003", "the quarter before the
    // fourth quarter"), however those words are read.
    const at = spans.findIndex((next, k) => k > i && next.value.kind === 'period');
    const next = spans[at];
    if (sp.value.kind !== 'period' || sp.value.query.kind !== 'relative' || next?.value.kind !== 'period' || next.value.query.kind === 'relative') return;
    const between = tokens.slice(sp.to, next.from).map((t) => t.word);
    if (between.some((w) => w !== 'to' && w !== 'the') || (changeAsked && saidSpans.length === 2)) return;
    if (!movedFromNext(next.value.query, sp.value.query)) {
      // Never the relative alone in its place (from the latest: "two quarters before year-end 2002" gave June 30, 2003).
      if (yearOf(next.value.query) !== undefined) slots.unmoved ??= asTyped(sp.from, next.to);
      return;
    }
    boundTo.set(i, at);
  });
  /** The span of the period each bound one is moved from, and the relative span that moves it. */
  const movedBy = new Map([...boundTo].map(([relative, base]) => [base, relative]));
  // The period a moved one was moved from, whose joins it takes.
  const movedFromSaid = new Map<PeriodQuery, PeriodQuery>();
  // The periods said as one ("the two quarters before"), each listed with the next; the last joined as the words were.
  const listedAsOne: PeriodQuery[][] = [];
  // Words of a one-time item ("the credit"), which only leaving it out or asking why reads: otherwise words to search.
  const oneTimeWords: string[] = [];
  // Items' words said as where a metric came from, searched though a filler elsewhere ("from a charge").
  const itemWords = new Set<string>();
  spans.forEach((s, i) => {
    const v = s.value;
    const words = tokens.slice(s.from, s.to).map((t) => t.word);
    // "Not" before a period or a company: never read as asked for. Beside another of its kind ("Q4 2003 (not 2002)") it
    // is only left out; alone it is said back (below). "Not adjusted", "not non-GAAP": as reported, the cue dropped.
    // "Not the first half", "not in the first quarter": a word or two between still say it is not that one.
    let notAt = s.from - 1;
    while (notAt >= s.from - 3 && NOT_THEN.has(tokens[notAt]?.word ?? '')) notAt--;
    if (tokens[notAt]?.word !== 'not') notAt = -1;
    if (notAt >= 0) {
      const notSaid = asTyped(notAt, s.to);
      // A company said as not meant ("not apple, buckle") is a correction's words, not the question's.
      if (v.kind === 'company') for (let t = notAt; t < s.to; t++) slots.fillerTokens.add(t);
      if (v.kind === 'period' || v.kind === 'company') return negatedSpans.push({ kind: v.kind, said: notSaid });
      if (v.kind === 'cue' && v.cues.some((c) => DROPPED_BY_NOT.has(c))) return;
      // "Not as reported", "not GAAP": an adjusted figure the reader does not compute; "did they not report" is a verb.
      if (v.kind === 'cue' && v.cues.some((c) => UNREAD_AFTER_NOT.has(c)) && words.some((w) => w === 'as' || w === 'gaap')) slots.negated ??= notSaid;
    }
    for (let t = s.from; t < s.to; t++) slots.spanned.add(t);
    // A cause said before any metric is the asker's own reason, words of no question ("asking because my boss wants to know").
    if (v.kind === 'cue' && slots.measures.length === 0 && CAUSE_AFTER.has(words.join(' '))) {
      for (let t = s.from; t < s.to; t++) slots.fillerTokens.add(t);
      return;
    }
    if (v.kind === 'filler') for (let t = s.from; t < s.to; t++) slots.fillerTokens.add(t);
    if (v.kind === 'period') slots.periodWords.push(...words);
    // A company's name is who, not what: never a word the text must hold ("Infocrossing, Inc.").
    else if (v.kind !== 'filler' && v.kind !== 'company' && v.kind !== 'counted' && !(v.kind === 'cue' && v.cues.every((c) => ASKING_CUES.has(c)))) slots.topic.push(...words);
    switch (v.kind) {
      case 'period': {
        // Said as left out: the period of an item ("excluding the Q1 credit", "the 2002 licensor credit") is no period
        // asked; a period alone ("without the first quarter") is one taken out of another, which is said back.
        const item = spans.some((sp) => sp.from === s.to && spanCues(sp).includes('unusual')) || tokens.slice(s.to, s.to + 3).some((t) => LEFT_OUT_ITEMS.has(t.word));
        const leftOut = saidLeftOut(spans, tokens, s);
        if (leftOut && !item) slots.periodLeftOut ??= asTyped(s.from, s.to);
        else if (!leftOut && isReleaseRef(spans, i)) slots.releases.push(v.query);
        else if (!leftOut && boundTo.has(i)) {
          // "The quarter before Q4 2003": read with the period after it, below.
        } else if (!leftOut) {
          const by = movedBy.get(i);
          const relative = by !== undefined ? spans[by] : undefined;
          const shift = relative?.value.kind === 'period' ? relative.value.query : undefined;
          // "The two quarters before Q4 2003", "the two quarters before?": each of them, as if listed.
          const each = eachOf(shift ?? v.query);
          const moves = each ? (shift ? each.map((step) => movedFromNext(v.query, step) ?? v.query) : each) : [shift ? movedFromNext(v.query, shift) ?? v.query : v.query];
          for (const moved of moves) {
            if (moved !== v.query) movedFromSaid.set(moved, v.query);
            slots.periods.push(moved);
            periodAt.push(relative?.from ?? s.from);
          }
          if (moves.length > 1) listedAsOne.push(moves);
          if (each && !shift && v.query.kind === 'relative') slots.eachAlone ??= { said: asTyped(s.from, s.to), query: v.query };
        }
        break;
      }
      case 'measure': {
        slots.measures.push({ measure: v.measure, at: s.from, to: s.to });
        // An item's word with no span of its own said as where the metric came from ("net income was from a charge"):
        // a part the statements do not give, unexplained, never the whole metric.
        const next = spans.slice(i + 1).find((sp) => sp.value.kind !== 'period')?.from ?? tokens.length;
        const item = tokens.findIndex((t, k) => k > s.to && k < next && LEFT_OUT_ITEMS.has(t.word) && !spans.some((sp) => sp.from <= k && k < sp.to) && cameFrom(spans, tokens, s, k));
        const itemWord = tokens[item]?.word;
        if (itemWord) {
          slots.unexplained.push(itemWord);
          slots.topic.push(itemWord);
          itemWords.add(itemWord);
        }
        break;
      }
      case 'ambiguous':
        slots.ambiguous.push({ phrase: v.phrase, choices: v.choices, at: s.from, to: s.to });
        break;
      case 'cue':
        // An item's word said just before a metric, not as left out ("Sears credit revenues"), names a part of that
        // metric the statements do not give: read as unexplained words, never as the whole metric.
        // So is one said as where a metric came from ("Sears revenue from credit"), never dropped for the whole metric.
        const metric = spans.slice(0, i).reverse().find((sp) => sp.value.kind !== 'period');
        const from = metric?.value.kind === 'measure' && cameFrom(spans, tokens, metric, s.from);
        if (v.cues.includes('one_time') && ((spans[i + 1]?.from === s.to && spans[i + 1]?.value.kind === 'measure') || from) && !saidLeftOut(spans, tokens, s)) {
          slots.unexplained.push(...words);
          break;
        }
        if (v.cues.includes('one_time')) oneTimeWords.push(...words);
        for (const c of v.cues) slots.cues.add(c);
        if (v.cues.includes('ratio_of') && s.to - s.from >= 2) slots.shareOfEnds.push(s.to);
        if (v.cues.includes('compare')) slots.compareAt.push(s.from);
        break;
      case 'role':
        // "My boss", "my CFO": the asker's, never the company's officer.
        if (tokens[s.from - 1]?.word === 'my') for (let t = s.from - 1; t < s.to; t++) slots.fillerTokens.add(t);
        else slots.roles.push(v.role);
        break;
      case 'person':
        slots.people.push(v.name);
        slots.personWords.push(...words);
        break;
      case 'profile':
        slots.profile ??= v.field;
        break;
      case 'callField':
        slots.callFields.push(v.field);
        break;
      case 'contactField':
        slots.contactFields.push(v.field);
        break;
      case 'company':
        slots.company ??= v.company;
        if (!slots.companies.includes(v.company)) slots.companies.push(v.company);
        for (let t = s.from; t < s.to; t++) slots.companyTokens.add(t);
        break;
      case 'amount': {
        if (!saidLeftOut(spans, tokens, s)) slots.amountSaid = true;
        break;
      }
      case 'unprinted':
        slots.unexplained.push(v.phrase);
        break;
      case 'counted':
        slots.counted ??= { said: asTyped(s.from, s.to), count: v.count, ...(v.of ? { of: v.of } : {}) };
        break;
    }
  });
  for (const n of negatedSpans) if ((n.kind === 'period' ? slots.periods.length + slots.releases.length : slots.companies.length) === 0) slots.negated ??= n.said;
  // "And the credit?" after a figure: what the text says of the credit, never the figure again with the words dropped.
  if (oneTimeWords.length > 0 && !(['excluding', 'leaving_out', 'why', 'unusual'] as const).some((c) => slots.cues.has(c))) {
    slots.unexplained.push(...oneTimeWords.filter((w) => !FILLERS.has(w)));
    slots.cues.delete('one_time');
  }
  // "Net change in cash", "net increase EBITDA": "net" said just before a change, with a line named after it, is of the
  // change, never net income too ("net change" alone is net income's).
  const changeAt = new Set(spans.filter((sp) => spanCues(sp).includes('change')).map((sp) => sp.from));
  slots.measures = slots.measures.filter((m) => !(m.to - m.at === 1 && tokens[m.at]?.word === 'net' && changeAt.has(m.to) && slots.measures.some((other) => other.at > m.to)));
  for (const t of unexplained) if (!slots.topic.includes(t.word)) slots.topic.push(t.word);
  slots.topic = [...new Set(slots.topic.filter((w) => w.length > 1 && (!FILLERS.has(w) || itemWords.has(w))))];
  const firstPeriod = spans.find((sp, i) => sp.value.kind === 'period' && !isReleaseRef(spans, i));
  slots.comparandFirst = firstPeriod !== undefined && COMPARAND.test(text.slice(0, tokens[firstPeriod.from]?.start ?? 0));
  const periodSpans = spans.filter((sp) => sp.value.kind === 'period');
  slots.plusBetweenPeriods = periodSpans.some((a, i) => {
    const b = periodSpans[i + 1];
    return b !== undefined && tokens.slice(a.to, b.from).some((t) => t.word === '+' || t.word === 'plus');
  });
  periodSpans.forEach((a, k) => {
    const b = periodSpans[k + 1];
    if (!b || a.value.kind !== 'period') return;
    const between = text.slice(tokens[a.to - 1]?.end ?? 0, tokens[b.from]?.start ?? 0).trim();
    // A period said with its "and" ("Q4 and the year") is listed after the one before it; "the" before a year alone is of
    // its total ("and the 2002 total").
    // "And in", "and for" ("revenue in 2003 and in Q4") list as "and" does.
    const listing = b.value.kind === 'period' && b.value.query.kind === 'year' ? /^,?\s*(?:and|&)(?: (?:in|for|during|at|as of))?$/i : /^,?\s*(?:and|&)(?: (?:in|for|during|at|as of))?(?: the)?$/i;
    const listed = listing.test(between) || ((between === '' || between === ',') && tokens[b.from]?.word === 'and');
    const join = /^(?:through|thru|to|until|till|-|–|—)$/i.test(between) ? 'range' : listed ? 'list' : between === ',' ? 'comma' : between === '' ? 'next'
      : /^(?:vs\.?|versus|v\.?|against|compared (?:with|to))(?: the)?$/i.test(between) ? 'versus' : undefined;
    if (join) slots.joins.set(a.value.query, join);
    for (const [moved, from] of movedFromSaid) if (from === a.value.query && join) slots.joins.set(moved, join);
    // "Q3 2024 net sales and YTD net income": a line and an "and" between, each period its line's; "Q3 2003 net income year
    // to date" is one period.
    if (spans.some((sp) => sp.value.kind === 'measure' && sp.from >= a.to && sp.to <= b.from) && tokens.slice(a.to, b.from).some((t) => t.word === 'and')) slots.lineAfter.add(a.value.query);
  });
  for (const periods of listedAsOne) for (const p of periods.slice(0, -1)) slots.joins.set(p, 'list');
  // Figures "per the Q1 release", "in the q2 release": the period that release reports, when no other is said.
  if (slots.measures.length > 0 && slots.periods.length === 0) slots.periods.push(...slots.releases);
  // The company's own words for its lines, before any arithmetic on them: Caterpillar's "operating costs" are its total
  // operating costs, not its cost of goods sold; in a follow-up ("and opex?" after Apple's R&D) the conversation's company's.
  const ownCompany = slots.company ?? previous?.company ?? bookFor(snapshot, undefined)?.company.key;
  const own = ownCompany ? COMPANY_WORDS.phrases[ownCompany] : undefined;
  if (own) slots.measures = slots.measures.map((m) => {
    const term = own[tokens.slice(m.at, m.to).map((t) => t.word).join(' ')];
    return term ? { ...m, measure: termMeasure(term) } : m;
  });
  slots.periodShare = periodShareAsked(slots, periodAt);
  if (slots.periodShare) slots.unexplained = slots.unexplained.filter((w) => !SHARE_OF.has(w));
  settlePeriods(slots);
  // "Revenue for the quarter of 2003", "the quarter in fiscal 2003": which quarter not said, each quarter of that year, its
  // only period (it gave the year, "quarter" dropped: review 53); never with a change or another period asked.
  const quarterOfYear = tokens.some((t, i) => t.word === 'the' && /^quarters?$/.test(tokens[i + 1]?.word ?? '') && ['of', 'in'].includes(tokens[i + 2]?.word ?? '')
    && /^(?:(?:19|20)\d{2}|fiscal|fy\d*)$/.test(tokens[i + 3]?.word ?? ''));
  const [onlyPeriod] = slots.periods;
  const wholeYear = slots.periods.length === 1 && (onlyPeriod?.kind === 'year' || (onlyPeriod?.kind === 'span' && onlyPeriod.months === 12 && onlyPeriod.year !== undefined));
  if (quarterOfYear && wholeYear && !CHANGE_CUES.some((c) => slots.cues.has(c))) slots.cues.add('trend');
  combineMeasures(slots, spans, text);
  // "How many shares were outstanding at the end of the quarter?", "shares at December 31, 2000": the count then, never the
  // weighted average over a period, unless said to be one ("on average", "weighted average shares").
  const atDate = slots.periods.some((p) => p.kind === 'date' || p.kind === 'yearEnd' || p.kind === 'monthEnd');
  const averageSaid = tokens.some((t) => CUES.shares_average_words.includes(t.word));
  const countSaid = (atDate || tokens.some((t) => CUES.shares_counted_words.includes(t.word))) && !averageSaid;
  if (countSaid) slots.measures = slots.measures.map((m) => (conceptOf(m.measure) === 'shares_basic_and_diluted' ? { ...m, measure: { kind: 'concept', concept: 'shares_outstanding' } } : m));
  // "Gross margin in dollars", "dollar operating margin": the amount a margin is of, its numerator line (Apple prints its
  // gross profit as "Gross margin"), never the percentage with the words dropped. Both said of it ("in dollars and
  // percent"): the margin, which shows its amount beside it.
  const near = (m: { at: number; to: number }, words: ReadonlySet<string>, from: number, to: number) => tokens.slice(Math.max(0, m.at + from), m.to + to).some((t) => words.has(t.word));
  const alone = slots.measures.length === 1;
  const changeSaid = slots.cues.has('change') || slots.cues.has('growth');
  // "Net income 1993 vs 1992 percent", "EBITDA 2003 over 2002 in %", "2002 to 2003": periods set against each other, the
  // change in percent, never a margin against another. Listed ("gross profit as a percent, Q3 2004 and Q3 2003"): each
  // period's margin (review 54).
  const listed = slots.periods.slice(0, -1).every((p) => ['list', 'comma'].includes(slots.joins.get(p) ?? ''));
  // "As a percent of operating income?": a share of the line said, never that line's margin (it gave the operating margin
  // for net income over operating income: review 57).
  const percentOf = tokens.some((t, i) => (PERCENT_WORDS.has(t.word) || t.word === '%') && tokens[i + 1]?.word === 'of');
  const compared = changeSaid || (['compare', 'difference', 'sequential', 'year_on_year'] as const).some((c) => slots.cues.has(c)) || (slots.periods.length > 1 && !listed);
  // No period said is one, the latest or the one before: unless the words build on periods set against each other or
  // several ("and SG&A in %?" after a growth is its growth), and are no question of their own (a company named, no "and").
  const onMany = previous?.intent === 'compare' || previous?.intent === 'trend' || (previous?.intent === 'figure' && (previous.periods.length > 1 || previous.rank !== undefined));
  const buildsOnMany = onMany && (!slots.company || slots.cues.has('follow_up'));
  const shareAsked = asksShare(tokens.map((t) => t.word), slots.periods.length === 0 && !buildsOnMany ? 1 : slots.periods.length, compared);
  // "COGS and SG&A as a percent", "EBITDA and net income in %": a percent said after lines listed is each one's, as of one
  // line alone (it showed their amounts, the percent dropped unsaid); one with no percent of its own asks which.
  const lastLine = slots.measures.at(-1);
  const listAsPercent = !alone && lastLine !== undefined && shareAsked && !percentOf && tokens.some((t, k) => k >= lastLine.to && PERCENT_WORDS.has(t.word));
  slots.measures = slots.measures.map((m) => {
    if (listAsPercent && !isRatio(m.measure)) {
      const each = percentOfLine(m.measure, true);
      if (each) return { ...m, measure: each };
      slots.percentOfNothing ??= tokens.slice(m.at, m.to).map((t) => t.word).join(' ');
      return m;
    }
    // Said of it, or anywhere in a question asking for it alone ("gross margin Q3 2004 in dollars").
    const said = (words: ReadonlySet<string>) => (alone ? tokens.some((t) => words.has(t.word)) : near(m, words, -1, 2));
    // A percent asked too keeps the margin, unless it is of a change ("percent change in gross margin dollars", "by what
    // percent did gross margin dollars rise").
    const percent = alone ? !changeSaid && tokens.some((t) => PERCENT_WORDS.has(t.word)) : near(m, PERCENT_WORDS, -1, 4);
    const inAmount = said(AMOUNT_WORDS) && !percent;
    const amount = inAmount && m.measure.kind === 'formula' ? amountOfMargin(m.measure.formula) : undefined;
    // "Gross profit as a percent", "net income in %", "cash as a percent": the line's own percent (its margin, which shows
    // the amount beside it), else its share of the common-size whole, never the amount with the percent dropped.
    const inPercent = alone && percent && !compared && !percentOf ? percentOfLine(m.measure, shareAsked) : undefined;
    // Asked as a share of nothing it has ("EPS in %", "total assets as a percent"): asked back (percentOfWhat), never the
    // amount with the percent dropped.
    if (alone && shareAsked && !percentOf && !inPercent && !amount && !isRatio(m.measure)) slots.percentOfNothing = tokens.slice(m.at, m.to).map((t) => t.word).join(' ');
    return amount ? { ...m, measure: amount } : inPercent ? { ...m, measure: inPercent } : m;
  });
  // "How much cash did they produce?": a word of flow beside cash is read (which flow is asked back), not looked up.
  if (slots.measures.some((m) => m.measure.kind === 'concept' && m.measure.concept === 'cash')) slots.unexplained = slots.unexplained.filter((w) => !CASH_FLOW_WORDS.has(w));
  // "Which year had more EBITDA?": the word that weighs the periods, read with them, not searched for.
  if (whichWeighs(tokens.map((t) => t.word))) slots.unexplained = slots.unexplained.filter((w) => !COMPARATIVES.has(w));
  // "EBITDA to revenue ratio": the word of the ratio asked; "equity ratio" asks for a ratio no line or formula gives.
  if (slots.measures.some((m) => isRatio(m.measure))) slots.unexplained = slots.unexplained.filter((w) => !RATIO_WORDS.has(w));
  // "NYSE: CAT", "nasdaq:AAPL": the exchange said right before a company's ticker is part of its name, not words to search.
  if (tokens.some((t, k) => EXCHANGE_WORDS.has(t.word) && slots.companyTokens.has(k + 1))) {
    const notExchange = (w: string) => !EXCHANGE_WORDS.has(w);
    slots.unexplained = slots.unexplained.filter(notExchange);
    slots.topic = slots.topic.filter(notExchange);
    slots.names = slots.names.filter(notExchange);
  }
  // "Compare the two", "the change between them": words pointing at a pair, read with the comparison, not searched for.
  if ((['compare', 'change', 'difference', 'growth'] as const).some((c) => slots.cues.has(c))) slots.unexplained = slots.unexplained.filter((w) => !PAIR_WORDS.has(w));
  return slots;
}

/**
 * One period's value of a line as a percentage of another's, computed (respond.ts), and how its two periods are said:
 * `ordered`, the first as a share of the second ("Q2 2003 revenue as a percent of Q1 2003 revenue", "FY 2003 revenue / Q4
 * 2003 revenue": as typed, never turned round); `whole first`, the word of a share before both, the first the whole ("what %
 * of 2003 revenue came in Q4?", "what % of Q4 2003 revenue was Q4 2002 revenue?"); `by length`, the shorter of the longer;
 * `ofItsYear`, a part said with its year as the whole ("Q4 2003 revenue as a fraction of the year"); `whole`, the whole
 * year alone, of the part asked before ("and as a share of the full year?" after Q4 2003); `several`, more than two
 * periods ("what % of 2003 revenue came in Q3 and Q4?"), which is asked one part at a time; `compared`, a share set
 * against another period ("what % of 2003 revenue came in Q4 vs 2002?"), asked one share at a time too (it gave the
 * change in Q4's revenue).
 */
export type PeriodShare = 'ordered' | 'whole first' | 'by length' | 'ofItsYear' | 'whole' | 'several' | 'compared';

/**
 * How a share of one period in another is asked, if it is: a word of a share before "of" ("what % of", "as a fraction
 * of"), or "how much of" with a percent said; "/" between two periods of one line. Only of a flow, which adds up over a
 * year: a margin, a rate, a per-share figure or a balance has no share of one period in another ("gross margin percent
 * of Q4 2003 and 2003" is each one's margin). Never the word in a line's own name ("earnings per share of Q4 2003").
 */
function periodShareAsked(slots: Slots, periodAt: readonly number[]): PeriodShare | undefined {
  const { tokens, periods, measures } = slots;
  const inLine = (i: number) => measures.some((m) => m.at <= i && i < m.to) || tokens[i - 1]?.word === 'per';
  const shareOf = tokens.findIndex((t, i) => SHARE_OF.has(t.word) && tokens[i + 1]?.word === 'of' && !inLine(i));
  const howMuchOf = tokens.findIndex((t, i) => t.word === 'how' && tokens[i + 1]?.word === 'much' && tokens[i + 2]?.word === 'of');
  const percentSaid = tokens.some((t, i) => SHARE_WORDS.has(t.word) && !inLine(i));
  const at = shareOf >= 0 ? shareOf : howMuchOf >= 0 && percentSaid ? howMuchOf : -1;
  const slash = periods.length === 2 && periodAt.length === 2 && tokens.some((t, i) => t.word === '/' && i > (periodAt[0] ?? 0) && i < (periodAt[1] ?? 0));
  if (at < 0 && !slash) return undefined;
  // "As a share of the year?", "what share of 2003 net income?", "and as a share of nine months?" after a part: of a longer
  // span, the part asked before (it gave the longer span's amount, the share dropped).
  const ofTheYear = at >= 0 && CUES.share_of_the_year.some((w) => tokens.slice(at + 2, at + 2 + w.split(' ').length).map((t) => t.word).join(' ') === w);
  const [alone] = periods;
  const longerSpan = alone !== undefined && (alone.kind === 'year' || (alone.kind === 'span' && alone.months > 3 && !alone.byDate));
  if (at >= 0 && measures.length <= 1 && ((periods.length === 1 && longerSpan) || (periods.length === 0 && ofTheYear))) return 'whole';
  const lines = new Set(measures.map((m) => JSON.stringify(m.measure)));
  const [line] = measures;
  const flow = line !== undefined && !isRatio(line.measure) && !isBalance(line.measure) && !(line.measure.kind === 'concept' && conceptInfo(line.measure.concept).measure !== 'flow');
  if (lines.size !== 1 || !flow) return undefined;
  if (CHANGE_CUES.some((c) => slots.cues.has(c))) return shareOf >= 0 && periods.length >= 2 ? 'compared' : undefined;
  // "Q4 2003 revenue as a fraction of the year": the year of the part said, not said again.
  if (periods.length === 1 && ofTheYear && ((monthsSaid(periods[0] as PeriodQuery) ?? 12) < 12)) return 'ofItsYear';
  if (periods.length > 2 && at >= 0) return 'several';
  if (periods.length !== 2 || periodAt.length !== 2) return undefined;
  // Said in turn: the one before the word of a share, or before "/", as a share of the one after it.
  const [first, second] = periodAt as [number, number];
  if ((at >= 0 && first < at && at < second) || slash) return 'ordered';
  if (at >= 0 && at < first) return 'whole first';
  const months = periods.map((p) => (p.kind === 'year' ? 12 : monthsSaid(p)));
  return at >= 0 && months.every((m) => m !== undefined) && months[0] !== months[1] ? 'by length' : undefined;
}

/** The periods "the two quarters before" says, the earliest first (two quarters before, then one); none for any other period. */
function eachOf(q: PeriodQuery): PeriodQuery[] | undefined {
  if (q.kind !== 'relative' || !q.each) return undefined;
  const by = q.quarters || q.years;
  const steps = Array.from({ length: Math.abs(by) }, (_, k) => (by < 0 ? by + k : k + 1));
  return steps.map((step): PeriodQuery => (q.quarters ? { kind: 'relative', years: 0, quarters: step } : { kind: 'relative', years: step }));
}

/**
 * A period said right after a relative one, moved by it: by its year, or a part said without one as that part of the latest
 * year moves ("the quarter before Q4": the latest year's Q3; "before Q1": the year before's Q4); none where neither says.
 */
function movedFromNext(base: PeriodQuery, relative: PeriodQuery): PeriodQuery | undefined {
  if (relative.kind !== 'relative') return undefined;
  if (yearOf(base) !== undefined) return movedFrom(base, relative);
  return base.kind === 'span' ? movedWithoutYear(base, relative) : undefined;
}
