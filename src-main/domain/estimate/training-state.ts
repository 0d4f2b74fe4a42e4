import type { Optimizer, Precision } from './input';
import { dtypeBytes } from './units';

export interface TrainingStateBytes {
  /** Bytes per trainable param of the gradients. */
  gradient: number;
  /** Bytes per trainable param of the optimizer: fp32 master copy (if any) + states. */
  optimizer: number;
  /** The fp32 master copy's part of `optimizer` (0 without one). */
  master: number;
  /**
   * The part of `optimizer` held in CUDA managed (unified) memory: bitsandbytes' paged
   * optimizers allocate every state tensor of ≥ 1e5 elements with cudaMallocManaged, outside torch's caching
   * allocator, and the driver pages it to host memory when the GPU runs out
   * (bitsandbytes-foundation/bitsandbytes@95f9af30 bitsandbytes/optim/optimizer.py get_state_buffer,
   * bitsandbytes/functional.py get_paged → cget_managed_ptr).
   */
  managedState: number;
  /** Bytes per trainable param of the temporaries the optimizer step allocates. */
  stepTemporary: number;
}

/**
 * Per-trainable-parameter bytes of gradients and optimizer state. `precision` is the dtype the trainable
 * weights live in (for LoRA adapters: fp32 when PEFT upcasts them, else the compute dtype, with
 * `mixedPrecision` false). With `mixedPrecision` and 16-bit weights, gradients and states are fp32 and an
 * fp32 master copy is added.
 */
export function trainingStateBytes(
  optimizer: Optimizer,
  precision: Precision,
  mixedPrecision: boolean,
  fused = false,
): TrainingStateBytes {
  const pure = !mixedPrecision || precision === 'fp32';
  const stateBytes = pure ? dtypeBytes(precision) : 4;
  // Mixed precision keeps an fp32 master copy beside the 16-bit weights (Transformer Math 101: 4 B/param).
  const master = pure ? 0 : 4;
  // PyTorch AMP and DeepSpeed keep gradients in fp32 for the update (Scott Logic 2023: AMP ≈ +2 B/param over TM101).
  const gradient = pure ? dtypeBytes(precision) : 4;
  switch (optimizer) {
    case 'adamw':
    case 'paged-adamw':
      // Two moments in the state dtype (Transformer Math 101: 8 B/param in fp32); torch's default foreach
      // AdamW materializes sqrt(v) for the whole parameter list in the step (torch/optim/adamw.py
      // _multi_tensor_adamw): the fms full-FT rows peak at weights + grads + states + one copy at every batch.
      // fused=True runs _fused_adamw, one kernel per tensor group updating in place: no such copy (the torchtune
      // 'Optimization flags' row with checkpointing peaks at weights + grads + two bf16 moments, 24.9 GiB for 3.2B).
      return optimizer === 'paged-adamw'
        ? // bnb PagedAdamW updates each tensor in one kernel (optimizer_update_32bit, no foreach temporaries).
          { gradient, optimizer: master + 2 * stateBytes, master, managedState: 2 * stateBytes, stepTemporary: 0 }
        : {
            gradient,
            optimizer: master + 2 * stateBytes,
            master,
            managedState: 0,
            stepTemporary: fused ? 0 : stateBytes,
          };
    case 'adamw-8bit':
    case 'paged-adamw-8bit': {
      // bitsandbytes 8-bit AdamW: two uint8 states + one fp32 absmax per 2048-value block ≈ 2 B/param (bnb docs);
      // the paged variant holds them in managed memory (managedState above).
      const states = 2 + 8 / 2048;
      return optimizer === 'paged-adamw-8bit'
        ? { gradient, optimizer: master + states, master, managedState: states, stepTemporary: 0 }
        : { gradient, optimizer: master + states, master, managedState: 0, stepTemporary: 0 };
    }
    case 'sgd':
      // SGD with momentum: one state (Transformer Math 101: 4 B/param in fp32).
      return { gradient, optimizer: master + stateBytes, master, managedState: 0, stepTemporary: 0 };
  }
}
