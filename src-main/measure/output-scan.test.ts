import { describe, expect, it } from 'vitest';
import { OutputScanner } from './output-scan';
import { buildRunRecord, classifyOutcome } from './run-record';

describe('OutputScanner', () => {
  it('finds OOM messages split across chunks and streams', () => {
    const scanner = new OutputScanner();
    scanner.push('stdout', 'step 1 loss 2.3\n');
    scanner.push('stderr', 'torch.OutOfMemoryError: CUDA out of mem');
    scanner.push('stdout', 'step 2\n');
    scanner.push('stderr', 'ory. Tried to allocate 2.00 GiB\n');
    expect(scanner.end().sawOom).toBe(true);
  });

  it.each([
    'RuntimeError: CUDA error: CUBLAS_STATUS_ALLOC_FAILED when calling cublasCreate',
    'torch.cuda.OutOfMemoryError',
  ])('flags %s', (line) => {
    const scanner = new OutputScanner();
    scanner.push('stderr', line);
    expect(scanner.end().sawOom).toBe(true);
  });

  it('collects tokens/s from the first capture group, across \\r progress lines', () => {
    const scanner = new OutputScanner(/([\d,.]+) tokens\/s/);
    scanner.push('stdout', '10%| 1,200.5 tokens/s\r20%| 1300 tokens/s\r30%| 1250 tok');
    scanner.push('stdout', 'ens/s\nno number here tokens/s\n');
    expect(scanner.end()).toEqual({ sawOom: false, tokensPerSecond: [1200.5, 1300, 1250] });
  });
});

describe('buildRunRecord', () => {
  const base = {
    baseline: null,
    startedAt: new Date('2026-01-01T00:00:00Z'),
    endedAt: new Date('2026-01-01T01:30:00Z'),
    exitCode: 0,
    sawOom: false,
    tokensPerSecondValues: [] as number[],
    samplingProblem: null,
  };
  const gpu = (index: number, used: number | null, name = 'NVIDIA A100-SXM4-80GB') => ({
    index,
    name,
    memoryUsedMiB: used,
    memoryTotalMiB: 81920,
    utilizationPercent: 90,
  });

  it('takes the highest memory.used of any GPU at any time, in GiB', () => {
    const record = buildRunRecord({
      ...base,
      samples: [
        [gpu(0, 1024), gpu(1, 2048)],
        [gpu(0, 40960), gpu(1, null)],
      ],
    });
    expect(record).toMatchObject({ card: 'a100-80gb', gpus: 2, peakMemoryGiB: 40, durationHours: 1.5, outcome: 'ok' });
    expect(record.startedAt).toBe('2026-01-01T00:00:00.000Z');
  });

  it('keeps the raw name of an unknown card and notes memory already in use', () => {
    const record = buildRunRecord({
      ...base,
      samples: [[gpu(0, 5000, 'Tesla T4')]],
      baseline: [gpu(0, 3000, 'Tesla T4')],
    });
    expect(record).toMatchObject({ card: null, gpuName: 'Tesla T4' });
    expect(record.notes).toMatch(/already in use.*GPU 0 2\.9 GiB/);
  });

  it('has no memory figure without samples, and takes the median tokens/s', () => {
    const record = buildRunRecord({
      ...base,
      samples: [],
      samplingProblem: 'nvidia-smi not found on PATH',
      tokensPerSecondValues: [10, 30, 20, 1000],
    });
    expect(record).toMatchObject({ peakMemoryGiB: null, card: null, tokensPerSecond: 25 });
    expect(record.notes).toMatch(/nvidia-smi not found/);
  });

  it('classifies outcomes: OOM beats a clean exit', () => {
    expect(classifyOutcome(0, false)).toBe('ok');
    expect(classifyOutcome(0, true)).toBe('oom');
    expect(classifyOutcome(1, false)).toBe('crashed');
    expect(classifyOutcome(137, false)).toBe('crashed');
  });
});
