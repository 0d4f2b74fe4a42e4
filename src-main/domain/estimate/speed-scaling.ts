import type { Card } from '../catalog';
import type { Sharding } from './input';
import { SPEED, memoryClass } from './speed-constants';
import { msg, type Message } from '../messages';

/** All-reduce bus bandwidth between the cards of one machine, in bytes/s, and what it was derived from. */
function linkBusBandwidth(card: Card, gpus: number): { bytesPerSecond: number; label: Message } {
  const nvlink = card.interconnect.nvlinkGBps;
  // A bridge (GeForce, workstation and PCIe cards) joins only two cards; more talk over PCIe.
  const bridge = memoryClass(card) === 'gddr' || /PCIe/i.test(card.name);
  if (nvlink !== null && (gpus <= 2 || !bridge)) {
    // NVLink figures are totals of both directions; NCCL reaches ~75% of one direction.
    const gbps = (nvlink / 2) * SPEED.nvlinkBusEfficiency;
    return { bytesPerSecond: gbps * 1e9, label: msg('speed.link.nvlink', { total: nvlink, bus: gbps }) };
  }
  const gbps = SPEED.pcieGen4BusGBps * 2 ** (card.interconnect.pcieGen - 4);
  return {
    bytesPerSecond: gbps * 1e9,
    label: msg('speed.link.pcie', { gen: card.interconnect.pcieGen, bus: gbps }),
  };
}

export interface ScalingInput {
  gpus: number;
  card: Card;
  sharding: Sharding;
  /** Bytes of the weights as stored (all-gathered twice per step under ZeRO-3/FSDP). */
  weightBytes: number;
  /** Trainable parameters (their bf16 gradients are reduced every step). */
  trainableParams: number;
  /** Seconds of compute per optimizer step on one GPU. */
  computeSecondsPerStep: number;
}

export interface Scaling {
  /** Per-GPU throughput with n GPUs ÷ throughput of one GPU alone (1 for a single GPU). */
  efficiency: number;
  commSecondsPerStep: number;
  assumption: Message;
}

/**
 * Data-parallel scaling efficiency from communication time per step, assuming no overlap with compute
 * (conservative). Ring all-reduce moves 2·(n−1)/n of the gradient bytes; ZeRO-1/2 move the same volume;
 * ZeRO-3/FSDP add two all-gathers of the weights (ZeRO paper, Rajbhandari et al. 2020, §7: 1.5× DDP volume).
 */
export function dataParallelScaling(input: ScalingInput): Scaling {
  const n = input.gpus;
  if (n <= 1) return { efficiency: 1, commSecondsPerStep: 0, assumption: msg('speed.singleGpu') };
  const link = linkBusBandwidth(input.card, n);
  const gradientBytes = input.trainableParams * 2;
  const sharded = input.sharding === 'zero3' || input.sharding === 'fsdp';
  const bytes = sharded ? ((n - 1) / n) * (2 * input.weightBytes + gradientBytes) : ((2 * (n - 1)) / n) * gradientBytes;
  const commSecondsPerStep = bytes / link.bytesPerSecond;
  const efficiency = input.computeSecondsPerStep / (input.computeSecondsPerStep + commSecondsPerStep);
  const mode = sharded ? msg('speed.mode.sharded', { sharding: input.sharding }) : msg('speed.mode.dataParallel');
  return {
    efficiency,
    commSecondsPerStep,
    assumption: msg('speed.scaling', { gpus: n, mode, link: link.label, efficiency: efficiency * 100 }),
  };
}
