/**
 * Teleconferences: the paragraph that announces the call, its dial-in and replay numbers, the
 * replay's last day, the pass code and the webcast.
 */
import type { Unstamped, EventFact } from '../facts.ts';
import { printedSpan, sentences, type Paragraph } from './paragraphs.ts';

const PHONE = /(?:1-)?\(?\d{3}\)?[\s-]\d{3}-\d{4}/;
const DATE = /\b(January|February|March|April|May|June|July|August|September|October|November|December) (\d{1,2}),?\s+(\d{4})/;

const phonesIn = (text: string) => [...text.matchAll(new RegExp(PHONE, 'g'))].map((m) => m[0]);

export function parseEvents(release: string, paragraphs: Paragraph[]): Unstamped<EventFact>[] {
  const events: Unstamped<EventFact>[] = [];
  for (const p of paragraphs) {
    if (!/teleconference|conference call/i.test(p.text) || !/dial[- ]in/i.test(p.text)) continue;
    const parts = sentences(p).map((s) => s.text);
    const announce = parts.find((s) => /will hold|will host/i.test(s)) ?? parts[0] ?? '';
    const dial = parts.find((s) => /dial[- ]in/i.test(s)) ?? '';
    const replay = parts.find((s) => /playback|replay/i.test(s) && PHONE.test(s)) ?? '';
    const until = /until ([A-Z][a-z]+ \d{1,2},?\s+\d{4})/.exec(p.text);
    const time = /\b(\d{1,2}:\d{2} ?[ap]\.?m\.?)\s*([A-Z][A-Za-z]*(?: [A-Z][A-Za-z]*)*)?/.exec(announce);
    const date = DATE.exec(announce);
    const webcast = /webcast/i.test(p.text) ? /\(((?:https?:\/\/)?www\.[^)\s]+)\)/.exec(p.text) : null;
    // Bounded: an unbounded lazy run re-read the rest of a long sentence from every "to discuss".
    const subject = /to discuss (.{1,200}?) results/i.exec(announce);
    const passCode = /pass ?code(?: number)?:? (\d+)/i.exec(p.text)?.[1];
    events.push({
      kind: 'event',
      event: 'teleconference',
      subject: subject?.[1] ?? '',
      date: date ? `${date[1]} ${date[2]}, ${date[3]}` : '',
      time: time?.[1] ?? '',
      timeZone: time?.[2] ?? '',
      dialIn: phonesIn(dial),
      replay: phonesIn(replay),
      ...(until?.[1] ? { replayUntil: until[1].replace(/\s+/g, ' ') } : {}),
      ...(passCode ? { passCode } : {}),
      ...(webcast?.[1] ? { webcast: webcast[1] } : {}),
      release,
      ...printedSpan(p, 0, p.text.length),
    });
  }
  return events;
}
