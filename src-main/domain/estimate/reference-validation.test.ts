import { describe, expect, it } from 'vitest';
import { FITTED, FOLDS } from './fitted-constants';
import { expressible } from '../../../scripts/accuracy/categories';
import { scoreAll, type Scored } from '../../../scripts/accuracy/folds';
import { Predictor } from '../../../scripts/accuracy/predict';
import { loadDataset } from '../../../scripts/accuracy/rows';
import { summarize } from '../../../scripts/accuracy/stats';

/**
 * The memory estimate against published peaks (data/reference-runs.json), through the harness of
 * `npm run accuracy` (scripts/accuracy). These figures are in-sample: the shipped constants were fitted on
 * these rows. They guard against a regression of the formulas; the accuracy figures are the held-out ones
 * `npm run accuracy` prints.
 */
const data = loadDataset();
const predictor = new Predictor(data.presets);
const inSample = scoreAll(data, predictor, FITTED);
const memory = (s: Scored) => s.row.quantity === 'memory' && !s.row.secondMeter;

describe('memory estimate against published peaks (in-sample)', () => {
  it('core rows the input can express: median |error| ≤ 10% and ≥ 80% within ±20%', () => {
    // A row with a setting the input cannot carry (recipe.notExpressible, e.g. the two KV caches transformers 4.35
    // keeps allocated during a step) is no formula regression: `npm run accuracy` scores it, this guard does not.
    const core = summarize(
      inSample.scored.filter((s) => memory(s) && s.row.run.core && expressible(s)).map((s) => s.error),
    );
    expect(core.n).toBeGreaterThan(100);
    // Today 6.4% and 84.6% (130 rows): margins of 3.6 points and 4.6 points (6 rows), so a re-read meter
    // or a refit of the allocator share does not fail the test but a formula that moves many rows does.
    expect(core.median).toBeLessThanOrEqual(0.1);
    expect(core.within20).toBeGreaterThanOrEqual(0.8);
  });

  it('≥ 85% of the published OOM runs are predicted not to fit their card', () => {
    const caught = inSample.oom.filter((v) => v.predictedOom).length;
    expect(inSample.oom.length).toBeGreaterThan(50);
    // Today 73 of 84 (86.9%): the margin is two runs (71/84 = 84.5%).
    expect(caught / inSample.oom.length).toBeGreaterThanOrEqual(0.845);
  });

  it('held out of the fit, the litgpt benchmark table (25 peaks on A10G) has median |error| ≤ 12%', () => {
    const source = 'litgpt config_hub/finetune README (Lightning AI automated benchmarks)';
    const fold = FOLDS.find((f) => f.heldOut === source);
    if (!fold) throw new Error(`no fold holds out ${source}`);
    const rows = data.rows.filter((r) => r.group === source && r.quantity === 'memory');
    const held = summarize(rows.map((r) => predictor.predict(r, fold.constants) / r.measured - 1));
    expect(held.n).toBe(25);
    // Today 8.7% held out (signed −8.7%): margin 3.3 points; 12% is below the 13% the issue measured for LoRA.
    expect(held.median).toBeLessThanOrEqual(0.12);
  });
});
