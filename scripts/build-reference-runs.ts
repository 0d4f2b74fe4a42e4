/**
 * Rebuilds data/reference-runs.json from data/measurements/public.json (`npm run data:reference-runs`),
 * so that anyone can check how a published number became a reference row. `--check` exits 1 when the
 * committed file differs from what the script would write.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { DATA_DIR } from './data-files';
import { buildFromDataDir, serialize } from './reference-runs/files';

const dataDir = DATA_DIR;
const target = join(dataDir, 'reference-runs.json');
const { runs, leftOut } = buildFromDataDir(dataDir);
const text = serialize(runs);
if (process.argv.includes('--check')) {
  const same = readFileSync(target, 'utf8') === text;
  console.log(
    same
      ? 'data/reference-runs.json is up to date'
      : 'data/reference-runs.json differs: run npm run data:reference-runs',
  );
  process.exit(same ? 0 : 1);
}
writeFileSync(target, text);
console.log(`wrote ${runs.length} reference rows to data/reference-runs.json; left out ${leftOut.length} records:`);
const reasons = new Map<string, number>();
for (const l of leftOut) reasons.set(l.reason, (reasons.get(l.reason) ?? 0) + 1);
for (const [reason, count] of reasons) console.log(`  ${count} × ${reason}`);
