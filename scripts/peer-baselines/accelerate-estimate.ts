/**
 * huggingface/accelerate `accelerate estimate-memory` (Apache-2.0), re-implemented from
 * accelerate src/accelerate/commands/estimate.py, https://github.com/huggingface/accelerate: model size per dtype and the peak stage of Adam training.
 */

export type AccelerateDtype = 'float32' | 'float16' | 'int8' | 'int4';

const DTYPE_DIVISOR: Record<AccelerateDtype, number> = { float32: 1, float16: 2, int8: 4, int4: 8 };

/** "Total Size" for a dtype: the fp32 meta-model size divided by 1, 2, 4 or 8 (accelerate src/accelerate/commands/estimate.py, https://github.com/huggingface/accelerate gather_data). */
export function accelerateTotalSizeBytes(params: number, dtype: AccelerateDtype): number {
  return (4 * params) / DTYPE_DIVISOR[dtype];
}

/**
 * "Training using Adam": the largest of the model / gradients / optimizer / step stages
 * (accelerate src/accelerate/commands/estimate.py, https://github.com/huggingface/accelerate estimate_training_usage; the CLI prints max(stage values)). Null for int8/int4 ("N/A").
 */
export function accelerateTrainingPeakBytes(params: number, dtype: AccelerateDtype): number | null {
  const fp32Bytes = 4 * params;
  if (dtype === 'float32') return Math.max(fp32Bytes, fp32Bytes, 2 * fp32Bytes, 4 * fp32Bytes);
  if (dtype === 'float16') return Math.max(fp32Bytes, 1.5 * fp32Bytes, 2 * fp32Bytes, 2 * fp32Bytes);
  return null;
}
