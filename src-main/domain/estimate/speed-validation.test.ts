import { describe, expect, it } from 'vitest';
import { FITTED, FOLDS } from './fitted-constants';
import { fillDefaults } from './resolve-input';
import { scoreAll, type Scored } from '../../../scripts/accuracy/folds';
import { Predictor } from '../../../scripts/accuracy/predict';
import { loadDataset } from '../../../scripts/accuracy/rows';
import { summarize } from '../../../scripts/accuracy/stats';

/**
 * The speed estimate against published throughput (data/reference-runs.json), through the harness of
 * `npm run accuracy`. In-sample figures guard the regimes the model covers; the small-micro-batch regime
 * (< 4k tokens per micro-batch), where the estimate is known to be too fast, is reported there, not here.
 */
const data = loadDataset();
const predictor = new Predictor(data.presets);
const inSample = scoreAll(data, predictor, FITTED).scored;
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
    // Today 11.5% and 20.6% (104 rows): margins 3.5 and 29 points; the p90 bound is the acceptance.
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
    // Today 4.8% (126 rows): margin 5 points, the acceptance for engine decode is 10%.
    expect(s.median).toBeLessThanOrEqual(0.1);
  });

  it('held out of the fit, fms-acceleration Mistral-7B LoRA on one A100 is within 15% of its 3324 tokens/s', () => {
    const fold = FOLDS.find((f) => f.heldOut === 'fms-acceleration benchmark reference CSV (A100-80GB)');
    const row = data.rows.find((r) => r.key === 'fms-a100-032:train');
    if (!fold || !row) throw new Error('the fms fold or row fms-a100-032 is missing');
    // Held out today: 3118 tokens/s (−6.2%); the 15% margin is the median acceptance for training speed.
    expect(Math.abs(predictor.predict(row, fold.constants) / row.measured - 1)).toBeLessThanOrEqual(0.15);
  });
});
