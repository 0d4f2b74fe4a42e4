import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manyInputs } from '../../scripts/bench/cli';
import { english, type Message } from '../domain/messages';
import { assertCliBuilt } from './cli-test-support.testkit';

beforeAll(assertCliBuilt);

// The real launcher in a child process, against a temp database: what a user runs.
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const bin = path.join(repoRoot, 'bin', 'cardwise.js');
const CARD_IDS = [
  'a100-40gb',
  'a100-80gb',
  'a100-80gb-pcie',
  'a800-80gb',
  'h100-pcie',
  'h100-sxm',
  'h20-96gb',
  'h800-80gb',
  'l20-48gb',
  'l40s',
  'rtx-3090',
  'rtx-4090',
  'rtx-4090d',
  'rtx-5090',
  'rtx-a6000',
  'v100-sxm2-32gb',
];

let dir: string;
let db: string;

beforeAll(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'cardwise-cli-'));
  db = path.join(dir, 'cardwise.db');
});

afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

function cardwise(args: string[], stdin?: string): { status: number | null; stdout: string; stderr: string } {
  const env = { ...process.env };
  delete env.CARDWISE_DB;
  const result = spawnSync(process.execPath, [bin, ...args, '--db', db], {
    cwd: repoRoot,
    encoding: 'utf8',
    env,
    input: stdin,
    // The thousands-of-inputs case prints megabytes; the default 1 MiB would kill the child.
    maxBuffer: 1024 ** 3,
  });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

/** Runs with --json and parses stdout as exactly one JSON value (JSON.parse rejects anything after it). */
function cardwiseJson(args: string[]): unknown {
  const result = cardwise([...args, '--json']);
  expect(result.stderr).toBe('');
  expect(result.status).toBe(0);
  return JSON.parse(result.stdout);
}

function writeJson(name: string, value: unknown): string {
  const file = path.join(dir, name);
  writeFileSync(file, JSON.stringify(value));
  return file;
}

const lora13b = ['--model', 'llama-2-13b', '--method', 'lora', '--batch', '4', '--seq', '2048'];
// Small enough to fit a 24 GB card, so rank has candidates.
const qlora13b = [
  '--model',
  'llama-2-13b',
  '--method',
  'qlora',
  '--batch',
  '1',
  '--seq',
  '1024',
  '--grad-checkpointing',
];

describe('cardwise lists', () => {
  it('cards list --json has the eight built-in cards', () => {
    const output = cardwiseJson(['cards', 'list']) as { cards: { id: string }[] };
    expect(output.cards.map((card) => card.id).sort()).toEqual(CARD_IDS);
  });

  it('offers list --json parses, and --card filters', () => {
    const all = cardwiseJson(['offers', 'list']) as { offers: { cardId: string }[] };
    expect(all.offers.length).toBeGreaterThan(0);
    const only = cardwiseJson(['offers', 'list', '--card', 'rtx-4090']) as { offers: { cardId: string }[] };
    expect(only.offers.length).toBeGreaterThan(0);
    expect(only.offers.length).toBeLessThan(all.offers.length);
    expect(new Set(only.offers.map((offer) => offer.cardId))).toEqual(new Set(['rtx-4090']));
  });

  it('models list --json parses and holds presets', () => {
    const output = cardwiseJson(['models', 'list']) as { models: { id: string }[] };
    expect(output.models.map((model) => model.id)).toContain('llama-2-13b');
  });

  it('cards list prints an aligned table with every card', () => {
    const result = cardwise(['cards', 'list']);
    expect(result.status).toBe(0);
    const lines = result.stdout.trimEnd().split('\n');
    expect(lines).toHaveLength(2 + CARD_IDS.length);
    for (const id of CARD_IDS) expect(result.stdout).toMatch(new RegExp(`^${id} `, 'm'));
  });
});

describe('cardwise estimate', () => {
  it('--json prints exactly one JSON value with perGpu.totalBytes', () => {
    const output = cardwiseJson(['estimate', ...lora13b, '--gpu', 'rtx-4090']) as {
      perGpu: { totalBytes: number };
      fits: { card: string }[];
      speed?: unknown;
    };
    expect(output.perGpu.totalBytes).toBeGreaterThan(13e9 * 2);
    expect(output.fits.map((fit) => fit.card).sort()).toEqual(CARD_IDS);
    expect(output.speed).toBeDefined();
  });

  it('human output of an inference estimate gives decode and prompt processing each its held-out range', () => {
    const result = cardwise(['estimate', '--model', 'llama-3.1-8b', '--method', 'inference', '--gpu', 'rtx-4090']);
    expect(result.status).toBe(0);
    const [decode, prefill] = /^Speed on rtx-4090: decode ([\d,]+) tokens\/s, prefill ([\d,]+) tokens\/s/m
      .exec(result.stdout)!
      .slice(1)
      .map((n) => Number(n.replace(/,/g, ''))) as [number, number];
    const range = (pattern: RegExp) =>
      pattern
        .exec(result.stdout)!
        .slice(1)
        .map((n) => Number(n.replace(/,/g, ''))) as [number, number];
    const [decodeLow, decodeHigh] = range(
      /^ {2}likely ([\d,]+)–([\d,]+) tokens\/s: 80% of \d+ published engine decode runs/m,
    );
    expect(decodeLow).toBeLessThanOrEqual(decode);
    expect(decodeHigh).toBeGreaterThanOrEqual(decode);
    const [prefillLow, prefillHigh] = range(/^ {2}prompt processing likely ([\d,]+)–([\d,]+) tokens\/s: /m);
    expect(prefillLow).toBeLessThanOrEqual(prefill);
    expect(prefillHigh).toBeGreaterThanOrEqual(prefill);
  });

  it('human output has the breakdown in GiB, the total and every card', () => {
    // The raw figures alone: the calibrated ones (cli-runs.test.ts) follow on the same lines.
    const result = cardwise(['estimate', ...lora13b, '--gpu', 'rtx-4090', '--no-calibration']);
    expect(result.status).toBe(0);
    const totalLine = /^Total \(nvidia-smi\)\s+(\d+\.\d) GiB {3}likely (\d+\.\d)–(\d+\.\d) GiB$/m.exec(result.stdout);
    expect(totalLine).not.toBeNull();
    // The interval from the held-out spread holds the estimate.
    const [total, low, high] = totalLine!.slice(1).map(Number) as [number, number, number];
    expect(low).toBeLessThanOrEqual(total);
    expect(high).toBeGreaterThanOrEqual(total);
    expect(result.stdout).toMatch(/^Allocated \(torch peak\)\s+\d+\.\d GiB$/m);
    expect(result.stdout).toMatch(/^weights\s+\d+\.\d$/m);
    for (const id of CARD_IDS) expect(result.stdout).toMatch(new RegExp(`^${id}\\s.*(fits|tight|does not fit)`, 'm'));
    expect(result.stdout).toMatch(/^Speed on rtx-4090: /m);
    // The held-out spread of its token band holds the speed too.
    const speed = Number(/^Speed on rtx-4090: ([\d,]+) tokens\/s/m.exec(result.stdout)![1]!.replace(/,/g, ''));
    const likely =
      /^ {2}likely ([\d,]+)–([\d,]+) tokens\/s: 80% of \d+ published runs at [\w–]+ (?:[\w–]+ )?tokens per micro-batch/m.exec(
        result.stdout,
      );
    expect(likely).not.toBeNull();
    const [slow, fast] = likely!.slice(1).map((n) => Number(n.replace(/,/g, ''))) as [number, number];
    expect(slow).toBeLessThanOrEqual(speed);
    expect(fast).toBeGreaterThanOrEqual(speed);
  });

  it('agrees between flags and the same input given as a file', () => {
    const fromFlags = cardwiseJson([
      'estimate',
      '--params',
      '7b',
      '--method',
      'full',
      '--precision',
      'bf16',
      '--batch',
      '2',
      '--seq',
      '512',
    ]);
    const file = writeJson('one.json', { model: '7b', method: 'full', precision: 'bf16', batchSize: 2, seqLen: 512 });
    expect(cardwiseJson(['estimate', '--input', file])).toEqual(fromFlags);
    const piped = cardwise(
      ['estimate', '--input', '-', '--json'],
      JSON.stringify({ model: '7b', method: 'full', precision: 'bf16', batchSize: 2, seqLen: 512 }),
    );
    expect(piped.status).toBe(0);
    expect(JSON.parse(piped.stdout)).toEqual(fromFlags);
  });

  it('--input with an array returns an array in the same order', () => {
    const inputs = [8, 1, 4].map((batchSize) => ({
      model: '7b',
      method: 'lora',
      precision: 'bf16',
      batchSize,
      seqLen: 1024,
    }));
    const outputs = cardwiseJson(['estimate', '--input', writeJson('three.json', inputs)]) as {
      resolvedInput: { batchSize: number };
      perGpu: { totalBytes: number };
    }[];
    expect(outputs.map((output) => output.resolvedInput.batchSize)).toEqual([8, 1, 4]);
    // More tokens per step need more memory: batch 8 > batch 4 > batch 1.
    expect(outputs[0]!.perGpu.totalBytes).toBeGreaterThan(outputs[2]!.perGpu.totalBytes);
    expect(outputs[2]!.perGpu.totalBytes).toBeGreaterThan(outputs[1]!.perGpu.totalBytes);
  });

  it('--input answers every input of a batch, in order, in one process', () => {
    // Behaviour only: how long 2,000 inputs take is in `npm run bench` (scripts/bench/cli.ts).
    // 64 inputs: each of the 16 method × batch pairs four times, in both model sizes.
    const inputs = manyInputs(64);
    const outputs = cardwiseJson(['estimate', '--input', writeJson('many.json', inputs)]) as {
      resolvedInput: { batchSize: number; method: string };
    }[];
    expect(outputs).toHaveLength(inputs.length);
    expect(outputs.map((output) => [output.resolvedInput.method, output.resolvedInput.batchSize])).toEqual(
      inputs.map((input) => [input.method, input.batchSize]),
    );
  }, 60_000);

  it('a bad element names its index and field, exits 2 and prints nothing on stdout', () => {
    const good = { model: '7b', method: 'lora', precision: 'bf16', batchSize: 1, seqLen: 1024 };
    const file = writeJson('bad.json', [good, good, { ...good, batchSize: 0 }]);
    const result = cardwise(['estimate', '--input', file, '--json']);
    expect(result.status).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toMatch(/^error: --input\[2\]\.batchSize: .+\n$/);
  });

  it('a bad flag exits 2 with one line naming it', () => {
    const result = cardwise(['estimate', ...lora13b, '--batch', '12x', '--json']);
    expect(result.status).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toBe('error: --batch: must be a whole number from 1 to 65,536, got "12x"\n');
  });

  it('a value the contract rejects names the flag that set it', () => {
    const result = cardwise(['estimate', ...lora13b, '--batch', '100000']);
    expect(result.status).toBe(2);
    expect(result.stderr).toMatch(/^error: --batch: .+\n$/);
  });

  it('a domain check names the flag too (qlora needs a 4-bit base)', () => {
    const result = cardwise(['estimate', '--params', '7b', '--method', 'qlora', '--precision', 'bf16']);
    expect(result.status).toBe(2);
    expect(result.stderr).toMatch(/^error: --precision: .+\n$/);
  });

  it('an unknown option exits 2 naming it', () => {
    const result = cardwise(['estimate', ...lora13b, '--bacth', '4']);
    expect(result.status).toBe(2);
    expect(result.stderr).toMatch(/^error: --bacth: unknown option/);
  });
});

describe('cardwise rank', () => {
  it('--json prints the rank:compute output', () => {
    const output = cardwiseJson(['rank', ...qlora13b, '--tokens', '200m', '--epochs', '2', '--currency', 'CNY']) as {
      candidates: { card: string; jobCost: number | null; currency: string }[];
      excluded: unknown[];
      currency: string;
      assumptions: unknown[];
    };
    expect(output.currency).toBe('CNY');
    expect(output.candidates.length).toBeGreaterThan(0);
    expect(output.candidates.every((candidate) => candidate.jobCost !== null)).toBe(true);
    expect(Array.isArray(output.excluded)).toBe(true);
  });

  it('human output is a ranked table with the excluded list', () => {
    const args = ['rank', ...qlora13b, '--tokens', '200m', '--gpu-counts', '1,2', '--currency', 'CNY'];
    const output = cardwiseJson(args) as {
      candidates: unknown[];
      excluded: { card: string; gpus: number; reason: Message }[];
      answer: { lines: Message[] } | null;
    };
    const result = cardwise(args);
    expect(result.status).toBe(0);
    const lines = result.stdout.split('\n');
    // The answer first ("Cheapest for your job: …"), a blank line, then the table.
    const answer = (output.answer?.lines ?? []).map(english);
    expect(answer[0]).toMatch(/^Cheapest for your job: /);
    expect(lines.slice(0, answer.length)).toEqual(answer);
    const header = answer.length + 1;
    expect(lines[header]).toMatch(
      /^\s*#\s+Card\s+GPUs\s+Provider\s+Billing\s+Tokens\/s\s+Cost\/1M tokens CNY\s+Hours\s+Job cost CNY\s+Reason$/,
    );
    // One row per candidate, numbered from 1 (a star marks the Pareto front).
    const rows = lines.slice(header + 2, header + 2 + output.candidates.length);
    expect(rows.map((row) => /^\s*(\d+)\*?\s/.exec(row)?.[1])).toEqual(
      output.candidates.map((_, index) => String(index + 1)),
    );
    for (const excluded of output.excluded) {
      expect(lines).toContain(`  - ${excluded.card} x${excluded.gpus}: ${english(excluded.reason)}`);
    }
  });

  it('a row split with ZeRO to fit says so beside its GPU count', () => {
    const args = ['rank', '--model', 'llama-2-7b', '--method', 'full', '--tokens', '50m', '--gpu-counts', '4'];
    const output = cardwiseJson(args) as { candidates: { card: string; sharding: string; shardedToFit: boolean }[] };
    const first = output.candidates[0]!;
    expect(first.shardedToFit).toBe(true);
    const stage = first.sharding === 'zero2' ? 'ZeRO-2' : 'ZeRO-3';
    expect(cardwise(args).stdout).toMatch(new RegExp(`^1\\*?\\s+${first.card}\\s+4 ${stage}\\s`, 'm'));
  });
});

describe('cardwise usage and failures', () => {
  it('an unknown command prints usage and exits 2', () => {
    const result = cardwise(['frobnicate']);
    expect(result.status).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toMatch(/unknown command "frobnicate"[\s\S]*Usage: cardwise/);
  });

  it('--help works for every command', () => {
    for (const command of ['estimate', 'rank', 'cards', 'offers', 'models', 'serve']) {
      const result = cardwise([command, '--help']);
      expect(result.status).toBe(0);
      expect(result.stdout).toContain(`Usage: cardwise ${command}`);
    }
  });

  it('a store that cannot be opened exits 1 with one line and no stack trace', () => {
    const env = { ...process.env };
    delete env.CARDWISE_DB;
    const result = spawnSync(process.execPath, [bin, 'cards', 'list', '--json', '--db', dir], {
      cwd: repoRoot,
      encoding: 'utf8',
      env,
    });
    expect(result.status).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr).toMatch(/^error: .+\n$/);
  });
});

describe('cardwise serve', () => {
  it('prints the URL line, answers the API with the token, and stops on SIGTERM', async () => {
    const env = { ...process.env };
    delete env.CARDWISE_DB;
    const child = spawn(process.execPath, [bin, 'serve', '--port', '0', '--db', db], { cwd: repoRoot, env });
    try {
      let stdout = '';
      const line = await new Promise<string>((resolve, reject) => {
        child.stdout.on('data', (chunk: Buffer) => {
          stdout += chunk.toString('utf8');
          if (stdout.includes('\n')) resolve(stdout);
        });
        child.once('exit', (code) => reject(new Error(`serve exited with ${code} before printing`)));
      });
      const match = /^Cardwise is running at (http:\/\/127\.0\.0\.1:(\d+)\/#token=([\w-]+))\n$/.exec(line);
      expect(match).not.toBeNull();
      const [, , port, token] = match!;
      const api = `http://127.0.0.1:${port}/api/cards:list`;
      const response = await fetch(api, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: '{}',
      });
      expect(response.status).toBe(200);
      const body = (await response.json()) as { ok: boolean; data: { cards: { id: string }[] } };
      expect(body.data.cards.map((card) => card.id).sort()).toEqual(CARD_IDS);
      const refused = await fetch(api, { method: 'POST', body: '{}' });
      expect(refused.status).toBe(401);

      const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
      child.kill('SIGTERM');
      expect(await exited).toBe(0);
      expect(stdout.trimEnd().split('\n')).toHaveLength(1);
    } finally {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    }
  });
});
