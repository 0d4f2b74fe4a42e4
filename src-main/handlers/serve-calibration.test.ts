import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openApp, type App } from '../app';
import { english } from '../domain/messages';
import { typedCalls } from '../ipc/call.testkit';

let dir: string;
let app: App;
const call = typedCalls(() => app.dispatcher);

beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cardwise-serve-calibration-'));
  app = openApp({ dbPath: path.join(dir, 'cardwise.db') });
});
afterAll(() => {
  app.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const question = { model: 'qwen2.5-7b', engine: 'vllm', gpu: 'rtx-4090', gpus: 1, maxModelLen: 8192 } as const;

describe('serve:compute calibrated by logged serving runs', () => {
  it('leaves the answer raw with no serving run, then moves the KV pool and decode rate toward a logged run', async () => {
    const raw = (await call.ok('serve:compute', question)).setups[0]!;
    expect(raw.calibration).toBeNull();
    expect(raw.speed).not.toBeNull();

    // A run whose engine log printed 80% of the pool predicted for it (at its max concurrency 32, which sets
    // vLLM's CUDA-graph sizes) and whose benchmark measured 1.5× the predicted output rate: one run, a prior
    // worth two, so each log ratio moves a third of the way.
    const predictedAt32 = (await call.ok('serve:compute', { ...question, maxNumSeqs: 32 })).setups[0]!;
    await call.ok('runs:add', {
      config: { model: 'qwen2.5-7b', method: 'inference', precision: 'bf16' },
      card: 'rtx-4090',
      gpus: 1,
      engine: 'vllm',
      concurrency: 32,
      maxModelLen: 8192,
      gpuMemoryUtilization: 0.9,
      kvPoolTokens: Math.round(predictedAt32.kvPoolTokens * 0.8),
      tokensPerSecond: predictedAt32.speed!.outputTokensPerSecondCapacity * 1.5,
      throughputKind: 'decode',
    });
    const calibrated = (await call.ok('serve:compute', question)).setups[0]!;
    const kvFactor = Math.exp(Math.log(0.8) / 3); // 0.92832
    const speedFactor = Math.exp(Math.log(1.5) / 3); // 1.14471
    expect(calibrated.calibration).toMatchObject({ runs: 1, mine: 1, published: 0 });
    expect(calibrated.calibration!.kvPoolFactor).toBeCloseTo(kvFactor, 3);
    expect(calibrated.calibration!.speedFactor).toBeCloseTo(speedFactor, 3);
    expect(calibrated.raw).toMatchObject({ kvPoolTokens: raw.kvPoolTokens });
    // floor(pool × factor), the factor from a measured pool rounded to a token: within a few tokens.
    expect(Math.abs(calibrated.kvPoolTokens - raw.kvPoolTokens * kvFactor)).toBeLessThan(5);
    expect(calibrated.speed!.itlMs!).toBeLessThan(raw.speed!.itlMs!);
    expect(english(calibrated.calibration!.basis!)).toMatch(/^calibrated on 1 serving run: decode speed × 1\.14/);
  });

  it('does not calibrate another engine or another card with that run', async () => {
    const sglang = (await call.ok('serve:compute', { ...question, engine: 'sglang' })).setups[0]!;
    expect(sglang.calibration).toBeNull();
    const other = (await call.ok('serve:compute', { ...question, gpu: 'rtx-3090' })).setups[0]!;
    expect(other.calibration).toBeNull();
  });
});
