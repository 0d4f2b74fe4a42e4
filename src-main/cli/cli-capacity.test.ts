/**
 * `cardwise capacity` (issue 17), run in this process through `main` against a temp database, as
 * hostile-flags.test.ts does for its properties: the flags come from the serve field table.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { main } from './main';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cardwise-cli-capacity-'));
const db = path.join(dir, 'c.db');
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

async function cardwise(args: readonly string[]): Promise<{ status: number; stdout: string; stderr: string }> {
  let stdout = '';
  let stderr = '';
  const io = {
    stdout: (t: string) => void (stdout += t),
    stderr: (t: string) => void (stderr += t),
    stdoutIsTty: false,
  };
  const status = await main([...args, '--db', db], io);
  return { status, stdout, stderr };
}

interface CapacityJson {
  resolved: { engine: string; maxModelLen: number; gpuMemoryUtilization: number };
  setups: {
    card: string;
    gpus: number;
    fits: boolean;
    kvPoolTokens: number;
    kvPoolBlocks: number;
    nvidiaSmiGiB: number;
    maxConcurrentSequences: { atMaxModelLen: number; atAverageRequest: number };
    memory: Record<string, number | null>;
  }[];
}

describe('cardwise capacity', () => {
  it('--json: Llama 3.1 8B on one A100 80GB at 32k has 454,016 KV tokens (28,376 blocks) and 13 sequences at max_model_len', async () => {
    // The pool arithmetic is in domain/serve/engine-memory.test.ts: 71.28 GiB budget − 14.96 GiB weights − 0.38 GiB
    // activations − 0.16 GiB non-torch − 0.36 GiB CUDA graphs = 55.42 GiB ÷ 2 MiB per 16-token block.
    const result = await cardwise([
      'capacity',
      '--model',
      'llama-3.1-8b',
      '--engine',
      'vllm',
      '--gpu',
      'a100-80gb',
      '--gpus',
      '1',
      '--max-model-len',
      '32768',
      '--json',
    ]);
    expect(result.status, result.stderr).toBe(0);
    const output = JSON.parse(result.stdout) as CapacityJson;
    expect(output.resolved).toMatchObject({ engine: 'vllm', maxModelLen: 32768, gpuMemoryUtilization: 0.9 });
    expect(output.setups).toHaveLength(1);
    const [setup] = output.setups;
    expect(setup).toMatchObject({
      card: 'a100-80gb',
      gpus: 1,
      fits: true,
      kvPoolTokens: 454_016,
      kvPoolBlocks: 28_376,
    });
    expect(setup!.maxConcurrentSequences.atMaxModelLen).toBe(13);
    expect(setup!.nvidiaSmiGiB).toBe(71.78);
    expect(Object.keys(setup!.memory)).toEqual([
      'cardBytes',
      'budgetBytes',
      'weightsBytes',
      'activationBytes',
      'nonTorchBytes',
      'cudaGraphBytes',
      'kvPoolBytes',
      'contextBytes',
      'nvidiaSmiBytes',
      'cudaTotalBytes',
    ]);
  });

  it('text: a table of the memory lines with kvPoolTokens and maxConcurrentSequences', async () => {
    const result = await cardwise([
      'capacity',
      '--model',
      'llama-3.1-8b',
      '--gpu',
      'a100-80gb',
      '--gpus',
      '1',
      '--max-model-len',
      '32768',
      '--gpu-memory-utilization',
      '0.8',
    ]);
    expect(result.status, result.stderr).toBe(0);
    // 0.8 × 79.2 GiB (CUDA's total of an 80 GB card) = 63.36; + 0.5 GiB context = 63.86.
    expect(result.stdout).toMatch(/engine budget\s+63\.4/);
    expect(result.stdout).toMatch(/weights\s+15\.0/);
    expect(result.stdout).toMatch(/kvPoolTokens [\d,]+ \([\d,]+ blocks of 16\)/);
    expect(result.stdout).toMatch(/maxConcurrentSequences \d+ at 32,768 tokens/);
    expect(result.stdout).toMatch(/nvidia-smi shows\s+63\.9/);
  });

  it('refuses a utilization outside (0, 1] naming the flag and the range', async () => {
    for (const bad of ['0', '1.5', '-0.2']) {
      const result = await cardwise(['capacity', '--model', 'qwen2.5-7b', '--gpu-memory-utilization', bad]);
      expect(result.status).toBe(2);
      expect(result.stdout).toBe('');
      expect(result.stderr).toMatch(/^error: --gpu-memory-utilization: .*1/);
    }
  });

  it('refuses a max_model_len above the model limit, saying the limit', async () => {
    const result = await cardwise(['capacity', '--model', 'qwen2.5-7b', '--max-model-len', '65536']);
    expect(result.status).toBe(2);
    expect(result.stderr).toBe(
      'error: --max-model-len: max_model_len 65,536 is above the limit of Qwen2.5 7B, 32,768 tokens: give at most 32,768\n',
    );
  });

  it('a model that fits on none of the servers tried says so and what would fit', async () => {
    const result = await cardwise(['capacity', '--model', 'llama-3.1-70b', '--gpu', 'rtx-4090', '--gpus', '1']);
    expect(result.status).toBe(0);
    // 131.4 GiB of bf16 weights and a 131,072-token sequence: 16 RTX 4090s would hold them, fewer would not.
    expect(result.stdout).toMatch(/does not fit: one sequence of max_model_len 131,072 .*; 16 GPUs would fit/);
    expect(result.stdout).toMatch(/The model does not fit on any server tried/);
  });

  it('a context too long for the pool names the longest max_model_len that would fit', async () => {
    const result = await cardwise([
      'capacity',
      '--model',
      'llama-3.1-70b',
      '--gpu',
      'h100-sxm',
      '--gpus',
      '2',
      '--max-model-len',
      '32768',
      '--json',
    ]);
    const output = JSON.parse(result.stdout) as CapacityJson & {
      setups: { largestMaxModelLen: number | null; reason: { params: { advice: { code: string } } } }[];
    };
    const [setup] = output.setups;
    expect(setup!.fits).toBe(false);
    expect(setup!.largestMaxModelLen).toBeGreaterThan(16_000);
    expect(setup!.largestMaxModelLen).toBeLessThan(32_768);
    expect(setup!.reason.params.advice.code).toBe('serve.advice.lengthOrGpus');
  });

  it('an unknown card is refused at --gpu', async () => {
    const result = await cardwise(['capacity', '--model', 'qwen2.5-7b', '--gpu', 'no-such-card']);
    expect(result.status).toBe(2);
    expect(result.stderr).toMatch(/^error: --gpu: /);
  });
});
