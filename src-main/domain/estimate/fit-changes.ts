import type { Card } from '../catalog';
import { msg, type Message } from '../messages';
import type { EstimateInput, ResolvedModel } from './input';
import { DEFAULT_HEADROOM_FRACTION, peakPerGpu, resolveEstimate, usableBytes, type EstimateContext } from './memory';
import { resolveInput, type ResolvedInput } from './resolve-input';
import { largestBatch, longestSeq } from './solve';
import { cheapestFirst } from './fit-rows';
import { estimateSpeed } from './speed';
import { splitsBase } from './choices';
import { shardingsToFit } from './framework-traits';

/** One change that makes a configuration fit a card, with what it costs. */
export interface FitChange {
  /** What to change, in words. */
  change: Message;
  /** What the change gives up besides time, where it changes the result or the job. */
  tradeOff: Message | null;
  /** The configuration with the change made. */
  input: EstimateInput;
  /** Peak per GPU with the change (nvidia-smi), and whether it fits with the headroom. */
  totalBytes: number;
  fits: boolean;
  gpus: number;
  /** Wall time per token with the change ÷ without it (estimated speed on the card); null where no speed is modelled. */
  timeFactor: number | null;
  /** GPU-hours per token with the change ÷ without it: what it costs on a rented card. */
  gpuHoursFactor: number | null;
}

/** The answer to "what would make it fit on this card?". */
export interface FitAdvice {
  card: string;
  /** Peak per GPU of the configuration as given, and the memory it may use on the card. */
  totalBytes: number;
  usableBytes: number;
  fits: boolean;
  /** Single changes that fit, cheapest in GPU-hours first (ties: smaller peak first). */
  changes: FitChange[];
  /**
   * Changes that keep the job as it is, made together, cheapest first, until the peak fits: given
   * where it costs less than the cheapest single change (or none fits alone), else null.
   */
  combined: FitChange | null;
  /**
   * Each change to the job (QLoRA instead of LoRA, a shorter sequence…) that does not fit alone, made together with
   * the job-keeping changes it still needs, found as `combined` is (13B LoRA on 24 GB: QLoRA and an activation
   * offload, on one card), cheapest first; only where it saves enough against every way that keeps the job
   * (JOB_CHANGE_MIN_SAVING). The answer a person gives first is often one of these, and neither list above holds it.
   */
  completed: FitChange[];
}

/** GPU counts tried for ZeRO-2 and ZeRO-3 / FSDP (one node). */
const SHARDED_GPUS = [2, 4, 8] as const;

interface Candidate {
  change: Message;
  tradeOff: Message | null;
  input: EstimateInput;
  /**
   * Changes the job or what is trained (a shorter context, fewer sequences, LoRA or QLoRA for
   * full, a quantized base), so never part of a combination: a combination keeps the run as asked.
   */
  changesJob: boolean;
  /** Alternatives of one change (ZeRO-3 over 2, 4, 8 cards): only the first that fits is listed. */
  family: string | null;
}

/**
 * For a configuration that does not fit `card`, the changes that make it fit (gradient
 * checkpointing; a smaller micro-batch with more accumulation; a shorter sequence; an 8-bit
 * optimizer; chunked cross-entropy; LoRA instead of full; QLoRA; ZeRO-2 (full) or ZeRO-3 over N cards; CPU
 * offload; for inference a smaller batch or context, an fp8 KV cache, a quantized base, more
 * cards), each with its new peak and its estimated time cost on the card. Pure.
 */
export function fitChanges(input: EstimateInput, card: Card, ctx: EstimateContext): FitAdvice {
  const usable = usableBytes(card, ctx.headroomFraction ?? DEFAULT_HEADROOM_FRACTION);
  const { resolved, model } = resolveEstimate(input, ctx.presets);
  const base = peak(model, resolved, ctx);
  const advice: FitAdvice = {
    card: card.id,
    totalBytes: base,
    usableBytes: usable,
    fits: base <= usable,
    changes: [],
    combined: null,
    completed: [],
  };
  if (advice.fits) return advice;
  const baseSpeed = throughput(input, model, card);
  const measure = (candidate: Candidate): FitChange | null => {
    let r: ResolvedInput;
    try {
      r = resolveInput(candidate.input).resolved;
    } catch {
      return null; // an incoherent combination for this input (e.g. QLoRA of a method that has none)
    }
    const totalBytes = peak(model, r, ctx);
    const speed = throughput(candidate.input, model, card);
    const timeFactor = baseSpeed !== null && speed !== null && speed > 0 ? baseSpeed / speed : null;
    return {
      change: candidate.change,
      tradeOff: candidate.tradeOff,
      input: candidate.input,
      totalBytes,
      fits: totalBytes <= usable,
      gpus: r.gpus,
      timeFactor,
      gpuHoursFactor: timeFactor === null ? null : (timeFactor * r.gpus) / resolved.gpus,
    };
  };
  const measured = candidatesFor(input, resolved, card, ctx).map((candidate) => ({
    candidate,
    result: measure(candidate),
  }));
  const listed = new Set<string>();
  advice.changes = measured
    .flatMap(({ candidate, result }) => {
      if (!result || !result.fits || result.totalBytes >= base) return [];
      if (candidate.family !== null) {
        if (listed.has(candidate.family)) return [];
        listed.add(candidate.family);
      }
      return [result];
    })
    .sort(cheapestFirst);
  const combined = combine({ input, peak: base, factor: 1, steps: [], tradeOffs: [] }, card, ctx, measure);
  const cheapest = advice.changes[0];
  if (combined && combined.steps > 1 && (!cheapest || cheapestFirst(combined.change, cheapest) < 0)) {
    advice.combined = combined.change;
  }
  // A change to the job is worth listing only where it costs clearly less than every way that keeps the job.
  const keeping = measured.flatMap(({ candidate, result }) =>
    !candidate.changesJob && result?.fits && result.totalBytes < base ? [result] : [],
  );
  if (combined) keeping.push(combined.change);
  const cheapestKeeping = keeping.sort(cheapestFirst)[0];
  advice.completed = measured
    .flatMap(({ candidate, result }) => {
      if (!candidate.changesJob || !result || result.fits || result.totalBytes >= base) return [];
      const start = {
        input: candidate.input,
        peak: result.totalBytes,
        factor: result.gpuHoursFactor ?? 1,
        steps: [{ family: candidate.family, change: candidate.change }],
        tradeOffs: candidate.tradeOff ? [candidate.tradeOff] : [],
      };
      const done = combine(start, card, ctx, measure);
      if (!done || !savesEnough(done.change, cheapestKeeping)) return [];
      return [done.change];
    })
    .sort(cheapestFirst);
  return advice;
}

/**
 * The least share of GPU-hours a change to the job must save against the cheapest way that keeps the job to be
 * listed: giving up something of the result for a rounding error of the bill is no advice.
 */
const JOB_CHANGE_MIN_SAVING = 0.05;

function savesEnough(change: FitChange, keeping: FitChange | undefined): boolean {
  if (!keeping) return true;
  if (keeping.gpuHoursFactor === null) return change.gpuHoursFactor !== null;
  return (
    change.gpuHoursFactor !== null && change.gpuHoursFactor <= keeping.gpuHoursFactor * (1 - JOB_CHANGE_MIN_SAVING)
  );
}

/** Steps a combination may take before it gives up. */
const MAX_STEPS = 10;

/** Where a combination starts: an input, its peak and GPU-hours factor, and the changes already made to reach it. */
interface CombinationStart {
  input: EstimateInput;
  peak: number;
  factor: number;
  steps: { family: string | null; change: Message }[];
  tradeOffs: Message[];
}

/**
 * Greedy: from the start, make the cheapest job-keeping change that lowers the peak, then look
 * again from there (a smaller micro-batch may only fit once checkpointing is on), until it fits.
 */
function combine(
  start: CombinationStart,
  card: Card,
  ctx: EstimateContext,
  measure: (candidate: Candidate) => FitChange | null,
): { change: FitChange; steps: number } | null {
  let current = start.input;
  let currentPeak = start.peak;
  let currentFactor = start.factor;
  const steps = [...start.steps];
  const tradeOffs = [...start.tradeOffs];
  for (let step = 0; step < MAX_STEPS; step++) {
    let resolved: ResolvedInput;
    try {
      resolved = resolveInput(current).resolved;
    } catch {
      return null;
    }
    const options = candidatesFor(current, resolved, card, ctx)
      .filter((candidate) => !candidate.changesJob)
      .flatMap((candidate) => {
        const result = measure(candidate);
        return result && result.totalBytes < currentPeak ? [{ candidate, result }] : [];
      });
    // The step that frees the most memory per unit of cost it adds (a step that costs nothing first).
    const factor = (c: FitChange) => c.gpuHoursFactor ?? Number.POSITIVE_INFINITY;
    const worth = (option: { result: FitChange }) =>
      (currentPeak - option.result.totalBytes) / Math.max(0.01, factor(option.result) / currentFactor - 1);
    const next = options.sort((a, b) => worth(b) - worth(a))[0];
    if (!next) return null;
    currentFactor = Number.isFinite(factor(next.result)) ? factor(next.result) : currentFactor;
    current = next.candidate.input;
    currentPeak = next.result.totalBytes;
    // A later step of the same family (ZeRO-3 over 8 cards after 2) replaces the earlier one.
    const same = steps.findIndex((s) => s.family !== null && s.family === next.candidate.family);
    if (same >= 0) steps.splice(same, 1);
    steps.push({ family: next.candidate.family, change: next.candidate.change });
    if (next.candidate.tradeOff) tradeOffs.push(next.candidate.tradeOff);
    if (next.result.fits) {
      const change: FitChange = {
        ...next.result,
        change:
          steps.length > 1 ? msg('fit.combined', { steps: joined(steps.map((s) => s.change)) }) : next.candidate.change,
        tradeOff: tradeOffs.length > 0 ? joined(tradeOffs) : null,
      };
      return { change, steps: steps.length };
    }
  }
  return null;
}

/** Messages joined as one list parameter ("a; b; c"), each rendered in the reader's language. */
function joined(messages: Message[]): Message {
  return messages.reduce((list, next) => msg('fit.and', { first: list, next }));
}

function peak(model: ResolvedModel, resolved: ResolvedInput, ctx: EstimateContext): number {
  return peakPerGpu(model, resolved, [], ctx.constants).perGpu.totalBytes;
}

/** Tokens per second the speed model gives (training: all GPUs; inference: decode), or null. */
function throughput(input: EstimateInput, model: ResolvedModel, card: Card): number | null {
  try {
    const speed = estimateSpeed(input, model, card);
    return speed.kind === 'train' ? speed.tokensPerSecond : speed.decodeTokensPerSecond;
  } catch {
    return null;
  }
}

function candidatesFor(input: EstimateInput, r: ResolvedInput, card: Card, ctx: EstimateContext): Candidate[] {
  const list: Candidate[] = [];
  const add = (
    change: Message,
    changed: Partial<EstimateInput>,
    tradeOff: Message | null = null,
    changesJob = false,
    family: string | null = null,
  ) => list.push({ change, tradeOff, input: { ...input, ...changed }, changesJob, family });
  const batch = largestBatch(input, card, ctx);
  if (batch >= 1 && batch < r.batchSize) {
    const steps = Math.ceil(r.batchSize / batch);
    add(
      r.method === 'inference'
        ? msg('fit.smallerBatchInference', { batch })
        : msg('fit.smallerBatch', { batch, steps }),
      { batchSize: batch },
      r.method === 'inference' ? msg('fit.tradeOff.fewerSequences') : null,
      r.method === 'inference',
    );
  }
  const seq = longestSeq(input, card, ctx);
  if (seq >= 1 && seq < r.seqLen) {
    add(msg('fit.shorterSequence', { seq }), { seqLen: seq }, msg('fit.tradeOff.shorterSequence'), true);
  }
  if (r.method === 'inference') {
    if (r.kvCachePrecision !== 'fp8' && r.kvCachePrecision !== 'int8' && r.kvCachePrecision !== 'int4') {
      add(msg('fit.fp8KvCache'), { kvCachePrecision: 'fp8' }, msg('fit.tradeOff.fp8KvCache'), true);
    }
    if (r.precision !== 'int8' && r.precision !== 'int4') {
      add(msg('fit.int8Weights'), { precision: 'int8', quant: 'bnb' }, msg('fit.tradeOff.quantized'), true);
      add(msg('fit.int4Weights'), { precision: 'int4', quant: 'awq' }, msg('fit.tradeOff.quantized'), true);
    }
    for (const gpus of SHARDED_GPUS) {
      if (gpus > r.gpus) add(msg('fit.splitInference', { count: gpus }), { gpus }, null, false, 'gpus');
    }
    return list;
  }
  if (!r.gradientCheckpointing) add(msg('fit.gradientCheckpointing'), { gradientCheckpointing: true });
  if (!r.chunkedCrossEntropy) add(msg('fit.chunkedCrossEntropy'), { chunkedCrossEntropy: true });
  if (r.optimizer === 'adamw') add(msg('fit.eightBitOptimizer'), { optimizer: 'adamw-8bit' });
  if (r.method === 'full') {
    add(msg('fit.lora'), { method: 'lora' }, msg('fit.tradeOff.lora'), true);
    add(msg('fit.qlora'), { method: 'qlora', precision: 'int4', quant: 'bnb' }, msg('fit.tradeOff.qlora'), true);
  } else if (r.method === 'lora') {
    add(msg('fit.qlora'), { method: 'qlora', precision: 'int4', quant: 'bnb' }, msg('fit.tradeOff.qlora'), true);
  }
  // One family: the first of them that fits is listed. At each count the shardings the framework fits with, in the
  // order Compare tries them (shardingsToFit, framework-traits.ts): ZeRO-2 first for full fine-tuning under DeepSpeed,
  // then ZeRO-3, or FSDP. A GPTQ, AWQ or GGUF base is not split (splitsBase).
  const unsplit = r.sharding === 'none' || r.sharding === 'zero1';
  for (const gpus of splitsBase(r.quant) ? SHARDED_GPUS : []) {
    for (const sharding of shardingsToFit(r.framework, r.method)) {
      const offered =
        sharding === 'zero2'
          ? gpus >= r.gpus && unsplit
          : gpus > r.gpus || (gpus === r.gpus && r.sharding !== 'zero3' && r.sharding !== 'fsdp');
      if (offered) {
        add(
          msg(sharding === 'zero2' ? 'fit.zero2' : 'fit.zero3', { count: gpus }),
          { gpus, sharding },
          null,
          false,
          'gpus',
        );
      }
    }
  }
  if (!r.optimizerOffload) add(msg('fit.cpuOffload'), { optimizerOffload: true }, msg('fit.tradeOff.cpuOffload'));
  if (!r.activationOffload) add(msg('fit.activationOffload'), { activationOffload: true });
  return list;
}
