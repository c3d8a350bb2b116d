import { loadSnapshot } from '../knowledge/load.ts';
const loaded = await loadSnapshot('/tmp/rw');
if (!loaded.ok) throw new Error(loaded.reason);
for (const book of loaded.snapshot.books) {
  const sents = book.ofKind('sentence').filter((s) => /non-gaap|adjusted/i.test(s.text) && s.section !== 'about' && s.numbers.length > 0);
  for (const s of sents.slice(0, 8)) console.log(book.company.name.slice(0, 10), s.line, JSON.stringify({ text: s.text.slice(0, 220), periods: s.periods, numbers: s.numbers.map((n) => [n.printed, n.period, n.concept]) }));
}
