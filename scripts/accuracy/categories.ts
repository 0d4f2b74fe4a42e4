import { fillDefaults } from '../../src-main/domain/estimate/resolve-input';
import type { Category } from './report';
import type { Scored } from './folds';
import { frameworkFamilySchema } from '../../src-main/domain/reference-runs';
import { TOKEN_BANDS, tokenBandOf, type TokenBand } from '../../src-main/domain/estimate/speed-interval';

const method = (s: Scored) => s.row.run.config?.method;
/** Tokens per micro-batch (batch × sequence) of a scored row, 0 for a row without a config. */
export const tokensPerMicroBatch = (s: Scored) => {
  // A row's config states its batch and sequence; fillDefaults reads them as the estimator does.
  const config = s.row.run.config && fillDefaults(s.row.run.config);
  return config ? config.batchSize * config.seqLen : 0;
};
const gpus = (s: Scored) => s.row.run.config?.gpus ?? 1;
const eager = (s: Scored) => s.row.run.config?.inferenceRuntime === 'eager';
const memory = (s: Scored) => s.row.quantity === 'memory' && !s.row.secondMeter;
const training = (s: Scored) => memory(s) && method(s) !== 'inference';

/** The headline: memory by method, training speed, decode (engine vs eager), prefill. */
export const HEADLINE: Category[] = [
  { name: 'memory: full fine-tuning', test: (s) => memory(s) && method(s) === 'full' },
  { name: 'memory: LoRA', test: (s) => memory(s) && method(s) === 'lora' },
  { name: 'memory: QLoRA', test: (s) => memory(s) && method(s) === 'qlora' },
  { name: 'memory: inference', test: (s) => memory(s) && method(s) === 'inference' },
  { name: 'memory: nvidia-smi, 2nd meter of fms rows', test: (s) => s.row.secondMeter },
  { name: 'training speed', test: (s) => s.row.quantity === 'train' },
  { name: 'decode: engine (llama.cpp, vLLM, AutoAWQ…)', test: (s) => s.row.quantity === 'decode' && !eager(s) },
  { name: 'decode: eager (HF generate)', test: (s) => s.row.quantity === 'decode' && eager(s) },
  { name: 'prefill', test: (s) => s.row.quantity === 'prefill' },
];

/** The bands' names in the tables (src-main/domain/estimate/speed-interval.ts holds their limits). */
export const BAND_NAMES: Record<TokenBand, string> = {
  under1k: '< 1k',
  '1kTo4k': '1k–4k',
  '4kTo16k': '4k–16k',
  over16k: '> 16k',
};

/** Tokens per micro-batch (batch × seq), 1 GPU vs several, DeepSpeed ZeRO-3, and framework, for a kind of row. */
export function regimes(kind: (s: Scored) => boolean): Category[] {
  return [
    ...TOKEN_BANDS.map(({ band }) => ({
      name: `tokens/micro-batch ${BAND_NAMES[band]}`,
      test: (s: Scored) => kind(s) && tokenBandOf(tokensPerMicroBatch(s)) === band,
    })),
    { name: '1 GPU', test: (s: Scored) => kind(s) && gpus(s) === 1 },
    { name: 'several GPUs', test: (s: Scored) => kind(s) && gpus(s) > 1 },
    // Validation only (scripts/accuracy/fit.ts): these rows inform no constant.
    { name: 'DeepSpeed ZeRO-3', test: (s: Scored) => kind(s) && s.row.run.config?.sharding === 'zero3' },
    ...frameworkFamilySchema.options.map((f) => ({
      name: `framework ${f}`,
      test: (s: Scored) => kind(s) && s.row.run.recipe.framework === f,
    })),
  ];
}

export const isTrainingSpeed = (s: Scored) => s.row.quantity === 'train';
export const isTrainingMemory = training;
export const isDecode = (s: Scored) => s.row.quantity === 'decode';
/** Rows whose every stated setting the estimate input can express. */
export const expressible = (s: Scored) => s.row.run.recipe.notExpressible.length === 0;
