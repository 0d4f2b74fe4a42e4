import { z } from 'zod';
import { currencySchema } from '../catalog';
import { methodSchema } from '../estimate/input';
import { msg } from '../messages';
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

/**
 * Whether the store answers a search for `text` from its index of trigrams (every three consecutive characters,
 * db/runs-text.ts); other text is searched in every run. Text needs a trigram (three characters, not UTF-16 units)
 * and no NUL character, which ends an FTS5 query string early ("unterminated string").
 */
export function searchUsesIndex(text: string): boolean {
  return [...text].length >= 3 && !text.includes('\u0000');
}

/** Where a page starts: the sort value and id of a run on the page next to it (see cursorOf). */
export const runCursorSchema = z
  .object({
    id: z.number().int().positive(),
    value: z.union([z.string().max(200), z.number(), z.null()]),
  })
  .strict();
export type RunCursor = z.infer<typeof runCursorSchema>;

/** Paging, sorting and filters of the run list. */
export const listRunsOptionsSchema = z
  .object({
    limit: z.number().int().min(1).max(500).default(50),
    /** A jump: skips this many runs (it reads them); after/before/last page without reading. */
    offset: z.number().int().min(0).max(1e9).default(0),
    /** The page after this run (the last run of the page shown). */
    after: runCursorSchema.optional(),
    /** The page before this run (the first run of the page shown). */
    before: runCursorSchema.optional(),
    /** The last page: `total % limit` runs (or a full page). */
    last: z.boolean().optional(),
    sort: z.tuple([z.enum(RUN_SORT_KEYS), z.enum(['asc', 'desc'])]).default(['startedAt', 'desc']),
    filter: z
      .object({
        card: z.string().min(1).max(64).optional(),
        outcome: runOutcomeSchema.optional(),
        origin: runOriginSchema.optional(),
        method: methodSchema.optional(),
        /** Substring of the notes, provider or model label, ignoring case. */
        text: z.string().max(200).optional(),
      })
      .strict()
      .default({}),
  })
  .strict()
  .refine(
    (o) => [o.after !== undefined, o.before !== undefined, o.last === true, o.offset > 0].filter(Boolean).length <= 1,
    {
      message: 'give at most one of after, before, last and offset',
      path: ['after'],
      params: { message: msg('runs.onePageAnchor') },
    },
  );
export type ListRunsOptions = z.input<typeof listRunsOptionsSchema>;

/** The field of a run that each sort key sorts by. */
const SORT_FIELDS = {
  startedAt: 'startedAt',
  card: 'card',
  peakMemoryGiB: 'peakMemoryGiB',
  tokensPerSecond: 'tokensPerSecond',
  cost: 'cost',
  durationHours: 'durationHours',
} as const satisfies Record<RunSortKey, string>;

/** The cursor of a listed run under a sort key: the page after it starts with the next run. */
export function cursorOf(
  run: { id: number } & Partial<Record<(typeof SORT_FIELDS)[RunSortKey], string | number | null>>,
  key: RunSortKey,
): RunCursor {
  return { id: run.id, value: run[SORT_FIELDS[key]] ?? null };
}

/** How the spending ledger groups the user's runs. */
export const ledgerOptionsSchema = z
  .object({
    groupBy: z.enum(['month', 'card', 'provider']),
    /** Only runs paid in this currency (their count, GPU-hours and cost). */
    currency: currencySchema.optional(),
  })
  .strict();
export type LedgerOptions = z.input<typeof ledgerOptionsSchema>;
