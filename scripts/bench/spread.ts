/**
 * What an object spread costs on this Node: `{ ...object, added }` (a field the object lacks) against
 * `{ ...object, existing }` and a literal naming every field. On Node 20.20 (V8 11.3) the first takes
 * about 1 µs, the others tens of nanoseconds, which is why the estimator's hot paths (the solvers'
 * probes, one fit per card) name their fields instead of spreading (domain/estimate/memory.ts).
 *
 *   npx tsx scripts/bench/spread.ts
 */
const CALLS = 300_000;

function nsPerCall(make: (i: number) => { a: number }): number {
  let sum = 0;
  for (let i = 0; i < 10_000; i++) sum += make(i).a;
  const started = performance.now();
  for (let i = 0; i < CALLS; i++) sum += make(i).a;
  const ns = ((performance.now() - started) * 1e6) / CALLS;
  return sum > 0 ? ns : NaN;
}

const base = { a: 1, b: 2, c: 3, d: 4, e: 5, f: 6 };
const cases: Array<[string, (i: number) => { a: number }]> = [
  ['{ ...object, added }', (i) => ({ ...base, added: i })],
  ['{ ...object, existing }', (i) => ({ ...base, f: i })],
  ['literal of every field', (i) => ({ a: base.a, b: base.b, c: base.c, d: base.d, e: base.e, f: base.f, added: i })],
];
process.stdout.write(`Node ${process.version}, V8 ${process.versions.v8}\n`);
for (const [name, make] of cases) process.stdout.write(`${name.padEnd(26)} ${nsPerCall(make).toFixed(0)} ns\n`);
