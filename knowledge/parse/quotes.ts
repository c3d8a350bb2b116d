/**
 * Quotations and who said them. A quotation is attributed after it (`," stated Zach Lonstein,
 * Infocrossing's Chairman...`, `," said Oracle CEO Larry Ellison.`, `," he continued`) or before it (`Mr. Lonstein concluded: "`). Spans
 * by one speaker in one paragraph are one quotation, and so is a next paragraph that "continued" it.
 * Quoted words nobody says ("EBITDA" is defined as...) are not quotes.
 */
import type { Unstamped, QuoteFact } from '../facts.ts';
import { printedSpan, type Paragraph } from './paragraphs.ts';

const VERBS = 'stated|said|added|continued|concluded|noted|commented|remarked|explained';
// A middle initial is part of a name ("said Walter V. Shipley").
const NAME = String.raw`(?:(?:Mr|Ms|Mrs|Dr)\. )?[A-Z][a-z]+(?: [A-Z]\.)?(?: [A-Z][a-z]+){0,2}`;
const AFTER_VERB_NAME = new RegExp(String.raw`^[\s,]*(${VERBS}) (${NAME})(?:, ([^."]+?))?(?=[."]|$)`);
const AFTER_NAME_VERB = new RegExp(String.raw`^[\s,]*(he|she|${NAME}) (${VERBS})\b`);
/** `," said Oracle President and CFO Safra Catz.`: the title first, the name last. */
const AFTER_VERB_TITLE_NAME = new RegExp(String.raw`^[\s,]*(${VERBS}) ((?:[A-Z][\w&.’'-]*|and|of|the)(?: (?:[A-Z][\w&.’'-]*|and|of|the)){0,6}?) ([A-Z][a-z]+(?: [A-Z]\.)? [A-Z][a-z]+)(?=[.,"”]|$)`);
// "Lonstein said:" or "Verizon President and Co-CEO Ivan Seidenberg said," right before the quotation.
const BEFORE = new RegExp(String.raw`(${NAME}) (${VERBS})[:,]\s*$`);
/** The same with the title before the name ("Verizon President and Co-CEO Ivan Seidenberg said,"): the shortest title. */
const BEFORE_TITLE_NAME = new RegExp(String.raw`((?:[A-Z][\w&’'-]*|and|of|the)(?: (?:[A-Z][\w&’'-]*|and|of|the)){0,6}?) ([A-Z][a-z]+(?: [A-Z]\.)? [A-Z][a-z]+) (${VERBS})[:,]\s*$`);

interface Span {
  words: string;
  from: number;
  to: number;
  speaker?: string;
  title?: string;
  verb?: string;
  /** Not closed by the paragraph's end: the quotation runs on into the next paragraph, which opens with a quotation mark. */
  open?: boolean;
}

/**
 * How far around a quotation its attribution is looked for: further than any "stated Zach Lonstein,
 * Infocrossing's Chairman and Chief Executive Officer" runs, and short enough that a paragraph of
 * thousands of quotations is not re-read for each one.
 */
const ATTRIBUTION_REACH = 300;

function spansOf(p: Paragraph): Span[] {
  const spans: Span[] = [];
  for (const m of p.text.matchAll(/["“]([^"”]+)(["”]|$)/g)) {
    const span: Span = { words: (m[1] ?? '').trim().replace(/,$/, ''), from: m.index, to: m.index + m[0].length, ...(m[2] ? {} : { open: true }) };
    const after = p.text.slice(span.to, span.to + ATTRIBUTION_REACH);
    const before = p.text.slice(Math.max(0, span.from - ATTRIBUTION_REACH), span.from);
    const verbName = AFTER_VERB_NAME.exec(after);
    const nameVerb = AFTER_NAME_VERB.exec(after);
    const titledIntro = BEFORE_TITLE_NAME.exec(before);
    const intro = titledIntro ? null : BEFORE.exec(before);
    const titleName = verbName ? null : AFTER_VERB_TITLE_NAME.exec(after);
    if (verbName) Object.assign(span, { verb: verbName[1], speaker: verbName[2], title: verbName[3]?.trim() });
    else if (titleName) Object.assign(span, { verb: titleName[1], speaker: titleName[3], title: titleName[2] });
    else if (nameVerb) Object.assign(span, { speaker: nameVerb[1], verb: nameVerb[2] });
    else if (titledIntro) Object.assign(span, { speaker: titledIntro[2], verb: titledIntro[3], title: titledIntro[1] });
    else if (intro) Object.assign(span, { speaker: intro[1], verb: intro[2] });
    spans.push(span);
  }
  return spans;
}

/** Full names by each of their endings ("Lonstein", "Zach Lonstein"), the first one known winning. */
class Speakers {
  readonly #byEnding = new Map<string, string>();

  constructor(known: readonly string[]) {
    for (const name of known) this.add(name);
  }

  add(name: string): void {
    for (let i = name.indexOf(' '); i >= 0; i = name.indexOf(' ', i + 1)) {
      const ending = name.slice(i + 1);
      if (!this.#byEnding.has(ending)) this.#byEnding.set(ending, name);
    }
  }

  /** "Mr. Lonstein" and "he" resolve to the full name said before. */
  resolve(said: string | undefined, previous: string | undefined): string | undefined {
    if (!said) return undefined;
    if (/^(he|she)$/i.test(said)) return previous;
    return this.#byEnding.get(said.replace(/^(Mr|Ms|Mrs|Dr)\. /, '')) ?? said;
  }
}

/** One quotation as it is read: its speaker, its spans' words, and the stretch of each paragraph it covers. */
interface OpenQuote {
  speaker: string;
  words: string[];
  pieces: Array<{ paragraph: Paragraph; from: number; to: number }>;
}

/** Cited once the quotation is complete: citing it at every span re-read it for each one. */
function quoteFact(release: string, date: string, q: OpenQuote): Unstamped<QuoteFact> {
  const printed = q.pieces.map((piece) => printedSpan(piece.paragraph, piece.from, piece.to));
  const [first, last] = [printed[0], printed[printed.length - 1]];
  const fact: Unstamped<QuoteFact> = { kind: 'quote', speaker: q.speaker, quote: q.words.join(' … '), date, release, line: first?.line ?? 0, text: printed.map((p) => p.text).join('\n') };
  if (q.words.length > 1) return { ...fact, lineEnd: last?.lineEnd ?? last?.line };
  return first?.lineEnd === undefined ? fact : { ...fact, lineEnd: first.lineEnd };
}

export function parseQuotes(release: string, date: string, paragraphs: Paragraph[], knownNames: string[]): Unstamped<QuoteFact>[] {
  const read: OpenQuote[] = [];
  const speakers = new Speakers(knownNames);
  const titles = new Map<string, string>();
  let previous: string | undefined;
  // The quotation the paragraph before left open: one opening this paragraph runs it on.
  let runsOn: string | undefined;
  for (const p of paragraphs) {
    const spans = spansOf(p);
    const carried = runsOn;
    runsOn = undefined;
    // A paragraph's unattributed spans belong to the speaker it names, or to the one whose quotation runs on into it;
    // without either they are not speech.
    const named = spans.find((s) => s.speaker);
    const fallback = named?.speaker ?? (spans[0]?.from === 0 ? carried : undefined);
    if (!fallback) continue;
    for (const span of spans) {
      const speaker = speakers.resolve(span.speaker ?? fallback, previous);
      if (!speaker) continue;
      if (speaker.includes(' ') && !/^(Mr|Ms|Mrs|Dr)\./.test(speaker)) speakers.add(speaker);
      if (span.title) titles.set(speaker, span.title);
      const open = read[read.length - 1];
      const piece = open?.pieces[open.pieces.length - 1];
      const continued = span.verb === 'continued' || (span === spans[0] && span.from === 0 && carried === speaker);
      if (span.open) runsOn = speaker;
      if (open && piece && open.speaker === speaker && (piece.paragraph === p || continued)) {
        open.words.push(span.words);
        if (piece.paragraph === p) piece.to = span.to;
        else open.pieces.push({ paragraph: p, from: span.from, to: span.to });
      } else {
        read.push({ speaker, words: [span.words], pieces: [{ paragraph: p, from: span.from, to: span.to }] });
      }
      previous = speaker;
    }
  }
  return read.map((q) => {
    const fact = quoteFact(release, date, q);
    const title = titles.get(q.speaker);
    return title ? { ...fact, speakerTitle: title } : fact;
  });
}
