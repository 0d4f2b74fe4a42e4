import { z } from 'zod';
import { cardSchema, interconnectSchema, type Card } from '../domain/catalog';
import type { Db } from './driver';
import { columnMap, upsertSql, type WriteMode } from './row-mapping';
import { writeTransaction } from './transaction';
import { parseInput, parseRow } from './validate';

/** The interconnect object is stored flat, as nvlink_gbps and pcie_gen. */
const cardColumns = columnMap([
  ...Object.keys(cardSchema.shape).filter((key) => key !== 'interconnect'),
  ...Object.keys(interconnectSchema.shape),
]);

function toRow(card: Card, now: Date): Record<string, unknown> {
  const { interconnect, ...rest } = card;
  return { ...cardColumns.toRow({ ...rest, ...interconnect }), updated_at: now.toISOString() };
}

function fromRow(row: Record<string, unknown>): Card {
  const { nvlinkGBps, pcieGen, ...rest } = cardColumns.fromRow(row);
  return parseRow(cardSchema, { ...rest, interconnect: { nvlinkGBps, pcieGen } }, 'cards', row.id);
}

/** Every card, builtin and user-added, by name. */
export function listCards(db: Db): Card[] {
  const rows = db.prepare('SELECT * FROM cards ORDER BY name COLLATE NOCASE, id').all() as Record<string, unknown>[];
  return rows.map(fromRow);
}

/** One card, or undefined when no card has that id. */
export function getCard(db: Db, id: string): Card | undefined {
  const row = db.prepare('SELECT * FROM cards WHERE id = ?').get(id) as Record<string, unknown> | undefined;
  return row ? fromRow(row) : undefined;
}

/** Adds a user card or saves the user's edit of one (marked user_edited; builtin flag kept). */
export function upsertCard(db: Db, card: z.input<typeof cardSchema>, now = new Date()): Card {
  const parsed = parseInput(cardSchema, card);
  writeCard(db, parsed, 'user', now);
  return getCard(db, parsed.id) as Card;
}

/** Writes one card row; returns false when a builtin write met a user-edited row and left it. */
export function writeCard(db: Db, card: Card, mode: WriteMode, now: Date): boolean {
  return db.prepare(upsertSql('cards', cardColumns.columns, mode)).run(toRow(card, now)).changes > 0;
}

/**
 * Deletes a card and its offers (ON DELETE CASCADE); logged runs on it stay (a run is history).
 * A builtin card gets a tombstone so a reseed does not bring it back. False when no card has the id.
 */
export function deleteCard(db: Db, id: string, now = new Date()): boolean {
  return writeTransaction(db, () => {
    const row = db.prepare('SELECT builtin FROM cards WHERE id = ?').get(id) as { builtin: number } | undefined;
    if (!row) return false;
    if (row.builtin === 1) {
      db.prepare("INSERT OR IGNORE INTO seed_tombstones (table_name, row_id, deleted_at) VALUES ('cards', ?, ?)").run(
        id,
        now.toISOString(),
      );
    }
    db.prepare('DELETE FROM cards WHERE id = ?').run(id);
    return true;
  });
}
