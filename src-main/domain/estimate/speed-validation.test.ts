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
    // Today 7.2% and 20.4% (118 rows): margins 7.8 and 29.6 points; the p90 bound is the acceptance.
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
    // Today 5.4% (147 rows): margin 4.6 points, the acceptance for engine decode is 10%.
    expect(s.median).toBeLessThanOrEqual(0.1);
  });

  it('held out of the fit, fms-acceleration Mistral-7B LoRA on one A100 is within 15% of its 3324 tokens/s', () => {
    const fold = FOLDS.find((f) => f.heldOut === 'fms-acceleration benchmark reference CSV (A100-80GB)');
    const row = data.rows.find((r) => r.key === 'fms-a100-032:train');
    if (!fold || !row) throw new Error('the fms fold or row fms-a100-032 is missing');
    // Held out today: 3646 tokens/s (+9.7%); the 15% margin is the median acceptance for training speed.
    expect(Math.abs(predictor.predict(row, fold.constants) / row.measured - 1)).toBeLessThanOrEqual(0.15);
  });

  it('held out, training under 4k tokens per micro-batch: median ≤ 60% (it was +44% to +162% before the step model)', () => {
    const s = summarize(
      heldOut.filter((r) => r.row.quantity === 'train' && tokensPerMicroBatch(r) < 4096).map((r) => r.error),
    );
    expect(s.n).toBeGreaterThan(80);
    // Today 53.2% (82 rows): margin 6.8 points. It was 20.0% on the 54 rows before the Qwen README's LoRA table
    // and 43.4% on 66 before its Q-LoRA table (16 more rows under 4k), whose short steps the CPU dispatch floor
    // fitted on the other sources misses by −49% (README, "Where it is weak"); this guard holds the figure where
    // the data now puts it until the floor is modelled per model code.
    expect(s.median).toBeLessThanOrEqual(0.6);
  });

  it('held out, tensor-parallel decode: median ≤ 30% (it was −73% to −86% when TP was read as a layer split)', () => {
    const s = summarize(
      heldOut
        .filter((r) => r.row.quantity === 'decode' && (r.row.run.config?.tensorParallel ?? 1) > 1)
        .map((r) => r.error),
    );
    expect(s.n).toBeGreaterThanOrEqual(15);
    // Today 15.2% (19 rows from 3 sources): margin 14.8 points.
    expect(s.median).toBeLessThanOrEqual(0.3);
  });
});
