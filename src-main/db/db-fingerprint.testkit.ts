import { createHash } from 'node:crypto';
import type { Db } from './driver';

/** What the trust tests compare before and after an attack: integrity, and every table's rows. */
export interface DbFingerprint {
  integrity: string;
  /** Row count per table. */
  counts: Record<string, number>;
  /** sha256 of every table's rows in rowid order, per table. */
  digests: Record<string, string>;
}

/** Reads the whole database (it is small in tests) into a comparable fingerprint. */
export function fingerprint(db: Db): DbFingerprint {
  const integrity = (db.pragma('integrity_check', { simple: true }) as string) ?? 'no answer';
  const tables = (
    db
      .prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name")
      .all() as {
      name: string;
    }[]
  ).map((t) => t.name);
  const counts: Record<string, number> = {};
  const digests: Record<string, string> = {};
  for (const table of tables) {
    const quoted = `"${table.replace(/"/g, '""')}"`;
    counts[table] = (db.prepare(`SELECT count(*) AS n FROM ${quoted}`).get() as { n: number }).n;
    const hash = createHash('sha256');
    for (const row of db.prepare(`SELECT * FROM ${quoted}`).iterate()) hash.update(JSON.stringify(row));
    digests[table] = hash.digest('hex');
  }
  return { integrity, counts, digests };
}
