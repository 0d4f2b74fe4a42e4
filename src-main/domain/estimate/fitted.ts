/**
 * The constants of the estimator that are fitted on published measurements rather than taken from a
 * datasheet or a formula. scripts/fit-constants.ts fits them (`npm run fit:constants`) inside the bounds
 * below and writes the values, with the rows, sources and leave-one-source-out folds behind each, to
 * fitted-constants.ts; `npm run accuracy` refits them inside every fold it scores. Nothing else in the
 * estimator is fitted, and nothing here is tuned per row.
 */
export interface FittedConstants {
  /** Model FLOPs utilization of full fine-tuning: achieved ÷ dense BF16 (or FP32) peak. */
  mfuFull: number;
  /** The same for LoRA/QLoRA (adapter ops and frozen-weight passes lower it). */
  mfuLora: number;
  /** MFU multiplier for mixture-of-experts models (routing, token permutation, small expert GEMMs). */
  moeMfuFactor: number;
  /** Share of peak DRAM bandwidth a decode step reaches on a GDDR card (GeForce, workstation, L40S…). */
  decodeBandwidthEfficiencyGddr: number;
  /** The same on an HBM card (A100, H100, H20…). */
  decodeBandwidthEfficiencyHbm: number;
  /** Prefill (prompt) throughput as a share of dense BF16 peak. */
  prefillEfficiency: number;
  /** Fixed time per layer of a decode step in an efficient runtime (kernel launches, sync), seconds. */
  layerOverheadSeconds: number;
  /** CPU dispatch time per layer of a decode step in eager PyTorch (HF generate), a floor under the GPU time, seconds. */
  eagerLayerFloorSeconds: number;
  /** Extra time per decode step for each further GPU of a layer split (activation hop), seconds. */
  pipelineHopSeconds: number;
  /** Fixed time of one tensor-parallel all-reduce of a decode step (NCCL small-message latency), seconds. */
  tensorParallelAllReduceSeconds: number;
  /** Speed-up of a training step's matmul-bound GPU time under torch.compile (fused elementwise ops). */
  compileSpeedup: number;
  /** CPU time eager PyTorch spends dispatching one operator call of a training step, seconds (speed-step.ts). */
  dispatchSecondsPerOp: number;
  /**
   * Share of the shorter of a micro-batch's GPU time and its CPU dispatch time that does not overlap the longer
   * (speed-step.ts): 0 when the CPU always runs ahead of the GPU, 1 when each waits for the other.
   */
  overheadExposedShare: number;
  /**
   * Time of one parameter-gathering hook call that waits on no link, seconds (speed-step.ts): an FSDP unit's on one GPU
   * (NO_SHARD: hooks and a one-rank all-reduce), and a DeepSpeed ZeRO-3 module's fetch on any number of GPUs.
   */
  hookCallSeconds: number;
  /** Exposed time of one FSDP collective call of a training step (hooks, launch, rate limiter), seconds (speed-step.ts). */
  fsdpCollectiveSeconds: number;
  /** Share of DRAM bandwidth a training step's weight streaming and dequantization reach (speed-step.ts). */
  trainingStreamEfficiency: number;
  /** Share of DRAM bandwidth the optimizer step reaches over its states (speed-step.ts). */
  optimizerBandwidthEfficiency: number;
  /** Share of a micro-batch's GPU time that collectives on their own stream hide behind (speed-step.ts). */
  commOverlap: number;
  /** Share of the short-lived tensors (activations, logits) the caching allocator keeps reserved beyond the allocated peak. */
  allocatorReserveFraction: number;
  /** Share of a growing HF dynamic KV cache left reserved on average (re-allocated by torch.cat each token). */
  growingCacheReserveFraction: number;
}

export type FittedConstantName = keyof FittedConstants;

/** What the fit may choose for one constant, and why those limits. */
export interface ConstantBounds {
  min: number;
  max: number;
  /** Value used when a fold has no row that informs the constant. */
  prior: number;
  /** Why these limits are physically plausible. */
  why: string;
}

/**
 * Plausibility limits. Dense BF16 MFU stays ≤ 0.6: the best published dense training runs reach
 * 0.55–0.6 of peak (Megatron-LM, Narayanan et al. 2021, 52% on A100; PaLM, Chowdhery et al. 2022,
 * 46.2% MFU), and no source in data/ shows more. No factor speeds up GeForce cards: none is cited.
 * Efficiencies are shares, so at most 1; times are non-negative.
 */
export const BOUNDS: Record<FittedConstantName, ConstantBounds> = {
  mfuFull: {
    min: 0.05,
    max: 0.6,
    prior: 0.4,
    why: 'dense BF16 MFU ≤ 0.6 (Megatron-LM 52% on A100; PaLM 46.2%); prior 0.4 = the 6·P/(0.4·peak) rule',
  },
  mfuLora: { min: 0.05, max: 0.6, prior: 0.4, why: 'same limit as full fine-tuning' },
  moeMfuFactor: { min: 0.2, max: 1, prior: 1, why: 'routing never makes the dense GEMMs faster' },
  decodeBandwidthEfficiencyGddr: { min: 0.2, max: 1, prior: 0.7, why: 'a share of peak DRAM bandwidth' },
  decodeBandwidthEfficiencyHbm: { min: 0.2, max: 1, prior: 0.7, why: 'a share of peak DRAM bandwidth' },
  prefillEfficiency: { min: 0.02, max: 0.8, prior: 0.4, why: 'a share of dense peak, below the best GEMM efficiency' },
  layerOverheadSeconds: { min: 0, max: 1e-3, prior: 0.05e-3, why: 'launch and sync time per layer: 0–1 ms' },
  eagerLayerFloorSeconds: { min: 0, max: 5e-3, prior: 0.5e-3, why: 'Python dispatch per layer: 0–5 ms' },
  pipelineHopSeconds: { min: 0, max: 5e-3, prior: 0.2e-3, why: 'one activation copy between GPUs: 0–5 ms' },
  tensorParallelAllReduceSeconds: {
    min: 0,
    max: 200e-6,
    prior: 20e-6,
    why: 'one small all-reduce between GPUs of a machine: microseconds to a few tenths of a millisecond',
  },
  compileSpeedup: {
    min: 1,
    max: 1.15,
    prior: 1,
    why: 'torch.compile fuses the memory-bound ops between matmuls (Horace He, "Making Deep Learning Go Brrrr", Operator Fusion): never slower; at most the MFU a cited compiled run shows, 0.6 × 1.15 ≈ 0.69 (torchtune README, Llama 3.2 3B with compile on an A100: 8998 tokens/s × 2.35e10 FLOPs/token = 68% of 312 TFLOPS)',
  },
  dispatchSecondsPerOp: {
    min: 1e-6,
    max: 100e-6,
    prior: 10e-6,
    why: 'CPU time of one eager operator call: microseconds to tens of microseconds (Horace He, "Making Deep Learning Go Brrrr", Overhead)',
  },
  overheadExposedShare: {
    min: 0,
    max: 1,
    prior: 0,
    why: 'a share: 0 = dispatch hidden behind GPU work (the longer of the two), 1 = the two add up (a host sync before every kernel)',
  },
  hookCallSeconds: {
    min: 0,
    max: 2e-3,
    prior: 0,
    why: "Python hooks of one FSDP unit or one ZeRO-3 module and the NCCL call they start: microseconds to a millisecond (fitted on fms-acceleration's runs under FSDP on one GPU, the only runs in data/ that inform it; the Qwen README's runs under ZeRO-3 test it without informing it, scripts/accuracy/fit.ts)",
  },
  fsdpCollectiveSeconds: {
    min: 0,
    max: 2e-3,
    prior: 0,
    why: 'one FSDP unshard or reduce-scatter with its Python hooks, from NCCL small-message latency (microseconds) to the CPU wait of FSDP1 limit_all_gathers (a few tenths of a millisecond to a millisecond)',
  },
  trainingStreamEfficiency: { min: 0.05, max: 1, prior: 0.5, why: 'a share of peak DRAM bandwidth' },
  optimizerBandwidthEfficiency: { min: 0.05, max: 1, prior: 0.5, why: 'a share of peak DRAM bandwidth' },
  commOverlap: {
    min: 0,
    max: 1,
    prior: 0.5,
    why: 'a share: 0 = collectives fully exposed, 1 = hidden while compute lasts',
  },
  allocatorReserveFraction: { min: 0, max: 1, prior: 0.25, why: 'a share of the transient tensors' },
  growingCacheReserveFraction: { min: 0, max: 1, prior: 0.5, why: 'a share of one extra cache copy' },
};
