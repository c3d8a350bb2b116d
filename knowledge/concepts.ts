/**
 * Canonical metrics: the ids the golden data uses, how releases label them, and how people ask for them.
 *
 * `labels` are row labels as releases print them (normalised with `normaliseLabel`); `synonyms` are
 * words users type. Flows cover a duration (quarter, half, year); balances are at an instant.
 */

export const CONCEPT_IDS = [
  'revenue',
  'cost_of_revenue',
  'gross_profit',
  'selling_admin',
  'selling',
  'general_admin',
  'research_development',
  'leased_facilities_office_closings',
  'depreciation_amortization',
  'operating_expenses',
  'operating_income',
  'net_interest_expense',
  'interest_expense',
  'net_interest_income',
  'noninterest_revenue',
  'noninterest_expense',
  'pretax_income',
  'income_tax',
  'net_income',
  'preferred_accretion_dividends',
  'net_income_to_common',
  'eps_basic',
  'eps_diluted',
  'eps_basic_and_diluted',
  'shares_basic',
  'shares_diluted',
  'shares_basic_and_diluted',
  'shares_outstanding',
  'ebitda',
  'net_cash_operating',
  'net_cash_investing',
  'net_cash_financing',
  'capital_expenditures',
  'dividends_paid',
  'share_repurchases',
  'cash',
  'other_current_assets',
  'total_current_assets',
  'ppe_net',
  'other_noncurrent_assets',
  'total_assets',
  'current_liabilities',
  'long_term_liabilities',
  'total_liabilities',
  'redeemable_preferred_stock',
  'common_stockholders_equity',
  'stockholders_equity',
  'total_liabilities_and_equity',
  'restructuring',
  'sales_revenue',
  'short_term_investments',
  'receivables',
  'inventories',
  'goodwill',
  'accounts_payable',
  'deferred_revenue',
  'long_term_debt',
  'retained_earnings',
] as const;

export type Concept = (typeof CONCEPT_IDS)[number];

export type Measure = 'flow' | 'balance' | 'per_share' | 'shares';

export interface ConceptInfo {
  id: Concept;
  name: string;
  measure: Measure;
  labels: readonly string[];
  synonyms: readonly string[];
}

const c = (
  id: Concept,
  name: string,
  measure: Measure,
  labels: readonly string[],
  synonyms: readonly string[] = [],
): ConceptInfo => ({ id, name, measure, labels, synonyms });

export const CONCEPTS: readonly ConceptInfo[] = [
  c('revenue', 'Revenue', 'flow', [
    'revenues', 'revenue', 'net revenues', 'total revenues', 'net revenue', 'total net revenues', 'total net revenue',
    'net sales', 'total net sales', 'sales', 'total sales', 'operating revenues', 'total operating revenues',
    'total sales and revenues', 'sales net of returns and allowances', 'revenues net', 'sales net',
  ], [
    'sales', 'top line', 'turnover', 'net sales', 'revenues',
  ]),
  // The part of revenue a statement prints apart from revenues of another kind (Caterpillar's "Sales of Machinery, Energy &
  // Transportation" beside its Financial Products revenues; Sears' "Merchandise sales and services" beside its credit
  // revenues): what its cost of sales is the cost of, so a gross margin is over it, never over the total.
  c('sales_revenue', 'Sales of goods and services', 'flow', [
    'sales of machinery energy and transportation', 'merchandise sales and services',
  ], ['merchandise sales', 'merchandise sales and services', 'sales of machinery', 'machinery sales']),
  // Sears' "Cost of sales, buying and occupancy" is the cost of its merchandise sales alone: set against total revenues
  // (credit revenues too) it made a gross margin of 37.2% where the release says 27.5%; gross profit is over sales_revenue.
  c('cost_of_revenue', 'Cost of revenues', 'flow', [
    'operating costs', 'costs of revenues excluding depreciation shown below', 'costs of revenues',
    'cost of revenues', 'cost of revenue', 'cost of sales', 'cost of goods sold', 'cost of sales buying and occupancy',
  ], ['operating costs', 'cost of sales', 'cogs', 'costs of revenue', 'cost of revenue']),
  // Printed by some statements (The Buckle's "Gross profit"; Apple's "Gross margin", in dollars: a row of percentages gives no
  // figure); reached through the formula of gross profit, computed where not printed.
  c('gross_profit', 'Gross profit', 'flow', ['gross profit', 'gross margin']),
  c('selling_admin', 'Selling and administrative expenses', 'flow', [
    'selling and administrative expenses', 'selling general and administrative expenses', 'selling general and administrative', 'selling and administrative',
  ], ['sg&a', 'sga', 'selling and administrative', 'admin expenses', 'overhead']),
  // Printed apart from general and administrative (The Buckle's "Selling", Oracle's "Sales and marketing", their own labels):
  // a part of selling, general and administrative, never all of it.
  c('selling', 'Selling expenses', 'flow', ['selling expenses', 'selling expense'], ['selling expenses', 'selling costs', 'selling', 'sales and marketing', 'sales and marketing expenses', 's&m']),
  // Printed apart from selling (The Buckle, Oracle): a part of selling, general and administrative, never all of it.
  c('general_admin', 'General and administrative expenses', 'flow', [
    'general and administrative', 'general and administrative expenses', 'general and administrative expense',
  ], ['g&a', 'general and administrative']),
  c('research_development', 'Research and development', 'flow', [
    'research and development', 'research and development expense', 'research and development expenses',
  ], ['r&d', 'research and development']),
  c('leased_facilities_office_closings', 'Leased facilities & office closings', 'flow', [
    'leased facilities and office closings',
  ], ['office closings', 'leased facilities']),
  // Printed by most companies under its own name (Apple's "Restructuring costs", Oracle's "Restructuring"); Infocrossing's
  // restructuring is its leased facilities and office closings (commands/understand/vocabulary/companies.json).
  c('restructuring', 'Restructuring charges', 'flow', [
    'restructuring', 'restructuring costs', 'restructuring charges', 'restructuring charge', 'restructuring expense', 'restructuring expenses',
  ], ['restructuring', 'restructuring charges', 'restructuring costs']),
  c('depreciation_amortization', 'Depreciation and amortization', 'flow', [
    'depreciation and amortization', 'depreciation and amortization expense',
  ], ['d&a', 'depreciation', 'amortization']),
  // The line some statements print above operating income: every cost (Oracle, Sears, Caterpillar) or, in Apple's, every
  // cost but the cost of sales. Reached through the formula of total costs (commands/understand/vocabulary/metrics.json).
  c('operating_expenses', 'Total operating expenses', 'flow', ['total operating expenses', 'total operating costs', 'total costs and expenses', 'total operating costs and expenses']),
  c('operating_income', 'Income from operations', 'flow', [
    'income from operations', 'income loss from operations', 'operating income', 'loss from operations',
    'operating income loss', 'operating profit', 'operating profit loss', 'operating loss',
  ], ['operating income', 'operating profit', 'operating loss']),
  // "Interest, net": Sears' among its costs and expenses, above its operating income (so that is after interest: EBIT is not it).
  c('net_interest_expense', 'Net interest expense', 'flow', ['net interest expense', 'interest expense net', 'interest net'], [
    'net interest expense',
  ]),
  // Interest paid before interest earned (Verizon, Oracle; a bank's total): not the net line, which holds interest income.
  c('interest_expense', 'Interest expense', 'flow', ['interest expense', 'total interest expense'], ['interest expense']),
  // A bank's first line (Chemical Banking): interest earned less interest paid, never a company's net interest expense.
  c('net_interest_income', 'Net interest income', 'flow', ['net interest income'], ['net interest income', 'nii']),
  // A bank's fees, trading and other revenue, and its costs (Chemical Banking's "Total Noninterest Revenue", "Total Noninterest
  // Expense"): only the totals, never a part of them ("Other Revenue").
  c('noninterest_revenue', 'Noninterest revenue', 'flow', ['total noninterest revenue', 'total noninterest income'], ['noninterest revenue', 'non-interest revenue', 'noninterest income', 'non-interest income']),
  c('noninterest_expense', 'Noninterest expense', 'flow', ['total noninterest expense', 'total noninterest expenses'], ['noninterest expense', 'non-interest expense', 'noninterest expenses', 'non-interest expenses']),
  c('pretax_income', 'Income before income taxes', 'flow', [
    'income before income taxes', 'income loss before income taxes', 'income before provision for income taxes',
    'income loss before provision for income taxes', 'consolidated profit before taxes', 'profit before taxes', 'earnings before income taxes',
    'income before income tax expense',
    // Sears': taxes, minority interest and an accounting change all come after it.
    'income before income taxes minority interest and cumulative effect of change in accounting principle',
    // Chemical Banking's: an accounting change after it too.
    'income before income taxes and effect of accounting changes',
  ], ['pretax income', 'pre-tax income', 'profit before tax', 'earnings before taxes']),
  c('income_tax', 'Income tax expense', 'flow', [
    'income tax expense', 'income tax expense benefit', 'tax expense', 'income taxes', 'provision for income taxes',
    'provision benefit for income taxes', 'benefit provision for income taxes', 'income tax provision', 'income tax provision benefit',
  ], ['tax', 'taxes', 'income tax', 'tax benefit']),
  c('net_income', 'Net income', 'flow', [
    'net income', 'net income loss', 'net loss', 'net earnings', 'net earnings loss', 'net loss income',
  ], [
    'profit', 'earnings', 'bottom line', 'net profit', 'net earnings', 'net loss',
  ]),
  c('preferred_accretion_dividends', 'Accretion and dividends on redeemable preferred stock', 'flow', [
    'accretion and dividends on redeemable preferred stock',
  ], ['preferred dividends', 'accretion', 'preferred accretion']),
  c('net_income_to_common', 'Net income (loss) to common stockholders', 'flow', [
    'net loss to common stockholders', 'net income loss to common stockholders',
    'net income to common stockholders', 'net income available to common shareowners',
    'net income available to common shareholders', 'net income available to common stockholders',
    'net income applicable to common stock', 'net income applicable to common shareholders',
    'net income attributable to common shareholders', 'profit attributable to common shareholders',
  ], ['net loss to common', 'income to common', 'loss to common', 'net loss to common stockholders', 'net loss applicable to common stockholders', 'net income applicable to common stockholders', 'loss applicable to common', 'loss attributable to common']),
  c('eps_basic', 'Basic earnings per share', 'per_share', [], ['basic eps', 'basic earnings per share']),
  c('eps_diluted', 'Diluted earnings per share', 'per_share', [], [
    'diluted eps', 'diluted earnings per share', 'eps diluted',
  ]),
  c('eps_basic_and_diluted', 'Basic and diluted earnings per share', 'per_share', [], [
    'eps', 'earnings per share', 'loss per share', 'per share',
  ]),
  c('shares_basic', 'Weighted average basic shares', 'shares', [], ['basic shares']),
  c('shares_diluted', 'Weighted average diluted shares', 'shares', [], ['diluted shares', 'diluted share count']),
  c('shares_basic_and_diluted', 'Weighted average shares', 'shares', [], [
    'share count', 'weighted average shares', 'shares',
  ]),
  // A count at a date ("Common shares outstanding, End of period"; a share count in a balance sheet's date columns), never
  // the weighted average over a period that earnings per share divide by. Read by the share-count rows, not by a label.
  c('shares_outstanding', 'Shares outstanding', 'balance', [], [
    'shares outstanding', 'common shares outstanding', 'period end shares outstanding', 'shares outstanding at period end',
  ]),
  c('ebitda', 'EBITDA', 'flow', ['ebitda'], []),
  // The statement of cash flows' line; asked for as the narrative measure of operating cash flow, which serves it where printed.
  c('net_cash_operating', 'Net cash provided by operations', 'flow', [
    'net cash provided by operating activities', 'net cash provided by used for operating activities', 'net cash provided by used in operating activities',
    'net cash from operating activities', 'net cash provided by operations', 'cash provided by operating activities',
  ]),
  // The statement of cash flows' other totals and the lines investors ask of it: cash paid out is printed in parentheses,
  // so these are below zero as printed, and said to be cash used (commands/format.ts).
  c('net_cash_investing', 'Net cash from investing activities', 'flow', [
    'net cash used in investing activities', 'net cash used for investing activities', 'net cash provided by investing activities',
    'net cash provided by used in investing activities', 'net cash provided by used for investing activities', 'net cash used in provided by investing activities',
    'net cash from investing activities',
  ], ['investing cash flow', 'cash used in investing activities', 'cash from investing activities', 'investing activities']),
  c('net_cash_financing', 'Net cash from financing activities', 'flow', [
    'net cash used in financing activities', 'net cash used for financing activities', 'net cash provided by financing activities',
    'net cash provided by used in financing activities', 'net cash provided by used for financing activities', 'net cash used in provided by financing activities',
    'net cash from financing activities',
  ], ['financing cash flow', 'cash used in financing activities', 'cash from financing activities', 'financing activities']),
  // Caterpillar's is printed apart from its spending on equipment it leases to others; its label is shown with the figure.
  c('capital_expenditures', 'Capital expenditures', 'flow', [
    'capital expenditures', 'capital expenditures excluding equipment leased to others',
    'purchases of property and equipment', 'purchases of property plant and equipment', 'purchase of property and equipment',
    'purchase of property plant and equipment', 'payments for property and equipment', 'payments for property plant and equipment',
    'additions to property and equipment', 'additions to property plant and equipment',
  ], ['capital expenditures', 'capital expenditure', 'capital spending']),
  c('dividends_paid', 'Dividends paid', 'flow', [
    'dividends paid', 'cash dividends paid', 'payments of dividends', 'payment of dividends', 'payments of dividends to stockholders',
    'payments of dividends to shareholders', 'dividends paid to stockholders', 'dividends paid to shareholders',
  ], [
    'dividends paid', 'cash dividends', 'dividend payments', 'dividends paid to shareholders', 'dividends paid to stockholders',
    'dividends paid to common shareholders', 'dividends paid to common stockholders',
  ]),
  c('share_repurchases', 'Repurchases of common stock', 'flow', [
    'common shares repurchased', 'purchase of common stock for treasury', 'payments for repurchases of common stock',
    'repurchases of common stock', 'repurchase of common stock', 'purchases of common stock', 'purchase of common stock',
    'purchases of treasury stock', 'purchase of treasury stock', 'repurchases of common shares',
  ], ['buybacks', 'share buybacks', 'stock buybacks', 'share repurchases', 'stock repurchases', 'repurchases']),
  c('cash', 'Cash and equivalents', 'balance', ['cash and equivalents', 'cash and cash equivalents', 'cash and due from banks'], [
    'cash', 'cash balance', 'cash on hand',
  ]),
  c('other_current_assets', 'Other current assets', 'balance', ['other current assets']),
  c('total_current_assets', 'Total current assets', 'balance', ['total current assets'], ['current assets']),
  c('ppe_net', 'Property and equipment, net', 'balance', ['property and equipment net'], [
    'ppe', 'pp&e', 'property and equipment', 'fixed assets',
  ]),
  c('other_noncurrent_assets', 'Other non-current assets', 'balance', ['other non current assets', 'other noncurrent assets']),
  c('total_assets', 'Total assets', 'balance', ['total assets'], ['assets']),
  c('current_liabilities', 'Current liabilities', 'balance', ['current liabilities', 'total current liabilities']),
  c('long_term_liabilities', 'Long-term liabilities', 'balance', ['long term liabilities', 'total non current liabilities']),
  // Printed by some balance sheets (Sears, Caterpillar); reached through the formula of total liabilities, computed where not printed.
  c('total_liabilities', 'Total liabilities', 'balance', ['total liabilities']),
  c('redeemable_preferred_stock', 'Redeemable preferred stock', 'balance', ['redeemable preferred stock'], [
    'preferred stock',
  ]),
  c('common_stockholders_equity', "Common stockholders' equity (deficit)", 'balance', [
    'common stockholders deficit', 'common stockholders equity deficit', 'common stockholders equity',
  ], ['common equity', 'common stockholders equity']),
  // All of the stockholders' equity, preferred stock held in it included (Chemical Banking's): never given as the common
  // stockholders' alone. Where a release prints only the common stockholders', that is served, and said (figures.ts).
  c('stockholders_equity', "Total stockholders' equity", 'balance', [
    'total stockholders equity', 'total shareholders equity', 'total stockholders equity deficit', 'total shareholders equity deficit',
    'stockholders equity', 'shareholders equity', 'stockholders deficit', 'shareholders deficit', 'total equity', 'equity',
    // Verizon's words.
    'total shareowners investment',
  ]),
  // Lines of a fuller balance sheet (Apple's, Oracle's, Sears', Verizon's), by their own labels only: a wider line
  // ("Accounts payable and accrued liabilities", "Long-term debt and capitalized lease obligations") is not one of them.
  c('short_term_investments', 'Short-term investments', 'balance', ['short term investments', 'marketable securities'], [
    'short term investments', 'marketable securities', 'st investments',
  ]),
  c('receivables', 'Accounts receivable', 'balance', [
    'accounts receivable', 'accounts receivable net', 'trade receivables', 'trade receivables net', 'trade accounts receivable', 'trade accounts receivable net',
    'receivables', 'receivables net',
  ], ['receivables', 'accounts receivable', 'trade receivables', 'a/r', 'accts receivable']),
  c('inventories', 'Inventories', 'balance', ['inventories', 'inventories net', 'inventory', 'inventory net', 'merchandise inventories', 'merchandise inventories net'], [
    'inventory', 'inventories',
  ]),
  c('goodwill', 'Goodwill', 'balance', ['goodwill', 'goodwill net'], ['goodwill', 'good will']),
  // Sears' "Merchandise payables" are what it owes its suppliers: its accounts payable.
  c('accounts_payable', 'Accounts payable', 'balance', ['accounts payable', 'trade accounts payable', 'accounts payable trade', 'merchandise payables'], [
    'accounts payable', 'payables', 'trade payables', 'a/p', 'accts payable',
  ]),
  c('deferred_revenue', 'Deferred revenue', 'balance', ['deferred revenue', 'deferred revenues', 'unearned revenue', 'unearned revenues'], [
    'deferred revenue', 'deferred revenues', 'unearned revenue', 'unearned revenues',
  ]),
  c('long_term_debt', 'Long-term debt', 'balance', [
    'long term debt', 'long term debt net', 'long term debt less current portion', 'long term debt net of current portion', 'long term debt excluding current portion',
    'long term debt less current maturities', 'long term debt net of current maturities', 'long term borrowings',
  ], ['long term debt', 'lt debt', 'long term borrowings', 'longterm debt']),
  // Not a line labelled "Accumulated deficit" alone: some print it positive, a deficit, which as retained earnings would
  // read as a surplus.
  c('retained_earnings', 'Retained earnings', 'balance', ['retained earnings', 'retained earnings accumulated deficit'], [
    'retained earnings', 'accumulated deficit',
  ]),
  c('total_liabilities_and_equity', "Total liabilities and stockholders' equity (deficit)", 'balance', [
    'total liabilities and stockholders deficit',
    'total liabilities redeemable preferred stock and common stockholders equity deficit',
    'total liabilities and stockholders equity', 'total liabilities and shareholders equity', 'total liabilities and shareowners investment', 'total liabilities and equity',
  ], ['total liabilities and equity']),
];

const BY_ID = new Map(CONCEPTS.map((info) => [info.id, info]));

export function conceptInfo(id: Concept): ConceptInfo {
  const info = BY_ID.get(id);
  if (!info) throw new Error(`no concept ${id}`);
  return info;
}

/** Lower case, `&` as "and", punctuation and repeated spaces dropped: how labels and names compare. */
export function normaliseLabel(text: string): string {
  return text
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[-/]/g, ' ')
    .replace(/[^a-z0-9 ]/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Whether `text` says `phrase` in whole words, both normalised ("Chairman and Chief Executive Officer" says "chief executive officer"; "EBITDA" never says "a"). */
export function saysWords(text: string, phrase: string): boolean {
  const said = normaliseLabel(phrase);
  return said !== '' && ` ${normaliseLabel(text)} `.includes(` ${said} `);
}

const BY_LABEL = new Map<string, Concept>(
  CONCEPTS.flatMap((info) => info.labels.map((label) => [normaliseLabel(label), info.id] as const)),
);

/** A label without the footnote marks printed after it: "Profit 1", "EARNINGS PER SHARE(1)", "Sales (a)". */
export function stripFootnotes(label: string): string {
  return label.replace(/(?:\s+\d{1,2}|\s*\(\d{1,2}\)|\s*\([a-z]\)|\s*\*+)+$/i, '');
}

/** The allowance a net line names after its label ("Accounts receivable, less allowances of $47 and $49, respectively"). */
const ALLOWANCES = / (?:less|net of) (?:the |an )?allowances? .*$/;

/**
 * The concept a printed row label stands for, or undefined when no alias matches. A company's own
 * label mappings (normalised label to concept) come before the common ones.
 */
export function conceptForLabel(label: string, overrides?: ReadonlyMap<string, Concept>): Concept | undefined {
  const key = normaliseLabel(stripFootnotes(label));
  return overrides?.get(key) ?? BY_LABEL.get(key) ?? BY_LABEL.get(key.replace(ALLOWANCES, ''));
}

/**
 * The operating cost lines a reclassification moves amounts between ("Certain reclasses have been
 * made to prior periods"): one of them carved from a release before it and one after means nothing,
 * though their sum may.
 */
export const COST_LINES: ReadonlySet<Concept> = new Set<Concept>(['cost_of_revenue', 'selling_admin', 'selling', 'general_admin', 'research_development', 'depreciation_amortization', 'leased_facilities_office_closings', 'restructuring']);

/**
 * What a line holds: added to a line it holds, it counts that line twice. Revenue holds every other flow (costs and
 * profits are carved from it); a total holds its lines, not those beside it (current assets do not hold PP&E).
 */
export const HOLDS: Readonly<Partial<Record<Concept, readonly Concept[]>>> = {
  revenue: CONCEPTS.filter((c) => c.measure === 'flow' && c.id !== 'revenue').map((c) => c.id),
  operating_expenses: [...COST_LINES],
  selling_admin: ['general_admin', 'selling'],
  total_current_assets: ['cash', 'short_term_investments', 'other_current_assets', 'receivables', 'inventories'],
  total_assets: ['cash', 'short_term_investments', 'other_current_assets', 'receivables', 'inventories', 'total_current_assets', 'ppe_net', 'goodwill', 'other_noncurrent_assets'],
  current_liabilities: ['accounts_payable', 'deferred_revenue'],
  long_term_liabilities: ['long_term_debt'],
  total_liabilities: ['current_liabilities', 'long_term_liabilities', 'accounts_payable', 'deferred_revenue', 'long_term_debt'],
};

/**
 * Balances whose change the statement of cash flows prints apart, and otherwise: acquisitions, currency and other
 * non-cash items make it differ from the balance sheet's (Oracle's deferred revenues rose 151 on the balance sheet,
 * 172 in its cash flows). Their change, asked with no balance to set against, is asked back.
 */
export const WORKING_CAPITAL_LINES: ReadonlySet<Concept> = new Set<Concept>(['short_term_investments', 'receivables', 'inventories', 'accounts_payable', 'deferred_revenue']);

/** Profits, each revenue less some costs: two added count those twice (net income plus costs added back is one). */
export const PROFIT_LINES: ReadonlySet<Concept> = new Set<Concept>(['gross_profit', 'operating_income', 'pretax_income', 'net_income', 'net_income_to_common', 'ebitda', 'net_interest_income', 'net_cash_operating']);
/**
 * Lines printed as a charge in one period and a credit in another (accretion on preferred stock, a charge that a
 * reversal makes a credit): a ratio of one says neither, a share of a credit is no share of anything.
 */
export const CHARGE_OR_CREDIT_LINES: ReadonlySet<Concept> = new Set<Concept>(['preferred_accretion_dividends']);
/** The statement of cash flows' lines: below zero, cash used (an outflow), never a loss. */
export const CASH_FLOW_LINES: ReadonlySet<Concept> = new Set<Concept>(['net_cash_operating', 'net_cash_investing', 'net_cash_financing', 'capital_expenditures', 'dividends_paid', 'share_repurchases']);
/** Cash-flow lines that are spending by nature (capital expenditures, dividends paid, buybacks): their size is what is spent. */
export const SPENDING_LINES: ReadonlySet<Concept> = new Set<Concept>(['capital_expenditures', 'dividends_paid', 'share_repurchases']);
/** The income statement's lines from revenue down, in the order statements print them (as CONCEPTS lists them). */
const INCOME_STATEMENT: readonly Concept[] = CONCEPTS.slice(0, CONCEPTS.findIndex((c) => c.id === 'net_income_to_common') + 1).map((c) => c.id);

/**
 * Whether `part` can be a part taken from `whole` ("what share of pretax income went to taxes"): a line the whole
 * holds (R&D of operating expenses), one printed below it on the income statement, or either off it. Taxes are taken
 * before net income, never from it.
 */
export function takenFrom(part: Concept, whole: Concept): boolean {
  const [p, w] = [INCOME_STATEMENT.indexOf(part), INCOME_STATEMENT.indexOf(whole)];
  return (HOLDS[whole]?.includes(part) ?? false) || p < 0 || w < 0 || p > w;
}

/** Lines whose negative is said as a deficit ("the stockholders' deficit"). */
export const DEFICIT_LINES: ReadonlySet<Concept> = new Set<Concept>(['stockholders_equity', 'common_stockholders_equity']);

/** Lines whose negative is said as a benefit ("the income tax benefit"): positive, they are an expense. */
export const BENEFIT_LINES: ReadonlySet<Concept> = new Set<Concept>(['income_tax']);

/** A line a company may print only within another (inside a wider one, or net of income): that line stands in for it, and the answer says how. */
export const PRINTED_WITHIN: Readonly<Partial<Record<Concept, { line: Concept; how: string }>>> = {
  general_admin: { line: 'selling_admin', how: 'which holds it' },
  selling: { line: 'selling_admin', how: 'which holds it' },
  interest_expense: { line: 'net_interest_expense', how: 'interest expense less interest income' },
};

/** A line a company may print only as its parts, each a line of its own (The Buckle's selling, and its general and administrative expenses): their sum, said so. */
export const PRINTED_AS_PARTS: Readonly<Partial<Record<Concept, readonly Concept[]>>> = {
  selling_admin: ['selling', 'general_admin'],
};

/** Flows are additive over time; balances, per-share amounts and share counts are not. */
export function isAdditive(id: Concept): boolean {
  return conceptInfo(id).measure === 'flow';
}
