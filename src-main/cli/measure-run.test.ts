import { describe, expect, it } from 'vitest';
import { runInputSchema } from '../domain/runs';
import type { MeasuredRunRecord } from '../measure/run-record';
import { listOptionsFromFlags } from './commands/runs-list';
import { runFromRecord } from './measure-run';
import { planRequestFromFlags } from './plan-flags';
import { planRequestSchema } from '../ipc/contract';

const record: MeasuredRunRecord = {
  card: null,
  gpuName: 'NVIDIA H100 80GB HBM3',
  gpus: 8,
  peakMemoryGiB: 71.5,
  memoryMeter: 'nvidia-smi',
  durationHours: 2,
  startedAt: '2025-11-30T06:00:00.000Z',
  outcome: 'crashed',
  exitCode: 137,
  tokensPerSecond: null,
  notes: '',
};
const config = {
  model: '7b',
  method: 'full' as const,
  precision: 'bf16' as const,
  batchSize: 1,
  seqLen: 1024,
  gpus: 2,
};

describe('runFromRecord', () => {
  it('says what is missing when the GPU is not in the catalog and no config was given', () => {
    const { run, missing } = runFromRecord(record, {});
    expect(run.card).toBeUndefined();
    expect(run.notes).toBe('exit code 137; GPU: NVIDIA H100 80GB HBM3');
    expect(missing).toHaveLength(2);
    expect(runInputSchema.safeParse(run).success).toBe(false);
  });

  it('with a config and --card gives a run the contract accepts, GPU count from the config', () => {
    const { run, missing } = runFromRecord(record, { config, card: 'a100-80gb' });
    expect(missing).toEqual([]);
    const parsed = runInputSchema.parse(run);
    expect(parsed).toMatchObject({
      card: 'a100-80gb',
      gpus: 2,
      peakMemoryGiB: 71.5,
      memoryMeter: 'nvidia-smi',
      outcome: 'crashed',
    });
  });

  it('leaves the meter out when nothing was read', () => {
    const { run } = runFromRecord(
      { ...record, card: 'rtx-4090', peakMemoryGiB: null },
      { config: { ...config, gpus: 1 } },
    );
    expect(run).not.toHaveProperty('memoryMeter');
    expect(runInputSchema.parse(run).peakMemoryGiB).toBeNull();
  });
});

describe('flag parsing', () => {
  it('runs list --sort takes a key alone or key:direction', () => {
    expect(listOptionsFromFlags({ sort: 'cost' }).sort).toEqual(['cost', 'desc']);
    expect(listOptionsFromFlags({ sort: 'card' }).sort).toEqual(['card', 'asc']);
    expect(listOptionsFromFlags({ sort: 'peakMemoryGiB:asc', card: 'rtx-4090' })).toEqual({
      sort: ['peakMemoryGiB', 'asc'],
      filter: { card: 'rtx-4090' },
    });
    expect(() => listOptionsFromFlags({ sort: 'cost:up' })).toThrow(/asc, desc/);
  });

  it('plan flags fill spot and extras only when given', () => {
    // One GPU is the contract's default now (planRequestSchema), not restated by the flags.
    expect(planRequestFromFlags({ card: 'rtx-4090', hours: '14' })).toEqual({ card: 'rtx-4090', computeHours: 14 });
    expect(planRequestSchema.parse(planRequestFromFlags({ card: 'rtx-4090', hours: '14' }))).toMatchObject({
      card: 'rtx-4090',
      gpus: 1,
      computeHours: 14,
    });
    expect(
      planRequestFromFlags({
        card: 'rtx-4090',
        hours: '14',
        'checkpoint-minutes': '10',
        'egress-gb': '50',
        currency: 'cny',
      }),
    ).toEqual({
      card: 'rtx-4090',
      computeHours: 14,
      currency: 'CNY',
      spot: { checkpointIntervalMinutes: 10 },
      extras: { egressGB: 50 },
    });
  });
});
