/**
 * The reader's vocabulary is data (commands/understand/vocabulary/*.json): these checks keep an
 * edit to it from quietly changing what a phrase means or pointing at something that does not exist.
 */
import { describe, expect, it } from 'vitest';
import { CONCEPT_IDS, CONCEPTS, conceptForLabel, normaliseLabel } from '../../knowledge/concepts.ts';
import { COMPANY_LABELS, labelOverrides } from '../../knowledge/parse/label-overrides.ts';
import { STATEMENT_ROWS } from '../../knowledge/parse/row-vocabulary.ts';
import { tokenize } from '../../commands/understand/spot.ts';
import { COMPANY_WORDS, CUES, formulaNamed, METRICS, termChoices } from '../../commands/understand/vocabulary.ts';
import { SHORTHAND, writtenOut } from '../../commands/understand/shorthand.ts';

const key = (phrase: string) => tokenize(phrase).map((t) => t.word).join(' ');
const isConcept = (id: string) => (CONCEPT_IDS as readonly string[]).includes(id);

describe('metric vocabulary', () => {
  it('names no phrase twice for different metrics', () => {
    const owner = new Map<string, string>();
    const clashes: string[] = [];
    const claim = (phrase: string, id: string) => {
      const k = key(phrase);
      const before = owner.get(k);
      if (before && before !== id) clashes.push(`"${phrase}": ${before} and ${id}`);
      owner.set(k, id);
    };
    for (const [concept, phrases] of Object.entries(METRICS.concepts)) for (const p of phrases) claim(p, concept);
    for (const f of METRICS.formulas) for (const p of f.phrases) claim(p, `formula:${f.id}`);
    for (const n of METRICS.narrative) for (const p of n.phrases) claim(p, `narrative:${n.id}`);
    for (const a of METRICS.ambiguous) claim(a.phrase, 'ambiguous');
    expect(clashes).toEqual([]);
  });

  it('builds every formula from statement lines or other formulas, without a loop', () => {
    const resolves = (id: string, seen: Set<string>): boolean => {
      if (isConcept(id)) return true;
      const f = formulaNamed(id);
      if (!f || seen.has(id)) return false;
      return f.terms.flatMap(termChoices).every((t) => resolves(t, new Set([...seen, id])));
    };
    expect(METRICS.formulas.filter((f) => !resolves(f.id, new Set())).map((f) => f.id)).toEqual([]);
  });

  it('names, as a formula\'s printed line, a statement line asked for through the formula, or by phrases of its own that read the line itself', () => {
    const printed = METRICS.formulas.flatMap((f) => (f.printed ? [f.printed] : []));
    const ownPhrases = printed.filter((id) => METRICS.concepts[id] !== undefined);
    // EBIT is printed as operating income where the two agree; "operating income" is the line, whatever EBIT computes to.
    // (The reader table holds both readings: "operating income Q4 2003" the line, "EBIT in the fourth quarter of 2002" the formula.)
    expect(ownPhrases).toEqual(['operating_income']);
  });

  it("maps a company's own words only to lines and formulas that exist", () => {
    const unknown = Object.entries(COMPANY_WORDS.phrases).flatMap(([company, phrases]) => Object.entries(phrases).filter(([, term]) => !isConcept(term) && !formulaNamed(term)).map(([p, t]) => `${company} ${p}: ${t}`));
    expect(unknown).toEqual([]);
  });

  it('names as costs (the best is the lowest) only lines and formulas that exist', () => {
    expect(METRICS.lower_is_better.filter((id) => !isConcept(id) && !formulaNamed(id))).toEqual([]);
  });

  it('offers, for each ambiguous word, only choices that exist', () => {
    const unknown = METRICS.ambiguous.flatMap((a) => a.choices.filter((c) => !isConcept(c) && !formulaNamed(c)).map((c) => `${a.phrase}: ${c}`));
    expect(unknown).toEqual([]);
  });

  it('names as unprinted ("EBITDAR", "inventory turnover") no metric the releases print, nor one word of one, so none of them is refused', () => {
    const metricPhrases = [...Object.values(METRICS.concepts).flat(), ...METRICS.formulas.flatMap((f) => f.phrases), ...CONCEPTS.flatMap((c) => [c.name, ...c.synonyms])].map(key);
    const named = new Set([...metricPhrases, ...metricPhrases.flatMap((p) => p.split(' '))]);
    expect(METRICS.unprinted.map(key).filter((p) => named.has(p))).toEqual([]);
  });

  it('keeps "debt", "interest" and "dividend" alone out of the metric names (they would answer a question the releases do not)', () => {
    const all = new Set([...Object.values(METRICS.concepts).flat(), ...METRICS.formulas.flatMap((f) => f.phrases), ...CONCEPTS.flatMap((c) => c.synonyms)].map(key));
    for (const word of ['debt', 'interest', 'dividend', 'dividends', 'total debt']) expect(all.has(word), word).toBe(false);
  });

  it('names with "long term debt" the line printed so alone, never the long-term liabilities that hold it', () => {
    const naming = CONCEPTS.filter((c) => [...c.synonyms, ...(METRICS.concepts[c.id as keyof typeof METRICS.concepts] ?? [])].map(key).includes('long term debt')).map((c) => c.id);
    expect(naming).toEqual(['long_term_debt']);
  });
});

describe('formula notes', () => {
  it('name no company: a formula\'s note is shown in every company\'s answer (Apple\'s gross profit said "Infocrossing\'s excludes depreciation")', () => {
    expect(METRICS.formulas.flatMap((f) => (f.note && /\b[A-Z][a-z]+'s\b/.test(f.note) ? [`${f.id}: ${f.note}`] : []))).toEqual([]);
  });
});

describe('cue vocabulary', () => {
  it('takes nothing back with a metric or a period: no word that takes back is one, nor a word of one when alone', () => {
    const metricPhrases = new Set(Object.values(METRICS.concepts).flat().map(key));
    const metricWords = new Set([...metricPhrases].flatMap((p) => p.split(' ')));
    const taking = [...CUES.corrections, ...CUES.corrections_after_pause, ...CUES.corrections_dismissing].map(key);
    expect(taking.filter((p) => metricPhrases.has(p) || (!p.includes(' ') && metricWords.has(p)) || /\b(q[1-4]|h[12]|fy|\d+|year|quarter|half)\b/.test(p))).toEqual([]);
  });

  it('never makes a metric word a filler', () => {
    const metricWords = new Set(Object.values(METRICS.concepts).flat().map(key).filter((k) => !k.includes(' ')));
    const fillers = CUES.fillers.map(key).filter((f) => metricWords.has(f));
    expect(fillers).toEqual([]);
  });

  it('reads chart, graph and plot as asking for a trend, with no cue phrase also naming a metric', () => {
    const trend = new Set(CUES.cues.trend.map(key));
    for (const word of ['chart', 'graph', 'plot']) expect(trend.has(word), word).toBe(true);
    const metricPhrases = new Set([...Object.values(METRICS.concepts).flat(), ...METRICS.formulas.flatMap((f) => f.phrases)].map(key));
    expect(Object.values(CUES.cues).flat().map(key).filter((p) => metricPhrases.has(p))).toEqual([]);
  });

  it('lists every role with words that are not also a contact detail', () => {
    const details = new Set(Object.values(CUES.contact_fields).flat().map(key));
    const both = Object.values(CUES.roles).flat().map(key).filter((r) => details.has(r));
    expect(both).toEqual([]);
  });

  it('names as a role\'s word that is a figure\'s too only words of a role, each for a metric that exists ("cfo": cash flow from operations)', () => {
    const roleWords = new Set(Object.values(CUES.roles).flat().map(key));
    for (const [word, metric] of Object.entries(CUES.role_or_figure)) {
      expect(roleWords.has(key(word)), word).toBe(true);
      expect(METRICS.narrative.some((n) => n.id === metric) || formulaNamed(metric) !== undefined || (CONCEPT_IDS as readonly string[]).includes(metric), metric).toBe(true);
    }
  });

  it('names as nouns of spending only words of spending, and as words asking an amount only fillers ("revenue in dollars" is revenue, never a search)', () => {
    const spending = new Set(CUES.cost_words.map(key));
    expect(CUES.cost_nouns.map(key).filter((w) => !spending.has(w))).toEqual([]);
    const fillers = new Set(CUES.fillers.map(key));
    expect(CUES.amount_words.map(key).filter((w) => !fillers.has(w))).toEqual([]);
    // Words making a follow-up a question of its own read nothing else: fillers too.
    expect(CUES.question_words.map(key).filter((w) => !fillers.has(w))).toEqual([]);
  });

  it('takes as words of choosing ("option 2", "the second one") single words, none a metric or a period said alone, and ordinals that are none of them', () => {
    const metricPhrases = new Set([...Object.values(METRICS.concepts).flat(), ...METRICS.formulas.flatMap((f) => f.phrases)].map(key));
    const periodWords = new Set(CUES.period_words.map(key));
    expect([...CUES.choice_words, ...CUES.choice_yes].filter((w) => tokenize(w).length !== 1 || metricPhrases.has(key(w)) || periodWords.has(key(w)))).toEqual([]);
    // Ordinals and "last" are words of periods too ("the first quarter", "last year"): only alone are they a choice.
    expect([...CUES.ordinals, ...CUES.choice_last].filter((w) => tokenize(w).length !== 1 || metricPhrases.has(key(w)))).toEqual([]);
    expect(CUES.ordinals.filter((w) => CUES.choice_words.includes(w))).toEqual([]);
  });
});

describe('statement label vocabulary', () => {
  it('maps no printed label to two concepts, in the common labels or a company\'s own', () => {
    const owner = new Map<string, string>();
    const clashes: string[] = [];
    for (const c of CONCEPTS) {
      for (const label of c.labels) {
        const k = normaliseLabel(label);
        if (owner.has(k) && owner.get(k) !== c.id) clashes.push(`"${label}": ${owner.get(k)} and ${c.id}`);
        owner.set(k, c.id);
      }
    }
    for (const [company, labels] of Object.entries(COMPANY_LABELS.companies)) {
      const own = new Map<string, string>();
      for (const [label, concept] of Object.entries(labels)) {
        const k = normaliseLabel(label);
        if (own.has(k) && own.get(k) !== concept) clashes.push(`${company} "${label}": ${own.get(k)} and ${concept}`);
        own.set(k, concept);
      }
    }
    expect(clashes).toEqual([]);
  });

  it("a company's own label changes what that company's row means, and no other company's", () => {
    expect(conceptForLabel('Profit 1', labelOverrides('CAT'))).toBe('net_income');
    expect(conceptForLabel('Profit', labelOverrides('ACME'))).toBeUndefined();
    expect(conceptForLabel('Cash and Due from Banks')).toBe('cash');
  });

  it('reads per-share words that exist: every variant is basic, diluted or both', () => {
    expect(STATEMENT_ROWS.variants.map(([, v]) => v).every((v) => ['basic', 'diluted', 'basic_and_diluted'].includes(v))).toBe(true);
    expect(STATEMENT_ROWS.bottomLineWords).toContain('diluted');
  });
});

describe('chat shorthand', () => {
  it('leaves every phrase the reader knows a phrase it knows: "op ex" stays, "current liabs" is "current liabilities", "yr/yr" is "year/year"', () => {
    const phrases = [
      ...Object.values(METRICS.concepts).flat(), ...METRICS.formulas.flatMap((f) => f.phrases), ...METRICS.narrative.flatMap((n) => n.phrases),
      ...METRICS.ambiguous.map((a) => a.phrase), ...CONCEPTS.flatMap((c) => [c.name, ...c.labels, ...c.synonyms]), ...Object.values(CUES.cues).flat(), ...CUES.fillers,
    ];
    const known = new Set(phrases.map((p) => p.toLowerCase()));
    expect(phrases.filter((p) => !known.has(writtenOut(p).toLowerCase()))).toEqual([]);
  });

  it.each([
    ["NI q4'02", "net income q4'02"],
    ['tca ye02', 'total current assets year-end 02'],
    ['rev 6mos 2002', 'revenue 6 months 2002'],
    ['op inc fy03', 'operating income fy03'],
    ['op cash flow 2002', 'operating cash flow 2002'],
    ['op ex 2003', 'op ex 2003'],
    ['wtd avg shs', 'weighted average shares'],
    // Joined to another word: left as typed ("Int'l", "pre-tax").
    ["Int'l revenue", "Int'l revenue"],
  ])('%s is read as "%s"', (typed, read) => {
    expect(writtenOut(typed)).toBe(read);
  });

  it('every pattern compiles and is case-insensitive', () => {
    for (const [pattern] of SHORTHAND.patterns) expect(() => new RegExp(pattern, 'gi')).not.toThrow();
    expect(writtenOut('YE03 Tot Assets')).toBe('year-end 03 total Assets');
  });
});
