import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { QUIET_MS, quietTracker } from './quiet';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

/** One request or call, answered at once. */
function call(tracker: ReturnType<typeof quietTracker>, data: boolean): void {
  tracker.asked();
  tracker.answered(data);
}

describe('quietTracker', () => {
  it('waits while only files are asked for, however long, and runs QUIET_MS after a data call is answered', () => {
    const tracker = quietTracker();
    const task = vi.fn();
    tracker.whenQuiet(task);
    call(tracker, false);
    vi.advanceTimersByTime(QUIET_MS * 10);
    expect(task).not.toHaveBeenCalled();

    call(tracker, true);
    vi.advanceTimersByTime(QUIET_MS - 1);
    expect(task).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(task).toHaveBeenCalledTimes(1);
  });

  it('waits while a call is being answered, and starts the quiet time again after each', () => {
    const tracker = quietTracker();
    call(tracker, true);
    const task = vi.fn();
    tracker.whenQuiet(task);
    tracker.asked();
    vi.advanceTimersByTime(QUIET_MS * 10);
    expect(task).not.toHaveBeenCalled();
    tracker.answered(false);
    vi.advanceTimersByTime(QUIET_MS / 2);
    call(tracker, false);
    vi.advanceTimersByTime(QUIET_MS - 1);
    expect(task).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(task).toHaveBeenCalledTimes(1);
  });

  it('runs queued tasks in order, one per quiet time', () => {
    const tracker = quietTracker();
    const order: string[] = [];
    tracker.whenQuiet(() => order.push('first'));
    tracker.whenQuiet(() => order.push('second'));
    call(tracker, true);
    vi.advanceTimersByTime(QUIET_MS);
    expect(order).toEqual(['first']);
    vi.advanceTimersByTime(QUIET_MS);
    expect(order).toEqual(['first', 'second']);
  });
});
