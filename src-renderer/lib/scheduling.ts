/** When the renderer runs work that should not hold up a paint. */

/**
 * Runs `run` after the next frame is painted: rAF runs before a paint, a task queued from it runs after.
 * Returns a function that cancels it if it has not run yet.
 */
export function afterPaint(run: () => void): () => void {
  let timer = 0;
  const frame = window.requestAnimationFrame(() => {
    timer = window.setTimeout(run, 0);
  });
  return () => {
    window.cancelAnimationFrame(frame);
    window.clearTimeout(timer);
  };
}

/** Runs `task` when the main thread is idle (requestIdleCallback where there is one), at the latest after `timeoutMs`. */
export function whenIdle(task: () => void, timeoutMs: number): void {
  if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(task, { timeout: timeoutMs });
  else window.setTimeout(task, 0);
}
