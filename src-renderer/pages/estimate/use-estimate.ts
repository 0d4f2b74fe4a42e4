import { useMemo } from 'react';
import type { EstimateInput } from '../../../src-main/domain/estimate/input';
import type { EstimateOutput, SweepOutput } from '../../../src-main/ipc/contract';
import type { ApiError } from '../../lib/api';
import { prefetchChannel, useLive } from '../../lib/queries';
import { usePainted } from '../../lib/use-painted';
import { checkInput, type FieldProblem } from './estimate-form';

export interface EstimateState {
  /** The latest estimate that came back (kept on screen while the next one computes). */
  output?: EstimateOutput;
  /** A problem with the current input, from the local check or from the backend. */
  problem?: FieldProblem;
  /** A failure that is not about one field (store, internal, transport). */
  failure?: ApiError;
  /** The output shown is for an earlier input (computing, or the current input is bad). */
  stale: boolean;
  /** The current input has its answer: an estimate or a problem. */
  settled: boolean;
  /**
   * The current input's estimate is on screen (a frame was painted since it came): what waits for it
   * (the chart's sweep, the fit advice) is asked from then on.
   */
  shown: boolean;
  /** The chart's memory sweep, asked beside the estimate (kept, marked stale, while the next one computes). */
  sweep?: SweepOutput;
  sweepStale: boolean;
  sweepSettled: boolean;
}

/**
 * Estimates the input as it changes (an estimate takes a few ms, so nothing waits for typing to
 * pause; answers to older inputs never replace newer ones); an input the local check refuses is
 * not sent, its problem is the answer and the last estimate stays, marked stale.
 */
export function useEstimate(input: EstimateInput): EstimateState {
  const key = JSON.stringify(input);
  const localProblem = useMemo(() => checkInput(JSON.parse(key) as EstimateInput), [key]);
  const { data, error, settled, stale } = useLive('estimate:compute', localProblem ? null : input);
  // The chart is asked once the estimate is on screen: the server answers one call at a time, and on
  // two cores its sweep competes with the browser painting the total and the verdicts, which are what
  // the user waits for.
  const shown = usePainted(settled && !localProblem && !error ? key : null) === key;
  const sweep = useLive('estimate:sweep', localProblem || error ? null : input, { hold: !shown });
  const badInput = error?.code === 'bad-input';
  return {
    output: data,
    problem: localProblem ?? (badInput ? { field: error.field ?? '', message: error.detail } : undefined),
    failure: error && !badInput ? error : undefined,
    stale,
    settled,
    shown,
    sweep: sweep.data,
    sweepStale: sweep.stale,
    sweepSettled: sweep.settled,
  };
}

/** Asks for the estimate of `input` from an input handler, before the page re-renders. */
export function prefetchEstimate(input: EstimateInput): void {
  if (checkInput(input)) return;
  prefetchChannel('estimate:compute', input);
}
