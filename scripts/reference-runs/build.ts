import type { EstimateInput } from '../../src-main/domain/estimate/input';
import type { ReferenceRun } from '../../src-main/domain/reference-runs';
import { Reading, type ReadingContext, cardOf, meterOf, peakBytes } from './reading';
import type { MeasurementRecord } from './record';
import { readSource } from './readers';
import { withRecipe } from './recipe';

/** A record that did not become a reference row, and why. */
export interface LeftOut {
  id: string;
  reason: string;
}

/**
 * data/reference-runs.json from data/measurements/public.json: every measured record of high or medium
 * trust, in file order, read by its source's reader (readers.ts). Estimated and low-trust records are left
 * out with the reason; serving benchmarks are kept with their citation and no estimate input.
 */
export function buildReferenceRuns(
  records: MeasurementRecord[],
  ctx: ReadingContext,
): { runs: ReferenceRun[]; leftOut: LeftOut[] } {
  const runs: ReferenceRun[] = [];
  const leftOut: LeftOut[] = [];
  for (const record of records) {
    const reason = exclusion(record);
    if (reason) leftOut.push({ id: record.id, reason });
    else runs.push(referenceRunOf(record, ctx));
  }
  return { runs, leftOut };
}

function exclusion(record: MeasurementRecord): string | null {
  if (record.kind === 'estimated') return 'estimated by its source, not measured';
  if (record.trust === 'low') return 'low trust (see the record notes)';
  return null;
}

/** One reference row: the source's reading plus the rules every source shares (units, meters, cards). */
export function referenceRunOf(record: MeasurementRecord, ctx: ReadingContext): ReferenceRun {
  const r = new Reading(record);
  // Every reference row holds a per-GPU peak: a memory summed over the GPUs stays in the measurement file.
  const summed = /^(total|sum)/.test(record.memory_scope ?? '');
  if (summed && record.peak_memory_value !== null)
    r.say('memory summed over the GPUs, not a per-GPU peak -> peakMemoryBytes null');
  const peak = summed ? null : peakBytes(r);
  const memoryMeter = meterOf(r);
  // A serving rate is many concurrent requests with their prefills: no step rate of a kind and scope.
  const serving = record.observation === 'serving_throughput';
  const throughputStated = record.throughput_unit === 'tokens/s' && !serving ? record.throughput_value : null;
  if (record.throughput_unit !== 'tokens/s' && record.throughput_reported !== null)
    r.say(`throughput not in tokens/s ("${record.throughput_reported}") -> null`);
  if (serving)
    r.say(
      `serving throughput ${record.throughput_reported} kept in data/measurements/public.json -> tokensPerSecond null`,
    );
  const card = cardOf(r, ctx);
  const source = readSource(r, ctx);
  const config =
    source.config === null
      ? null
      : ordered({ ...withRecipe(r, source.family, source.config), ...(card ? { gpu: card } : {}) });
  return {
    id: record.id,
    citation: {
      source: record.source,
      url: record.source_url,
      repo: record.source_repo,
      path: record.source_path,
      commit: record.source_commit,
    },
    core: record.core,
    trust: record.trust === 'high' ? 'high' : 'medium',
    modelName: record.model_name,
    gpuType: record.gpu_type,
    card,
    observation: record.observation,
    framework: record.framework,
    config,
    measured: {
      peakMemoryBytes: peak,
      memoryMeter,
      oom: record.oom === true || record.observation === 'oom',
      tokensPerSecond: throughputStated,
      throughputKind: throughputStated === null ? null : (source.throughputKind ?? null),
      throughputScope: throughputStated === null ? null : (source.throughputScope ?? null),
      nvidiaSmiPeakBytes:
        record.nvidia_smi_peak_mib === undefined ? null : Math.round(record.nvidia_smi_peak_mib * 2 ** 20),
    },
    recipe: {
      framework: source.family,
      gradientAccumulationSteps: record.gradient_accumulation_steps ?? null,
      packing: record.packing ?? null,
      tokensPerSample: record.tokens_per_sample ?? null,
      seqLenIsMean: record.seq_len === null && (record.tokens_per_sample ?? null) !== null,
      tensorParallel: record.tensor_parallel ?? null,
      notExpressible: r.notExpressible,
    },
    mapping: r.clauses.join('; ') || 'every field read as stated',
    notes: record.notes,
  };
}

/** The estimate input with its keys in one order, so the generated file diffs cleanly. */
function ordered(config: EstimateInput): EstimateInput {
  const order: Array<keyof EstimateInput> = [
    'model',
    'method',
    'framework',
    'precision',
    'quant',
    'quantBackend',
    'batchSize',
    'seqLen',
    'packing',
    'tokensPerSample',
    'promptTokens',
    'gradientAccumulationSteps',
    'optimizer',
    'fusedOptimizer',
    'mixedPrecision',
    'gradientCheckpointing',
    'flashAttention',
    'lora',
    'gpus',
    'sharding',
    'deepspeed',
    'kvCachePrecision',
    'gpu',
    'optimizerInBackward',
    'chunkedCrossEntropy',
    'fusedCrossEntropy',
    'activationOffload',
    'optimizerOffload',
    'kbitUpcast',
    'inferenceRuntime',
    'tensorParallel',
    'torchCompile',
    'fusedKernels',
  ];
  const known = new Set<string>(order);
  const extra = Object.keys(config).filter((k) => !known.has(k));
  if (extra.length > 0) throw new Error(`estimate input keys not ordered in build.ts: ${extra.join(', ')}`);
  return Object.fromEntries(order.filter((k) => config[k] !== undefined).map((k) => [k, config[k]])) as EstimateInput;
}
