/** The company as its releases describe it: ticker, exchange, headquarters, business, alliances, headlines. */
import type { ReleaseFact, SentenceFact } from '../knowledge/facts.ts';
import { longDate, MONTHS, parsePeriodId, shortPeriod } from '../knowledge/periods.ts';
import { capitalized, escapeRegExp } from '../knowledge/text.ts';
import type { Book } from '../knowledge/snapshot.ts';
import { answer, cite, type Answer } from './answer.ts';
import { releaseOf } from './releases.ts';
import type { Question } from './understand/question.ts';
import { endsFiscalYear } from './understand/resolve.ts';

const aboutSentences = (book: Book, pattern: RegExp): SentenceFact[] =>
  book.ofKind('sentence').filter((f) => f.section === 'about' && pattern.test(f.text));

/** A release's sentences of `section`, in the order printed. */
const sentencesOf = (book: Book, release: ReleaseFact, section: SentenceFact['section']): SentenceFact[] =>
  book.ofKind('sentence').filter((f) => f.release === release.release && f.section === section).sort((a, b) => a.line - b.line);

/**
 * The dateline, where a release prints its city and ticker ("HOFFMAN ESTATES, Ill., July 22 ... Sears, Roebuck and Co.
 * (NYSE: S)"): the first sentence opening with its headquarters, else holding its ticker in brackets; else the release's
 * own line. Never the headline's line, nor a sentence naming the city in passing ("1.4 million New York customers").
 */
function datelineOf(book: Book, release: ReleaseFact): SentenceFact | ReleaseFact {
  const body = sentencesOf(book, release, 'body');
  const city = release.headquarters?.toLowerCase();
  const ticker = release.ticker ? new RegExp(String.raw`[:(]\s*${escapeRegExp(release.ticker)}\)`) : undefined;
  return body.find((f) => city !== undefined && f.text.toLowerCase().startsWith(city)) ?? body.find((f) => ticker?.test(f.text)) ?? release;
}

/** Where a release's "About" paragraph starts: its first sentence, else the release's own line. */
const aboutLine = (book: Book, release: ReleaseFact): number => sentencesOf(book, release, 'about')[0]?.line ?? release.line;

/** One line per release when releases differ ("17 years" then "18 years"); one line when they agree. */
function perRelease(items: ReadonlyArray<{ release: ReleaseFact; text: string; line: number }>): Array<{ name: string; value: string }> {
  const byText = new Map<string, string[]>();
  for (const i of items) byText.set(i.text, [...(byText.get(i.text) ?? []), `${i.release.release} (${longDate(i.release.date)}) line ${i.line}`]);
  return [...byText].map(([text, where]) => ({ name: where.join(', '), value: text }));
}

export function profileAnswer(q: Extract<Question, { intent: 'profile' }>, book: Book): Answer {
  const latest = releaseOf(book, q.release);
  if (!latest) return answer('not_found', 'Not in the releases', 'Not in the releases: no release is loaded.');
  const company = latest.companyName;
  switch (q.field) {
    case 'ticker':
    case 'exchange': {
      if (!latest.ticker) return answer('not_found', 'Ticker: not in the releases', `Not in the releases: ${company}'s releases print no ticker.`);
      return answer('figure', `${company} — ticker`, `${company} trades as ${latest.ticker}${latest.exchange ? ` on ${latest.exchange}` : ''}, as the release's dateline prints it.`, { emphasis: [latest.ticker, ...(latest.exchange ? [latest.exchange] : [])], sources: [cite(datelineOf(book, latest))], facts: [latest] });
    }
    case 'headquarters':
      if (!latest.headquarters) return answer('not_found', 'Headquarters: not in the releases', `Not in the releases: the releases print no headquarters for ${company}.`);
      return answer('figure', `${company} — headquarters`, `${company} is based in ${latest.headquarters} (the release's dateline).`, { emphasis: [latest.headquarters], sources: [cite(datelineOf(book, latest))], facts: [latest] });
    case 'headline':
      if (!latest.headline) return answer('not_found', 'Headline: not in the releases', `Not in the releases: I read no headline in ${latest.release}.`, { sources: [cite(latest)] });
      return answer('sentences', `Headline — ${latest.release}`, latest.headline, { emphasis: [latest.headline], fields: [{ name: 'Release', value: `${latest.release} (${longDate(latest.date)})` }], sources: [cite(latest)], facts: [latest] });
    case 'business': {
      const releases = q.release ? [latest] : book.releases;
      const items = releases.filter((r) => r.about).map((r) => ({ release: r, text: r.about ?? '', line: aboutLine(book, r) }));
      // What is looked for is said, not that none exists: Apple describes itself in a closing paragraph with no "About" heading.
      if (items.length === 0) return answer('not_found', 'No "About" paragraph', `I find no "About ${company}" paragraph in the releases, which is where I read what a company does. /search may find how they describe it.`);
      return answer('sentences', `${company} — what it does`, 'As the releases describe the company ("About"):', { fields: perRelease(items.slice(-2)), sources: items.map((i) => cite({ release: i.release.release, line: i.line })), facts: [...releases] });
    }
    case 'fiscal_year_end':
      return fiscalYearEndAnswer(book, company);
    case 'experience':
    case 'alliances': {
      const found = aboutSentences(book, q.field === 'experience' ? /years of experience/i : /alliance/i);
      if (found.length === 0) return answer('not_found', 'Not in the releases', `Not in the releases: they say nothing of ${q.field}.`);
      const items = found.map((s) => ({ release: book.releases.find((r) => r.release === s.release) ?? latest, text: s.text, line: s.line }));
      const fields = perRelease(items);
      return answer('sentences', `${company} — ${q.field}`, fields.length > 1 ? 'The releases say it differently:' : 'As the releases say:', { fields, sources: found.map(cite), facts: found });
    }
  }
}

/**
 * When the fiscal year ends, as printed: the latest year's column ("year ended May 31, 2014") or balance sheet column at
 * the year's end (Apple's September 27, 2003; a year of 52 or 53 weeks ends within a week of its month's end); else only
 * the month the company's quarters put it in, said to be derived (a release of the third quarter may print neither).
 */
function fiscalYearEndAnswer(book: Book, company: string): Answer {
  const statements = book.facts.flatMap((f) => (f.kind === 'statement' ? [f] : []));
  const month = book.company.fiscalYearEnd;
  // Each printed year's end; the latest is cited at its first row printed (nearest the column's heading).
  const ends = statements.flatMap((f) => {
    const p = parsePeriodId(f.period);
    if (p?.kind === 'instant') return endsFiscalYear(p.date, month) ? [{ date: p.date, fact: f, as: 'its balance sheet prints the date' }] : [];
    return f.period.endsWith('-FY') && f.ends ? [{ date: f.ends, fact: f, as: `its table prints the year, ${shortPeriod(f.period)}` }] : [];
  }).sort((a, b) => a.date.localeCompare(b.date) || b.fact.line - a.fact.line);
  // A year of 52 or 53 weeks ends on a different day each year (Sears' near the end of December, some years in January).
  const weeks = statements.some((f) => f.weeks !== undefined) ? ' Its year is counted in weeks: the last day moves from year to year.' : '';
  const last = ends.at(-1);
  if (last) {
    return answer('figure', `${company} — fiscal year end`, `${company}'s latest fiscal year end in the releases is ${longDate(last.date)}, as ${last.as}.${weeks}`, { emphasis: [longDate(last.date)], sources: [cite(last.fact)], facts: [last.fact] });
  }
  const latest = statements.filter((f) => f.ends !== undefined).sort((a, b) => (a.ends ?? '').localeCompare(b.ends ?? '')).at(-1);
  if (!latest) return answer('not_found', 'Fiscal year end: not in the releases', `Not in the releases: ${company}'s tables print no period's end to tell when its fiscal year ends.`);
  const monthName = capitalized(MONTHS[month - 1] ?? '');
  return answer('figure', `${company} — fiscal year end`, `${company}'s fiscal year ends in ${monthName}: derived from the periods its tables print, the latest ${book.describePeriod(latest.period)}; no year's end is printed.${weeks}`, { emphasis: [monthName], sources: [cite(latest)], facts: [latest] });
}
