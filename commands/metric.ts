/** `/metric metric:<name> period:<period>`: one figure, with its source and what to know about it. */
import { defineCommand, option } from './spec.ts';
import { figureAnswer, lookupFigure, readFigureOptions } from './figures.ts';

export const metric = defineCommand({
  name: 'metric',
  description: 'One figure from the releases, with its source',
  options: {
    metric: option('metric', 'The metric: revenue, EBITDA, net income, cash, EPS...', true),
    period: option('period', 'Q4 2003, H1 2003, FY2003, December 31, 2003... (default: the latest)', false),
  },
  examples: ['/metric revenue Q4 2003', '/metric cash June 30, 2003', '/metric eps diluted FY2003'],
  run({ metric: metricText, period }, { snapshot }) {
    const read = readFigureOptions(metricText, period, snapshot);
    if (!read.ok) return read.answer;
    const found = lookupFigure(read.concept, read.query, snapshot);
    return found.ok ? figureAnswer(found.figure, snapshot, found.mapped) : found.answer;
  },
});
