/**
 * SQLITE_BUSY: another connection (another Cardwise window, server or command) holds the write
 * lock longer than this connection's busy timeout. SQLITE_SCHEMA: another connection's commit
 * changed the schema while a statement was being prepared, and SQLite's one automatic retry met a
 * second change (https://www.sqlite.org/rescode.html#schema). Opening a new file while other
 * processes migrate it, one migration committed after another, met it: "vtable constructor failed:
 * runs_text", the text index connected while the schema changed twice. Neither is ever the
 * caller's fault nor damage: the same request succeeds a moment later, so the doors say "busy,
 * try again" (HTTP 503 with Retry-After, a CLI exit status of its own) rather than "internal".
 */

/** Whether a driver error means "someone else is using or changing the database right now". */
export function isBusyError(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && /^SQLITE_(BUSY|LOCKED|SCHEMA)/.test(code);
}

/** How long a busy request keeps retrying, and how long a caller is told to wait after that. */
export interface BusyPolicy {
  /** Give up (and answer busy) after this long. */
  deadlineMs: number;
  /** First pause between tries; it doubles up to maxPauseMs. */
  firstPauseMs: number;
  maxPauseMs: number;
}

/**
 * Each try blocks the event loop for at most the connection's short busy timeout; the pauses
 * between tries are asynchronous, so a server or window stays responsive while it waits. 60 s
 * outlasts the write lock of an import of 1,000,000 runs (its final copy, see runs-import.ts).
 */
export const DEFAULT_BUSY_POLICY: BusyPolicy = { deadlineMs: 60_000, firstPauseMs: 25, maxPauseMs: 250 };

/** Seconds a caller is told to wait (HTTP Retry-After) once the store gave up waiting. */
export const RETRY_AFTER_SECONDS = 2;

const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Calls `attempt` until it returns something `stillBusy` rejects, or the deadline passes (then
 * returns the last busy answer). Only safe for attempts that changed nothing when they were
 * busy: every write transaction of the store takes its lock first (writeTransaction), so a busy
 * answer means nothing was written.
 */
export async function retryWhileBusy<T>(
  attempt: () => Promise<T>,
  stillBusy: (result: T) => boolean,
  policy: BusyPolicy = DEFAULT_BUSY_POLICY,
): Promise<T> {
  const deadline = Date.now() + policy.deadlineMs;
  let wait = policy.firstPauseMs;
  for (;;) {
    const result = await attempt();
    if (!stillBusy(result) || Date.now() + wait > deadline) return result;
    await pause(wait);
    wait = Math.min(policy.maxPauseMs, wait * 2);
  }
}
