import { useEffect, useState } from 'react';
import { afterPaint } from './scheduling';

/**
 * `key` once a frame has been painted since it was given (the last such key; null before any): what a page asks only
 * once its answer is on screen waits for it (the Estimate page's chart and advice, the Runs page's ledger and accuracy summary),
 * so on two cores the server and the browser work on the answer first.
 */
export function usePainted(key: string | null): string | null {
  const [painted, setPainted] = useState<string | null>(null);
  useEffect(() => {
    if (key === null) return;
    return afterPaint(() => setPainted(key));
  }, [key]);
  return painted;
}
