import type { EstimateInput, LoraTarget } from '../../src-main/domain/estimate/input';
import type { ModelShape } from '../../src-main/domain/catalog';
import type { ReferenceRun } from '../../src-main/domain/reference-runs';
import type { MeasurementRecord } from './record';

/** A model shape of data/measurements/models.json, found by the record's model_name. */
export interface ShapeEntry {
  id: string;
  names: Array<{ name: string; mapping?: string }>;
  source: string;
  shape: ModelShape;
}

/** What a reader needs besides the record: shapes by model name and the ids of known cards. */
export interface ReadingContext {
  shapes: ShapeEntry[];
  cardIds: Set<string>;
}

/**
 * A reader's result while it reads one record: the fields it sets and the mapping clauses that
 * say how each ambiguous field was read. `clauses` become the row's `mapping` text, in order.
 */
export class Reading {
  readonly clauses: string[] = [];
  readonly notExpressible: string[] = [];

  constructor(readonly record: MeasurementRecord) {}

  /** Records how a field was read ("memory GB -> bytes (x1e9)"). */
  say(clause: string): void {
    if (!this.clauses.includes(clause)) this.clauses.push(clause);
  }

  /** Records a setting the source states that EstimateInput cannot carry; `clause` says it in the mapping. */
  cannotExpress(setting: string, clause = `${setting} not expressible`): void {
    if (!this.notExpressible.includes(setting)) this.notExpressible.push(setting);
    this.say(clause);
  }
}

/** Memory units with a factor to bytes; a unit ending in "?" is ambiguous and gives null. */
const UNIT_BYTES: Record<string, { factor: number; label: string }> = {
  bytes: { factor: 1, label: 'memory bytes -> bytes' },
  GB: { factor: 1e9, label: 'memory GB -> bytes (x1e9)' },
  GiB: { factor: 2 ** 30, label: 'memory GiB -> bytes (x2^30)' },
  MB: { factor: 1e6, label: 'memory MB -> bytes (x1e6)' },
  MiB: { factor: 2 ** 20, label: 'memory MiB -> bytes (x2^20)' },
};

/** The record's peak memory in bytes (exact arithmetic on the published value), or null. */
export function peakBytes(r: Reading): number | null {
  const { peak_memory_value: value, memory_unit: unit } = r.record;
  if (value === null || unit === null) return null;
  const known = UNIT_BYTES[unit];
  if (!known) {
    r.say(`memory unit "${unit}" ambiguous -> peakMemoryBytes null`);
    return null;
  }
  r.say(known.label);
  return Math.round(value * known.factor);
}

/** Reads a source's meter text: allocated, active, reserved (stated or "likely"), nvidia-smi, else unknown. */
export function meterOf(r: Reading): ReferenceRun['measured']['memoryMeter'] {
  const metric = r.record.memory_metric;
  if (metric === null) return null;
  if (/^likely .*reserved/i.test(metric)) {
    r.say('meter "likely reserved" per the source -> torch-reserved');
    return 'torch-reserved';
  }
  if (/^not stated \(torchtune/.test(metric)) {
    r.say('meter not stated (torchtune logs alloc/reserved/active) -> unknown');
    return 'unknown';
  }
  if (/^sum of llama\.cpp/.test(metric)) {
    r.say('meter = sum of llama.cpp CUDA0 buffers (weights+KV+compute, no CUDA context) -> unknown');
    return 'unknown';
  }
  if (/max_memory_allocated/.test(metric)) return 'torch-allocated';
  if (/active/.test(metric)) return 'torch-active';
  if (/reserved/.test(metric)) return 'torch-reserved';
  if (/nvidia-smi|nvml/i.test(metric)) return 'nvidia-smi';
  return 'unknown';
}

/** GPU names as the sources print them → card ids (cards.json / reference-cards.json). */
const CARD_BY_GPU: Record<string, { card: string | null; clause?: string }> = {
  'A100 80GB': { card: 'a100-80gb', clause: '"A100 80GB" form factor not stated -> SXM (a100-80gb)' },
  'A100 80GB (2 nodes x 8)': { card: 'a100-80gb' },
  A100: {
    card: 'a100-80gb',
    clause: '"A100" -> a100-80gb (60 GiB peaks in the same README imply 80GB; SXM assumed)',
  },
  'A100-SXM4-80GB': { card: 'a100-80gb' },
  'A100 40GB': { card: 'a100-40gb', clause: '"A100 40GB" form factor not stated -> SXM (a100-40gb)' },
  'A100 SXM 80GB': { card: 'a100-80gb' },
  'A100 PCIe 80GB': { card: 'a100-80gb-pcie' },
  'A10G 24GB': { card: 'a10g' },
  'A40 48GB': { card: 'a40' },
  'H100 PCIe 80GB': { card: 'h100-pcie' },
  'L40S 48GB': { card: 'l40s' },
  'RTX 3070 8GB': { card: 'rtx-3070' },
  'RTX 3080 10GB': { card: 'rtx-3080' },
  'RTX 3080 Ti 12GB': { card: 'rtx-3080-ti' },
  'RTX 3090 24GB': { card: 'rtx-3090' },
  'RTX 4000 Ada 20GB': { card: 'rtx-4000-ada' },
  'RTX 4070 Ti 12GB': { card: 'rtx-4070-ti' },
  'RTX 4080 16GB': { card: 'rtx-4080' },
  'RTX 4090 24GB': { card: 'rtx-4090' },
  'RTX 4090': { card: 'rtx-4090' },
  'RTX 5000 Ada 32GB': { card: 'rtx-5000-ada' },
  'RTX 6000 Ada 48GB': { card: 'rtx-6000-ada' },
  'RTX A6000 48GB': { card: 'rtx-a6000' },
  'RTX A6000': { card: 'rtx-a6000' },
  'V100-SXM2-16GB': { card: 'v100-sxm2-16gb' },
  'H100 SXM 80GB': { card: 'h100-sxm' },
  '4090 + 3090 Ti (mixed pair)': {
    card: null,
    clause: 'mixed GPU pair (RTX 4090 + RTX 3090 Ti) -> card null (an estimate runs on one card type)',
  },
  'not stated': { card: null, clause: 'GPU "not stated" -> card null' },
  '48GB GPU': { card: null, clause: 'GPU "48GB GPU" -> card null' },
};

/** The card id of the record's GPU; null (said in the mapping) when the source names none. */
export function cardOf(r: Reading, ctx: ReadingContext): string | null {
  const gpu = r.record.gpu_type;
  if (gpu === null) return null;
  const entry = CARD_BY_GPU[gpu];
  if (!entry) throw new Error(`${r.record.id}: GPU "${gpu}" has no card mapping in reading.ts`);
  if (entry.card !== null && !ctx.cardIds.has(entry.card))
    throw new Error(`${r.record.id}: card ${entry.card} is in no cards file`);
  if (entry.clause) r.say(entry.clause);
  return entry.card;
}

/** The model shape for the record's model_name (data/measurements/models.json). */
export function shapeOf(r: Reading, ctx: ReadingContext): ModelShape {
  for (const entry of ctx.shapes) {
    const named = entry.names.find((n) => n.name === r.record.model_name);
    if (named) {
      if (named.mapping) r.say(named.mapping);
      return entry.shape;
    }
  }
  throw new Error(`${r.record.id}: model "${r.record.model_name}" has no shape in data/measurements/models.json`);
}

/** HF / torchtune / litgpt module names → the estimator's LoRA targets; "all linear" forms → all-linear. */
export function loraTargetsOf(r: Reading, targets: string[]): NonNullable<EstimateInput['lora']>['targets'] {
  const names: Record<string, LoraTarget[]> = {
    q_proj: ['q'],
    q: ['q'],
    k_proj: ['k'],
    k: ['k'],
    v_proj: ['v'],
    v: ['v'],
    o_proj: ['o'],
    output_proj: ['o'],
    proj: ['o'],
    gate_proj: ['gate'],
    up_proj: ['up'],
    down_proj: ['down'],
    mlp: ['gate', 'up', 'down'],
  };
  const heads: string[] = targets.filter((t) => t === 'lm_head' || t === 'head');
  if (heads.length > 0) {
    r.cannotExpress(
      'LoRA on the LM head',
      heads.includes('lm_head')
        ? 'LoRA on lm_head not expressible -> omitted'
        : 'LoRA on head not expressible -> omitted',
    );
  }
  const mapped = targets.filter((t) => !heads.includes(t)).flatMap((t) => names[t] ?? []);
  const all: LoraTarget[] = ['q', 'k', 'v', 'o', 'gate', 'up', 'down'];
  if (all.every((t) => mapped.includes(t)) || targets.some((t) => /all linear/i.test(t))) return 'all-linear';
  return all.filter((t) => mapped.includes(t));
}

/** The stated sequence length, or for unpacked runs the mean tokens per sample the record derives. */
export function sequenceLengthOf(r: Reading): number {
  const rec = r.record;
  if (rec.seq_len !== null) return rec.seq_len;
  if (rec.tokens_per_sample === null || rec.tokens_per_sample === undefined)
    throw new Error(`${rec.id}: a row with neither seq_len nor tokens_per_sample`);
  r.say(
    `seqLen = mean tokens per sample ${rec.tokens_per_sample} (${rec.tokens_per_sample_note ?? 'derived'}), rounded`,
  );
  if (rec.packing === 'padded')
    r.cannotExpress('unpacked batches: memory peaks at the longest batch, seqLen is the mean');
  return Math.round(rec.tokens_per_sample);
}
