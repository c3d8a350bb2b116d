/**
 * The arithmetic a statement must satisfy, and what it shows when it does not.
 *
 * Within one release: subtotals (revenue - costs = income from operations...), the EBITDA
 * reconciliation against the statement, the balance sheet balancing. When one release prints a
 * figure two ways (`.04` in the statement, `0.4` in the reconciliation), the printing that makes
 * the release's own arithmetic hold is kept and the other is a misprint.
 */
import type { Concept } from './concepts.ts';
import type { StatementFact, Warning } from './facts.ts';
import { shortPeriod } from './periods.ts';
import { addTo } from './multimap.ts';
import { agree, halfUnit } from './precision.ts';

interface Identity {
  name: string;
  total: Concept;
  terms: ReadonlyArray<readonly [1 | -1, Concept]>;
  /** Terms a release may leave out (no row printed) without breaking the identity. */
  optional?: readonly Concept[];
  /**
   * Holds only where the statement prints the terms and then the total one row after another: a
   * line between them (minority interest, equity in affiliates' profit) is part of the sum too.
   */
  adjacent?: true;
  /**
   * Holds only where the terms are printed in their order, above the total: a net interest printed above the income from
   * operations (Sears', among its costs and expenses) is within it, not taken from it after.
   */
  inOrder?: true;
}

export const IDENTITIES: readonly Identity[] = [
  {
    name: 'income from operations = revenue - costs',
    total: 'operating_income',
    terms: [[1, 'revenue'], [-1, 'cost_of_revenue'], [-1, 'selling_admin'], [-1, 'leased_facilities_office_closings'], [-1, 'depreciation_amortization']],
    optional: ['leased_facilities_office_closings'],
    // Sears prints other costs between them (its provision for uncollectible accounts, interest, special charges).
    adjacent: true,
  },
  { name: 'income before taxes = income from operations - net interest', total: 'pretax_income', terms: [[1, 'operating_income'], [-1, 'net_interest_expense']], inOrder: true },
  { name: 'net income = income before taxes - income tax', total: 'net_income', terms: [[1, 'pretax_income'], [-1, 'income_tax']], adjacent: true },
  { name: 'net income to common = net income + preferred accretion and dividends', total: 'net_income_to_common', terms: [[1, 'net_income'], [1, 'preferred_accretion_dividends']] },
  {
    name: 'EBITDA = net income + tax + net interest + depreciation and amortization',
    total: 'ebitda',
    terms: [[1, 'net_income'], [1, 'income_tax'], [1, 'net_interest_expense'], [1, 'depreciation_amortization']],
  },
  { name: 'total current assets = cash + other current assets', total: 'total_current_assets', terms: [[1, 'cash'], [1, 'other_current_assets']] },
  { name: 'total assets = current + property + other non-current', total: 'total_assets', terms: [[1, 'total_current_assets'], [1, 'ppe_net'], [1, 'other_noncurrent_assets']] },
  {
    name: 'total liabilities and equity = liabilities + preferred + equity',
    total: 'total_liabilities_and_equity',
    terms: [[1, 'current_liabilities'], [1, 'long_term_liabilities'], [1, 'redeemable_preferred_stock'], [1, 'common_stockholders_equity']],
  },
  { name: 'the balance sheet balances', total: 'total_assets', terms: [[1, 'total_liabilities_and_equity']] },
];

/** Every printing in one release of (concept, period), keyed `concept|period`. */
export type ReleaseFigures = Map<string, StatementFact[]>;
export const figureKey = (concept: Concept, period: string) => `${concept}|${period}`;

export function groupRelease(facts: readonly StatementFact[]): ReleaseFigures {
  const out: ReleaseFigures = new Map();
  for (const f of facts) {
    const key = figureKey(f.concept, f.period);
    addTo(out, key, f);
  }
  return out;
}

type Pick = (concept: Concept) => StatementFact | undefined;

interface Outcome {
  holds: boolean;
  /** The arithmetic, as a reader would check it: "0.7 - 0.04 = 0.66, printed 0.3". */
  working: string;
}

const show = (f: StatementFact) => f.printed.replace(/^\((.*)\)$/, '-$1');

/** Whether each printing's row is followed directly by the next one's, in one table. */
const oneAfterAnother = (rows: ReadonlyArray<StatementFact | undefined>) => rows.every((f, i) => i === rows.length - 1 || (f?.next !== undefined && f.next === rows[i + 1]?.line));

/** Evaluates an identity with the given printings; undefined when a required figure is missing (or, adjacent, printed apart). */
function evaluate(identity: Identity, pick: Pick): Outcome | undefined {
  const total = pick(identity.total);
  if (!total) return undefined;
  let sum = 0;
  let tolerance = halfUnit(total);
  const parts: string[] = [];
  for (const [sign, concept] of identity.terms) {
    const term = pick(concept);
    if (!term) {
      if (identity.optional?.includes(concept)) continue;
      return undefined;
    }
    sum += sign * term.value;
    tolerance += halfUnit(term);
    parts.push(`${parts.length === 0 ? (sign < 0 ? '-' : '') : sign < 0 ? ' - ' : ' + '}${show(term)}`);
  }
  const rows = [...identity.terms.flatMap(([, c]) => pick(c) ?? []), total];
  if (identity.adjacent && !oneAfterAnother(rows)) return undefined;
  if (identity.inOrder && !rows.every((f, i) => i === 0 || (rows[i - 1] as StatementFact).line < f.line)) return undefined;
  const holds = Math.abs(sum - total.value) <= tolerance + 1e-9;
  const scale = total.multiplier;
  return { holds, working: `${parts.join('')} = ${Number((sum / scale).toFixed(4))}, printed ${show(total)}` };
}

export interface ReleaseCheck {
  /** The printing to serve for each key that the release prints more than one way. */
  chosen: Map<string, StatementFact>;
  misprints: StatementFact[];
  warnings: Warning[];
}

function describeKey(f: StatementFact): string {
  return `${f.label.toLowerCase()} for ${shortPeriod(f.period)}`;
}

/** Checks one release's arithmetic, and picks between printings of one figure that disagree. */
export function checkRelease(release: string, facts: readonly StatementFact[]): ReleaseCheck {
  // Printings by period, then concept; each (concept, period) in the order first printed.
  const byPeriod = new Map<string, Map<Concept, StatementFact[]>>();
  const figures: Array<[string, StatementFact[]]> = [];
  for (const f of facts) {
    let concepts = byPeriod.get(f.period);
    if (!concepts) byPeriod.set(f.period, (concepts = new Map()));
    const list = concepts.get(f.concept);
    if (list) list.push(f);
    else {
      const created = [f];
      concepts.set(f.concept, created);
      figures.push([figureKey(f.concept, f.period), created]);
    }
  }
  const chosen = new Map<string, StatementFact>();
  const chosenIn = new Map<string, Map<Concept, StatementFact>>();
  const misprints: StatementFact[] = [];
  const warnings: Warning[] = [];
  const picks = new Map<string, Pick>();
  const first = (period: string): Pick => {
    let pick = picks.get(period);
    if (!pick) {
      const printed = byPeriod.get(period);
      pick = (concept) => chosenIn.get(period)?.get(concept) ?? printed?.get(concept)?.[0];
      picks.set(period, pick);
    }
    return pick;
  };
  const choose = (concept: Concept, period: string, f: StatementFact) => {
    chosen.set(figureKey(concept, period), f);
    let inPeriod = chosenIn.get(period);
    if (!inPeriod) chosenIn.set(period, (inPeriod = new Map()));
    inPeriod.set(concept, f);
  };

  for (const [key, printings] of figures) {
    if (printings.length < 2) continue;
    const distinct = printings.filter((p, i) => printings.findIndex((q) => q.value === p.value) === i);
    if (distinct.length < 2) continue;
    const [concept, period] = key.split('|') as [Concept, string];
    const involved = IDENTITIES.filter((id) => id.total === concept || id.terms.some(([, c]) => c === concept));
    const failures = distinct.map((candidate) => {
      const pick: Pick = (c) => (c === concept ? candidate : first(period)(c));
      const outcomes = involved.map((id) => evaluate(id, pick)).filter((o): o is Outcome => o !== undefined);
      return { candidate, failed: outcomes.filter((o) => !o.holds), outcomes };
    });
    const best = [...failures].sort((a, b) => a.failed.length - b.failed.length)[0];
    const unique = best && failures.filter((f) => f.failed.length === best.failed.length).length === 1;
    if (!best || !unique) {
      warnings.push({ code: 'check_failed', release, line: printings[0]?.line, message: `${describeKey(distinct[0] as StatementFact)} is printed as ${distinct.map((d) => `${d.printed} (line ${d.line})`).join(' and ')}; the release's arithmetic does not tell which is right` });
      continue;
    }
    choose(concept, period, best.candidate);
    for (const other of failures.filter((f) => f !== best)) {
      misprints.push(...printings.filter((p) => p.value === other.candidate.value));
      const evidence = other.failed[0]?.working;
      const fixed = best.outcomes.find((o) => o.holds)?.working;
      warnings.push({
        code: 'misprint',
        release,
        line: other.candidate.line,
        concept,
        period,
        message: `${describeKey(other.candidate)} is printed as ${other.candidate.printed} on line ${other.candidate.line} but as ${best.candidate.printed} on line ${best.candidate.line}; ${other.candidate.printed} breaks the statement's arithmetic (${evidence}) and ${best.candidate.printed} satisfies it (${fixed}): ${other.candidate.printed} is a misprint, ${best.candidate.printed} is served`,
      });
    }
  }

  for (const period of byPeriod.keys()) {
    for (const identity of IDENTITIES) {
      const total = first(period)(identity.total);
      // Each term as the total's own statement prints it: a statement's subtotal is of its own rows (Caterpillar's
      // operating profit is not revenue less costs less the cash-flow statement's depreciation), and a term that
      // statement does not print leaves the identity unchecked.
      const outcome = total && evaluate(identity, (c) => chosenIn.get(period)?.get(c) ?? byPeriod.get(period)?.get(c)?.find((f) => f.table === total.table));
      if (outcome && !outcome.holds) {
        warnings.push({ code: 'check_failed', release, line: total.line, period, message: `${shortPeriod(period)}: ${identity.name} does not hold: ${outcome.working}` });
      }
    }
  }
  return { chosen, misprints, warnings };
}

/** Two releases that print one figure differently beyond rounding: a restatement. */
export function restatementWarning(latest: StatementFact, earlier: StatementFact): Warning | undefined {
  if (agree(latest, earlier)) return undefined;
  return {
    code: 'restated',
    release: latest.release,
    line: latest.line,
    concept: latest.concept,
    period: latest.period,
    message: `${describeKey(latest)} is ${latest.printed} (x${latest.multiplier}) in ${latest.release} line ${latest.line} but ${earlier.printed} (x${earlier.multiplier}) in ${earlier.release} line ${earlier.line}; the latest release's figure is served`,
  };
}

/** Shorter periods that add up to a longer one, by period code within a year. */
const PERIOD_SUMS: ReadonlyArray<readonly [string, readonly string[]]> = [
  ['H1', ['Q1', 'Q2']],
  ['H2', ['Q3', 'Q4']],
  ['9M', ['H1', 'Q3']],
  ['FY', ['9M', 'Q4']],
  ['FY', ['H1', 'H2']],
];

/** Quarter + quarter = half-year and the like, over printed figures of any releases. */
export function checkPeriodSums(concepts: readonly Concept[], years: readonly number[], printed: (concept: Concept, period: string) => StatementFact | undefined): Warning[] {
  const warnings: Warning[] = [];
  for (const concept of concepts) {
    for (const year of years) {
      for (const [whole, parts] of PERIOD_SUMS) {
        const total = printed(concept, `${year}-${whole}`);
        const terms = parts.map((p) => printed(concept, `${year}-${p}`));
        if (!total || terms.some((t) => !t)) continue;
        const present = terms as StatementFact[];
        const sum = present.reduce((s, t) => s + t.value, 0);
        const tolerance = present.reduce((s, t) => s + halfUnit(t), halfUnit(total));
        if (Math.abs(sum - total.value) > tolerance + 1e-9) {
          warnings.push({
            code: 'check_failed',
            release: total.release,
            line: total.line,
            concept,
            period: total.period,
            message: `${total.label.toLowerCase()}: ${parts.map((p) => `${p} ${year}`).join(' + ')} = ${present.map(show).join(' + ')} does not make ${whole} ${year} (${show(total)}, ${total.release} line ${total.line})`,
          });
        }
      }
    }
  }
  return warnings;
}
