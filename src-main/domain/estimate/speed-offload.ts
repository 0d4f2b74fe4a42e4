import type { Card } from '../catalog';
import { layerActivationBytesPerToken } from './activations';
import type { Optimizer, ResolvedModel, Sharding } from './input';
import { SPEED } from './speed-constants';
import { fmt } from './speed-flops';
import { msg, type Message } from '../messages';

/** What the offload costs depend on, per GPU. */
export interface OffloadSetup {
  model: ResolvedModel;
  card: Card;
  gpus: number;
  sharding: Sharding;
  optimizer: Optimizer;
  /** Bytes per element of the optimizer states on the CPU: 4 with fp32 master weights, else 2. */
  stateBytes: number;
  trainableParams: number;
  /** Bytes of the whole model's weights as stored. */
  weightBytes: number;
  tokensPerStep: number;
  gradientCheckpointing: boolean;
  activationOffload: boolean;
  optimizerOffload: boolean;
  /** Seconds of GPU compute per step, which activation copies on a side stream can hide behind. */
  computeSecondsPerStep: number;
}

/** Host↔GPU copy bandwidth of the card's PCIe link, bytes/s (SPEED.hostLinkGen4GBps, doubling per generation). */
function hostLinkBytesPerSecond(card: Card): number {
  return SPEED.hostLinkGen4GBps * 2 ** (card.interconnect.pcieGen - 4) * 1e9;
}

/**
 * Seconds that CPU offloading adds to one training step. Optimizer offload (ZeRO-Offload, Ren et al. 2021;
 * FSDP CPUOffload): gradients go down and updated 16-bit weights come up over PCIe (FSDP uploads each weight
 * shard for the forward and again for the backward gather), and the CPU runs the step, bound by host memory
 * bandwidth (AdamW reads weight, gradient and two moments and writes three: 7 state-sized values per param;
 * SGD 5), not overlapped with GPU work. Activation offload copies the saved tensors down in forward and up in
 * backward on a side stream (torchtune OffloadActivations), so only the part that outlasts compute counts.
 */
export function offloadSecondsPerStep(s: OffloadSetup): { seconds: number; assumptions: Message[] } {
  const assumptions: Message[] = [];
  const link = hostLinkBytesPerSecond(s.card);
  let seconds = 0;
  if (s.optimizerOffload) {
    const shards = s.sharding === 'none' ? 1 : s.gpus;
    const fsdp = s.sharding === 'fsdp';
    const gradientBytes = (2 * s.trainableParams) / shards;
    const uploadBytes = fsdp ? (2 * s.weightBytes) / s.gpus : (2 * s.trainableParams) / shards;
    const linkSeconds = (gradientBytes + uploadBytes) / link;
    const valuesTouched = s.optimizer === 'sgd' ? 5 : 7;
    // All ranks of a machine step on the same CPU memory.
    const cpuSeconds = (s.trainableParams * valuesTouched * s.stateBytes) / (SPEED.hostMemoryGBps * 1e9);
    seconds += linkSeconds + cpuSeconds;
    assumptions.push(
      msg('speed.optimizerOffload', { link: fmt(linkSeconds), cpu: fmt(cpuSeconds), hostGBps: SPEED.hostMemoryGBps }),
    );
  }
  if (s.activationOffload) {
    const m = s.model;
    const perTokenPerLayer = s.gradientCheckpointing
      ? 2 * m.hidden
      : layerActivationBytesPerToken({
          model: m,
          batchSize: 1,
          seqLen: 1,
          activationBytes: 2,
          residualBytes: 2,
          flashAttention: true,
          gradientCheckpointing: false,
          loraRank: 0,
          loraMatricesPerLayer: 0,
        });
    const copySeconds = (2 * m.layers * s.tokensPerStep * perTokenPerLayer) / link;
    const extra = Math.max(0, copySeconds - s.computeSecondsPerStep);
    seconds += extra;
    assumptions.push(
      extra > 0
        ? msg('speed.activationOffloadExposed', { copy: fmt(copySeconds), extra: fmt(extra) })
        : msg('speed.activationOffloadHidden', { copy: fmt(copySeconds) }),
    );
  }
  return { seconds, assumptions };
}
