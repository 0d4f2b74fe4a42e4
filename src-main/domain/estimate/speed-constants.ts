import type { Card } from '../catalog';

/**
 * Global constants of the speed model. Every fitted number was fitted once on all published rows of a
 * kind (never per row) in data/reference-runs.json (copied from /work/shared/measurements/public.json);
 * speed-validation.test.ts prints the resulting errors.
 */
export const SPEED = {
  /** Training MFU of full fine-tuning on HBM datacenter cards; fitted on fms-acceleration + torchtune A100 rows. */
  mfuFull: 0.68,
  /** Training MFU of LoRA/QLoRA (adapter ops and frozen-weight overheads lower it); same fit. */
  mfuLora: 0.62,
  /** MFU multiplier for GDDR cards (RTX/A6000 class) vs HBM ones; fitted on the torchtune 4090/A6000 rows. */
  gddrMfuFactor: 1.2,
  /** MoE routing and token permutation overhead; fitted on the fms Mixtral rows. */
  moeMfuFactor: 0.86,
  /** Share of peak DRAM bandwidth a decode step reaches on GDDR cards; fitted on the llama.cpp tg1024 grid. */
  decodeBandwidthEfficiencyGddr: 0.92,
  /** Same for HBM cards (A100/H100 reach a lower share in llama.cpp); fitted on the same grid. */
  decodeBandwidthEfficiencyHbm: 0.56,
  /** Prefill (prompt) efficiency against dense BF16 peak; median of the llama.cpp pp1024 single-GPU rows. */
  prefillEfficiency: 0.35,
  /** Fixed time per layer per decode step (kernel launches, sync), added to the memory time; tg1024 fit. */
  layerOverheadSeconds: 0.093e-3,
  /**
   * PyTorch eager runtime (HF transformers generate): CPU dispatch time per layer per step, a floor under the
   * GPU time; the value minimizing the median error on the optimum GPTQ/fp16 rows (Llama-2-13B, A100).
   */
  eagerLayerFloorSeconds: 1.0e-3,
  /** Extra time per decode step for each additional GPU in a layer split (activation hop); tg1024 multi-GPU fit. */
  pipelineHopSeconds: 0.28e-3,
  /** llama.cpp default micro-batch (ubatch) of a layer-split prefill: llama.cpp common defaults, n_ubatch 512. */
  prefillMicroBatchTokens: 512,
  /** NCCL bus bandwidth reached over NVLink as a share of one direction's peak (A100: ~230 of 300 GB/s). */
  nvlinkBusEfficiency: 0.75,
  /**
   * NCCL all-reduce bus bandwidth over PCIe gen 4 x16 in GB/s; doubles per generation. Chosen so that 8 PCIe
   * cards give the 5–6x speed-up practitioners report for full fine-tuning (practice/001_d5ed0078eb5fc4fd.txt).
   */
  pcieGen4BusGBps: 20,
  /**
   * Host↔GPU copy bandwidth over PCIe gen 4 x16 in GB/s, one direction, pinned memory: 32 GB/s raw, about
   * 25 GB/s in NVIDIA's bandwidthTest; doubles per generation. Not fitted.
   */
  hostLinkGen4GBps: 25,
  /**
   * CPU memory bandwidth reached by an offloaded optimizer step, GB/s: a dual-socket 8-channel DDR4-3200 server
   * peaks at 410 GB/s and streams about half of that in STREAM-like read/write mixes. Not fitted; a desktop host
   * (2 channels, ~50 GB/s) is 4× slower.
   */
  hostMemoryGBps: 200,
} as const;

/** HBM datacenter card (A100/A800/H100/H20…) or GDDR card (GeForce RTX, RTX A6000, A40, L40S…). */
export type MemoryClass = 'hbm' | 'gddr';

/** Classifies a card by memory type: GeForce/RTX/workstation names or under 1.5 TB/s are GDDR. */
export function memoryClass(card: Pick<Card, 'name' | 'bandwidthGBps'>): MemoryClass {
  if (/\b(RTX|GeForce|TITAN|Quadro)\b/i.test(card.name)) return 'gddr';
  return card.bandwidthGBps >= 1500 ? 'hbm' : 'gddr';
}
