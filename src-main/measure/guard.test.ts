import { existsSync, readFileSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fakeNvidiaSmi } from './fake-nvidia-smi.testkit';
import { runGuard } from './guard';

const sink = () => {
  const chunks: string[] = [];
  return { write: (c: string | Uint8Array) => chunks.push(String(c)), text: () => chunks.join('') };
};
const row = (util: number | string) =>
  `0, NVIDIA GeForce RTX 4090, 1000, 24564, ${util}\n1, NVIDIA GeForce RTX 4090, 1000, 24564, 0`;

describe('runGuard', () => {
  it('runs `then` through the shell after the idle period, restarting the count on activity', async () => {
    // Busy, idle, busy again, then idle for good: the trigger must come after the last busy reading.
    const smi = fakeNvidiaSmi([row(95), row(2), row(80), row(1), row(0), row(3)]);
    const marker = join(smi.dir, 'then-ran');
    const err = sink();
    const started = Date.now();
    const result = await runGuard({
      idleMinutes: 0.005, // 0.3 s
      thresholdPercent: 5,
      then: `echo idle > '${marker}'; exit 4`,
      intervalSeconds: 0.05,
      env: { ...process.env, PATH: `${smi.dir}${delimiter}${process.env.PATH ?? ''}` },
      stderr: err,
    });
    expect(result.triggered).toBe(true);
    expect(result.thenExitCode).toBe(4);
    expect(readFileSync(marker, 'utf8').trim()).toBe('idle');
    expect(result.idleMinutes).toBeGreaterThanOrEqual(0.005);
    expect(smi.calls().length).toBeGreaterThan(4);
    // A floor, never a ceiling: the idle period (0.005 min = 300 ms) must pass before `then`; a
    // busy machine can only make it later, so the bound needs no margin and cannot flake.
    expect(Date.now() - started).toBeGreaterThanOrEqual(300);
    expect(err.text()).toContain('running:');
  });

  it('with an injected clock: triggers after exactly the idle period, with only a message when no `then`', async () => {
    const readings = [90, 0, 0, 50, 0, 0, 0, 0];
    let t = 0;
    let i = 0;
    const result = await runGuard({
      idleMinutes: 2,
      thresholdPercent: 10,
      intervalSeconds: 60,
      now: () => t,
      sleep: async (ms) => {
        t += ms;
      },
      readGpus: async () => ({
        ok: true,
        gpus: [
          {
            index: 0,
            name: 'x',
            memoryUsedMiB: 0,
            memoryTotalMiB: 1,
            utilizationPercent: readings[Math.min(i++, readings.length - 1)]!,
          },
        ],
      }),
      stderr: sink(),
    });
    // Busy at minute 3; idle from minute 4; triggers at minute 6.
    expect(result).toMatchObject({ triggered: true, thenExitCode: null, idleMinutes: 2 });
    expect(t).toBe(6 * 60_000);
  });

  it('does not act when nvidia-smi is missing, and does not count N/A as idle', async () => {
    const missing = await runGuard({
      idleMinutes: 0,
      thresholdPercent: 5,
      then: 'echo should-not-run',
      intervalSeconds: 0.01,
      env: { ...process.env, PATH: '/nonexistent' },
      stderr: sink(),
    });
    expect(missing.triggered).toBe(false);
    expect(missing.message).toMatch(/cannot see the GPUs/);

    const smi = fakeNvidiaSmi([row('[N/A]'), row('[N/A]'), row(0), row(0)]);
    const err = sink();
    const marker = join(smi.dir, 'ran');
    const result = await runGuard({
      idleMinutes: 0.001,
      thresholdPercent: 5,
      then: `touch '${marker}'`,
      intervalSeconds: 0.05,
      env: { ...process.env, PATH: `${smi.dir}${delimiter}${process.env.PATH ?? ''}` },
      stderr: err,
    });
    expect(result.triggered).toBe(true);
    expect(existsSync(marker)).toBe(true);
    expect(smi.calls().length).toBeGreaterThanOrEqual(4);
    expect(err.text().match(/unreadable/g)).toHaveLength(1);
  });
});
