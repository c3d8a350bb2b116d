/**
 * Quotations and who said them. A quotation is attributed after it (`," stated Zach Lonstein,
 * Infocrossing's Chairman...`, `," he continued`) or before it (`Mr. Lonstein concluded: "`). Spans
 * by one speaker in one paragraph are one quotation, and so is a next paragraph that "continued" it.
 * Quoted words nobody says ("EBITDA" is defined as...) are not quotes.
 */
import type { QuoteFact } from '../facts.ts';
import { printedSpan, type Paragraph } from './paragraphs.ts';

const VERBS = 'stated|said|added|continued|concluded|noted|commented|remarked|explained';
const NAME = String.raw`(?:(?:Mr|Ms|Mrs|Dr)\. )?[A-Z][a-z]+(?: [A-Z][a-z]+){0,2}`;
const AFTER_VERB_NAME = new RegExp(String.raw`^[\s,]*(${VERBS}) (${NAME})(?:, ([^."]+?))?(?=[."]|$)`);
const AFTER_NAME_VERB = new RegExp(String.raw`^[\s,]*(he|she|${NAME}) (${VERBS})\b`);
const BEFORE = new RegExp(String.raw`(${NAME}) (${VERBS}):\s*$`);

interface Span {
  words: string;
  from: number;
  to: number;
  speaker?: string;
  title?: string;
  verb?: string;
}

function spansOf(p: Paragraph): Span[] {
  const spans: Span[] = [];
  for (const m of p.text.matchAll(/["“]([^"”]+)["”]/g)) {
    const span: Span = { words: (m[1] ?? '').trim().replace(/,$/, ''), from: m.index, to: m.index + m[0].length };
    const after = p.text.slice(span.to);
    const before = p.text.slice(0, span.from);
    const verbName = AFTER_VERB_NAME.exec(after);
    const nameVerb = AFTER_NAME_VERB.exec(after);
    const intro = BEFORE.exec(before);
    if (verbName) Object.assign(span, { verb: verbName[1], speaker: verbName[2], title: verbName[3]?.trim() });
    else if (nameVerb) Object.assign(span, { speaker: nameVerb[1], verb: nameVerb[2] });
    else if (intro) Object.assign(span, { speaker: intro[1], verb: intro[2] });
    spans.push(span);
  }
  return spans;
}

/** "Mr. Lonstein" and "he" resolve to the full name said before. */
function resolveSpeaker(said: string | undefined, known: string[], previous: string | undefined): string | undefined {
  if (!said) return undefined;
  if (/^(he|she)$/i.test(said)) return previous;
  const surname = said.replace(/^(Mr|Ms|Mrs|Dr)\. /, '');
  return known.find((name) => name.endsWith(` ${surname}`)) ?? said;
}

export function parseQuotes(release: string, date: string, paragraphs: Paragraph[], knownNames: string[]): QuoteFact[] {
  const quotes: QuoteFact[] = [];
  const names = [...knownNames];
  const titles = new Map<string, string>();
  let previous: string | undefined;
  /** The quotation being read: where it starts in its paragraph, and the lines of earlier paragraphs. */
  let open: { fact: QuoteFact; paragraph: Paragraph; from: number; before: string } | undefined;
  for (const p of paragraphs) {
    const spans = spansOf(p);
    // A paragraph's unattributed spans belong to the speaker it names; without one they are not speech.
    const named = spans.find((s) => s.speaker);
    if (!named) continue;
    for (const span of spans) {
      const speaker = resolveSpeaker(span.speaker ?? named.speaker, names, previous);
      if (!speaker) continue;
      if (!names.includes(speaker) && speaker.includes(' ') && !/^(Mr|Ms|Mrs|Dr)\./.test(speaker)) names.push(speaker);
      if (span.title) titles.set(speaker, span.title);
      const continues =
        open !== undefined && open.fact.speaker === speaker && (open.paragraph === p || span.verb === 'continued');
      if (open && continues) {
        if (open.paragraph !== p) open = { ...open, paragraph: p, from: span.from, before: `${open.fact.text}\n` };
        const printed = printedSpan(p, open.from, span.to);
        open.fact = {
          ...open.fact,
          quote: `${open.fact.quote} … ${span.words}`,
          lineEnd: printed.lineEnd ?? printed.line,
          text: `${open.before}${printed.text}`,
        };
        quotes[quotes.length - 1] = open.fact;
      } else {
        const fact: QuoteFact = { kind: 'quote', speaker, quote: span.words, date, release, ...printedSpan(p, span.from, span.to) };
        quotes.push(fact);
        open = { fact, paragraph: p, from: span.from, before: '' };
      }
      previous = speaker;
    }
  }
  return quotes.map((q) => {
    const title = titles.get(q.speaker);
    return title ? { ...q, speakerTitle: title } : q;
  });
}
