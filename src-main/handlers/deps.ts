import type { Db } from '../db/driver';

/** What every handler gets besides its parsed input. */
export interface HandlerDeps {
  db: Db;
}
