import { z } from 'zod';

/**
 * One record of data/measurements/serving.json: a published serving measurement (an engine's KV-pool
 * log lines or a serving benchmark's result) with its citation, in the snake_case form of the
 * measurement files (data/measurements/README.md, "Serving measurements"). Only what the source
 * states is filled in; null means "not stated". `reported` holds the source's lines verbatim.
 */
const positive = z.number().positive();
const count = z.number().int().positive();
const nullable = <T extends z.ZodTypeAny>(schema: T) => schema.nullable();

const modelSchema = z
  .object({
    /** The model as the source names it (a Hugging Face id where the source gives one). */
    name: z.string().min(1),
    /** A preset of data/models.json or a shape of data/measurements/models.json. */
    id: z.string().regex(/^[a-z0-9][a-z0-9._-]*$/),
    /** Why `name` has the shape of `id` (a fine-tune, a quantized checkpoint), or null when it is that model. */
    mapping: nullable(z.string().min(1)),
  })
  .strict();

const gpuSchema = z
  .object({
    /** A card of data/cards.json or data/reference-cards.json. */
    card: z.string().min(1),
    /** The GPU as the source describes it. */
    reported: z.string().min(1),
    count,
    /** Total memory per GPU as the engine printed it (torch's view, GiB), where it did. */
    total_memory_gib: nullable(positive),
  })
  .strict();

const setupSchema = z
  .object({
    dtype: nullable(z.enum(['bf16', 'fp16', 'f16', 'fp32'])),
    quantization: nullable(z.string().min(1)),
    kv_cache_dtype: nullable(z.enum(['auto', 'fp8', 'f16'])),
    tensor_parallel: count,
    pipeline_parallel: count,
    /** vLLM --gpu-memory-utilization (null: not given, the engine's default applied). */
    gpu_memory_utilization: nullable(positive.max(1)),
    /** SGLang --mem-fraction-static. */
    mem_fraction_static: nullable(positive.max(1)),
    max_model_len: nullable(count),
    max_num_seqs: nullable(count),
    max_num_batched_tokens: nullable(count),
    block_size: nullable(count),
    /** false: CUDA graphs captured (vLLM's default). */
    enforce_eager: nullable(z.boolean()),
    prefix_caching: nullable(z.boolean()),
    /** llama.cpp context, batch, micro-batch, flash attention and how layers are split across GPUs. */
    n_ctx: nullable(count),
    n_batch: nullable(count),
    n_ubatch: nullable(count),
    flash_attn: nullable(z.boolean()),
    split_mode: nullable(z.enum(['layer', 'row'])),
    /** Set where the GPUs do not talk over one host's NVLink/PCIe (e.g. two nodes over the network). */
    interconnect: nullable(z.string().min(1)),
  })
  .strict();

const kvSchema = z
  .object({
    /** The pool in tokens: vLLM "GPU KV cache size" (the TP group's pool), SGLang "#tokens". */
    tokens: nullable(count),
    /** vLLM "# GPU blocks" (V0). */
    blocks: nullable(count),
    /** Memory given to the KV cache on each GPU: vLLM "Available KV cache memory" / kv_cache_size. */
    gib_per_gpu: nullable(positive),
    /** vLLM "Maximum concurrency for N tokens per request: X" (X, and N in max_concurrency_tokens). */
    max_concurrency: nullable(positive),
    max_concurrency_tokens: nullable(count),
    /** The budget's other lines where printed (per GPU); CUDA-graph memory can be printed negative. */
    weights_gib: nullable(positive),
    activation_gib: nullable(positive),
    non_torch_gib: nullable(positive),
    cuda_graph_gib: nullable(z.number()),
    /** llama.cpp load log, one entry per CUDA device in order (MiB). */
    kv_buffer_mib_per_gpu: nullable(z.array(positive).min(1)),
    compute_buffer_mib_per_gpu: nullable(z.array(positive).min(1)),
    model_buffer_mib_per_gpu: nullable(z.array(positive).min(1)),
  })
  .strict();

const loadSchema = z
  .object({
    dataset: nullable(z.string().min(1)),
    input_tokens: count,
    output_tokens: count,
    num_requests: nullable(count),
    /** Client-side cap on requests in flight (null: none, every request sent as the rate allows). */
    concurrency: nullable(count),
    /** Requests per second offered, or "inf" (all at once). */
    request_rate: nullable(z.union([positive, z.literal('inf')])),
    output_tokens_per_s: nullable(positive),
    total_tokens_per_s: nullable(positive),
    requests_per_s: nullable(positive),
    mean_ttft_ms: nullable(positive),
    median_ttft_ms: nullable(positive),
    mean_tpot_ms: nullable(positive),
    mean_itl_ms: nullable(positive),
    duration_s: nullable(positive),
    generated_tokens: nullable(count),
  })
  .strict();

const sourceSchema = z
  .object({
    /** The citation's text; leave-one-source-out groups rows by it. */
    label: z.string().min(1),
    url: z.string().url().startsWith('https://'),
    /** When the source was published (YYYY-MM-DD), or null with `date_note` saying why. */
    date: nullable(z.string().regex(/^\d{4}-\d{2}-\d{2}$/)),
    date_note: z.string().min(1).optional(),
  })
  .strict()
  .refine((s) => s.date !== null || s.date_note !== undefined, 'a source without a date says why (date_note)');

const common = {
  id: z.string().regex(/^[a-z0-9][a-z0-9._-]*$/),
  engine: z.enum(['vllm', 'sglang', 'llamacpp', 'tensorrt-llm']),
  engine_version: nullable(z.string().min(1)),
  model: modelSchema,
  gpu: gpuSchema,
  setup: setupSchema,
  reported: z.array(z.string().min(1)).min(1),
  source: sourceSchema,
  notes: nullable(z.string().min(1)),
};

export const kvPoolRecordSchema = z.object({ ...common, kind: z.literal('kv_pool'), kv: kvSchema }).strict();
export const throughputRecordSchema = z.object({ ...common, kind: z.literal('throughput'), load: loadSchema }).strict();
export const servingRecordSchema = z.discriminatedUnion('kind', [kvPoolRecordSchema, throughputRecordSchema]);

export type KvPoolRecord = z.infer<typeof kvPoolRecordSchema>;
export type ThroughputRecord = z.infer<typeof throughputRecordSchema>;
export type ServingRecord = z.infer<typeof servingRecordSchema>;
