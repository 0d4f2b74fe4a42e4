/// <reference types="vite/client" />
import type { StoreAssets } from './assets';

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
const dataFiles = import.meta.glob<string>('../../data/{cards,offers,models,reference-runs}.json', {
  query: '?raw',
  import: 'default',
  eager: true,
});

/** path -> text, keyed by file name ("001_init.sql", "cards.json"). */
function byName(files: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(files).map(([file, text]) => [file.split('/').pop()!, text]));
}

export const bundledAssets: StoreAssets = { migrations: byName(migrationFiles), data: byName(dataFiles) };
