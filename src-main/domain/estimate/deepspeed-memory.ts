import type { Precision } from './input';
import type { ResolvedInput } from './resolve-input';
import { dtypeBytes } from './units';

/**
 * DeepSpeed ZeRO's gradient memory on one GPU, read from deepspeedai/DeepSpeed@edaa7221. DeepSpeed keeps the
 * gradients in the 16-bit parameter dtype and makes the fp32 gradient the optimizer steps on only at the step,
 * for what it steps at once. Also on one GPU: a trainer that wraps the model in DeepSpeed runs the same code.
 */
export interface DeepSpeedGradientBytes {
  /**
   * Held while backward runs. ZeRO-1: every 16-bit gradient (param.grad), from the second micro-batch of an
   * accumulation on. ZeRO-2: the partition buffer the reduced gradients are copied into (stage_1_and_2.py
   * `self.grads_in_partition = torch.empty(total_size, dtype=self.dtype)`), filled from the first bucket on.
   * ZeRO-3: its flat partition buffer, allocated once for the whole run (stage3.py
   * `grad_partitions_flat_buffer = torch.zeros(sum(p.partition_numel()), dtype=gradient_accumulation_dtype)`).
   */
  backward: number;
  /**
   * At the step. ZeRO-1/2 (stage_1_and_2.py step): the rank's 16-bit partition, a flattened copy of it
   * (`self.flatten(self.averaged_gradients[i])`) and that copy in fp32 (`.to(single_partition_of_fp32_groups[i]
   * .dtype)`) coexist before the 16-bit ones are freed; ZeRO-1 holds every 16-bit gradient until the others'
   * are freed first. ZeRO-3 (stage3.py step → _prepare_fp32_grad_for_sub_group): the partition buffer stays and
   * one sub-group at a time (sub_group_size elements at most) is flattened and copied to fp32.
   */
  step: number;
  /** The reduce bucket ZeRO-3 allocates once and keeps (stage3.py: one `reduce_bucket_size` buffer per dtype). */
  persistentBucket: number;
}

export function deepSpeedGradientBytes(
  r: ResolvedInput,
  trainableParams: number,
  computePrecision: Precision,
): DeepSpeedGradientBytes | null {
  const ds = r.deepspeed;
  if (!ds || (r.sharding !== 'zero1' && r.sharding !== 'zero2' && r.sharding !== 'zero3')) return null;
  const half = dtypeBytes(computePrecision);
  const persistentBucket = r.sharding === 'zero3' ? ds.reduceBucketSize * half : 0;
  // ZeRO-Offload keeps the gradient partitions and their fp32 copies in CPU memory (offload_optimizer).
  if (r.optimizerOffload) return { backward: 0, step: 0, persistentBucket };
  // `.to(torch.float32)` of a gradient already in fp32 returns the same tensor: no copy.
  const fp32 = half < 4 ? 4 : 0;
  const partition = trainableParams / r.gpus;
  if (r.sharding === 'zero3') {
    const subGroup = Math.min(ds.subGroupSize, partition);
    return { backward: partition * half, step: partition * half + subGroup * (half + fp32), persistentBucket };
  }
  const atCopy = partition * (2 * half + fp32);
  if (r.sharding === 'zero2') return { backward: partition * half, step: atCopy, persistentBucket };
  const every = trainableParams * half;
  return {
    backward: r.gradientAccumulationSteps > 1 ? every : 0,
    step: Math.max(every, atCopy),
    persistentBucket,
  };
}

/**
 * DeepSpeed ZeRO-1/2's gradient reduce buckets during backward: one buffer of reduce_bucket_size elements in the
 * 16-bit parameter dtype, and a second with overlap_comm (deepspeedai/DeepSpeed@edaa7221
 * deepspeed/runtime/zero/stage_1_and_2.py backward_prologue: `buf_0 = torch.empty(int(self.reduce_bucket_size),
 * dtype=self.dtype, …)`, `if self.overlap_comm: … buf_1`; contiguous_gradients defaults to True). Allocated
 * whatever the trainable count and on one GPU too, when a trainer wraps the model in DeepSpeed. ZeRO-3's single
 * persistent bucket is DeepSpeedGradientBytes.persistentBucket.
 */
export function deepSpeedBucketBytes(r: ResolvedInput, computePrecision: Precision): number {
  if (r.sharding !== 'zero1' && r.sharding !== 'zero2') return 0;
  const ds = r.deepspeed;
  if (!ds) return 0;
  return (1 + (ds.overlapComm ? 1 : 0)) * ds.reduceBucketSize * dtypeBytes(computePrecision);
}
