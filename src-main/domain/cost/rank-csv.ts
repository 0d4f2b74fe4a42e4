import { encodeRecord } from '../runs/rfc4180';
import { neutralizeCell } from '../runs/csv';
import type { Candidate } from './rank';

/**
 * A ranking as CSV, one row per candidate in ranking order: the numbers unrounded (a spreadsheet
 * formats them), empty where a figure does not apply (no job: no hours or job cost). The header
 * names are stable identifiers, not UI text, so a script can read the file in any language. As in
 * the runs export (runs/csv.ts): a UTF-8 byte-order mark, CRLF line ends, formula-safe cells.
 */
const RANK_CSV_COLUMNS = [
  'rank',
  'card',
  'cardName',
  'gpus',
  'provider',
  'billing',
  'currency',
  'pricePerGpuHour',
  'memoryGiBPerGpu',
  'tokensPerSecond',
  'costPer1MTokens',
  'costPer1kSamples',
  'hours',
  'jobCost',
  // The job's cost at the ends of its speed's held-out range (rank.ts, jobCostLikely).
  'jobCostLikelyLow',
  'jobCostLikelyHigh',
  'pareto',
  // How the training state is split over the GPUs (rank.ts, sharding): last, so the columns before it keep their places.
  'sharding',
] as const;

const GIB = 1024 ** 3;

/** The ranking's candidates as a CSV file's text. */
export function encodeRankCsv(candidates: readonly Candidate[]): string {
  const text = (value: string | number | boolean | null) => (value === null ? '' : String(value));
  const rows = candidates.map((c, index) =>
    encodeRecord(
      [
        index + 1,
        c.card,
        c.cardName,
        c.gpus,
        c.provider,
        c.billing,
        c.currency,
        c.pricePerGpuHour,
        c.memoryBytesPerGpu / GIB,
        c.tokensPerSecond,
        c.costPer1MTokens,
        c.costPer1kSamples,
        c.hours,
        c.jobCost,
        c.jobCostLikely?.low ?? null,
        c.jobCostLikely?.high ?? null,
        c.pareto,
        c.sharding,
      ].map((value) => neutralizeCell(text(value))),
    ),
  );
  return `\uFEFF${encodeRecord(RANK_CSV_COLUMNS)}${rows.join('')}`;
}
