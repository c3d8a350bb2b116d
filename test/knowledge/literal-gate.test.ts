import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { literalGates, requiredLiterals } from '../../knowledge/literal-gate.ts';
import { escapeRegExp } from '../../knowledge/text.ts';
import { findPeriods } from '../../knowledge/period-grammar.ts';

describe('requiredLiterals: what every match of an expression must contain', () => {
  it.each([
    [/\bq([1-4])\b/gi, [['q1', 'q2', 'q3', 'q4']]],
    [/foo|bar/, [['bar', 'foo']]],
    // Each part of a sequence is required: a match holds one string of each list.
    [/\bcalendar\s+(?:19|20)\s/i, [['calendar'], ['19', '20']]],
    [/a*b/, [['b']]],
    // A look-around matches nothing of its own; an optional part is not required.
    [/(?=x)y(?:z)?/, [['y']]],
    // A case-sensitive literal in lower case: a text holding "ABC" holds "abc" once lower-cased.
    [/ABC/, [['abc']]],
    // "quarters" holds "quarter": holding the shorter is enough.
    [/quarters?/i, [['quarter']]],
  ])('%s needs %j', (pattern, expected) => {
    expect(requiredLiterals(pattern)).toEqual(expected);
  });

  it.each([
    [/[^a]/],
    [/\w+/],
    [/x?/],
    // Beyond ASCII a case-insensitive letter has another case the scan does not fold.
    [/é/i],
    // With the u flag, case folding reaches "ſ" for "s" and the Kelvin sign for "k".
    [/sk/iu],
  ])('%s needs nothing known', (pattern) => {
    expect(requiredLiterals(pattern)).toBeUndefined();
  });
});

describe('requiredLiterals: patterns no reading can settle, and patterns too big to list', () => {
  // "\1" is an octal escape in a pattern without groups and a back-reference in one with them; "\k<a>"
  // is literal text without named groups: what one pattern read must not be reused for the other.
  it.each([
    // Written as strings: TypeScript rejects a literal back-reference to no group.
    [['\\1', '(a)\\1'], 'aa'],
    [['(?:\\1)x', '(a)(?:\\1)x'], 'aax'],
    [['x\\8', '(a)(b)(c)(d)(e)(f)(g)(h)\\8'], 'abcdefghh'],
    [['(?:\\k<a>)', '(?<a>x)(?:\\k<a>)'], 'xx'],
  ])('%s: the last one stays open on %j, which it matches', (sources, text) => {
    const patterns = sources.map((source) => new RegExp(source));
    const last = patterns.at(-1) as RegExp;
    expect(last.test(text)).toBe(true);
    expect(literalGates(patterns).open(text).at(-1)).toBe(1);
  });

  it('a huge repeat count is one copy required, not listed (no time or memory blown)', () => {
    expect(requiredLiterals(/a{99999999999}b/)).toEqual([['a'], ['b']]);
  });

  it('a pattern the reader cannot parse, or nested too deep to read, is left ungated, not an error', () => {
    const nested = (levels: number) => new RegExp(`${'('.repeat(levels)}a${')'.repeat(levels)}`);
    // 3,000 levels: the reader overflows its stack, or parses it and the analysis would (it failed a CI run so).
    for (const deep of [nested(3000), nested(300)]) {
      expect(requiredLiterals(deep)).toBeUndefined();
      expect([...literalGates([deep]).open('a')]).toEqual([1]);
    }
    expect(requiredLiterals(nested(100))).toEqual([['a']]);
  });
});

describe('literalGates: a pattern is skipped only where it cannot match', () => {
  it('closes a pattern whose literal is absent, opens it where present in any case', () => {
    const gates = literalGates([/\bcalendar\s+\d{4}/i, /\bq[1-4]\b/i, /\w+/]);
    expect([...gates.open('revenue in fiscal 2003')]).toEqual([0, 0, 1]);
    expect([...gates.open('CALENDAR 2003 and Q4')]).toEqual([1, 1, 1]);
  });

  // Patterns over a few characters, each with some strings it matches (an assertion's part: none of
  // its own), and texts holding those strings or random ones, in mixed case: whenever the pattern
  // matches a text, its gate is open.
  type Piece = { source: string; samples: string[] };
  const chars = ['a', 'b', 'A', '1', '2', ' ', '-', '\u00e9', '\u00c9', '\u017f', 's', '\u2019'];
  const few = (samples: string[]) => [...new Set(samples)].slice(0, 6);
  const then = (a: string[], b: string[]) => few(a.flatMap((x) => b.map((y) => x + y)));
  const repeat = (s: string[], times: number[]) => few(times.flatMap((n) => s.map((x) => x.repeat(n))));
  const classes: Piece[] = [
    { source: '\\d', samples: ['1', '2'] }, { source: '\\s', samples: [' '] }, { source: '\\w', samples: ['a', 'A', '1'] }, { source: '[- ]', samples: ['-', ' '] },
    { source: '[1-2]', samples: ['1', '2'] }, { source: '[^a]', samples: ['b', '\u00e9'] }, { source: '.', samples: ['a', '\u017f'] }, { source: '[ab]', samples: ['a', 'b'] },
  ];
  const { pattern } = fc.letrec<{ pattern: Piece; piece: Piece }>((tie) => ({
    piece: fc.oneof(
      { depthSize: 'small', withCrossShrink: true },
      fc.constantFrom(...chars, 'ab', 'a1').map((c) => ({ source: escapeRegExp(c), samples: [c] })),
      fc.constantFrom(...classes),
      fc.constantFrom('\\b', '^', '$').map((source) => ({ source, samples: [''] })),
      fc.tuple(tie('pattern'), tie('pattern')).map(([a, b]) => ({ source: `(?:${a.source}|${b.source})`, samples: few([...a.samples.slice(0, 3), ...b.samples]) })),
      ...([['?', [0, 1]], ['+', [1, 2, 3]], ['*', [0, 2, 3]], ['{2}', [2]], ['{1,3}', [1, 3]]] as const).map(([q, times]) =>
        tie('pattern').map((p) => ({ source: `(?:${p.source})${q}`, samples: repeat(p.samples, [...times]) })),
      ),
      tie('pattern').map((p) => ({ source: `(?=${p.source})`, samples: [''] })),
      tie('pattern').map((p) => ({ source: `(?<!${p.source})`, samples: [''] })),
    ),
    pattern: fc.array(tie('piece'), { minLength: 1, maxLength: 4 }).map((pieces) => ({ source: pieces.map((p) => p.source).join(''), samples: pieces.reduce<string[]>((a, p) => then(a, p.samples), ['']) })),
  }));
  const randomText = fc.array(fc.constantFrom(...chars), { maxLength: 6 }).map((parts) => parts.join(''));
  const cases = fc.tuple(pattern, fc.constantFrom('', 'i', 'g', 'gi'), randomText, randomText, fc.array(fc.boolean(), { minLength: 1, maxLength: 5 })).map(([p, flags, before, after, flips]) => {
    const mixed = (t: string) => (flags.includes('i') ? [...t].map((c, i) => (flips[i % flips.length] ? c.toUpperCase() : c)).join('') : t);
    // Texts of at most 20 characters: a repeat of a repeat backtracks exponentially in the text's length, and a random
    // pattern has them (one took a second on 47 characters, longer ones ran for minutes); 20 keep every case under 0.1 s.
    const texts = [before, ...p.samples.map((sample) => mixed(before + sample + after))].filter((t) => t.length <= 20);
    return [new RegExp(p.source, flags), texts] as const;
  });

  it('never closes a pattern that matches (property)', () => {
    fc.assert(
      fc.property(cases, ([re, texts]) => {
        const gates = literalGates([re]);
        for (const t of texts) {
          re.lastIndex = 0;
          if (re.test(t)) expect(gates.open(t)[0], `${re} on ${JSON.stringify(t)}`).toBe(1);
        }
      }),
      { numRuns: 2000 },
    );
  });

  it('the period grammar reads the same periods with its gates as every rule tried would', () => {
    // Texts where a skipped rule would show: a calendar quarter, weeks, a month range, a two-digit year, upper case.
    expect(findPeriods('CALENDAR 2014 Q2 vs the 26 weeks ended May 3, 2014').map((p) => p.text)).toEqual(['CALENDAR 2014 Q2', '26 weeks ended May 3, 2014']);
    expect(findPeriods('Jan-Mar 2003, and in \u201903').map((p) => p.text)).toEqual(['Jan-Mar 2003', 'in \u201903']);
  });
});
