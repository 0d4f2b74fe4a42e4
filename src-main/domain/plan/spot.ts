/**
 * Spot (preemptible) runs with checkpoints: how long a job really takes when the instance
 * can be reclaimed, and how often to save.
 *
 * Model: the work W is cut into W/τ segments of τ hours of training plus C hours of saving.
 * Reclaims arrive as a Poisson process with rate λ per hour while the job runs; a reclaim
 * loses the segment in progress and costs R hours to get a new instance training again
 * (the restart itself is taken as not interruptible).
 */

/** Spot parameters in hours (λ per hour). */
export interface SpotParameters {
  interruptionsPerHour: number;
  checkpointSaveHours: number;
  restartHours: number;
}

/** What a spot run is expected to look like. */
export interface SpotOutcome {
  /** Expected wall-clock hours on spot until the work is done (saves, re-done work and restarts included). */
  expectedWallHours: number;
  /** Expected wall-clock hours beyond the work itself. */
  expectedExtraHours: number;
  /** Of those, hours spent writing checkpoints. */
  checkpointOverheadHours: number;
  /** Of those, hours of work re-done after reclaims (time since the last finished checkpoint). */
  expectedLostWorkHours: number;
  /** Of those, hours spent restarting. */
  expectedRestartHours: number;
  expectedInterruptions: number;
  /** Chance of at least one reclaim: 1 − e^(−λ·T), T = the hours the run is exposed. */
  pAtLeastOne: number;
}

/**
 * Expected hours lost to reclaims while getting through x hours: (e^(λx) − 1)/λ − x. Written as
 * x·(e^y − 1 − y)/y with y = λx, and by its series when y is tiny, so it stays exact as λ → 0.
 */
function expectedLostHours(lambda: number, spanHours: number): number {
  const y = lambda * spanHours;
  if (y < 1e-3) return spanHours * (y / 2 + (y * y) / 6 + (y * y * y) / 24 + (y * y * y * y) / 120);
  return (spanHours * (Math.expm1(y) - y)) / y;
}

/**
 * Checkpoint interval in hours: Young's optimum τ = √(2·C·MTBI) (Young 1974, "A first order
 * approximation to the optimum checkpoint interval"; Daly 2006 keeps it as the leading term), capped so that one interval plus an interrupted save stays within the work
 * the user accepts to lose (article 001 §4.2: accept 40 min → save every 35 min), and never
 * shorter than the save itself.
 */
export function recommendedCheckpointHours(params: SpotParameters, maxLossHours: number): number {
  const { interruptionsPerHour: lambda, checkpointSaveHours: save } = params;
  const young = lambda > 0 ? Math.sqrt((2 * save) / lambda) : Number.POSITIVE_INFINITY;
  const capped = Math.min(young, maxLossHours - save);
  return Math.max(save, capped);
}

/**
 * Expected outcome of W hours of work on spot with a checkpoint every τ hours.
 * Per segment of x = τ + C hours: reclaims before it completes are geometric with mean
 * e^(λx) − 1, each loses on average 1/λ − x/(e^(λx) − 1) hours and costs R to restart, so a
 * segment takes (e^(λx) − 1)·(R + 1/λ) hours in expectation (the exponential model of Daly
 * 2006, "A higher order estimate of the optimum checkpoint interval", with a restart that is
 * not itself interrupted).
 */
export function spotOutcome(workHours: number, checkpointHours: number, params: SpotParameters): SpotOutcome {
  const { interruptionsPerHour: lambda, checkpointSaveHours: save, restartHours: restart } = params;
  const segments = workHours / checkpointHours;
  const span = checkpointHours + save;
  const reclaimsPerSegment = Math.expm1(lambda * span);
  const expectedInterruptions = segments * reclaimsPerSegment;
  const checkpointOverheadHours = segments * save;
  const expectedLostWorkHours = segments * expectedLostHours(lambda, span);
  const expectedRestartHours = expectedInterruptions * restart;
  const expectedWallHours = workHours + checkpointOverheadHours + expectedLostWorkHours + expectedRestartHours;
  // Probability of no reclaim over the exposed time W·(τ+C)/τ (Poisson arrivals).
  const pAtLeastOne = -Math.expm1(-lambda * segments * span);
  return {
    expectedWallHours,
    expectedExtraHours: expectedWallHours - workHours,
    checkpointOverheadHours,
    expectedLostWorkHours,
    expectedRestartHours,
    expectedInterruptions,
    pAtLeastOne,
  };
}
