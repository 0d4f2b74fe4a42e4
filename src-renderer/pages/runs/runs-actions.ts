/** What the app menu asks of the Runs page: File › Import Runs… or File › Export Runs…. */
export type RunsAction = 'import' | 'export';

let pending: RunsAction | null = null;
const listeners = new Set<(action: RunsAction) => void>();

/**
 * Asks the import/export panel to act. The menu navigates to the Runs page first, so the
 * panel may not be mounted yet: the request then waits for it.
 */
export function requestRunsAction(action: RunsAction): void {
  if (listeners.size === 0) {
    pending = action;
    return;
  }
  for (const listener of listeners) listener(action);
}

/** Subscribes the panel; a request made before it mounted is handed over at once. */
export function onRunsAction(listener: (action: RunsAction) => void): () => void {
  listeners.add(listener);
  if (pending) {
    const action = pending;
    pending = null;
    listener(action);
  }
  return () => void listeners.delete(listener);
}
