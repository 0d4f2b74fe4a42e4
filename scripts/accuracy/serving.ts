import type { Card, ModelPreset } from '../../src-main/domain/catalog';
import type { EstimateInput, Precision, Quant, ResolvedModel } from '../../src-main/domain/estimate/input';
import { resolveModel } from '../../src-main/domain/estimate/shape';
import { GIB } from '../../src-main/domain/estimate/units';
import type { ServeEngine } from '../../src-main/domain/fields/serve-fields';
import {
  latencyAt,
  requestCapacityPerSecond,
  serveCapacity,
  serveThroughput,
  type EngineSetup,
} from '../../src-main/domain/serve';
import { FALLBACK_MAX_MODEL_LEN } from '../../src-main/domain/serve/input';
import { batchDefaults } from '../../src-main/domain/serve/serve-constants';
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
 * The serving core's setup for a row: what the source states, else the defaults `cardwise capacity` would take
 * (vLLM's gpu_memory_utilization 0.9 and batch defaults by card). TensorRT-LLM's benchmarks run with
 * kv_cache_free_gpu_mem_fraction 0.95 (perf-overview.md), taken as the share of the card.
 */
function setupOf(
  r: ServingRecord,
  card: Card,
  preset: ModelPreset | undefined,
  weights: { precision: Precision; quant: Quant },
): EngineSetup {
  const engine = engineOf(r);
  const defaults = batchDefaults(card, engine);
  const s = r.setup;
  const llama = engine === 'llamacpp';
  const share =
    r.engine === 'tensorrt-llm' ? 0.95 : engine === 'sglang' ? s.mem_fraction_static : s.gpu_memory_utilization;
  return {
    engine,
    gpus: llama ? r.gpu.count : s.tensor_parallel * s.pipeline_parallel,
    precision: weights.precision,
    quant: weights.quant,
    maxModelLen: (llama ? s.n_ctx : s.max_model_len) ?? engineLength(r) ?? preset?.maxContext ?? FALLBACK_MAX_MODEL_LEN,
    gpuMemoryUtilization: share ?? 0.9,
    kvBytes: s.kv_cache_dtype === 'fp8' ? 1 : 2,
    maxNumBatchedTokens: s.max_num_batched_tokens ?? defaults.maxNumBatchedTokens,
    maxNumSeqs: s.max_num_seqs ?? defaults.maxNumSeqs,
  };
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

function scoreKv(
  r: KvPoolRecord,
  model: ResolvedModel,
  card: Card,
  setup: EngineSetup,
  base: Omit<ServingScore, 'quantity' | 'measured' | 'estimate' | 'error' | 'key'>,
): ServingScore[] | string {
  const capacity = serveCapacity(model, card, setup, { promptTokens: 1, outputTokens: 1 });
  const { memory } = capacity;
  if (setup.engine === 'llamacpp') {
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
  model: ResolvedModel,
  modelInput: EstimateInput['model'],
  card: Card,
  setup: EngineSetup,
  base: Omit<ServingScore, 'quantity' | 'measured' | 'estimate' | 'error' | 'key'>,
): ServingScore[] | string {
  const traffic = { promptTokens: r.load.input_tokens, outputTokens: r.load.output_tokens };
  const capacity = serveCapacity(model, card, setup, traffic);
  if (!capacity.fits) return 'the core says this server does not start';
  const step = serveThroughput(model, modelInput, card, setup, traffic);
  const slots = Math.max(1, capacity.maxConcurrentSequences.atAverageRequest);
  const inFlight = Math.min(slots, r.load.concurrency ?? Infinity, r.load.num_requests ?? Infinity);
  const out: ServingScore[] = [];
  const rate = r.load.request_rate;
  if (rate === 'inf' || rate === null) {
    // Every request queued at once: the server runs as many as it holds, the rest wait (a closed batch).
    const perSecond = requestCapacityPerSecond(step, traffic, inFlight);
    if (r.load.output_tokens_per_s !== null)
      out.push(score(base, 'output-tps', r.load.output_tokens_per_s, perSecond * r.load.output_tokens));
    if (r.load.mean_itl_ms !== null) out.push(score(base, 'itl', r.load.mean_itl_ms, step.stepSeconds(inFlight) * 1e3));
    return out;
  }
  const latency = latencyAt(step, { ...traffic, requestsPerSecond: rate }, slots);
  const perSecond = Math.min(rate, requestCapacityPerSecond(step, traffic, slots));
  if (r.load.output_tokens_per_s !== null)
    out.push(score(base, 'output-tps', r.load.output_tokens_per_s, perSecond * r.load.output_tokens));
  if (latency.stable) {
    if (r.load.mean_ttft_ms !== null) out.push(score(base, 'ttft', r.load.mean_ttft_ms, latency.ttftMs));
    if (r.load.mean_itl_ms !== null) out.push(score(base, 'itl', r.load.mean_itl_ms, latency.itlMs));
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
    const preset = presets.find((p) => p.id === r.model.id);
    const shape = shapes.find((s) => s.id === r.model.id);
    const modelInput = (preset ? preset.id : shape?.shape) as EstimateInput['model'];
    const { model } = resolveModel(modelInput, presets);
    const card = cards.get(r.gpu.card) as Card;
    const setup = setupOf(r, card, preset, weights);
    const base = {
      record: r,
      group: r.source.label,
      inSpeedFit: r.kind === 'throughput' && fitRepos.has(repositoryOf(r.source.url)),
    };
    const result =
      r.kind === 'kv_pool'
        ? scoreKv(r, model, card, setup, base)
        : scoreThroughput(r, model, modelInput, card, setup, base);
    if (typeof result === 'string') skipped.push({ id: r.id, why: result });
    else scored.push(...result);
  }
  return { scored, skipped };
}
