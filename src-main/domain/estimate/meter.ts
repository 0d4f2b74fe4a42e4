import type { ReferenceRun } from '../reference-runs';
import { CUDA_CONTEXT_BYTES } from './runtime';

/** What read a published peak: torch's allocator stats, nvidia-smi, or an unstated meter. */
export type MemoryMeterReading = NonNullable<ReferenceRun['measured']['memoryMeter']>;

/**
 * The part of an estimate that a meter shows (data/measurements/README.md pitfalls, docs/sources.md: allocated ≤
 * active ≤ reserved < nvidia-smi, which adds the CUDA context). An unstated meter is read as nvidia-smi.
 */
export function bytesOnMeter(
  meter: MemoryMeterReading,
  perGpu: { totalBytes: number; allocatedBytes: number },
): number {
  switch (meter) {
    case 'torch-allocated':
    case 'torch-active':
      return perGpu.allocatedBytes;
    case 'torch-reserved':
      return perGpu.totalBytes - CUDA_CONTEXT_BYTES;
    case 'nvidia-smi':
    case 'unknown':
      return perGpu.totalBytes;
  }
}
