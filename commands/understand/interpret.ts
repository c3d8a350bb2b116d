/**
 * A question in words to a typed `Question`, or an honest "which did you mean?" / "not understood".
 *
 * The spotted spans (spot.ts) are read as slots: measures, periods, cues, people, roles. Candidate
 * readings are proposed for the intents the cues and slots allow, each scored by how much of the
 * question it explains; the best is taken, and a question with words nobody explained is never
 * answered with a figure (it goes to the text of the releases instead). A follow-up fills what it
 * leaves out from the previous question of the same conversation.
 */
import { isDeepStrictEqual } from 'node:util';
import { BENEFIT_LINES, CHARGE_OR_CREDIT_LINES, conceptInfo, DEFICIT_LINES, HOLDS, PROFIT_LINES, takenFrom, type Concept } from '../../knowledge/concepts.ts';
import type { Book, Snapshot } from '../../knowledge/snapshot.ts';
import { lastDayOfMonth, monthNumber, parsePeriodId, periodEnd } from '../../knowledge/periods.ts';
import { fiscalPeriodId } from '../../knowledge/fiscal.ts';
import { escapeRegExp } from '../../knowledge/text.ts';
import { monthsSaid } from '../period-groups.ts';
import { canEndLtm, fullYear, impossiblePeriod, ORDINAL, type PeriodQuery, quarterStart, withLtmEnds } from '../../knowledge/period-grammar.ts';
import type { CallField, ContactField, DisplayUnit, Measure, ProfileField, Question, Rank, Reading } from './question.ts';
import { balanceAnchorOf, balanceDateOf, calendarSpan, fiscalEnd, movedByDates, movedFrom, movedWithoutYear, nthLike, quarterBeside, quartersOf, samePart, shiftQuarters, shiftYears, withYear, yearOf } from './period-shift.ts';
import { sharedHeadsWrittenOut } from './shared-heads.ts';
import { writtenOut } from './shorthand.ts';
import { wordsPattern } from './phrases.ts';
import { amountAlone, claimIn, thresholdIn } from './threshold.ts';
import { bookFor, companyLabel, MAX_COMPANY_CHOICES } from './companies.ts';
import { periodIdOf } from './resolve.ts';
import { correctedParts, type Part } from './corrections.ts';
import { editDistance, FILLERS, lexiconOf, spot, tokenize, type Span, type Token } from './spot.ts';
import { COMPANY_WORDS, CUES, formulaNamed, isRatio, METRICS, ratioSides, statementLineOf, termChoices, termIs, termMeasure, type Cue } from './vocabulary.ts';
import { amountWords, describeQuestion, inSentence, measureLabel, periodLabel } from './describe.ts';

/**
 * How a period said is joined to the next: "and" ("Q4 and full year"), a comma alone ("Q3 and nine months, fiscal 2024"),
 * a range word ("Q1 through Q4"), a comparison ("Q4 2003 vs Q3 2003"), or nothing ("Q3 year to date 2003").
 */
type Join = 'list' | 'comma' | 'range' | 'versus' | 'next';

interface Slots {
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

const spanCues = (s: Span): Cue[] => (s.value.kind === 'cue' ? s.value.cues : []);

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
const COMPARAND = new RegExp(`(?:^|[^a-z])(?:${CUES.comparand.map(escapeRegExp).join('|')})(?:\\s+(?:in|the|for|of|during|at|last))*[\\s,]*$`, 'i');

/** Cues that say how to answer, not what about: left out of the words searched for. */
const ASKING_CUES: ReadonlySet<Cue> = new Set(['results', 'quote', 'release', 'latest', 'both', 'help', 'sources', 'contact', 'contact_list', 'define', 'headline']);

/** A period said as "the Q1 release" / "the August 2003 release" names a release, not a period of figures. */
function isReleaseRef(spans: readonly Span[], i: number): boolean {
  const next = spans[i + 1];
  return next !== undefined && next.from - (spans[i] as Span).to <= 1 && spanCues(next).includes('release');
}

/** Whether token `k` is a word of a period said ("operating income Q4 2003 as a percent of revenue"). */
const inPeriodAt = (spans: readonly Span[], k: number) => spans.some((sp) => sp.value.kind === 'period' && sp.from <= k && k < sp.to);

/** Whether a span is said as left out: right after "excluding", "without", "ex" (and a "the"); not after "adjusted" (an adjective). */
function saidLeftOut(spans: readonly Span[], tokens: readonly Token[], s: Span): boolean {
  return spans.some((sp) => spanCues(sp).includes('leaving_out') && (sp.to === s.from || (sp.to === s.from - 1 && tokens[sp.to]?.word === 'the')));
}

const UNPRINTED = new Set(METRICS.unprinted);
/**
 * Every word that names the teleconference or a detail of it (not its time: "what", "day"), and those that, after a
 * figure, name its business instead.
 */
const CALL_WORDS = new Set([...CUES.cues.call, ...Object.entries(CUES.call_fields).flatMap(([field, list]) => (field === 'when' ? [] : list))].flatMap((p) => p.split(' ')));
const CALL_WORDS_AFTER_FIGURES = new Set(CUES.call_words_after_figures);
/** The words of the roles' names ("chief", "financial", "officer", "cfo"). */
const ROLE_WORDS = new Set(Object.values(CUES.roles).flat().flatMap((p) => p.split(' ')));

/**
 * Lines that add up: dollars of a period, or balances at one date, all of one kind. Per-share amounts and share
 * counts never do, nor a flow with a balance ("net income + EPS" gives both, never "$0.60 million"), nor a line
 * with one that holds it ("revenue plus EBITDA", "net income + EBITDA" give both, never a sum counting part twice).
 */
function addable(parts: readonly Concept[]): boolean {
  const kinds = new Set(parts.map((c) => conceptInfo(c).measure));
  const holding = parts.some((a) => parts.some((b) => HOLDS[a]?.includes(b)));
  const profits = parts.filter((c) => PROFIT_LINES.has(c)).length;
  return kinds.size === 1 && (kinds.has('flow') || kinds.has('balance')) && !holding && profits <= 1;
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
function slotsOf(text: string, snapshot: Snapshot, previous?: Question): Slots {
  const { tokens, spans, unexplained } = spot(text, snapshot);
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
    if (between.some((w) => w !== 'to' && w !== 'the') || (changeAsked && saidSpans.length === 2) || !movedFromNext(next.value.query, sp.value.query)) return;
    boundTo.set(i, at);
  });
  /** The span of the period each bound one is moved from, and the relative span that moves it. */
  const movedBy = new Map([...boundTo].map(([relative, base]) => [base, relative]));
  // The period a moved one was moved from, whose joins it takes.
  const movedFromSaid = new Map<PeriodQuery, PeriodQuery>();
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
      const said = text.slice(tokens[notAt]?.start ?? 0, tokens[s.to - 1]?.end ?? 0);
      // A company said as not meant ("not apple, buckle") is a correction's words, not the question's.
      if (v.kind === 'company') for (let t = notAt; t < s.to; t++) slots.fillerTokens.add(t);
      if (v.kind === 'period' || v.kind === 'company') return negatedSpans.push({ kind: v.kind, said });
      if (v.kind === 'cue' && v.cues.some((c) => DROPPED_BY_NOT.has(c))) return;
      // "Not as reported", "not GAAP": an adjusted figure the reader does not compute; "did they not report" is a verb.
      if (v.kind === 'cue' && v.cues.some((c) => UNREAD_AFTER_NOT.has(c)) && words.some((w) => w === 'as' || w === 'gaap')) slots.negated ??= said;
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
    else if (v.kind !== 'filler' && v.kind !== 'company' && !(v.kind === 'cue' && v.cues.every((c) => ASKING_CUES.has(c)))) slots.topic.push(...words);
    switch (v.kind) {
      case 'period': {
        // Said as left out: the period of an item ("excluding the Q1 credit", "the 2002 licensor credit") is no period
        // asked; a period alone ("without the first quarter") is one taken out of another, which is said back.
        const item = spans.some((sp) => sp.from === s.to && spanCues(sp).includes('unusual')) || tokens.slice(s.to, s.to + 3).some((t) => LEFT_OUT_ITEMS.has(t.word));
        const leftOut = saidLeftOut(spans, tokens, s);
        if (leftOut && !item) slots.periodLeftOut ??= text.slice(tokens[s.from]?.start ?? 0, tokens[s.to - 1]?.end ?? 0);
        else if (!leftOut && isReleaseRef(spans, i)) slots.releases.push(v.query);
        else if (!leftOut && boundTo.has(i)) {
          // "The quarter before Q4 2003": read with the period after it, below.
        } else if (!leftOut) {
          const by = movedBy.get(i);
          const relative = by !== undefined ? spans[by] : undefined;
          const moved = relative?.value.kind === 'period' ? movedFromNext(v.query, relative.value.query) ?? v.query : v.query;
          if (moved !== v.query) movedFromSaid.set(moved, v.query);
          slots.periods.push(moved);
          periodAt.push(relative?.from ?? s.from);
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
    const listing = b.value.kind === 'period' && b.value.query.kind === 'year' ? /^,?\s*(?:and|&)$/i : /^,?\s*(?:and|&)(?: the)?$/i;
    const listed = listing.test(between) || ((between === '' || between === ',') && tokens[b.from]?.word === 'and');
    const join = /^(?:through|thru|to|until|till|-|–|—)$/i.test(between) ? 'range' : listed ? 'list' : between === ',' ? 'comma' : between === '' ? 'next'
      : /^(?:vs\.?|versus|v\.?|against|compared (?:with|to))(?: the)?$/i.test(between) ? 'versus' : undefined;
    if (join) slots.joins.set(a.value.query, join);
    for (const [moved, from] of movedFromSaid) if (from === a.value.query && join) slots.joins.set(moved, join);
    // "Q3 2024 net sales and YTD net income": a line and an "and" between, each period its line's; "Q3 2003 net income year
    // to date" is one period.
    if (spans.some((sp) => sp.value.kind === 'measure' && sp.from >= a.to && sp.to <= b.from) && tokens.slice(a.to, b.from).some((t) => t.word === 'and')) slots.lineAfter.add(a.value.query);
  });
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
  const yearOfWhole = (p: PeriodQuery) => (p.kind === 'year' ? p.year : p.kind === 'span' && p.months === 12 && !p.byDate ? p.year ?? null : undefined);
  if (at >= 0 && measures.length === 0 && periods.length === 1 && yearOfWhole(periods[0] as PeriodQuery) !== undefined) return 'whole';
  const lines = new Set(measures.map((m) => JSON.stringify(m.measure)));
  const [line] = measures;
  const flow = line !== undefined && !isRatio(line.measure) && !isBalance(line.measure) && !(line.measure.kind === 'concept' && conceptInfo(line.measure.concept).measure !== 'flow');
  if (lines.size !== 1 || !flow) return undefined;
  if (CHANGE_CUES.some((c) => slots.cues.has(c))) return shareOf >= 0 && periods.length >= 2 ? 'compared' : undefined;
  // "Q4 2003 revenue as a fraction of the year": the year of the part said, not said again.
  const ofTheYear = at >= 0 && CUES.share_of_the_year.some((w) => tokens.slice(at + 2, at + 2 + w.split(' ').length).map((t) => t.word).join(' ') === w);
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

/**
 * "And net income?", "and Q3?", "and 2002?" after a share of one period in another: the same share of the line or the
 * part said, of the same whole moved as the part was moved across years ("and 2002?" after Q1 2003's share of H1 2003 is
 * Q1 2002's of H1 2002, never of H1 2003), a year said alone moving both (it set FY 2013 against FY 2014). It was a change
 * against a year earlier, the share dropped. A question of its own ("what was net income?"), a change asked, or a metric
 * and a period both said, is not. Whether the line adds up over a year and the part is within the whole, respond.ts says.
 */
function shareAgain(q: Extract<Question, { intent: 'figure' | 'compare' }>, previous: Question | undefined, s: Slots): Question | undefined {
  if (previous?.intent !== 'compare' || !previous.share || !previous.period || !previous.versus || q.measures.length !== 1) return undefined;
  if (!s.cues.has('follow_up') || (s.measures.length > 0 && s.periods.length > 0) || CHANGE_CUES.some((c) => s.cues.has(c))) return undefined;
  const [said] = s.periods;
  // "And adjusted EBITDA?": asked so, which respond.ts refuses, never the reported figures' share in its place.
  const base = { intent: 'compare' as const, measures: q.measures, share: true as const, ...(q.excluding ? { excluding: true as const } : {}), ...(q.company ? { company: q.company } : {}) };
  const [wasPart, wasWhole] = [previous.period, previous.versus];
  // Words not read ("and in the first?") are no follow-up of the same share: never the share before again.
  if (!said) return s.unexplained.length === 0 ? { ...base, period: wasPart, versus: wasWhole } : undefined;
  // "And the year before?", "a year earlier?": both moved alike (it kept this year's whole); "the quarter before?" moves the
  // part within the same whole (respond.ts says where it leaves it).
  if (said.kind === 'relative') return { ...base, period: movedFrom(wasPart, said), versus: said.quarters ? wasWhole : movedFrom(wasWhole, said) };
  // Only a period of its own: "and ytd?" is no part said.
  if (said.kind !== 'span' && said.kind !== 'year' && said.kind !== 'id') return undefined;
  const from = yearOf(wasPart);
  // A year alone ("and fiscal 2013?") is the same part of it; a part ("and Q3?") is that part, its year the one before's if unsaid.
  const yearAlone = said.kind === 'year' ? said.year : said.kind === 'span' && said.months === 12 && !said.byDate ? said.year : undefined;
  const part = yearAlone !== undefined ? withYear(wasPart, yearAlone) : said.kind === 'span' && said.year === undefined && from !== undefined ? { ...said, year: from } : said;
  const to = yearOf(part);
  const whole = from !== undefined && to !== undefined ? shiftYears(wasWhole, to - from) : wasWhole;
  return { ...base, period: part, versus: whole };
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

/** A part said without its year, of a whole that says one ("what % of 2003 revenue came in Q4?": Q4 2003). */
const inYearOf = (part: PeriodQuery, whole: PeriodQuery): PeriodQuery => {
  const year = yearOf(whole);
  return part.kind === 'span' && part.year === undefined && !part.back && year !== undefined ? withYear(part, year) : part;
};

/** The fiscal year a part of it is in ("Q4 2003": FY 2003), where the part names its year. */
function yearOfPart(part: PeriodQuery): PeriodQuery | undefined {
  if (part.kind === 'span' && part.months < 12 && part.year !== undefined && !part.byDate && !part.opensNext) return { kind: 'span', months: 12, endMonth: 12, year: part.year };
  const id = part.kind === 'id' ? /^(\d{4})-(?:Q[1-4]|H[12]|9M)$/.exec(part.id) : null;
  return id ? { kind: 'id', id: `${id[1]}-FY` } : undefined;
}

/**
 * A share of one period in another (`periodShare`) of the line read: the part as a percentage of the whole, computed; where
 * the two periods cannot be told (a whole year of a part said without its year), said so, never either amount alone.
 */
function shareReading(how: PeriodShare, q: Extract<Question, { intent: 'figure' | 'compare' }>, previous: Question | undefined): Reading | undefined {
  const unclear = (message: string): Reading => ({ kind: 'invalid', title: 'A share of one period in another', message });
  if (how === 'several') return unclear('A share of one period in another is of one part at a time: ask for each part\'s share of the whole (for example "Q3 2003 revenue as a percentage of FY 2003 revenue").');
  if (how === 'compared') return unclear('A share of one period in another is computed one at a time, not set against another period\'s: ask for each share (for example "Q4 2003 revenue as a percentage of FY 2003 revenue", then "and 2002?").');
  // Two periods alike are read as compared ("Q2 2003 revenue as a percent of Q1 2003 revenue"), in the order said.
  const [a, b] = q.intent === 'figure' ? q.periods : [q.period, q.versus];
  const said = previous?.intent === 'figure' && previous.periods.length === 1 ? previous.periods[0] : undefined;
  // "And as a share of the full year?": of the part asked before only (after a year it is no share).
  if (how === 'whole' && !(said && (monthsSaid(said) ?? 12) < 12)) return undefined;
  const longer = (x: PeriodQuery) => (x.kind === 'year' ? 12 : monthsSaid(x) ?? 0);
  const [part, whole] = how === 'whole' ? [said, a?.kind === 'year' || (a?.kind === 'span' && a.year !== undefined) ? a : said && yearOfPart(said)]
    // The year said of a part said without one ("what % of 2003 revenue came in Q4?") is read as the part's year: its whole.
    : how === 'ofItsYear' || !b ? [a, a && yearOfPart(a)]
      : !a ? [a, b]
        : how === 'ordered' ? [a, b]
          : how === 'whole first' ? [inYearOf(b, a), a]
            : longer(a) < longer(b) ? [inYearOf(a, b), b] : [inYearOf(b, a), a];
  if (!part || !whole || q.measures.length !== 1) return unclear('Which two periods the share is of is not clear: say both with their years (for example "Q4 2003 revenue as a percentage of FY 2003 revenue").');
  return { kind: 'question', question: { intent: 'compare', measures: q.measures, period: part, versus: whole, share: true, ...(q.excluding ? { excluding: true } : {}), ...(q.company ? { company: q.company } : {}) } };
}

/** Whether a word is `year` in two or four digits ("03", "2003"). */
const saysYear = (word: string | undefined, year: number): boolean => word !== undefined && /^(?:\d{2}|\d{4})$/.test(word) && fullYear(word) === year;

/**
 * Whether `year` was said as a fiscal year's label qualifying what was said before it ("nine months ... fiscal 2004",
 * "FY04", "fiscal year 2004"), not as a period of its own: "the full fiscal year 2004", "Q3 and fiscal 2003". Not
 * `qualifying`: said as a fiscal year at all ("vs fiscal 2003" too).
 */
function fiscalYearSaid(tokens: readonly Token[], year: number, qualifying = true): boolean {
  const isYear = (w: string | undefined) => saysYear(w, year);
  return tokens.some((t, i) => {
    if (qualifying && CUES.fiscal_year_not_qualifying.includes(tokens[i - 1]?.word ?? '')) return false;
    if (t.word === 'fiscal' || t.word === 'fy') return isYear(tokens[i + 1]?.word) || (tokens[i + 1]?.word === 'year' && isYear(tokens[i + 2]?.word));
    return /^fy\d{2}(?:\d{2})?$/.test(t.word) && isYear(t.word.slice(2));
  });
}

/**
 * "Q3 to Q4 2003": a period without its year takes the year the question gives elsewhere;
 * "TTM ... as of 12/31/03": the trailing twelve months end at the other period.
 */
function settlePeriods(slots: Slots): void {
  const periods = withLtmEnds(slots.periods);
  // "Cash at the start of Q1 2004 and Q3 2004": the start of each quarter listed after one said as a start (it gave the end of Q3).
  periods.forEach((p, i) => {
    const next = periods[i + 1];
    const listed = slots.joins.get(p) === 'list' || slots.joins.get(p) === 'comma';
    if (p.kind === 'span' && p.opensNext && listed && next?.kind === 'span' && next.months === 3 && next.year !== undefined && !next.byDate && !next.opensNext && !next.endDay) {
      periods[i + 1] = quarterStart(next.endMonth / 3, next.year);
      slots.joins.set(periods[i + 1] as PeriodQuery, slots.joins.get(next) ?? 'list');
    }
  });
  const bare = (p: PeriodQuery) => ((p.kind === 'span' || p.kind === 'ytd' || p.kind === 'ytdTo') && p.year === undefined) || p.kind === 'monthEnd';
  // "YTD as of Q2 2003", "Q3 year to date 2003": the year up to that quarter's end, one period. Listed with it ("Q3 and YTD
  // 2004 vs 2003", "Q2 and year to date, 2003 vs 2002"): the quarter, and the year to its end (never the longest part
  // of the year given, nor the quarter set against it).
  const quarter = periods.findIndex((q) => q.kind === 'span' && q.months === 3 && !q.byDate);
  const upTo = periods[quarter];
  const ytd = periods.findIndex((q) => q.kind === 'ytd');
  const yearToDate = periods[ytd];
  const join = upTo ? slots.joins.get(upTo) : undefined;
  if (upTo?.kind === 'span' && yearToDate?.kind === 'ytd') {
    const through = (year: number | undefined): PeriodQuery => ({ kind: 'span', months: upTo.endMonth as 3 | 6 | 9 | 12, endMonth: upTo.endMonth, ...(year !== undefined ? { year } : {}) });
    // A line said between ("Q3 2024 net sales and YTD net income"): listed, each line's own, never the quarter dropped.
    if (ytd === quarter + 1 && (join === 'list' || join === 'comma' || slots.lineAfter.has(upTo))) {
      periods[ytd] = through(yearToDate.year ?? upTo.year);
    } else if (yearToDate.year === undefined || (ytd === quarter + 1 && join === 'next' && (upTo.year === undefined || upTo.year === yearToDate.year))) {
      periods[quarter] = through(upTo.year ?? yearToDate.year);
      periods.splice(ytd, 1);
    }
  }
  // "Year to date through June 30, 2003": the span from the year's start already said ("through June 30, 2003"), one period.
  // Set against it ("YTD vs six months 2002"), the same span of the year after: two periods, never the year to date dropped.
  const fromStart = periods.findIndex((q) => q.kind === 'ytdTo' || (q.kind === 'span' && q.months === q.endMonth && q.months < 12));
  const bareYtd = periods.findIndex((q) => q.kind === 'ytd' && q.year === undefined);
  const span = periods[fromStart];
  const versus = Math.abs(bareYtd - fromStart) === 1 && slots.joins.get(periods[Math.min(bareYtd, fromStart)] as PeriodQuery) === 'versus';
  if (bareYtd >= 0 && quarter < 0 && versus && span?.kind === 'span' && span.year !== undefined) periods[bareYtd] = withYear(span, span.year + 1);
  else if (bareYtd >= 0 && quarter < 0 && fromStart >= 0 && !versus) periods.splice(bareYtd, 1);
  // "The six months through June 2002": that many months ended then, by its dates, one period.
  const through = periods.findIndex((q) => q.kind === 'ytdTo');
  const length = periods.findIndex((q) => q.kind === 'span' && q.year === undefined && !q.endDay && q.months === q.endMonth && !q.byDate);
  const months = periods[length];
  const to = periods[through];
  if (months?.kind === 'span' && to?.kind === 'ytdTo') {
    periods[through] = { kind: 'span', months: months.months, endMonth: to.month, year: to.year, byDate: true };
    periods.splice(length, 1);
  }
  // "YTD revenue as of June 2003": the months from January to then, one period.
  const ytdLeft = periods.findIndex((q) => q.kind === 'ytd' && q.year === undefined);
  const dated = periods.findIndex((q) => q.kind === 'date');
  const asOf = periods[dated];
  const month = asOf?.kind === 'date' ? Number(asOf.date.slice(5, 7)) : 0;
  if (ytdLeft >= 0 && quarter < 0 && asOf?.kind === 'date' && Number(asOf.date.slice(8)) === lastDayOfMonth(Number(asOf.date.slice(0, 4)), month)) {
    periods[dated] = { kind: 'ytdTo', month, year: Number(asOf.date.slice(0, 4)) };
    periods.splice(ytdLeft, 1);
  }
  // "Total assets June 30, 2003 vs last year end": the fiscal year end before the date said, as in a follow-up.
  const opening = periods.findIndex((q) => q.kind === 'opening' && !q.before);
  const on = periods.find((q) => q.kind === 'date');
  if (opening >= 0 && on?.kind === 'date') periods[opening] = { kind: 'opening', before: on.date };
  // "Revenue Q4 2003, the quarter": a part said beside a period is of that period (the same one here, said once).
  // "The quarter ... 2014", "the quarter, 2014": a bare year a part is of says which year, and is no period of its own,
  // unless listed with it or set against it ("the quarter and 2014").
  const yearsOfParts = new Set<PeriodQuery>();
  for (const [i, p] of periods.entries()) {
    const of = p.kind === 'part' ? periods.find((q) => q.kind !== 'part' && fiscalEnd(q)) : undefined;
    if (p.kind === 'part' && of) periods[i] = partOf(p, of) ?? p;
    const listed = (q: PeriodQuery) => slots.joins.get(q) === 'list' || slots.joins.get(q) === 'versus';
    if (p.kind === 'part' && of?.kind === 'year' && !listed(p) && !listed(of)) yearsOfParts.add(of);
  }
  if (yearsOfParts.size > 0) periods.splice(0, periods.length, ...periods.filter((q) => !yearsOfParts.has(q)));
  // "Q4 revenue this year": the quarter of the latest year, one period, not Q4 against a year. "Q3 of last year" is that,
  // or the same quarter a year before: asked back (`quarterOfLastYear`). Not "YTD vs last year": there the latest year
  // is what it is compared with.
  const lastYearSaid = slots.tokens.some((t, i) => ['last', 'previous', 'prior'].includes(t.word) && slots.tokens[i + 1]?.word === 'year');
  const latestYear = periods.findIndex((q) => (q.kind === 'lastYear' && !q.back) || (lastYearSaid && q.kind === 'relative' && q.years === -1 && !q.quarters && q.inYear === undefined));
  if (latestYear >= 0 && periods.some(bare) && !slots.cues.has('compare')) {
    // "YTD and last year": the year to date with its year-earlier figure beside it, as any figure shows it; never asked which.
    const ytdListed = periods[latestYear - 1]?.kind === 'ytd' && slots.joins.get(periods[latestYear - 1] as PeriodQuery) === 'list';
    periods.splice(latestYear, 1);
    // "Q2 2003 and Q2 last year" says its year: the quarter, its year-earlier figure beside it, as before.
    slots.quarterOfLastYear = lastYearSaid && !ytdListed && !periods.some((q) => q.kind === 'span' && q.year !== undefined);
  }
  // "Q1 and Q2, 2003 vs 2002", "Q4 and full year, 1993 vs 1992": parts listed, then the two years they are of, are each part
  // of each year (it set Q1 2003 against Q2 2002), the same parts of each in turn. Two parts set against each other, then
  // two years listed ("Q1 vs Q2, 2003 and 2002"), are that pair in each year, read as pairs below.
  const crossed = partsOfEachYear(periods, slots.joins, (year) => fiscalYearSaid(slots.tokens, year, false));
  if (crossed) {
    periods.splice(0, periods.length, ...crossed.periods);
    if (crossed.against) periods.forEach((p, k) => slots.joins.set(p, k % 2 === 0 ? 'versus' : 'list'));
  }
  for (let i = 0; i < periods.length; i++) {
    const p = periods[i] as PeriodQuery;
    if (!bare(p)) continue;
    // The parts from this one to the `j`-th listed one after the other ("H1, Q4 and FY 2003").
    const listedUpTo = (j: number) => periods.slice(i, j).every((q, k) => bare(q) && (slots.joins.get(q) === 'list' || (slots.joins.get(q) === 'comma' && i + k < j - 1)));
    // A part listed before another that says its year shares it ("Q1 and Q2 2003 vs 2002": Q1 2003, never Q1 2002; "Q1 and
    // Q2 2003 and Q1 and Q2 2002": the second Q1 is 2002's). Not the same part in another year ("Q4 vs Q4 1999 for 2000": the
    // bare Q4 is 2000's). The year listed right after it with a year to set against ("Q4 and full year 2003 vs 2002") is one.
    const sibling = periods.findIndex((q, j) => j > i && q.kind === 'span' && q.year !== undefined && !q.byDate
      && (q.months < 12 ? !samePart(p, q) : p.kind === 'span' && p.months < 12 && listedUpTo(j) && periods.slice(j + 1).some((r) => r.kind === 'year' || (r.kind === 'span' && r.months === 12 && r.year !== undefined && r.year !== q.year))));
    // A bare year said alongside is this period's year, not a period of its own; so is "fiscal 2004" beside a part of a
    // year ("nine-month net sales fiscal 2004": its nine months, not those and the whole year).
    const bareYear = periods.findIndex((q, j) => j !== sibling && (q.kind === 'year' || q.kind === 'yearEnd' || (q.kind === 'span' && q.months === 12 && q.year !== undefined && !q.byDate && fiscalYearSaid(slots.tokens, q.year))));
    const yearOnly = sibling >= 0 && bareYear > sibling ? -1 : bareYear;
    const source = yearOnly >= 0 ? periods[yearOnly] : sibling >= 0 ? periods[sibling] : periods.find((q) => yearOf(q) !== undefined);
    const said = source && yearOf(source);
    // "Since year end, as of March 2003", "cash June 30 2003, up or down from year end?": the year end before that date,
    // not the one after it.
    const yearEnd = slots.tokens.some((t, j) => t.word === 'since' || (t.word === 'year' && slots.tokens[j + 1]?.word === 'end'));
    const sinceEnd = p.kind === 'span' && p.months === 12 && source?.kind === 'date' && Number(source.date.slice(5, 7)) < 12 && yearEnd;
    const year = said !== undefined && sinceEnd ? said - 1 : said;
    if (year === undefined) continue;
    // "Q4 net income vs Q4 92": the same period compared with itself is none; the one said bare is a year from the other,
    // after it when said first ("Q4 2003 vs Q4" the year before).
    const itself = yearOnly < 0 && slots.cues.has('compare') && source && JSON.stringify(withYear(p, year)) === JSON.stringify(source);
    periods[i] = withYear(p, itself ? (periods.indexOf(source) > i ? year + 1 : year - 1) : year);
    const join = slots.joins.get(p);
    if (join) slots.joins.set(periods[i] as PeriodQuery, join);
    if (yearOnly >= 0) {
      periods.splice(yearOnly, 1);
      if (yearOnly < i) i--;
    }
  }
  // "Q2 vs Q1 2003 and 2002": two parts as long of one year set against each other, then another year listed, are that pair
  // in each year, read as pairs below (it listed FY 2002 beside them).
  const [first, second, another] = periods;
  if (periods.length === 3 && first?.kind === 'span' && second?.kind === 'span' && another?.kind === 'year' && first.year !== undefined && first.year === second.year
    && another.year !== first.year && first.months === second.months && !samePart(first, second) && slots.joins.get(first) === 'versus' && slots.joins.get(second) === 'list') {
    const pairs = [first, second, withYear(first, another.year), withYear(second, another.year)];
    periods.splice(0, 3, ...pairs);
    pairs.forEach((p, k) => slots.joins.set(p, k % 2 === 0 ? 'versus' : 'list'));
  }
  // Pairs set against each other, listed ("Q4 2003 vs Q3 2003 and H1 2003 vs 2002"): a year alone set against a part is that
  // part of it (H1 2002), as in one pair ("Q4 2003 vs 2002" is Q4 2002); never a year set against parts listed ("Q1 and Q2
  // 2003 vs 2002"), nor a chain ("2003 vs 2002 vs 2001").
  const [firsts, seconds] = [periods.filter((_, k) => k % 2 === 0), periods.filter((_, k) => k % 2 === 1)];
  const inPairs = periods.length >= 4 && periods.length % 2 === 0 && firsts.every((p) => slots.joins.get(p) === 'versus')
    && seconds.slice(0, -1).every((p) => slots.joins.get(p) === 'list' || slots.joins.get(p) === 'comma');
  firsts.forEach((p, k) => {
    const against = seconds[k];
    if (inPairs && p.kind === 'span' && p.year !== undefined && against?.kind === 'year' && against.year !== p.year) seconds[k] = periods[2 * k + 1] = withYear(p, against.year);
  });
  // Pairs of another kind ("Q4 2003 vs Q3 2003 and H1 2003 vs H1 2002"): each its own change, the later of each first; only
  // pairs of like lengths (a quarter against a year is asked back, never computed), each period in one pair alone.
  const laterKey = (p: PeriodQuery | undefined) => (p?.kind === 'span' && p.year !== undefined ? p.year * 12 + p.endMonth : undefined);
  const sayPairs = inPairs && new Set(periods.map((p) => JSON.stringify(p))).size === periods.length
    && firsts.every((p, k) => { const q = seconds[k]; return p.kind === 'span' && q?.kind === 'span' && p.months === q.months && laterKey(p) !== laterKey(q); })
    && !firsts.every((p, k) => samePart(p, seconds[k]));
  if (sayPairs) {
    const ordered = firsts.map((p, k) => ((laterKey(p) ?? 0) > (laterKey(seconds[k]) ?? 0) ? [p, seconds[k] as PeriodQuery] : [seconds[k] as PeriodQuery, p]));
    periods.splice(0, periods.length, ...ordered.map(([later]) => later as PeriodQuery), ...ordered.map(([, earlier]) => earlier as PeriodQuery));
    slots.pairsSaid = true;
  }
  // "Nine months fiscal 2024 vs fiscal 2023", "Q3 and YTD fiscal 2024 vs fiscal 2023": a fiscal year set against parts of
  // another, both said so, is the year of the same parts, never its whole (it set 9M 2024 against FY 2023). Said with the
  // word: "FY 2023" is the whole year, as people write it, and so is one said whole ("full fiscal 2023", "all of fiscal 2023").
  const comparing = ['compare', 'change', 'difference', 'growth'].some((c) => slots.cues.has(c as Cue));
  const wholeBefore = (i: number) => [slots.tokens[i - 1]?.word, slots.tokens[i - 2]?.word].some((w) => w !== undefined && CUES.whole_year_words.includes(w));
  const fiscalWord = (year: number) => slots.tokens.some((t, i) => t.word === 'fiscal' && !wholeBefore(i) && saysYear(slots.tokens[i + 1]?.word, year));
  const whole = periods[periods.length - 1];
  const partsOfFiscal = yearOfParts(periods.slice(0, -1));
  if (comparing && whole?.kind === 'span' && whole.months === 12 && whole.year !== undefined && !whole.byDate && partsOfFiscal !== undefined && partsOfFiscal !== whole.year && fiscalWord(whole.year) && fiscalWord(partsOfFiscal)) {
    periods[periods.length - 1] = { kind: 'year', year: whole.year };
  }
  // "Q4 2003 vs Q4 2002 and FY 2003 vs FY 2002", "Q4 2003 vs 2002 and FY 2003 vs 2002": each part against its own, said in
  // pairs: the parts of one year, then the other's.
  const [pairedFirst, pairedSecond] = [periods.filter((_, k) => k % 2 === 0), periods.filter((_, k) => k % 2 === 1)];
  const [firstYear, secondYear] = [yearOfParts(pairedFirst), yearOfParts(pairedSecond)];
  if (comparing && !slots.pairsSaid && periods.length >= 4 && periods.length % 2 === 0 && pairedFirst.every((p, k) => samePart(p, pairedSecond[k]))
    && firstYear !== undefined && secondYear !== undefined && firstYear !== secondYear) {
    periods.splice(0, periods.length, ...pairedFirst, ...pairedSecond);
  }
  // "Q1 and Q2 2003 vs prior year", "Q4 and full year 2003 vs a year earlier": the year before the one the parts are of.
  const last = periods[periods.length - 1];
  const parts = periods.slice(0, -1);
  const partsYear = parts.length >= 2 ? yearOfParts(parts) : undefined;
  if (comparing && partsYear !== undefined && last?.kind === 'relative' && last.years === -1 && !last.quarters && last.inYear === undefined) {
    periods[periods.length - 1] = { kind: 'year', year: partsYear - 1 };
  }
  // Not a change "from Q3 2002 to Q3 2003": its two ends are what is compared; a range beside another period ("Q1 to Q3
  // 2003 vs 2002") is every quarter of it.
  for (let k = 0; k < periods.length - 1 && !(comparing && periods.length === 2); k++) {
    const range = slots.joins.get(periods[k] as PeriodQuery) === 'range' ? quartersBetween(periods.slice(k, k + 2)) : undefined;
    if (range) periods.splice(k, 2, ...range);
  }
  // "Q1 and Q2 2003 and 2002": the same parts of the year listed after them, never its total beside them (a year's total
  // is said so: "and the 2002 total"); set against it ("vs 2002"), each part against its own (readQuestion).
  const listedYear = periods[periods.length - 1];
  const listedParts = periods.slice(0, -1);
  const yearListed = listedParts.length >= 2 ? yearOfParts(listedParts) : undefined;
  if (!comparing && listedYear?.kind === 'year' && yearListed !== undefined && yearListed !== listedYear.year && slots.joins.get(listedParts[listedParts.length - 1] as PeriodQuery) === 'list') {
    periods.splice(listedParts.length, 1, ...listedParts.map((p) => withYear(p, listedYear.year)));
  }
  const seen = new Set<string>();
  slots.periods = periods.filter((p) => {
    const key = JSON.stringify(p);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** "Q1 2003 through Q4 2003": every quarter from the first to the last, at most three years of them; undefined unless two quarters said so. */
function quartersBetween(periods: readonly PeriodQuery[]): PeriodQuery[] | undefined {
  const [a, b] = periods;
  const index = (p: PeriodQuery | undefined) => (p?.kind === 'span' && p.months === 3 && !p.byDate && p.year !== undefined ? p.year * 4 + p.endMonth / 3 - 1 : undefined);
  const [from, to] = [index(a), index(b)];
  if (periods.length !== 2 || from === undefined || to === undefined || to <= from || to - from >= 12) return undefined;
  return Array.from({ length: to - from + 1 }, (_, k) => ({ kind: 'span', months: 3, endMonth: (((from + k) % 4) + 1) * 3, year: Math.floor((from + k) / 4) }));
}

/** The year every one of `ps` is a span of, one at least less than the whole year ("Q4 2003 and FY 2003": 2003). */
function yearOfParts(ps: readonly PeriodQuery[]): number | undefined {
  const [first] = ps;
  const year = first?.kind === 'span' ? first.year : undefined;
  return year !== undefined && ps.every((p) => p.kind === 'span' && p.year === year) && ps.some((p) => p.kind === 'span' && p.months < 12) ? year : undefined;
}

/**
 * Parts of a year listed ("Q1 and Q2", "Q4 and full year") and two years alone: each part in each year, year by year.
 * `against`: the parts are two as long set against each other ("Q1 vs Q2") and the years listed ("2003 and 2002"), a pair in
 * each year.
 */
function partsOfEachYear(periods: readonly PeriodQuery[], joins: ReadonlyMap<PeriodQuery, Join>, fiscal: (year: number) => boolean): { periods: PeriodQuery[]; against: boolean } | undefined {
  // A year alone, or a fiscal year's label after a comma, never one listed with the parts ("H1, Q4 and FY 2003 vs 2002").
  const labelled = joins.get(periods[periods.length - 3] as PeriodQuery) === 'comma';
  const yearOfAlone = (p: PeriodQuery | undefined) => (p?.kind === 'year' ? p.year : labelled && p?.kind === 'span' && p.months === 12 && p.year !== undefined && !p.byDate && fiscal(p.year) ? p.year : undefined);
  // The years said first ("2002 vs 2003, Q1 and Q2", "between 2002 and 2003 for Q1 and Q2") or last.
  const yearsFirst = periods[0]?.kind === 'year' && periods[1]?.kind === 'year';
  const parts = yearsFirst ? periods.slice(2) : periods.slice(0, -2);
  const yearsSaid = yearsFirst ? periods.slice(0, 2) : periods.slice(-2);
  const years = yearsSaid.flatMap((p) => yearOfAlone(p) ?? []);
  const listedBy = (p: PeriodQuery | undefined) => joins.get(p as PeriodQuery) === 'list' || joins.get(p as PeriodQuery) === 'comma';
  const bare = parts.every((p) => p.kind === 'span' && p.year === undefined && !p.byDate);
  const [one, other] = parts;
  const alike = one?.kind === 'span' && other?.kind === 'span' && one.months === other.months;
  const against = parts.length === 2 && alike && joins.get(one) === 'versus' && listedBy(yearsSaid[0]);
  const listed = against || parts.every((p, i) => i === parts.length - 1 || listedBy(p));
  if (parts.length < 2 || years.length !== 2 || years[0] === years[1] || !bare || !listed) return undefined;
  return { periods: years.flatMap((year) => parts.map((p) => withYear(p, year))), against };
}

/**
 * The same parts of two years, as said to be set against each other: parts of one year, then the other year ("Q1 and Q2
 * 2003 vs 2002", "Q4 and full year 2003 vs 2002"), or the same parts of each in turn ("Q1 and Q2 2003 vs Q1 and Q2 2002").
 * The parts (their year dropped) and the two years; undefined for anything else, a year alone never among the parts.
 */
function partsOfTwoYears(periods: readonly PeriodQuery[], joins: ReadonlyMap<PeriodQuery, Join>): { parts: PeriodQuery[]; years: [number, number] } | undefined {
  const last = periods[periods.length - 1];
  const parts = periods.slice(0, -1);
  // Never parts set against each other ("Q4 2003 vs Q3 2003 and FY 2003 vs 2002").
  const year = parts.some((p, i) => i < parts.length - 1 && joins.get(p) === 'versus') ? undefined : yearOfParts(parts);
  // The other year said alone, or as its whole beside the whole of the first ("Q4 and FY 2014 vs FY 2013"; "Q1 and Q2 2003
  // vs FY 2002" sets the quarters against the year).
  const wholeAmongParts = parts.some((p) => p.kind === 'span' && p.months === 12);
  const other = last?.kind === 'year' || (last?.kind === 'span' && last.months === 12 && !last.byDate && wholeAmongParts) ? last.year : undefined;
  if (year !== undefined && other !== undefined && other !== year && parts.length >= 2) return { parts, years: [year, other] };
  const half = periods.length / 2;
  const [mine, theirs] = [periods.slice(0, half), periods.slice(half)];
  const [myYear, theirYear] = [yearOfParts(mine), yearOfParts(theirs)];
  if (half >= 2 && Number.isInteger(half) && myYear !== undefined && theirYear !== undefined && theirYear !== myYear && mine.every((p, i) => samePart(p, theirs[i]))) {
    return { parts: mine, years: [myYear, theirYear] };
  }
  return undefined;
}

const conceptOf = (m: Measure): Concept | undefined => (m.kind === 'concept' ? m.concept : undefined);

/** A ratio formula's numerator ("gross margin": gross profit); undefined for a formula of another kind. */
function numeratorOf(formula: string): string | undefined {
  const f = METRICS.formulas.find((g) => g.id === formula);
  return f?.op === 'ratio' && f.terms[0] !== undefined ? termChoices(f.terms[0])[0] : undefined;
}

/** How revenue was said: as sales ("net sales"), or as revenue or a total ("total sales and revenues"). */
type RevenueWord = 'sales' | 'revenue';
const revenueWord = (tokens: readonly Token[], said: { at: number; to: number }): RevenueWord => {
  const words = tokens.slice(said.at, said.to).map((t) => t.word);
  return words.includes('sales') && !words.some((w) => w.startsWith('revenue')) ? 'sales' : 'revenue';
};


/** A side of a ratio: its line, and the formula it was said as, if one. */
interface RatioOf {
  line: Concept;
  formula?: string;
}

/** A side of a ratio said as `m`, its line `line`. */
const sideOf = (m: Measure, line: Concept): RatioOf => ({ line, ...(m.kind === 'formula' ? { formula: m.formula } : {}) });

/** The line `line` (said as `m`) over `whole`: each side said as a formula is computed by it. */
function ratioOf(m: Measure, line: Concept, whole: RatioOf, percent: boolean): Measure {
  return {
    kind: 'ratio', numerator: line, denominator: whole.line,
    ...(percent ? { percent: true } : {}),
    ...(m.kind === 'formula' ? { numeratorFormula: m.formula } : {}),
    ...(whole.formula ? { denominatorFormula: whole.formula } : {}),
  };
}

/**
 * The year to date a flow "since" the start of a fiscal year is: the start of this year, of fiscal 2014 (its opening
 * balance's date), or a fiscal year's last day ("since December 31, 2002" of a calendar year, "the beginning of 2003").
 */
function sinceYearStart(p: PeriodQuery | undefined, book: Book): PeriodQuery | undefined {
  if (p?.kind === 'opening' && !p.before && !p.through) return { kind: 'ytd' };
  if (p?.kind === 'yearEnd' && p.opening) return { kind: 'ytd', year: p.year + 1 };
  if (p?.kind !== 'date') return undefined;
  const [year, month, day] = p.date.split('-').map(Number) as [number, number, number];
  // A month's last day, or a day the releases print a balance sheet at (a 52/53-week year's end: Apple's September 27,
  // 2003, Sears' January 3, 2004), that ends a fiscal year: the next one to date.
  const ended = fiscalPeriodId({ months: 12, end: { year, month, day } }, { endMonth: book.company.fiscalYearEnd });
  const dayOfItsOwn = day === lastDayOfMonth(year, month) || book.conceptsIn(p.date).length > 0;
  return ended && dayOfItsOwn ? { kind: 'ytd', year: Number(ended.slice(0, 4)) + 1 } : undefined;
}

/** A balance at a date (cash), or a ratio or formula of balances (the current ratio, working capital), not a flow over a period. */
const isBalance = (m: Measure): boolean => {
  if (m.kind === 'formula') return METRICS.formulas.find((f) => f.id === m.formula)?.terms.every((t) => termChoices(t).every((c) => isBalance(termMeasure(c)))) ?? false;
  if (m.kind === 'sum') return m.parts.every((c) => conceptInfo(c).measure === 'balance');
  const concept = m.kind === 'ratio' ? m.numerator : conceptOf(m);
  return concept !== undefined && conceptInfo(concept).measure === 'balance';
};

/**
 * Arithmetic said in words: "cost of revenues + S&A + D&A" is one sum, "EBITDA / net interest
 * expense" and "cost of revenues as a percent of revenue" one ratio. Such explicit arithmetic
 * replaces a named measure it spells out ("total costs and expenses (cost of revenues + S&A)").
 */
function combineMeasures(slots: Slots, spans: readonly Span[], text: string): void {
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
    const difference = minus || (spans.filter((sp) => sp.to <= a.at && sp.to >= a.at - 2).flatMap(spanCues).includes('difference') && joined.includes('and') && joined.length <= 2);
    // Arithmetic of lines: of statement lines alone.
    if (!ca || !cb || (a.measure.kind === 'sum' && a.measure.parts.includes(cb))) {
      if (difference && familyOf(ca) === undefined) slots.linesSubtracted ??= [a.measure, b.measure];
      continue;
    }
    const formula = difference ? METRICS.formulas.find((f) => f.op === 'minus' && termIs(f.terms[0], ca) && termIs(f.terms[1], cb)) : undefined;
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

const ONE: Record<string, { basic: Concept; diluted: Concept }> = {
  shares: { basic: 'shares_basic', diluted: 'shares_diluted' },
  eps: { basic: 'eps_basic', diluted: 'eps_diluted' },
};
const familyOf = (c: Concept | undefined) => (c?.startsWith('shares') ? ONE.shares : c?.startsWith('eps') ? ONE.eps : undefined);

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

/**
 * The describing words of a follow-up, with what it points back to ("it", "that"): the names the
 * previous question used, or its words when it used none.
 */
function topicWithContext(slots: Slots, previous?: Question, subject: readonly string[] = []): string[] {
  const names = previous?.intent === 'narrative' ? (previous.names.length > 0 ? previous.names : subject) : [];
  const before = names.length > 0 ? names : previous && 'topic' in previous ? previous.topic : [];
  return [...new Set([...slots.topic, ...before])];
}

/** The words of what a previous question about measures asked about ("redeemable preferred stock"): what its "it" is. */
const measureTopic = (measures: readonly Measure[]): string[] => measures.flatMap((m) => tokenize(measureLabel(m)).map((t) => t.word));

const COST_WORDS = new Set(CUES.cost_words);
const CASH_FLOW_WORDS = new Set(CUES.cash_flow_words);
const COMPANY_ALONE = new Set(CUES.company_alone_words);
const COMPARATIVES = new Set([...CUES.comparatives.up, ...CUES.comparatives.down]);
const WEIGHED_DOWN = new Set(CUES.comparatives.down);
const JUDGING = new Set(CUES.judging);
const LOWER_IS_BETTER = new Set(METRICS.lower_is_better);
/** A line's or formula's id, as the vocabulary names it. */
const measureId = (m: Measure) => (m.kind === 'concept' ? m.concept : m.kind === 'formula' ? m.formula : '');
/** Periods no release reports alone, and words asking whether a contact named is still the one. */
const UNREPORTED_PERIODS = new Set(CUES.unreported_periods);
const CONTACT_CHANGES = new Set(CUES.contact_changes);
/** The single words of the ranking cues ("best", "lowest"), each with its end. */
const SUPERLATIVE = new Map([...CUES.cues.highest.map((w) => [w, 'highest'] as const), ...CUES.cues.lowest.map((w) => [w, 'lowest'] as const)].filter(([w]) => !w.includes(' ')));
const WHICH_PERIOD = new Map(Object.entries(CUES.which_periods).flatMap(([unit, said]) => said.map((w) => [w, unit as keyof typeof CUES.which_periods] as const)));
const PAIR_WORDS = new Set(CUES.pair_words);
const RATIO_WORDS = new Set(CUES.ratio_words);

/**
 * "Which quarter had higher revenue?", "which half of 2003 saw lower EBITDA?": the periods a "which" weighs, and which
 * way; undefined without a comparative, or when the "which" asks for something else ("which line was higher").
 */
function whichWeighs(words: readonly string[]): { unit: keyof typeof CUES.which_periods; rank: 'highest' | 'lowest' } | undefined {
  const rankOf = (w: string): 'highest' | 'lowest' | undefined => SUPERLATIVE.get(w) ?? (COMPARATIVES.has(w) ? (WEIGHED_DOWN.has(w) ? 'lowest' : 'highest') : undefined);
  // "Best year for net income", "the better half": the period a superlative or comparative names is what is weighed.
  const named = words.findIndex((w, i) => i > 0 && WHICH_PERIOD.has(w) && rankOf(words[i - 1] ?? '') !== undefined);
  if (named > 0) return { unit: WHICH_PERIOD.get(words[named] ?? '') as keyof typeof CUES.which_periods, rank: rankOf(words[named - 1] ?? '') as 'highest' | 'lowest' };
  // "Which year had the most EBITDA?", "which of the quarters had higher revenue?".
  const at = words.indexOf('which');
  const of = at >= 0 && words[at + 1] === 'of' && words[at + 2] === 'the' ? at + 3 : at + 1;
  const after = words[of] === 'two' || words[of] === '2' ? of + 1 : of;
  const unit = at >= 0 ? WHICH_PERIOD.get(words[after] ?? '') : undefined;
  const rank = words.slice(after + 1).map(rankOf).find((r) => r !== undefined);
  return unit && rank ? { unit, rank } : undefined;
}
/** The statement of cash flows' operating line, as the vocabulary names it: cash a company generated. */
const OPERATING_CASH: Measure = { kind: 'narrative', measure: 'operating_cash_flow' };
/** The costs a word of spending may mean: the vocabulary's own choices for "costs". */
const COSTS = METRICS.ambiguous.find((a) => a.phrase === 'costs');
const COST_NOUNS = new Set(CUES.cost_nouns);
const AMOUNT_WORDS = new Set(CUES.amount_words);
const PERCENT_WORDS = new Set(CUES.percent_words);
const SHARE_WORDS = new Set(CUES.share_words);
const SHARE_OF = new Set(CUES.share_of_words);
const FISCAL_YEAR_END_ASKED = wordsPattern(CUES.fiscal_year_end_asked);
const THAT_DATE = wordsPattern(CUES.that_date);
const LINES_RANKED = new Set(CUES.lines_ranked.flatMap((p) => p.split(' ')));
const RANKED_BY_SIZE = new Set(CUES.ranked_by_size);
/** Cues of a change between periods: with one, two periods are set against each other, never a part and its whole. */
const CHANGE_CUES = ['change', 'growth', 'compare', 'difference'] as const;
const FISCAL_YEAR_END_WORDS = new Set(CUES.fiscal_year_end_asked.flatMap((p) => tokenize(p).map((t) => t.word)));
const PERIOD_PREPOSITIONS = new Set(CUES.period_prepositions);
const WHEN_WORDS = new Set(CUES.when_words);
const YEAR_END_WHICH = new Set(CUES.year_end_which);
const QUESTION_WORDS = new Set(CUES.question_words);
const NOT_THEN = new Set(CUES.not_then_words);
const CAUSE_AFTER = new Set(CUES.cause_after_words);
const ONE_TIME_LINES = new Set<Concept>(CUES.one_time_lines);
const JOINING = new Set(CUES.line_joining_words);
/** The follow-up cue's phrases of several words, as spaced words ("what about"). */
const FOLLOW_UP_PHRASES = CUES.cues.follow_up.map((p) => ` ${tokenize(p).map((t) => t.word).join(' ')} `).filter((p) => p.trim().includes(' '));

/** The amount a margin is of ("gross margin" in dollars: gross profit); undefined for any other formula. */
/**
 * "And last quarter?" after a quarter before the latest (Q2 2003, Q4 2003 the latest): the latest quarter, or the one
 * before the quarter asked (Q1 2003): asked, never one of them chosen unsaid (it gave Q4 2003, later than Q2). None
 * where the two are one quarter, or the quarter asked is the latest (then it is the one before: `latestAgain`).
 */
function lastQuarterAfter(said: PeriodQuery | undefined, before: PeriodQuery | undefined, measures: Measure[], book: Book | undefined): Reading | undefined {
  if (said?.kind !== 'lastQuarter' || said.back || before?.kind !== 'id' || !/-Q[1-4]$/.test(before.id) || !book) return undefined;
  const latest = periodIdOf({ kind: 'lastQuarter' }, book);
  const prior = shiftQuarters(before, -1);
  if (!latest || prior?.kind !== 'id' || latest === before.id || latest === prior.id) return undefined;
  const [last, previous] = [{ kind: 'id', id: latest } as const, prior].map((p): Question => ({ intent: 'figure', measures, periods: [p] }));
  return { kind: 'clarify', prompt: '"Last quarter": the latest quarter, or the one before the quarter asked?', every: true, alternatives: [last, previous].flatMap((q) => (q ? [{ label: describeQuestion(q), question: q }] : [])) };
}

/** A line or formula as a key: its concept or formula id. */
const measureKey = (m: Measure): string | undefined => (m.kind === 'concept' ? m.concept : m.kind === 'formula' ? m.formula : undefined);

/**
 * Each line's own percent: the percent formula of it, the one over revenue first (gross profit's gross margin, net income's
 * net margin; income tax's effective tax rate, over pretax income).
 */
const PERCENT_OF = new Map(METRICS.formulas.flatMap((f) => {
  const [top, bottom] = f.terms;
  const line = f.op === 'ratio' && f.unit === 'percent' && top !== undefined ? measureKey(termMeasure(termChoices(top)[0] ?? '')) : undefined;
  return line ? [{ line, id: f.id, overRevenue: termChoices(bottom ?? '').includes('revenue') }] : [];
}).sort((a, b) => Number(a.overRevenue) - Number(b.overRevenue)).map(({ line, id }) => [line, id] as const));

/**
 * A line asked "as a percent" with no whole said ("gross profit as a percent", "cash in %"): its own percent formula, else,
 * where `shareAsked`, the common-size reading, a flow over revenue, a balance over total assets (METRICS.common_size).
 * Undefined for a whole itself, a count or an amount per share: a percent of nothing said.
 */
function percentOfLine(m: Measure, shareAsked: boolean): Measure | undefined {
  const own = PERCENT_OF.get(measureKey(m) ?? '');
  if (own) return { kind: 'formula', formula: own };
  // A formula (total liabilities) stands as its printed line, its formula kept.
  const line = statementLineOf(m);
  if (!shareAsked || !line || COUNTED.has(line)) return undefined;
  const measure = conceptInfo(line).measure;
  const whole = measure === 'flow' || measure === 'balance' ? METRICS.common_size[measure] : undefined;
  return whole && whole !== line ? { kind: 'ratio', numerator: line, denominator: whole, percent: true, ...(m.kind === 'formula' ? { numeratorFormula: m.formula } : {}) } : undefined;
}
const COUNTED: ReadonlySet<Concept> = new Set(METRICS.common_size.counts);

/**
 * A line asked as a percent that has none and is a share of no whole ("revenue as a percent", "EPS in %"): asked back, its
 * change in percent (what "by what percent?" means) or its amount, never the amount with the percent dropped; a share of
 * another line is for the asker to name.
 */
function percentOfWhat(label: string, q: Extract<Question, { intent: 'figure' }>): Reading {
  // A figure qualified (adjusted, the highest, a sum, as a release printed it), of several periods or beside other lines
  // has no one plain change to offer: said back.
  if (q.excluding || q.rank || q.combined || q.release || q.against || q.periods.length > 1 || q.measures.length > 1) {
    return { kind: 'invalid', title: 'Percent of what?', message: `"${label}" as a percent: of which line? Name it ("${label.toLowerCase()} as a percent of ..."), or ask its change ("... growth").` };
  }
  const { unit: _unit, ...amount } = q;
  // Set against a year earlier, as its choice says (a balance's comparison by default is with the start of its year).
  const change: Question = { intent: 'compare', measures: q.measures, ...(q.periods[0] ? { period: q.periods[0] } : {}), versus: { kind: 'relative', years: -1 }, ...(q.company ? { company: q.company } : {}) };
  return {
    kind: 'clarify',
    prompt: `"${label}" as a percent: its change in percent, or its amount? (As a share of another line, name it: "${label.toLowerCase()} as a percent of ...".)`,
    alternatives: [change, amount].map((question) => ({ label: describeQuestion(question), question })),
  };
}

/**
 * Whether a percent said of one figure asks its share of a whole: a word of percent ("rate" and "ratio" name ratios of
 * their own, the cash ratio: none of them said), of one period, nothing set against it (a change in percent is no share:
 * "SG&A qoq in %", "between Q3 2003 and Q3 2004 in %").
 */
const asksShare = (words: readonly string[], periods: number, compared: boolean): boolean =>
  words.some((w) => SHARE_WORDS.has(w)) && !words.some((w) => PERCENT_WORDS.has(w) && !SHARE_WORDS.has(w)) && periods === 1 && !compared;

function amountOfMargin(formulaId: string): Measure | undefined {
  const formula = formulaNamed(formulaId);
  const numerator = formula?.op === 'ratio' && formula.unit === 'percent' && formula.terms[0] !== undefined ? termChoices(formula.terms[0])[0] : undefined;
  return numerator ? termMeasure(numerator) : undefined;
}

/** How a question names a line or formula when it is said in another's place: by its name, where that is one of its phrases. */
function phraseNaming(id: string): string {
  const formula = formulaNamed(id);
  const phrases = formula ? formula.phrases : (METRICS.concepts[id as Concept] ?? []);
  const name = (formula?.name ?? conceptInfo(id as Concept).name).toLowerCase();
  return phrases.includes(name) ? name : [...phrases].sort((a, b) => b.length - a.length)[0] ?? name;
}

/**
 * A word naming several figures said beside other lines ("costs as % of revenue", "revenue and income"): the
 * question with each figure it may mean said in its place, to be read as it asks it (a share, a list), never dropped
 * nor listed beside the ratio it was in. So is a noun of spending said alone ("expenses as % of revenue": it gave the
 * revenue alone): some cost. Not one said with the line it qualifies ("EBITDA margin", "D&A expense", "spending on
 * R&D"), nor after a word no vocabulary explains ("noninterest expense": a line of its own, searched for).
 */
function severalBeside(text: string, s: Slots): { word: string; choices: string[] } | undefined {
  const inMeasure = (i: number) => s.measures.some((m) => i >= m.at && i < m.to);
  const unexplained = (i: number) => s.unexplained.includes(s.tokens[i]?.word ?? '');
  const qualifies = (i: number) => inMeasure(i - 1) || inMeasure(i + 1) || unexplained(i - 1) || (['on', 'for', 'of', 'in'].includes(s.tokens[i + 1]?.word ?? '') && inMeasure(i + 2));
  const spending = s.tokens.findIndex((t, i) => COST_NOUNS.has(t.word) && !s.spanned.has(i) && !qualifies(i));
  const [first] = s.ambiguous;
  const said = first && !s.compound ? first : spending >= 0 && COSTS ? { at: spending, to: spending + 1, choices: COSTS.choices } : undefined;
  const [start, end] = [s.tokens[said?.at ?? -1]?.start, s.tokens[(said?.to ?? 0) - 1]?.end];
  if (!said || start === undefined || end === undefined) return undefined;
  return { word: text.slice(start, end), choices: said.choices.map((id) => `${text.slice(0, start)}${phraseNaming(id)}${text.slice(end)}`) };
}
const PERSON = new Set(CUES.pronouns.person);
const THING = new Set(CUES.pronouns.thing);
/** Who a follow-up's "they" may be: the company, or what the answer before found in the text. */
const THEY = new Set([...CUES.pronouns.thing, ...CUES.pronouns.plural]);
const LEFT_OUT_ITEMS = new Set(CUES.left_out_items);
const says = (words: readonly string[], set: ReadonlySet<string>) => words.some((w) => set.has(w));
/** The words of quote cues and roles: how a quote is asked for, not what it is about. */
const QUOTE_ASKING = new Set([...CUES.cues.quote, ...Object.values(CUES.roles).flat(), 'about', 'release'].flatMap((p) => tokenize(p).map((t) => t.word)));
const QUOTE_MORE = new Set(CUES.quote_more);
const QUOTE_OTHER = new Set(CUES.quote_other);

/** What the text of the releases says about the question's words, in its period: the reading that gives no figure. */
const textQuestion = (s: Slots, period: PeriodQuery | undefined): Question => ({ intent: 'narrative', topic: s.topic, names: s.names, ...(period ? { period } : {}) });
const aboutTheText = (s: Slots, period: PeriodQuery | undefined): Reading => ({ kind: 'question', question: textQuestion(s, period) });

/** What a follow-up takes from the figure question before: its measures, its first period, and every period it named. */
function figureContext(previous: Question | undefined): { measures: Measure[]; period?: PeriodQuery; periods: PeriodQuery[] } | undefined {
  if (!previous) return undefined;
  const at = (period: PeriodQuery | undefined) => (period ? { period, periods: [period] } : { periods: [] });
  switch (previous.intent) {
    case 'figure':
      return { measures: previous.measures, ...at(previous.periods[0]), periods: previous.periods };
    case 'compare':
      return { measures: previous.measures, ...at(previous.period), ...(previous.period && previous.versus ? { periods: [previous.period, previous.versus] } : {}) };
    case 'why':
      return { measures: previous.measures, ...at(previous.period) };
    case 'trend':
      return { measures: previous.measures, periods: [] };
    case 'results':
      return { measures: [], ...at(previous.period) };
    default:
      return undefined;
  }
}

/** The part of a fiscal year of `part`'s length that holds the end of `of` (the quarter a year ends with, the half a quarter is in). */
function partOf(part: Extract<PeriodQuery, { kind: 'part' }>, of: PeriodQuery): PeriodQuery | undefined {
  const end = fiscalEnd(of);
  if (!end) return undefined;
  // Nine months hold no year's end: the year's first nine ("the nine months" after FY 2003 or Q4 2003 is 9M 2003).
  const holding = Math.ceil(end.endMonth / part.months) * part.months;
  return { kind: 'span', months: part.months, endMonth: holding <= 12 ? holding : part.months, year: end.year };
}

/**
 * The two periods the last two questions asked one after the other of the same figure (and company): "revenue Q4
 * 2003", then "and Q3 2003?". None when they asked other figures, several periods, or periods of different lengths.
 */
function periodsAskedInTurn(previous: Question | undefined, earlier: Question | undefined): { measures: Measure[]; later: PeriodQuery; earlier: PeriodQuery } | undefined {
  if (previous?.intent !== 'figure' || earlier?.intent !== 'figure' || previous.rank || earlier.rank || previous.company !== earlier.company) return undefined;
  const [a, b] = [earlier.periods, previous.periods];
  if (a.length !== 1 || b.length !== 1 || a[0]?.kind !== 'id' || b[0]?.kind !== 'id' || JSON.stringify(previous.measures) !== JSON.stringify(earlier.measures)) return undefined;
  const [first, second] = [parsePeriodId(a[0].id), parsePeriodId(b[0].id)];
  // Two balances' dates, or two spans of one length: a quarter against a quarter, never against a year.
  if (!first || !second || a[0].id === b[0].id || first.kind !== second.kind || monthsSaid(a[0]) !== monthsSaid(b[0])) return undefined;
  const [older, newer] = periodEnd(first) < periodEnd(second) ? [a[0], b[0]] : [b[0], a[0]];
  return { measures: previous.measures, later: newer, earlier: older };
}

/** A period of a follow-up read against the period before: "a year earlier", "Q1" (same year), "2002" (same span). */
function againstPrevious(p: PeriodQuery, before: PeriodQuery | undefined): PeriodQuery {
  if (!before) return p;
  // "And at the prior year end?", "and last year end?" after June 30, 2003: the fiscal year end before that date
  // (December 31, 2002), never the latest balance sheet's nor the coming one; "the latest year end" is that date's own
  // where it is one (Verizon's December 31, 2000, not 1999).
  // One said against a date of the question's own ("total assets June 30, 2003 vs last year end") keeps it.
  const date = balanceAnchorOf(before);
  if (p.kind === 'opening' && date && !p.before) return p.latest ? { kind: 'opening', before: date, through: true } : { kind: 'opening', before: date };
  if (p.kind === 'relative' && p.inYear !== undefined) return withYear(before, p.inYear);
  // "And the quarter before?" after a quarter said without its year that was not found ("buckle revenue q1"): the quarter
  // before the latest year's Q1, never the latest quarter (it gave Buckle's Q3 2024).
  const yearless = p.kind === 'relative' && before.kind === 'span' ? movedWithoutYear(before, p) : undefined;
  if (yearless) return yearless;
  // "The quarter before that" after H1 2003: the quarter before the half began, Q4 2002 (it was the latest quarter).
  if (p.kind === 'relative' && p.quarters) return shiftQuarters(before, p.quarters) ?? quarterBeside(before, p.quarters) ?? p;
  // "And the trailing twelve months?" after H1 2003: the twelve months to it, not to the latest period.
  if (p.kind === 'ltm' && !p.at && canEndLtm(before)) return { kind: 'ltm', at: before };
  if (p.kind === 'relative') return shiftYears(before, p.years);
  // "And the quarter?" after FY 2000: Q4 2000; "for the half?" after Q2 2004: H1 2004, after Q1 2003 the half it is in, H1.
  // After a balance's date, the balance at that date: a part of no period.
  if (p.kind === 'part') return partOf(p, before) ?? (before.kind === 'date' || (before.kind === 'id' && /^\d{4}-\d{2}-\d{2}$/.test(before.id)) ? before : p);
  // "And 2002?" after Q4 2003: Q4 2002. "And for 2003?" after Q4 2003 names no other quarter: the year itself.
  if (p.kind === 'year' && yearOf(before) === p.year && yearOnly(before) === undefined) return p;
  if (p.kind === 'year' && before.kind === 'span' && before.year !== undefined) return { ...before, year: p.year };
  if (p.kind === 'year' && before.kind === 'id') return withYear(before, p.year);
  // "YTD?" after Q2 2003: the year up to that quarter's end, H1 2003 (after Q3, nine months), as "YTD as of Q2 2003" is; never the whole year.
  const upTo = p.kind === 'ytd' && p.year === undefined && before.kind !== 'year' ? fiscalEnd(before) : undefined;
  if (upTo) return { kind: 'span', months: upTo.endMonth as 3 | 6 | 9 | 12, endMonth: upTo.endMonth, year: upTo.year };
  const year = yearOf(before);
  // A part said so many years before the latest ("the year-ago second quarter") keeps its own year.
  if (year !== undefined && (((p.kind === 'span' || p.kind === 'ytd') && p.year === undefined && !(p.kind === 'span' && p.back)) || p.kind === 'monthEnd')) return withYear(p, year);
  return p;
}

/** Measures as a choice names them: "Net income and EBITDA". */
const measuresLabel = (ms: readonly Measure[]) => ms.map((m, i) => (i === 0 ? measureLabel(m) : inSentence(measureLabel(m)))).join(' and ');

/** Which figure an ambiguous word means, each choice asked with the metrics said beside it ("revenue and income"). */
function clarifyMeasure(choices: string[], phrase: string, periods: PeriodQuery[], beside: readonly Measure[] = []): Reading {
  const alternatives = choices.map((id) => {
    const measure = termMeasure(id);
    const measures = [...beside, measure];
    const question: Question = { intent: 'figure', measures, periods };
    return { label: measuresLabel(measures), question };
  });
  return { kind: 'clarify', prompt: `"${phrase}" can mean more than one figure. Which one did you mean?`, alternatives, every: true };
}

/**
 * Cash said with a word of flow ("generated", "burned"): the cash from operations, or the change in the
 * cash balance over the period (a quarter against the quarter before, a year against the year before).
 */
function clarifyCashFlow(word: string, measures: readonly Measure[], periods: PeriodQuery[]): Reading {
  const isCash = (m: Measure) => m.kind === 'concept' && m.concept === 'cash';
  const flows = measures.map((m) => (isCash(m) ? OPERATING_CASH : m));
  const [period, more] = periods;
  const months = period && !more ? (yearOnly(period) !== undefined ? 12 : monthsSaid(period)) : undefined;
  const change: Question | undefined = period && (months === 3 || months === 12) && measures.every(isCash)
    ? { intent: 'compare', measures: [...measures], period, ...(months === 3 ? { sequential: true } : {}) }
    : undefined;
  return {
    kind: 'clarify',
    every: true,
    prompt: `Cash is a balance, at a date, and "${word}" asks for a flow: the cash from operations, or the change in the cash balance over the period. Which one did you mean?`,
    alternatives: [
      { label: measuresLabel(flows), question: { intent: 'figure', measures: flows, periods } },
      ...(change ? [{ label: `${measureLabel(measures[0] as Measure)}: change over the ${months === 3 ? 'quarter' : 'year'}`, question: change }] : []),
    ],
  };
}

/** The terms the releases define, in lower case: read once per snapshot. */
const termsBySnapshot = new WeakMap<Snapshot, ReadonlySet<string>>();
function definedTerms(snapshot: Snapshot): ReadonlySet<string> {
  let terms = termsBySnapshot.get(snapshot);
  if (!terms) {
    terms = new Set(snapshot.ofKind('definition').map((d) => d.term.toLowerCase()));
    termsBySnapshot.set(snapshot, terms);
  }
  return terms;
}

/** The company of each person the releases name: a person of one company names it ("what did Larry Ellison say"). */
const peopleBySnapshot = new WeakMap<Snapshot, ReadonlyMap<string, ReadonlySet<string>>>();
function companyOfPeople(people: readonly string[], snapshot: Snapshot): string | undefined {
  let map = peopleBySnapshot.get(snapshot);
  if (!map) {
    const companies = new Map<string, Set<string>>();
    for (const book of snapshot.books) for (const person of book.people) companies.set(person, (companies.get(person) ?? new Set()).add(book.company.key));
    map = companies;
    peopleBySnapshot.set(snapshot, map);
  }
  const keys = new Set(people.flatMap((p) => [...(map.get(p) ?? [])]));
  return keys.size === 1 ? [...keys][0] : undefined;
}

/**
 * The reading of a question, given the conversation's previous question (if any). The company it
 * names, else the previous question's, goes with every question and every choice asked back.
 * `earlier`: the question before `previous`, when the conversation kept one ("revenue Q4 2003", "and Q3 2003?",
 * "the difference?").
 */
export function interpret(typed: string, snapshot: Snapshot, previous?: Question, subject?: readonly string[], earlier?: Question): Reading {
  // "Revenue Q4 2003, sorry I meant Q3": each part read against the one before, the last one answered.
  const parts = correctedParts(typed);
  const [first, ...rest] = parts;
  // "Nvm, Oracle": a part after words that take back is a follow-up, a company alone naming whose figure.
  const taken = rest.length > 0 || (first !== undefined && !typed.trim().startsWith(first.text));
  if (rest.length === 0) return lastPart(first ?? { text: '' }, snapshot, previous, subject, taken, earlier);
  let before = previous;
  for (const [i, part] of parts.slice(0, -1).entries()) {
    const reading = interpretPart(part.text, snapshot, before, subject, i > 0);
    // "Hmm, I meant net income to common": a part that asks nothing ("hmm", "ok") leaves the question before as it was
    // (it took its place, and the period asked was lost: the latest served).
    if (reading.kind === 'question' && reading.question.intent !== 'help') before = reading.question;
  }
  return lastPart(parts.at(-1) ?? { text: '' }, snapshot, before, subject, true);
}

/**
 * The part answered. "No....07 dollars", "no.15m": the point may be the amount's or punctuation, so where the two
 * readings set the figure against different amounts, both are asked back ($0.07 or $7), never one of them taken.
 */
function lastPart(part: Part, snapshot: Snapshot, previous: Question | undefined, subject: readonly string[] | undefined, correcting: boolean, earlier?: Question): Reading {
  const reading = interpretPart(part.text, snapshot, previous, subject, correcting, earlier);
  if (part.withPoint === undefined) return reading;
  const pointed = interpretPart(part.withPoint, snapshot, previous, subject, correcting, earlier);
  const amount = (r: Reading) => (r.kind === 'question' && r.question.intent === 'figure' ? r.question.against : undefined);
  // A fraction of a cent reads as none (the amount's own rule: "no...10 cents" is 10 cents either way, "no...9 cents" 9).
  const [plain, withPoint] = [amount(reading), amount(pointed)];
  if (!plain || !withPoint || JSON.stringify(plain) === JSON.stringify(withPoint) || reading.kind !== 'question' || pointed.kind !== 'question') return reading;
  return {
    kind: 'clarify',
    prompt: `"${part.withPoint}": is the point the amount's (${amountWords(withPoint)}) or punctuation (${amountWords(plain)})?`,
    every: true,
    alternatives: [pointed.question, reading.question].map((q) => ({ label: describeQuestion(q), question: q })),
  };
}

function interpretPart(typed: string, snapshot: Snapshot, previous?: Question, subject?: readonly string[], correcting = false, earlier?: Question): Reading {
  const text = sharedHeadsWrittenOut(writtenOut(typed));
  // "15 cents", "$15" after a figure set against an amount: the amount meant, the same figure set against it (a unit asked
  // for "above 15" searched the text for "15", or showed the figure with the amount dropped).
  // Not after a claim checked ("was EPS 9 cents?"), whose amount is judged to the digits said.
  const meant = previous?.intent === 'figure' && previous.against && !previous.claimed ? amountAlone(text) : undefined;
  if (previous?.intent === 'figure' && meant && !('unreadable' in meant)) return { kind: 'question', question: { ...previous, against: meant } };
  // "Was revenue above $20 million in Q4 2003?": the figure question without the amount, set against it. Read
  // otherwise (a change, a search), the amount is part of the question as before: never dropped unsaid.
  const found = meant && 'unreadable' in meant ? meant : thresholdIn(text);
  if (found && 'unreadable' in found && found.fractionOfCent) {
    return { kind: 'invalid', title: 'Amount not understood', message: `"${found.unreadable}" is a fraction of a cent: write the cents whole ("9 cents") or the dollars ("$0.09").` };
  }
  if (found && 'unreadable' in found) {
    return { kind: 'invalid', title: 'Amount not understood', message: `"${found.unreadable}" is not a number I can read: write a decimal with a point (${found.unreadable.replace(/,/g, '.')}) and thousands with commas in threes (14,400,000).` };
  }
  // "Was net income $1.2 million in Q4 2003?": the figure checked against the amount claimed (it searched the text for
  // "$1.2" and showed the net income to common stockholders, which made the claim look true).
  // Not of an adjusted figure ("was adjusted EPS $2.88?"): which the statements do not print, and the text answers.
  const claim = found || EXCLUDING_SAID.test(text) ? undefined : claimIn(text);
  const threshold = found ?? claim;
  if (threshold) {
    const restText = `${text.slice(claim?.from ?? 0, threshold.start)} ${text.slice(threshold.end, claim?.checking)}`;
    const readRest = readPart(restText, snapshot, previous, subject, correcting, earlier);
    // "Was it more than 2m?", "did it beat 13m?" after a figure: that figure set against the amount (it compared it
    // with a year earlier, or searched the text for "13m beat").
    const read: Reading = readRest.kind === 'question' && readRest.question.intent === 'help' && previous?.intent === 'figure' ? { kind: 'question', question: previous } : readRest;
    // "Net income over $1m in 2003 and 2002": two periods said side by side read as compared; with no word of change,
    // each is set against the amount ("grew more than 5%" stays a change, no figure set against anything).
    const noChange = () => !(['compare', 'change', 'growth', 'difference', 'sequential', 'year_on_year'] as const).some((c) => slotsOf(restText, snapshot).cues.has(c));
    const rest: Reading = read.kind === 'question' && read.question.intent === 'compare' && read.question.period && read.question.versus && noChange()
      ? { kind: 'question', question: { intent: 'figure', measures: read.question.measures, periods: [read.question.period, read.question.versus], ...(read.question.company ? { company: read.question.company } : {}) } }
      : read;
    const figures = (r: Reading) => (r.kind === 'question' ? [r.question] : r.kind === 'clarify' ? r.alternatives.map((a) => a.question) : []);
    const all = figures(rest);
    if (all.length > 0 && all.every((q) => q.intent === 'figure' && !q.rank && !q.combined)) {
      // "In which quarters of 2003 was EBITDA above $2.5 million?": each quarter of the year, not the year.
      const byQuarter = QUARTER_BY_QUARTER.test(text) && !/\bnot\b[^,;.?]*\bquarter/i.test(text) && !WHOLE_YEAR.test(text);
      // "Did revenue ever top $20m?", "were both years above $50m?", "over the last 4 quarters": which periods, or
      // each of them or their total, is not said: asked, never the latest alone nor each as if meant.
      const periodsUnsaid = all.some((q) => q.intent === 'figure' && (q.periods.length === 0 || q.periods.some((p) => p.kind === 'recent')));
      if (periodsUnsaid && SEVERAL_PERIODS.test(text)) {
        return { kind: 'invalid', title: 'Which periods?', message: `Set against ${amountWords(threshold.amount)}: which periods? Name them, e.g. "in which quarters of 2003 was revenue above $14 million?" or "revenue above $50 million in 2003 and 2002".` };
      }
      return eachQuestion(rest, (q) => {
        if (q.intent !== 'figure') return q;
        const year = byQuarter && q.periods.length === 1 ? yearOnly(q.periods[0] as PeriodQuery) : undefined;
        // "Did annual revenue top $50m in 2003, or only per quarter?": the year as a whole, whatever else its quarters read as.
        const whole = WHOLE_YEAR.test(text) ? wholeYearOf(q.periods) : undefined;
        const periods = whole !== undefined ? [{ kind: 'year' as const, year: whole }] : year !== undefined ? quartersOf(year) : q.periods;
        return { ...q, periods, against: threshold.amount, ...(claim ? { claimed: true as const } : {}) };
      });
    }
  }
  return readPart(text, snapshot, previous, subject, correcting, earlier);
}

/** "Quarters with", "which quarter", "any quarter": the quarters of the year said, each set against an amount. */
const QUARTER_BY_QUARTER = wordsPattern(CUES.amount_periods.by_quarter);
/** The year whose four quarters these periods are, if they are. */
function wholeYearOf(periods: readonly PeriodQuery[]): number | undefined {
  const year = periods[0] ? yearOf(periods[0]) : undefined;
  return year !== undefined && JSON.stringify(periods) === JSON.stringify(quartersOf(year)) ? year : undefined;
}

/** Words naming the year as a whole ("annual revenue", "total over all quarters"): never its quarters one by one. */
const WHOLE_YEAR = wordsPattern(CUES.amount_periods.whole_year);
/** Words asking about several periods or any of them ("ever", "both years", "all quarters"). */
const SEVERAL_PERIODS = wordsPattern(CUES.amount_periods.several);
/** Words of an adjusted or excluding figure ("adjusted EPS", "before the credit"). */
const EXCLUDING_SAID = wordsPattern(CUES.cues.excluding);

/** Lines said as left out of others (`from`): not taken out, which no release's arithmetic names; the lines side by side offered. */
function oneLineOutOfAnother(left: { words: string; measures: Measure[] }, from: readonly Measure[], periods: PeriodQuery[]): Reading {
  const asked = [...from, ...left.measures];
  return {
    kind: 'clarify',
    prompt: `"${left.words}" is a line of the statements of its own (${left.measures.map(measureLabel).join(', ')}): I do not take one line out of another, and no sentence of the releases is read as doing it. The lines side by side?`,
    alternatives: [{ label: measuresLabel(asked), question: { intent: 'figure', measures: asked, periods } }],
  };
}

/** A part of a question, its shorthand written out. */
/** `choice`: the text is one reading of a word naming several figures, read once more (never again for a word in it). */
function readPart(text: string, snapshot: Snapshot, previous?: Question, subject?: readonly string[], correcting = false, earlier?: Question, choice = false): Reading {
  const said = slotsOf(text, snapshot, previous);
  // Only what to leave out, after a figure ("excluding the restructuring charge?" after net income): of that figure, as if
  // said with it; never the line left out asked for.
  const before = said.linesLeftOut?.alone && !said.company ? figureContext(previous) : undefined;
  const alone = before && before.measures.length > 0 ? said.linesLeftOut : undefined;
  // A one-time line the company's statements never print (Caterpillar's restructuring costs) is left out as an item is:
  // the release's own adjusted words are looked for, never one line taken out of another (nor a recurring line, as
  // depreciation, read as any one-time item).
  const book = bookFor(snapshot, said.company ?? previous?.company);
  const unprintedOneTime = (m: Measure) => m.kind === 'concept' && ONE_TIME_LINES.has(m.concept) && book !== undefined && !book.printedConcepts.includes(m.concept);
  const takenAsLines = (left: { measures: readonly Measure[]; item: boolean }) => !left.item && !left.measures.every(unprintedOneTime);
  if (before && alone && takenAsLines(alone)) return oneLineOutOfAnother(alone, before.measures, said.periods.length > 0 ? said.periods : before.periods);
  const s = alone ? { ...said, measures: [] } : said;
  // A period that cannot be one is said back, never dropped or mended (which would answer another period:
  // "the quarter ending September 31, 2003" is no Q3) nor searched for.
  const impossible = impossiblePeriod(text);
  if (impossible) return { kind: 'invalid', title: 'Period not understood', message: impossible };
  // Arithmetic said in words beside it ("excluding D&A (cost of revenues plus S&A)") says what is meant.
  // A one-time line left out is an item unless a line is joined right after it: "EPS excluding restructuring and taxes"
  // leaves out more than it, which is asked back ("excluding restructuring, what was EPS" is EPS adjusted).
  const leftOut = s.linesLeftOut && !s.linesLeftOut.alone && !s.linesLeftOut.item ? s.linesLeftOut : undefined;
  // Fillers aside ("restructuring and the taxes"), only words joining lines between them.
  const joinedAfter = (m: { at: number }) => {
    const between = leftOut !== undefined && m.at >= leftOut.to ? s.tokens.slice(leftOut.to, m.at).map((t) => t.word).filter((w) => JOINING.has(w) || !FILLERS.has(w)) : [];
    return between.length > 0 && between.every((w) => JOINING.has(w));
  };
  const asItem = leftOut !== undefined && !takenAsLines(leftOut) && !s.measures.some(joinedAfter);
  if (leftOut && !asItem && s.measures.length > 0 && !s.measures.some((m) => m.measure.kind === 'sum' || m.measure.kind === 'ratio')) {
    return oneLineOutOfAnother(leftOut, s.measures.map((m) => m.measure), s.periods);
  }
  if (s.linesSubtracted) return sideBySide(s.linesSubtracted, s.periods, `I do not subtract one line from another unless the releases' own arithmetic names the result (revenue less cost of revenues is gross profit). The lines side by side?`);
  if (s.sumShared) return sideBySide(s.sumShared, s.periods, `I compute the share of one line in another ("R&D as a percent of revenue"), not of a sum of lines. The figures side by side?`);
  // A measure no release prints ("EBITDAR"): said so, never the line a letter away nor sentences about it.
  const unprinted = s.unexplained.find((w) => UNPRINTED.has(w));
  if (unprinted) return { kind: 'invalid', title: 'Not in the releases', message: `"${unprinted.includes(' ') ? unprinted : unprinted.toUpperCase()}" is not a line I read from the releases, and I do not compute it.` };
  if (s.negated) {
    return { kind: 'invalid', title: 'Not understood', message: `"${s.negated}": I do not read what a question says it is not. Ask for what you want instead (for example "basic EPS Q4 2003", "revenue Q3 2003").` };
  }
  if (s.periodLeftOut) {
    return { kind: 'invalid', title: 'Period left out', message: `"${s.periodLeftOut}" is a period left out of another: I do not subtract periods. Ask for the periods you want added up, e.g. "EBITDA Q2 2002 + Q3 2002 + Q4 2002".` };
  }
  const company = s.company ?? (snapshot.books.length > 1 && s.people.length > 0 ? companyOfPeople(s.people, snapshot) : undefined) ?? previous?.company;
  const misspelt = !s.company && snapshot.books.length > 1 ? misspeltCompany(text, s, snapshot, previous) : undefined;
  if (misspelt) return misspelt;

  // "Compare that with Sears Q2 2003" after Infocrossing's revenue: two companies, which no comparison of one company's periods answers.
  const asked = figureContext(previous);
  // A comparison said whole ("and Apple Q3 2004 vs Q3 2003") is that company's own.
  if (s.company && previous?.company && s.company !== previous.company && s.cues.has('compare') && s.companies.length <= 1 && s.periods.length < 2 && asked && asked.measures.length > 0) {
    return acrossCompanies(previous.company, s.company, s.measures.length > 0 ? distinctMeasures(s) : asked.measures, s.periods.length > 0 ? s.periods : asked.periods, snapshot);
  }
  const besideOthers = s.measures.length > 0 && !choice ? severalBeside(text, s) : undefined;
  if (besideOthers) {
    const readings = besideOthers.choices.map((said) => readPart(said, snapshot, previous, subject, correcting, earlier, true));
    const questions = readings.flatMap((r) => (r.kind === 'question' ? [r.question] : []));
    if (questions.length === readings.length) {
      return { kind: 'clarify', prompt: `"${besideOthers.word}" can mean more than one figure. Which one did you mean?`, alternatives: questions.map((question) => ({ label: describeQuestion(question), question })), every: true };
    }
  }
  const [release] = s.releases;
  const read = release ? printedInRelease(readQuestion(s, snapshot, previous, subject, correcting), release) : readQuestion(s, snapshot, previous, subject, correcting, earlier);
  const reading = inUnit(asLoss(s.quarterOfLastYear ? ofWhichYear(read) : read, s), s);
  // Companies named side by side in a question answered about one: which one is asked back, never the first alone.
  if (s.companies.length > 1 && reading.kind === 'question' && !(reading.question.intent === 'trend' && reading.question.companies)) {
    return oneCompanyOf(reading.question, s.companies, snapshot);
  }
  const again = excludingAgain(reading, previous, s);
  const about = company ? eachQuestion(again, (q) => ({ ...q, company })) : again;
  // Read as that figure (not the text's: "international sales %"), its percent of nothing said is asked.
  if (s.percentOfNothing && about.kind === 'question' && about.question.intent === 'figure') return percentOfWhat(s.percentOfNothing, about.question);
  const ofPeriods = about.kind === 'question' && (about.question.intent === 'figure' || about.question.intent === 'compare') ? about.question : undefined;
  const share = s.periodShare && ofPeriods ? shareReading(s.periodShare, ofPeriods, previous) : undefined;
  if (share) return share;
  const sameShare = ofPeriods && !s.periodShare ? shareAgain(ofPeriods, previous, s) : undefined;
  if (sameShare) return { kind: 'question', question: sameShare };
  return overSales(about, s, bookFor(snapshot, company));
}

/**
 * "And Q1 2021?", "and last year?", "and in dollars?" after adjusted EPS or an adjusted margin: no line said, so what was
 * left out stays out, never the figure as reported as if asked for. A line said anew ("and revenue?") is asked as said,
 * and so is the figure as reported ("what about GAAP?").
 */
function excludingAgain(reading: Reading, previous: Question | undefined, s: Slots): Reading {
  const before = (previous?.intent === 'figure' || previous?.intent === 'compare') && previous.excluding ? previous : undefined;
  if (!before || s.measures.length > 0 || s.cues.has('reported')) return reading;
  return eachQuestion(reading, (q) => (q.intent === 'figure' || q.intent === 'compare' ? { ...q, excluding: true } : q));
}

/**
 * The cost of sales set against revenue where the company prints its sales apart from revenues of another kind
 * (Caterpillar's Financial Products', Sears' credit), read in the asker's words: "as a percent of sales" is over the
 * sales line, as the gross margin is; "of revenue" or "of total sales and revenues" over the total, as named; "sales
 * minus cost of sales" is gross profit, over the sales; "revenue minus cost of sales" asked back (gross profit is over
 * the sales, not the revenue named; the two lines side by side).
 */
function overSales(reading: Reading, s: Slots, book: Book | undefined): Reading {
  if (reading.kind !== 'question' || (reading.question.intent !== 'figure' && reading.question.intent !== 'compare') || !book) return reading;
  const q = reading.question;
  const sales = METRICS.over_sales.sales.find((c) => c !== 'revenue' && book.printedConcepts.includes(c));
  if (!sales) return reading;
  // "Caterpillar sales Q1 2022", "was caterpillar sales $12.9 billion?": its sales line and its total side by side, the
  // word said fitting either (the total alone was judged against the sales said).
  const saidSales = s.measures.some((m) => conceptOf(m.measure) === 'revenue' && revenueWord(s.tokens, m) === 'sales');
  const line = q.measures.findIndex((m) => conceptOf(m) === 'revenue');
  if (saidSales && line >= 0 && !q.measures.some((m) => conceptOf(m) === sales)) {
    return { kind: 'question', question: { ...q, measures: [...q.measures.slice(0, line), { kind: 'concept', concept: sales }, ...q.measures.slice(line)] } };
  }
  const ratio = s.revenueOver === 'sales' ? q.measures.findIndex((m) => m.kind === 'ratio' && m.denominator === 'revenue' && METRICS.over_sales.lines.includes(m.numerator)) : -1;
  const with_ = (at: number, replacement: Measure[]): Question => ({ ...q, measures: [...q.measures.slice(0, at), ...replacement, ...q.measures.slice(at + 1)] });
  const over = q.measures[ratio];
  if (over?.kind === 'ratio') return { kind: 'question', question: with_(ratio, [{ ...over, denominator: sales }]) };
  // "Gross profit as a percentage of total sales and revenues": over the total named, never the gross margin's sales.
  const margin = s.revenueOver === 'revenue' ? q.measures.findIndex((m) => m.kind === 'formula' && m.formula === 'gross_margin') : -1;
  if (margin >= 0) return { kind: 'question', question: with_(margin, [{ kind: 'ratio', numerator: 'gross_profit', denominator: 'revenue', percent: true }]) };
  const at = s.revenueLess === 'revenue' ? q.measures.findIndex((m) => m.kind === 'formula' && m.formula === 'gross_profit') : -1;
  const m = q.measures[at];
  if (!m) return reading;
  const alternatives = [with_(at, [m]), with_(at, [{ kind: 'concept', concept: 'revenue' }, { kind: 'concept', concept: 'cost_of_revenue' }])];
  const name = inSentence(conceptInfo(sales).name);
  return {
    kind: 'clarify',
    prompt: `${book.company.name} prints its ${name} apart from revenues of another kind, and its cost of sales is the cost of those ${name} alone. Which did you mean?`,
    alternatives: alternatives.map((question) => ({ label: describeQuestion(question), question })),
  };
}

/**
 * "Revenue Q3 of last year": the latest year's Q3, or the one a year before it? Each is a reading people
 * mean ("last year" as the latest fiscal year, or as the year before this one): asked back, never picked.
 */
function ofWhichYear(reading: Reading): Reading {
  if (reading.kind !== 'question' || reading.question.intent !== 'figure') return reading;
  const q = reading.question;
  // After Q4 2003, "and Q4 last year?" took that year from the conversation: Q4 2003 again, or Q4 2002.
  const at = q.periods.findIndex((p) => p.kind === 'span');
  const part = q.periods[at];
  // "YTD last year": the latest year's year to date, or the one before? Neither is a period to offer without its year.
  if (part?.kind !== 'span' && q.periods.some((p) => p.kind === 'ytd' && p.year === undefined)) {
    return { kind: 'invalid', title: 'Which year to date?', message: '"Year to date" with "last year" can be the latest year\'s or the one before it: say the year ("YTD 2003", "nine months 2002").' };
  }
  if (part?.kind !== 'span') return reading;
  const earlier = part.year === undefined ? { ...part, back: 1 } : shiftYears(part, -1);
  const yearBefore: Question = { ...q, periods: q.periods.map((p, i) => (i === at ? earlier : p)) };
  return { kind: 'clarify', prompt: '"Last year" beside a quarter: which did you mean?', every: true, alternatives: [
    { label: describeQuestion(q), question: q },
    { label: describeQuestion(yearBefore), question: yearBefore },
  ] };
}

/**
 * "The August call", "the call in May": the call of the release published that month, any year (it was the latest call,
 * the month dropped); never "may" as a verb ("may I have the dial-in?").
 */
function monthOfCall(words: readonly string[]): PeriodQuery | undefined {
  const callWords = CUES.call_month_words;
  const at = words.findIndex((w, i) => monthNumber(w) !== undefined && !(w === 'may' && CUES.verb_subjects.includes(words[i - 1] ?? ''))
    && (callWords.includes(words[i + 1] ?? '') || (words[i - 1] === 'in' && callWords.includes(words[i - 2] ?? ''))));
  const month = monthNumber(words[at] ?? '');
  return month ? { kind: 'monthEnd', month } : undefined;
}

/** Whether a line is said as a loss ("net loss", "operating losses") or a deficit ("the stockholders' deficit"). */
const saidAs = (s: Slots, words: readonly string[]): boolean => s.measures.some((m) => s.tokens.slice(m.at, m.to).some((t) => words.includes(t.word)));

/**
 * "The net loss in Q1 2003", "was the net loss above $2 million", "was the stockholders' deficit $14.4 million?", "the
 * tax benefit in 1993": a profit line's figure asked as a loss, an equity line's as a deficit, the tax line's as a benefit.
 */
function asLoss(reading: Reading, s: Slots): Reading {
  const said = s.measures.flatMap((m) => s.tokens.slice(m.at, m.to).map((t) => t.word));
  const words = s.tokens.map((t) => t.word);
  return eachQuestion(reading, (q) => (q.intent === 'figure' && !q.rank && q.measures.length === 1 && q.measures.every((m) => askedAsNegative(said, m, words)) ? { ...q, asLoss: true } : q));
}

/**
 * Whether the words naming a metric ask its line as a loss, a deficit or a benefit (a slash command's metric option too);
 * a line printed as a charge or a credit is asked as a charge by the word anywhere in the question (`words`): "was Q4
 * accretion a charge above $0.5m?" (it said a credit was above).
 */
export function askedAsNegative(said: readonly string[], m: Measure, words: readonly string[] = said): boolean {
  const saidOf = (list: readonly string[], ...as: string[]) => list.some((w) => as.includes(w));
  const lines = saidOf(said, 'loss', 'losses') ? PROFIT_LINES : saidOf(said, 'deficit', 'deficits') ? DEFICIT_LINES : saidOf(said, 'benefit', 'benefits') ? BENEFIT_LINES
    : saidOf(words, 'charge', 'charges') ? CHARGE_OR_CREDIT_LINES : undefined;
  return lines !== undefined && m.kind === 'concept' && lines.has(m.concept);
}

/** Each scale a figure may be asked in, by the words saying it. */
const SCALES_SAID = new Map(Object.entries(CUES.display_units).flatMap(([unit, words]) => words.map((w) => [w, unit as DisplayUnit] as const)));

/**
 * "Revenue in billions", "EPS in cents", "net income ($m)": the scale asked, shown beside the figure as printed. A word of
 * scale after a number is the number's ("above $2 billion"), never the figure's.
 */
function inUnit(reading: Reading, s: Slots): Reading {
  const said = s.tokens.flatMap((t, i) => {
    const unit = SCALES_SAID.get(t.word);
    // "Per cent" is written out as "percent" before (shorthand.json): a "cent" here is cents.
    const before = s.tokens[i - 1]?.word ?? '';
    return unit && !/\d/.test(before) ? [unit] : [];
  });
  const [unit] = said;
  if (!unit || said.some((u) => u !== unit)) return reading;
  return eachQuestion(reading, (q) => (q.intent === 'figure' || q.intent === 'compare' || q.intent === 'trend' ? { ...q, unit } : q));
}

/** A reading with `change` made to its question, or to each question it offers to choose from. */
function eachQuestion(reading: Reading, change: (q: Question) => Question): Reading {
  if (reading.kind === 'question') return { ...reading, question: change(reading.question) };
  if (reading.kind === 'clarify') return { ...reading, alternatives: reading.alternatives.map((a) => ({ ...a, question: change(a.question) })) };
  return reading;
}

/** Figures "in the Q1 release": as that release printed them, never as restated since. */
const printedInRelease = (reading: Reading, release: PeriodQuery): Reading =>
  eachQuestion(reading, (q) => (q.intent === 'figure' && !q.release ? { ...q, release } : q));

/**
 * A word nobody explained, one letter from a company's name ("Aple", "Oracel"): asked back as that
 * company's question, never answered as if named, for a word that close may be another.
 */
function misspeltCompany(text: string, s: Slots, snapshot: Snapshot, previous?: Question): Reading | undefined {
  const names = [...lexiconOf(snapshot).companies].filter(([word]) => word.length >= 4);
  for (const word of s.unexplained) {
    const at = s.tokens.find((t) => t.word === word);
    if (word.length < 4 || !at) continue;
    const close = names.filter(([name]) => name[0] === word[0] && editDistance(word, name, 1) <= 1);
    const [only] = close;
    if (!only || close.some(([, key]) => key !== only[1])) continue;
    const again = interpret(`${text.slice(0, at.start)}${only[0]}${text.slice(at.end)}`, snapshot, previous);
    const book = snapshot.book(only[1]);
    if (again.kind !== 'question' || again.question.company !== only[1] || !book) continue;
    const label = companyLabel(book.company);
    return { kind: 'clarify', prompt: `No company loaded is called "${word}". Did you mean ${label}?`, alternatives: [{ label: `${label}: ${describeQuestion(again.question)}`, question: again.question }] };
  }
  return undefined;
}

/** A company as a choice names it ("Oracle Corporation (ORCL)"), by its key. */
function namedCompany(key: string, snapshot: Snapshot): string {
  const c = snapshot.book(key)?.company;
  return c ? companyLabel(c) : key;
}

/** The same question about each company named; for figures, also the chart that draws them side by side. */
function oneCompanyOf(question: Question, companies: readonly string[], snapshot: Snapshot): Reading {
  const named = (key: string) => namedCompany(key, snapshot);
  const alternatives = companies.map((key) => ({ label: named(key), question: { ...question, company: key } }));
  const [first, ...others] = companies;
  const chartable = (question.intent === 'figure' || question.intent === 'compare') && question.measures.length > 0;
  if (chartable && first) {
    alternatives.push({ label: 'Side by side, by quarter (a chart)', question: { intent: 'trend', measures: question.measures, company: first, companies: others } });
  }
  return { kind: 'clarify', prompt: `The question names ${companies.length} companies, and this answer is about one. Which one?`, alternatives };
}

/** A figure of one company compared with another's: the other's figure, or both drawn side by side; never one company's periods against each other. */
function acrossCompanies(before: string, now: string, measures: Measure[], periods: PeriodQuery[], snapshot: Snapshot): Reading {
  const named = (key: string) => namedCompany(key, snapshot);
  const figure: Question = { intent: 'figure', measures, periods, company: now };
  return {
    kind: 'clarify',
    prompt: `I compare a company's figures across its own periods, not two companies in one answer. Which would help?`,
    alternatives: [
      { label: `${named(now)}: ${describeQuestion(figure)}`, question: figure },
      { label: `${named(before)} and ${named(now)} side by side, by quarter (a chart)`, question: { intent: 'trend', measures, company: before, companies: [now] } },
    ],
  };
}

/** Questions asked beside the figures, after which a figure follow-up still builds on the figures before them. */
const ASIDES = new Set<Question['intent']>(['quote', 'contact', 'call', 'profile', 'define']);

/**
 * A question asked again of another company: a period settled as the latest, that period unsaid, or said of the first
 * company's own calendar ("last quarter", "year to date"), is the other's own; a period said by its dates, where the
 * other's fiscal year ends in another month, is the months it covered (after Apple's quarter ended June 28, 2003, its
 * fiscal Q3, "and Infocrossing?" is Infocrossing's quarter ended June 2003, its Q2, never its Q3, July to September).
 */
function askedOf(q: Question, from: string | undefined, to: string | undefined, snapshot: Snapshot): Question {
  if (q.intent === 'figure' && q.latest) return { intent: 'figure', measures: q.measures, periods: [] };
  if (q.intent === 'results' && q.latest) return { intent: 'results' };
  const [before, after] = [from ? bookFor(snapshot, from) : undefined, to ? bookFor(snapshot, to) : undefined];
  if (!before || !after || before === after) return q;
  // A period of the company's own calendar ("last quarter") is the other's own; said by its dates, the months it covered
  // where the calendars differ.
  const apart = before.company.fiscalYearEnd !== after.company.fiscalYearEnd;
  const months = (p: PeriodQuery) => (p.kind === 'id' && (p.own || apart) ? calendarSpan(p, (id) => before.endsOf(id), { endMonth: before.company.fiscalYearEnd }) : p);
  // A sales line shown beside the total ("caterpillar sales") is not asked of a company that prints none apart.
  const shownBeside = (m: Measure) => m.kind === 'concept' && m.concept !== 'revenue' && METRICS.over_sales.sales.includes(m.concept) && !after.printedConcepts.includes(m.concept);
  const measures = 'measures' in q && q.measures.some((m) => conceptOf(m) === 'revenue') ? { measures: q.measures.filter((m) => !shownBeside(m)) } : {};
  // A period compared with that was found, not said: the other's is found as far before its own period (a year before is
  // what a comparison finds with none said; the quarter before, what a sequential one does, found or not).
  const { versus, ...asked } = 'versus' in q ? q : { ...q, versus: undefined };
  const back = versus?.kind === 'id' && versus.found ? versus.found : 'sequential' in q && q.sequential && !versus ? 1 : undefined;
  const against = back ? (back === 4 ? undefined : ({ kind: 'relative', years: 0, quarters: -back } as const)) : versus && months(versus);
  return {
    ...asked,
    ...measures,
    ...('periods' in q ? { periods: q.periods.map(months) } : {}),
    ...('period' in q && q.period ? { period: months(q.period) } : {}),
    ...(against ? { versus: against } : {}),
  } as Question;
}

/** Questions a bare company name after them asks again of that company. */
const ANOTHER_COMPANY_ASKS = new Set<Question['intent']>(['figure', 'compare', 'trend', 'results', 'why', 'call', 'contact', 'quote', 'profile']);

/** Questions whose business a word of the call said alone after them is of ("and online?" after comparable sales). */
const FIGURES_OR_TEXT = new Set<Question['intent']>(['figure', 'compare', 'trend', 'narrative']);

/**
 * "And online?", "what about international?" right after a figure or words of the text, "international wireless
 * customers", "online subscribers" beside words they qualify: of that business, not the call's webcast or international
 * dial-in; words to read, never dropped (it gave Verizon's webcast address for its online subscribers).
 */
function callWordsOfFigures(s: Slots, previous: Question | undefined): Slots {
  const said = s.tokens.map((t) => t.word).filter((w) => CALL_WORDS.has(w));
  if (said.length === 0 || !said.every((w) => CALL_WORDS_AFTER_FIGURES.has(w))) return s;
  const qualifying = !s.cues.has('call') && s.unexplained.some((w) => !CALL_WORDS.has(w));
  if (!qualifying && (!previous || !FIGURES_OR_TEXT.has(previous.intent))) return s;
  return { ...s, callFields: [], cues: new Set([...s.cues].filter((c) => c !== 'call')), unexplained: [...s.unexplained, ...said] };
}

const PREMISE_UP = new Set(CUES.premise.up);
const PREMISE_DOWN = new Set(CUES.premise.down);
/** Cues that make a "why" more than one figure's move in one period: against another, a part of it, a rate. */
const NOT_A_PLAIN_MOVE: readonly Cue[] = ['compare', 'sequential', 'year_on_year', 'excluding', 'leaving_out', 'unusual', 'one_time', 'ratio_of', 'plus', 'minus', 'difference', 'highest', 'lowest'];

/**
 * The way a "why" says its one figure went in its one period ("why did revenue fall in Q3 2004?"), read only where
 * nothing else is said: no other period or comparison ("fall compared to Q1", "sequentially"), no word qualifying the
 * figure ("online sales", "adjusted"), no rate ("revenue growth slow"), no negation ("why didn't ...").
 */
function premiseOf(s: Slots): 'up' | 'down' | undefined {
  const [m] = s.measures;
  if (s.measures.length !== 1 || !m || s.periods.length !== 1 || NOT_A_PLAIN_MOVE.some((c) => s.cues.has(c))) return undefined;
  if (s.tokens.some((t) => t.word === 'not' || /n['’]?t$/.test(t.word))) return undefined;
  const own = new Set(s.tokens.slice(m.at, m.to).map((t) => t.word));
  const rest = s.topic.filter((w) => w !== 'why' && !own.has(w));
  const [said] = rest;
  if (rest.length !== 1 || said === undefined) return undefined;
  return PREMISE_UP.has(said) ? 'up' : PREMISE_DOWN.has(said) ? 'down' : undefined;
}

/**
 * A period said with "a year earlier", "a year ago", "two years ago" of it, as one period, never the period with those
 * words dropped (nor two periods): "net income fourth quarter a year earlier" (that part of the year before the one asked
 * before, else before the latest), "the quarter before last, a year ago" (four quarters further back), "a year before the
 * latest", and after a year or a part of one, "and the year-ago quarter?" (the quarter it ends with, a year earlier) and
 * "and year to date a year ago?" (the year up to the same point a year earlier). Undefined where none is said so.
 */
function yearsEarlierSaid(s: Slots, comparing: boolean, askedBefore: PeriodQuery | undefined, yearAskedBefore: number | undefined, words: readonly string[]): PeriodQuery | undefined {
  const [firstSaid, secondSaid] = s.periods;
  const yearAgo = s.periods.find((p) => p.kind === 'relative' && p.years < 0 && !p.quarters && p.inYear === undefined);
  if (yearAgo?.kind !== 'relative') return undefined;
  const back = -yearAgo.years;
  // Said of it: next to it, after a comma or "in"/"of" ("... of the prior year"), never listed with it or set against it.
  const join = firstSaid ? s.joins.get(firstSaid) : undefined;
  const ofLatest = s.periods.some((p) => p.kind === 'lastQuarter' || p.kind === 'latest');
  const saidOfIt = s.periods.length === 2 && !comparing && (join === 'next' || (ofLatest && join !== 'list' && join !== 'versus' && join !== 'range'));
  const part = saidOfIt ? [firstSaid, secondSaid].find((p) => p !== yearAgo) : undefined;
  if (part?.kind === 'span' && part.year === undefined && !part.back && !part.byDate) return yearAskedBefore !== undefined ? withYear(part, yearAskedBefore - back) : { ...part, back };
  if (part?.kind === 'lastQuarter') return { kind: 'lastQuarter', back: (part.back ?? 0) + 4 * back };
  if (part?.kind === 'latest') return { kind: 'relative', years: -back };
  // After a year or a part of one longer than a quarter, "the quarter" said with it.
  const longerBefore = askedBefore && (askedBefore.kind === 'year' || (monthsSaid(askedBefore) ?? 0) > 3) ? askedBefore : undefined;
  const quarterSaid = s.periods.length === 1 ? words.includes('quarter') : s.periods.length === 2 && s.periods.some((p) => p.kind === 'part' && p.months === 3);
  const endingQuarter = longerBefore && quarterSaid ? partOf({ kind: 'part', months: 3 }, longerBefore) : undefined;
  if (endingQuarter) return shiftYears(endingQuarter, yearAgo.years);
  const ytdSaid = s.periods.length === 2 && s.periods.some((p) => p.kind === 'ytd' && p.year === undefined);
  const through = ytdSaid && askedBefore ? fiscalEnd(askedBefore) : undefined;
  return through && [3, 6, 9, 12].includes(through.endMonth) ? { kind: 'span', months: through.endMonth as 3 | 6 | 9 | 12, endMonth: through.endMonth, year: through.year + yearAgo.years } : undefined;
}

/**
 * "What is Oracle's fiscal year end?": when its fiscal year ends (it gave the year's results). Only where nothing else is
 * asked ("oracle fiscal year end results", "... vs prior year", "... guidance" ask of the year) and the words are no
 * period: a year said, a word just before them ("cash since fiscal year end", "at the prior fiscal year end"), or a
 * follow-up of a figure ("and at fiscal year end?", "versus fiscal year end?" after cash: the balance then; "when does
 * Oracle's fiscal year end?" after it, a company of its own, is a question of its own).
 */
function asksFiscalYearEnd(s: Slots, words: readonly string[], previous: Question | undefined, followUp: boolean): boolean {
  // The two words before them, up to the company's name ("for Oracle, fiscal year end": "for" is Oracle's, no period's).
  const plain = words.map((w, i) => (s.companyTokens.has(i) ? '|' : w)).filter((w) => w !== 'the');
  const fiscalYearEnd = FISCAL_YEAR_END_ASKED.exec(plain.join(' '));
  const lastTwo = fiscalYearEnd ? plain.join(' ').slice(0, fiscalYearEnd.index).trim().split(' ').filter((w) => w !== '').slice(-2) : [];
  const wordsBefore = lastTwo.slice(lastTwo.lastIndexOf('|') + 1);
  // A year said, or a word of a period just before them, makes them a period; not a word the date asked takes ("the date for
  // the fiscal year end"). "Prior", "next" always do: which year end, no date of the company's.
  const [twoBefore, oneBefore] = wordsBefore.length === 2 ? wordsBefore : [undefined, wordsBefore[0]];
  const dateAsked = twoBefore !== undefined && WHEN_WORDS.has(twoBefore) && oneBefore !== undefined && PERIOD_PREPOSITIONS.has(oneBefore);
  const periodSaid = words.some((w) => /\d/.test(w)) || wordsBefore.some((w) => YEAR_END_WHICH.has(w)) || (!dateAsked && wordsBefore.some((w) => PERIOD_PREPOSITIONS.has(w)));
  const nothingElse = s.measures.length === 0 && s.ambiguous.length === 0 && s.unexplained.every((w) => FISCAL_YEAR_END_WORDS.has(w)) && s.topic.every((w) => FISCAL_YEAR_END_WORDS.has(w)) && [...s.cues].every((c) => c === 'follow_up');
  // Asked when ("when does its fiscal year end?", "what month...", "... end date?") is the date, after a figure too; not a
  // date of it ("what was it on the date of the fiscal year end?": the figure then).
  const whenAsked = words.includes('when') || /\bwhat (?:date|month|day)\b/.test(words.join(' ')) || (fiscalYearEnd !== null && WHEN_WORDS.has(fiscalYearEnd[0].split(' ').at(-1) ?? ''));
  const afterFigures = (previous?.intent === 'figure' || previous?.intent === 'compare' || previous?.intent === 'trend') && (!s.company || followUp) && !whenAsked;
  return fiscalYearEnd !== null && nothingElse && !afterFigures && !periodSaid;
}

/** Arithmetic the reader does not do, said so, with the figures it would use offered side by side. */
function sideBySide(asked: readonly Measure[], periods: PeriodQuery[], prompt: string): Reading {
  return { kind: 'clarify', prompt, alternatives: [{ label: measuresLabel(asked), question: { intent: 'figure', measures: [...asked], periods } }] };
}

function readQuestion(read: Slots, snapshot: Snapshot, previous?: Question, subject: readonly string[] = [], correcting = false, earlier?: Question): Reading {
  const s = callWordsOfFigures(read, previous);
  const has = (c: Cue) => s.cues.has(c) || (c === 'follow_up' && correcting);
  // Another company named after figures of the latest period: its own latest, not the period the one before had.
  // A figure asked after a quote, a contact or the call ("revenue Q1 2003", "what did Lonstein say?", "and net income?")
  // builds on the figures asked before the aside, never on none (it was the latest period).
  // Not a figure at the date the aside answered ("what was cash at that date?" after when the fiscal year ends): at that
  // date (it gave the latest balance sheet's).
  const words = s.tokens.map((t) => t.word);
  const atDateAnswered = previous?.intent === 'profile' && previous.field === 'fiscal_year_end' && THAT_DATE.test(words.join(' '));
  const figuresBefore = previous && ASIDES.has(previous.intent) ? earlier : previous;
  // "The smallest revenue line", "Oracle's biggest segment": lines ranked against each other, which the reader does not do
  // (it gave the total, or the highest quarter): said so.
  const linesRanked = (has('highest') || has('lowest')) && s.tokens.some((t, k) => LINES_RANKED.has(t.word) && (!s.spanned.has(k) || s.fillerTokens.has(k)));
  if (linesRanked) {
    return { kind: 'invalid', title: 'Lines are not ranked', message: `I rank one figure across periods ("which quarter of 2003 had the highest revenue?"), not lines or segments against each other. Name the lines to see them side by side ("revenue and EBITDA Q4 2003").` };
  }
  // The fiscal year end answered is the latest one (Apple's September 27, 2003, before its June 26, 2004 balance sheet).
  const yearEndAnswered: PeriodQuery = { kind: 'opening', through: true, latest: true };
  const context = atDateAnswered
    ? { measures: [], period: yearEndAnswered, periods: [yearEndAnswered] }
    : figureContext(s.company && figuresBefore?.company && s.company !== figuresBefore.company ? askedOf(figuresBefore, figuresBefore.company, s.company, snapshot) : figuresBefore);
  const release = s.releases[0];

  if (words.length === 0) return { kind: 'question', question: { intent: 'help' } };
  // "And in the first?" after the second quarter of 2003: its first quarter (it searched the text for "first").
  const [ordinalSaid] = s.unexplained;
  const nth = context?.period && ordinalSaid !== undefined && s.unexplained.length === 1 && s.periods.length === 0 && s.measures.length === 0 ? nthLike(context.period, ORDINAL[ordinalSaid] ?? 0) : undefined;
  if (nth) return readQuestion({ ...s, unexplained: [], topic: s.topic.filter((w) => w !== ordinalSaid), periods: [nth] }, snapshot, previous, subject, correcting, earlier);
  // "thx", "nice 👍", "ok": nothing asked, after an answer too; never that answer again.
  const nothingAsked = s.cues.size === 0 && s.measures.length === 0 && s.ambiguous.length === 0 && s.periods.length === 0 && s.releases.length === 0 && !s.company
    && s.unexplained.length === 0 && s.topic.length === 0 && s.people.length === 0 && s.roles.length === 0 && s.callFields.length === 0 && s.contactFields.length === 0 && !s.profile;
  if (nothingAsked && !correcting) return { kind: 'question', question: { intent: 'help' } };
  if (has('help') && s.measures.length === 0 && s.unexplained.length === 0) return { kind: 'question', question: { intent: 'help' } };
  // "When was the Q4 release?": the releases and their dates.
  const releaseDate = words.includes('when') && s.releases.length > 0 && !has('call') && !has('quote');
  if ((has('sources') || releaseDate) && s.measures.length === 0) return { kind: 'question', question: { intent: 'sources' } };
  // "Where is that from?": the answer before, again, with its source; never the company's headquarters.
  if (has('cite') && previous && s.measures.length === 0 && s.periods.length === 0) return { kind: 'question', question: previous };

  // The teleconference: any call word; its period names the release.
  // Dial-ins, replays, pass codes and webcasts belong to the teleconference; "online" beside a metric ("online sales") does not.
  const callFieldSaid = s.callFields.some((f) => f !== 'when');
  const callWord = (has('call') || (callFieldSaid && s.measures.length === 0)) && !s.roles.length && !s.people.length;
  // "Revenue Q4 2003 and what did Lonstein say about it", "EBITDA Q4 2003? When is the call?": two questions. Which is
  // asked back, never one answered as if it were both.
  const secondAt = secondQuestionAt(words, s.afterBreak);
  const figureFirst = secondAt > 0 && s.measures.some((m) => m.to <= secondAt) && s.periods.length > 0;
  // A figure and the call in one message, either first ("when is the call? and revenue Q4 2003?", "net income 2003. what's
  // the dial-in?"): two questions. Not a word of the call beside a metric alone ("online sales").
  const callBeside = (has('call') || callFieldSaid) && s.measures.length > 0 && (secondAt > 0 || s.afterBreak.size > 0) && !s.roles.length && !s.people.length;
  if (callWord || callBeside || (previous?.intent === 'call' && s.measures.length === 0 && (s.callFields.length > 0 || s.periods.length > 0 || s.releases.length > 0))) {
    const field = pickCallField(s.callFields, words);
    const which = release ?? s.periods[0] ?? monthOfCall(words) ?? (previous?.intent === 'call' ? previous.release : undefined);
    const call: Question = { intent: 'call', ...(which ? { release: which } : {}), ...(field ? { field } : {}) };
    return callBeside ? twoQuestions({ intent: 'figure', measures: distinctMeasures(s), periods: s.periods }, call) : { kind: 'question', question: call };
  }

  // What someone said.
  // A role said is whose words are asked ("what did the CFO say?"): the quotes of its holder, or none, never everyone's.
  const speaker = s.people[0] ?? s.roles[0]
    ?? (says(words, PERSON) && previous?.intent === 'contact' ? previous.person ?? previous.role : undefined)
    ?? (says(words, PERSON) && previous?.intent === 'quote' ? previous.speaker : undefined);
  // "And in Q4?" after quotes: the same quotes, from the release of that period.
  const quotedIn = release ?? s.periods[0];
  if (previous?.intent === 'quote' && quotedIn && has('follow_up') && s.measures.length === 0 && s.unexplained.length === 0 && !s.people.length && !s.roles.length) {
    return { kind: 'question', question: { ...previous, release: quotedIn } };
  }
  // "Any more?", "what else?", "anything else?" after quotes: more of them, no topic (it searched the text for "else").
  // Said of someone ("what else did he say?"): theirs; else anyone's ("any other quotes?").
  const moreAsked = previous?.intent === 'quote' && s.measures.length === 0 && s.ambiguous.length === 0 && s.periods.length === 0 && !s.company && !s.people.length && !s.roles.length
    && !words.includes('about') && [...s.unexplained, ...s.topic].length > 0 && [...s.unexplained, ...s.topic].every((w) => QUOTE_MORE.has(w) || QUOTE_OTHER.has(w));
  if (moreAsked) {
    const { speaker: before, ...rest } = previous;
    return { kind: 'question', question: { ...rest, topic: [], ...(before && says(words, PERSON) ? { speaker: before } : {}) } };
  }
  // "And the CFO?", "and Catz?" after quotes: that speaker's words, on the same topic; never their contact card.
  // Only the speaker said (no topic of their own, no "what did ... say", which reads afresh), and one who speaks in the
  // releases: a quoted person, or a role whose holders are quoted ("and the press contact?" is a contact).
  const speaks = () => {
    const company = s.company ?? previous?.company;
    const quotes = (company ? snapshot.book(company) : undefined) ?? snapshot;
    return s.people.length > 0 ? quotes.ofKind('quote').some((q) => q.speaker === s.people[0]) : s.roles.length > 0 && CUES.speaking_roles.includes(s.roles[0] ?? '');
  };
  const otherSpeaker = previous?.intent === 'quote' && !has('quote') && s.measures.length === 0 && s.ambiguous.length === 0 && s.contactFields.length === 0 && s.unexplained.length === 0
    && !has('contact') && !has('contact_list') && s.periods.length === 0 && s.topic.every((w) => s.personWords.includes(w) || ROLE_WORDS.has(w)) && speaks();
  if (otherSpeaker && speaker) return { kind: 'question', question: { ...previous, speaker } };
  // "What did Jobs say about iPod, no wait, about Mac revenue": the same speaker's words, about what the correction says.
  if (correcting && previous?.intent === 'quote' && !s.people.length && !s.roles.length && s.topic.length > 0 && s.periods.length === 0) {
    return { kind: 'question', question: { ...previous, topic: s.topic } };
  }
  if (has('quote') && !s.contactFields.length && figureFirst) return twoQuestions({ intent: 'figure', measures: distinctMeasures(s), periods: s.periods }, { intent: 'quote', topic: [], ...(speaker ? { speaker } : {}) });
  // "What did the Q1 release say total assets were?": the release's own figure, no one's quote ("say about revenue" stays a search).
  const releaseSays = !speaker && release !== undefined && !words.includes('about') && (s.measures.length > 0 || (context !== undefined && context.measures.length > 0 && says(words, THING)));
  if (has('quote') && !s.contactFields.length && !releaseSays) {
    const said = [...s.topic, ...s.periodWords.filter((w) => /^[a-z]{4,}$/.test(w))].filter((w) => !QUOTE_ASKING.has(w) && !s.personWords.includes(w) && !s.people.some((p) => p.toLowerCase().includes(w)));
    // "What else did he say (about outsourcing)?": more quotes, on the topic said; "any other quotes?" too, but what is said
    // to be about keeps "other" ("about other income", "about the rest of the year").
    const topical = said.filter((w) => !QUOTE_MORE.has(w));
    const own = topical.every((w) => QUOTE_OTHER.has(w)) && !words.includes('about') && s.measures.length === 0 && s.ambiguous.length === 0 ? [] : topical;
    // "What did Lonstein say about 2004?": a year said with no other topic is what the quotes speak of (it listed all seven;
    // commands/quote.ts lists them all again where none does).
    const years = own.length === 0 ? s.periods.flatMap((p) => (p.kind === 'year' ? [String(p.year)] : [])) : [];
    const pointsBack = says(words, THING) && own.length === 0 && years.length === 0;
    // "it" after an answer from the text is what that answer found ("SMS"), else what was asked before.
    const topic = pointsBack && previous && 'topic' in previous ? (previous.intent === 'narrative' && subject.length > 0 ? [...subject] : previous.topic) : [...own, ...years];
    // "how did he react to the Q4 numbers": the release that reports that quarter.
    const quarter = s.periods.find((p) => p.kind === 'span' && p.months === 3);
    const from = release ?? quarter;
    return { kind: 'question', question: { intent: 'quote', topic, ...(speaker ? { speaker } : {}), ...(from ? { release: from } : {}) } };
  }

  // Who to contact, and how.
  // Words of figures ("is that up?", "margin?") after a contact build on the figures asked before it, if any; so does a
  // period alone after every contact was listed ("and Q1?"). Not a contact said ("who was it in Q1?"), nor one pointed at
  // ("is that the same in Q1?"), nor "did it change?" with no figure before (the contact may have).
  const figuresAside = figureContext(earlier) !== undefined;
  const figureWords = has('change') || has('compare') || has('growth') || has('difference');
  const listedBefore = previous?.intent === 'contact' && !previous.role && !previous.person;
  const contactChanged = !listedBefore && words.some((w) => CONTACT_CHANGES.has(w));
  const backToFigures = previous?.intent === 'contact' && !has('contact') && (s.ambiguous.length > 0 || (figuresAside && ((figureWords && !contactChanged) || (listedBefore && s.periods.length > 0 && !words.some((w) => THING.has(w))))));
  const contactFollowUp = previous?.intent === 'contact' && s.measures.length === 0 && s.unexplained.length === 0 && !backToFigures;
  // "CFO 2003", "what was cfo in 2003": a role's word that names a figure too, said with a period and nothing of a contact
  // (no release, person or detail): the contact or the figure, asked (it gave the contact).
  const figureToo = s.roles.length === 1 && s.measures.length === 0 && s.periods.length > 0 && !release && s.people.length === 0 && s.contactFields.length === 0
    ? words.filter((w) => Object.hasOwn(CUES.role_or_figure, w)).map((w) => CUES.role_or_figure[w])[0] : undefined;
  if (figureToo !== undefined) {
    const figure: Question = { intent: 'figure', measures: [termMeasure(figureToo)], periods: s.periods };
    return { kind: 'clarify', prompt: 'This names a role and a figure. Which did you mean?', alternatives: [
      { label: `Contact: ${s.roles[0]}`, question: { intent: 'contact', role: s.roles[0] as string } },
      { label: describeQuestion(figure), question: figure },
    ] };
  }
  const personAsked = s.people.length > 0 && (s.contactFields.length > 0 || s.measures.length === 0);
  // "who are Apple's contacts?": every contact, when nothing narrows them.
  const allContacts = has('contact_list') && s.measures.length === 0;
  const contactAsked = (s.roles.length > 0 && s.measures.length === 0) || personAsked || (s.contactFields.length > 0 && s.measures.length === 0 && !s.profile) || allContacts;
  if ((contactAsked && s.unexplained.length === 0) || contactFollowUp) {
    // A role said now is asked of whoever holds it, a person said now whatever they do: never the one asked before, under
    // the new role ("and the media contact?" after "who is Ryan Fiedler" gave Caterpillar's investor relations contact).
    const role = s.roles[0] ?? (contactFollowUp && previous?.intent === 'contact' && s.people.length === 0 ? previous.role : undefined);
    const person = s.people[0] ?? (contactFollowUp && previous?.intent === 'contact' && s.roles.length === 0 ? previous.person : undefined);
    const field = s.contactFields[0];
    // "What's their phone?" after "and in the Q1 release?": that release's contact, not the role's latest holder.
    const which = release ?? s.periods[0] ?? (contactFollowUp && previous?.intent === 'contact' ? previous.release : undefined);
    if (!role && !person && (field === 'phone' || field === 'email')) {
      return { kind: 'question', question: { intent: 'contact', field } };
    }
    return { kind: 'question', question: { intent: 'contact', ...(role ? { role } : {}), ...(person ? { person } : {}), ...(field ? { field } : {}), ...(which ? { release: which } : {}) } };
  }

  // Definitions: "define EBITDA", "how does the Q1 release treat ... in EBITDA".
  if (has('define')) {
    const term = s.measures.find((m) => m.measure.kind === 'concept' && m.measure.concept === 'ebitda') ? 'EBITDA' : s.unexplained.join(' ');
    if (term === 'EBITDA' || definedTerms(snapshot).has(term.toLowerCase())) {
      return { kind: 'question', question: { intent: 'define', term, releases: [...s.releases, ...s.periods] } };
    }
  }

  // About the company: "what does Infocrossing do?", or just its name ("what's IFOX?").
  // Not with a cue of another kind of answer ("Infocrossing: compare the quarters" asks which figures, not what it does).
  const otherCue = [...s.cues].some((c) => c !== 'follow_up');
  // A word of spending said with it ("apple expenses") asks which costs, never what the company does.
  // So does a word naming several figures ("sears income": which income, never what Sears does).
  const companyWordsOnly = s.company && s.measures.length === 0 && s.ambiguous.length === 0 && s.periods.length === 0 && s.unexplained.length === 0 && s.topic.length === 0 && !words.some((w) => COST_WORDS.has(w));
  const onlyTheCompany = companyWordsOnly && !otherCue;
  // "and Apple?", "what about Apple?" after a question about another company: the same question, about Apple ("what's Apple?" is not one).
  // So is a company named alone after "which company?" (a question before that named none, with several loaded).
  const companyPicked = previous !== undefined && previous.company === undefined && snapshot.books.length > 1;
  // And so is a name alone after a question about another company ("oracle?", "ok, apple then"), never its profile ("what's Oracle?" is).
  const nameAlone = s.tokens.every((t, i) => s.companyTokens.has(i) || s.fillerTokens.has(i) || COMPANY_ALONE.has(t.word));
  // "And Sears?" after Oracle's replay number: its "and" is no other cue (it asked the text of the releases about nothing).
  const anotherAsked = companyWordsOnly && [...s.cues].every((c) => c === 'follow_up' || c === 'plus');
  if (anotherAsked && (((has('follow_up') || nameAlone || has('plus')) && previous?.company !== s.company) || companyPicked) && previous && !s.profile && ANOTHER_COMPANY_ASKS.has(previous.intent)) {
    return { kind: 'question', question: askedOf(previous, previous.company, s.company, snapshot) };
  }
  const business = ((asksWhatItDoes(s) && s.measures.length === 0) || onlyTheCompany) && !s.profile;
  // "Where are they headquartered?" after an answer from the text about SMS: SMS's, in the text, not the company's profile.
  const aboutSubject = previous?.intent === 'narrative' && subject.length > 0 && !s.company && words.some((w) => THEY.has(w));
  if (s.profile && aboutSubject && s.measures.length === 0) return { kind: 'question', question: { intent: 'narrative', topic: s.topic, names: [...subject] } };
  if (asksFiscalYearEnd(s, words, previous, has('follow_up'))) return { kind: 'question', question: { intent: 'profile', field: 'fiscal_year_end' } };
  if ((s.profile || business) && s.measures.length === 0 && s.unexplained.length === 0) {
    return { kind: 'question', question: { intent: 'profile', field: business ? 'business' : (s.profile as ProfileField), ...(release ?? s.periods[0] ? { release: release ?? s.periods[0] } : {}) } };
  }

  // Words nobody explained: never a figure; what the text of the releases says about them.
  // "And in 1992?" after the text about noninterest revenue in 1993: the same words, of that period (it gave 1992's headline results).
  const periodOnly = !s.company && s.periods.length > 0 && s.measures.length === 0 && s.unexplained.length === 0 && s.topic.length === 0 && [...s.cues].every((c) => c === 'follow_up' || c === 'plus');
  const narrativeFollowUp = previous?.intent === 'narrative' && ((s.periods.length === 0 && (s.unexplained.length > 0 || s.measures.length > 0 || says(words, THING))) || periodOnly);
  // A reason asked for a metric ("why was net income positive?") stays a why: its answer is the releases' words, never a
  // figure. Not of a name nobody explained ("why did SMS revenue grow?"): that is about SMS, in the text.
  // Nor of a word said just before the metric that the reader does not know ("why did new software license revenue grow",
  // "nonperforming assets", "Energy & Transportation profit"): a part of it, in the text (it gave the whole line's reasons).
  const qualified = s.measures.some((m) => {
    const t = m.at - 1;
    return t >= 0 && !s.spanned.has(t) && !s.fillerTokens.has(t) && !s.companyTokens.has(t) && s.unexplained.includes(s.tokens[t]?.word ?? '');
  });
  const whyOfMetric = has('why') && s.measures.length > 0 && s.names.length === 0 && !qualified;
  if ((s.unexplained.length > 0 && !whyOfMetric) || narrativeFollowUp) {
    // "what effect did it have on EPS?" after a question about the preferred stock in Q4 2003: "it" is that, then.
    const aboutBefore = !narrativeFollowUp && says(words, THING) && context !== undefined && context.measures.length > 0 && s.periods.length === 0;
    const periods = aboutBefore && context.period ? [context.period] : s.periods.map((p) => againstPrevious(p, context?.period));
    // A period alone asks the same words again, never the names the answer before happened to find ("and in 1999?" after
    // the text about book value per share searched "nynex ntl", of its first sentence).
    const again = periodOnly && previous && 'topic' in previous ? [...previous.topic] : undefined;
    // A line named after an answer from the text is searched by the words said for it, whole ("net income", never "net").
    const lineWords = narrativeFollowUp && !periodOnly ? s.measures.flatMap((m) => s.tokens.slice(m.at, m.to).map((t) => t.word)) : [];
    const topic = narrativeFollowUp ? again ?? [...new Set([...lineWords, ...topicWithContext(s, previous, subject)])] : aboutBefore ? [...new Set([...s.topic, ...measureTopic(context.measures)])] : s.topic;
    const names = [...new Set([...s.names, ...(narrativeFollowUp && previous?.intent === 'narrative' ? previous.names : [])])];
    // "And net income?" after an answer from the text about access lines: those words again with the line's, and where the
    // text says nothing of both, the line's figure offered (it searched the text for "net access" and stopped there).
    const figure = narrativeFollowUp && !periodOnly && s.measures.length > 0 && s.unexplained.length === 0 ? { figure: distinctMeasures(s) } : {};
    return { kind: 'question', question: { intent: 'narrative', topic, names, ...(periods[0] ? { period: periods[0] } : {}), ...(release ? { release } : {}), ...figure } };
  }

  // Fill from the conversation what the follow-up leaves out.
  // "sales and revenues" is one line said twice, not two.
  const said = distinctMeasures(s);
  let measures = said;
  // A year in a question of its own ("net income for 2002" after Q1 2003) is that year; in a follow-up ("and 2002?",
  // "same for 2002") it is the period before, in that year.
  // So is a year whose quarters are ranked ("worst quarter in 2002?" after Q4 2003: 2002's quarters, never Q4 2002).
  const ownQuestion = (s.measures.length > 0 && !has('follow_up')) || has('highest') || has('lowest') || whichWeighs(words)?.unit === 'quarter';
  // "Revenue last year end", "and last year end?" after revenue: a year end is a balance sheet's date; of a flow it is "last
  // year", and "the end of the prior year" a year before (it was refused as no balance).
  const lines = measures.length > 0 ? measures : context?.measures ?? [];
  const flowsAsked = (lines.length > 0 || previous?.intent === 'results') && lines.every((m) => !isBalance(m));
  const yearEndOfFlow = (p: PeriodQuery | undefined) => flowsAsked && p?.kind === 'opening' && p.through === true;
  const openingOfFlow = (p: PeriodQuery | undefined) => flowsAsked && p?.kind === 'opening' && !p.through;
  // "Since year end", and of a balance "up or down from year end", after June 30, 2003: the year end before it (December
  // 31, 2002), never the one after (it set December 31, 2003 against June 30).
  const since = (p: PeriodQuery, before: PeriodQuery | undefined) => ((words.includes('since') || (words.includes('from') && !flowsAsked)) && before && p.kind === 'span' && p.months === 12 && p.year === undefined ? shiftYears(before, -1) : before);
  // "And last quarter?" after the latest quarter itself (Oracle's Q4 fiscal 2014): the one before it, never that quarter again.
  // So after the latest balance sheet's date ("cash Dec 31 2003"): the quarter end before it, never that date again.
  // Said "last" ("and last quarter?"), never "the latest quarter", which is the latest itself (it gave Sears' Q1 2004
  // after Q2 2004: review 54).
  const lastSaid = words.some((w, i) => w === 'last' && words[i + 1] === 'quarter');
  const latestAgain = (p: PeriodQuery) => {
    if (!lastSaid) return false;
    const before = context?.period?.kind === 'id' ? context.period.id : balanceDateOf(context?.period);
    const book = p.kind === 'lastQuarter' && !p.back && s.measures.length === 0 && before ? bookFor(snapshot, s.company ?? previous?.company) : undefined;
    const latest = book ? periodIdOf(p, book) : undefined;
    // Where the quarter ended as printed (Apple's June 26, 2004; Oracle's fiscal Q4, May 31, 2014).
    const ended = (id: string | undefined) => {
      const parsed = id ? parsePeriodId(id) : undefined;
      return id && parsed ? (book?.endsOf(id) ?? periodEnd(parsed)) : undefined;
    };
    return latest !== undefined && (latest === before || (parsePeriodId(before ?? '')?.kind === 'instant' && ended(latest) === before));
  };
  // "And Buckle's Q3?" after Apple's Q3 2004: the year said before, where the other company has periods in it, else
  // none (its latest Q3), never a year its releases do not reach (it asked The Buckle for Q3 2004). A period said from
  // the one before ("Oracle's revenue the quarter before?" after Sears' Q2 2004) is that one still, never the latest (it
  // gave Oracle's latest quarter): where the releases do not reach it, they say so.
  const other = s.company && previous?.company && s.company !== previous.company ? bookFor(snapshot, s.company) : undefined;
  const yearCarried = (p: PeriodQuery, q: PeriodQuery): PeriodQuery => {
    const id = other && p.kind !== 'relative' && yearOf(p) === undefined && yearOf(q) !== undefined ? periodIdOf(q, other) : undefined;
    return id !== undefined && other?.conceptsIn(id).length === 0 ? p : q;
  };
  const partsDated = s.periods.some((p) => p.kind === 'span' && p.year !== undefined);
  // "The fiscal year before" is a whole fiscal year, never a quarter a year earlier: the one before the year of the period
  // asked before ("and the fiscal year before?" after Q4 2000: FY 1999), else before the latest (nothing asked before, only
  // the latest by default, or a question of its own: "oracle revenue the fiscal year before").
  const saidText = ` ${words.join(' ')} `;
  const wholeYearBefore = s.periods.length === 1 && CUES.whole_year_before.some((phrase) => saidText.includes(` ${phrase} `));
  const otherCompany = s.company !== undefined && figuresBefore?.company !== undefined && s.company !== figuresBefore.company;
  const askedBefore = ownQuestion || otherCompany ? undefined : context?.period;
  const yearAskedBefore = askedBefore && askedBefore.kind !== 'latest' && askedBefore.kind !== 'lastQuarter' ? fiscalEnd(askedBefore)?.year : undefined;
  // "Q4 of the year before last": that quarter of the year before the latest (it gave the latest Q4, the year dropped).
  const yearsBeforeLast = s.periods.length === 2 ? s.periods.find((p) => p.kind === 'lastYear' && (p.back ?? 0) > 0) : undefined;
  const partOfYearBefore = yearsBeforeLast?.kind === 'lastYear' ? s.periods.find((p) => p.kind === 'span' && p.year === undefined && !p.back && !p.byDate) : undefined;
  const aChange = (['compare', 'change', 'growth', 'difference', 'year_on_year'] as const).some(has);
  // "Sears revenue the quarter before?" after Apple's Q3 2003, "Infocrossing's a year earlier?" after Apple's Q3 2004, where
  // the fiscal years end apart: before or after it in time, by its dates (the three months ended March 2003; June 2003),
  // never by its label (Sears' Q2 2003 ended the same day as Apple's Q3 2003; the quarter after Sears' first half was
  // inside it). A period the asker did not say (the latest) is the other company's own, as before.
  const [fromBook, toBook] = otherCompany ? [bookFor(snapshot, figuresBefore?.company), bookFor(snapshot, s.company)] : [];
  const movedInTime = (p: PeriodQuery): PeriodQuery | undefined => {
    const asked = figureContext(figuresBefore)?.period;
    if (!fromBook || !toBook || fromBook.company.fiscalYearEnd === toBook.company.fiscalYearEnd || p.kind !== 'relative' || p.inYear !== undefined || asked?.kind !== 'id' || asked.own) return undefined;
    const span = calendarSpan({ kind: 'id', id: asked.id, byDate: true }, (id) => fromBook.endsOf(id), { endMonth: fromBook.company.fiscalYearEnd });
    return span.kind === 'span' ? movedByDates(span, p.years, p.quarters ?? 0) : undefined;
  };
  let periods = s.periods.map((p, i): PeriodQuery => {
    // "The quarter before Q3 2014 vs a year earlier?" after another question: a year before the period said with it, below,
    // never before the one asked before (it set Q2 2014 against Q4 2013).
    const saidBefore = s.periods[i - 1];
    if (p.kind === 'relative' && saidBefore !== undefined && saidBefore.kind !== 'relative') return p;
    if (wholeYearBefore && p.kind === 'relative' && p.years === -1 && !p.quarters && p.inYear === undefined) {
      return yearAskedBefore !== undefined ? { kind: 'year', year: yearAskedBefore - 1 } : { kind: 'lastYear', back: 1 };
    }
    const inTime = movedInTime(p);
    if (inTime) return inTime;
    if (latestAgain(p)) return againstPrevious({ kind: 'relative', years: 0, quarters: -1 }, context?.period);
    if (yearEndOfFlow(p)) return { kind: 'lastYear' };
    if (openingOfFlow(p)) return againstPrevious({ kind: 'relative', years: -1 }, context?.period);
    // A year beside parts of another ("Q4 and full year 2003 vs 2002") is the year they are set against, never the period before in it.
    return (ownQuestion || partsDated) && p.kind === 'year' ? p : yearCarried(p, againstPrevious(p, since(p, context?.period)));
  });
  const saidEarlier = yearsEarlierSaid(s, aChange, askedBefore, yearAskedBefore, words);
  if (saidEarlier) periods = [saidEarlier];
  // "Q2 of the year before last": of the year before the latest, or, while the latest year is not over, the year before
  // that: asked, as "Q2 last year" is (it gave the latest Q4, the year dropped).
  if (partOfYearBefore?.kind === 'span' && yearsBeforeLast?.kind === 'lastYear' && !has('compare')) {
    const back = yearsBeforeLast.back ?? 1;
    const [before, further] = [back, back + 1].map((n): Question => ({ intent: 'figure', measures, periods: [{ ...partOfYearBefore, back: n }] }));
    return { kind: 'clarify', prompt: '"The year before last" beside a quarter: which did you mean?', every: true, alternatives: [before, further].map((q) => ({ label: describeQuestion(q as Question), question: q as Question })) };
  }
  // "And for 2002?" after each quarter of 2003: each quarter of 2002, never the first alone.
  const yearAgain = !ownQuestion && periods.length === 1 && s.periods[0]?.kind === 'year' ? s.periods[0] : undefined;
  // Parts of years, of one year or several ("each quarter 2003 vs 2002"): each part of the year said, once.
  const partsOfYears = previous?.intent === 'figure' && context && context.periods.length > 1 && context.periods.every((p) => yearOnly(p) === undefined && yearOf(p) !== undefined);
  // Each part moved to the year said; the year all the parts were of, asked again, is the year itself ("and for 2003?" after
  // 2003's quarters), while after two years' quarters it is its quarters.
  const sameYear = yearAgain && context?.periods.every((p) => yearOf(p) === yearAgain.year);
  const movedTo = (year: number, p: PeriodQuery): PeriodQuery => {
    if (!sameYear && p.kind === 'span') return { ...p, year };
    if (!sameYear && p.kind === 'id') return withYear(p, year);
    return againstPrevious({ kind: 'year', year }, p);
  };
  // Once each, however written ("2002-Q3" found, Q3 2002 asked).
  const listedAgain = yearAgain && partsOfYears && context ? [...new Map(context.periods.map((p) => movedTo(yearAgain.year, p)).map((p) => [periodLabel(p), p])).values()] : undefined;
  if (listedAgain) periods = listedAgain;
  // "EBITDA that quarter" after a quote, a call or a contact of the Q1 release: the quarter that release reports, never the
  // latest; "that half", "that year": the half or the fiscal year it falls in.
  const releaseBefore = previous && (previous.intent === 'quote' || previous.intent === 'call' || previous.intent === 'contact' || previous.intent === 'narrative') ? previous.release ?? ('period' in previous ? previous.period : undefined) : undefined;
  if (releaseBefore && periods.length === 0 && s.measures.length > 0 && says(words, THING)) {
    const end = fiscalEnd(releaseBefore);
    const part = words.includes('half') ? partOf({ kind: 'part', months: 6 }, releaseBefore) : words.includes('year') && end ? { kind: 'span' as const, months: 12 as const, endMonth: 12, year: end.year } : releaseBefore;
    if (part) periods = [part];
  }
  // "Revenue since the beginning of 2003", "since the start of fiscal 2014", "since the start of the year": a flow from the
  // fiscal year's start to the latest, its year to date (it set the latest quarter against the quarter ending that day).
  // In a follow-up, the start of the year said bare is of the year asked before.
  const [started, besides] = s.periods;
  const sinceBook = bookFor(snapshot, s.company ?? previous?.company);
  const sinceStart = flowsAsked && words.includes('since') && !besides && sinceBook ? sinceYearStart(started, sinceBook) : undefined;
  // "And since the start of the year?" after Q2 2003: its year up to that quarter's end, H1 2003.
  const endAskedBefore = sinceStart?.kind === 'ytd' && sinceStart.year === undefined && askedBefore ? fiscalEnd(askedBefore) : undefined;
  // After a first quarter it is that quarter, as asked before (left to the comparison with a year earlier).
  const yearToDate: PeriodQuery | undefined = !endAskedBefore ? sinceStart
    : [6, 9].includes(endAskedBefore.endMonth) ? { kind: 'span', months: endAskedBefore.endMonth as 6 | 9, endMonth: endAskedBefore.endMonth, year: endAskedBefore.year }
    : endAskedBefore.endMonth === 12 ? { kind: 'ytd', year: endAskedBefore.year } : undefined;
  if (yearToDate) periods = [yearToDate];
  // "Cash change since year end" with nothing before it: the latest balance against the year's opening one.
  const [yearEnd, more] = periods;
  const yearEndSaid = (yearEnd?.kind === 'span' && yearEnd.months === 12 && yearEnd.year === undefined && words.includes('since')) || (yearEnd?.kind === 'opening' && (words.includes('since') || has('compare') || has('change')));
  if (yearEndSaid && !context?.period && !more) {
    periods = [{ kind: 'latest' }, { kind: 'opening' }];
  }
  // A word naming several figures, until the conversation says which ("what's that as a margin?").
  let unsettled = s.compound ? undefined : s.ambiguous[0];
  // "As a percent of revenue for the year?" after EBITDA names a line and a period, and still builds on the one before.
  const shareOnly = s.measures.length === 1 && s.shareOfEnds.includes(s.measures[0]?.at ?? -1);
  // "And R&D?" after "what share of revenue went to SG&A?": R&D's share of the same whole, never R&D alone, also in a period
  // said ("and R&D in Q2?"). Not asked as a question of its own ("what was R&D?") nor as an amount ("and R&D in dollars?").
  const shareBefore = context?.measures.length === 1 && context.measures[0]?.kind === 'ratio' && context.measures[0].percent ? context.measures[0] : undefined;
  // The follow-up's own words ("what about") ask nothing of their own; "what's R&D?" does.
  const asking = FOLLOW_UP_PHRASES.reduce((said, phrase) => said.replace(phrase, ' '), ` ${words.join(' ')} `).split(' ');
  const fragment = s.cues.has('follow_up') && [...s.cues].every((c) => c === 'follow_up' || c === 'plus') && !asking.some((w) => AMOUNT_WORDS.has(w) || QUESTION_WORDS.has(w));
  const followUp = context !== undefined && (measures.length === 0 || periods.length === 0 || shareOnly || (shareBefore !== undefined && fragment && s.measures.length === 1));
  if (followUp && context) {
    // After a share ("cash as a percent", then "as a percent of current assets?"), its part over the whole said.
    const before = shareBefore ? ratioSides(shareBefore)[0] : context.measures.length === 1 ? context.measures[0] : undefined;
    const base = before ? conceptOf(before) : undefined;
    // "Diluted?" after a share count: the diluted count, never diluted EPS.
    const lone = s.measures.length === 1 && s.measures[0] && s.measures[0].to - s.measures[0].at === 1 ? words[s.measures[0].at] : undefined;
    const counts = familyOf(base) === ONE.shares ? ONE.shares : undefined;
    if (counts && (lone === 'basic' || lone === 'diluted')) measures = [{ kind: 'concept', concept: counts[lone] }];
    // Revenue's margin is no margin: which one is asked back. A formula's margin is the vocabulary's ratio of it over
    // revenue ("as a margin?" after gross profit: the gross margin), where there is one.
    const marginAsked = s.ambiguous.length > 0 && measures.length === 0 && /margin/.test(s.ambiguous[0]?.phrase ?? '');
    if (marginAsked && base && base !== 'revenue') {
      measures = [{ kind: 'ratio', numerator: base, denominator: 'revenue' }];
      unsettled = undefined;
    }
    const formulaMargin = marginAsked && !base && context.measures.length === 1 && context.measures[0]?.kind === 'formula' ? context.measures[0].formula : undefined;
    const marginOfFormula = formulaMargin ? METRICS.formulas.find((f) => f.op === 'ratio' && termIs(f.terms[0], formulaMargin) && termIs(f.terms[1], 'revenue')) : undefined;
    if (marginOfFormula) {
      measures = [{ kind: 'formula', formula: marginOfFormula.id }];
      unsettled = undefined;
    }
    // "And as a percent?" after gross profit: its margin over revenue (after cash, its share of total assets), as asked of
    // it in one question (it gave the amount again); after revenue, which has neither, its change or its amount is asked.
    // Never after a change or a comparison ("in percentage terms?" after a fall is the fall's percent), nor of a growth
    // ("and the rate of growth?").
    // So after several lines ("and as a percent?" after COGS and SG&A: each one's).
    const percentAsked = measures.length === 0 && context.measures.length > 0 && previous?.intent === 'figure' && !previous.rank
      && words.some((w) => PERCENT_WORDS.has(w)) && !aChange && !words.some((w) => CUES.growth.includes(w));
    const shareAskedAfter = asksShare(words, previous?.intent === 'figure' ? previous.periods.length : 2, false);
    const linesInPercent = percentAsked ? context.measures.map((m) => (isRatio(m) ? m : percentOfLine(m, shareAskedAfter))) : [];
    const withoutPercent = context.measures.find((_, i) => !linesInPercent[i]);
    if (percentAsked && !withoutPercent && linesInPercent.some((m, i) => m !== context.measures[i])) {
      measures = linesInPercent.filter((m): m is Measure => m !== undefined);
      unsettled = undefined;
    } else if (percentAsked && withoutPercent && shareAskedAfter) {
      // "As a percent?" after revenue, EPS, total assets: its change or its amount is asked (it gave the amount again).
      if (previous?.intent === 'figure') return percentOfWhat(measureLabel(withoutPercent), { ...previous, measures: [...context.measures] });
    }
    // "as a share of revenue?" after EBITDA: the previous metric over this one, never this one alone. After a formula
    // (gross profit), the vocabulary's ratio of the two (gross margin); no such ratio: not understood, never revenue.
    const over = s.measures.length === 1 ? s.measures[0] : undefined;
    // A formula's line stands as the whole ("as a percent of gross profit?": Apple's gross margin line), its formula kept; in
    // percent where said so (it gave the whole alone, or 0.81 times for "as a percent of operating income?": review 57).
    const denominator = over && s.shareOfEnds.includes(over.at) ? statementLineOf(over.measure) : undefined;
    const inPercent = words.some((w) => PERCENT_WORDS.has(w) || w === '%');
    if (base && over && denominator && base !== denominator) {
      measures = [{ kind: 'ratio', numerator: base, denominator, ...(inPercent ? { percent: true } : {}), ...(over.measure.kind === 'formula' ? { denominatorFormula: over.measure.formula } : {}) }];
    }
    const part = over && !denominator && fragment ? statementLineOf(over.measure) : undefined;
    if (shareBefore && over && part && part !== shareBefore.denominator && conceptInfo(part).measure === conceptInfo(shareBefore.denominator).measure) {
      const [, whole] = ratioSides(shareBefore);
      measures = [ratioOf(over.measure, part, sideOf(whole, shareBefore.denominator), true)];
    }
    // "And the amount?", "in dollars?" after a share, naming no line: the part's amount, never the share again; after a
    // margin, the amount it is of.
    const amountAsked = s.measures.length === 0 && words.some((w) => AMOUNT_WORDS.has(w)) && !words.some((w) => PERCENT_WORDS.has(w));
    if (shareBefore && amountAsked) measures = [ratioSides(shareBefore)[0]];
    const marginBefore = context.measures.length === 1 && context.measures[0]?.kind === 'formula' ? amountOfMargin(context.measures[0].formula) : undefined;
    if (marginBefore && amountAsked) measures = [marginBefore];
    // "As a % of sales?" after the cost of sales: in the asker's words, as said in one question (`overSales`).
    if (over && denominator === 'revenue') s.revenueOver = revenueWord(s.tokens, over);
    const formulaBefore = context.measures.length === 1 && context.measures[0]?.kind === 'formula' ? context.measures[0].formula : undefined;
    if (!base && denominator && formulaBefore) {
      const ratio = METRICS.formulas.find((f) => f.op === 'ratio' && termIs(f.terms[0], formulaBefore) && termIs(f.terms[1], denominator));
      if (!ratio) return aboutTheText({ ...s, topic: [...new Set([...measureTopic(context.measures), ...s.topic])] }, periods[0] ?? context.period);
      measures = [{ kind: 'formula', formula: ratio.id }];
    }
    // "per share?" after a metric that is not earnings: that metric per share, which no table prints, never EPS.
    const perShare = s.measures.length === 1 && conceptOf(s.measures[0]?.measure as Measure) === 'eps_basic_and_diluted' && s.tokens[s.measures[0]?.at ?? 0]?.word === 'per';
    if (perShare && base && !['net_income', 'net_income_to_common'].includes(base) && !base.startsWith('eps')) {
      return aboutTheText({ ...s, topic: [...new Set([...measureTopic(context.measures), ...s.topic])] }, periods[0] ?? context.period);
    }
    // "And expenses?" after net income: which costs, as asked alone, never the line before again.
    const spending = s.measures.length === 0 && !has('results') ? words.find((w) => COST_WORDS.has(w)) : undefined;
    if (spending && COSTS) return clarifyMeasure(COSTS.choices, spending, periods.length > 0 ? periods : context.period ? [context.period] : []);
    if (measures.length === 0 && previous?.intent !== 'results') measures = context.measures;
    // "And last year?" after a quarter or a year: a year before it, or the latest year the releases give? Asked, never guessed.
    const lastYearSaid = s.periods.length === 1 && ((s.periods[0]?.kind === 'lastYear' && !s.periods[0].back) || yearEndOfFlow(s.periods[0])) && words.some((w, i) => w === 'last' && (words[i + 1] === 'year' || (words[i + 1] === 'fiscal' && words[i + 2] === 'year')));
    const asked = context.period;
    if (lastYearSaid && measures.length > 0 && asked && yearOf(asked) !== undefined && !has('compare') && !has('change') && !has('trend')) {
      // "And adjusted last year?": each reading adjusted (it was the figure as reported).
      const adjusted = has('excluding') ? { excluding: true as const } : {};
      const yearBefore: Question = { intent: 'figure', measures, periods: [shiftYears(asked, -1)], ...adjusted };
      const latestYear: Question = { intent: 'figure', measures, periods: [{ kind: 'lastYear' }], ...adjusted };
      return { kind: 'clarify', prompt: '"Last year" after that: which did you mean?', every: true, alternatives: [
        { label: `${describeQuestion(yearBefore)} (a year before)`, question: yearBefore },
        { label: describeQuestion(latestYear), question: latestYear },
      ] };
    }
    // Said "last quarter" (never "the latest quarter", which is what it says), after figures (a comparison keeps its own).
    const lastQuarterAsked = lastSaid && previous?.intent === 'figure' && s.periods.length === 1 && s.measures.length === 0 && measures.length > 0 && !aChange ? lastQuarterAfter(s.periods[0], askedBefore, measures, bookFor(snapshot, s.company ?? previous?.company)) : undefined;
    if (lastQuarterAsked) return lastQuarterAsked;
    // "And in 2002?", "and EBITDA?" after "which quarter had the highest revenue in 2003?": that ranking again, of that
    // year's quarters or of that line, never the year's total.
    const rankedBefore = previous?.intent === 'figure' ? previous.rank : undefined;
    const yearSaid = s.periods.length === 1 && s.periods[0]?.kind === 'year' ? s.periods[0] : undefined;
    const newWeighing = has('highest') || has('lowest') || has('compare') || has('change') || has('trend') || whichWeighs(words) !== undefined;
    if (rankedBefore && previous?.intent === 'figure' && (s.periods.length === 0 || yearSaid) && !newWeighing && measures.length > 0) {
      return rankReading(rankedBefore, s, measures, yearSaid ? [yearSaid] : previous.periods, snapshot);
    }
    // "And 2002?" after H2 2003 against H1 2003: the same two periods of 2002, never H2 2002 against a year earlier.
    const within = previous?.intent === 'compare' && previous.period && previous.versus && yearOf(previous.period) !== undefined && yearOf(previous.period) === yearOf(previous.versus) ? previous : undefined;
    if (within?.period && within.versus && yearSaid && s.measures.length === 0 && !newWeighing) {
      return { kind: 'question', question: { intent: 'compare', measures, period: withYear(within.period, yearSaid.year), versus: withYear(within.versus, yearSaid.year) } };
    }
    // "And Q4?", "just Q2", "and the full year?" after parts of 2003 each against 2002's: the parts said, each against its own
    // again. Not after pairs of other parts ("Q4 2003 vs Q3 2003 and FY 2003 vs 2002"): no year is set against another there.
    const half = previous?.intent === 'figure' && previous.paired ? previous.periods.length / 2 : 0;
    const sameParts = previous?.intent === 'figure' && half > 0 && previous.periods.slice(0, half).every((p, k) => samePart(p, previous.periods[half + k]));
    const pairedBefore = sameParts && previous?.intent === 'figure' ? [yearOf(previous.periods[0] as PeriodQuery), yearOf(previous.periods[half] as PeriodQuery)] : [];
    const [laterYear, earlierYear] = pairedBefore;
    if (laterYear !== undefined && earlierYear !== undefined && laterYear !== earlierYear && s.periods.length > 0 && s.measures.length === 0 && !newWeighing && periods.every((p) => p.kind === 'span' && p.year === laterYear)) {
      return { kind: 'question', question: { intent: 'figure', measures, periods: [...periods, ...periods.map((p) => withYear(p, earlierYear))], paired: true } };
    }
    // "Which was highest?" after several quarters: ranked among them, not the first of them alone. After one, the
    // periods asked about before it are not kept: which to rank is asked, never the one period given as the answer.
    const ranking = has('highest') ? 'highest' : has('lowest') ? 'lowest' : undefined;
    // After a year, its quarters are what is ranked (below); "which was bigger?" weighs two things, which one year is not.
    const weighsTwo = words.some((w) => COMPARATIVES.has(w)) && !words.some((w) => w === 'quarter' || w === 'quarters');
    const only = context.periods.length === 1 && context.periods[0] && (weighsTwo || yearOnly(context.periods[0]) === undefined) ? context.periods[0] : undefined;
    // "Best year?", "the better half?": the two years or halves weighed below, not quarters to rank.
    const weighsLonger = whichWeighs(words)?.unit === 'year' || whichWeighs(words)?.unit === 'half';
    if (ranking && !weighsLonger && periods.length === 0 && only && measures.length > 0) {
      const year = yearOf(only);
      const inYear: Question = { intent: 'figure', measures, periods: year !== undefined ? [{ kind: 'year', year }] : [], rank: ranking };
      const every: Question = { intent: 'figure', measures, periods: [], rank: ranking };
      return { kind: 'clarify', prompt: `I keep only your last question (${periodLabel(only)}), not the periods before it. Which quarters should I rank?`, alternatives: [
        ...(year !== undefined ? [{ label: describeQuestion(inYear), question: inYear }] : []),
        { label: describeQuestion(every), question: every },
      ] };
    }
    // "What's the difference?" after "revenue Q4 2003" and "and Q3 2003?": those two periods, the later against the earlier,
    // never the last against a year before it.
    const inTurn = periodsAskedInTurn(previous, earlier);
    const changeAsked = has('compare') || has('change') || has('difference') || has('growth');
    // "Why down?" asks for a reason, which the comparison does not give: read below, as "why" is.
    if (changeAsked && inTurn && periods.length === 0 && s.measures.length === 0 && !has('why') && !has('year_on_year') && !has('sequential') && !has('trend')) {
      return { kind: 'question', question: { intent: 'compare', measures: inTurn.measures, period: inTurn.later, versus: inTurn.earlier } };
    }
    // "Growth between them?" after one period: the periods before it are not kept, so which comparison is asked back,
    // never that period against a year earlier as if it were the pair meant.
    const pair = context.periods.length === 1 ? context.periods[0] : undefined;
    // Not a pair of lines ("the difference between revenue and EBITDA", "how did both change" after two lines), nor a basis said ("yoy").
    const betweenTwo = (has('compare') || has('change') || has('difference') || has('growth')) && words.some((w) => PAIR_WORDS.has(w)) && s.measures.length === 0 && context.measures.length === 1 && !has('year_on_year') && !has('sequential');
    if (betweenTwo && periods.length === 0 && pair && measures.length > 0 && previous?.intent !== 'compare') {
      const yearEarlier: Question = { intent: 'compare', measures, period: pair };
      const quarterBefore: Question = { intent: 'compare', measures, period: pair, sequential: true };
      return { kind: 'clarify', prompt: `I keep only your last question (${periodLabel(pair)}), not the periods before it. Which comparison did you mean?`, alternatives: [
        { label: describeQuestion(yearEarlier), question: yearEarlier },
        ...(monthsSaid(pair) === 3 ? [{ label: describeQuestion(quarterBefore), question: quarterBefore }] : []),
      ] };
    }
    // "And EBITDA?" after Q2 against Q1: the same two periods, never the first against a year earlier. So is "compare
    // the two" after two periods' figures.
    const pairBefore = previous?.intent === 'compare' || (previous?.intent === 'figure' && (has('compare') || has('change') || has('difference') || has('growth')));
    if (periods.length === 0 && ranking && context.periods.length > 1) periods = [...context.periods];
    else if (periods.length === 0 && pairBefore && context.periods.length === 2 && !has('trend') && !has('sequential') && !has('year_on_year')) periods = [...context.periods];
    // "Chart it": every period of the metric, not the one asked before. "And revenue?" after several periods' figures:
    // each of them, never the first alone.
    else if (periods.length === 0 && context.period && !has('trend') && !weighsLonger) periods = previous?.intent === 'figure' && context.periods.length > 1 ? [...context.periods] : [context.period];
  }
  const comparingWords = has('compare') || has('change');
  const onlyRelative = s.periods.length > 0 && s.periods.every((p) => p.kind === 'relative' || p.kind === 'lastYear');
  if (context?.period && comparingWords && onlyRelative) {
    // "compare that to last year", "how does that compare with a year earlier?": the period before, against a year earlier.
    periods = [context.period, movedFrom(context.period, s.periods[0] as PeriodQuery)];
  } else if (context?.period && !yearToDate && (has('compare') || (has('change') && ['than', 'from', 'since'].some((w) => words.includes(w)))) && s.measures.length === 0 && s.periods.length === 1) {
    // "compare that to 2002" after Q4 2003: the period before against the one named (Q4 2002), not 2002 against a year before it;
    // "was that higher than Q3?", "how much is that up from Q3?": Q4 2003 against Q3 2003. "Vs year end?" after a balance at
    // June 30, 2003: against the year end before it, as a balance sheet sets them (it set December 31, 2003 against it).
    const date = balanceDateOf(context.period);
    const versus = periods[0] as PeriodQuery;
    const yearEndAfter = s.periods[0]?.kind === 'span' && s.periods[0].months === 12 && s.periods[0].year === undefined && versus.kind === 'span' && versus.year === Number(date?.slice(0, 4));
    periods = [context.period, yearEndAfter && date ? { kind: 'opening', before: date } : versus];
  }
  // "A year earlier", "the quarter before" move from the other period said; "last year" only once another is said before it
  // ("Q4 2003 vs last year") or it is said as what is compared with ("vs last year, Q4 2003"). Said first, it is the latest
  // year itself: "last year vs the year before" is that year against the one before it (it was the latest quarter's),
  // "last year vs 2002" that year against 2002 (it was 2001 against 2002).
  const movedRelative = periods.findIndex((p) => p.kind === 'relative');
  // Beside "the year before last" it is the latest year too: "the year before last vs last year" (it was 2001 vs 2002).
  const beforeLast = periods.some((p) => p.kind === 'lastYear' && (p.back ?? 0) > 0);
  const relative = movedRelative >= 0 ? movedRelative : beforeLast ? -1 : periods.findIndex((p, i) => p.kind === 'lastYear' && (i > 0 || s.comparandFirst));
  // "last quarter vs the quarter before": the quarter before whichever is the latest, settled when answered.
  let sequential = has('sequential');
  // "And Q4?" after a quarter against the one before: that quarter against the one before it, as the first was; a
  // period of its own to compare with, a year earlier said, or a longer period ("and the year?") is theirs.
  const versusBefore = previous?.intent === 'compare' ? previous.versus : undefined;
  const quarterBefore = (versusBefore?.kind === 'id' && versusBefore.found === 1) || (versusBefore?.kind === 'relative' && versusBefore.years === 0 && versusBefore.quarters === -1);
  const sequentialBefore = previous?.intent === 'compare' && (previous.sequential === true || quarterBefore);
  const spanOverAQuarter = (p: PeriodQuery | undefined) => p?.kind === 'span' && p.months > 3;
  if (followUp && sequentialBefore && s.measures.length === 0 && s.periods.length === 1 && periods.length === 1 && !spanOverAQuarter(s.periods[0]) && !has('year_on_year') && !has('compare')) sequential = true;
  const quarterBack = periods[relative];
  // So is any period against "the previous quarter" said as a comparison ("Q3 2014 vs the previous quarter"): a quarter
  // against the one before it, which its follow-ups ("and Q2?") are too.
  const againstQuarterBefore = quarterBack?.kind === 'relative' && quarterBack.years === 0 && quarterBack.quarters === -1 && quarterBack.inYear === undefined && periods.length === 2;
  if (againstQuarterBefore && (periods.some((p) => p.kind === 'lastQuarter' || p.kind === 'latest') || has('compare') || has('change') || has('growth') || has('difference'))) {
    periods = periods.filter((_, i) => i !== relative);
    sequential = true;
  } else if (relative >= 0 && periods.length > 1) {
    const base = periods.find((_, i) => i !== relative) as PeriodQuery;
    const earlier = movedFrom(base, periods[relative] as PeriodQuery);
    // Before "the latest quarter" a year is not said by a query: the comparison's own "a year earlier" is it.
    const yearBack = periods[relative];
    const oneYear = (yearBack?.kind === 'relative' && yearBack.years === -1 && !yearBack.quarters) || (yearBack?.kind === 'lastYear' && !yearBack.back);
    if (JSON.stringify(earlier) === JSON.stringify(base) && oneYear) periods.splice(relative, 1);
    else periods[relative] = earlier;
  }
  // "The previous quarter" with nothing before it: the latest quarter, or the one before it? Asked for a figure of its
  // own, as "the previous year" is; compared with another period, the latest.
  const previousQuarter = !context?.period && periods.length === 1 && periods[0]?.kind === 'relative' && periods[0].quarters === -1;
  if (previousQuarter && measures.length > 0 && !has('compare') && !has('change') && !has('sequential')) {
    const latestQuarter: Question = { intent: 'figure', measures, periods: [{ kind: 'lastQuarter' }] };
    const quarterBefore: Question = { intent: 'figure', measures, periods: [{ kind: 'lastQuarter', back: 1 }] };
    return { kind: 'clarify', prompt: '"The previous quarter": which did you mean?', every: true, alternatives: [
      { label: describeQuestion(latestQuarter), question: latestQuarter },
      { label: describeQuestion(quarterBefore), question: quarterBefore },
    ] };
  }
  periods = periods.map((p) => (p.kind === 'relative' && p.quarters === -1 ? { kind: 'lastQuarter' } : p));
  // "EBITDA for the previous year" with nothing before it: the latest year or the one before it, asked; never the latest quarter a year back.
  const [yearBack] = periods;
  const previousYear = !context?.period && periods.length === 1 && yearBack?.kind === 'relative' && yearBack.years === -1 && !yearBack.quarters && yearBack.inYear === undefined
    && words.some((w, i) => (w === 'previous' || w === 'prior') && words[i + 1] === 'year' && !['quarter', 'period', 's', 'end', 'ending', 'ended'].includes(words[i + 2] ?? ''))
    // "The same quarter of the prior year" names its part: that part a year before, not a whole year.
    && !s.periodWords.some((w) => w === 'quarter' || w === 'period' || w === 'time');
  if (previousYear && measures.length > 0 && !has('compare') && !has('change')) {
    const latest: Question = { intent: 'figure', measures, periods: [{ kind: 'lastYear' }] };
    const yearBefore: Question = { intent: 'figure', measures, periods: [{ kind: 'lastYear', back: 1 }] };
    return { kind: 'clarify', prompt: '"The previous year": which did you mean?', every: true, alternatives: [
      { label: describeQuestion(latest), question: latest },
      { label: describeQuestion(yearBefore), question: yearBefore },
    ] };
  }
  // "Cash vs last quarter": the latest against the quarter before it, never the latest against itself. "Cash vs (last)
  // year end": the latest balance against the fiscal year's opening one, as "since year end" is.
  const [comparand] = periods;
  const againstLastQuarter = comparand?.kind === 'lastQuarter' && !comparand.back;
  const balanceAsked = measures.some(isBalance);
  const againstYearEnd = balanceAsked && periods.length === 1 && ((comparand?.kind === 'span' && comparand.months === 12 && comparand.year === undefined) || comparand?.kind === 'opening');
  if (periods.length === 1 && s.periods.length === 1 && s.comparandFirst && comparingWords && againstLastQuarter) {
    return { kind: 'question', question: { intent: 'compare', measures, sequential: true } };
  }
  if (s.comparandFirst && comparingWords && againstYearEnd) periods = [{ kind: 'latest' }, { kind: 'opening' }];
  // "Revenue vs 2002", "was revenue higher than in Q3 2003?": the one period said is what the latest like it is compared with.
  const latest = periods.length === 1 && s.periods.length === 1 && s.comparandFirst && comparingWords ? latestLike(periods[0] as PeriodQuery) : undefined;
  if (latest) periods = [latest, periods[0] as PeriodQuery];
  // "Is cash higher than a year ago?": the latest against a year earlier, which a comparison with no period is.
  if (periods.length === 1 && periods[0]?.kind === 'relative' && (has('compare') || has('change') || has('difference'))) periods = [];

  if (unsettled) return clarifyMeasure(unsettled.choices, unsettled.phrase, periods, said);
  // "How much cash did they generate in 2003?": cash said as a flow is never the balance at the period's end.
  const cashFlowWord = measures.some((m) => m.kind === 'concept' && m.concept === 'cash') ? words.find((w) => CASH_FLOW_WORDS.has(w)) : undefined;
  if (cashFlowWord) return clarifyCashFlow(cashFlowWord, measures, periods);

  if (measures.length === 0) {
    // "Results vs last year": the headline results, which set each figure against a year earlier.
    if (has('results') && periods.length > 0 && periods.every((p) => p.kind === 'relative' || p.kind === 'lastYear')) return { kind: 'question', question: { intent: 'results' } };
    if ((has('change') || has('compare')) && !context) return clarifyCompare(periods);
    // "What were the expenses in Q4 2003?": which costs, never the headline results.
    const spending = has('results') ? undefined : words.find((w) => COST_WORDS.has(w));
    if (spending && COSTS) return clarifyMeasure(COSTS.choices, spending, periods);
    // "And at the start of the year?" with no line before it: a balance sheet's date, whose balance is not said.
    if (periods.length > 0 && periods.every((p) => p.kind === 'opening')) {
      return { kind: 'invalid', title: 'Which balance?', message: `The start of the year is a balance sheet's date: name the balance, for example "cash at the start of the year".` };
    }
    // "how did Q4 go?" or a period alone: the headline results; anything more said is a topic.
    if (has('results') || previous?.intent === 'results' || (periods.length > 0 && s.topic.length === 0)) {
      if (has('compare') && !periods.length) return clarifyCompare();
      const period = periods[0];
      // The results of the last few quarters: their headline figures, each quarter (the results of one are of one).
      if (period?.kind === 'recent') return { kind: 'question', question: { intent: 'figure', measures: [{ kind: 'concept', concept: 'revenue' }, { kind: 'concept', concept: 'net_income' }], periods: [period] } };
      return { kind: 'question', question: { intent: 'results', ...(period ? { period } : {}) } };
    }
    if (has('compare') || has('change')) return clarifyCompare(periods);
    return aboutTheText(s, undefined);
  }

  // "accretion ... and per share": a per-share amount of something other than earnings is no EPS line.
  const perShareOf = s.measures.find((m) => m.measure.kind === 'concept' && m.measure.concept === 'eps_basic_and_diluted' && s.tokens[m.at]?.word === 'per');
  const earningsLike = measures.some((m) => m.kind === 'concept' && ['net_income', 'net_income_to_common'].includes(m.concept));
  if (perShareOf && measures.length > 1 && !earningsLike) {
    return aboutTheText(s, periods[0]);
  }
  // "EPS excluding special items" leaves the unusual out: the figure without them, not why it moved.
  if (has('why') || (has('unusual') && !has('excluding'))) {
    const period = periods[0];
    // Of a question of its own: after others, the figure the conversation was about may be a part of this one, or set
    // against another period (it said Buckle's revenue "did not rise" after its online sales, EBITDA "did not fall"
    // against a year earlier after Q1 and Q2 were asked in turn).
    const premise = previous ? undefined : premiseOf(s);
    const why: Question = { intent: 'why', measures, topic: s.topic, ...(period ? { period } : {}), ...(has('unusual') ? { unusual: true } : {}), ...(premise ? { premise } : {}) };
    // "Net income 2003 and what drove it", "revenue 2003 vs 2002 and why": the figures, or the reason? Asked.
    if (figureFirst) return twoQuestions({ intent: 'figure', measures, periods }, why);
    return { kind: 'question', question: why };
  }
  // A role beside a metric ("who is the CEO and what was revenue?", "media revenue"): two questions, or one the tables
  // cannot answer. Which is asked back, with the text about both; neither is answered as if it were the question.
  const role = s.roles[0];
  if (role && s.measures.length > 0) {
    const figure: Question = { intent: 'figure', measures, periods };
    return { kind: 'clarify', prompt: 'This names a role and a figure. Which did you mean?', alternatives: [
      { label: `Contact: ${role}`, question: { intent: 'contact', role } },
      { label: describeQuestion(figure), question: figure },
      { label: `What the releases' text says about "${s.topic.join(' ')}"`, question: textQuestion(s, periods[0]) },
    ] };
  }
  // Figures only the narrative gives are compared in its words, not recomputed.
  // So is a metric with a word the bot knows only as something else ("online sales", "phone revenue", "headline
  // EPS"): a part or a kind of it no table prints, never a figure of the whole.
  // So is an average of a metric ("average revenue per quarter"): the releases print averages of share counts only.
  const averagedOf = (ms: readonly Measure[]) => has('average') && ms.some((m) => {
    const c = conceptOf(m);
    return !c || conceptInfo(c).measure !== 'shares';
  });
  const averaged = averagedOf(s.measures.map((m) => m.measure));
  const otherWords = callFieldSaid || s.contactFields.length > 0 || s.profile !== undefined || s.compound || averaged || s.amountSaid;
  if (((has('compare') || has('change')) && measures.some((m) => m.kind === 'narrative')) || (otherWords && s.measures.length > 0)) {
    return aboutTheText(s, periods[0]);
  }
  // "And the average?" after a balance: so is the average of the line asked before, never that line again as if it were.
  if (followUp && s.measures.length === 0 && averagedOf(measures)) return aboutTheText({ ...s, topic: [...new Set([...measureTopic(measures), ...s.topic])] }, periods[0]);
  // "excluding the licensor credit", and "adjusted EPS" naming none: never the figure as reported, as if asked for.
  const excluding = has('excluding');
  // "Apple vs Oracle revenue by quarter": the other companies named are drawn beside the first.
  const others = s.companies.slice(1);
  // "And net income?", "and The Buckle?" after revenue by quarter: by quarter again, never the latest quarter alone.
  const trendBefore = previous?.intent === 'trend' && fragment && (s.measures.length > 0 || s.companies.length > 0) && s.periods.length === 0 ? previous : undefined;
  const drawnBeside = others.length > 0 ? others : s.companies.length === 0 ? trendBefore?.companies ?? [] : [];
  if ((has('trend') || trendBefore) && periods.length === 0) return { kind: 'question', question: { intent: 'trend', measures, ...(drawnBeside.length > 0 ? { companies: drawnBeside } : {}) } };
  // "revenue in each quarter of 2003": the year's quarters, not its total.
  const year = periods.length === 1 ? yearOnly(periods[0] as PeriodQuery) : undefined;
  // Of a calendar year ("each quarter of calendar 2013"), the calendar's quarters, never the company's fiscal ones; a year
  // said by its end in another month ("the year ended May 31, 2014") is the company's own, its quarters its fiscal ones.
  const asked = periods[0];
  const byDate = asked?.kind === 'span' && asked.byDate === true && asked.months === 12 && asked.endMonth === 12;
  if (has('trend') && year !== undefined) return { kind: 'question', question: { intent: 'figure', measures, periods: quartersOf(year).map((q) => (byDate ? { ...q, byDate } : q)), ...(excluding ? { excluding: true } : {}) } };
  // "Revenue Q1 and Q2 2003 vs 2002", "Q4 and full year 2003 vs 2002", "Q1 and Q2 2003 vs Q1 and Q2 2002": each part against
  // the same part of the other year, never the last against the first, nor listed without the changes asked.
  const setAgainst = has('compare') || has('change') || has('growth') || has('difference');
  if (setAgainst && s.pairsSaid && periods.length === s.periods.length && periods.length % 2 === 0) return { kind: 'question', question: { intent: 'figure', measures, periods, paired: true, ...(excluding ? { excluding: true } : {}) } };
  const twoYears = setAgainst ? partsOfTwoYears(periods, s.joins) : undefined;
  if (twoYears) {
    const [later, earlier] = [...twoYears.years].sort((a, b) => b - a) as [number, number];
    const at = (year: number) => twoYears.parts.map((p) => ({ ...p, year }) as PeriodQuery);
    return { kind: 'question', question: { intent: 'figure', measures, periods: [...at(later), ...at(earlier)], paired: true, ...(excluding ? { excluding: true } : {}) } };
  }
  // "Revenue each quarter of 2003 and 2002", "each quarter 2003 vs 2002": each quarter of both years, never the two years'
  // totals; set against each other, each against its own (`paired`: the changes are respond.ts's `pairedChanges`).
  const years = periods.length === 2 ? periods.flatMap((p) => yearOnly(p) ?? []) : [];
  if (has('trend') && years.length === 2) {
    // Set against each other, the later year first, as any comparison ("from 2002 to 2003" is 2003's quarters against 2002's).
    const inOrder = setAgainst ? [...years].sort((a, b) => b - a) : years;
    return { kind: 'question', question: { intent: 'figure', measures, periods: inOrder.flatMap(quartersOf), ...(setAgainst ? { paired: true } : {}), ...(excluding ? { excluding: true } : {}) } };
  }
  // "Which quarter had the highest revenue in 2003?": that year's quarters (no year: every quarter; or the last few), ranked.
  // "Which is bigger, net interest expense or D&A?": two lines set against each other, no ranking of quarters.
  const eitherLine = s.measures.length >= 2 && words.includes('or');
  // "Which half of 2003 had higher EBITDA?": the year's second half against its first (no year: the latest of each);
  // "which year had higher revenue?": the latest year against the one before. Never a year against the year before it.
  const weighs = eitherLine || periods.length > 1 ? undefined : whichWeighs(words);
  if (weighs?.unit === 'half' && (periods.length === 0 || year !== undefined)) {
    const half = (endMonth: number): PeriodQuery => ({ kind: 'span', months: 6, endMonth, ...(year !== undefined ? { year } : {}) });
    return { kind: 'question', question: { intent: 'compare', measures, period: half(12), versus: half(6) } };
  }
  if (weighs?.unit === 'year' && periods.length === 0) return { kind: 'question', question: { intent: 'compare', measures, period: { kind: 'lastYear' }, versus: { kind: 'lastYear', back: 1 } } };
  // "Which month had the highest revenue?": no release reports a month alone; never the highest quarter as if asked.
  // A balance is at a day, and at a month's end ("which month-end had the most cash?"): those are asked.
  const unreported = measures.some(isBalance) ? undefined : words.find((w, i) => UNREPORTED_PERIODS.has(w) && words[i + 1] !== 'end' && (words[i - 1] === 'which' || SUPERLATIVE.has(words[i - 1] ?? '') || COMPARATIVES.has(words[i - 1] ?? '')));
  if (unreported && (has('highest') || has('lowest') || words.includes('which'))) {
    return { kind: 'invalid', title: 'Period not reported', message: `The releases report quarters, halves, nine months and years, never a ${unreported.replace(/s$/, '')} alone: ask which quarter (for example "which quarter had the highest revenue in 2003?").` };
  }
  // "Which quarter had higher revenue in 2003?": its quarters ranked, as "the highest" is.
  const rankSaid = eitherLine ? undefined : has('highest') ? 'highest' : has('lowest') ? 'lowest' : weighs?.unit === 'quarter' ? weighs.rank : undefined;
  // "The worst quarter for opex": of a cost, the highest; "best", the lowest. "Highest opex" measures, and is as said.
  const judgedCost = words.some((w) => JUDGING.has(w)) && measures.length === 1 && LOWER_IS_BETTER.has(measureId(measures[0] as Measure));
  const rank = rankSaid && judgedCost ? (rankSaid === 'highest' ? 'lowest' : 'highest') : rankSaid;
  const recent = periods.length === 1 && periods[0]?.kind === 'recent';
  // "Which quarter had the biggest revenue growth?": I rank figures, not their changes; never the biggest figure as if asked.
  if (rank && has('growth')) {
    const ranked: Question = { intent: 'figure', measures, periods: year !== undefined ? [{ kind: 'year', year }] : periods, rank };
    const each: Question = { intent: 'trend', measures };
    return { kind: 'clarify', prompt: 'I rank quarters by the figure, not by how much it changed. Which would help?', alternatives: [
      { label: describeQuestion(ranked), question: ranked },
      { label: `${describeQuestion(each)}, to set them side by side`, question: each },
    ] };
  }
  if (rank && (periods.length !== 1 || year !== undefined || recent)) return rankReading(rank, s, measures, year !== undefined ? [{ kind: 'year', year }] : periods, snapshot);

  // "Revenue in Q1 and Q2 2003 combined", "Q1 2003 + Q2 2003": the periods' figures added up, never compared.
  if (periods.length >= 2 && measures.length === 1 && (has('combined') || s.plusBetweenPeriods)) {
    return { kind: 'question', question: { intent: 'figure', measures, periods, combined: true } };
  }
  // "Total revenue Q1 and Q2 2003": the line called total in each, or the two added up? Asked, never guessed.
  // Never for balances: two dates' balances do not add up ("total assets Dec 31, 2003 and 2002" compares them).
  const flow = measures.length === 1 && measures[0]?.kind === 'concept' && conceptInfo(measures[0].concept).measure === 'flow';
  // Not a line's own name ("Total revenues", "total sales and revenues"): those compare as any line does.
  const totalSaid = s.tokens.some((t, i) => t.word === 'total' && !s.measures.some((m) => i >= m.at && i < m.to));
  if (alikePeriods(periods) && flow && totalSaid && !has('compare') && !has('change') && !has('difference') && !has('both')) {
    const added: Question = { intent: 'figure', measures, periods, combined: true };
    const apart: Question = { intent: 'figure', measures, periods };
    return { kind: 'clarify', prompt: '"Total" over two periods: which did you mean?', alternatives: [
      { label: `${describeQuestion(added)} (added up)`, question: added },
      { label: `${describeQuestion(apart)} (each period)`, question: apart },
    ] };
  }
  const continuing = previous?.intent === 'compare' && followUp;
  // Two periods said side by side are compared when they are alike ("Q4 2003 and Q4 2002"); a quarter beside a year is two figures.
  const alike = alikePeriods(periods);
  // Two periods listed again in another year ("and for 2003?" after Q1 and Q2 2004) stay a list, never set against each other.
  const comparing = continuing || has('compare') || has('change') || sequential || has('difference') || (alike && measures.length === 1 && !has('both') && !(listedAgain && listedAgain.length > 1));
  // "Basic EPS Q4 2003 vs diluted": two metrics side by side in one period, not each against a year earlier.
  const [m1, m2] = s.measures;
  // So are two lines weighed against each other ("was cash bigger than current liabilities?"): never each against a year earlier.
  const weighedBetween = (at: number) => m1 !== undefined && m2 !== undefined && at >= m1.to && at < m2.at;
  const betweenMetrics = s.measures.length === 2 && m1 && m2 && s.compareAt.some(weighedBetween);
  const weighed = s.measures.length === 2 && !has('growth') && words.some((w, k) => COMPARATIVES.has(w) && weighedBetween(k));
  // "The difference between basic and diluted shares in Q4 2003": the two lines of one period side by side, never each against a year earlier.
  const betweenLines = s.measures.length === 2 && has('difference') && !has('compare') && s.tokens.some((t, k) => t.word === 'between' && m1 !== undefined && k < m1.at);
  if ((betweenMetrics || betweenLines || weighed) && periods.length <= 1 && (weighed || !has('change')) && !sequential) {
    return { kind: 'question', question: { intent: 'figure', measures, periods, ...(excluding ? { excluding: true } : {}) } };
  }
  // "Revenue growth over the last 4 quarters": each of them, or the latest against a year earlier? Asked, never picked.
  const several = periods.find((p) => p.kind === 'recent');
  if (comparing && several) {
    const list: Question = { intent: 'figure', measures, periods: [several] };
    const latest: Question = { intent: 'compare', measures, period: { kind: 'lastQuarter' } };
    return { kind: 'clarify', prompt: 'A change is between two periods. Which did you mean?', alternatives: [
      { label: describeQuestion(list), question: list },
      { label: describeQuestion(latest), question: latest },
    ] };
  }
  if (comparing && measures.length >= 1 && periods.length <= 2) {
    const [first, given] = periods;
    // "Q4 2003 compared with 2002": that quarter of 2002, never a quarter against a whole year (nor the year so far).
    const part = (first?.kind === 'span' && first.months < 12) || first?.kind === 'ytd' || first?.kind === 'ytdTo';
    // "Cash yoy Q2 2003": against the same period a year earlier, as said; never a balance's change over the quarter.
    const yearEarlier = first?.kind === 'span' && !given && has('year_on_year') && !sequential && first.year !== undefined ? shiftYears(first, -1) : undefined;
    const second = first && part && given?.kind === 'year' && yearOf(first) !== given.year ? withYear(first, given.year) : given ?? yearEarlier;
    // Against an amount ("was it more than 2m?") it is a threshold, not the two periods weighed.
    // Nor of an adjusted figure: the levels weighed would be the reported ones.
    const weighed = first && second && measures.length === 1 && s.periods.length > 0 && !s.amountSaid && !excluding ? weighedAsked(words) : undefined;
    const question: Question = {
      intent: 'compare', measures,
      ...(first ? { period: first } : {}),
      ...(second ? { versus: second } : {}),
      ...(sequential ? { sequential: true } : {}),
      ...(excluding ? { excluding: true } : {}),
      ...(weighed ? { weighed } : {}),
    };
    return { kind: 'question', question };
  }
  // "Revenue and operating income for the nine months 2004 and 2003": the year after a part of a year is that part of
  // it, as in a comparison (it was fiscal 2003). The part's own year is the whole of it: "Q4 2003 and 2003" are the
  // quarter and the year (it read Q4 2003 twice).
  const [first, given] = periods;
  const partOfYear = (first?.kind === 'span' && first.months < 12) || first?.kind === 'ytd' || first?.kind === 'ytdTo';
  const listed = first && partOfYear && given?.kind === 'year' && yearOf(first) !== given.year && periods.length === 2 ? [first, withYear(first, given.year)] : periods;
  // "And net income?" after each quarter of 2003 against 2002's: the same periods, each against its own again.
  const pairedAgain = previous?.intent === 'figure' && previous.paired && isDeepStrictEqual(listed, previous.periods);
  return { kind: 'question', question: { intent: 'figure', measures, periods: listed, ...(pairedAgain ? { paired: true } : {}), ...(excluding ? { excluding: true } : {}) } };
}

const YES_NO_OPENERS = new Set(CUES.yes_no_openers);
const NEGATIONS = new Set(CUES.negations);
const WEIGHED_UP = new Set(CUES.weighed_by_size.up);
const WEIGHED_DOWN_BY_SIZE = new Set(CUES.weighed_by_size.down);
const MULTIPLES = new Set(CUES.weighed_by_size.multiples);
const OF_CHANGES = new Set(CUES.weighed_by_size.of_changes);

/**
 * "Was revenue higher in Q1 2004 than in Q2 2004?": a yes or no asked of the first period against the one after "than",
 * answered first (it showed the change, newer first, and left the verdict to the reader: review 79). Only a size word
 * ("better" of a cost is no size), in a question put as one ("was", "did"); never by a multiple ("more than twice"), which
 * is no plain higher.
 */
function weighedAsked(words: readonly string[]): 'higher' | 'lower' | undefined {
  if (!YES_NO_OPENERS.has(words[0] ?? '') || words.some((w) => MULTIPLES.has(w))) return undefined;
  const at = words.findIndex((w) => WEIGHED_UP.has(w) || WEIGHED_DOWN_BY_SIZE.has(w));
  if (at < 0 || !words.slice(at + 1).includes('than')) return undefined;
  // What is weighed is said before the word of size: a growth ("was revenue growth lower ...?") or a question put
  // negatively ("was revenue not lower ...?") is no plain verdict; "..., or not?", "(not adjusted)" after it are.
  if (words.slice(0, at).some((w) => NEGATIONS.has(w) || OF_CHANGES.has(w))) return undefined;
  return WEIGHED_UP.has(words[at] ?? '') ? 'higher' : 'lower';
}

/** The lines said, each once ("sales and revenues" is one line said twice). */
const distinctMeasures = (s: Slots): Measure[] => [...new Map(s.measures.map((m) => [JSON.stringify(m.measure), m.measure])).values()];

/** Where a second question starts ("… and what did he say", "…? also when is the call", "…. who is the CFO"), or -1: a question word after "and", "plus", "also", a question mark or a full stop. */
function secondQuestionAt(words: readonly string[], afterBreak: ReadonlySet<number>): number {
  return words.findIndex((w, i) => i > 1 && SECOND_QUESTION_WORDS.has(w) && (['and', 'plus', 'also'].includes(words[i - 1] ?? '') || afterBreak.has(i)));
}
const SECOND_QUESTION_WORDS = new Set(['what', 'who', 'why', 'how', 'when', 'where', 'whats']);

/** Two questions in one: each offered, the figure first. */
function twoQuestions(figure: Question, other: Question): Reading {
  return { kind: 'clarify', prompt: 'This asks two things; I answer one at a time. Which first?', alternatives: [
    { label: describeQuestion(figure), question: figure },
    { label: describeQuestion(other), question: other },
  ] };
}

/** Two periods of the same length, or of lengths not said ("Q4 2003 and Q4 2002", not a quarter beside a year). */
function alikePeriods(periods: readonly PeriodQuery[]): boolean {
  const [a, b] = periods.map(monthsSaid);
  // A part beside its own year said bare ("Q4 2003 and 2003") is a quarter beside the whole year.
  const [p, q] = periods;
  const partOfItsYear = (part?: PeriodQuery, year?: PeriodQuery) => year?.kind === 'year' && part?.kind === 'span' && part.months < 12 && part.year === year.year;
  return periods.length === 2 && (a === undefined || b === undefined || a === b) && !partOfItsYear(p, q) && !partOfItsYear(q, p);
}

/**
 * A ranking of quarters: the periods as said (a year, the last few, none), the handler lists them,
 * so a choice's id stays short. Companies are not ranked against each other ("which company had the
 * highest revenue?": their releases cover different years), and of a loss ("the smallest net loss",
 * a negative figure) which end is meant is asked, never guessed.
 */
function rankReading(rank: Rank, s: Slots, measures: Measure[], periods: PeriodQuery[], snapshot: Snapshot): Reading {
  const ranked = (r: Rank): Question => ({ intent: 'figure', measures, periods, rank: r });
  const words = s.tokens.map((t) => t.word);
  const acrossCompanies = words.some((w, i) => w === 'companies' || (w === 'company' && (words[i - 1] === 'which' || words[i - 1] === 'what')));
  if (!s.company && acrossCompanies) {
    return { kind: 'clarify', prompt: "I rank one company's own quarters, not companies against each other (their releases cover different years). Which company's quarters?", alternatives: snapshot.books.slice(0, MAX_COMPANY_CHOICES).map((b) => ({ label: companyLabel(b.company), question: { ...ranked(rank), company: b.company.key } })) };
  }
  const name = measures.map((m) => inSentence(measureLabel(m))).join(' and ');
  if (saidAs(s, ['loss', 'losses'])) {
    return { kind: 'clarify', prompt: 'A loss is a negative figure: which quarter did you mean?', alternatives: [
      { label: `The highest ${name} (the smallest loss)`, question: ranked('highest') },
      { label: `The lowest ${name} (the largest loss)`, question: ranked('lowest') },
    ] };
  }
  // "The largest accretion charge", "the biggest tax benefit", "the largest deficit": a size on one side of zero, which the
  // signed figures ranked do not give (it gave Q4 2003's credit as the largest charge, a tax expense as the largest benefit).
  // So is a line printed as a charge in one quarter and a credit in another ("the highest accretion").
  const bySize = words.find((w) => RANKED_BY_SIZE.has(w));
  const signed = measures.find((m) => m.kind === 'concept' && CHARGE_OR_CREDIT_LINES.has(m.concept));
  if (!bySize && !signed) return { kind: 'question', question: ranked(rank) };
  const why = bySize ? `"${bySize}" counts a figure by its size, and the releases print it signed` : `${measureLabel(signed as Measure)} is printed as a charge (negative) or a credit`;
  return { kind: 'clarify', prompt: `${why}: which quarter did you mean?`, alternatives: [
    { label: `The highest ${name}, signed as printed${signed ? ' (the largest credit, or the smallest charge)' : ''}`, question: ranked('highest') },
    { label: `The lowest ${name}, signed as printed${signed ? ' (the largest charge)' : ''}`, question: ranked('lowest') },
  ] };
}

/** "What does Infocrossing do?", with anything or nothing around it but fillers ("hey bot, ... thx"). */
function asksWhatItDoes(s: Slots): boolean {
  const words = s.tokens.map((t) => t.word);
  const isDo = (w: string | undefined) => w === 'does' || w === 'do';
  const what = words.indexOf('what');
  const does = words.findIndex((w, i) => i > what && isDo(w));
  const last = words.findLastIndex(isDo);
  // After the last "do" only fillers and the company's name ("what does Infocrossing do, at Infocrossing?", "… as per the release?").
  return what >= 0 && does > what && last > does + 1 && words.every((w, i) => i <= last || FILLERS.has(w) || s.companyTokens.has(i) || s.fillerTokens.has(i));
}

/** The latest period of the same length as `p`: the latest quarter for a quarter, the latest year for a year, the latest balance for a date. */
function latestLike(p: PeriodQuery): PeriodQuery | undefined {
  if (p.kind === 'span' && p.months === 3 && p.year !== undefined && !p.byDate) return { kind: 'lastQuarter' };
  if (p.kind === 'year' || (p.kind === 'span' && p.months === 12 && p.year !== undefined && !p.byDate)) return { kind: 'lastYear' };
  if (p.kind === 'date' || p.kind === 'yearEnd') return { kind: 'latest' };
  return undefined;
}

/** The year a period names when it is a whole year ("2003", "FY 2003"). */
function yearOnly(p: PeriodQuery): number | undefined {
  if (p.kind === 'year') return p.year;
  if (p.kind === 'id' && /^\d{4}-FY$/.test(p.id)) return Number(p.id.slice(0, 4));
  return p.kind === 'span' && p.months === 12 ? p.year : undefined;
}

/** "Compare Q4 2003 to Q4 2002" naming no figure: which figure is asked, each choice in the periods said (none: the latest quarter against a year earlier). */
function clarifyCompare(periods: readonly PeriodQuery[] = []): Reading {
  const [period, versus] = periods;
  const choices: Concept[] = ['revenue', 'ebitda', 'net_income'];
  return { kind: 'clarify', prompt: 'Compare which figure? For example:', alternatives: choices.map((concept) => {
    const question: Question = { intent: 'compare', measures: [{ kind: 'concept', concept }], period: period ?? { kind: 'lastQuarter' }, ...(versus ? { versus } : {}) };
    return { label: describeQuestion(question).replace(/^./, (c) => c.toUpperCase()), question };
  }) };
}

function pickCallField(fields: readonly CallField[], words: readonly string[]): CallField | undefined {
  if (fields.includes('pass_code')) return 'pass_code';
  // "The international replay number": the replay's, which says which of its numbers is for international callers.
  if (fields.includes('international') && fields.includes('replay')) return 'replay';
  if (fields.includes('international')) return 'international';
  if (fields.includes('webcast')) return 'webcast';
  if (fields.includes('replay')) return 'replay';
  if (fields.includes('dial_in')) return 'dial_in';
  if (fields.includes('when') || words.includes('when')) return 'when';
  return undefined;
}
