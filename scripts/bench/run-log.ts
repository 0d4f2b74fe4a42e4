/**
 * Databases for the bench: the real app store (migrated, seeded with the catalog and the published
 * runs) plus N runs of the synthetic log, or a catalog grown to N cards with an offer each. The runs
 * are written fast (a prepared insert, then SQL copies of them) since the import has its own figure.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openApp, type App } from '../../src-main/app';
import { writeCard } from '../../src-main/db/cards-repo';
import { writeOffer } from '../../src-main/db/offers-repo';
import { INSERT_RUN_SQL, RUN_COLUMNS, runValues } from '../../src-main/db/runs-rows';
import { syntheticRuns } from '../../src-main/db/synthetic-runs.testkit';
import { listCards } from '../../src-main/db/cards-repo';
import { listOffers } from '../../src-main/db/offers-repo';
import { runInputSchema } from '../../src-main/domain/runs';

/** Runs written one by one; the rest are SQL copies of them (notes and content key made distinct). */
const DISTINCT_RUNS = 10_000;

/** A folder for one bench's files, removed by `cleanup`. */
export function benchDir(): { dir: string; cleanup: () => void } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cardwise-bench-'));
  return { dir, cleanup: () => fs.rmSync(dir, { recursive: true, force: true }) };
}

/** Adds `count` of the user's runs to `app`'s log. */
export function addRuns(app: App, count: number): void {
  const db = app.db;
  const meta = { origin: 'mine', citation: null, refId: null, estimate: null, createdAt: new Date() } as const;
  const insert = db.prepare(INSERT_RUN_SQL);
  const distinct = Math.min(count, DISTINCT_RUNS);
  const first = (db.prepare("SELECT count(*) AS n FROM runs WHERE origin = 'mine'").get() as { n: number }).n;
  db.exec('BEGIN IMMEDIATE');
  for (const run of syntheticRuns(first, first + distinct)) insert.run(runValues(runInputSchema.parse(run), meta));
  db.exec('COMMIT');
  const copied = RUN_COLUMNS.filter((c) => c !== 'notes' && c !== 'content_key');
  let left = count - distinct;
  let round = 0;
  while (left > 0) {
    round += 1;
    const batch = Math.min(left, distinct * 2 ** (round - 1));
    db.exec('BEGIN IMMEDIATE');
    db.prepare(
      `INSERT INTO runs (${copied.join(', ')}, notes, content_key)
       SELECT ${copied.join(', ')}, notes || ' (copy ${round})', content_key || ':${round}'
       FROM runs WHERE origin = 'mine' ORDER BY id LIMIT ?`,
    ).run(batch);
    db.exec('COMMIT');
    left -= batch;
  }
}

/** The app on a fresh store in `dir` with `runs` of the user's runs logged. */
export function appWithRuns(dir: string, runs: number, name = `runs-${runs}.db`): App {
  const app = openApp({ dbPath: path.join(dir, name) });
  if (runs > 0) addRuns(app, runs);
  return app;
}

/**
 * The app on a fresh store whose catalog is grown to `cards` cards, each with an hourly offer
 * (copies of the built-in cards and offers under new ids, memory varied so fits differ).
 */
export function appWithCatalog(dir: string, cards: number): App {
  const app = openApp({ dbPath: path.join(dir, `cards-${cards}.db`) });
  const db = app.db;
  const builtin = listCards(db);
  const offers = listOffers(db);
  const now = new Date();
  db.exec('BEGIN IMMEDIATE');
  // Only the grown catalog: the built-in cards' offers stay, one per card is added for the copies.
  for (let i = builtin.length; i < cards; i++) {
    const base = builtin[i % builtin.length]!;
    const card = {
      ...base,
      id: `${base.id}-copy-${i}`,
      name: `${base.name} copy ${i}`,
      memoryGiB: base.memoryGiB + (i % 7) * 4,
    };
    writeCard(db, card, 'user', now);
    const offer = offers.find((o) => o.cardId === base.id) ?? offers[0]!;
    writeOffer(
      db,
      { ...offer, id: `bench-offer-${i}`, cardId: card.id, price: offer.price * (1 + (i % 5) / 10) },
      'user',
      now,
    );
  }
  db.exec('COMMIT');
  return app;
}
