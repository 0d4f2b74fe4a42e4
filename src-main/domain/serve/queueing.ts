import type { StepModel, Traffic } from './throughput';

/** Latency of one server at a request rate. */
export interface Latency {
  /** Mean time to first token: the wait for the prefill, the prefill, and one decode step. */
  ttftMs: number;
  /** Mean inter-token latency: one decode step stretched by the prefills sharing the GPU. */
  itlMs: number;
  /** Sequences in decode at once (Little's law). */
  batch: number;
  /** Whether the server keeps up: the prefills leave time to decode and the batch stays within the slots. */
  stable: boolean;
}

/**
 * A continuous-batching server as two shares of one GPU (Orca, Yu et al. OSDI 2022: iteration-level scheduling;
 * vLLM's chunked prefill mixes prompt chunks into decode steps). Assumes Poisson arrivals (vLLM's
 * benchmark_serving draws request times from a Poisson process at --request-rate), every request of the mean
 * prompt and output lengths, prefills served first.
 * - Prefill share ρ = λ · prompt / prefill rate. Prefills queue as an M/D/1 queue: mean wait ρ·S / (2(1 − ρ))
 *   (Pollaczek–Khinchine; Kleinrock, Queueing Systems I, 1975, §5.6) with S = prompt / prefill rate.
 * - Decode: B = λ · output · ITL sequences in flight (Little's law), ITL = step(B) / (1 − ρ); solved by
 *   fixed-point iteration. Beyond `maxBatch` (KV pool or max_num_seqs) requests wait for a slot without bound.
 */
export function latencyAt(step: StepModel, traffic: Traffic, maxBatch: number): Latency {
  const lambda = traffic.requestsPerSecond;
  const prefillSeconds = traffic.promptTokens / step.prefillTokensPerSecond;
  const rho = lambda * prefillSeconds;
  if (!(rho < 1) || maxBatch < 1) return { ttftMs: Infinity, itlMs: Infinity, batch: maxBatch, stable: false };
  let batch = 1;
  let itl = step.stepSeconds(1) / (1 - rho);
  for (let i = 0; i < 60; i++) {
    const next = Math.max(1, lambda * traffic.outputTokens * itl);
    if (next > maxBatch) {
      const itlFull = step.stepSeconds(maxBatch) / (1 - rho);
      // The full batch serves maxBatch / (output · ITL) requests per second; above that the queue grows.
      const stable = lambda * traffic.outputTokens * itlFull <= maxBatch;
      if (!stable) return { ttftMs: Infinity, itlMs: itlFull * 1e3, batch: maxBatch, stable: false };
    }
    const bounded = Math.min(next, maxBatch);
    const nextItl = step.stepSeconds(bounded) / (1 - rho);
    const settled = Math.abs(bounded - batch) < 1e-3 * Math.max(1, batch);
    batch = bounded;
    itl = nextItl;
    if (settled) break;
  }
  const waitSeconds = (rho * prefillSeconds) / (2 * (1 - rho));
  const ttftSeconds = waitSeconds + prefillSeconds + itl;
  return { ttftMs: ttftSeconds * 1e3, itlMs: itl * 1e3, batch, stable: true };
}

/** Relative width at which maxRateMeeting's bracket is narrow enough. */
const RATE_TOLERANCE = 1e-4;

/** The latency targets of a deployment. */
export interface LatencyTargets {
  ttftTargetMs: number;
  itlTargetMs: number;
}

/**
 * The highest request rate at which the server stays stable and meets both targets (bisection: latency only
 * grows with the rate in this model), or 0 when even a trickle of requests misses them. The bisection stops
 * once the rate is bracketed within RATE_TOLERANCE of itself: latencyAt's own fixed point settles to 1e-3,
 * so halving further only moved digits no one is shown, at a latency solve per halving.
 */
export function maxRateMeeting(
  step: StepModel,
  traffic: Omit<Traffic, 'requestsPerSecond'>,
  maxBatch: number,
  targets: LatencyTargets,
): number {
  const meets = (rate: number): boolean => {
    const l = latencyAt(step, { ...traffic, requestsPerSecond: rate }, maxBatch);
    return l.stable && l.ttftMs <= targets.ttftTargetMs && l.itlMs <= targets.itlTargetMs;
  };
  const ceiling = requestCapacityPerSecond(step, traffic, maxBatch);
  let low = 0;
  let high = ceiling;
  if (!meets(high * 1e-6)) return 0;
  for (let i = 0; i < 50 && high - low > RATE_TOLERANCE * high; i++) {
    const mid = (low + high) / 2;
    if (meets(mid)) low = mid;
    else high = mid;
  }
  return low;
}

/**
 * Requests per second one server completes when always busy: each request costs its prefill and its share
 * of `output` full-batch decode steps, 1 / (prompt / prefill rate + output · step(B) / B).
 */
export function requestCapacityPerSecond(
  step: StepModel,
  traffic: Omit<Traffic, 'requestsPerSecond'>,
  maxBatch: number,
): number {
  if (maxBatch < 1) return 0;
  const b = Math.floor(maxBatch);
  const gpuSeconds =
    traffic.promptTokens / step.prefillTokensPerSecond + (traffic.outputTokens * step.stepSeconds(b)) / b;
  return 1 / gpuSeconds;
}
