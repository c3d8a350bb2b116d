/**
 * Answers from the text of the releases rather than their tables: what a sentence says about a
 * topic, why a figure moved, a growth rate the release prints, a figure "excluding" a one-time
 * item. Sentences are shown as printed, never turned into a figure they do not state.
 */
import { conceptInfo, normaliseLabel, type Concept } from '../knowledge/concepts.ts';
import { change, uncertaintyOf } from '../knowledge/derive.ts';
import { IDENTITIES } from '../knowledge/checks.ts';
import type { FigureFact, SentenceFact, SentenceNumber } from '../knowledge/facts.ts';
import { longDate, periodCovers, shortPeriod, yearEarlier } from '../knowledge/periods.ts';
import type { Book } from '../knowledge/snapshot.ts';
import { namedAsPart, SCALE } from '../knowledge/parse/narrative.ts';
import { escapeRegExp, stem } from '../knowledge/text.ts';
import { answer, askedBack, cite, type Answer } from './answer.ts';
import { derivedMark, formatFigure, percent } from './format.ts';
import type { Value } from './measures.ts';
import { pageOf } from './paging.ts';
import { releaseOf } from './releases.ts';
import { describeQuestion, inSentence, measureLabel, searchedWords } from './understand/describe.ts';
import type { Measure, Question } from './understand/question.ts';
import { spot } from './understand/spot.ts';
import { periodIdOf } from './understand/resolve.ts';
import { CUES, METRICS } from './understand/vocabulary.ts';
import { mendedNotes, searchRelated } from './related-search.ts';

/** Sentences to a page (and all a "why" answer shows): three fit a Discord embed whole. */
export const SENTENCES_PER_PAGE = 3;

function sentenceFields(found: readonly SentenceFact[], book: Book) {
  return found.map((s) => {
    const date = book.releases.find((r) => r.release === s.release)?.date;
    return { name: `${s.release}${date ? ` (${longDate(date)})` : ''}, line ${s.line}${s.heading ? `, under "${s.heading}"` : ''}`, value: s.text };
  });
}

const stems = (text: string) => new Set((text.toLowerCase().match(/[a-z0-9]+/g) ?? []).map(stem));

/**
 * Where the text of a company's releases speaks of a line its tables never print ("restructuring" at Sears, whose
 * statement prints "Special charges and impairments"): the first `max` sentences naming it, as fields and citations.
 */
export function textMentions(concept: Concept, book: Book, max = 2): { fields: Array<{ name: string; value: string }>; sources: ReturnType<typeof cite>[]; facts: SentenceFact[] } | undefined {
  // The line's name or a label of it, whole: "restructuring", never "cost" alone for the cost of revenues, nor "amortization"
  // for depreciation and amortization (Oracle's amortization of intangible assets is another line).
  const info = conceptInfo(concept);
  const phrases = [...new Set([info.name, ...info.labels].map(normaliseLabel))].filter((p) => p.length > 3);
  // Not a table's row read as text (a segment's "Cost of sales, buying and occupancy 5,662 - 41 5,703"): its figures are not the line's.
  const tableRow = (text: string) => !/[.!?]["”’)]?$/.test(text.trim()) && (text.match(/(?:^|\s)[-$(]*\d[\d,.]*\)?(?=\s|$)/g) ?? []).length >= 3;
  const found = bodySentences(book).filter(({ s, words }) => phrases.some((p) => words.includes(` ${p} `)) && !tableRow(s.text)).slice(0, max).map(({ s }) => s);
  return found.length > 0 ? { fields: sentenceFields(found, book), sources: found.map(cite), facts: found } : undefined;
}

/** Sentences holding every one of `required` and most of `wanted`, with the share of `wanted` each holds. */
function findSentences(book: Book, wanted: readonly string[], required: readonly string[], filter: (s: SentenceFact) => boolean): Array<{ item: SentenceFact; coverage: number; score: number }> {
  const need = required.map(stem);
  const enough = wanted.length <= 2 ? 1 : 0.5;
  return book.search.sentences.search(wanted.join(' '), 60)
    .filter((h) => h.coverage >= enough && filter(h.item))
    .filter((h) => {
      const have = stems(h.item.text);
      return need.every((w) => have.has(w));
    });
}

/** The running-text sentences of a book with their normalised words, read once per book. */
const normalised = new WeakMap<Book, Array<{ s: SentenceFact; words: string }>>();
function bodySentences(book: Book): Array<{ s: SentenceFact; words: string }> {
  let list = normalised.get(book);
  if (!list) {
    list = book.ofKind('sentence').filter((f) => f.section !== 'about').map((s) => ({ s, words: normalisedWords(s) }));
    normalised.set(book, list);
  }
  return list;
}

/** The statement lines a sentence names, as the question reader reads names (longest first), once per sentence. */
const named = new WeakMap<SentenceFact, Set<Concept>>();
function linesNamed(s: SentenceFact, book: Book): Set<Concept> {
  let set = named.get(s);
  if (!set) {
    const { spans, tokens } = spot(s.text, book);
    // "U.S. Telecom revenues", "Wireless revenues": a segment's, never the line.
    const whole = (from: number) => !namedAsPart(s.text, tokens[from]?.start ?? 0);
    const lines = spans.flatMap((sp) => (sp.value.kind === 'measure' && sp.value.measure.kind === 'concept' && whole(sp.from)
      ? [{ concept: sp.value.measure.concept, words: ` ${tokens.slice(sp.from, sp.to).map((t) => t.word).join(' ')} ` }] : []));
    // "A net loss to common stockholders of $2.2 million ..., compared with a net loss of $3.7 million": a name said
    // again shorter, after another line's name that holds it, is that line's, never net income's.
    const saidShort = (k: number) => lines.slice(0, k).some((l) => l.concept !== lines[k]?.concept && l.words.includes(lines[k]?.words ?? ''));
    set = new Set(lines.filter((_, k) => !saidShort(k)).map((l) => l.concept));
    named.set(s, set);
  }
  return set;
}


/** The periods a sentence names, in words or by its numbers. */
const periodsNamed = (s: SentenceFact): string[] => [...s.periods, ...s.numbers.flatMap((n) => (n.period ? [n.period] : []))];
const tiedTo = (s: SentenceFact, period: string) => periodsNamed(s).some((p) => periodCovers(period, p) || periodCovers(p, period));
/** Whether the sentence names exactly this period ("the first half of 2003"), not only a part of it or what holds it. */
const namesExactly = (s: SentenceFact, period: string) => periodsNamed(s).includes(period);

/** What the releases' text says about a topic, with the honest lead that no table figure answers it. */
export function narrativeAnswer(q: Extract<Question, { intent: 'narrative' }>, book: Book): Answer {
  const release = q.release ? releaseOf(book, q.release) : undefined;
  const period = q.period ? periodIdOf(q.period, book) : undefined;
  const inRelease = (s: SentenceFact) => !release || s.release === release.release;
  // Names nobody explained (SMS, AmQUEST) must be in the sentence; of the other words, most.
  const required = q.names;
  // The question's words, and each in the other words the releases use for it ("outlook": "expects").
  const best = searchRelated(q.topic, (words) => findSentences(book, words, required, inRelease));
  // Most of the question's words first, then sentences about the period asked (exactly it, then a part of it or what
  // holds it), then the rarer words; ties in the search's order (the releases' own): one fixed order, so pages never shift.
  const onPeriod = (s: SentenceFact) => (!period ? 0 : namesExactly(s, period) ? 2 : tiedTo(s, period) ? 1 : 0);
  const all = [...best].sort(([a, x], [b, y]) => y.coverage - x.coverage || onPeriod(b) - onPeriod(a) || y.score - x.score).map(([s]) => s);
  const { items: found, paging } = pageOf(all, q, { per: SENTENCES_PER_PAGE }, 'sentences');
  const about = searchedWords(q) || 'the words of the question';
  if (found.length === 0 && q.figure) {
    // A line named after an answer from the text ("and net income?" after access lines): its figure, offered.
    const figure: Question = { intent: 'figure', measures: q.figure, periods: q.period ? [q.period] : [], ...(q.company ? { company: q.company } : {}) };
    return askedBack('Not in the text', `Nothing in the releases' text answers "${about}". Did you mean the figure itself?`, [{ label: describeQuestion(figure), question: figure }]);
  }
  if (found.length === 0) {
    return answer('not_found', 'Not in the releases', `Not in the releases: nothing in them answers "${about}". I answer from the earnings releases: figures (/metric, /compare, /trend), quotes (/quote), contacts (/contact), sentences (/search). Try /help for examples.`);
  }
  return answer('sentences', 'From the text of the releases', `No figure in the tables answers this directly. What the releases' text says about "${about}", best match first — read it to check it answers your question:`, {
    notes: mendedNotes(book.search.sentences.mended(q.topic.join(' '))),
    fields: sentenceFields(found, book),
    sources: found.map(cite),
    facts: found,
    ...(paging ? { paging } : {}),
  });
}

const EXPLAINING = CUES.explaining;

/** A word of change, up or down: what a sentence giving the reason for a change speaks of. */
const GROWTH = new RegExp(`\\b(${CUES.growth.join('|')})\\b`, 'i');

/** Words of a figure without a one-time item: excluding it, adjusted, what it would have been. */
const ADJUSTED_WORDS = String.raw`\bexcluding\b|\badjusted\b|would have been`;
const ADJUSTED = new RegExp(ADJUSTED_WORDS, 'i');
/** Words of a figure on another basis than the statements': those, and non-GAAP, a loss set beside it. */
const OTHER_BASIS = new RegExp(String.raw`${ADJUSTED_WORDS}|non[- ]?gaap|\bcompared with a net loss\b`, 'i');

/**
 * "Why did revenue fall in Q3 2004?" where it rose: the premise said to be false, against a year earlier, when both
 * figures are amounts above zero (a loss that fell is a figure that rose) and they differ beyond their rounding.
 */
function falsePremise(q: Extract<Question, { intent: 'why' }>, book: Book, period: string): string | undefined {
  const [m] = q.measures;
  const base = yearEarlier(period);
  if (!q.premise || q.measures.length !== 1 || m?.kind !== 'concept' || !base) return undefined;
  const now = book.figure(m.concept, period);
  const before = book.figure(m.concept, base);
  if (!now || !before || now.value <= 0 || before.value <= 0 || Math.abs(now.value - before.value) <= uncertaintyOf(now.fact) + uncertaintyOf(before.fact)) return undefined;
  // A release that speaks of the figure on another basis anywhere ("EBITDA increases to $2.3 million ... excluding the
  // expense credits", "Non-GAAP net income was up 2%") may say it went the way asked: not the table's to judge.
  const names = new RegExp(` (?:${conceptWords(m.concept).map(escapeRegExp).join('|')}) `);
  if (bodySentences(book).some(({ s, words }) => OTHER_BASIS.test(s.text) && names.test(words))) return undefined;
  const rose = now.value > before.value;
  if (rose === (q.premise === 'up')) return undefined;
  const c = change(now.fact, before.fact);
  return `${conceptInfo(m.concept).name} did not ${q.premise === 'up' ? 'rise' : 'fall'} in ${shortPeriod(period)} against a year earlier: it ${rose ? 'rose' : 'fell'} to ${formatFigure(now.fact)}${derivedMark(now.fact)} from ${formatFigure(before.fact)}${derivedMark(before.fact)} in ${shortPeriod(before.period)}${c ? `, ${percent(c)} (computed)` : ''}.`;
}

/** Why a figure moved: the release's own explanations (or its one-time items), else "the releases don't say". */
export function whyAnswer(q: Extract<Question, { intent: 'why' }>, book: Book): Answer {
  const period = q.period ? periodIdOf(q.period, book) : undefined;
  const remarks = q.measures.flatMap((m) => (m.kind === 'concept' && period ? book.remarks(m.concept, period) : []));
  const names = q.measures.flatMap((m) => measureWords(m));
  // A total's reasons may be given for what it adds up ("Earnings … benefited from increased revenue … and the elimination
  // of … dividends to preferred shareholders" for net income to common stockholders): after the total's own.
  const parts = q.measures.flatMap((m) => (m.kind === 'concept' ? componentsOf(m.concept).flatMap(conceptWords) : []));
  const own = new RegExp(` (?:${names.map(escapeRegExp).join('|')}) `);
  // Cheap tests first: the period, then one pass for any of the names and any explaining word.
  const naming = new RegExp(` (?:${[...names, ...parts].map(escapeRegExp).join('|')}) `);
  const explainingWord = new RegExp(` (?:${EXPLAINING.map(escapeRegExp).join('|')}) `);
  const body = bodySentences(book);
  const explaining = body.flatMap(({ s, words }, i) => {
    if ((period && !tiedTo(s, period)) || !naming.test(words)) return [];
    // The sentence right after may give the reason without saying the period again: "Increased revenues and productivity
    // gains were the principal reasons for this strong improvement", "Revenue growth was driven by sales to ... clients".
    const next = body[i + 1];
    // It speaks of the change ("this strong improvement", "revenue growth"), not of something else ("uses EBITDA because").
    const reason = next && next.s.release === s.release && explainingWord.test(next.words) && GROWTH.test(next.s.text) && (periodsNamed(next.s).length === 0 || (period !== undefined && tiedTo(next.s, period))) ? [next.s] : [];
    // A sentence that only states the figure is shown for the reason after it, not for itself.
    const explains = explainingWord.test(words);
    return explains || reason.length > 0 ? [{ s: explains ? [s] : [], at: s, words, reason }] : [];
  });
  // Said of the measure itself first, then of what it adds up; of exactly this period ("the first half of 2003") before a
  // part of it; the reasons that follow them before them.
  const exact = (x: SentenceFact) => (period && namesExactly(x, period) ? 0 : 1);
  const sorted = [...explaining].sort((a, b) => exact(a.at) - exact(b.at));
  const inOrder = (list: typeof sorted) => [...list.flatMap((e) => e.reason), ...list.flatMap((e) => e.s)];
  const ordered = [...inOrder(sorted.filter((e) => own.test(e.words))), ...inOrder(sorted.filter((e) => !own.test(e.words)))];
  const found = uniqueSentences(q.unusual ? [...remarks, ...ordered] : [...ordered, ...remarks]).slice(0, SENTENCES_PER_PAGE);
  const what = q.measures.map(measureLabel).join(', ');
  const premise = period ? falsePremise(q, book, period) : undefined;
  const lead = premise ? `${premise}\n` : '';
  if (found.length === 0) return answer('not_found', 'Not in the releases', `${lead}Not in the releases: they give no reason for ${inSentence(what)}${period ? ` in that period` : ''}.`);
  return answer('sentences', `Why — ${what}`, `${lead}No figure in the tables says why. The releases' own words about it, best match first — the reason may or may not be among them:`, {
    fields: sentenceFields(found, book),
    sources: found.map(cite),
    facts: found,
  });
}

function uniqueSentences(list: readonly SentenceFact[]): SentenceFact[] {
  const seen = new Set<string>();
  return list.filter((s) => (seen.has(`${s.release}:${s.line}`) ? false : (seen.add(`${s.release}:${s.line}`), true)));
}

/** What a total adds up, by the statement's own arithmetic (net income to common stockholders: net income and preferred dividends). */
const componentsOf = (c: Concept): Concept[] => IDENTITIES.filter((i) => i.total === c).flatMap((i) => i.terms.map(([, term]) => term));

/** The words a sentence uses for a measure: its name and the phrases people use. */
function measureWords(m: Measure): string[] {
  if (m.kind !== 'concept') return [normaliseLabel(measureLabel(m))];
  return conceptWords(m.concept);
}

function conceptWords(c: Concept): string[] {
  const info = conceptInfo(c);
  const phrases = [info.name, ...info.labels, ...(METRICS.concepts[c] ?? [])].map(normaliseLabel).filter((w) => w.length > 3);
  return [...new Set(phrases)];
}

/** The running-text sentences of a book that state a rate of change ("EBITDA increased 24.2%"), found once per book. */
const rating = new WeakMap<Book, readonly SentenceFact[]>();
function rateSentences(book: Book): readonly SentenceFact[] {
  let list = rating.get(book);
  if (!list) {
    list = book.ofKind('sentence').filter((f) => f.section !== 'about' && f.numbers.some((n) => n.unit === 'percent') && GROWTH.test(f.text));
    rating.set(book, list);
  }
  return list;
}

/** A sentence's words, normalised once, when first looked at: every figure answer looks for its rate, so none before. */
const wordsOf = new WeakMap<SentenceFact, string>();
function normalisedWords(s: SentenceFact): string {
  let words = wordsOf.get(s);
  if (words === undefined) {
    words = ` ${normaliseLabel(s.text)} `;
    wordsOf.set(s, words);
  }
  return words;
}

/** Where a sentence first names the metric, in its normalised words (whole words only: "ebit" is not in "ebitda"). */
function namedAt(s: SentenceFact, concept: Concept): number | undefined {
  const words = normalisedWords(s);
  const at = Math.min(...conceptWords(concept).map((w) => words.indexOf(` ${w} `)).filter((i) => i >= 0));
  return Number.isFinite(at) ? at : undefined;
}

/**
 * Whether a printed rate can be the change between the two figures, each only as exact as its
 * printing: "earnings of 70 cents a share, on net income of $1.9 billion, increased 11.1 percent"
 * names net income, but 1,912 against 1,738 million is 10.0%, and the 11.1% is the per-share rise.
 */
function rateFits(rate: SentenceNumber, now: FigureFact | undefined, before: FigureFact | undefined): boolean {
  if (!now || !before) return false;
  const [un, ub] = [uncertaintyOf(now), uncertaintyOf(before)];
  // A base that could be zero or of either sign bounds no rate.
  if (before.value - ub <= 0 && before.value + ub >= 0) return false;
  const changes = [now.value - un, now.value + un].flatMap((a) => [before.value - ub, before.value + ub].map((b) => ((a - b) / Math.abs(b)) * 100));
  const half = 0.5 * 10 ** -(/\.(\d+)/.exec(rate.printed)?.[1]?.length ?? 0);
  return rate.value + half >= Math.min(...changes) - 1e-9 && rate.value - half <= Math.max(...changes) + 1e-9;
}

/**
 * Whether the amount said nearest a rate, if any, is the figure's (within 1%): "Construction Industries'
 * profit was $1.057 billion ... or 1%" is a segment's rate, not the company's profit's (1,537 million).
 */
function amountAgrees(sentence: SentenceFact, rate: SentenceNumber, figure: number | undefined): boolean {
  if (figure === undefined) return true;
  const text = sentence.text.replace(/\s+/g, ' ');
  const at = (n: SentenceNumber) => text.indexOf(n.printed.replace(/\s+/g, ' '));
  // The amounts of the rate's own period: not the base it is against ("compared with $1.814 billion").
  const amounts = sentence.numbers.filter((n) => n.unit === 'USD' && n.role !== 'change' && n.period === rate.period && at(n) >= 0);
  const nearest = amounts.sort((a, b) => Math.abs(at(a) - at(rate)) - Math.abs(at(b) - at(rate)))[0];
  return !nearest || Math.abs(nearest.value - figure) <= Math.max(0.01 * Math.abs(figure), printedHalfStep(nearest));
}

/** Half the last digit an amount is printed to: "$3.6 billion" is any of 3,550 to 3,650 million. */
function printedHalfStep(n: SentenceNumber): number {
  const scale = SCALE[/(thousand|million|billion)/i.exec(n.printed)?.[1]?.toLowerCase() ?? ''] ?? 1;
  const decimals = /\.(\d+)/.exec(n.printed)?.[1]?.length ?? 0;
  return (scale * 10 ** -decimals) / 2;
}

/** Whether a sentence says, beside `rate` and in no period either, an amount that is `figure` ("$55.2 million, an 8.8% increase"). */
function unplacedAmountIs(sentence: SentenceFact, rate: SentenceNumber, figure: number): boolean {
  return sentence.numbers.some((n) => n.unit === 'USD' && n.role !== 'change' && n.period === undefined && n !== rate) && amountAgrees(sentence, rate, figure);
}

/** The words of a fall (the vocabulary's, as a "why" says it), before a rate ("decreased 3.2 percent") or after it ("a 4% decline"). */
const FALL = CUES.premise.down.map(escapeRegExp).join('|');
const FALL_BEFORE = new RegExp(`\\b(?:${FALL})\\w*\\s+(?:by\\s+)?(?:approximately\\s+|about\\s+|nearly\\s+)?$`, 'i');
const FALL_AFTER = new RegExp(`^\\s*(?:${FALL})\\w*\\b`, 'i');

/** A rate said as a fall ("net sales ... decreased 3.2 percent", "a 4% decline"), negative; else as printed. */
function signed(text: string, rate: SentenceNumber): SentenceNumber {
  const at = text.toLowerCase().indexOf(rate.printed.toLowerCase());
  if (at < 0 || rate.value < 0) return rate;
  const before = text.slice(Math.max(0, at - 40), at);
  const after = text.slice(at + rate.printed.length, at + rate.printed.length + 20);
  return FALL_BEFORE.test(before) || FALL_AFTER.test(after) ? { ...rate, value: -rate.value } : rate;
}

/** A printed rate with its direction, as answers say it: "up 24.2%", "down 4.6 percent". */
export const rateSaid = (rate: SentenceNumber): string => `${rate.value >= 0 ? 'up' : 'down'} ${rate.printed}`;

/** A growth rate the release prints for a metric and period ("EBITDA increased 24.2%"): printed beats computed. */
export function printedChange(concept: Concept, period: string, base: string, book: Book): { concept: Concept; sentence: SentenceFact; number: SentenceNumber } | undefined {
  const figure = book.figure(concept, period);
  const before = book.figure(concept, base);
  const aYearEarlier = yearEarlier(period) === base;
  for (const f of rateSentences(book)) {
    // A rate of this period or of none, said against the base: checked first, the sentence's words normalised only then
    // (at 10,000 releases, every rate sentence of a book normalised for its first figure answer made /metric's p99 6 ms).
    // The rate cited must fit the table's figures: a sentence with none that does is passed over before any of its words
    // are read (the benchmark's questions, 1,000 companies each asked once, spiked /metric's p99 to 3 ms without it).
    if (!f.numbers.some((n) => n.unit === 'percent' && (n.period === period || n.period === undefined) && rateFits(signed(f.text, n), figure?.fact, before?.fact))) continue;
    // "...for the same quarter last year" speaks of a year earlier only: never of another base.
    const ok = f.periods.includes(base) || f.numbers.some((n) => n.period === base) || (aYearEarlier && /last year|a year earlier|prior year|year[- ]ago/i.test(f.text));
    if (!ok) continue;
    const at = namedAt(f, concept);
    if (at === undefined) continue;
    const text = f.text.toLowerCase();
    // Said of this period and its comparison: the sentence names both, or ties the rate to this one. A rate
    // the sentence places in no period ("record revenue of $55.2 million, an 8.8% increase compared with
    // ... fiscal 2002") is this period's when an unplaced amount beside it is this period's figure.
    const placed = (n: SentenceNumber) => n.period === period || (n.period === undefined && figure !== undefined && unplacedAmountIs(f, n, figure.value));
    const pct = f.numbers.find((n) => n.unit === 'percent' && placed(n) && normaliseLabel(text.slice(0, text.indexOf(n.printed.toLowerCase()))).length >= at);
    if (!pct) continue;
    const rate = signed(f.text, pct);
    if (rateFits(rate, figure?.fact, before?.fact) && amountAgrees(f, pct, figure?.value)) return { concept, sentence: f, number: rate };
  }
  return undefined;
}

/** The period of the amount a sentence says something "would have been": the first amount after those words. */
function statedFor(s: SentenceFact): string | undefined {
  const text = s.text.replace(/\s+/g, ' ');
  const from = text.search(/would have been/i);
  return s.numbers.find((n) => n.unit === 'USD' && text.indexOf(n.printed.replace(/\s+/g, ' '), from) >= 0)?.period;
}

/**
 * A sentence setting the period's amount against the year before's, naming only that year's period: "to $16.9 billion,
 * from $15.8 billion in fourth quarter 1999" is Verizon's Q4 2000, its own amount placed in no period.
 */
function againstYearEarlier(s: SentenceFact, v: Value): boolean {
  const before = yearEarlier(v.period);
  return before !== undefined && s.periods.length > 0 && s.periods.every((p) => p === before) && s.numbers.some((n) => n.unit !== 'percent' && n.period === undefined && n.role !== 'change');
}

/** The release's statements of a figure "excluding" a one-time item, for the values asked. */
export function adjustedRemarks(values: readonly Value[], book: Book): SentenceFact[] {
  // Said of exactly the period asked first ("2002 results would have been"), then of a part of it.
  // The sentence must name this very line, as the reader reads names: "net loss to common stockholders" is not net income.
  const names = (s: SentenceFact, c: Concept) => linesNamed(s, book).has(c);
  const remarked = (c: Concept, v: Value) => uniqueSentences([...book.remarks(c, v.period), ...book.remarks(c, yearEarlier(v.period) ?? v.period)]);
  const out = values.flatMap((v) => (v.measure.kind === 'concept' ? remarked(v.measure.concept, v).filter((s) => names(s, (v.measure as { concept: Concept }).concept)).map((s) => ({ s, v, exact: namesExactly(s, v.period) || againstYearEarlier(s, v) })) : []))
    // Only what is said of the very period asked: Q1 2003's "excluding last year's credit" is no adjusted 2003. And only a
    // sentence saying an amount of the line: "Nearly 40 percent of Verizon's adjusted consolidated revenues ..." is none.
    .filter(({ s, exact }) => exact && s.numbers.some((n) => n.unit !== 'percent' && n.role !== 'change') && ADJUSTED.test(s.text));
  // A stated counterfactual ("would have been a net loss of $1.7 million") is the adjusted figure, when the amount it
  // states is of the period asked ("2002 results would have been" is no adjusted Q1 2002, though the credit was Q1's);
  // a mere "excluding" clause, only if there is none.
  const counterfactual = (s: SentenceFact) => /would have been/i.test(s.text);
  const stated = out.filter(({ s, v }) => counterfactual(s) && statedFor(s) === v.period);
  return uniqueSentences((stated.length > 0 ? stated : out.filter(({ s }) => !counterfactual(s))).map(({ s }) => s));
}

