import { z } from 'zod';
import { currencySchema } from '../catalog';
import { methodSchema } from '../estimate/input';
import { runOriginSchema, runOutcomeSchema } from './run-schema';

/** Keys the run list can be sorted by (the store keeps an index for each). */
export const RUN_SORT_KEYS = [
  'startedAt',
  'card',
  'peakMemoryGiB',
  'tokensPerSecond',
  'cost',
  'durationHours',
] as const;
export type RunSortKey = (typeof RUN_SORT_KEYS)[number];

/** Paging, sorting and filters of the run list. */
export const listRunsOptionsSchema = z
  .object({
    limit: z.number().int().min(1).max(500).default(50),
    offset: z.number().int().min(0).max(1e9).default(0),
    sort: z.tuple([z.enum(RUN_SORT_KEYS), z.enum(['asc', 'desc'])]).default(['startedAt', 'desc']),
    filter: z
      .object({
        card: z.string().min(1).max(64).optional(),
        outcome: runOutcomeSchema.optional(),
        origin: runOriginSchema.optional(),
        method: methodSchema.optional(),
        /** Substring of the notes, provider or model label (case-insensitive for ASCII). */
        text: z.string().max(200).optional(),
      })
      .strict()
      .default({}),
  })
  .strict();
export type ListRunsOptions = z.input<typeof listRunsOptionsSchema>;

/** How the spending ledger groups the user's runs. */
export const ledgerOptionsSchema = z
  .object({
    groupBy: z.enum(['month', 'card', 'provider']),
    /** Only runs paid in this currency (their count, GPU-hours and cost). */
    currency: currencySchema.optional(),
  })
  .strict();
export type LedgerOptions = z.input<typeof ledgerOptionsSchema>;
