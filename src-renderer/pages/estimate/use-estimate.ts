import { useEffect, useMemo, useState } from 'react';
import type { EstimateInput } from '../../../src-main/domain/estimate/input';
import type { EstimateOutput } from '../../../src-main/ipc/contract';
import { ApiError, call } from '../../lib/api';
import { checkInput, type FieldProblem } from './estimate-form';

interface Answer {
  key: string;
  output?: EstimateOutput;
  error?: ApiError;
}

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
}

/** Estimates the input ~150 ms after it stops changing; answers to older inputs are dropped. */
export function useEstimate(input: EstimateInput, delayMs = 150): EstimateState {
  const key = JSON.stringify(input);
  const localProblem = useMemo(() => checkInput(JSON.parse(key) as EstimateInput), [key]);
  const [answer, setAnswer] = useState<Answer>({ key: '' });
  const [lastOutput, setLastOutput] = useState<EstimateOutput>();

  useEffect(() => {
    if (localProblem) return;
    let current = true;
    const timer = window.setTimeout(() => {
      call('estimate:compute', JSON.parse(key) as EstimateInput).then(
        (output) => {
          if (!current) return;
          setAnswer({ key, output });
          setLastOutput(output);
        },
        (error: unknown) => {
          if (!current) return;
          setAnswer({ key, error: error instanceof ApiError ? error : new ApiError('internal', String(error)) });
        },
      );
    }, delayMs);
    return () => {
      current = false;
      window.clearTimeout(timer);
    };
  }, [key, localProblem, delayMs]);

  const fresh = answer.key === key;
  const error = fresh ? answer.error : undefined;
  const badInput = error?.code === 'bad-input';
  return {
    output: lastOutput,
    problem: localProblem ?? (badInput ? { field: error.field ?? '', message: error.message } : undefined),
    failure: error && !badInput ? error : undefined,
    stale: !(fresh && answer.output),
    settled: fresh || Boolean(localProblem),
  };
}
