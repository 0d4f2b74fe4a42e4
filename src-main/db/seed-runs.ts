import { createHash } from 'node:crypto';
import { z } from 'zod';
import { runInputSchema, type MemoryMeter, type RunInput } from '../domain/runs';
import { GIB } from '../domain/estimate/units';
import { referenceRunSchema, type ReferenceRun } from '../domain/reference-runs';
import type { Db } from './driver';
import type { DataFiles } from './assets';
import { upsertPublishedRun } from './runs-mutations';
import { dataFile, SeedDataError } from './seed-data';
import { PUBLISHED_RUNS_FILE } from './shipped-data';
import { readSetting, writeSetting } from './settings-repo';
import { writeTransaction } from './transaction';
import { zodSummary } from './validate';

/*
 * Published measurements (data/reference-runs.json) as read-only runs with origin 'published'.
 * How a reference row becomes a run — never inventing a number:
 * - Only rows with a config and a card, and with a peak memory or a tokens/s that survives the
 *   two rules below, become runs. OOM rows carry neither number, so they are not seeded.
 * - Peak memory is per GPU in every row of the file (public.json's 'total'-scope rows were not
 *   carried over), converted bytes → GiB (÷ 2^30).
 * - Meter 'torch-active' is stored as torch-allocated: PyTorch's active bytes are the allocated
 *   blocks plus blocks freed but still in use by a stream, so allocated ≤ active ≤ reserved and
 *   active sits with allocated (a few % above it), not with reserved (cache included).
 * - Meter 'unknown' (not stated; llama.cpp buffer sums): the figure could be any of three
 *   meters that differ by GiBs, so peakMemoryGiB stays null and the notes quote the figure.
 *   (Rows whose notes said "likely reserved" were already mapped to torch-reserved in the file.)
 * - tokens/s keeps its kind (train/decode/prefill) and scope (per-gpu/all-gpus); a row whose
 *   scope is 'unknown' (torchtune multi-GPU) gets no tokens/s and the notes quote the figure.
 * - fms rows also report an nvidia-smi peak; the run keeps the torch figure and notes the other.
 * - No date, provider, duration or cost is published, so those stay empty.
 */

/** Bumped when the mapping above changes, so an unchanged data file is reseeded once. */
const SEED_FORMAT = 1;
const HASH_KEY = 'internal.publishedRunsHash';

const METERS: Record<string, MemoryMeter | null> = {
  'nvidia-smi': 'nvidia-smi',
  'torch-reserved': 'torch-reserved',
  'torch-allocated': 'torch-allocated',
  'torch-active': 'torch-allocated',
  unknown: null,
};

const gib = (bytes: number) => `${(bytes / GIB).toFixed(2)} GiB`;

/** The run a reference row stands for, or null when it has no usable measurement. */
export function publishedRunOf(ref: ReferenceRun): RunInput | null {
  const { config, card, measured } = ref;
  if (config === null || card === null) return null;
  const notes: string[] = [];
  if (ref.framework) notes.push(`Framework: ${ref.framework}.`);
  if (ref.notes) notes.push(ref.notes);

  const meter = measured.memoryMeter === null ? null : (METERS[measured.memoryMeter] ?? null);
  const hasMemory = measured.peakMemoryBytes !== null && meter !== null;
  if (measured.peakMemoryBytes !== null && meter === null) {
    notes.push(
      `Published peak memory ${gib(measured.peakMemoryBytes)} per GPU, meter not stated: not recorded as a measurement.`,
    );
  }
  if (measured.memoryMeter === 'torch-active')
    notes.push('Peak memory is torch active bytes, stored as torch-allocated.');
  if (measured.nvidiaSmiPeakBytes !== null) notes.push(`nvidia-smi peak ${gib(measured.nvidiaSmiPeakBytes)} per GPU.`);

  const scope = measured.throughputScope;
  const hasSpeed = measured.tokensPerSecond !== null && (scope === 'per-gpu' || scope === 'all-gpus');
  if (measured.tokensPerSecond !== null && !hasSpeed) {
    notes.push(`Published ${measured.tokensPerSecond} tokens/s, not said whether per GPU or in total: not recorded.`);
  }
  if (!hasMemory && !hasSpeed) return null;
  notes.push(`Mapping: ${ref.mapping}`);

  return runInputSchema.parse({
    config,
    card,
    gpus: config.gpus ?? 1,
    peakMemoryGiB: hasMemory ? (measured.peakMemoryBytes as number) / GIB : null,
    memoryMeter: hasMemory ? meter : null,
    ...(hasSpeed
      ? {
          tokensPerSecond: measured.tokensPerSecond,
          throughputKind: measured.throughputKind ?? undefined,
          throughputScope: scope,
        }
      : {}),
    outcome: measured.oom ? 'oom' : 'ok',
    notes: notes.join('\n'),
  });
}

export interface SeedRunsResult {
  /** True when the file was unchanged since the last seed, so nothing was done. */
  skipped: boolean;
  hash: string;
  /** Published runs inserted or refreshed. */
  written: number;
  /** Published runs removed because their row left the data file. */
  removed: number;
}

/**
 * Mirrors data/reference-runs.json into the run log as read-only published runs, in one
 * transaction, keyed by the reference row id (idempotent). Skipped when the file's hash has
 * not changed since the last seed (unless `force`).
 */
export function seedPublishedRuns(
  db: Db,
  data: DataFiles,
  /** fileSha256: the file's sha256 where the build worked it out (bundled.ts); the file is then read only to seed. */
  options: { force?: boolean; now?: Date; fileSha256?: string } = {},
): SeedRunsResult {
  const file = PUBLISHED_RUNS_FILE;
  const fileSha256 = options.fileSha256 ?? sha256(dataFile(data, file));
  const hash = sha256(`cardwise-published-runs-${SEED_FORMAT}\0${fileSha256}`);
  if (!options.force && readSetting(db, HASH_KEY) === hash) return { skipped: true, hash, written: 0, removed: 0 };

  const runs = parseReferenceRuns(file, dataFile(data, file));
  const now = options.now ?? new Date();
  return writeTransaction(db, () => {
    // Another process may have seeded while this one parsed the file: decide again under the lock.
    if (!options.force && readSetting(db, HASH_KEY) === hash) return { skipped: true, hash, written: 0, removed: 0 };
    const keep = new Set<string>();
    for (const { ref, run } of runs) {
      upsertPublishedRun(db, run, {
        origin: 'published',
        citation: `${ref.citation.source} — ${ref.citation.url}`,
        refId: ref.id,
        estimate: null,
        modelLabel: ref.modelName,
        createdAt: now,
      });
      keep.add(ref.id);
    }
    const stale = (db.prepare("SELECT ref_id FROM runs WHERE origin = 'published'").all() as { ref_id: string }[])
      .map((r) => r.ref_id)
      .filter((id) => !keep.has(id));
    const remove = db.prepare('DELETE FROM runs WHERE ref_id = ?');
    for (const id of stale) remove.run(id);
    writeSetting(db, HASH_KEY, hash);
    return { skipped: false, hash, written: runs.length, removed: stale.length };
  });
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

function parseReferenceRuns(file: string, text: string): { ref: ReferenceRun; run: RunInput }[] {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new SeedDataError(file, `not valid JSON (${(error as Error).message})`);
  }
  if (!Array.isArray(json)) throw new SeedDataError(file, 'expected a JSON array of rows');
  const seen = new Set<string>();
  const out: { ref: ReferenceRun; run: RunInput }[] = [];
  json.forEach((raw: unknown, i) => {
    const parsed = referenceRunSchema.safeParse(raw);
    const id = (raw as { id?: unknown } | null)?.id;
    const label = `row ${i}${typeof id === 'string' ? ` (id "${id}")` : ''}`;
    if (!parsed.success) throw new SeedDataError(file, `${label}: ${zodSummary(parsed.error)}`);
    if (seen.has(parsed.data.id)) throw new SeedDataError(file, `${label}: the id appears twice`);
    seen.add(parsed.data.id);
    let run: RunInput | null;
    try {
      run = publishedRunOf(parsed.data);
    } catch (error) {
      if (!(error instanceof z.ZodError)) throw error;
      throw new SeedDataError(file, `${label}: ${zodSummary(error)}`);
    }
    if (run) out.push({ ref: parsed.data, run });
  });
  return out;
}
