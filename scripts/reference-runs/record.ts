import { z } from 'zod';

/**
 * One record of data/measurements/public.json: a published measurement with its citation, in the
 * snake_case form the measurement file has always used (data/measurements/README.md lists the
 * fields). Only what a source states is filled in; null means "not stated".
 */
export const measurementRecordSchema = z
  .object({
    id: z.string().regex(/^[a-z0-9][a-z0-9._-]*$/),
    source: z.string().min(1),
    source_url: z.string().url(),
    source_repo: z.string().min(1),
    source_path: z.string().min(1),
    source_commit: z.string().regex(/^[0-9a-f]{40}$/),
    kind: z.enum(['measured', 'estimated']),
    observation: z.enum([
      'memory_and_throughput',
      'peak_memory',
      'throughput',
      'oom',
      'fits',
      'max_context_at_vram',
      'peak_memory_after_model_init',
      /** Many concurrent requests through a serving engine (prefill included): kept for the serving work. */
      'serving_throughput',
    ]),
    model_name: z.string().min(1),
    params_b: z.number().positive().nullable(),
    architecture: z.record(z.string(), z.unknown()).nullable(),
    task: z.enum(['inference', 'full', 'lora', 'qlora']),
    framework: z.string().min(1),
    precision: z.string().min(1),
    compute_dtype: z.string().nullable(),
    optimizer: z.string().nullable(),
    batch_size: z.number().int().positive().nullable(),
    seq_len: z.number().int().positive().nullable(),
    seq_len_note: z.string().nullable(),
    gradient_checkpointing: z.boolean().nullable(),
    lora_rank: z.number().int().positive().nullable(),
    lora_targets: z.array(z.string()).nullable(),
    num_gpus: z.number().int().positive().nullable(),
    gpu_type: z.string().min(1).nullable(),
    parallelism: z.string().nullable(),
    peak_memory_reported: z.string().nullable(),
    peak_memory_value: z.number().positive().nullable(),
    memory_unit: z.string().nullable(),
    memory_metric: z.string().nullable(),
    memory_scope: z.string().nullable(),
    peak_memory_gib: z.number().positive().nullable(),
    throughput_reported: z.string().nullable(),
    throughput_value: z.number().positive().nullable(),
    throughput_unit: z.string().nullable(),
    throughput_definition: z.string().nullable(),
    oom: z.boolean().nullable(),
    notes: z.string().nullable(),
    trust: z.enum(['high', 'medium', 'low']),
    core: z.boolean(),
    /** fms-acceleration rows: nvidia-smi memory.used peak in MiB, besides torch's allocated peak. */
    nvidia_smi_peak_mib: z.number().positive().optional(),
    /** Settings added with the records of 2026-12 (null = the source does not state it). */
    gradient_accumulation_steps: z.number().int().positive().nullable().optional(),
    packing: z.enum(['packed', 'padded', 'padding-free']).nullable().optional(),
    /** Mean tokens per sample when samples are not packed, and how it was read off the source. */
    tokens_per_sample: z.number().positive().nullable().optional(),
    tokens_per_sample_note: z.string().nullable().optional(),
    quant_backend: z.string().nullable().optional(),
    /** The program that generated tokens (inference): vllm, llama.cpp, hf-generate, autoawq, exllama, gpt-fast … */
    inference_engine: z.string().nullable().optional(),
    tensor_parallel: z.number().int().positive().nullable().optional(),
    torch_compile: z.boolean().nullable().optional(),
  })
  .strict();
export type MeasurementRecord = z.infer<typeof measurementRecordSchema>;
