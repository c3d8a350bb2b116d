/**
 * Slash commands, autocomplete and buttons, as a Discord user sees them: the real bot logged in
 * to the fake Discord, answering /metric and /compare with the figure and its printed source.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type E2E,
  buttonLabelled,
  callbackOf,
  callbacksFor,
  embedOf,
  metricCall,
  startE2E,
  str,
  textOf,
} from './support.ts';

let e2e: E2E;

beforeAll(async () => {
  e2e = await startE2E();
});

afterAll(async () => {
  await e2e?.close();
});

describe('/metric', () => {
  it('answers revenue Q4 2003 with $14.4 million, the release and the line it is printed on', async () => {
    const sent = e2e.fake.chatInput('metric', metricCall('revenue', 'Q4 2003'));

    const response = await sent.response;

    const body = callbackOf(response);
    expect(body.type).toBe(4);
    expect(body.data?.flags ?? 0).toBe(0); // public, not ephemeral
    const embed = embedOf(body.data);
    expect(embed.title).toBe('Revenue — Q4 2003');
    expect(embed.description).toContain('**$14.4 million**');
    expect(embed.footer?.text).toBe('Source: infocrossing-2003-q4.txt, line 199 (+1 more)');
    expect(embed.fields).toEqual(expect.arrayContaining([expect.objectContaining({ value: expect.stringMatching(/infocrossing-2003-q4\.txt.*line 199/) })]));
    expect(callbacksFor(e2e.fake, sent.id)).toHaveLength(1);
  });

  it('offers a Source button that shows the printed line, privately', async () => {
    const answer = await e2e.fake.chatInput('metric', metricCall('revenue', 'Q4 2003')).response;
    const source = buttonLabelled(callbackOf(answer).data, 'Source');

    const pressed = e2e.fake.button(source.custom_id);
    const response = await pressed.response;

    const body = callbackOf(response);
    expect(body.type).toBe(4);
    expect(body.data?.flags).toBe(64);
    expect(body.data?.content).toContain('infocrossing-2003-q4.txt, line 199');
    expect(body.data?.content).toMatch(/Revenues\s.*14\.4/);
    expect(callbacksFor(e2e.fake, pressed.id)).toHaveLength(1);
  });

  it('offers a "vs Q4 2002" button that answers the comparison', async () => {
    const answer = await e2e.fake.chatInput('metric', metricCall('revenue', 'Q4 2003')).response;
    const versus = buttonLabelled(callbackOf(answer).data, 'vs Q4 2002');

    const response = await e2e.fake.button(versus.custom_id).response;

    const body = callbackOf(response);
    expect(body.type).toBe(4);
    expect(body.data?.flags ?? 0).toBe(0);
    const embed = embedOf(body.data);
    expect(embed.title).toBe('Revenue — Q4 2003 vs Q4 2002');
    expect(embed.description).toContain('$14.4 million');
    expect(embed.description).toContain('$13.4 million');
    expect(embed.description).toContain('+7.5%');
  });
});

describe('/compare', () => {
  it('compares revenue FY2003 with FY2002: both values and the 8.7% change', async () => {
    const sent = e2e.fake.chatInput('compare', [str('metric', 'revenue'), str('period', 'FY2003'), str('versus', 'FY2002')]);

    const body = callbackOf(await sent.response);

    expect(body.type).toBe(4);
    const text = textOf(body.data);
    expect(text).toContain('$55.2 million');
    expect(text).toContain('$50.8 million');
    expect(text).toContain('8.7%');
    expect(embedOf(body.data).footer?.text).toMatch(/^Source: infocrossing-2003-q4\.txt, line \d+/);
  });
});

describe('autocomplete', () => {
  const choicesOf = async (sent: { response: Promise<import('../fake-discord/index.ts').RecordedRequest> }) => {
    const body = callbackOf(await sent.response);
    expect(body.type).toBe(8);
    const choices = body.data?.choices ?? [];
    // Discord refuses more than 25 choices, or a name or value over 100 characters.
    expect(choices.length).toBeLessThanOrEqual(25);
    for (const c of choices) {
      expect(c.name.length).toBeGreaterThan(0);
      expect(c.name.length).toBeLessThanOrEqual(100);
      expect(String(c.value).length).toBeLessThanOrEqual(100);
    }
    return choices;
  };

  it('offers Revenue for a metric typed "rev"', async () => {
    const choices = await choicesOf(e2e.fake.autocomplete('metric', [str('metric', 'rev', true)]));

    expect(choices.map((c) => c.name)).toContain('Revenue');
    expect(choices[0]?.name).toBe('Revenue');
  });

  it('offers only the periods revenue has when "2003" is typed, Q4 2003 among them', async () => {
    const choices = await choicesOf(e2e.fake.autocomplete('metric', [str('metric', 'revenue'), str('period', '2003', true)]));

    expect(choices.length).toBeGreaterThan(0);
    expect(choices.map((c) => c.name)).toEqual(expect.arrayContaining([expect.stringMatching(/^Q4 2003\b/)]));
    for (const c of choices) expect(c.name, 'a 2003 period').toMatch(/2003/);
    // No balance-sheet dates for a flow metric.
    for (const c of choices) expect(c.name, 'a period, not a date').not.toMatch(/\b(Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)[a-z]* \d{1,2},/);
  });

  it('offers only balance dates for cash', async () => {
    const choices = await choicesOf(e2e.fake.autocomplete('metric', [str('metric', 'cash'), str('period', '', true)]));

    expect(choices.length).toBeGreaterThan(0);
    expect(choices.map((c) => c.name)).toEqual(expect.arrayContaining([expect.stringMatching(/^Jun 30, 2003\b/), expect.stringMatching(/^Dec 31, 2003\b/)]));
    for (const c of choices) expect(c.name, 'a balance date').toMatch(/^(Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) \d{1,2}, \d{4}\b/);
  });

  it('accepts the value a period choice carries: /metric with it answers that period', async () => {
    const choices = await choicesOf(e2e.fake.autocomplete('metric', [str('metric', 'revenue'), str('period', 'Q4 2003', true)]));
    const q4 = choices.find((c) => c.name.startsWith('Q4 2003'));
    expect(q4).toBeDefined();

    const body = callbackOf(await e2e.fake.chatInput('metric', metricCall('revenue', String(q4?.value))).response);

    expect(embedOf(body.data).description).toContain('**$14.4 million**');
  });
});
