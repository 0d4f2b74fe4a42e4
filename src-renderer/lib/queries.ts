import { keepPreviousData, QueryClient, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
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
  /** The data shown belongs to an earlier input (or the current input cannot be sent). */
  stale: boolean;
}

/**
 * Asks `channel` for `input` at once (no debounce: every call of a page is a few ms) and
 * keeps the last good answer visible, marked stale, while a new one computes, after a
 * refusal, or while `input` is null ("not ready to ask": a field is invalid). Answers to
 * older inputs never replace newer ones: each input has its own key.
 */
export function useLive<C extends ReadChannel>(channel: C, input: ChannelInput<C> | null): LiveAnswer<C> {
  const query = useQuery({
    queryKey: channelKey(channel, input ?? undefined),
    queryFn: () => ask(channel, input ?? undefined),
    enabled: input !== null,
    placeholderData: keepPreviousData,
    // Each answer is a new computation: comparing it deeply with the last one (structural sharing)
    // only costs time, milliseconds per repaint for an estimate with its sweep.
    structuralSharing: false,
  });
  const fresh = input !== null && query.isSuccess && !query.isPlaceholderData && !query.isFetching;
  // Kept while rendering (React's "storing information from previous renders"), so the first
  // fresh answer and the stale marker reach the screen in the same paint.
  const [last, setLast] = useState<ChannelOutput<C>>();
  if (fresh && last !== query.data) setLast(() => query.data);
  const failed = input !== null && query.isError && !query.isFetching;
  return {
    data: fresh ? query.data : (last ?? (query.isPlaceholderData ? query.data : undefined)),
    error: failed ? asApiError(query.error) : undefined,
    settled: input === null || fresh || failed,
    stale: !fresh,
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
 * cached for the window, asked once however many pages read it.
 */
export function useChannel<C extends ReadChannel>(channel: C, ...args: [input?: ChannelInput<C>]) {
  const input = args[0];
  return useQuery({ queryKey: channelKey(channel, input), queryFn: () => ask(channel, input) });
}
