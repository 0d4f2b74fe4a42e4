import { msg } from '../messages';
import { readHalfPrecision } from './common';
import { asObject, RecipeReader, type RecipeFile } from './recipe';

const SHARDING = ['none', 'zero1', 'zero2', 'zero3'] as const;
const FRAMEWORK = [undefined, 'deepspeed-zero1', 'deepspeed-zero2', 'deepspeed-zero3'] as const;

/**
 * A DeepSpeed config JSON (deepspeedai/DeepSpeed docs/_pages/config-json.md): the ZeRO stage, its
 * buckets and overlap_comm, CPU/NVMe offload, the micro-batch and accumulation, bf16/fp16. "auto"
 * is the HF integration's placeholder (the Trainer fills it from its own arguments): said, not set.
 * `train_batch_size` = micro-batch × accumulation × GPUs gives the GPU count where all three are numbers.
 */
export function readDeepSpeed(data: Record<string, unknown>, file: string): RecipeFile {
  const r = new RecipeReader('deepspeed', file, data);
  const stage = r.get('zero_optimization.stage') ?? 0;
  if (!isStage(stage)) throw r.bad('zero_optimization.stage', stage, 'sharding');
  r.set('zero_optimization.stage', 'sharding', SHARDING[stage], stage);
  if (FRAMEWORK[stage]) r.set('zero_optimization.stage', 'framework', FRAMEWORK[stage], stage);
  r.number('zero_optimization.reduce_bucket_size', 'deepspeed.reduceBucketSize', { allowAuto: true });
  if (stage === 3) {
    // ZeRO-3 gathers each layer's parameters whole (the estimator's model), not by this bucket.
    const key = 'zero_optimization.stage3_prefetch_bucket_size';
    const prefetch = r.get(key);
    if (prefetch !== undefined && !r.isAuto(key, prefetch))
      r.note(msg('recipeFile.unmodelled', { key, value: String(prefetch) }));
    r.number('zero_optimization.sub_group_size', 'deepspeed.subGroupSize', { allowAuto: true });
  } else r.number('zero_optimization.allgather_bucket_size', 'deepspeed.allgatherBucketSize', { allowAuto: true });
  r.flag('zero_optimization.overlap_comm', 'deepspeed.overlapComm');
  for (const part of ['offload_optimizer', 'offload_param'] as const) {
    const key = `zero_optimization.${part}.device`;
    const device = r.text(key);
    if (device === 'cpu' || device === 'nvme') {
      r.set(key, 'optimizerOffload', true, device);
      if (part === 'offload_param') r.note(msg('recipeFile.paramOffload', { key }));
    } else if (device !== undefined && device !== 'none') throw r.bad(key, device);
  }
  const micro = r.number('train_micro_batch_size_per_gpu', 'batchSize', { allowAuto: true });
  const steps = r.number('gradient_accumulation_steps', 'gradientAccumulationSteps', { allowAuto: true });
  const total = r.get('train_batch_size');
  if (total !== undefined && !r.isAuto('train_batch_size', total) && micro !== undefined && steps !== undefined) {
    const gpus = Number(total) / (micro * steps);
    if (Number.isInteger(gpus) && gpus >= 1) r.set('train_batch_size', 'gpus', gpus, Number(total));
    else r.conflict(msg('recipeFile.conflict.trainBatch', { file, total: String(total), micro, steps }));
  }
  readHalfPrecision(r, 'bf16.enabled', 'fp16.enabled');
  const optimizer = asObject(r.get('optimizer'));
  if (optimizer && typeof optimizer.type === 'string' && !/^adamw?$/i.test(optimizer.type)) {
    r.note(msg('recipeFile.unmodelled', { key: 'optimizer.type', value: optimizer.type }));
  }
  return r.finish();
}

function isStage(value: unknown): value is 0 | 1 | 2 | 3 {
  return value === 0 || value === 1 || value === 2 || value === 3;
}

/**
 * A trainer recipe with the DeepSpeed JSON it points at: the JSON adds its sharding, buckets and
 * offload; the trainer's own values stand where the JSON says "auto", and a number in both that
 * differs (a micro-batch of 4 in the JSON, 2 in the trainer) is a conflict, the trainer's kept.
 */
export function withDeepSpeed(trainer: RecipeFile, deepspeed: RecipeFile): RecipeFile {
  const conflicts = [...trainer.conflicts, ...deepspeed.conflicts];
  const input: Record<string, unknown> = { ...deepspeed.input, ...trainer.input };
  if (trainer.input.framework === undefined || trainer.input.framework === 'hf-trainer-peft') {
    input.framework = deepspeed.input.framework ?? trainer.input.framework;
  }
  if (deepspeed.input.deepspeed) input.deepspeed = deepspeed.input.deepspeed;
  for (const field of ['batchSize', 'gradientAccumulationSteps', 'precision'] as const) {
    const [a, b] = [trainer.input[field], deepspeed.input[field]];
    if (a !== undefined && b !== undefined && a !== b) {
      conflicts.push(
        msg('recipeFile.conflict.deepspeedDiffers', {
          file: deepspeed.file,
          key: deepspeed.read.find((entry) => entry.field === field)?.key ?? field,
          value: String(b),
          trainer: trainer.file,
          trainerValue: String(a),
        }),
      );
    }
  }
  const trainerFields = new Set(trainer.read.map((entry) => entry.field));
  return {
    ...trainer,
    input,
    read: [
      ...trainer.read,
      ...deepspeed.read
        .filter((entry) => !trainerFields.has(entry.field))
        .map((entry) => ({ ...entry, key: `${deepspeed.file}: ${entry.key}` })),
    ],
    ignored: [...trainer.ignored, ...deepspeed.ignored.map((key) => `${deepspeed.file}: ${key}`)],
    conflicts: dedupe(conflicts),
    notes: [...trainer.notes, ...deepspeed.notes],
  };
}

function dedupe<T>(items: T[]): T[] {
  const seen = new Set<string>();
  return items.filter((item) => !seen.has(JSON.stringify(item)) && seen.add(JSON.stringify(item)) !== undefined);
}
