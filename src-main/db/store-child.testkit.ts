/**
 * A child process for the store's multi-process tests: loads the app, says "ready", waits for
 * the parent's go-file (so every child starts at the same moment), then runs one scenario and
 * prints one JSON line with what happened. Usage: <scenario> <db file> <go file> [args…].
 *   open            openApp on the file (many at once on a new file), then close.
 *   writes N        N runs:add + runs:update + offers:update through the dispatcher; prints
 *                   the ids and notes it was acknowledged for and every failure.
 *   import FILE     import FILE (a runs JSON file) with the streaming import, as the CLI does.
 *   hold            openApp and keep it open until stdin closes.
 *   backup ISO      openApp before the go, then back the file up stamped ISO (all children
 *                   the same stamp); prints the backup's path or the failure.
 */
import fs from 'node:fs';
import { openApp } from '../app';
import { validRun } from '../http/fuzz-inputs.testkit';
import { backupNow } from './recovery';
import { importRunChunks } from './runs-import';

const [scenario, dbFile, goFile, ...args] = process.argv.slice(2);
if (!scenario || !dbFile || !goFile) throw new Error('usage: store-child <scenario> <db file> <go file> [args]');

function say(value: unknown): void {
  process.stdout.write(`${JSON.stringify(value)}\n`);
}

async function waitForGo(): Promise<void> {
  say({ ready: true });
  while (!fs.existsSync(goFile!)) await new Promise((resolve) => setTimeout(resolve, 5));
}

async function main(): Promise<void> {
  if (scenario === 'backup') {
    const app = openApp({ dbPath: dbFile! });
    await waitForGo();
    try {
      say({ file: backupNow(app.db, dbFile!, new Date(args[0]!)) });
    } catch (error) {
      say({ error: (error as Error).message });
    } finally {
      app.close();
    }
    return;
  }
  await waitForGo();
  if (scenario === 'open') {
    try {
      openApp({ dbPath: dbFile }).close();
      say({ ok: true });
    } catch (error) {
      say({ ok: false, error: (error as Error).message });
    }
    return;
  }
  const app = openApp({ dbPath: dbFile });
  if (scenario === 'hold') {
    say({ holding: process.pid });
    process.stdin.resume();
    await new Promise((resolve) => process.stdin.once('end', resolve));
    app.close();
    return;
  }
  if (scenario === 'writes') {
    const count = Number(args[0]);
    const tag = args[1] ?? String(process.pid);
    const acknowledged: { id: number; notes: string }[] = [];
    const failures: string[] = [];
    const offers = (await app.dispatcher.dispatch('offers:list', {})) as {
      ok: true;
      data: { offers: { id: string }[] };
    };
    const offerId = offers.data.offers[0]!.id;
    for (let i = 0; i < count; i++) {
      const notes = `${tag} write ${i}`;
      const added = await app.dispatcher.dispatch('runs:add', { ...validRun, notes });
      if (!added.ok) {
        failures.push(`add: ${added.error.code} ${added.error.message}`);
        continue;
      }
      const id = (added.data as { id: number }).id;
      const updated = await app.dispatcher.dispatch('runs:update', { id, patch: { notes: `${notes} edited` } });
      if (updated.ok) acknowledged.push({ id, notes: `${notes} edited` });
      else failures.push(`update: ${updated.error.code} ${updated.error.message}`);
      const price = await app.dispatcher.dispatch('offers:update', {
        id: offerId,
        patch: { price: 1 + (i % 50) / 10 },
      });
      if (!price.ok) failures.push(`offer: ${price.error.code} ${price.error.message}`);
    }
    app.close();
    say({ acknowledged, failures });
    return;
  }
  if (scenario === 'import') {
    const started = Date.now();
    const result = await importRunChunks(
      app.db,
      fs.createReadStream(args[0]!, { encoding: 'utf8', highWaterMark: 1 << 20 }) as AsyncIterable<string>,
      'json',
    );
    app.close();
    say({ imported: result.imported, ms: Date.now() - started });
    return;
  }
  throw new Error(`unknown scenario ${scenario}`);
}

main().catch((error: unknown) => {
  say({ crashed: (error as Error).stack ?? String(error) });
  process.exitCode = 1;
});
