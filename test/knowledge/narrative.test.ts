/**
 * The words around the tables, as the bot answers them: who said what, whom to call, when the call
 * is, what EBITDA means, what the release is, and the numbers its sentences state.
 */
import { describe, expect, it } from 'vitest';
import type { Fact, SentenceFact, SentenceNumber } from '../../knowledge/facts.ts';
import { Q1, Q2, Q4, RELEASE_FILES, factsOfKind, fileLines, fold, parseOk } from './helpers.ts';

const facts: Record<string, Fact[]> = Object.fromEntries(RELEASE_FILES.map((name) => [name, parseOk(name).facts]));
const all = RELEASE_FILES.flatMap((name) => facts[name] ?? []);

const quotes = (release: string) => factsOfKind(facts[release] ?? [], 'quote');
const contacts = (release: string) => factsOfKind(facts[release] ?? [], 'contact');
const events = (release: string) => factsOfKind(facts[release] ?? [], 'event');
const definitions = (release: string) => factsOfKind(facts[release] ?? [], 'definition');
const releaseFact = (release: string) => {
  const found = factsOfKind(facts[release] ?? [], 'release');
  expect(found).toHaveLength(1);
  return found[0] as Extract<Fact, { kind: 'release' }>;
};

/** The one sentence of the release containing `part` (white space folded). */
function sentence(release: string, part: string): SentenceFact {
  const found = factsOfKind(facts[release] ?? [], 'sentence').filter((s) => fold(s.text).includes(part));
  expect(found.map((s) => s.text), `sentences of ${release} with "${part}"`).toHaveLength(1);
  return found[0] as SentenceFact;
}

/** The number of the sentence printed as `printed`. */
function number(s: SentenceFact, printed: string): SentenceNumber {
  const found = s.numbers.filter((n) => n.printed === printed);
  expect(found, `"${printed}" in ${JSON.stringify(s.numbers.map((n) => n.printed))}`).toHaveLength(1);
  return found[0] as SentenceNumber;
}

const CEO = 'Zach Lonstein';
const CEO_TITLE = "Infocrossing's Chairman and Chief Executive Officer";

describe('quotes and speakers', () => {
  it('each release has the quotes it prints, all by Zach Lonstein with his title', () => {
    expect(quotes(Q1)).toHaveLength(3);
    expect(quotes(Q2)).toHaveLength(2);
    expect(quotes(Q4)).toHaveLength(2);
    for (const q of RELEASE_FILES.flatMap(quotes)) {
      expect(q.speaker).toBe(CEO);
      expect(q.speakerTitle).toBe(CEO_TITLE);
    }
  });

  it('quotes carry the release date', () => {
    expect(quotes(Q1).map((q) => q.date)).toEqual(['2003-05-07', '2003-05-07', '2003-05-07']);
    expect(quotes(Q2).map((q) => q.date)).toEqual(['2003-08-07', '2003-08-07']);
    expect(quotes(Q4).map((q) => q.date)).toEqual(['2004-03-18', '2004-03-18']);
  });

  it('Q1: the first quote is joined with its "he continued" part, and the attribution is not in it', () => {
    const q = quotes(Q1)[0];
    expect(q?.quote).toMatch(/^Infocrossing's results for the first quarter reflect/);
    expect(q?.quote).toContain('accessing leading edge technology');
    expect(q?.quote).toMatch(/Our clients achieve cost and performance benefits while we achieve enhanced profitability through operational leverage$/);
    expect(q?.quote).not.toContain('stated');
    expect(q?.quote).not.toContain('he continued');
    expect(q).toMatchObject({ line: 37, lineEnd: 42 });
  });

  it('Q1: "Mr. Lonstein added:" and "Mr. Lonstein concluded:" quotes are his, and the sentence after the quote is not quoted', () => {
    const [, added, concluded] = quotes(Q1);
    expect(added?.quote).toMatch(/^Through the first four months of 2003/);
    expect(added?.quote).toMatch(/during the entire year in 2002\.$/);
    expect(added?.quote).not.toContain('$22 million');
    expect(added?.line).toBe(53);
    expect(concluded?.quote).toMatch(/^Our financial results and contract signings validate/);
    expect(concluded?.quote).toMatch(/2003 will turn into another record year$/);
    expect(concluded).toMatchObject({ line: 70, lineEnd: 73 });
  });

  it('Q2: the first quote is joined across two paragraphs ("he continued" in the next one)', () => {
    const q = quotes(Q2)[0];
    expect(q?.quote).toMatch(/^Infocrossing's results for the first half of 2003/);
    expect(q?.quote).toContain('integration of the AmQUEST acquisition');
    expect(q?.quote).toMatch(/The unprecedented demand for our selective outsourcing solutions.*into the last six months of the year$/);
    // The narrator's sentence between the two paragraphs is not his words.
    expect(q?.quote).not.toContain('$26 million');
    expect(q).toMatchObject({ line: 54, lineEnd: 66 });
    expect(q?.text).toContain('he continued');
  });

  it('Q2: the "Mr. Lonstein concluded:" quote', () => {
    const q = quotes(Q2)[1];
    expect(q?.quote).toMatch(/^Companies continue to look for opportunities to reduce their IT costs/);
    expect(q?.quote).toMatch(/another record year\.$/);
    expect(q).toMatchObject({ line: 88, lineEnd: 91 });
  });

  it('Q4: both quotes, each joined with its second part, with "added Mr. Lonstein" resolved to his full name', () => {
    const [pleased, impressive] = quotes(Q4);
    expect(pleased?.quote).toMatch(/^I'm very pleased with our results for the fourth quarter/);
    expect(pleased?.quote).toMatch(/first time in 16 quarters\. We expect to use earnings per share as the measure of our success going forward\.$/);
    expect(pleased).toMatchObject({ line: 55, lineEnd: 61 });
    expect(impressive?.quote).toMatch(/^This was an impressive year for Infocrossing and its shareholders/);
    expect(impressive?.quote).toMatch(/strategic outsourcing services in the United States$/);
    expect(impressive?.quote).not.toContain('concluded');
    expect(impressive).toMatchObject({ line: 124, lineEnd: 131 });
  });

  it('the quoted term "EBITDA" of the definitions is not a quote', () => {
    const all = RELEASE_FILES.flatMap(quotes);
    expect(all.filter((q) => q.quote === 'EBITDA' || q.quote.startsWith('EBITDA'))).toEqual([]);
    for (const release of RELEASE_FILES) {
      const d = definitions(release)[0];
      expect(d).toBeDefined();
      const inDefinition = quotes(release).filter((q) => q.line >= (d?.line ?? 0) && q.line <= (d?.lineEnd ?? d?.line ?? 0));
      expect(inDefinition).toEqual([]);
    }
  });

  it('each quote cites its first line exactly, on the lines it names', () => {
    for (const q of RELEASE_FILES.flatMap(quotes)) {
      const lines = fileLines(q.release);
      expect(q.text.split('\n')[0]).toBe(lines[q.line]);
      expect(q.lineEnd ?? q.line).toBeGreaterThanOrEqual(q.line);
      for (const l of q.text.split('\n')) {
        expect(lines.slice(q.line, (q.lineEnd ?? q.line) + 1)).toContain(l);
      }
    }
  });

  it('a quote joined within one paragraph cites every line it stands on, up to lineEnd', () => {
    for (const q of RELEASE_FILES.flatMap(quotes)) {
      const lines = fileLines(q.release);
      expect(q.text.split('\n').at(-1), `${q.release}:${q.line}`).toBe(lines[q.lineEnd ?? q.line]);
    }
  });
});

describe('contacts', () => {
  const CEO_CONTACT = { role: 'Chief Executive Officer', name: CEO, organisation: 'Infocrossing, Inc.', phone: '201-840-4710', email: 'zlonstein@infocrossing.com' };
  const FINANCE = { role: 'SVP Finance', name: 'William McHale', organisation: 'Infocrossing, Inc.', phone: '201-840-4732', email: 'wmchale@infocrossing.com' };
  const MEDIA = { role: 'Media Relations', name: 'Michael Wilczak', organisation: 'Infocrossing, Inc.', phone: '201-840-4941', email: 'mwilczak@infocrossing.com' };
  const strip = (release: string) =>
    contacts(release).map(({ role, name, organisation, phone, email }) => ({ role, name, organisation, phone, ...(email ? { email } : {}) }));

  it('Q1: four contacts; investor relations is Don Duffy of Integrated Corporate Relations, with no email printed', () => {
    expect(strip(Q1)).toEqual([
      CEO_CONTACT,
      FINANCE,
      MEDIA,
      { role: 'Investor Relations', name: 'Don Duffy', organisation: 'Integrated Corporate Relations', phone: '203-222-9013' },
    ]);
  });

  it('Q2: four contacts; investor relations is Matthew Hayden of Hayden Communications, Inc.', () => {
    expect(strip(Q2)).toEqual([
      CEO_CONTACT,
      FINANCE,
      MEDIA,
      { role: 'Investor Relations', name: 'Matthew Hayden', organisation: 'Hayden Communications, Inc.', phone: '760-487-1137' },
    ]);
  });

  it('Q4: four contacts; the investor relations phone is printed (760) 487-1137', () => {
    expect(strip(Q4)).toEqual([
      CEO_CONTACT,
      FINANCE,
      MEDIA,
      { role: 'Investor Relations', name: 'Matthew Hayden', organisation: 'Hayden Communications, Inc.', phone: '(760) 487-1137' },
    ]);
  });

  it('contacts carry the release date and cite the contact block', () => {
    for (const [release, date, first] of [[Q1, '2003-05-07', 2], [Q2, '2003-08-07', 6], [Q4, '2004-03-18', 6]] as const) {
      for (const c of contacts(release)) {
        expect(c.date).toBe(date);
        expect(c.line).toBeGreaterThanOrEqual(first);
        const block = fileLines(release).slice(c.line, (c.lineEnd ?? c.line) + 1).join('\n');
        for (const part of [c.role, c.name, c.phone, ...(c.email ? [c.email] : [])]) expect(block).toContain(part);
      }
    }
  });
});

describe('teleconferences', () => {
  it('Q1: May 7, 2003 at 4:30 p.m. Eastern Time, pass code 3911424, no webcast', () => {
    expect(events(Q1)).toHaveLength(1);
    expect(events(Q1)[0]).toMatchObject({
      event: 'teleconference',
      date: 'May 7, 2003',
      time: '4:30 p.m.',
      timeZone: 'Eastern Time',
      dialIn: ['1-888-371-9318', '973-935-2100'],
      replay: ['1-877-519-4471', '973-341-3080'],
      replayUntil: 'May 21, 2003',
      passCode: '3911424',
      line: 75,
      lineEnd: 82,
    });
    expect(events(Q1)[0]?.webcast).toBeUndefined();
  });

  it('Q2: August 7, 2003 at 4:30 p.m. Eastern Daylight Time, pass code 4094559, no webcast', () => {
    expect(events(Q2)).toHaveLength(1);
    expect(events(Q2)[0]).toMatchObject({
      date: 'August 7, 2003',
      time: '4:30 p.m.',
      timeZone: 'Eastern Daylight Time',
      dialIn: ['1-888-371-9318', '973-935-2100'],
      replay: ['1-877-519-4471', '973-341-3080'],
      replayUntil: 'August 21, 2003',
      passCode: '4094559',
    });
    expect(events(Q2)[0]?.webcast).toBeUndefined();
  });

  it('Q4: March 18, 2004 at 11:00 a.m. Eastern, pass code 4597874, with a webcast on the website', () => {
    expect(events(Q4)).toHaveLength(1);
    expect(events(Q4)[0]).toMatchObject({
      date: 'March 18, 2004',
      time: '11:00 a.m.',
      timeZone: 'Eastern',
      dialIn: ['1-800 475-2151', '973-582-2710'],
      replay: ['1-877-519-4471', '973-341-3080'],
      replayUntil: 'March 25, 2004',
      passCode: '4597874',
      webcast: 'www.infocrossing.com',
    });
  });

  it('each teleconference says what it is about', () => {
    expect(events(Q1)[0]?.subject).toBe('first quarter');
    expect(events(Q2)[0]?.subject).toBe('second quarter');
    expect(events(Q4)[0]?.subject).toBe('fourth quarter and full year');
  });
});

describe('EBITDA definitions', () => {
  it('every release defines EBITDA once', () => {
    for (const release of RELEASE_FILES) {
      expect(definitions(release).map((d) => d.term)).toEqual(['EBITDA']);
    }
  });

  it('Q1 has its own definition, with the restricted stock award', () => {
    const d = definitions(Q1)[0];
    expect(d?.definition).toContain('restricted stock award');
    expect(d).toMatchObject({ date: '2003-05-07', line: 84, lineEnd: 91 });
  });

  it('Q2 and Q4 define it as earnings before interest, income taxes, depreciation, and amortization', () => {
    for (const release of [Q2, Q4]) {
      const d = definitions(release)[0];
      expect(d?.definition).toMatch(/^"EBITDA" is defined as earnings before interest, income taxes, depreciation, and\s+amortization\./);
      expect(d?.definition).not.toContain('restricted stock award');
    }
    expect(definitions(Q4)[0]?.definition).toContain('limitations as an analytical tool');
  });

  it('there are two distinct definitions across the three releases', () => {
    const distinct = new Set(RELEASE_FILES.map((r) => fold(definitions(r)[0]?.definition ?? '').slice(0, 90)));
    expect(distinct.size).toBe(2);
  });

  it('definitions are not read as narrative sentences', () => {
    const inDefinition = factsOfKind(all, 'sentence').filter((s) => /is defined as/.test(s.text));
    expect(inDefinition).toEqual([]);
  });
});

describe('release facts', () => {
  it.each([
    [Q1, '2003-05-07', 'INFOCROSSING REPORTS FIRST QUARTER 2003 RESULTS'],
    [Q2, '2003-08-07', 'INFOCROSSING REPORTS 55% INCREASE IN EBITDA FOR SECOND QUARTER NET CASH FROM OPERATIONS FOR FIRST 6 MONTHS IMPROVES BY $5.2 MILLION'],
    [Q4, '2004-03-18', 'INFOCROSSING REPORTS EARNINGS OF $0.08 PER SHARE FOR FOURTH QUARTER 2003 REVENUE AND EBITDA REACH RECORD LEVELS'],
  ])('%s: dated %s, headline, IFOX on Nasdaq, Infocrossing, Inc. of Leonia, NJ', (release, date, headline) => {
    expect(releaseFact(release)).toMatchObject({
      date,
      headline,
      company: 'IFOX',
      companyName: 'Infocrossing, Inc.',
      ticker: 'IFOX',
      exchange: 'Nasdaq',
      headquarters: 'Leonia, NJ',
    });
  });

  it('the about text, without its heading: "17 years" in Q1, "18 years" in Q2, the new profile in Q4', () => {
    expect(releaseFact(Q1).about).toMatch(/^Infocrossing, Inc\. \(IFOX\) is a premier provider/);
    expect(releaseFact(Q1).about).toContain('17 years');
    expect(releaseFact(Q2).about).toContain('18 years');
    expect(releaseFact(Q2).about).not.toContain('---');
    expect(releaseFact(Q4).about).toMatch(/^Infocrossing, Inc\. \(IFOX\) is a provider of strategic outsourcing services/);
    for (const r of RELEASE_FILES) expect(releaseFact(r).about).not.toMatch(/^about/i);
  });

  it('the periods each release prints, in the order printed', () => {
    expect(releaseFact(Q1).periods).toEqual(['2003-Q1', '2002-Q1', '2003-03-31', '2002-12-31']);
    expect(releaseFact(Q2).periods).toEqual(['2003-Q2', '2002-Q2', '2003-H1', '2002-H1', '2003-06-30', '2002-12-31']);
    expect(releaseFact(Q4).periods).toEqual(['2003-Q4', '2002-Q4', '2003-FY', '2002-FY', '2003-12-31', '2002-12-31']);
  });

  it('the release fact cites the headline as printed', () => {
    for (const r of RELEASE_FILES) {
      const f = releaseFact(r);
      expect(f.text.split('\n')[0]).toBe(fileLines(r)[f.line]);
      expect(fold(f.text)).toBe(f.headline);
    }
  });

  it('a headline over several lines has lineEnd on its last line', () => {
    expect(releaseFact(Q2)).toMatchObject({ line: 18, lineEnd: 19 });
    expect(releaseFact(Q4)).toMatchObject({ line: 18, lineEnd: 20 });
  });
});

describe('numbers in sentences', () => {
  it('the Q4 private placement: $76.5 million', () => {
    const s = sentence(Q4, 'Raised $76.5 million through a private placement');
    expect(number(s, '$76.5 million')).toMatchObject({ value: 76500000, unit: 'USD' });
  });

  it('the Q4 private placement: 13,147,800 shares, for 2003', () => {
    const s = sentence(Q4, 'reflects the issuance of 13,147,800');
    expect(number(s, '13,147,800 shares')).toMatchObject({ value: 13147800, unit: 'shares', period: '2003-FY' });
  });

  it('the Q4 SMS acquisition: $36.5 million, and $33 million of SMS revenue', () => {
    expect(number(sentence(Q4, 'planned acquisition of Systems Management Specialists'), '$36.5 million')).toMatchObject({ value: 36500000, unit: 'USD' });
    expect(number(sentence(Q4, 'SMS is expected to add approximately'), '$33 million')).toMatchObject({ value: 33000000, unit: 'USD' });
  });

  it('Q4 net cash from operations: $5.9 million in 2003, 374%, $1.3 million in 2002', () => {
    const s = sentence(Q4, 'Increased net cash provided by operations to $5.9 million');
    expect(number(s, '$5.9 million')).toEqual({ value: 5900000, unit: 'USD', printed: '$5.9 million', period: '2003-FY' });
    expect(number(s, '374%')).toMatchObject({ value: 374, unit: 'percent' });
    expect(number(s, '$1.3 million')).toMatchObject({ value: 1300000, unit: 'USD', period: '2002-FY' });
    expect(s.periods).toEqual(['2003-FY', '2002-FY']);
  });

  it('Q2 net cash from operations: $3.7 million provided in the first six months of 2003, $1.5 million used the same period last year', () => {
    const s = sentence(Q2, 'Net cash provided by operations was $3.7 million');
    expect(number(s, '$3.7 million')).toMatchObject({ value: 3700000, unit: 'USD', period: '2003-H1' });
    expect(number(s, '$1.5 million')).toMatchObject({ value: 1500000, unit: 'USD', period: '2002-H1' });
    expect(number(s, '$5.2 million')).toMatchObject({ value: 5200000, unit: 'USD' });
  });

  it('Q1 EBITDA excluding the credits: $2.3 million in Q1 2003 from $0.3 million in Q1 2002', () => {
    const s = sentence(Q1, 'Excluding $2.8 million of expense credits recorded in the first quarter of last year');
    expect(number(s, '$2.8 million')).toMatchObject({ value: 2800000, unit: 'USD', period: '2002-Q1' });
    expect(number(s, '$2.3 million')).toMatchObject({ value: 2300000, unit: 'USD', period: '2003-Q1' });
    expect(number(s, '$0.3 million')).toMatchObject({ value: 300000, unit: 'USD', period: '2002-Q1' });
  });

  it('Q1 revenue commitments: more than $500,000 per month and $21 million over the contract terms', () => {
    const s = sentence(Q1, 'Including signed letters of intent');
    expect(s.numbers.map((n) => [n.value, n.unit])).toEqual([[500000, 'USD'], [21000000, 'USD']]);
  });

  it('Q1 net loss to common stockholders: $2.2 million, or $0.40 per share, in Q1 2003', () => {
    const s = sentence(Q1, 'The Company reported a net loss to common stockholders of $2.2 million');
    expect(number(s, '$2.2 million')).toMatchObject({ value: 2200000, unit: 'USD', period: '2003-Q1' });
    expect(number(s, '$0.40 per share')).toMatchObject({ value: 0.4, unit: 'USD/share', period: '2003-Q1' });
    expect(number(s, '$0.70 per share')).toMatchObject({ value: 0.7, unit: 'USD/share' });
  });

  it('Q1 revenue: up 16.9% to $13.1 million in Q1 2003 from $11.2 million in Q1 2002', () => {
    const s = sentence(Q1, 'revenues increased 16.9% to $13.1 million');
    expect(number(s, '16.9%')).toMatchObject({ value: 16.9, unit: 'percent' });
    expect(number(s, '$13.1 million')).toMatchObject({ value: 13100000, unit: 'USD', period: '2003-Q1' });
    expect(number(s, '$11.2 million')).toMatchObject({ value: 11200000, unit: 'USD', period: '2002-Q1' });
  });

  it('Q1: $22 million in new contracts in 2002', () => {
    const s = sentence(Q1, 'Infocrossing announced $22 million in new contracts');
    expect(s.numbers).toEqual([{ value: 22000000, unit: 'USD', printed: '$22 million', period: '2002-FY' }]);
  });

  it('Q1 headline bullet: revenue grows 17% in the first quarter', () => {
    const s = sentence(Q1, 'First quarter revenue grows 17%');
    expect(s.section).toBe('headline');
    expect(number(s, '17%')).toMatchObject({ value: 17, unit: 'percent', period: '2003-Q1' });
  });

  it('Q2 EBITDA: up 55% to $2.2 million in Q2 2003 from $1.4 million in Q2 2002', () => {
    const s = sentence(Q2, 'EBITDA increased 55% to $2.2 million');
    expect(number(s, '55%')).toMatchObject({ value: 55, unit: 'percent' });
    expect(number(s, '$2.2 million')).toMatchObject({ value: 2200000, unit: 'USD', period: '2003-Q2' });
    expect(number(s, '$1.4 million')).toMatchObject({ value: 1400000, unit: 'USD', period: '2002-Q2' });
  });

  it('Q2 EBITDA for the half: up 164% to $4.5 million from $1.7 million', () => {
    const s = sentence(Q2, 'EBITDA increased 164% to $4.5');
    expect(number(s, '164%')).toMatchObject({ value: 164, unit: 'percent' });
    expect(number(s, '$4.5 million')).toMatchObject({ value: 4500000, period: '2003-H1' });
    expect(number(s, '$1.7 million')).toMatchObject({ value: 1700000, period: '2002-H1' });
  });

  it('Q4: cash up 43% to $10.1 million at December 31, 2003', () => {
    const s = sentence(Q4, 'Increased cash by 43%');
    expect(number(s, '43%')).toMatchObject({ value: 43, unit: 'percent' });
    expect(number(s, '$10.1 million')).toMatchObject({ value: 10100000, unit: 'USD', period: '2003-12-31' });
  });

  it("Q4: shareholders' equity improved by $43.0 million to $30.8 million at December 31, 2003, from -$12.2 million", () => {
    const s = sentence(Q4, "improve shareholders' equity by $43.0 million");
    expect(number(s, '$43.0 million')).toMatchObject({ value: 43000000, unit: 'USD' });
    expect(number(s, '$30.8 million')).toMatchObject({ value: 30800000, period: '2003-12-31' });
    expect(number(s, '$12.2 million')).toMatchObject({ value: 12200000, period: '2002-12-31' });
  });

  it('Q4 revenue: $14.4 million in Q4 2003, 7.5 percent over $13.4 million in Q4 2002', () => {
    const s = sentence(Q4, 'Infocrossing reported revenue of $14.4 million');
    expect(number(s, '$14.4 million')).toMatchObject({ value: 14400000, period: '2003-Q4' });
    expect(number(s, '7.5 percent')).toMatchObject({ value: 7.5, unit: 'percent' });
    expect(number(s, '$13.4 million')).toMatchObject({ value: 13400000, period: '2002-Q4' });
  });

  it('Q4 EBITDA: up 24.2% to $2.8 million in Q4 2003 from $2.2 million', () => {
    const s = sentence(Q4, 'increased 24.2% to $2.8 million');
    expect(number(s, '24.2%')).toMatchObject({ value: 24.2, unit: 'percent' });
    expect(number(s, '$2.8 million')).toMatchObject({ value: 2800000, period: '2003-Q4' });
    expect(number(s, '$2.2 million')).toMatchObject({ value: 2200000, period: '2002-Q4' });
  });

  it('Q4: earnings per share of $0.08 in Q4 2003, a per-share amount', () => {
    const s = sentence(Q4, 'Delivered positive earnings per share of $0.08');
    expect(s.numbers).toEqual([{ value: 0.08, unit: 'USD/share', printed: '$0.08', period: '2003-Q4' }]);
  });

  it('Q4: net income $1.4 million for 2003 against $1.1 million for 2002; EBITDA $6.0 million in 2002 excluding the credit', () => {
    const income = sentence(Q4, 'Reported net income of $1.4 million for 2003');
    expect(number(income, '$1.4 million')).toMatchObject({ value: 1400000, period: '2003-FY' });
    expect(number(income, '$1.1 million')).toMatchObject({ value: 1100000, period: '2002-FY' });
    const ebitda = sentence(Q4, 'EBITDA would have been $6.0 million in 2002');
    expect(ebitda.numbers).toEqual([{ value: 6000000, unit: 'USD', printed: '$6.0 million', period: '2002-FY' }]);
  });

  it('Q4: net loss to common stockholders $5.5 million, or $0.76 per common share, for 2003', () => {
    const s = sentence(Q4, 'Net loss to common stockholders for 2003 was $5.5 million');
    expect(number(s, '$5.5 million')).toMatchObject({ value: 5500000, unit: 'USD', period: '2003-FY' });
    expect(number(s, '$0.76 per common share')).toMatchObject({ value: 0.76, unit: 'USD/share', period: '2003-FY' });
  });

  it('about paragraphs: 17 years of experience in Q1, 18 in Q2, counted, not dollars', () => {
    const q1 = sentence(Q1, 'With more than 17 years of experience');
    expect(q1.section).toBe('about');
    expect(q1.numbers).toEqual([{ value: 17, unit: 'count', printed: '17 years' }]);
    expect(sentence(Q2, 'With more than 18 years').numbers).toEqual([{ value: 18, unit: 'count', printed: '18 years' }]);
  });

  it('phone numbers, pass codes and dates are not read as numbers', () => {
    const events = [Q1, Q2, Q4].flatMap((r) => factsOfKind(facts[r] ?? [], 'sentence').filter((s) => /Dial in|pass code|replay/.test(s.text)));
    expect(events.length).toBeGreaterThanOrEqual(6);
    for (const s of events) expect(s.numbers).toEqual([]);
  });

  it('Q2: revenue of $26.7 million in the first six months of 2003 (the period said before it, not the comparison after it)', () => {
    const s = sentence(Q2, 'revenues reached $26.7 million');
    expect(number(s, '$26.7 million')).toMatchObject({ value: 26700000, unit: 'USD', period: '2003-H1' });
    expect(number(s, '9.1%')).toMatchObject({ value: 9.1, unit: 'percent' });
  });

  it('growth rates whose sentence names the grown period first are tied to it', () => {
    expect(number(sentence(Q1, 'revenues increased 16.9%'), '16.9%').period).toBe('2003-Q1');
    expect(number(sentence(Q2, 'revenues increased 2.6%'), '2.6%').period).toBe('2003-Q2');
    expect(number(sentence(Q4, 'reported revenue of $14.4 million'), '7.5 percent').period).toBe('2003-Q4');
    expect(number(sentence(Q4, 'to $5.9 million in 2003'), '374%').period).toBe('2003-FY');
  });

  it('every growth rate is tied to the period that grew, not to none or the one it is compared with', () => {
    expect(number(sentence(Q2, 'EBITDA increased 55%'), '55%').period).toBe('2003-Q2');
    expect(number(sentence(Q2, 'EBITDA increased 164%'), '164%').period).toBe('2003-H1');
    expect(number(sentence(Q4, 'increased 24.2% to $2.8 million'), '24.2%').period).toBe('2003-Q4');
    expect(number(sentence(Q4, 'Increased cash by 43%'), '43%').period).toBe('2003-12-31');
    expect(number(sentence(Q2, 'revenues reached $26.7 million'), '9.1%').period).toBe('2003-H1');
  });
});

describe('sentence citations', () => {
  const sentences = factsOfKind(all, 'sentence');

  it('the three releases give sentences from the headline bullets, the body and the about paragraph', () => {
    expect(new Set(sentences.map((s) => s.section))).toEqual(new Set(['headline', 'body', 'about']));
    expect(sentences.length).toBeGreaterThan(100);
  });

  it.each(sentences.map((s) => [`${s.release}:${s.line}${s.lineEnd ? `-${s.lineEnd}` : ''}`, s] as const))(
    '%s stands on the lines it cites',
    (_name, s) => {
      expect(RELEASE_FILES).toContain(s.release);
      const end = s.lineEnd ?? s.line;
      expect(end).toBeGreaterThanOrEqual(s.line);
      const printed = fold(fileLines(s.release).slice(s.line, end + 1).join(' '));
      const words = fold(s.text).split(' ');
      expect(printed).toContain(words.slice(0, 3).join(' '));
      expect(printed).toContain(words.slice(-3).join(' '));
      // The first words stand on the first cited line; the last ones on the last.
      expect(fileLines(s.release)[s.line]).toContain(words[0]);
      expect(fileLines(s.release)[end]).toContain(words.at(-1));
    },
  );
});
