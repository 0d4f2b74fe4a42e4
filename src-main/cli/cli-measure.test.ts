import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fakeNvidiaSmi } from '../measure/fake-nvidia-smi.testkit';
import { runCli, runCliJson, assertCliBuilt } from './cli-test-support.testkit';

beforeAll(assertCliBuilt);

let dir: string;
let db: string;

beforeAll(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'cardwise-cli-measure-'));
  db = path.join(dir, 'cardwise.db');
});

afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

const row = (usedMiB: number, utilization: number) => `0, NVIDIA GeForce RTX 4090, ${usedMiB}, 24564, ${utilization}`;
const withPath = (first: string) => ({ PATH: `${first}${path.delimiter}${process.env.PATH ?? ''}` });

describe('cardwise measure', () => {
  it('passes an OOM exit code through and writes a record runs add --input accepts', () => {
    // Baseline 300 MiB before the command, then 20 GiB while it runs.
    const smi = fakeNvidiaSmi([row(300, 0), row(20_480, 97)]);
    const out = path.join(dir, 'run.json');
    const result = runCli(
      db,
      [
        'measure',
        '--interval',
        '0.05',
        '--out',
        out,
        '--model',
        'llama-2-7b',
        '--method',
        'lora',
        '--provider',
        'AutoDL',
        '--',
        'sh',
        '-c',
        'echo CUDA out of memory; exit 1',
      ],
      { env: withPath(smi.dir) },
    );
    expect(result.status).toBe(1);
    expect(result.stdout).toBe('CUDA out of memory\n');
    expect(result.stderr).toMatch(/cardwise measure: oom \(exit 1\), peak 20\.0 GiB on rtx-4090/);
    const run = JSON.parse(readFileSync(out, 'utf8')) as Record<string, unknown>;
    expect(run).toMatchObject({
      card: 'rtx-4090',
      gpus: 1,
      provider: 'AutoDL',
      peakMemoryGiB: 20,
      memoryMeter: 'nvidia-smi',
      outcome: 'oom',
      config: { model: 'llama-2-7b', method: 'lora' },
    });
    expect(Date.parse(String(run.startedAt))).not.toBeNaN();

    const added = runCliJson(db, ['runs', 'add', '--input', out]) as {
      id: number;
      outcome: string;
      peakMemoryGiB: number;
    };
    expect(added).toMatchObject({ outcome: 'oom', peakMemoryGiB: 20 });
  });

  it('without nvidia-smi still runs the command, says so, and --json keeps stdout to one value', () => {
    const empty = mkdtempSync(path.join(dir, 'no-smi-'));
    const out = path.join(dir, 'plain.json');
    const result = runCli(
      db,
      ['measure', '--json', '--out', out, '--', process.execPath, '-e', 'console.log("training done")'],
      { env: { PATH: empty } },
    );
    expect(result.status).toBe(0);
    expect(result.stderr).toContain('nvidia-smi not found on PATH');
    expect(result.stderr).toContain('training done');
    const output = JSON.parse(result.stdout) as { exitCode: number; run: Record<string, unknown>; missing: string[] };
    expect(output.exitCode).toBe(0);
    expect(output.run.outcome).toBe('ok');
    expect(output.run.peakMemoryGiB).toBeUndefined();
    expect(output.missing.join(' ')).toMatch(/config.*card/);
  });

  it('--log adds the run to the log, and refuses up front without a configuration', () => {
    const smi = fakeNvidiaSmi([row(0, 0), row(8192, 90)]);
    const logged = runCli(
      db,
      [
        'measure',
        '--interval',
        '0.05',
        '--log',
        '--json',
        '--out',
        path.join(dir, 'ok.json'),
        '--params',
        '7b',
        '--method',
        'lora',
        '--tokens-per-second-regex',
        '(\\d+) tokens/s',
        '--',
        'sh',
        '-c',
        'echo step 1: 2000 tokens/s',
      ],
      { env: withPath(smi.dir) },
    );
    expect(logged.status).toBe(0);
    expect(logged.stderr).toMatch(/logged as run \d+/);
    const output = JSON.parse(logged.stdout) as {
      logged: number;
      run: { tokensPerSecond: number; peakMemoryGiB: number };
    };
    expect(output.run).toMatchObject({ tokensPerSecond: 2000, peakMemoryGiB: 8 });
    const list = runCliJson(db, ['runs', 'list', '--origin', 'mine']) as { runs: { id: number }[] };
    expect(list.runs.map((run) => run.id)).toContain(output.logged);
    const refused = runCli(db, ['measure', '--log', '--', 'sh', '-c', 'exit 0']);
    expect(refused.status).toBe(2);
    expect(refused.stderr).toMatch(/^error: --log: needs the configuration/);
  });
});

describe('cardwise guard', () => {
  it('runs --then once the (fake) GPUs have been idle for the period, and returns its exit status', () => {
    const smi = fakeNvidiaSmi([row(1000, 0)]);
    const marker = path.join(dir, 'then-ran');
    const started = Date.now();
    const result = runCli(
      db,
      [
        'guard',
        '--idle-minutes',
        '0.005',
        '--threshold',
        '5',
        '--interval',
        '0.05',
        '--then',
        `echo idle > '${marker}'; exit 4`,
      ],
      { env: withPath(smi.dir) },
    );
    expect(result.status).toBe(4);
    expect(existsSync(marker)).toBe(true);
    // A floor, never a ceiling: the idle period (0.005 min = 300 ms) must pass before `then`; a
    // busy machine can only make it later, so the bound needs no margin and cannot flake.
    expect(Date.now() - started).toBeGreaterThanOrEqual(300);
    expect(smi.calls().length).toBeGreaterThan(2);
  });
});
