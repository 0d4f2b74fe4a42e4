import { describe, expect, it } from 'vitest';
import { FITTED, FOLDS } from './fitted-constants';
import { fillDefaults } from './resolve-input';
import { scoreAll, scoreStoredFolds, type Scored } from '../../../scripts/accuracy/folds';
import { Predictor } from '../../../scripts/accuracy/predict';
import { loadDataset } from '../../../scripts/accuracy/rows';
import { summarize } from '../../../scripts/accuracy/stats';

/**
 * The speed estimate against published throughput (data/reference-runs.json), through the harness of
 * `npm run accuracy`. In-sample figures guard the regimes the model covers; held-out ones (each source scored
 * with the fold of fitted-constants.ts that left it out) guard the small-micro-batch and tensor-parallel rows.
 */
const data = loadDataset();
const predictor = new Predictor(data.presets);
const inSample = scoreAll(data, predictor, FITTED).scored;
const heldOut = scoreStoredFolds(data, predictor, FOLDS).scored;
const tokensPerMicroBatch = (s: Scored) => {
  // A row's config states its batch and sequence; fillDefaults reads them as the estimator does.
  const config = s.row.run.config && fillDefaults(s.row.run.config);
  return config ? config.batchSize * config.seqLen : 0;
};

describe('speed estimate against published throughput', () => {
  it('training at ≥ 4k tokens per micro-batch (in-sample): median ≤ 15% and p90 ≤ 50%', () => {
    const s = summarize(
      inSample.filter((r) => r.row.quantity === 'train' && tokensPerMicroBatch(r) >= 4096).map((r) => r.error),
    );
    expect(s.n).toBeGreaterThan(50);
    // Today 9.3% and 21.4% (104 rows): margins 5.7 and 28.6 points; the p90 bound is the acceptance.
    expect(s.median).toBeLessThanOrEqual(0.15);
    expect(s.p90).toBeLessThanOrEqual(0.5);
  });

  it('engine decode on rows the input fully expresses (in-sample): median ≤ 10%', () => {
    const s = summarize(
      inSample
        .filter(
          (r) =>
            r.row.quantity === 'decode' &&
            r.row.run.config?.inferenceRuntime !== 'eager' &&
            r.row.run.recipe.notExpressible.length === 0,
        )
        .map((r) => r.error),
    );
    expect(s.n).toBeGreaterThan(50);
    // Today 6.1% (148 rows): margin 3.9 points, the acceptance for engine decode is 10%.
    expect(s.median).toBeLessThanOrEqual(0.1);
  });

  it('held out of the fit, fms-acceleration Mistral-7B LoRA on one A100 is within 15% of its 3324 tokens/s', () => {
    const fold = FOLDS.find((f) => f.heldOut === 'fms-acceleration benchmark reference CSV (A100-80GB)');
    const row = data.rows.find((r) => r.key === 'fms-a100-032:train');
    if (!fold || !row) throw new Error('the fms fold or row fms-a100-032 is missing');
    // Held out today: 3409 tokens/s (+2.6%); the 15% margin is the median acceptance for training speed.
    expect(Math.abs(predictor.predict(row, fold.constants) / row.measured - 1)).toBeLessThanOrEqual(0.15);
  });

  it('held out, training under 4k tokens per micro-batch: median ≤ 50% (it was +44% to +162% before the step model)', () => {
    const s = summarize(
      heldOut.filter((r) => r.row.quantity === 'train' && tokensPerMicroBatch(r) < 4096).map((r) => r.error),
    );
    expect(s.n).toBeGreaterThan(60);
    // Today 43.4% (66 rows): margin 6.6 points. It was 20.0% on the 54 rows before the Qwen README's LoRA table,
    // whose short steps the CPU dispatch floor fitted on the other sources misses by −40% (README, "Where it is
    // weak"); this guard holds the figure where it now is until the floor is modelled per model code.
    expect(s.median).toBeLessThanOrEqual(0.5);
  });

  it('held out, tensor-parallel decode: median ≤ 30% (it was −73% to −86% when TP was read as a layer split)', () => {
    const s = summarize(
      heldOut
        .filter((r) => r.row.quantity === 'decode' && (r.row.run.config?.tensorParallel ?? 1) > 1)
        .map((r) => r.error),
    );
    expect(s.n).toBeGreaterThanOrEqual(15);
    // Today 21.2% (19 rows from 3 sources): margin 8.8 points.
    expect(s.median).toBeLessThanOrEqual(0.3);
  });
});
