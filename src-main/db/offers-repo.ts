import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import { calendarDate, datedOfferPatch, offerSchema, type Offer } from '../domain/catalog';
import { InputError } from '../domain/errors';
import { msg } from '../domain/messages';
import { offerPatchSchema } from '../ipc/contract';
import type { Db } from './driver';
import { columnMap, upsertSql, type WriteMode } from './row-mapping';
import { NotFoundError } from './store-error';
import { writeTransaction } from './transaction';
import { parseInput, parseRow } from './validate';

const offerColumns = columnMap(Object.keys(offerSchema.shape));
const newOfferSchema = offerSchema.omit({ id: true });

function fromRow(row: Record<string, unknown>): Offer {
  return parseRow(offerSchema, offerColumns.fromRow(row), 'offers', row.id);
}

/** Offers, cheapest first within each card; only one card's when `cardId` is given. */
export function listOffers(db: Db, filter: { cardId?: string } = {}): Offer[] {
  const rows = (
    filter.cardId === undefined
      ? db.prepare('SELECT * FROM offers ORDER BY card_id, billing, price, id').all()
      : db.prepare('SELECT * FROM offers WHERE card_id = ? ORDER BY billing, price, id').all(filter.cardId)
  ) as Record<string, unknown>[];
  return rows.map(fromRow);
}

/** One offer, or undefined when none has that id. */
export function getOffer(db: Db, id: string): Offer | undefined {
  const row = db.prepare('SELECT * FROM offers WHERE id = ?').get(id) as Record<string, unknown> | undefined;
  return row ? fromRow(row) : undefined;
}

/** Adds a user's offer under a new id `user-<random>`; returns the stored row. */
export function addOffer(db: Db, offer: z.input<typeof newOfferSchema>, now = new Date()): Offer {
  const fields = parseInput(newOfferSchema, offer);
  // A price the user enters without a date was seen today.
  const observedAt = fields.observedAt.trim() === '' ? calendarDate(now) : fields.observedAt;
  const parsed: Offer = { id: `user-${randomBytes(6).toString('hex')}`, ...fields, observedAt };
  return writeTransaction(db, () => {
    assertCardExists(db, parsed.cardId);
    writeOffer(db, parsed, 'user', now);
    return getOffer(db, parsed.id) as Offer;
  });
}

/** Changes some fields of an offer and marks it user-edited, so no reseed overwrites it. */
export function updateOffer(db: Db, id: string, patch: z.input<typeof offerPatchSchema>, now = new Date()): Offer {
  // The patch schema has no defaults: it holds only the fields the caller sent.
  const changes = datedOfferPatch(parseInput(offerPatchSchema, patch), calendarDate(now));
  return writeTransaction(db, () => {
    const current = getOffer(db, id);
    if (!current) throw new NotFoundError('offers', id);
    const next = parseInput(offerSchema, { ...current, ...changes, id });
    if (next.cardId !== current.cardId) assertCardExists(db, next.cardId);
    writeOffer(db, next, 'user', now);
    return getOffer(db, id) as Offer;
  });
}

/** Deletes an offer; a builtin one gets a tombstone so a reseed does not bring it back. */
export function deleteOffer(db: Db, id: string, now = new Date()): boolean {
  return writeTransaction(db, () => {
    const row = db.prepare('SELECT builtin FROM offers WHERE id = ?').get(id) as { builtin: number } | undefined;
    if (!row) return false;
    if (row.builtin === 1) {
      db.prepare("INSERT OR IGNORE INTO seed_tombstones (table_name, row_id, deleted_at) VALUES ('offers', ?, ?)").run(
        id,
        now.toISOString(),
      );
    }
    db.prepare('DELETE FROM offers WHERE id = ?').run(id);
    return true;
  });
}

/** Writes one offer row; returns false when a builtin write met a user-edited row and left it. */
export function writeOffer(db: Db, offer: Offer, mode: WriteMode, now: Date): boolean {
  const row = { ...offerColumns.toRow(offer), updated_at: now.toISOString() };
  return db.prepare(upsertSql('offers', offerColumns.columns, mode)).run(row).changes > 0;
}

function assertCardExists(db: Db, cardId: string): void {
  if (!db.prepare('SELECT 1 FROM cards WHERE id = ?').get(cardId)) {
    throw new InputError('cardId', msg('store.noCard', { id: cardId }));
  }
}
