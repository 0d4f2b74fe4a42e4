import type { ModelPreset } from '../catalog';
import type { EstimateInput } from '../estimate/input';
import { InputError } from '../errors';
import { resolveInput, type ResolvedInput } from '../estimate/resolve-input';
import { resolveModel } from '../estimate/shape';

/** How quickly a run's weight falls off as its configuration moves away from the target. */
export interface SimilarityOptions {
  /** Kernel widths on |ln ratio| (Gaussian): params, sequence length, micro-batch, GPU count. */
  paramsLogWidth: number;
  seqLogWidth: number;
  batchLogWidth: number;
  gpusLogWidth: number;
  /** Weight multiplier for a run on another card of the same family (A100 SXM vs PCIe). */
  siblingCardWeight: number;
  /** Weight multiplier per differing setting (checkpointing, sharding, optimizer, attention kernel, LoRA). */
  settingMismatchWeight: number;
  /** Presets, to read the size of a model given by id. */
  presets: ModelPreset[];
}

/**
 * Chosen a priori, not fitted: a 2× size gap keeps ~60% weight and a 10× gap ~0; seq and batch
 * matter less (the estimator already scales them), a different card of the family counts half.
 */
export const DEFAULT_SIMILARITY: SimilarityOptions = {
  paramsLogWidth: 0.7,
  seqLogWidth: 1,
  batchLogWidth: 1,
  gpusLogWidth: 0.7,
  siblingCardWeight: 0.5,
  settingMismatchWeight: 0.5,
  presets: [],
};

/** Cards whose measurements transfer: same silicon, other memory size or form factor. */
const FAMILY_ALIASES: Record<string, string> = { a800: 'a100', h800: 'h100' };

/**
 * The card family of a catalog id: "a100-80gb-pcie" → "a100", "a800-80gb" → "a100" (an A100 with a
 * slower NVLink), "h20-96gb" → "h20", "rtx-4090" → "rtx-4090". Unknown ids keep their own family.
 */
export function cardFamily(cardId: string): string {
  const base = cardId
    .trim()
    .toLowerCase()
    .replace(/-(pcie|sxm\d?|nvl)$/, '')
    .replace(/-\d+gb$/, '')
    .replace(/-(pcie|sxm\d?|nvl)$/, '');
  return FAMILY_ALIASES[base] ?? base;
}

/** A configuration as the estimator reads it: every default filled in, and its parameter count where readable. */
export interface Resolved {
  input: ResolvedInput;
  /** null when the model is neither a preset of `presets` nor a readable size. */
  params: number | null;
}

/** The configuration with the estimator's defaults filled in; null when the estimator would reject it. */
export function resolveConfig(config: EstimateInput, presets: ModelPreset[]): Resolved | null {
  let input: ResolvedInput;
  try {
    input = resolveInput(config).resolved;
  } catch (error) {
    if (error instanceof InputError) return null;
    throw error;
  }
  let params: number | null;
  try {
    params = resolveModel(config.model, presets).model.params;
  } catch (error) {
    if (!(error instanceof InputError)) throw error;
    params = null;
  }
  return { input, params };
}

/** True when two configurations can share a correction at all: same method and weight format. */
function sameKind(a: ResolvedInput, b: ResolvedInput): boolean {
  return a.method === b.method && a.precision === b.precision && a.quant === b.quant;
}

function gaussian(a: number, b: number, width: number): number {
  if (!(a > 0) || !(b > 0) || !Number.isFinite(a) || !Number.isFinite(b)) return a === b ? 1 : 0;
  const d = Math.log(a / b) / width;
  return Math.exp(-0.5 * d * d);
}

function loraKey(config: ResolvedInput): string {
  if (!config.lora) return '';
  const targets = config.lora.targets;
  return `${config.lora.rank}:${Array.isArray(targets) ? [...targets].sort().join(',') : targets}`;
}

/** Settings the estimator models but a run may differ in; each difference halves the weight. */
function settingMismatches(a: ResolvedInput, b: ResolvedInput): number {
  const pairs: Array<[unknown, unknown]> = [
    [a.gradientCheckpointing, b.gradientCheckpointing],
    [a.sharding, b.sharding],
    [a.optimizer, b.optimizer],
    [a.flashAttention, b.flashAttention],
    [loraKey(a), loraKey(b)],
    [a.optimizerInBackward, b.optimizerInBackward],
    [a.chunkedCrossEntropy, b.chunkedCrossEntropy],
    [a.activationOffload, b.activationOffload],
    [a.optimizerOffload, b.optimizerOffload],
    [a.inferenceRuntime, b.inferenceRuntime],
  ];
  return pairs.filter(([x, y]) => x !== y).length;
}

/**
 * Weight in [0, 1] of a run for a target: 0 across card families, methods or weight formats, else a
 * product of Gaussian kernels on |ln ratio| of size, sequence, batch and GPU count. Both configurations
 * are compared as the estimator resolves them (its defaults filled in); one it would reject weighs 0.
 */
export function similarityWeight(
  target: { config: EstimateInput; card: string },
  run: { config: EstimateInput; card: string; gpus: number },
  opts: SimilarityOptions = DEFAULT_SIMILARITY,
): number {
  return similarityTo(target, opts)(run);
}

/** similarityWeight with the target resolved once, for weighing many runs against it. */
export function similarityTo(
  target: { config: EstimateInput; card: string },
  opts: SimilarityOptions = DEFAULT_SIMILARITY,
): (run: { config: EstimateInput; card: string; gpus: number }) => number {
  const weigh = resolvedSimilarityTo(target, opts);
  return (run) => weigh({ ...run, resolved: resolveConfig(run.config, opts.presets) });
}

/**
 * Runs that can weigh anything for each other share this key: card family, method and weight format.
 * null for a configuration the estimator rejects.
 */
export function kindKey(card: string, resolved: Resolved | null): string | null {
  if (resolved === null) return null;
  const { method, precision, quant } = resolved.input;
  return `${cardFamily(card)}|${method}|${precision}|${quant ?? ''}`;
}

/** similarityTo for runs resolved beforehand (resolveConfig), so that many targets can weigh them cheaply. */
export function resolvedSimilarityTo(
  target: { config: EstimateInput; card: string },
  opts: SimilarityOptions = DEFAULT_SIMILARITY,
): ((run: { config: EstimateInput; card: string; gpus: number; resolved: Resolved | null }) => number) & {
  key: string | null;
} {
  const t = resolveConfig(target.config, opts.presets);
  const family = cardFamily(target.card);
  const weigh = (run: { config: EstimateInput; card: string; gpus: number; resolved: Resolved | null }) => {
    if (t === null || family !== cardFamily(run.card)) return 0;
    const r = run.resolved;
    if (r === null || !sameKind(t.input, r.input)) return 0;
    const size =
      t.params !== null && r.params !== null
        ? gaussian(t.params, r.params, opts.paramsLogWidth)
        : target.config.model === run.config.model
          ? 1
          : 0;
    const card = target.card === run.card ? 1 : opts.siblingCardWeight;
    const weight =
      size *
      card *
      gaussian(t.input.seqLen, r.input.seqLen, opts.seqLogWidth) *
      gaussian(t.input.batchSize, r.input.batchSize, opts.batchLogWidth) *
      gaussian(t.input.gpus, run.gpus, opts.gpusLogWidth) *
      opts.settingMismatchWeight ** settingMismatches(t.input, r.input);
    return Number.isFinite(weight) ? Math.min(1, Math.max(0, weight)) : 0;
  };
  return Object.assign(weigh, { key: kindKey(target.card, t) });
}
