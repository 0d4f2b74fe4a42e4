/**
 * How long the app must have been asked nothing before work nobody waits for runs, ms. A page asks in bursts (its
 * document and scripts, then its chunks and data, then its estimate) with its own parsing and rendering between
 * them.
 */
export const QUIET_MS = 50;

/** What decides when the app is quiet: the requests and calls of its page, told as they come and go. */
export interface QuietTracker {
  /**
   * Runs `task` once the app is quiet: a data call has been answered (a page is up and asking for its data, or a
   * client is) and nothing has been asked for QUIET_MS since. Before its first data call a page is still loading its
   * document and scripts, which is when work on the app's one thread delays it most. Tasks run one per quiet time,
   * in order.
   */
  whenQuiet(task: () => void): void;
  /** A request or call came in. */
  asked(): void;
  /** It was answered; `data` when it was a call for data (API or IPC), not a file of the page. */
  answered(data: boolean): void;
}

export function quietTracker(quietMs = QUIET_MS): QuietTracker {
  const tasks: (() => void)[] = [];
  let answering = 0;
  let dataAnswered = false;
  let timer: NodeJS.Timeout | undefined;
  const schedule = () => {
    clearTimeout(timer);
    if (tasks.length === 0 || !dataAnswered || answering > 0) return;
    timer = setTimeout(() => {
      tasks.shift()?.();
      schedule();
    }, quietMs);
    // Waiting for a quiet moment never keeps the process alive.
    timer.unref();
  };
  return {
    whenQuiet(task) {
      tasks.push(task);
      schedule();
    },
    asked() {
      answering++;
      clearTimeout(timer);
    },
    answered(data) {
      answering--;
      dataAnswered ||= data;
      schedule();
    },
  };
}
