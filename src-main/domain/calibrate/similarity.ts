import type { ModelPreset } from '../catalog';
import type { EstimateInput } from '../estimate/input';
import { parseParamCount } from '../estimate/units';

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

/** The weight format, with the scheme a quantized precision gets by default (bitsandbytes). */
function quantOf(config: EstimateInput): string {
  const quantized = config.precision === 'int4' || config.precision === 'int8';
  return config.quant ?? (quantized ? 'bnb' : 'none');
}

/** Parameter count of the configured model, or null when it cannot be read without the estimator. */
export function paramsOf(model: EstimateInput['model'], presets: ModelPreset[]): number | null {
  if (typeof model !== 'string') return model.params;
  const key = model.trim().toLowerCase();
  const preset = presets.find((p) => p.id === key);
  return preset ? preset.params : parseParamCount(key);
}

/** True when two configurations can share a correction at all: same method and weight format. */
export function sameKind(a: EstimateInput, b: EstimateInput): boolean {
  return a.method === b.method && a.precision === b.precision && quantOf(a) === quantOf(b);
}

function gaussian(a: number, b: number, width: number): number {
  if (!(a > 0) || !(b > 0) || !Number.isFinite(a) || !Number.isFinite(b)) return a === b ? 1 : 0;
  const d = Math.log(a / b) / width;
  return Math.exp(-0.5 * d * d);
}

function loraKey(config: EstimateInput): string {
  if (!config.lora) return '';
  const targets = config.lora.targets;
  return `${config.lora.rank}:${Array.isArray(targets) ? [...targets].sort().join(',') : targets}`;
}

/** Settings the estimator models but a run may differ in; each difference halves the weight. */
function settingMismatches(a: EstimateInput, b: EstimateInput): number {
  const pairs: Array<[unknown, unknown]> = [
    [a.gradientCheckpointing ?? false, b.gradientCheckpointing ?? false],
    [a.sharding ?? 'none', b.sharding ?? 'none'],
    [a.optimizer ?? 'adamw', b.optimizer ?? 'adamw'],
    [a.flashAttention ?? true, b.flashAttention ?? true],
    [loraKey(a), loraKey(b)],
    [a.optimizerInBackward ?? false, b.optimizerInBackward ?? false],
    [a.chunkedCrossEntropy ?? false, b.chunkedCrossEntropy ?? false],
    [a.activationOffload ?? false, b.activationOffload ?? false],
    [a.optimizerOffload ?? false, b.optimizerOffload ?? false],
    [a.inferenceRuntime ?? 'efficient', b.inferenceRuntime ?? 'efficient'],
  ];
  return pairs.filter(([x, y]) => x !== y).length;
}

/**
 * Weight in [0, 1] of a run for a target: 0 across card families, methods or weight formats, else a
 * product of Gaussian kernels on |ln ratio| of size, sequence, batch and GPU count.
 */
export function similarityWeight(
  target: { config: EstimateInput; card: string },
  run: { config: EstimateInput; card: string; gpus: number },
  opts: SimilarityOptions = DEFAULT_SIMILARITY,
): number {
  if (cardFamily(target.card) !== cardFamily(run.card)) return 0;
  if (!sameKind(target.config, run.config)) return 0;
  const targetParams = paramsOf(target.config.model, opts.presets);
  const runParams = paramsOf(run.config.model, opts.presets);
  const size =
    targetParams !== null && runParams !== null
      ? gaussian(targetParams, runParams, opts.paramsLogWidth)
      : target.config.model === run.config.model
        ? 1
        : 0;
  const card = target.card === run.card ? 1 : opts.siblingCardWeight;
  const weight =
    size *
    card *
    gaussian(target.config.seqLen, run.config.seqLen, opts.seqLogWidth) *
    gaussian(target.config.batchSize, run.config.batchSize, opts.batchLogWidth) *
    gaussian(target.config.gpus ?? 1, run.gpus, opts.gpusLogWidth) *
    opts.settingMismatchWeight ** settingMismatches(target.config, run.config);
  return Number.isFinite(weight) ? Math.min(1, Math.max(0, weight)) : 0;
}
