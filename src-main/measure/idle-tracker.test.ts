import { describe, expect, it } from 'vitest';
import { INITIAL_IDLE_STATE, stepIdle, type IdleState } from './idle-tracker';

const config = { idleMs: 10 * 60_000, thresholdPercent: 5 };
const min = 60_000;

/** Feeds (minute, utilizations) readings through the tracker and returns the decisions. */
function replay(readings: Array<[number, Array<number | null> | null]>) {
  let state: IdleState = INITIAL_IDLE_STATE;
  return readings.map(([minute, utilizations]) => {
    const decision = stepIdle(state, minute * min, utilizations, config);
    state = decision.state;
    return decision.action;
  });
}

describe('stepIdle', () => {
  it('triggers once every GPU has stayed below the threshold for the idle period', () => {
    expect(
      replay([
        [0, [0, 1]],
        [5, [2, 0]],
        [9.9, [4, 4]],
        [10, [0, 0]],
      ]),
    ).toEqual(['wait', 'wait', 'wait', 'trigger']);
  });

  it('restarts the count when any GPU gets busy', () => {
    expect(
      replay([
        [0, [0, 0]],
        [8, [0, 50]],
        [12, [0, 0]],
        [21, [0, 0]],
        [22, [0, 0]],
      ]),
    ).toEqual(['wait', 'wait', 'wait', 'wait', 'trigger']);
  });

  it('treats the threshold itself as busy', () => {
    expect(
      replay([
        [0, [5]],
        [10, [5]],
        [20, [5]],
      ]),
    ).toEqual(['wait', 'wait', 'wait']);
  });

  it('never counts an unreadable reading as idle', () => {
    expect(
      replay([
        [0, [0]],
        [9, null],
        [11, [0]],
        [15, [0, null]],
        [30, []],
      ]),
    ).toEqual(['wait', 'wait', 'wait', 'wait', 'wait']);
  });

  it('reports how long it has been idle', () => {
    const first = stepIdle(INITIAL_IDLE_STATE, 1000, [0], config);
    const second = stepIdle(first.state, 1000 + 3 * min, [0], config);
    expect(second).toMatchObject({ action: 'wait', idleForMs: 3 * min, reason: 'idle' });
  });
});
