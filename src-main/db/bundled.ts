/// <reference types="vite/client" />
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { StoreAssets } from './assets';
import { defaultPaths } from './paths';
import { SeedDataError } from './seed-data';
import { SHIPPED_DATA_DIR, SHIPPED_DATA_FILES } from './shipped-data';

/*
 * The schema migrations and the seed data, carried by the build: Vite inlines each file's text
 * here (import.meta.glob with ?raw), so the built CLI, server and Electron main never read the
 * checkout at run time. The texts are the files' bytes, so their checksums and hashes are the same.
 */
const migrationFiles = import.meta.glob<string>('./migrations/*.sql', {
  query: '?raw',
  import: 'default',
  eager: true,
});
const dataFiles = import.meta.glob<string>('../../data/{cards,offers,models}.json', {
  query: '?raw',
  import: 'default',
  eager: true,
});

/**
 * The published runs (data/reference-runs.json, megabytes of JSON) are not inlined: every process that opens the
 * store would decode and parse them as part of its code, although a start only reseeds them when they changed.
 * The build copies them beside its output with their sha256 (db/shipped-data.ts, electron.vite.config.ts), so a
 * start compares the hash and reads the file only to seed it. Run from source (tests), the checkout's file is read
 * and hashed instead.
 */
declare const __CARDWISE_DATA_SHA256__: Record<string, string> | undefined;
const builtSha256 = typeof __CARDWISE_DATA_SHA256__ === 'undefined' ? undefined : __CARDWISE_DATA_SHA256__;

/** path -> text, keyed by file name ("001_init.sql", "cards.json"). */
function byName(files: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(files).map(([file, text]) => [file.split('/').pop()!, text]));
}

function readShipped(name: string): string {
  const file = path.join(defaultPaths().appRoot, builtSha256 ? SHIPPED_DATA_DIR : 'data', name);
  try {
    return readFileSync(file, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new SeedDataError(name, `cannot read ${file}${code ? ` (${code})` : ''}: reinstall the app, or rebuild it`);
  }
}

/** The data files, the big ones read from disk on first use (and kept). */
function dataWithLazyFiles(): Record<string, string> {
  const data = byName(dataFiles);
  for (const name of SHIPPED_DATA_FILES) {
    let text: string | undefined;
    Object.defineProperty(data, name, {
      enumerable: true,
      get: () => (text ??= readShipped(name)),
    });
  }
  return data;
}

export const bundledAssets: StoreAssets = {
  migrations: byName(migrationFiles),
  data: dataWithLazyFiles(),
  ...(builtSha256 ? { dataSha256: builtSha256 } : {}),
};
