import type { Card, ModelPreset } from '../../src-main/domain/catalog';
import type { Precision, Quant } from '../../src-main/domain/estimate/input';
import { GIB } from '../../src-main/domain/estimate/units';
import { InputError } from '../../src-main/domain/errors';
import { modelInputObjectSchema } from '../../src-main/domain/fields/model-fields';
import type { ServeEngine } from '../../src-main/domain/fields/serve-fields';
import {
  requestCapacityPerSecond,
  serveCapacity,
  serveInputSchema,
  serveThroughput,
  settleServeInput,
  stepModel,
  type OneServer,
  type ServeInput,
} from '../../src-main/domain/serve';
import type { ReferenceRun } from '../../src-main/domain/reference-runs';
import { readDataFile, readReferenceRuns } from '../data-files';
import { readServingMeasurements } from '../serving/files';
import type { KvPoolRecord, ServingRecord, ThroughputRecord } from '../serving/record';

/** What a serving row's number is compared with. */
export type ServingQuantity =
  'kv-pool' | 'kv-memory' | 'llamacpp-kv' | 'llamacpp-compute' | 'output-tps' | 'ttft' | 'itl';

/** One published serving number and the serving core's estimate of it. */
export interface ServingScore {
  key: string;
  record: ServingRecord;
  quantity: ServingQuantity;
  measured: number;
  estimate: number;
  /** estimate ÷ measured − 1 */
  error: number;
  /** The citation: rows are grouped by it. */
  group: string;
  /**
   * The source's repository also gave a decode or prefill row to the fit of the estimator's speed constants
   * (data/reference-runs.json): its throughput rows are not held out, and are reported apart.
   */
  inSpeedFit: boolean;
}

export interface ServingScores {
  scored: ServingScore[];
  /** Rows the serving core cannot express or does not start: the row id and why. */
  skipped: Array<{ id: string; why: string }>;
}

const MIB = 2 ** 20;

/** The repository of a GitHub URL ("owner/name"), or the URL's host for other pages. */
function repositoryOf(url: string): string {
  const u = new URL(url);
  if (u.hostname !== 'github.com') return u.hostname;
  return u.pathname.split('/').slice(1, 3).join('/').toLowerCase();
}

/** Repositories whose rows fed the speed fit: reference runs with a measured decode or prefill rate. */
function speedFitRepositories(runs: ReferenceRun[]): Set<string> {
  return new Set(
    runs.filter((r) => r.config && r.measured.tokensPerSecond !== null).map((r) => repositoryOf(r.citation.url)),
  );
}

/** Precision and quantization of a row as the estimator names them, or a reason it cannot say them. */
function weightsOf(r: ServingRecord): { precision: Precision; quant: Quant } | string {
  const q = r.setup.quantization?.toLowerCase() ?? null;
  if (q === null) {
    if (r.setup.dtype === 'fp32') return { precision: 'fp32', quant: 'none' };
    return { precision: r.setup.dtype === 'fp16' ? 'fp16' : 'bf16', quant: 'none' };
  }
  if (q.startsWith('fp8')) return { precision: 'fp8', quant: 'none' };
  if (q.startsWith('gptq')) return { precision: 'int4', quant: 'gptq' };
  if (q.startsWith('gguf q4_k_m')) return { precision: 'int4', quant: 'gguf-q4_k_m' };
  return `quantization "${r.setup.quantization}" has no estimator scheme`;
}

/**
 * The engine of a row as the serving core models it. TensorRT-LLM is read as a paged continuous-batching engine
 * with CUDA graphs, vLLM's model (its in-flight batching and paged KV cache are the same kind of server).
 */
function engineOf(r: ServingRecord): ServeEngine {
  return r.engine === 'tensorrt-llm' ? 'vllm' : r.engine;
}

/**
 * A row as the serve input `cardwise capacity` takes (src-main/domain/fields/serve-fields.ts): what the source
 * states, and nothing where it states nothing, so the core's own defaults apply (gpu_memory_utilization 0.9, vLLM's
 * batch defaults by card, the model's context limit). TensorRT-LLM's benchmarks run with
 * kv_cache_free_gpu_mem_fraction 0.95 (perf-overview.md), taken as the share of the card.
 */
function inputOf(
  r: ServingRecord,
  modelInput: ServeInput['model'],
  weights: { precision: Precision; quant: Quant },
  traffic?: { promptTokens: number; outputTokens: number; requestsPerSecond?: number },
): ServeInput {
  const engine = engineOf(r);
  const s = r.setup;
  const llama = engine === 'llamacpp';
  const share =
    r.engine === 'tensorrt-llm' ? 0.95 : engine === 'sglang' ? s.mem_fraction_static : s.gpu_memory_utilization;
  const maxModelLen = (llama ? s.n_ctx : s.max_model_len) ?? engineLength(r);
  return serveInputSchema.parse({
    model: modelInput,
    engine,
    precision: weights.precision,
    quant: weights.quant,
    gpu: r.gpu.card,
    gpus: gpusOf(r),
    ...(maxModelLen !== null ? { maxModelLen } : {}),
    ...(share !== null ? { gpuMemoryUtilization: share } : {}),
    kvCacheDtype: s.kv_cache_dtype === 'fp8' ? 'fp8' : 'auto',
    ...(s.max_num_batched_tokens !== null ? { maxNumBatchedTokens: s.max_num_batched_tokens } : {}),
    ...(s.max_num_seqs !== null ? { maxNumSeqs: s.max_num_seqs } : {}),
    ...traffic,
  });
}

/**
 * The model of a row for the serve input: a preset's id, or a shape of data/measurements/models.json. A fine-tune
 * mapped to a preset's shape (`model.mapping`) whose stated context is longer than the preset's limit is given as
 * that shape, so the row's own context applies (vllm#13061: DeepSeek-R1-Distill-Qwen-14B at 131072 tokens, the
 * shape of Qwen2.5 14B, whose limit is 32768): the core refuses a max_model_len above a preset's limit, as vLLM does.
 */
function modelInputOf(
  r: ServingRecord,
  presets: ModelPreset[],
  shapes: Array<{ id: string; shape: Record<string, unknown> }>,
): ServeInput['model'] {
  const preset = presets.find((p) => p.id === r.model.id);
  if (!preset) return shapes.find((x) => x.id === r.model.id)?.shape as ServeInput['model'];
  const stated = r.engine === 'llamacpp' ? r.setup.n_ctx : r.setup.max_model_len;
  if (r.model.mapping === null || stated === null || preset.maxContext === undefined || stated <= preset.maxContext)
    return preset.id;
  const keys = Object.keys(modelInputObjectSchema.shape) as Array<keyof ModelPreset>;
  return modelInputObjectSchema.parse(Object.fromEntries(keys.filter((k) => k in preset).map((k) => [k, preset[k]])));
}

/** GPUs of one server: llama.cpp splits layers over every card; the others run tensor × pipeline parallel. */
function gpusOf(r: ServingRecord): number {
  return engineOf(r) === 'llamacpp' ? r.gpu.count : r.setup.tensor_parallel * r.setup.pipeline_parallel;
}

/** TensorRT-LLM builds its engines for input + output tokens ($seq_len of perf-overview.md's dataset table). */
function engineLength(r: ServingRecord): number | null {
  return r.engine === 'tensorrt-llm' && r.kind === 'throughput' ? r.load.input_tokens + r.load.output_tokens : null;
}

/** Why the serving core cannot express a row's setup, or null when it can. */
function notExpressible(r: ServingRecord): string | null {
  if (r.setup.dtype === 'fp32') return 'fp32 KV cache (the core holds KV in 16 or 8 bits)';
  if (r.setup.interconnect !== null) return `GPUs over ${r.setup.interconnect}`;
  if (r.setup.pipeline_parallel > 1) return 'pipeline parallel';
  return null;
}

const score = (
  base: Omit<ServingScore, 'quantity' | 'measured' | 'estimate' | 'error' | 'key'>,
  quantity: ServingQuantity,
  measured: number,
  estimate: number,
): ServingScore => ({
  ...base,
  key: `${base.record.id}:${quantity}`,
  quantity,
  measured,
  estimate,
  error: estimate / measured - 1,
});

type ScoreBase = Omit<ServingScore, 'quantity' | 'measured' | 'estimate' | 'error' | 'key'>;

function scoreKv(r: KvPoolRecord, input: ServeInput, server: OneServer, base: ScoreBase): ServingScore[] {
  const { memory } = serveCapacity(input, server);
  if (input.engine === 'llamacpp') {
    const out: ServingScore[] = [];
    const kv = r.kv.kv_buffer_mib_per_gpu;
    const compute = r.kv.compute_buffer_mib_per_gpu;
    // The core splits the layers evenly; llama.cpp gives whole layers, so the mean device is compared.
    const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
    if (kv) out.push(score(base, 'llamacpp-kv', mean(kv) * MIB, memory.lines.kvPoolBytes));
    if (compute) out.push(score(base, 'llamacpp-compute', mean(compute) * MIB, memory.lines.activationBytes));
    return out;
  }
  // A pool is scored even where the core (or the engine, vllm#10517 at 29000) says one max_model_len request does not fit.
  const out: ServingScore[] = [];
  if (r.kv.tokens !== null) out.push(score(base, 'kv-pool', r.kv.tokens, memory.kvPoolTokens));
  else if (r.kv.blocks !== null) out.push(score(base, 'kv-pool', r.kv.blocks, memory.kvPoolBlocks));
  if (r.kv.gib_per_gpu !== null) out.push(score(base, 'kv-memory', r.kv.gib_per_gpu * GIB, memory.lines.kvPoolBytes));
  return out;
}

function scoreThroughput(
  r: ThroughputRecord,
  modelInput: ServeInput['model'],
  weights: { precision: Precision; quant: Quant },
  server: OneServer,
  base: ScoreBase,
): ServingScore[] | string {
  const traffic = { promptTokens: r.load.input_tokens, outputTokens: r.load.output_tokens };
  const input = inputOf(r, modelInput, weights, traffic);
  const capacity = serveCapacity(input, server);
  if (!capacity.fits) return 'the core says this server does not start';
  const out: ServingScore[] = [];
  const rate = r.load.request_rate;
  if (rate === 'inf' || rate === null) {
    // Every request queued at once: the server runs as many as it holds (its slots at the average request), or
    // fewer where the client caps the requests in flight; the rest wait (a closed batch). The core's step model
    // at that batch, on the setup serveCapacity settled.
    const slots = Math.max(1, capacity.maxConcurrentSequences.atAverageRequest);
    const inFlight = Math.min(slots, r.load.concurrency ?? Infinity, r.load.num_requests ?? Infinity);
    const { model } = settleServeInput(input, server.presets);
    const step = stepModel(model, input.model, server.card, capacity.setup, traffic);
    const perSecond = requestCapacityPerSecond(step, traffic, inFlight);
    if (r.load.output_tokens_per_s !== null)
      out.push(score(base, 'output-tps', r.load.output_tokens_per_s, perSecond * r.load.output_tokens));
    if (r.load.mean_itl_ms !== null) out.push(score(base, 'itl', r.load.mean_itl_ms, step.stepSeconds(inFlight) * 1e3));
    return out;
  }
  // Poisson arrivals at the row's rate: TTFT and ITL at that rate, output at the rate or the capacity if lower.
  const speed = serveThroughput({ ...input, requestsPerSecond: rate }, server);
  if (speed === null) return 'the core says this server does not start';
  const perSecond = Math.min(rate, speed.requestCapacityPerSecond);
  if (r.load.output_tokens_per_s !== null)
    out.push(score(base, 'output-tps', r.load.output_tokens_per_s, perSecond * r.load.output_tokens));
  if (speed.stable) {
    if (r.load.mean_ttft_ms !== null && speed.ttftMs !== null)
      out.push(score(base, 'ttft', r.load.mean_ttft_ms, speed.ttftMs));
    if (r.load.mean_itl_ms !== null && speed.itlMs !== null)
      out.push(score(base, 'itl', r.load.mean_itl_ms, speed.itlMs));
  }
  return out;
}

/**
 * Every row of data/measurements/serving.json estimated by the serving core (src-main/domain/serve) as
 * `cardwise capacity` runs it: the KV pool against the engines' log lines, and output tokens/s, TTFT and ITL
 * against the serving benchmarks. Nothing in the serving core is fitted (serve-constants.ts: engine defaults and
 * log-read terms), so these estimates are held out by construction; the decode step it reuses has constants
 * fitted on data/reference-runs.json, and rows whose repository fed that fit are flagged (`inSpeedFit`).
 */
export function scoreServing(): ServingScores {
  const presets = readDataFile<ModelPreset[]>('models.json');
  const shapes = readDataFile<Array<{ id: string; shape: Record<string, unknown> }>>('measurements/models.json');
  const cards = new Map(
    [...readDataFile<Card[]>('cards.json'), ...readDataFile<Card[]>('reference-cards.json')].map((c) => [c.id, c]),
  );
  const fitRepos = speedFitRepositories(readReferenceRuns());
  const scored: ServingScore[] = [];
  const skipped: ServingScores['skipped'] = [];
  for (const r of readServingMeasurements()) {
    const why = notExpressible(r);
    const weights = weightsOf(r);
    if (why !== null || typeof weights === 'string') {
      skipped.push({ id: r.id, why: why ?? (weights as string) });
      continue;
    }
    const modelInput = modelInputOf(r, presets, shapes);
    const server: OneServer = { presets, card: cards.get(r.gpu.card) as Card, gpus: gpusOf(r) };
    const base = {
      record: r,
      group: r.source.label,
      inSpeedFit: r.kind === 'throughput' && fitRepos.has(repositoryOf(r.source.url)),
    };
    let result: ServingScore[] | string;
    try {
      result =
        r.kind === 'kv_pool'
          ? scoreKv(r, inputOf(r, modelInput, weights), server, base)
          : scoreThroughput(r, modelInput, weights, server, base);
    } catch (e) {
      if (!(e instanceof InputError)) throw e;
      result = `the core refuses the input (${e.field}: ${e.detail.code})`;
    }
    if (typeof result === 'string') skipped.push({ id: r.id, why: result });
    else scored.push(...result);
  }
  return { scored, skipped };
}
