/** `/metric metric:<name> period:<period>`: one figure, with its source and what to know about it. */
import { defineCommand, option } from './spec.ts';
import { askedAsNegative } from './understand/interpret.ts';
import { invalid, optionalPeriod, parseMetricOption } from './understand/options.ts';
import { tokenize } from './understand/spot.ts';

export const metric = defineCommand({
  name: 'metric',
  scoped: true,
  description: 'One figure from the releases, with its source',
  options: {
    metric: option('metric', 'The metric: revenue, EBITDA, net income, cash, EPS, gross margin...', true),
    period: option('period', 'Q4 2003, H1 2003, FY2003, December 31, 2003... (default: the latest)', false),
  },
  examples: ['/metric revenue Q4 2003', '/metric cash June 30, 2003', '/metric eps diluted FY2003'],
  read({ metric: metricText, period }, snapshot, company) {
    const m = parseMetricOption(metricText, snapshot, company);
    if (!m.ok) return invalid('metric', m);
    const p = optionalPeriod(period, snapshot);
    if (!p.ok) return invalid('period', p);
    // "/metric net loss 2003": the profit line asked as a loss, which the answer says it is not where it is a profit.
    const asLoss = askedAsNegative(tokenize(metricText).map((t) => t.word), m.value);
    return { kind: 'question', question: { intent: 'figure', measures: [m.value], periods: p.value ? [p.value] : [], ...(asLoss ? { asLoss: true as const } : {}) } };
  },
});
