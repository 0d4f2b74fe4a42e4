/**
 * The one place where domain field names (camelCase) meet column names (snake_case).
 * Unit suffixes stay one word: memoryGiB -> memory_gib, bandwidthGBps -> bandwidth_gbps.
 */
export function toColumn(key: string): string {
  return key
    .replace(/GiB/g, 'Gib')
    .replace(/GBps/g, 'Gbps')
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .toLowerCase();
}

/** Converts objects with the given keys to rows and back; `booleanKeys` are stored as 0/1. */
export interface ColumnMap {
  readonly keys: readonly string[];
  readonly columns: readonly string[];
  toRow(value: Record<string, unknown>): Record<string, unknown>;
  fromRow(row: Record<string, unknown>): Record<string, unknown>;
}

/** Builds the mapping for one table from the domain keys (usually a zod schema's shape). */
export function columnMap(keys: readonly string[], booleanKeys: readonly string[] = []): ColumnMap {
  const columns = keys.map(toColumn);
  const booleans = new Set(booleanKeys);
  return {
    keys,
    columns,
    toRow(value) {
      const row: Record<string, unknown> = {};
      keys.forEach((key, i) => {
        const v = value[key];
        row[columns[i] as string] = typeof v === 'boolean' ? (v ? 1 : 0) : (v ?? null);
      });
      return row;
    },
    fromRow(row) {
      const value: Record<string, unknown> = {};
      keys.forEach((key, i) => {
        const v = row[columns[i] as string];
        value[key] = booleans.has(key) ? v === 1 : v;
      });
      return value;
    },
  };
}

/** Who is writing a catalog row: the seed (builtin) or the user (an addition or an edit). */
export type WriteMode = 'builtin' | 'user';

/**
 * INSERT … ON CONFLICT(id) DO UPDATE for a catalog table with builtin/user_edited/updated_at.
 * A builtin write never touches a row the user edited; a user write marks the row edited
 * and keeps its builtin flag. Column names come from code, never from input.
 */
export function upsertSql(table: string, columns: readonly string[], mode: WriteMode): string {
  const [builtin, userEdited] = mode === 'builtin' ? [1, 0] : [0, 1];
  const names = [...columns, 'builtin', 'user_edited', 'updated_at'];
  const values = [...columns.map((c) => `@${c}`), String(builtin), String(userEdited), '@updated_at'];
  const updates = columns.filter((c) => c !== 'id').map((c) => `${c} = excluded.${c}`);
  updates.push(mode === 'builtin' ? 'builtin = 1' : 'user_edited = 1', 'updated_at = excluded.updated_at');
  const guard = mode === 'builtin' ? ` WHERE ${table}.user_edited = 0` : '';
  return `INSERT INTO ${table} (${names.join(', ')}) VALUES (${values.join(', ')})
    ON CONFLICT (id) DO UPDATE SET ${updates.join(', ')}${guard}`;
}
