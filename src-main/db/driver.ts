import type Database from 'better-sqlite3';

/**
 * The database handle every repository takes. One alias, so that swapping the driver
 * (node:sqlite once the toolchain is on Node >= 22) touches this file and open.ts only.
 */
export type Db = Database.Database;
