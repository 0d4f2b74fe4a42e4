import { keepPreviousData, QueryClient, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { Channel } from '../../src-main/ipc/channels';
import type { ChannelInput, ChannelOutput } from '../../src-main/ipc/contract';
import { ApiError, call } from './api';

/**
 * The renderer's one data layer (TanStack Query): every read channel is a query keyed by
 * `[channel, input]`, and every write says which read channels it changes, so their cached
 * answers are asked again. Nothing else keeps a copy of backend data or a refresh counter.
 */

/** Every answer computed from the catalog (cards, models) and the settings. */
const CATALOG_ANSWERS = [
  'estimate:compute',
  'estimate:fit',
  'estimate:sweep',
  'rank:compute',
  'plan:compute',
  'serve:compute',
] as const;
/** Answers a price changes. */
const PRICED_ANSWERS = ['offers:list', 'rank:compute', 'plan:compute', 'serve:compute'] as const;
// Logged runs feed the ledger, the flags and the calibration of every estimate, ranking and serving answer.
const RUN_LOG_ANSWERS = [
  'runs:list',
  'runs:ledger',
  'runs:flags',
  'estimate:compute',
  'rank:compute',
  'serve:compute',
] as const;

/** The channels that change the store, and the answers each one can change. */
export const INVALIDATES = {
  'cards:save': ['cards:list', 'offers:list', ...CATALOG_ANSWERS],
  // A deleted card takes its offers with it (the store cascades).
  'cards:delete': ['cards:list', 'offers:list', ...CATALOG_ANSWERS],
  'models:save': ['models:list', ...CATALOG_ANSWERS],
  'offers:add': PRICED_ANSWERS,
  'offers:update': PRICED_ANSWERS,
  'offers:delete': PRICED_ANSWERS,
  'settings:set': ['settings:get', 'plan:ownership', ...CATALOG_ANSWERS],
  'runs:add': RUN_LOG_ANSWERS,
  'runs:update': RUN_LOG_ANSWERS,
  'runs:delete': RUN_LOG_ANSWERS,
  'runs:import': RUN_LOG_ANSWERS,
} as const satisfies Partial<Record<Channel, readonly Channel[]>>;

export type WriteChannel = keyof typeof INVALIDATES;
export type ReadChannel = Exclude<Channel, WriteChannel | 'runs:export'>;

/**
 * One client for the window. Answers are pure functions of the input and the store, so they
 * never go stale by time (only a write invalidates them); a refusal is an answer, not retried.
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { staleTime: Infinity, gcTime: 10 * 60_000, retry: false, refetchOnWindowFocus: false },
  },
});

/** The query key of a channel's answer to an input. */
export function channelKey<C extends Channel>(channel: C, input: ChannelInput<C> | undefined): readonly unknown[] {
  return input === undefined ? [channel] : [channel, input];
}

function ask<C extends Channel>(channel: C, input: ChannelInput<C> | undefined): Promise<ChannelOutput<C>> {
  return (call as (c: C, i: ChannelInput<C> | undefined) => Promise<ChannelOutput<C>>)(channel, input);
}

/** Marks every cached answer of these read channels stale, so what is on screen asks again. */
export function invalidateChannels(channels: readonly Channel[]): Promise<void> {
  return Promise.all(channels.map((channel) => queryClient.invalidateQueries({ queryKey: [channel] }))).then(
    () => undefined,
  );
}

/**
 * Calls a write channel and invalidates the answers it changes (INVALIDATES). Returns the
 * channel's data; throws ApiError as `call` does (nothing is invalidated then).
 */
export async function send<C extends WriteChannel>(channel: C, input: ChannelInput<C>): Promise<ChannelOutput<C>> {
  const data = await ask(channel, input);
  await invalidateChannels(INVALIDATES[channel]);
  return data;
}

/** The thrown value as an ApiError (a transport failure that is not one becomes `internal`). */
export function asApiError(error: unknown): ApiError {
  return error instanceof ApiError ? error : new ApiError('internal', String(error));
}

/** Where a live answer stands, for a results region's `data-state`. */
export interface LiveAnswer<C extends Channel> {
  /** The latest good answer (kept on screen while the next one computes, or while the input is bad). */
  data?: ChannelOutput<C>;
  /** The failure of the current input, if it failed. */
  error?: ApiError;
  /** The current input has its answer (data or error), or there is nothing to send. */
  settled: boolean;
  /**
   * The data shown belongs to an earlier input and says so: at once when the current input cannot be sent or
   * failed, after STALE_SHOWN_AFTER_MS while its answer is on the way (see liveState).
   */
  stale: boolean;
}

/**
 * How long an answer on its way may take before the one on screen is dimmed as stale. Within about 0.1 s a
 * response feels instantaneous and needs no feedback (J. Nielsen, "Response Times: The 3 Important Limits",
 * https://www.nngroup.com/articles/response-times-3-important-limits/); most answers come sooner, and
 * dimming the whole result for them cost a restyle and repaint of it in the input's own frame, then
 * another when the answer came: a flicker, and milliseconds between the input and its result.
 */
export const STALE_SHOWN_AFTER_MS = 100;

/** What a live answer's flags are, from where its query stands. */
export function liveState(q: {
  /** There is an input to ask (null input: a field is invalid, nothing is sent). */
  asking: boolean;
  /** The answer shown is the current input's. */
  fresh: boolean;
  failed: boolean;
  /** The current input's answer has been on its way for STALE_SHOWN_AFTER_MS or more. */
  slow: boolean;
}): { settled: boolean; stale: boolean } {
  return { settled: !q.asking || q.fresh || q.failed, stale: !q.fresh && (!answerComing(q) || q.slow) };
}

/** The current input's answer is on its way (asked, or held until another answer is in). */
export const answerComing = (q: { asking: boolean; fresh: boolean; failed: boolean }) =>
  q.asking && !q.fresh && !q.failed;

/** True once `waiting` has held for `ms` without a break. */
function useWaitedFor(waiting: boolean, ms: number): boolean {
  const [waited, setWaited] = useState(false);
  // A wait that ended is forgotten while rendering (React's "storing information from previous renders"),
  // so the next one starts from zero.
  if (!waiting && waited) setWaited(false);
  useEffect(() => {
    if (!waiting) return;
    const timer = window.setTimeout(() => setWaited(true), ms);
    return () => window.clearTimeout(timer);
  }, [waiting, ms]);
  return waiting && waited;
}

/**
 * Asks `channel` for `input` at once (no debounce: every call of a page is a few ms) and
 * keeps the last good answer visible while a new one computes (marked stale if it takes longer
 * than STALE_SHOWN_AFTER_MS), after a refusal, or while `input` is null ("not ready to ask": a
 * field is invalid). Answers to older inputs never replace newer ones: each input has its own key.
 * `hold`: the input is good but is asked later (the Estimate page's chart waits for the estimate):
 * counted as on its way, not as unsendable.
 */
export function useLive<C extends ReadChannel>(
  channel: C,
  input: ChannelInput<C> | null,
  { hold = false }: { hold?: boolean } = {},
): LiveAnswer<C> {
  const query = useQuery({
    queryKey: channelKey(channel, input ?? undefined),
    queryFn: () => ask(channel, input ?? undefined),
    enabled: input !== null && !hold,
    placeholderData: keepPreviousData,
    // Each answer is a new computation: comparing it deeply with the last one (structural sharing)
    // only costs time, milliseconds per repaint for an estimate with its sweep.
    structuralSharing: false,
  });
  const asking = input !== null;
  const fresh = asking && query.isSuccess && !query.isPlaceholderData && !query.isFetching;
  // Kept while rendering (React's "storing information from previous renders"), so the first
  // fresh answer and the stale marker reach the screen in the same paint.
  const [last, setLast] = useState<ChannelOutput<C>>();
  if (fresh && last !== query.data) setLast(() => query.data);
  const failed = asking && query.isError && !query.isFetching;
  const slow = useWaitedFor(answerComing({ asking, fresh, failed }), STALE_SHOWN_AFTER_MS);
  const { settled, stale } = liveState({ asking, fresh, failed, slow });
  return {
    data: fresh ? query.data : (last ?? (query.isPlaceholderData ? query.data : undefined)),
    error: failed ? asApiError(query.error) : undefined,
    settled,
    stale,
  };
}

/**
 * Asks a read channel now, into the cache `useChannel` and `useLive` read (same key, same call), so the
 * reader finds the answer there or in flight: main.tsx asks the window's first reads this way, in
 * parallel with the page's chunk; an input handler asks its page's answer before React renders the
 * stale state. An answer already cached is not asked again. The prefetch itself never throws: a failed
 * answer is asked again when its reader mounts (TanStack's retryOnMount), which reports it.
 */
export function prefetchChannel<C extends ReadChannel>(channel: C, ...args: [input?: ChannelInput<C>]): void {
  const input = args[0];
  void queryClient.prefetchQuery({
    queryKey: channelKey(channel, input),
    queryFn: () => ask(channel, input),
    structuralSharing: false,
  });
}

/**
 * A read the page needs before it can show anything (the catalog, settings, a ledger):
 * cached for the window, asked once however many pages read it. `enabled: false` holds it (nothing is asked yet).
 */
export function useChannel<C extends ReadChannel>(
  channel: C,
  input?: ChannelInput<C>,
  { enabled = true }: { enabled?: boolean } = {},
) {
  return useQuery({ queryKey: channelKey(channel, input), queryFn: () => ask(channel, input), enabled });
}
