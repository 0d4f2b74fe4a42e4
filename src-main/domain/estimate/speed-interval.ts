import type { ResolvedInput } from './input';
import { measuredRange, type SpreadFigures } from './memory-interval';
import type { InferenceSpeed, TrainingSpeed } from './speed';
import { SPEED_SPREAD } from './speed-spread';

/**
 * Tokens per micro-batch (batch × sequence length), in the bands `npm run accuracy` reports training speed by: the
 * estimate's error differs most between them (the shortest micro-batches wait on the CPU, the longest on the GPU).
 */
export const TOKEN_BANDS = [
  { band: 'under1k', min: 0, max: 1024 },
  { band: '1kTo4k', min: 1024, max: 4096 },
  { band: '4kTo16k', min: 4096, max: 16384 },
  { band: 'over16k', min: 16384, max: Infinity },
] as const;

export type TokenBand = (typeof TOKEN_BANDS)[number]['band'];

/** The band of a micro-batch of `tokens` tokens. */
export function tokenBandOf(tokens: number): TokenBand {
  return TOKEN_BANDS.find((b) => tokens < b.max)?.band ?? 'over16k';
}

/** How a decode step is run, as `npm run accuracy` reports decode by: eager HF generate, or an engine. */
export type DecodeKind = 'eager' | 'engine';

/** The kind of decoding a runtime does (an input that names none runs the default engine). */
export const decodeKindOf = (runtime: ResolvedInput['inferenceRuntime'] | undefined): DecodeKind =>
  runtime === 'eager' ? 'eager' : 'engine';

/**
 * Percentiles of held-out signed speed errors (estimate ÷ measured − 1, on tokens per second): training by token
 * band, decode by kind, each where enough rows exist, and pooled (scripts/accuracy/calibration-report.ts).
 */
export interface SpeedSpread {
  train: { pooled: SpreadFigures; byBand: Partial<Record<TokenBand, SpreadFigures>> };
  decode: { pooled: SpreadFigures; byKind: Partial<Record<DecodeKind, SpreadFigures>> };
  /** Prompt processing (prefill) tokens per second, every held-out row together. */
  prefill: SpreadFigures;
}

/** Where the measured rate of a speed estimate is likely to fall: 80% of held-out runs of its group did. */
export interface SpeedInterval {
  lowTokensPerSecond: number;
  highTokensPerSecond: number;
  /** The group of held-out runs the interval comes from; undefined when its own had too few and all were pooled. */
  group?: { band: TokenBand } | { decode: DecodeKind };
  rows: number;
  sources: number;
  /** An inference estimate's prompt processing (prefill) rate, from the held-out prefill rows. */
  prefill?: { lowTokensPerSecond: number; highTokensPerSecond: number; rows: number; sources: number };
}

/**
 * The interval of the measured rate for a speed estimate (training: tokens per second of every GPU; inference: decode
 * tokens per second), from the held-out errors of its group: a training run's token band, a decode's kind.
 */
export function speedInterval(
  speed: TrainingSpeed | InferenceSpeed,
  input: Pick<ResolvedInput, 'batchSize' | 'seqLen' | 'inferenceRuntime'>,
  spread: SpeedSpread = SPEED_SPREAD,
): SpeedInterval {
  if (speed.kind === 'train') {
    const band = tokenBandOf(input.batchSize * input.seqLen);
    const own = spread.train.byBand[band];
    return interval(speed.tokensPerSecond, own ?? spread.train.pooled, own && { band });
  }
  const decode = decodeKindOf(input.inferenceRuntime);
  const own = spread.decode.byKind[decode];
  const [lowTokensPerSecond, highTokensPerSecond] = measuredRange(speed.prefillTokensPerSecond, spread.prefill);
  return {
    ...interval(speed.decodeTokensPerSecond, own ?? spread.decode.pooled, own && { decode }),
    prefill: { lowTokensPerSecond, highTokensPerSecond, rows: spread.prefill.rows, sources: spread.prefill.sources },
  };
}

function interval(rate: number, s: SpreadFigures, group: SpeedInterval['group']): SpeedInterval {
  const [lowTokensPerSecond, highTokensPerSecond] = measuredRange(rate, s);
  return { lowTokensPerSecond, highTokensPerSecond, ...(group ? { group } : {}), rows: s.rows, sources: s.sources };
}
