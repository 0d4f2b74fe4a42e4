import type { ModelPreset } from '../../src-main/domain/catalog';
import type { FittedConstants } from '../../src-main/domain/estimate/fitted';
import { estimateMemory } from '../../src-main/domain/estimate/memory';
import type { MemoryEstimate } from '../../src-main/domain/estimate/input';
import { bytesOnMeter } from '../../src-main/domain/estimate/meter';
import { estimateResolvedSpeed } from '../../src-main/domain/estimate/speed';
import type { OomRow, ScoredRow } from './rows';

/**
 * The estimator as `cardwise estimate --input` runs it without calibration (handlers/estimate.ts):
 * estimateMemory on the input, then estimateResolvedSpeed on the resolved input, model and trainable parameters
 * of that estimate. Only the fitted constants differ between folds.
 */
export class Predictor {
  /** Speed needs the memory estimate's resolved input, model and trainable params: none depends on a constant. */
  private readonly resolved = new Map<string, MemoryEstimate>();

  constructor(private readonly presets: ModelPreset[]) {}

  /** The estimate of what `row` measured: bytes on the row's meter, or tokens/s of its kind and scope. */
  predict(row: ScoredRow, constants: FittedConstants): number {
    const config = row.run.config;
    if (!config) throw new Error(`${row.key}: no estimate input`);
    if (row.quantity === 'memory') {
      const estimate = estimateMemory(config, { presets: this.presets, cards: [], constants });
      return bytesOnMeter(row.meter ?? 'unknown', estimate.perGpu);
    }
    if (!row.card) throw new Error(`${row.key}: a speed row needs its card`);
    const memory = this.memoryOf(row.run.id, config);
    const speed = estimateResolvedSpeed(memory.resolvedInput, memory.model, row.card, {
      trainableParams: memory.trainableParams,
      constants,
    });
    if (speed.kind === 'train') {
      // An 'unknown' scope on a multi-GPU row is read as the total: per GPU, those rows would exceed peak FLOPs.
      return row.run.measured.throughputScope === 'per-gpu' ? speed.tokensPerSecondPerGpu : speed.tokensPerSecond;
    }
    return row.quantity === 'prefill' ? speed.prefillTokensPerSecond : speed.decodeTokensPerSecond;
  }

  /** Whether the estimate says a published out-of-memory run does not fit its card (default headroom). */
  predictsOom(row: OomRow, constants: FittedConstants): boolean {
    const config = row.run.config;
    if (!config) throw new Error(`${row.run.id}: no estimate input`);
    const estimate = estimateMemory(config, { presets: this.presets, cards: [row.card], constants });
    return estimate.fits[0]?.fits === false;
  }

  private memoryOf(id: string, config: NonNullable<ScoredRow['run']['config']>): MemoryEstimate {
    let estimate = this.resolved.get(id);
    if (!estimate) {
      estimate = estimateMemory(config, { presets: this.presets, cards: [] });
      this.resolved.set(id, estimate);
    }
    return estimate;
  }
}
