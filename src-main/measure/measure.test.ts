import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fakeNvidiaSmi } from './fake-nvidia-smi.testkit';
import { runMeasured } from './measure';

/** Collects what would go to our stdout/stderr. */
function sink() {
  const chunks: string[] = [];
  return {
    write: (c: string | Uint8Array) => chunks.push(typeof c === 'string' ? c : Buffer.from(c).toString('utf8')),
    text: () => chunks.join(''),
  };
}

/** A node one-liner: absolute path, so it runs even with a PATH that has nothing else on it. */
const node = (script: string) => [process.execPath, '-e', script];
const withPath = (dir: string) => ({ ...process.env, PATH: `${dir}${delimiter}${process.env.PATH ?? ''}` });

const row = (used: number, util = 90) => `0, NVIDIA GeForce RTX 4090, ${used}, 24564, ${util}`;

describe('runMeasured', () => {
  it('records an OOM run: peak = highest reading, output passed through, exit code kept', async () => {
    const smi = fakeNvidiaSmi([row(300, 0), row(8000), row(20480), row(12000), row(500, 0)]);
    const out = sink();
    const err = sink();
    const { exitCode, record } = await runMeasured({
      command: node(
        "console.log('step 1: 1500 tokens/s'); console.log('step 2: 1700 tokens/s');" +
          "setTimeout(() => { console.error('torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 2.00 GiB'); process.exit(3); }, 1200)",
      ),
      intervalSeconds: 0.1,
      tokensPerSecondRegex: '(\\d+) tokens/s',
      env: withPath(smi.dir),
      stdout: out,
      stderr: err,
    });
    expect(exitCode).toBe(3);
    expect(out.text()).toContain('step 2: 1700 tokens/s');
    expect(err.text()).toContain('CUDA out of memory');
    expect(record).toMatchObject({
      card: 'rtx-4090',
      gpuName: 'NVIDIA GeForce RTX 4090',
      gpus: 1,
      peakMemoryGiB: 20,
      memoryMeter: 'nvidia-smi',
      outcome: 'oom',
      exitCode: 3,
      tokensPerSecond: 1600,
    });
    expect(record.durationHours * 3600).toBeGreaterThan(1);
    expect(Date.parse(record.startedAt)).not.toBeNaN();
    expect(smi.calls().length).toBeGreaterThanOrEqual(5);
  });

  it('passes a clean exit through as ok and samples only the chosen GPU', async () => {
    const smi = fakeNvidiaSmi(['1, NVIDIA A100-SXM4-80GB, 50000, 81920, 99']);
    const { exitCode, record } = await runMeasured({
      command: node('setTimeout(() => {}, 300)'),
      gpuIndex: 1,
      intervalSeconds: 0.1,
      env: withPath(smi.dir),
      stdout: sink(),
      stderr: sink(),
    });
    expect(exitCode).toBe(0);
    expect(record).toMatchObject({ card: 'a100-80gb', gpus: 1, outcome: 'ok', tokensPerSecond: null });
    expect(record.peakMemoryGiB).toBeCloseTo(50000 / 1024, 6);
    expect(smi.calls()[0]).toMatch(/-i 1$/);
  });

  it('records a crash with its exit code', async () => {
    const smi = fakeNvidiaSmi([row(1000)]);
    const { exitCode, record } = await runMeasured({
      command: node("console.error('Traceback: KeyError'); process.exit(2)"),
      intervalSeconds: 0.1,
      env: withPath(smi.dir),
      stdout: sink(),
      stderr: sink(),
    });
    expect(exitCode).toBe(2);
    expect(record.outcome).toBe('crashed');
  });

  it('still runs the command without nvidia-smi, says so once, and has no memory figure', async () => {
    const empty = mkdtempSync(join(tmpdir(), 'cardwise-no-smi-'));
    const out = sink();
    const err = sink();
    const { exitCode, record } = await runMeasured({
      command: node("setTimeout(() => { console.log('done'); process.exit(0); }, 400)"),
      intervalSeconds: 0.05,
      env: { ...process.env, PATH: empty },
      stdout: out,
      stderr: err,
    });
    expect(exitCode).toBe(0);
    expect(out.text()).toContain('done');
    expect(err.text().match(/nvidia-smi not found/g)).toHaveLength(1);
    expect(record).toMatchObject({ peakMemoryGiB: null, outcome: 'ok', card: null });
    expect(record.notes).toMatch(/nvidia-smi not found/);
  });

  it('reports a command that does not exist as exit 127', async () => {
    const smi = fakeNvidiaSmi([row(0, 0)]);
    const err = sink();
    const { exitCode, record } = await runMeasured({
      command: ['/nonexistent/train.sh'],
      intervalSeconds: 0.1,
      env: withPath(smi.dir),
      stdout: sink(),
      stderr: err,
    });
    expect(exitCode).toBe(127);
    expect(record.outcome).toBe('crashed');
    expect(err.text()).toContain('command not found');
  });
});
