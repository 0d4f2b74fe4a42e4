/**
 * Vokturz/can-it-run-llm (Hugging Face Space) memory formulas, re-implemented from
 * can-it-run-llm src/utils.py, https://huggingface.co/spaces/Vokturz/can-it-run-llm (GPL-3.0 per a survey: no code was copied).
 * Computed in bytes throughout; the app itself prints GB.
 */

/** Loading dtype; the divisor applies to the fp32 model size (can-it-run-llm src/utils.py, https://huggingface.co/spaces/Vokturz/can-it-run-llm utils.calculate_memory). */
export type CanItRunDtype = 'float32' | 'float16/bfloat16' | 'int8' | 'int4';

const DTYPE_DIVISOR: Record<CanItRunDtype, number> = { float32: 1, 'float16/bfloat16': 2, int8: 4, int4: 8 };

export interface CanItRunResult {
  inferenceBytes: number;
  fullTrainingAdamBytes: number;
  loraBytes: number;
}

/**
 * The three figures the Space shows for one dtype (can-it-run-llm src/utils.py, https://huggingface.co/spaces/Vokturz/can-it-run-llm): Inference = size·1.2,
 * Training using Adam = size·4, LoRA = (size + P·pct/100·(16/8)·4)·1.2.
 */
export function canItRunMemory(params: number, dtype: CanItRunDtype, loraTrainablePercent = 2): CanItRunResult {
  const sizeBytes = (4 * params) / DTYPE_DIVISOR[dtype]; // calculate_maximum_sizes gives fp32 bytes = 4P
  return {
    inferenceBytes: sizeBytes * 1.2,
    fullTrainingAdamBytes: sizeBytes * 4,
    loraBytes: (sizeBytes + ((params * loraTrainablePercent) / 100) * (16 / 8) * 4) * 1.2,
  };
}

/** GPUs the Space says you need: ceil(memory / GPU RAM) (can-it-run-llm src/utils.py, https://huggingface.co/spaces/Vokturz/can-it-run-llm "Number of GPUs"). */
export function canItRunGpusNeeded(memoryBytes: number, gpuMemoryBytes: number): number {
  return Math.ceil(memoryBytes / gpuMemoryBytes);
}
