import { useEffect, useState } from 'react';
import type { Channel } from '../../src-main/ipc/channels';
import type { ChannelInput, ChannelOutput } from '../../src-main/ipc/contract';
import { ApiError, call } from '../lib/api';

/** Where a debounced request stands, for a results region's `data-state`. */
export interface DebouncedCall<C extends Channel> {
  /** The latest answer that came back (kept on screen while the next one computes). */
  data?: ChannelOutput<C>;
  /** The failure of the current input, if it failed. */
  error?: ApiError;
  /** The current input has its answer (data or error), or there is nothing to send. */
  settled: boolean;
  /** The data shown belongs to an earlier input. */
  stale: boolean;
}

interface Answer<C extends Channel> {
  key: string;
  data?: ChannelOutput<C>;
  error?: ApiError;
}

/**
 * Calls `channel` with `input` `delayMs` after the input stops changing; answers to older
 * inputs are dropped. `input` null means "not ready to ask" (a field is invalid).
 * Changing `refresh` asks again with the same input (e.g. after a price was edited).
 */
export function useDebouncedCall<C extends Channel>(
  channel: C,
  input: ChannelInput<C> | null,
  delayMs = 250,
  refresh = 0,
): DebouncedCall<C> {
  const key = input === null ? '' : `${refresh}\u0000${JSON.stringify(input)}`;
  const [answer, setAnswer] = useState<Answer<C>>({ key: '\u0001' });
  const [last, setLast] = useState<ChannelOutput<C>>();

  useEffect(() => {
    if (key === '') return;
    let current = true;
    const timer = window.setTimeout(() => {
      const body = JSON.parse(key.slice(key.indexOf('\u0000') + 1)) as ChannelInput<C>;
      (call as (c: C, i: ChannelInput<C>) => Promise<ChannelOutput<C>>)(channel, body).then(
        (data) => {
          if (!current) return;
          setAnswer({ key, data });
          setLast(() => data);
        },
        (error: unknown) => {
          if (current) {
            setAnswer({ key, error: error instanceof ApiError ? error : new ApiError('internal', String(error)) });
          }
        },
      );
    }, delayMs);
    return () => {
      current = false;
      window.clearTimeout(timer);
    };
  }, [channel, key, delayMs]);

  const fresh = answer.key === key;
  return {
    data: last,
    error: fresh ? answer.error : undefined,
    settled: key === '' || fresh,
    stale: !(fresh && answer.data),
  };
}
