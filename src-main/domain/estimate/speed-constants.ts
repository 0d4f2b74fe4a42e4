import type { Card } from '../catalog';

/**
 * Constants of the speed model that are not fitted (defaults of a program, link and memory rates).
 * The fitted ones live in fitted-constants.ts, written by scripts/fit-constants.ts.
 */
export const SPEED = {
  /** llama.cpp default micro-batch (ubatch) of a layer-split prefill: llama.cpp common defaults, n_ubatch 512. */
  prefillMicroBatchTokens: 512,
  /** NCCL bus bandwidth reached over NVLink as a share of one direction's peak (A100: ~230 of 300 GB/s). */
  nvlinkBusEfficiency: 0.75,
  /**
   * NCCL all-reduce bus bandwidth over PCIe gen 4 x16 in GB/s; doubles per generation. Not fitted: eight RTX 5090
   * on PCIe 5.0 reach 28 GB/s and eight 4090 "little difference" (NVIDIA/nccl#1639, docs/sources.md), so 20 for
   * gen 4; the doubling overstates gen 5.
   */
  pcieGen4BusGBps: 20,
  /**
   * Host↔GPU copy bandwidth over PCIe gen 4 x16 in GB/s, one direction, pinned memory: 32 GB/s raw, about
   * 25 GB/s in NVIDIA's bandwidthTest; doubles per generation. Not fitted; rests on no measurement in data/.
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

/**
 * Classifies a card by memory type: GeForce/RTX/workstation names are GDDR, the HBM datacenter parts by
 * name (the V100's 900 GB/s is HBM2, NVIDIA V100 datasheet), else under 1.5 TB/s is GDDR.
 */
export function memoryClass(card: Pick<Card, 'name' | 'bandwidthGBps'>): MemoryClass {
  if (/\b(RTX|GeForce|TITAN|Quadro)\b/i.test(card.name)) return 'gddr';
  if (/\b(P100|V100)\b/i.test(card.name)) return 'hbm';
  return card.bandwidthGBps >= 1500 ? 'hbm' : 'gddr';
}
