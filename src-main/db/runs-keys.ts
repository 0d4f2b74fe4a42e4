import type { Db } from './driver';
import { fromRow, runInputOf, runValues, RUN_COLUMNS } from './runs-rows';
import { readSetting, writeSetting } from './settings-repo';
import { writeTransaction } from './transaction';

const DONE_KEY = 'internal.contentKeys';
const BATCH = 5_000;
const KEY_AT = RUN_COLUMNS.indexOf('content_key');

/**
 * Gives every run written before schema v3 its content key (runs-rows.ts), once: the key is
 * computed in code, so the SQL migration that added the column could not fill it. Later writes
 * always set it. A flag in settings says it is done, so later opens do not scan the log.
 */
export function fillContentKeys(db: Db): void {
  if (readSetting(db, DONE_KEY) === 1) return;
  const missing = db.prepare(`SELECT * FROM runs WHERE content_key IS NULL AND id > ? ORDER BY id LIMIT ${BATCH}`);
  const update = db.prepare('UPDATE runs SET content_key = ? WHERE id = ?');
  let after = 0;
  for (;;) {
    const done = writeTransaction(db, () => {
      const rows = missing.all(after) as Record<string, unknown>[];
      for (const row of rows) {
        const run = fromRow(row);
        const values = runValues(runInputOf(run), {
          origin: run.origin,
          citation: run.citation,
          refId: null,
          estimate: null,
          createdAt: new Date(),
        });
        update.run(values[KEY_AT], run.id);
        after = run.id;
      }
      if (rows.length < BATCH) writeSetting(db, DONE_KEY, 1);
      return rows.length < BATCH;
    });
    if (done) return;
  }
}
