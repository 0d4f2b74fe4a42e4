import { describe, expect, it } from 'vitest';
import { FITTED, FOLDS } from './fitted-constants';
import { isTrainingSpeed, tokensPerMicroBatch } from '../../../scripts/accuracy/categories';
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
/** Error summary of the training-speed rows of `scored` whose tokens per micro-batch `keep` accepts. */
const trainingSpeed = (scored: Scored[], keep: (tokens: number) => boolean) =>
  summarize(scored.filter((r) => isTrainingSpeed(r) && keep(tokensPerMicroBatch(r))).map((r) => r.error));

describe('speed estimate against published throughput', () => {
  it('training at ≥ 4k tokens per micro-batch (in-sample): median ≤ 15% and p90 ≤ 50%', () => {
    const s = trainingSpeed(inSample, (tokens) => tokens >= 4096);
    expect(s.n).toBeGreaterThan(50);
    // Today 6.2% and 19.4% (118 rows): margins 8.8 and 30.6 points; the p90 bound is the acceptance.
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

  it('held out, training at ≥ 4k tokens per micro-batch: median ≤ 15% and p90 ≤ 50%', () => {
    const s = trainingSpeed(heldOut, (tokens) => tokens >= 4096);
    expect(s.n).toBeGreaterThan(100);
    // Today 7.5% and 19.9% (118 rows): margins 7.5 and 30.1 points; both bounds are the acceptance.
    // (This replaced a guard on one of these rows alone, fms-a100-032.)
    expect(s.median).toBeLessThanOrEqual(0.15);
    expect(s.p90).toBeLessThanOrEqual(0.5);
  });

  it('held out, training under 4k tokens per micro-batch: median ≤ 20% and p90 ≤ 50% (median 53.2% when the floor always overlapped)', () => {
    const s = trainingSpeed(heldOut, (tokens) => tokens < 4096);
    expect(s.n).toBeGreaterThan(80);
    // Today 14.8% and 38.0% (87 rows): margins 5.2 and 12.0 points; the p90 bound is the acceptance. Below
    // 1k tokens alone the median is 21.1%, over the 15% (README, "Where it is weak").
    expect(s.median).toBeLessThanOrEqual(0.2);
    expect(s.p90).toBeLessThanOrEqual(0.5);
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
