/**
 * CLI bench: the built `cardwise` as a user runs it (node bin/cardwise.js, a fresh process each
 * time): start-up for --help, one estimate, and a batch of estimates through --input in one
 * process (what cli.test.ts checks for behaviour, timed here instead of under a limit there).
 * Needs `npm run build` first. Run: npx tsx scripts/bench/cli.ts [inputs=2000]
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { assertCliBuilt, bin, repoRoot } from '../../src-main/cli/cli-test-support.testkit';
import { median, type BenchRow } from './row';

/** Milliseconds one `cardwise …args` takes, start to exit; throws if it fails. */
function timed(args: readonly string[], db: string): number {
  const env = { ...process.env };
  delete env.CARDWISE_DB;
  const started = performance.now();
  const result = spawnSync(process.execPath, [bin, '--db', db, ...args], {
    cwd: repoRoot,
    env,
    encoding: 'utf8',
    maxBuffer: 1 << 28,
  });
  const ms = performance.now() - started;
  if (result.status !== 0) throw new Error(`cardwise ${args.join(' ')} exited ${result.status}: ${result.stderr}`);
  return ms;
}

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

/** Medians of 10 runs for --help and one estimate, and one run of `estimate --input` with `inputs` inputs. */
export function benchCli(inputs = 2000): BenchRow[] {
  assertCliBuilt();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cardwise-bench-cli-'));
  try {
    const db = path.join(dir, 'cardwise.db');
    timed(['cards', 'list', '--json'], db); // creates and seeds the database, untimed
    const runs = 10;
    const help = median(Array.from({ length: runs }, () => timed(['--help'], db)));
    const one = ['estimate', '--model', 'llama-2-13b', '--method', 'lora', '--json'];
    const estimate = median(Array.from({ length: runs }, () => timed(one, db)));
    const file = path.join(dir, 'many.json');
    fs.writeFileSync(file, JSON.stringify(manyInputs(inputs)));
    const batch = timed(['estimate', '--input', file, '--json'], db);
    return [
      { bench: 'cli', what: `cardwise --help (median of ${runs})`, value: Math.round(help), unit: 'ms' },
      {
        bench: 'cli',
        what: `cardwise estimate, 13B LoRA (median of ${runs})`,
        value: Math.round(estimate),
        unit: 'ms',
      },
      {
        bench: 'cli',
        what: `estimate --input, ${inputs.toLocaleString('en-US')} inputs in one process`,
        value: Math.round(batch),
        unit: 'ms',
      },
    ];
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  for (const row of benchCli(Number(process.argv[2] ?? 2000))) console.log(`${row.what}: ${row.value} ${row.unit}`);
}
