import { z } from 'zod';
import { modelPresetSchema, type ModelPreset } from '../domain/catalog';
import type { Db } from './driver';
import { columnMap, upsertSql, type WriteMode } from './row-mapping';
import { parseInput, parseRow } from './validate';

const modelColumns = columnMap(Object.keys(modelPresetSchema.shape), ['tiedEmbeddings', 'gatedMlp']);

function fromRow(row: Record<string, unknown>): ModelPreset {
  // A column a model does not have (sliding window, MLA) is NULL; the preset leaves the field out.
  const value = Object.fromEntries(Object.entries(modelColumns.fromRow(row)).filter(([, v]) => v !== null));
  return parseRow(modelPresetSchema, value, 'models', row.id);
}

/** Every model preset, by family then size. */
export function listModels(db: Db): ModelPreset[] {
  const rows = db.prepare('SELECT * FROM models ORDER BY family COLLATE NOCASE, params, id').all() as Record<
    string,
    unknown
  >[];
  return rows.map(fromRow);
}

/** One preset, or undefined when none has that id. */
export function getModel(db: Db, id: string): ModelPreset | undefined {
  const row = db.prepare('SELECT * FROM models WHERE id = ?').get(id) as Record<string, unknown> | undefined;
  return row ? fromRow(row) : undefined;
}

/** Adds a user preset or saves the user's edit of one (marked user_edited; builtin flag kept). */
export function upsertModel(db: Db, preset: z.input<typeof modelPresetSchema>, now = new Date()): ModelPreset {
  const parsed = parseInput(modelPresetSchema, preset);
  writeModel(db, parsed, 'user', now);
  return getModel(db, parsed.id) as ModelPreset;
}

/** Writes one preset row; returns false when a builtin write met a user-edited row and left it. */
export function writeModel(db: Db, preset: ModelPreset, mode: WriteMode, now: Date): boolean {
  const row = { ...modelColumns.toRow(preset), updated_at: now.toISOString() };
  return db.prepare(upsertSql('models', modelColumns.columns, mode)).run(row).changes > 0;
}
