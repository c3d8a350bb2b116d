/**
 * Teleconferences: the paragraph that announces the call, its dial-in and replay numbers, the
 * replay's last day, the pass code and the webcast.
 */
import type { Unstamped, EventFact } from '../facts.ts';
import { longDate } from '../periods.ts';
import { printedSpan, sentences, type Paragraph } from './paragraphs.ts';

const PHONE = /(?:1-)?\(?\d{3}\)?[\s-]\d{3}-\d{4}/;
const DATE = /\b(January|February|March|April|May|June|July|August|September|October|November|December) (\d{1,2}),?\s+(\d{4})/;

const phonesIn = (text: string) => [...text.matchAll(new RegExp(PHONE, 'g'))].map((m) => m[0]);

/** A time of day as releases print it: "11:00 a.m. Eastern", "2:00 p.m. PDT", "9 a.m.", and the zone after it. */
const TIME = /\b(\d{1,2}(?::\d{2})? ?[ap]\.?m\.?)\s*([A-Z][A-Za-z]*(?: [A-Z][A-Za-z]*)*)?/;
const CALL = /teleconference|conference call/i;
/** A call said to be on the day of the release. */
const TODAY = /\btoday\b|\bthis (?:morning|afternoon)\b/i;
const URL = /\b(?:https?:\/\/|www\.)[^\s)]+[^\s).,;:]/;

const BROADCAST = new RegExp(`(${URL.source})\\s*\\([^)]*\\b(?:live broadcast|webcast)[^)]*\\)`, 'i');

/** An address a release names as its calls' broadcast ("https://... (live broadcast/replays of quarterly conference call)"). */
function broadcastAddress(paragraphs: readonly Paragraph[]): string | undefined {
  for (const p of paragraphs) {
    const m = BROADCAST.exec(p.text);
    if (m?.[1]) return m[1];
  }
  return undefined;
}

/**
 * Teleconferences and webcasts of the results, as each release words them: "will hold a
 * teleconference ... Dial-in" (Infocrossing), "will hold a conference call and webcast today ...
 * by dialing (913) 312-6699, Passcode: 822011" (Oracle), "will webcast its ... conference call at
 * 10:30 a.m. EDT today" (Sears). `date` (ISO) is the release's, the day of a call held "today".
 */
export function parseEvents(release: string, paragraphs: Paragraph[], date = ''): Unstamped<EventFact>[] {
  const events: Unstamped<EventFact>[] = [];
  for (const [i, p] of paragraphs.entries()) {
    // Most paragraphs announce nothing: only these are cut into sentences.
    if (!CALL.test(p.text) && !/webcast/i.test(p.text)) continue;
    const parts = sentences(p).map((s) => s.text);
    // The sentence that says when: of the call, with a time of day.
    const announce = parts.find((s) => CALL.test(s) && TIME.test(s)) ?? parts.find((s) => /webcast/i.test(s) && TIME.test(s) && /\bwill\b/i.test(s));
    if (!announce) continue;
    const dial = parts.find((s) => /\bdial/i.test(s) && !/playback|replay/i.test(s)) ?? '';
    // The replay may have a paragraph of its own, right after ("A replay of the conference call will also be available by dialing ...").
    const next = paragraphs[i + 1];
    const replay = [...parts, ...(next ? sentences(next).map((s) => s.text) : [])].find((s) => /playback|replay/i.test(s) && PHONE.test(s)) ?? '';
    const until = /until ([A-Z][a-z]+ \d{1,2},?\s+\d{4})/.exec(p.text);
    const time = TIME.exec(announce);
    const on = DATE.exec(announce);
    const day = on ? `${on[1]} ${on[2]}, ${on[3]}` : TODAY.test(announce) && date ? longDate(date) : '';
    // The address said of the webcast, from the announcement on, before any other web address of the paragraph
    // (Caterpillar's notes name its glossary's page first).
    // Never an address said after the replay ("A replay ... can be accessed through ... (https://.../earnings-webcasts)", The
    // Buckle's): the live event's, where one registers for it ("will begin at ... at http://... and will also be available
    // for replay" is Apple's live one).
    const fromAnnounce = parts.slice(parts.indexOf(announce));
    const afterReplay = (s: string) => {
      const at = URL.exec(s)?.index ?? -1;
      const replayAt = s.search(/playback|replay/i);
      return at >= 0 && replayAt >= 0 && replayAt < at;
    };
    // Nor the slides' address ("The accompanying slides will be available before the webcast ... at https://...",
    // Caterpillar's): the webcast's is then the one the release names as the call's broadcast elsewhere, if any.
    const ofSlides = (s: string) => {
      const at = URL.exec(s)?.index ?? -1;
      const slidesAt = s.search(/\bslides?\b/i);
      return at >= 0 && slidesAt >= 0 && slidesAt < at;
    };
    const live = (s: string) => URL.test(s) && !afterReplay(s) && !ofSlides(s);
    const linked = (words: RegExp, among: readonly string[]) => URL.exec(among.find((s) => words.test(s) && live(s)) ?? '')?.[0];
    const saidIn = (among: readonly string[]) => linked(/webcast|listen|live event|register/i, among) ?? linked(/web site|website|web address/i, among);
    const webcast = /webcast|listen/i.test(p.text)
      ? (/\(((?:https?:\/\/)?www\.[^)\s]+)\)/.exec(p.text)?.[1] ?? saidIn(fromAnnounce) ?? broadcastAddress(paragraphs) ?? saidIn(parts))
      : undefined;
    const replayed = fromAnnounce.find(afterReplay);
    const replayWebcast = replayed ? URL.exec(replayed)?.[0] : undefined;
    // Bounded: an unbounded lazy run re-read the rest of a long sentence from every "to discuss".
    const subject = /to discuss (.{1,200}?) results/i.exec(announce);
    const codeIn = (text: string) => /(?:pass|access) ?code(?: number)?:? (\d+)/i.exec(text)?.[1];
    const passCode = codeIn(replay);
    const dialInPassCode = codeIn(dial);
    events.push({
      kind: 'event',
      event: 'teleconference',
      subject: (subject?.[1] ?? '').replace(/^(?:its|the|these|our)\b\s*/i, ''),
      date: day,
      time: time?.[1] ?? '',
      timeZone: time?.[2] ?? '',
      dialIn: phonesIn(dial),
      replay: phonesIn(replay),
      ...(until?.[1] ? { replayUntil: until[1].replace(/\s+/g, ' ') } : {}),
      ...(passCode ? { passCode } : {}),
      ...(dialInPassCode ? { dialInPassCode } : {}),
      ...(webcast ? { webcast } : {}),
      ...(replayWebcast && replayWebcast !== webcast ? { replayWebcast } : {}),
      release,
      ...printedSpan(p, 0, p.text.length),
    });
  }
  return events;
}
