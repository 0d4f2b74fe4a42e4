/**
 * CLI bench, part of `npm run bench` (section "cli"): one estimate as a user runs it (a fresh
 * `node bin/cardwise.js` each time), and a batch of estimates through --input in one process —
 * what cli.test.ts checks for behaviour, timed here instead of under a limit there.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import type { Figure } from './figures';
import { percentiles } from './stats';

/** The varied inputs cli.test.ts sends too (every method, two model sizes, batch 1–16). */
export function manyInputs(count: number) {
  return Array.from({ length: count }, (_, index) => ({
    model: index % 2 === 0 ? 'llama-2-13b' : '7b',
    method: (['inference', 'full', 'lora', 'qlora'] as const)[index % 4],
    precision: index % 4 === 3 ? 'int4' : 'bf16',
    batchSize: 1 + (index % 16),
    seqLen: 512,
  }));
}

/** Milliseconds one `cardwise …args` takes, start to exit; throws if it fails. */
function timed(root: string, args: readonly string[]): number {
  const env = { ...process.env };
  delete env.CARDWISE_DB;
  const started = performance.now();
  const result = spawnSync(process.execPath, ['bin/cardwise.js', ...args], {
    cwd: root,
    env,
    stdio: 'ignore',
    maxBuffer: 1 << 28,
  });
  if (result.status !== 0) throw new Error(`cardwise ${args.join(' ')} exited with ${result.status}`);
  return performance.now() - started;
}

/** One 13B LoRA estimate per process (p50/p99), and `estimate --input` with 2,000 inputs (200 quick) in one process. */
export function cliEstimateFigures(root: string, dir: string, quick: boolean): Figure[] {
  const db = path.join(dir, 'cli-estimate.db');
  timed(root, ['--db', db, 'cards', 'list', '--json']); // creates and seeds the database, untimed
  const runs = quick ? 5 : 20;
  const one = ['--db', db, 'estimate', '--model', 'llama-2-13b', '--method', 'lora', '--json'];
  const estimate = percentiles(Array.from({ length: runs }, () => timed(root, one)));
  const inputs = quick ? 200 : 2000;
  const file = path.join(dir, 'many.json');
  fs.writeFileSync(file, JSON.stringify(manyInputs(inputs)));
  const batchMs = timed(root, ['--db', db, 'estimate', '--input', file, '--json']);
  return [
    { section: 'CLI', name: 'cardwise estimate, 13B LoRA (a fresh process)', ...estimate },
    {
      section: 'CLI',
      name: `estimate --input, ${inputs.toLocaleString('en-US')} inputs in one process`,
      p50Ms: batchMs,
      note: 'one run',
    },
  ];
}
