import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from './main';

// In process (the flags come from the run field table, nothing here needs the built CLI); one temp store.
let dir: string;
let db: string;

beforeAll(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'cardwise-cli-serving-'));
  db = path.join(dir, 'cardwise.db');
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function cli(args: readonly string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = '';
  let stderr = '';
  const io = {
    stdout: (text: string) => void (stdout += text),
    stderr: (text: string) => void (stderr += text),
    stdoutIsTty: false,
  };
  const code = await main(['--db', db, ...args], io);
  return { code, stdout, stderr };
}

const servingRun = [
  'runs',
  'add',
  '--card',
  'rtx-4090',
  '--model',
  'qwen2.5-7b',
  '--method',
  'inference',
  '--engine',
  'vllm',
  '--concurrency',
  '32',
  '--tokens-per-second',
  '1210',
  '--ttft-ms',
  '180',
  '--prompt-tokens',
  '512',
  '--output-tokens',
  '128',
  '--max-model-len',
  '4096',
  '--gpu-memory-utilization',
  '0.9',
  '--kv-pool-tokens',
  '86240',
];

describe('cardwise runs add, for a serving run', () => {
  it('takes the serving flags and lists them back', async () => {
    const added = await cli([...servingRun, '--json']);
    expect(added.stderr).toBe('');
    expect(added.code).toBe(0);
    expect(JSON.parse(added.stdout)).toMatchObject({
      engine: 'vllm',
      concurrency: 32,
      ttftMs: 180,
      promptTokens: 512,
      outputTokens: 128,
      maxModelLen: 4096,
      gpuMemoryUtilization: 0.9,
      kvPoolTokens: 86240,
    });
    const listed = await cli(['runs', 'list', '--json']);
    expect(JSON.parse(listed.stdout).runs[0]).toMatchObject({ engine: 'vllm', kvPoolTokens: 86240 });
  });

  it('names the flag at fault: a utilization above 1, a serving figure without --engine', async () => {
    const tooHigh = await cli([...servingRun.map((word) => (word === '0.9' ? '1.5' : word))]);
    expect(tooHigh.code).not.toBe(0);
    expect(tooHigh.stderr).toContain('--gpu-memory-utilization');
    const engineAt = servingRun.indexOf('--engine');
    const noEngine = await cli([...servingRun.slice(0, engineAt), ...servingRun.slice(engineAt + 2)]);
    expect(noEngine.code).not.toBe(0);
    expect(noEngine.stderr).toContain('--concurrency');
    expect(noEngine.stderr).toContain('serving engine');
  });

  it('lists the serving flags in --help', async () => {
    let stdout = '';
    const io = { stdout: (text: string) => void (stdout += text), stderr: () => undefined, stdoutIsTty: false };
    expect(await main(['runs', 'add', '--help'], io)).toBe(0);
    for (const flag of [
      '--engine',
      '--concurrency',
      '--ttft-ms',
      '--max-model-len',
      '--gpu-memory-utilization',
      '--kv-pool-tokens',
    ]) {
      expect(stdout).toContain(flag);
    }
  });
});
