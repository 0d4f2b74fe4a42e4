/**
 * DeepSpeed `estimate_zero2_model_states_mem_needs` / `estimate_zero3_model_states_mem_needs`
 * (Apache-2.0), re-implemented from DeepSpeed deepspeed/runtime/zero/stage_1_and_2.py and stage3.py, https://github.com/deepspeedai/DeepSpeed. Model states only:
 * 16-bit weights + fp32 Adam, no activations, no CUDA context. Per-GPU bytes, no offload.
 */

/** ZeRO-2, no offload: 2P + 18P/total_gpus (18 = 2 grads16 + 4 grads32 + 4 params32 + 8 Adam states). */
export function zero2GpuBytes(params: number, totalGpus: number): number {
  return 2 * params + (18 * params) / totalGpus;
}

/** ZeRO-3, no offload: 4·largest_layer_params + 18P/total_gpus. */
export function zero3GpuBytes(params: number, largestLayerParams: number, totalGpus: number): number {
  return 4 * largestLayerParams + (18 * params) / totalGpus;
}
