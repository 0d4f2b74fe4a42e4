import { describe, expect, it } from 'vitest';
import { english, msg } from '../../../src-main/domain/messages';
import type { Run } from '../../../src-main/domain/runs';
import { CUSTOM_SIZE, DEFAULT_FORM } from '../estimate/estimate-form';
import {
  blankDraft,
  checkDraft,
  draftFromRun,
  draftToInput,
  isoToLocalInput,
  localInputToIso,
  patchFor,
  runInputOf,
} from './run-draft';

const presets = [{ id: 'llama-3.1-8b' }];
const run: Run = {
  id: 7,
  origin: 'mine',
  citation: null,
  estimate: null,
  modelLabel: 'Llama 3.1 8B',
  createdAt: '2025-11-30T10:00:00.000Z',
  config: {
    model: 'llama-3.1-8b',
    method: 'lora',
    precision: 'bf16',
    batchSize: 4,
    seqLen: 2048,
    gpus: 1,
    lora: { rank: 8, targets: ['q', 'v'] },
  },
  card: 'rtx-4090',
  gpus: 1,
  provider: 'AutoDL',
  peakMemoryGiB: 21.5,
  memoryMeter: 'nvidia-smi',
  cost: 4.2,
  currency: 'CNY',
  outcome: 'ok',
  startedAt: '2025-11-30T14:05:00+08:00',
  notes: undefined,
};

describe('start time', () => {
  it('keeps the wall-clock time and writes the zone it was typed in', () => {
    expect(isoToLocalInput('2025-11-30T14:05:00+08:00')).toBe('2025-11-30T14:05');
    expect(isoToLocalInput('2025-11-30')).toBe('2025-11-30T00:00');
    expect(localInputToIso('2025-11-30T14:05', 480)).toBe('2025-11-30T14:05:00+08:00');
    expect(localInputToIso('2025-11-30T14:05', -330)).toBe('2025-11-30T14:05:00-05:30');
  });
});

describe('the run form', () => {
  it('turns a filled-in form into a valid runs:add input', () => {
    const draft = {
      ...blankDraft([{ id: 'rtx-4090' }], 'CNY'),
      peakMemoryGiB: '21.5',
      cost: '3',
      startedAt: '2025-11-30T14:05',
    };
    const input = draftToInput(draft, 480);
    expect(input).toMatchObject({ card: 'rtx-4090', gpus: 1, peakMemoryGiB: 21.5, memoryMeter: 'nvidia-smi' });
    expect(input).toMatchObject({ cost: 3, currency: 'CNY', startedAt: '2025-11-30T14:05:00+08:00' });
    expect(input.config.model).toBe(DEFAULT_FORM.model);
    // The Estimate page's speed card picks the run's card but does not go into the config.
    expect(input.config.gpu).toBeUndefined();
    expect(checkDraft(input)).toEqual({});
  });

  it('names every field at fault, in form terms', () => {
    const draft = {
      ...blankDraft([{ id: 'rtx-4090' }], 'CNY'),
      estimate: { ...DEFAULT_FORM, gpus: '0', batchSize: 'x', model: CUSTOM_SIZE, size: '' },
      peakMemoryGiB: 'lots',
      durationHours: '-1',
    };
    const problems = checkDraft(draftToInput(draft, 0));
    expect(Object.keys(problems).sort()).toEqual(['batchSize', 'durationHours', 'gpus', 'model', 'peakMemoryGiB']);
    expect(english(problems.gpus!)).toBe('too small: must be a whole number from 1 to 1,024');
    expect(english(problems.durationHours!)).toBe('too small: must be a number from 0 to 100,000');
    expect(english(problems.peakMemoryGiB!)).toBe('must be a number from 0 to 4,096');
  });

  it('asks for the meter when a peak is given without one', () => {
    const draft = { ...blankDraft([{ id: 'rtx-4090' }], 'CNY'), peakMemoryGiB: '20', memoryMeter: '' as const };
    expect(checkDraft(draftToInput(draft, 0))).toEqual({ memoryMeter: msg('runs.rule.meter') });
  });
});

describe('editing and undo', () => {
  it('patches only what changed, leaving what the form cannot show alone', () => {
    const before = draftFromRun(run, presets);
    expect(before.estimate.loraRank).toBe('8');
    const unchanged = patchFor(draftToInput(before, 480), draftToInput(before, 480));
    expect(unchanged).toEqual({});
    const after = { ...before, cost: '', notes: 'throttled after 2 h' };
    expect(patchFor(draftToInput(before, 480), draftToInput(after, 480))).toEqual({
      cost: null,
      currency: null,
      notes: 'throttled after 2 h',
    });
    const moreGpus = { ...before, estimate: { ...before.estimate, gpus: '2' } };
    const patch = patchFor(draftToInput(before, 480), draftToInput(moreGpus, 480));
    expect(patch.gpus).toBe(2);
    expect(patch.config?.gpus).toBe(2);
  });

  it('brings a deleted run back with its input fields only', () => {
    const input = runInputOf(run);
    expect(input).not.toHaveProperty('id');
    expect(input).not.toHaveProperty('modelLabel');
    expect(input.config).toEqual(run.config);
    expect(checkDraft(input)).toEqual({});
  });
});

describe('a serving run in the form', () => {
  const serving: Run = {
    ...run,
    config: { model: 'llama-3.1-8b', method: 'inference', precision: 'bf16', seqLen: 8192, gpus: 1 },
    peakMemoryGiB: null,
    memoryMeter: null,
    cost: undefined,
    currency: undefined,
    tokensPerSecond: 2480.5,
    engine: 'vllm',
    concurrency: 64,
    ttftMs: 212.4,
    maxModelLen: 8192,
    gpuMemoryUtilization: 0.9,
    kvPoolTokens: 462_368,
  };

  it('shows the serving figures and sends them back unchanged', () => {
    const draft = draftFromRun(serving, presets);
    expect(draft).toMatchObject({ engine: 'vllm', concurrency: '64', ttftMs: '212.4', kvPoolTokens: '462368' });
    const input = draftToInput(draft, 60);
    expect(input).toMatchObject({ engine: 'vllm', concurrency: 64, gpuMemoryUtilization: 0.9, kvPoolTokens: 462_368 });
    expect(checkDraft(input)).toEqual({});
    expect(patchFor(input, input)).toEqual({});
  });

  it('drops what the hidden serving section held once the method is not inference', () => {
    const draft = draftFromRun(serving, presets);
    const training = { ...draft, estimate: { ...draft.estimate, method: 'lora' as const } };
    const input = draftToInput(training, 60);
    expect(input.engine).toBeUndefined();
    expect(input.kvPoolTokens).toBeUndefined();
  });

  it('names the serving field at fault, by its form key', () => {
    const draft = { ...draftFromRun(serving, presets), gpuMemoryUtilization: '1.5', engine: '' };
    expect(Object.keys(checkDraft(draftToInput(draft, 60))).sort()).toEqual([
      'concurrency',
      'gpuMemoryUtilization',
      'kvPoolTokens',
      'maxModelLen',
      'ttftMs',
    ]);
  });
});
