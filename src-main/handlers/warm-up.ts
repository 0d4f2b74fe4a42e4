import type { Db } from '../db/driver';
import { countMatching } from '../db/runs-counts';
import type { Method } from '../domain/estimate/choices';
import { loadCalibrationRuns } from './calibration';
import { catalogSnapshot } from './catalog-snapshot';

/**
 * The most runs of one method a warm-up reads. The read holds the thread it runs on (the first read of a
 * 100,000-run log took 1369 ms: README "Performance"), and a request that arrives meanwhile waits for it;
 * the runs of a method with more are read by its first estimate, as they were without a warm-up.
 */
export const WARM_UP_MAX_RUNS = 20_000;

/**
 * The order methods are warmed in: the Estimate page's first question first (LoRA: FIRST_QUESTION in
 * src-renderer/pages/estimate/estimate-form.ts), so the first method, which pays for the code V8 compiles on
 * first use, is the one the page asks for; inference, with the most published rows, last.
 */
export const WARM_UP_ORDER: readonly Method[] = ['lora', 'qlora', 'full', 'inference'];

/**
 * Reads, before anyone asks, what the first estimate of a session would otherwise read in its own call:
 * the catalog snapshot and, for every method, the logged and published runs with the raw estimator's
 * prediction of each (handlers/calibration.ts), up to WARM_UP_MAX_RUNS runs a method. Both are kept
 * until the next write, as they would be after a first call.
 */
export function warmUp(db: Db, maxRuns = WARM_UP_MAX_RUNS): void {
  for (const method of WARM_UP_ORDER) warmUpMethod(db, method, maxRuns);
}

function warmUpMethod(db: Db, method: Method, maxRuns: number): void {
  if (countMatching(db, { method }) > maxRuns) return;
  const { cards, presets } = catalogSnapshot(db);
  loadCalibrationRuns(db, method, cards, presets);
}

/** Runs a task when the process has nothing more urgent to do. */
export type WhenIdle = (task: () => void) => void;

/**
 * warmUp one method per task, each when `whenIdle` runs it: a method's read holds the thread for tens of
 * milliseconds (its first, while V8 compiles the estimator, for longer), and a request that arrives meanwhile
 * waits for it. `cardwise serve` and the desktop shell pass their quiet tracker's whenQuiet (handlers/quiet.ts: a
 * data call answered, then nothing asked for QUIET_MS): both answer the page's document and scripts on the thread
 * the warm-up runs on, and neither should queue them behind it. Either way the page's first estimate answers from
 * memory. A failure is left to the call that needs what failed: it reads it again and answers with what went wrong.
 */
export function warmUpSoon(db: Db, whenIdle: WhenIdle = (task) => setImmediate(task)): void {
  const methods = [...WARM_UP_ORDER];
  const next = () => {
    const method = methods.shift();
    if (method === undefined) return;
    try {
      warmUpMethod(db, method, WARM_UP_MAX_RUNS);
    } catch {
      return; // Reported by the first estimate that asks, not here.
    }
    whenIdle(next);
  };
  whenIdle(next);
}
