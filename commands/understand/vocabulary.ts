/**
 * The reader's vocabulary, loaded once from the JSON files beside this module and checked with zod:
 * metric phrases, derived measures (formulas over statement lines), figures the narrative gives,
 * ambiguous words, intent cues and filler words. Extending what the bot understands is editing data.
 */
import { readFileSync } from 'node:fs';
import { z } from 'zod';
import type { Concept } from '../../knowledge/concepts.ts';
import { ConceptSchema } from '../../knowledge/facts.ts';
import { PROFILE_FIELDS, type Measure } from './question.ts';

const phrases = z.array(z.string().min(1)).min(1);

/**
 * A formula's term: a statement line or another formula's id; or lines that may stand for it, in order, of which a
 * company's first printed one is taken (a gross margin is over sales where a statement prints sales apart from
 * revenues of another kind, Caterpillar's financial products, Sears' credit; elsewhere over revenue).
 */
const TermSchema = z.union([z.string(), z.array(ConceptSchema).min(2)]);
export type Term = z.infer<typeof TermSchema>;

/** Every line or formula a term may be. */
export const termChoices = (term: Term): readonly string[] => (typeof term === 'string' ? [term] : term);

/** Whether a term may be `id`: "revenue minus cost of sales" is gross profit, whichever line a company's gross profit is over. */
export const termIs = (term: Term, id: string): boolean => termChoices(term).includes(id);

export const FormulaSchema = z.object({
  id: z.string().regex(/^[a-z_]+$/),
  name: z.string().min(1),
  phrases,
  /** minus/plus: terms[0] ∓ terms[1]; ratio: terms[0] / terms[1]. */
  op: z.enum(['minus', 'plus', 'ratio']),
  terms: z.tuple([TermSchema, TermSchema]),
  unit: z.enum(['USD', 'percent', 'times']),
  note: z.string().optional(),
  /** A statement line some releases print for this very measure: served as printed where it is, computed elsewhere. */
  printed: ConceptSchema.optional(),
});
export type Formula = z.infer<typeof FormulaSchema>;

export const NarrativeMeasureSchema = z.object({
  id: z.string().regex(/^[a-z_]+$/),
  name: z.string().min(1),
  phrases,
  /** Words a sentence must hold to give this figure. */
  sentence: phrases,
  /** The statement line that prints it (the statement of cash flows'): served from the table where printed, else from the text. */
  printed: ConceptSchema.optional(),
});
export type NarrativeMeasure = z.infer<typeof NarrativeMeasureSchema>;

export const MetricsVocabularySchema = z.object({
  $comment: z.string().optional(),
  // Every line people ask for by name; a line only a formula serves where printed (its `printed`) has none.
  concepts: z.partialRecord(ConceptSchema, phrases),
  formulas: z.array(FormulaSchema),
  /**
   * Lines that belong to sales, not to all revenue, and the lines of sales, the company's first printed taken: set against
   * revenue by a company that prints a line of sales apart from revenues of another kind (Caterpillar's Financial
   * Products', Sears' credit), they are over that line when the asker says "sales", over the total when "revenue" or the
   * total is said (commands/understand/interpret.ts, `overSales`).
   */
  over_sales: z.object({ lines: z.array(ConceptSchema).min(1), sales: z.array(ConceptSchema).min(2) }),
  /**
   * The whole a line is a percent of when asked "as a percent" with none said and no percent formula of its own (gross
   * profit's is its gross margin): the common-size statements' whole, revenue for a flow, total assets for a balance;
   * `counts`: lines of a count at a date, not an amount, a share of no whole.
   */
  common_size: z.strictObject({ flow: ConceptSchema, balance: ConceptSchema, counts: z.array(ConceptSchema) }),
  narrative: z.array(NarrativeMeasureSchema),
  ambiguous: z.array(z.object({ phrase: z.string().min(1), choices: z.array(z.string()).min(2) })),
  /** Names of measures no release here prints ("EBITDAR", "FFO"): words of their own, never mended into a line one letter away. */
  unprinted: phrases,
  /** Lines and formulas that are costs: the best of them is the lowest ("the best quarter for opex"), the worst the highest. */
  lower_is_better: z.array(z.string().min(1)),
});

export const CUE_IDS = [
  'compare', 'change', 'percent', 'difference', 'sequential', 'trend', 'by_half', 'ratio_of', 'share_of', 'plus', 'minus', 'reported', 'excluding', 'leaving_out',
  'one_time', 'why', 'unusual', 'results', 'quote', 'contact', 'contact_list', 'call', 'define', 'profile', 'sources', 'help', 'release', 'latest', 'both',
  'headline', 'follow_up', 'average', 'cite', 'highest', 'lowest', 'combined', 'growth', 'year_on_year', 'goes_to',
] as const;
export type Cue = (typeof CUE_IDS)[number];

export const CuesVocabularySchema = z.object({
  $comment: z.string().optional(),
  cues: z.record(z.enum(CUE_IDS), phrases),
  fillers: phrases,
  /** Contact roles as the releases print them, and the words people use for them. */
  roles: z.record(z.string(), phrases),
  /**
   * A role's word that names a figure too ("CFO": the chief financial officer, or cash flow from operations), by the
   * metric it names: said with a period and nothing of a contact, which is meant is asked.
   */
  role_or_figure: z.record(z.string(), z.string()),
  /** The words of each profile field; when the fiscal year ends is asked in words that also say a period (`fiscal_year_end_asked`). */
  profile: z.partialRecord(z.enum(PROFILE_FIELDS), phrases),
  /**
   * Words asking when the fiscal year ends ("what is Oracle's fiscal year end?"), a profile only where nothing else is asked:
   * with a figure they are its period ("cash change since fiscal year end").
   */
  fiscal_year_end_asked: phrases,
  /** Words naming lines against each other ("the biggest revenue line", "the smallest segment"): ranked, never a period's. */
  lines_ranked: phrases,
  /** Words a change runs to its later end by ("change to year end?", "how much did it rise by December 31?"). */
  range_ends: phrases,
  /** Words pointing back at a date answered ("what was cash at that date?" after when the fiscal year ends). */
  that_date: phrases,
  /**
   * Words counting a figure by its size on one side of zero ("the largest loss", "the biggest accretion charge", "the
   * largest tax benefit", "the biggest deficit"): with a ranking, which end is meant is asked, never the signed figure ranked.
   */
  ranked_by_size: phrases,
  /** Words of a share said before "of" ("% of", "share of", "portion of"): with a part of a year and that year, one period's share of another. */
  share_of_words: phrases,
  /** Words asking for more quotes than shown ("what else did he say?", "any more?"): never a topic. */
  quote_more: phrases,
  /** Words asking for other quotes ("any other quotes?"), a topic only with words of their own ("about other income"). */
  quote_other: phrases,
  /** Words asking for a date ("when", "what month"): the fiscal year end asked, even after a figure. */
  when_words: phrases,
  /** Words that, said just before them, make a fiscal year end's words a period ("at fiscal year end", "since fiscal year end"). */
  period_prepositions: phrases,
  /** Words saying which fiscal year end ("the prior fiscal year end"): a period, never the company's latest date. */
  year_end_which: phrases,
  call_fields: z.record(z.enum(['when', 'dial_in', 'international', 'replay', 'pass_code', 'webcast']), phrases),
  contact_fields: z.record(z.enum(['phone', 'email', 'organisation', 'title']), phrases),
  /** Words that point back to the conversation: at a person, at a thing said before, or at them ("they": the company, or what the text answer before found). */
  pronouns: z.object({ person: phrases, thing: phrases, plural: phrases }),
  /** Words a sentence uses when it explains a figure ("driven by", "due to", "benefited from"). */
  explaining: phrases,
  /** Words a sentence uses when it states a change ("increased 24.2%"). */
  growth: phrases,
  /** Other words the releases use for a word of a question ("outlook": the release "expects"). */
  related_words: z.record(z.string(), phrases),
  /** Words of periods (the grammar's, in knowledge/period-grammar.ts): a typo swapping two of their letters is mended. */
  period_words: phrases,
  /**
   * Phrases of asking, not of what is asked ("could you look up", "according to the releases"): each
   * read as one span, so none of its words is read alone ("up", "earnings"), and none a filler elsewhere.
   */
  asking_phrases: phrases,
  /**
   * Words of spending that name no line ("expenses", "spent"): beside a line they are its word
   * ("D&A expense"); alone they ask which costs, never the headline results.
   */
  cost_words: phrases,
  /** Of them, the nouns: said alone beside other lines ("expenses as % of revenue") they name some cost, asked which. */
  cost_nouns: phrases,
  /** Words asking for an amount ("and R&D in dollars?"): after a share, the line's amount, never its share. */
  amount_words: phrases,
  /** Words that make shares asked about a count at a date ("how many shares were outstanding", "at year end"), unless said on average. */
  shares_counted_words: phrases,
  /** Words that keep shares asked about a weighted average over a period ("on average", "weighted"). */
  shares_average_words: phrases,
  /** Words of a whole fiscal year before another ("the fiscal year before"): before the year asked before, else before the latest. */
  whole_year_before: phrases,
  /**
   * Why-words that ask for a cause only after what they explain ("did revenue rise because of new clients?"); said before
   * any metric they are the asker's own reason ("I'm asking because my boss wants to know: what was revenue?").
   */
  cause_after_words: phrases,
  /** Words between "not" and what it leaves out ("not the first half", "not in Q1"). */
  not_then_words: phrases,
  /** The scales a figure may be asked in ("in billions", "$bn", "in cents"), each shown beside it as printed. */
  display_units: z.strictObject({ thousand: phrases, million: phrases, billion: phrases, cent: phrases }),
  /** Words asking for a percentage: said with an amount word beside a margin ("in dollars and percent"), the margin stays. */
  percent_words: phrases,
  /** Of `percent_words`, those that ask a line's share of a whole ("cash in %": of total assets); "rate" and "ratio" name ratios of their own (the cash ratio). */
  share_words: phrases,
  /**
   * Words that make a follow-up a question of its own ("and how much was R&D?", "what was net income?"): after a share its
   * amount, after a trend its latest figure; only a bare fragment ("and R&D?") keeps the share or the trend.
   */
  question_words: phrases,
  /** Words that make cash a flow ("how much cash did they generate", "cash burned"): never the cash balance. */
  cash_flow_words: phrases,
  /**
   * Verbs asking what a company earned ("and what did they earn?", "how much did they make?"): after a line other than
   * cash (which they make a flow), the headline results of the period before, as the words asked alone give, never the
   * line before again.
   */
  earning_verbs: phrases,
  /** Words beside a company's name that keep it a name alone ("oracle then?", "ok, apple"): the question before, about that company. */
  company_alone_words: phrases,
  /**
   * Words that weigh two things ("which was bigger?"), up or down: after one year asked, never its quarters ranked unasked;
   * after "which quarter", the quarters ranked ("which quarter had higher revenue": the highest).
   */
  comparatives: z.object({ up: phrases, down: phrases }),
  /** The whole a share is of, said as the year of the part said ("Q4 2003 revenue as a fraction of the year"). */
  share_of_the_year: phrases,
  negations: phrases,
  yes_no_openers: phrases,
  weighed_by_size: z.object({ up: phrases, down: phrases, multiples: phrases, of_changes: phrases }),
  /** The direction a "why" question says a figure went ("why did revenue fall?"): checked against the figures, never taken as given. */
  premise: z.object({ up: phrases, down: phrases }),
  /** Words that judge rather than measure ("best", "worse"): for a cost, the best is the lowest. */
  judging: phrases,
  /** The periods a "which" asks to weigh ("which half had higher EBITDA?"): quarters ranked, two halves or two years compared. */
  which_periods: z.object({ quarter: phrases, half: phrases, year: phrases }),
  /** Periods no release reports alone ("which month had the highest revenue?"): said back, never the quarters ranked instead. */
  unreported_periods: phrases,
  /** Words asking whether a contact named before is still the one ("did it change?", "the same in Q1?"). */
  contact_changes: phrases,
  /**
   * Words beside an amount that say which periods are set against it: each quarter of the year said ("which quarters",
   * "any quarter"), the year as a whole ("annual", "total"), or several not named ("ever", "both years"), which are asked.
   */
  amount_periods: z.object({ by_quarter: phrases, whole_year: phrases, several: phrases }),
  /**
   * Words of a ratio ("EBITDA to revenue ratio"): said of a ratio asked, they are its word; beside a line alone ("equity
   * ratio", "expense to revenue ratio" read as revenue) they are not understood, never dropped to answer the line.
   */
  ratio_words: phrases,
  /** Stock exchanges, said before a ticker ("NYSE: CAT", "nasdaq:AAPL"): part of the company's name, never words to search. */
  exchange_words: phrases,
  /**
   * Words that count what was asked before ("all three", "those two quarters", "the three of them"): a lead, a count, and
   * what is counted (periods, lines, or either when "of them" or nothing is said); `of_them_leads` lead only "of them".
   */
  counted_back: z.object({ leads: phrases, counts: z.record(z.string(), z.number().int().min(2)), periods: phrases, lines: phrases, of_them: phrases, of_them_leads: phrases }),
  /** Words that point at two things said before ("growth between them?", "compare the two"): a pair, which one period before is not. */
  pair_words: phrases,
  /** Words that set a figure against an amount said after them ("above $20 million", "over 5 cents", "> 30%"). */
  thresholds: phrases,
  /**
   * A yes-or-no question claiming what a figure was ("was net income $1.2 million in Q4 2003?", "EPS was 9 cents,
   * right?"): it starts with an `asking` word or a `prefixes` phrase (which asks nothing else: "is it true that"), or
   * ends with a `checking` one ("right?"); an amount after a word of `changes` ("up 10%", "grew to $14m") is a change
   * said, no figure claimed; one of `hedges` before it says it roughly ("about $14 million").
   */
  claims: z.object({ asking: phrases, prefixes: phrases, checking: phrases, changes: phrases, hedges: phrases, stated: phrases }),
  /**
   * Words before "fiscal 2004" that make it a period of its own ("Q3 and fiscal 2003", "the full fiscal year 2004"), not
   * the year of a part said beside it ("nine months ... fiscal 2004").
   */
  fiscal_year_not_qualifying: phrases,
  /** Words saying a fiscal year is meant whole ("full fiscal 2023", "all of fiscal 2023"), never as a label of parts said with it. */
  whole_year_words: phrases,
  /** Words after a month that name the call held then ("the August call", "the May conference"). */
  call_month_words: phrases,
  /** Words before a verb ("you may call"): "may" after one is no month. */
  verb_subjects: phrases,
  /** Words of the teleconference that, said alone right after a figure, are of the figure's business ("and online?" after comparable sales). */
  call_words_after_figures: phrases,
  /** Roles whose holders speak in the releases' quotes ("and the CFO?" after quotes is their words; "and the press contact?" a contact). */
  speaking_roles: phrases,
  /** Words before the period a figure is compared with ("vs 2002", "higher than in Q3 2003", "compared to Q4 2002"). */
  comparand: phrases,
  /** Words of an item left out, after the period it fell in ("excluding the Q1 credit"): that period is the item's, not one asked. */
  left_out_items: phrases,
  /**
   * Lines that are one-time items by nature: left out of another where a company's statements never print them
   * ("Caterpillar EPS excluding restructuring"), the release's adjusted words are looked for, as for a charge.
   */
  one_time_lines: z.array(ConceptSchema).min(1),
  /** Words that join a line to the one before it in a list of lines ("restructuring and the taxes", fillers aside): both are left out. */
  line_joining_words: phrases,
  /** Words that take back what was said before them ("revenue Q4 2003, sorry I meant Q3", "nvm, EBITDA"): what follows is read against it. */
  corrections: phrases,
  /** Words that take it back only at the start or after a pause ("no, operating income"; not "no revenue"). */
  corrections_after_pause: phrases,
  /** Words that dismiss what follows them, up to a pause ("never mind the EBITDA, what was net income?"). */
  corrections_dismissing: phrases,
  /** Words that end a question taking back the one before ("for the year instead"): the words before them are read against it. */
  corrections_trailing: phrases,
  /** Words beside a choice's number typed after "which one did you mean?" ("option 2", "the second one, please"): nothing else. */
  choice_words: phrases,
  /** Choices said in words, in order ("the second one" is the second choice offered). */
  ordinals: phrases,
  /** The last choice said so ("the last one"). */
  choice_last: phrases,
  /** Words saying yes to the one choice offered ("did you mean Apple?" "yes"). */
  choice_yes: phrases,
});

const here = (file: string) => new URL(`./vocabulary/${file}`, import.meta.url);
const load = <T>(schema: z.ZodType<T>, file: string): T => schema.parse(JSON.parse(readFileSync(here(file), 'utf8')));

export const CompaniesVocabularySchema = z.object({
  $comment: z.string(),
  /** Capital letters that are words ("A", "I"): never a one-letter ticker. */
  letter_words: z.array(z.string().regex(/^[A-Z]$/)),
  /** Words for a company its releases do not print (a ticker), by company key: single lower-case words. */
  aliases: z.record(z.string(), z.array(z.string().regex(/^[a-z0-9]+$/))),
  /** A company's name in full where its releases print it shorter ("Apple Computer, Inc."), by company key. */
  names: z.record(z.string(), z.string().min(1)),
  /** A company's own words for its lines (Caterpillar's "operating costs" are its total operating costs): phrase -> line or formula. */
  phrases: z.record(z.string(), z.record(z.string(), z.string())),
});

export const METRICS = load(MetricsVocabularySchema, 'metrics.json');
export const CUES = load(CuesVocabularySchema, 'cues.json');
export const COMPANY_WORDS = load(CompaniesVocabularySchema, 'companies.json');


const FORMULAS_BY_ID = new Map(METRICS.formulas.map((f) => [f.id, f]));

/** A share, a margin, a rate, a number of times: no amount, so it has no scale and is a share of no whole. */
export const isRatio = (m: Measure): boolean => m.kind === 'ratio' || (m.kind === 'formula' && FORMULAS_BY_ID.get(m.formula)?.op === 'ratio');
export function formulaNamed(id: string): Formula | undefined {
  return FORMULAS_BY_ID.get(id);
}

/** The formula that is line `a` less line `b` (revenue less cost of revenues: gross profit), where the vocabulary names one. */
export const subtraction = (a: Concept, b: Concept): Formula | undefined => METRICS.formulas.find((f) => f.op === 'minus' && termIs(f.terms[0], a) && termIs(f.terms[1], b));

const NARRATIVE_BY_ID = new Map(METRICS.narrative.map((n) => [n.id, n]));

/** A formula's term, an ambiguous word's choice, a role's word's figure, as a measure: a formula's id, a figure the text gives, else a statement line. */
export const termMeasure = (term: string): Measure =>
  formulaNamed(term) ? { kind: 'formula', formula: term } : NARRATIVE_BY_ID.has(term) ? { kind: 'narrative', measure: term } : { kind: 'concept', concept: term as Concept };

/** The statement line a measure is, a formula by the line some statements print for it (total liabilities). */
export const statementLineOf = (m: Measure): Concept | undefined => (m.kind === 'concept' ? m.concept : m.kind === 'formula' ? FORMULAS_BY_ID.get(m.formula)?.printed : undefined);

/** A ratio's two sides as measures: a side said as a formula is that formula, else its line. */
export const ratioSides = (m: Extract<Measure, { kind: 'ratio' }>): [Measure, Measure] => [
  m.numeratorFormula ? termMeasure(m.numeratorFormula) : { kind: 'concept', concept: m.numerator },
  m.denominatorFormula ? termMeasure(m.denominatorFormula) : { kind: 'concept', concept: m.denominator },
];

export function narrativeMeasureNamed(id: string): NarrativeMeasure | undefined {
  return NARRATIVE_BY_ID.get(id);
}
