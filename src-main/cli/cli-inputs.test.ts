import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assertCliBuilt, repoRoot, runCli, runCliJson } from './cli-test-support.testkit';

beforeAll(assertCliBuilt);

let dir: string;
let db: string;
beforeAll(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'cardwise-cli-inputs-'));
  db = path.join(dir, 'cardwise.db');
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const fixture = (name: string) => path.join(repoRoot, 'src-main/domain/model-files/fixtures', name);
interface Card {
  id: string;
  memoryGiB: number;
  bandwidthGBps: number;
  fp8Tflops: number | null;
}

describe('cardwise cards add | edit | delete', () => {
  const add = ['cards', 'add', '--id', 'rtx-4080-super', '--name', 'GeForce RTX 4080 SUPER', '--memory', '16'];
  const rates = ['--bandwidth', '736', '--bf16-tflops', '104.4', '--fp32-tflops', '52.2'];

  it('adds a card the estimate then fits on, edits it, and deletes it', () => {
    const card = runCliJson(db, [...add, ...rates]) as Card;
    expect(card).toMatchObject({ id: 'rtx-4080-super', memoryGiB: 16, fp8Tflops: null });
    const estimate = runCliJson(db, ['estimate', '--params', '7b', '--method', 'qlora']) as {
      fits: { card: string }[];
    };
    expect(estimate.fits.map((fit) => fit.card)).toContain('rtx-4080-super');
    const edited = runCliJson(db, [
      'cards',
      'edit',
      'rtx-4080-super',
      '--bandwidth',
      '740',
      '--fp8-tflops',
      '208.9',
    ]) as Card;
    expect(edited).toMatchObject({ bandwidthGBps: 740, fp8Tflops: 208.9, memoryGiB: 16 });
    expect(runCliJson(db, ['cards', 'delete', 'rtx-4080-super'])).toEqual({ id: 'rtx-4080-super' });
    const { cards } = runCliJson(db, ['cards', 'list']) as { cards: Card[] };
    expect(cards.map((c) => c.id)).not.toContain('rtx-4080-super');
  });

  it('refuses a value out of its plausible range, naming the flag, and writes nothing', () => {
    const result = runCli(db, [...add, '--bandwidth', '0.7', '--bf16-tflops', '104', '--fp32-tflops', '52']);
    expect(result.status).toBe(2);
    expect(result.stderr).toMatch(/--bandwidth: too small: must be a number from 100 to 20,000/);
    const { cards } = runCliJson(db, ['cards', 'list']) as { cards: Card[] };
    expect(cards.map((c) => c.id)).not.toContain('rtx-4080-super');
  });

  it('refuses an id that is taken, and a card that does not exist', () => {
    const taken = runCli(db, ['cards', 'add', '--id', 'rtx-4090', '--name', 'x', '--memory', '24', ...rates]);
    expect(taken.status).toBe(2);
    expect(taken.stderr).toMatch(/already in the catalog/);
    expect(runCli(db, ['cards', 'delete', 'no-such-card']).status).toBe(2);
  });
});

describe('cardwise estimate and rank with a model file', () => {
  it('--config: the exact shape of the file, with what was read', () => {
    const output = runCliJson(db, ['estimate', '--config', fixture('qwen2-7b.config.json'), '--method', 'lora']) as {
      model: { params: number; layers: number; kvHeads: number };
      modelFile: { architecture: string; read: { key: string }[] };
    };
    expect(output.model).toMatchObject({ params: 7_615_616_512, layers: 28, kvHeads: 4 });
    expect(output.modelFile.architecture).toBe('qwen2');
    const text = runCli(db, ['estimate', '--config', fixture('qwen2-7b.config.json'), '--method', 'lora']);
    expect(text.stdout).toMatch(/^Read from qwen2-7b\.config\.json \(qwen2\): hidden_size=3584/m);
  });

  it('--config with --model is refused; a shape flag overrides the file', () => {
    const both = runCli(db, [
      'estimate',
      '--config',
      fixture('qwen2-7b.config.json'),
      '--model',
      'llama-2-7b',
      '--method',
      'lora',
    ]);
    expect(both.status).toBe(2);
    expect(both.stderr).toMatch(/--model: give the model once/);
    const output = runCliJson(db, [
      'estimate',
      '--config',
      fixture('qwen2-7b.config.json'),
      '--layers',
      '14',
      '--method',
      'inference',
    ]) as {
      model: { layers: number };
    };
    expect(output.model.layers).toBe(14);
  });

  it('rank takes --config too', () => {
    const output = runCliJson(db, [
      'rank',
      '--config',
      fixture('llama-3.2-1b.config.json'),
      '--method',
      'full',
      '--tokens',
      '10m',
    ]) as {
      modelFile: { file: string };
    };
    expect(output.modelFile.file).toBe('llama-3.2-1b.config.json');
  });

  it('a file that is not a config is refused with its name', () => {
    const result = runCli(db, ['estimate', '--config', path.join(repoRoot, 'README.md'), '--method', 'lora']);
    expect(result.status).toBe(2);
    expect(result.stderr).toMatch(/--config: README\.md is not valid JSON/);
  });
});

describe('cardwise fit', () => {
  it('lists the changes that make LoRA at batch 4 fit a 24 GB card, each with its peak and cost', () => {
    const advice = runCliJson(db, [
      'fit',
      '--gpu',
      'rtx-4090',
      '--model',
      'llama-2-7b',
      '--method',
      'lora',
      '--batch',
      '4',
    ]) as {
      fits: boolean;
      usableBytes: number;
      changes: { change: { code: string }; totalBytes: number; timeFactor: number | null }[];
    };
    expect(advice.fits).toBe(false);
    expect(advice.changes.map((c) => c.change.code)).toContain('fit.gradientCheckpointing');
    for (const change of advice.changes) expect(change.totalBytes).toBeLessThanOrEqual(advice.usableBytes);
    const text = runCli(db, ['fit', '--gpu', 'rtx-4090', '--model', 'llama-2-7b', '--method', 'lora', '--batch', '4']);
    expect(text.stdout).toMatch(/^gradient checkpointing\s+\d+\.\d\s+1\s+\d\.\d\d×/m);
  });

  it('says so when it already fits, and needs --gpu', () => {
    expect(runCli(db, ['fit', '--gpu', 'h100-sxm', '--model', 'llama-3.2-1b', '--method', 'qlora']).stdout).toMatch(
      /It fits as it is/,
    );
    const missing = runCli(db, ['fit', '--model', 'llama-3.2-1b', '--method', 'qlora']);
    expect(missing.status).toBe(2);
    expect(missing.stderr).toMatch(/--gpu/);
  });
});

describe('cardwise models add --config', () => {
  it('saves a preset with the exact shape, which --model then takes and the list shows', () => {
    const saved = runCliJson(db, [
      'models',
      'add',
      '--config',
      fixture('deepseek-v2-lite.config.json'),
      '--id',
      'deepseek-v2-lite',
    ]) as {
      id: string;
      params: number;
      kvLatentDim: number;
    };
    expect(saved).toMatchObject({ id: 'deepseek-v2-lite', kvLatentDim: 576 });
    const { models } = runCliJson(db, ['models', 'list']) as { models: { id: string }[] };
    expect(models.map((m) => m.id)).toContain('deepseek-v2-lite');
    const estimate = runCliJson(db, [
      'estimate',
      '--model',
      'deepseek-v2-lite',
      '--method',
      'inference',
      '--seq',
      '32768',
    ]) as {
      perGpu: { breakdown: { kvCache: number } };
    };
    // MLA: 27 layers × (512 + 64) elements × 32768 tokens × 2 bytes (DeepSeek-V2 paper Table 1).
    expect(estimate.perGpu.breakdown.kvCache).toBe(27 * 576 * 32768 * 2);
  });
});
