import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { EstimateInput } from '../estimate/input';
import { calibrate, type CalibrateOptions } from './calibrate';
import type { CalibrationValidation } from './groups';
import type { CalibrationRun } from './types';
import { english } from '../messages';

const GIB = 2 ** 30;
const lora7b: EstimateInput = { model: '7b', method: 'lora', precision: 'bf16', batchSize: 4, seqLen: 2048 };
const target = { config: lora7b, card: 'rtx-4090' };

/** A run that used 1.3× the predicted nvidia-smi memory and reached 0.8× the predicted speed. */
function run(overrides: Partial<CalibrationRun> = {}, id = 'r1'): CalibrationRun {
  return {
    id,
    origin: 'mine',
    card: 'rtx-4090',
    gpus: 1,
    config: lora7b,
    measuredMemoryBytes: 13 * GIB,
    memoryMeter: 'nvidia-smi',
    measuredTokensPerSecond: 800,
    predictedMemoryBytes: { totalBytes: 10 * GIB, allocatedBytes: 9 * GIB },
    predictedTokensPerSecond: 1000,
    outcome: 'ok',
    ...overrides,
  };
}
const copies = (n: number, overrides: Partial<CalibrationRun> = {}) =>
  Array.from({ length: n }, (_, i) => run(overrides, `r${i}`));

/** Every group on and a prior worth 3 runs, so these tests do not follow the shipped table (validated.ts). */
const ALL_ON: CalibrationValidation = { priorRuns: 3, groups: {} };
const cal = (t: Parameters<typeof calibrate>[0], runs: CalibrationRun[], opts: CalibrateOptions = {}) =>
  calibrate(t, runs, { validation: ALL_ON, ...opts });

describe('calibrate', () => {
  it('leaves the estimate alone without runs', () => {
    const c = cal(target, []);
    expect(c.memoryFactor).toBe(1);
    expect(c.speedFactor).toBe(1);
    expect(c.runs).toBe(0);
    expect(c.interval.memory[0]).toBeLessThan(1);
    expect(c.interval.memory[1]).toBeGreaterThan(1);
    expect(c.flags.map(english).join(' ')).toMatch(/no similar runs/);
  });

  it('moves toward a single run, but not all the way (shrinkage)', () => {
    const c = cal(target, [run()]);
    expect(c.memoryFactor).toBeGreaterThan(1);
    expect(c.memoryFactor).toBeLessThan(1.3);
    expect(c.speedFactor).toBeLessThan(1);
    expect(c.speedFactor).toBeGreaterThan(0.8);
    // Prior worth 3 runs: ln factor = ln 1.3 / 4.
    expect(Math.log(c.memoryFactor)).toBeCloseTo(Math.log(1.3) / 4, 10);
    expect(c).toMatchObject({ runs: 1, mine: 1, published: 0 });
  });

  it('converges to the ratio of many identical runs, with a narrowing interval', () => {
    const few = cal(target, copies(5));
    const many = cal(target, copies(400));
    expect(many.memoryFactor).toBeCloseTo(1.3, 2);
    expect(many.speedFactor).toBeCloseTo(0.8, 2);
    expect(Math.abs(many.memoryFactor - 1.3)).toBeLessThan(Math.abs(few.memoryFactor - 1.3));
    const width = (i: [number, number]) => i[1] - i[0];
    expect(width(many.interval.memory)).toBeLessThan(width(few.interval.memory));
    expect(many.interval.memory[0]).toBeLessThanOrEqual(many.memoryFactor);
    expect(many.interval.memory[1]).toBeGreaterThanOrEqual(many.memoryFactor);
  });

  it('widens the interval when runs disagree', () => {
    const agree = cal(target, copies(10));
    const disagree = cal(target, [
      ...copies(5, { measuredMemoryBytes: 9 * GIB }).map((r) => ({ ...r, id: `lo${r.id}` })),
      ...copies(5, { measuredMemoryBytes: 20 * GIB }).map((r) => ({ ...r, id: `hi${r.id}` })),
    ]);
    const width = (i: [number, number]) => Math.log(i[1] / i[0]);
    expect(width(disagree.interval.memory)).toBeGreaterThan(width(agree.interval.memory));
  });

  it('gives no weight to another card family, method or weight format', () => {
    const others = [
      run({ card: 'a100-80gb' }, 'other-card'),
      run({ config: { ...lora7b, method: 'full' } }, 'other-method'),
      run({ config: { ...lora7b, method: 'qlora', precision: 'int4' } }, 'other-precision'),
    ];
    const c = cal(target, others);
    expect(c).toMatchObject({ memoryFactor: 1, speedFactor: 1, runs: 0 });
  });

  it('weighs a far-away size less than a near one, and a sibling card less than the same card', () => {
    const near = cal(target, [run({ config: { ...lora7b, model: '8b' } })]);
    const far = cal(target, [run({ config: { ...lora7b, model: '30b' } })]);
    const tooFar = cal(target, [run({ config: { ...lora7b, model: '70b' } })]);
    expect(near.memoryFactor).toBeGreaterThan(far.memoryFactor);
    expect(far.memoryFactor).toBeGreaterThanOrEqual(1);
    expect(tooFar.runs).toBe(0);
    const a100 = { config: lora7b, card: 'a100-80gb' };
    const same = cal(a100, [run({ card: 'a100-80gb' })]);
    const sibling = cal(a100, [run({ card: 'a100-80gb-pcie' })]);
    expect(sibling.memoryFactor).toBeGreaterThan(1);
    expect(sibling.memoryFactor).toBeLessThan(same.memoryFactor);
  });

  it('compares memory on the meter the run used', () => {
    // 9 GiB allocated measured against 9 GiB predicted allocated: no correction needed.
    const c = cal(target, copies(50, { memoryMeter: 'torch-allocated', measuredMemoryBytes: 9 * GIB }));
    expect(c.memoryFactor).toBeCloseTo(1, 6);
    const smi = cal(target, copies(50, { memoryMeter: 'nvidia-smi', measuredMemoryBytes: 9 * GIB }));
    expect(smi.memoryFactor).toBeLessThan(0.95);
  });

  it('skips OOM runs for memory and flags them; skips crashed runs for speed', () => {
    const c = cal(target, [run({ outcome: 'oom', measuredMemoryBytes: null, measuredTokensPerSecond: null }, 'boom')]);
    expect(c.memoryFactor).toBe(1);
    expect(c.runs).toBe(0);
    expect(c.flags.map(english).join(' ')).toMatch(/ran out of memory: boom/);
    const crashed = cal(target, [run({ outcome: 'crashed' })]);
    expect(crashed.speedFactor).toBe(1);
    expect(crashed.memoryFactor).toBeGreaterThan(1);
  });

  it('counts mine and published runs', () => {
    const c = cal(target, [run({}, 'a'), run({ origin: 'published' }, 'b'), run({ origin: 'published' }, 'c')]);
    expect(c).toMatchObject({ runs: 3, mine: 1, published: 2 });
  });

  it('corrects decode speed only from decode runs', () => {
    const infer: EstimateInput = { ...lora7b, method: 'inference', batchSize: 1 };
    const prefill = run({ config: infer, throughputKind: 'prefill', measuredTokensPerSecond: 5000 });
    const c = cal({ config: infer, card: 'rtx-4090' }, [prefill]);
    expect(c.speedFactor).toBe(1);
    expect(c.memoryFactor).toBeGreaterThan(1);
  });

  it('flags a >10% throughput spread between identical runs', () => {
    const c = cal(target, [run({}, 'fast'), run({ measuredTokensPerSecond: 600 }, 'slow')]);
    expect(c.flags.map(english).join(' ')).toMatch(/fast, slow: .*shared or throttled/);
  });

  it("flags no spread among published runs, nor between a published run and the user's", () => {
    const published = { origin: 'published' as const };
    const c = cal(target, [
      run(published, 'table-fast'),
      run({ ...published, measuredTokensPerSecond: 600 }, 'table-slow'),
      run({ measuredTokensPerSecond: 600 }, 'mine'),
    ]);
    expect(c.runs).toBe(3);
    expect(c.flags.map(english).join(' ')).not.toMatch(/shared or throttled/);
  });

  it('never returns NaN or an empty interval, whatever the runs', () => {
    const num = fc.oneof(fc.double(), fc.constant(0), fc.constant(-1), fc.constant(Number.NaN), fc.constant(Infinity));
    const config = fc.record({
      model: fc.oneof(
        fc.constantFrom('7b', '13b', 'nonsense', 'llama-2-7b'),
        fc.record({ params: fc.double({ min: 1, max: 1e13, noNaN: true }) }),
      ),
      method: fc.constantFrom('inference', 'full', 'lora', 'qlora'),
      precision: fc.constantFrom('bf16', 'int4'),
      batchSize: fc.integer({ min: 1, max: 64 }),
      seqLen: fc.integer({ min: 1, max: 100_000 }),
    }) as fc.Arbitrary<EstimateInput>;
    const arbRun = fc.record({
      id: fc.string(),
      origin: fc.constantFrom('mine', 'published'),
      card: fc.constantFrom('rtx-4090', 'a100-80gb', 'a800-80gb'),
      gpus: fc.oneof(fc.integer({ min: 1, max: 8 }), num),
      config,
      measuredMemoryBytes: fc.option(num),
      memoryMeter: fc.constantFrom('nvidia-smi', 'torch-reserved', 'torch-allocated', null),
      measuredTokensPerSecond: fc.option(num),
      predictedMemoryBytes: fc.option(fc.record({ totalBytes: num, allocatedBytes: num })),
      predictedTokensPerSecond: fc.option(num),
      outcome: fc.constantFrom('ok', 'oom', 'crashed', 'preempted'),
    }) as fc.Arbitrary<CalibrationRun>;
    fc.assert(
      fc.property(
        config,
        fc.constantFrom('rtx-4090', 'a100-80gb'),
        fc.array(arbRun, { maxLength: 30 }),
        (cfg, card, runs) => {
          const c = cal({ config: cfg, card }, runs);
          for (const x of [c.memoryFactor, c.speedFactor, ...c.interval.memory, ...c.interval.speed]) {
            expect(Number.isNaN(x)).toBe(false);
            expect(x).toBeGreaterThan(0);
            expect(Number.isFinite(x)).toBe(true);
          }
          expect(c.interval.memory[0]).toBeLessThanOrEqual(c.memoryFactor);
          expect(c.interval.memory[1]).toBeGreaterThanOrEqual(c.memoryFactor);
          expect(c.runs).toBe(c.mine + c.published);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('one outlier among five agreeing runs moves the factor no more than a sixth agreeing run would', () => {
    const k = ALL_ON.priorRuns;
    const good = copies(5);
    const l = Math.log(1.3);
    const five = cal(target, good);
    const six = cal(target, copies(6));
    const outlier = run({ measuredMemoryBytes: 80 * GIB, measuredTokensPerSecond: 50 }, 'bad');
    const bent = cal(target, [...good, outlier]);
    // The median stays at ln 1.3; only the shrinkage changes, as with one more agreeing run:
    // ln 1.3 · (6/(6+k) − 5/(5+k)).
    const bound = l * (6 / (6 + k) - 5 / (5 + k));
    expect(Math.abs(Math.log(bent.memoryFactor / five.memoryFactor))).toBeLessThanOrEqual(bound + 1e-12);
    expect(Math.log(bent.memoryFactor)).toBeCloseTo(Math.log(six.memoryFactor), 12);
    expect(Math.abs(Math.log(bent.speedFactor / five.speedFactor))).toBeLessThanOrEqual(
      Math.abs(Math.log(0.8)) * (6 / (6 + k) - 5 / (5 + k)) + 1e-12,
    );
    // A weighted mean would have moved by (ln(80/10) − ln 1.3)/(6 + k): many times the bound.
    expect((Math.log(8) - l) / (6 + k)).toBeGreaterThan(5 * bound);
  });

  it('with runs that disagree, stays within the range of the agreeing majority whatever one run says', () => {
    fc.assert(
      fc.property(
        fc.array(fc.double({ min: 0.7, max: 1.5, noNaN: true }), { minLength: 3, maxLength: 9 }),
        fc.double({ min: 0.01, max: 100, noNaN: true }),
        (ratios, outlierRatio) => {
          const good = ratios.map((r, i) => run({ measuredMemoryBytes: 10 * GIB * r }, `g${i}`));
          const bad = run({ measuredMemoryBytes: 10 * GIB * outlierRatio }, 'bad');
          const c = cal(target, [...good, bad]);
          const shrink = (good.length + 1) / (good.length + 1 + ALL_ON.priorRuns);
          const logs = ratios.map(Math.log);
          expect(Math.log(c.memoryFactor)).toBeGreaterThanOrEqual(shrink * Math.min(...logs) - 1e-9);
          expect(Math.log(c.memoryFactor)).toBeLessThanOrEqual(shrink * Math.max(...logs) + 1e-9);
        },
      ),
      { numRuns: 200 },
    );
  });

  it('leaves a group the held-out table switched off at the raw estimate, and says why', () => {
    const validation: CalibrationValidation = {
      priorRuns: 3,
      groups: {
        'memory lora': {
          rows: 20,
          sources: 3,
          corrected: 20,
          rawMedian: 0.051,
          calibratedMedian: 0.073,
          tested: true,
          on: false,
        },
      },
    };
    const c = calibrate(target, copies(10), { validation });
    expect(c.memoryFactor).toBe(1);
    expect(c.speedFactor).toBeLessThan(1);
    expect(c.flags.map(english).join(' ')).toMatch(
      /calibration of memory \(lora\) is off.*7\.3% calibrated vs 5\.1% raw/,
    );
  });
});
