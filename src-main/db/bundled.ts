/// <reference types="vite/client" />
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { StoreAssets } from './assets';
import { defaultPaths } from './paths';
import { SeedDataError } from './seed-data';

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
 * The build copies the file beside its output with its sha256 (electron.vite.config.ts, `__CARDWISE_DATA__`), so
 * a start compares the hash and reads the file only to seed it. Run from source (tests), the checkout's file is
 * read and hashed instead.
 */
declare const __CARDWISE_DATA__: { dir: string; sha256: Record<string, string> } | undefined;
const built = typeof __CARDWISE_DATA__ === 'undefined' ? undefined : __CARDWISE_DATA__;
const LAZY_FILES = ['reference-runs.json'] as const;

/** path -> text, keyed by file name ("001_init.sql", "cards.json"). */
function byName(files: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(files).map(([file, text]) => [file.split('/').pop()!, text]));
}

function readShipped(name: string): string {
  const file = path.join(defaultPaths().appRoot, built?.dir ?? 'data', name);
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
  for (const name of LAZY_FILES) {
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
  ...(built ? { dataSha256: built.sha256 } : {}),
};
