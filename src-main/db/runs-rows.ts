import { hash } from 'node:crypto';
import { z } from 'zod';
import { fillDefaults } from '../domain/estimate/resolve-input';
import {
  modelLabel,
  runFieldsSchema,
  SERVING_FIGURES,
  runOriginSchema,
  type Run,
  type RunInput,
  type RunOrigin,
} from '../domain/runs';
import { toColumn } from './row-mapping';
import { parseRow } from './validate';

/**
 * The one place a run meets its row in the `runs` table: the columns, the values written for a
 * run, the run read back from a row, and the content key that finds a run already logged.
 */

/** Columns that hold a run field under its plain snake_case name (the rest are mapped by hand). */
const PLAIN_KEYS = [
  'startedAt',
  'gpus',
  'provider',
  'peakMemoryGiB',
  'memoryMeter',
  'tokensPerSecond',
  'throughputKind',
  'throughputScope',
  'durationHours',
  'cost',
  'currency',
  'outcome',
] as const;

/** The serving columns (migration 005): in the content key only when a run has one, so older keys stay. */
const SERVING_KEYS = ['engine', ...SERVING_FIGURES] as const;

/** How a run is stored that the user did not type: where it came from, and what was estimated. */
export interface RunMeta {
  origin: RunOrigin;
  citation: string | null;
  /** The reference row id of a published run; null for the user's own. */
  refId: string | null;
  estimate: unknown;
  /** Overrides the label derived from config (a publication's model name). */
  modelLabel?: string;
  createdAt: Date;
}

/** Every column a run writes, in the order of runValues. */
export const RUN_COLUMNS = [
  ...PLAIN_KEYS.map(toColumn),
  ...SERVING_KEYS.map(toColumn),
  'ref_id',
  'card_id',
  'config',
  'method',
  'model_label',
  'precision',
  'notes',
  'origin',
  'citation',
  'estimate',
  'created_at',
  'content_key',
] as const;

/** `INSERT INTO runs (…) VALUES (?, …)` for runValues, prepared once per connection. */
export const INSERT_RUN_SQL = `INSERT INTO runs (${RUN_COLUMNS.join(', ')}) VALUES (${RUN_COLUMNS.map(() => '?').join(', ')})`;

/**
 * A digest of everything the user logged about a run (not where it came from, nor the estimate
 * kept with it): two runs with the same key are the same run logged twice. It is built from the
 * stored column values, so a run and its re-import always agree.
 */
export function contentKey(values: readonly unknown[]): string {
  // crypto.hash: the same digest as createHash(…).update(…).digest(…) without a Hash object per row (issue 16).
  return hash('sha256', JSON.stringify(values), 'base64url').slice(0, 24);
}

/** The columns a configuration decides: its JSON text, method, model label and resolved precision. */
interface ConfigColumns {
  json: string;
  method: string;
  modelLabel: string;
  precision: string;
}

/**
 * Per configuration object: an import hands the same parsed configuration to every row that repeats it
 * (RowValidator), so its JSON and resolved defaults are computed once, not per row. Configurations are
 * never changed after validation, so the columns cannot go stale.
 */
const configColumnsOf = new WeakMap<RunInput['config'], ConfigColumns>();

function configColumns(config: RunInput['config']): ConfigColumns {
  let columns = configColumnsOf.get(config);
  if (!columns) {
    columns = {
      json: JSON.stringify(config),
      method: config.method,
      modelLabel: modelLabel(config.model),
      // The column holds what the estimator resolves: a config may leave the precision to its default.
      precision: fillDefaults(config).precision,
    };
    configColumnsOf.set(config, columns);
  }
  return columns;
}

/** The values of RUN_COLUMNS for one validated run. */
export function runValues(input: RunInput, meta: RunMeta): unknown[] {
  // Built with push, not spreads: an import calls this once per row (issue 16).
  const columns = configColumns(input.config);
  const notes = input.notes ?? '';
  // What the user logged: the plain fields, the card, the configuration and the notes (and the
  // serving figures of a serving run: a run without them keys as it did before migration 005).
  const logged: unknown[] = [];
  for (const key of PLAIN_KEYS) logged.push(input[key] ?? null);
  logged.push(input.card, columns.json, notes);
  const serving: unknown[] = [];
  let serves = false;
  for (const key of SERVING_KEYS) {
    const value = input[key] ?? null;
    if (value !== null) serves = true;
    serving.push(value);
  }
  const key = contentKey(serves ? logged.concat(serving) : logged);
  const values = logged.slice(0, PLAIN_KEYS.length);
  for (const value of serving) values.push(value);
  values.push(
    meta.refId,
    input.card,
    columns.json,
    columns.method,
    meta.modelLabel ?? columns.modelLabel,
    columns.precision,
    notes,
    meta.origin,
    meta.citation,
    meta.estimate === null || meta.estimate === undefined ? null : JSON.stringify(meta.estimate),
    meta.createdAt.toISOString(),
    key,
  );
  return values;
}

const storedRunSchema = runFieldsSchema.extend({
  id: z.number().int().positive(),
  origin: runOriginSchema,
  citation: z.string().nullable(),
  estimate: z.unknown(),
  modelLabel: z.string(),
  createdAt: z.string(),
});

/** The run a row holds; a row that does not match the schema means a damaged store. */
export function fromRow(row: Record<string, unknown>): Run {
  const value: Record<string, unknown> = {
    id: row.id,
    card: row.card_id,
    config: JSON.parse(row.config as string),
    notes: row.notes,
    origin: row.origin,
    citation: row.citation,
    estimate: row.estimate === null ? null : JSON.parse(row.estimate as string),
    modelLabel: row.model_label,
    createdAt: row.created_at,
  };
  for (const key of [...PLAIN_KEYS, ...SERVING_KEYS]) {
    const v = row[toColumn(key)];
    // Optional fields read back absent, the two nullable memory fields as null.
    if (v !== null || key === 'peakMemoryGiB' || key === 'memoryMeter') value[key] = v;
  }
  const run = parseRow(storedRunSchema, value, 'runs', row.id);
  return { ...run, estimate: run.estimate ?? null } as Run;
}

/** The fields of a stored run that a caller can send back (to re-add, or to patch). */
export function runInputOf(run: Run): RunInput {
  const { id: _id, origin: _o, citation: _c, estimate: _e, modelLabel: _m, createdAt: _t, ...input } = run;
  return input;
}
