/** How long the GPUs have been idle, and since when. */
export interface IdleState {
  /** When every GPU first read below the threshold in the current idle stretch; null while busy. */
  idleSinceMs: number | null;
}

export interface IdleConfig {
  idleMs: number;
  thresholdPercent: number;
}

export type IdleDecision =
  | { action: 'wait'; state: IdleState; idleForMs: number; reason: 'busy' | 'idle' | 'unknown' }
  | { action: 'trigger'; state: IdleState; idleForMs: number };

export const INITIAL_IDLE_STATE: IdleState = { idleSinceMs: null };

/**
 * One step of the idle guard: all GPUs below the threshold start (or continue) an idle stretch; any GPU
 * at or above it, or a reading that cannot be trusted (no GPUs, N/A), ends it. Once the stretch has
 * lasted `idleMs`, the decision is to trigger. Pure: the caller supplies the time.
 */
export function stepIdle(
  state: IdleState,
  nowMs: number,
  utilizations: Array<number | null> | null,
  config: IdleConfig,
): IdleDecision {
  const known =
    utilizations !== null && utilizations.length > 0 && utilizations.every((u) => u !== null && Number.isFinite(u));
  if (!known) return { action: 'wait', state: INITIAL_IDLE_STATE, idleForMs: 0, reason: 'unknown' };
  if ((utilizations as number[]).some((u) => u >= config.thresholdPercent)) {
    return { action: 'wait', state: INITIAL_IDLE_STATE, idleForMs: 0, reason: 'busy' };
  }
  const idleSinceMs = state.idleSinceMs ?? nowMs;
  const idleForMs = Math.max(0, nowMs - idleSinceMs);
  const next = { idleSinceMs };
  return idleForMs >= config.idleMs
    ? { action: 'trigger', state: next, idleForMs }
    : { action: 'wait', state: next, idleForMs, reason: 'idle' };
}
