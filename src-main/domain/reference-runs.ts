import { z } from 'zod';
import { estimateInputSchema } from './estimate/input';
import { memoryMeterSchema, throughputKindSchema, throughputScopeSchema } from './runs/run-schema';

/** Framework families, for the regime tables of `npm run accuracy` (scripts/accuracy). */
export const frameworkFamilySchema = z.enum([
  'hf-trainer',
  'peft-accelerate',
  'torchtune',
  'litgpt',
  'deepspeed',
  'pytorch-loop',
  'llama.cpp',
  'hf-generate',
  'autoawq',
  'exllama',
  'gpt-fast',
  'deepspeed-inference',
  'vllm',
  'tensorrt-llm',
]);
export type FrameworkFamily = z.infer<typeof frameworkFamilySchema>;

/**
 * One row of data/reference-runs.json: a published, measured run normalized from
 * data/measurements/public.json by scripts/build-reference-runs.ts (`npm run data:reference-runs`;
 * data/README.md lists the rules), with its citation.
 */
export const referenceRunSchema = z
  .object({
    id: z.string().min(1),
    citation: z.object({
      source: z.string().min(1),
      url: z.string().url(),
      repo: z.string(),
      path: z.string(),
      commit: z.string(),
    }),
    /** Measured, high trust, unambiguous unit, known batch/seq/GPU. */
    core: z.boolean(),
    trust: z.enum(['high', 'medium']),
    modelName: z.string().min(1),
    gpuType: z.string().nullable(),
    /** Card id in data/cards.json or data/reference-cards.json; null when the GPU is not stated. */
    card: z.string().nullable(),
    observation: z.string().min(1),
    framework: z.string().nullable(),
    /** Null where the source leaves the set-up too vague to estimate. */
    config: estimateInputSchema.nullable(),
    measured: z.object({
      peakMemoryBytes: z.number().positive().nullable(),
      /** The run log's meters, plus torch's peak active and an unstated meter (estimate/meter.ts reads them all). */
      memoryMeter: z.enum([...memoryMeterSchema.options, 'torch-active', 'unknown']).nullable(),
      oom: z.boolean().nullable(),
      tokensPerSecond: z.number().positive().nullable(),
      throughputKind: throughputKindSchema.nullable(),
      throughputScope: z.enum([...throughputScopeSchema.options, 'unknown']).nullable(),
      /** fms rows report nvidia-smi besides torch allocated. */
      nvidiaSmiPeakBytes: z.number().positive().nullable(),
    }),
    /** How the run was run, as far as the source states it, beyond what `config` can carry (null = not stated). */
    recipe: z
      .object({
        framework: frameworkFamilySchema,
        gradientAccumulationSteps: z.number().int().positive().nullable(),
        packing: z.enum(['packed', 'padded', 'padding-free']).nullable(),
        /** Mean tokens per sample of an unpacked run (config.seqLen is then that mean, see mapping). */
        tokensPerSample: z.number().positive().nullable(),
        /**
         * config.seqLen is a mean over unpacked samples: right for throughput, but the peak memory came from
         * the longest micro-batch, which the source does not state, so the peak is not compared with an estimate.
         */
        seqLenIsMean: z.boolean(),
        /** Tensor-parallel degree of an inference engine (config.gpus holds the same count). */
        tensorParallel: z.number().int().positive().nullable(),
        /** Settings the source states that the estimate input cannot express (torch.compile, …). */
        notExpressible: z.array(z.string().min(1)),
      })
      .strict(),
    /** How ambiguous source fields were read; names settings the input cannot express. */
    mapping: z.string().min(1),
    notes: z.string().nullable(),
  })
  .strict();
export type ReferenceRun = z.infer<typeof referenceRunSchema>;
