import { z } from 'zod';
import { estimateInputSchema } from './estimate/input';
import { memoryMeterSchema, throughputKindSchema, throughputScopeSchema } from './runs/run-schema';

/**
 * One row of data/reference-runs.json: a published, measured run normalized from
 * shared/measurements/public.json (see data/README.md for the mapping rules), with its citation.
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
    /** How ambiguous source fields were read; names settings the input cannot express. */
    mapping: z.string().min(1),
    notes: z.string().nullable(),
  })
  .strict();
export type ReferenceRun = z.infer<typeof referenceRunSchema>;
