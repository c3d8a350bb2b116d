import { findPeriods } from '../../knowledge/period-grammar.ts';
for (const t of process.argv.slice(2)) console.log(t, JSON.stringify(findPeriods(t).map((p) => p.query)));
