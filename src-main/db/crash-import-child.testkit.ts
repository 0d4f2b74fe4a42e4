/**
 * Child process of crash-import.test.ts: opens the app on a database and imports a runs
 * file with importRunsFile (staged, then one transaction), saying "importing" just before and "done"
 * after, so the parent can kill it mid-write. Usage: <db file> <runs file>.
 */
import fs from 'node:fs';
import { openApp } from '../app';
import { importRunsFile } from './runs-import';

const [dbFile, runsFile] = process.argv.slice(2);
if (!dbFile || !runsFile) throw new Error('usage: crash-import-child <db file> <runs file>');
const text = fs.readFileSync(runsFile, 'utf8');
const app = openApp({ dbPath: dbFile });
process.stdout.write('importing\n', () => {
  // The same file every round: its runs are duplicates of the last round's, imported anyway.
  void importRunsFile(app.db, text, 'json', { allowDuplicates: true }).then((result) => {
    app.close();
    process.stdout.write(`done ${result.imported}\n`);
  });
});
