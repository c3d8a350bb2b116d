import { openStore } from '../knowledge/store.ts';
import { localAnswers } from '../bot/answers/service.ts';
import { createLogger } from '../bot/logger.ts';
import { benchQuestions } from './e2e-questions.ts';
const opened = await openStore();
if (!opened.ok) throw new Error('x');
const qs = benchQuestions(opened.store.current(), 1700);
const only = process.env.KIND;
const measured = qs.slice(0, 1000).filter((q) => !only || q.kind === only), warm = qs.slice(1000, 1600);
let n = 0;
let svc = localAnswers(opened.store, { logger: createLogger('silent') });
const run = async (q: (typeof qs)[number]) => {
  const who = { user: 'u', channel: `c${n++ % 200}`, admin: false };
  if (q.kind === 'text') return svc.ask(q.text, who);
  return svc.command({ name: q.name, options: { ...q.options } }, who);
};
for (const q of warm) await run(q);
const reps = Number(process.argv[2] ?? 5);
const out: number[] = [];
for (let r = 0; r < reps; r++) {
  svc = localAnswers(opened.store, { logger: createLogger('silent') });
  const c0 = process.cpuUsage(); const t0 = performance.now();
  for (const q of measured) await run(q);
  const c = process.cpuUsage(c0);
  out.push((c.user + c.system) / measured.length); out.push((performance.now() - t0) * 1000 / measured.length);
}
console.log(out.map((x) => x.toFixed(0)).join(' '));
