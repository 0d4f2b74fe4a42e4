/**
 * `cardwise db restore` while the database is open elsewhere: refused, naming who has it open,
 * with the live WAL and every write acknowledged afterwards kept. Before, the restore reported
 * success, deleted the live -wal/-shm and the server's later writes were lost (2 of 2).
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { openApp } from '../app';
import { validRun } from '../http/fuzz-inputs.testkit';
import { rawRequest } from '../http/http-client.testkit';
import { startChild } from './concurrency.testkit';
import { backupNow, restoreBackup } from './recovery';
import { StoreError } from './store-error';
import { tempDir } from './test-support.testkit';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

function myNotes(file: string): string[] {
  const db = new Database(file, { readonly: true });
  try {
    return (db.prepare("SELECT notes FROM runs WHERE origin = 'mine' ORDER BY id").all() as { notes: string }[]).map(
      (r) => r.notes,
    );
  } finally {
    db.close();
  }
}

/** A database with one run and a backup of it, closed. */
function databaseWithBackup(): string {
  const file = path.join(tempDir(), 'cardwise.db');
  const app = openApp({ dbPath: file });
  app.db.prepare('SELECT 1').get();
  backupNow(app.db, file, new Date('2025-11-30T09:00:00Z'));
  app.close();
  return file;
}

function refusal(file: string): StoreError {
  try {
    restoreBackup(file);
  } catch (error) {
    if (error instanceof StoreError) return error;
    throw error;
  }
  throw new Error('expected the restore to be refused');
}

/** Starts the real `cardwise serve` on the file and resolves with its port and token. */
function serve(file: string) {
  const child = spawn(process.execPath, ['bin/cardwise.js', 'serve', '--port', '0', '--db', file], {
    cwd: repoRoot,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const started = new Promise<{ port: number; token: string }>((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const match = /127\.0\.0\.1:(\d+)\/#token=([\w-]+)/.exec(out);
      if (match) resolve({ port: Number(match[1]), token: match[2]! });
    });
    child.on('exit', (code) => reject(new Error(`server exited ${code}: ${out}`)));
  });
  const stopped = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return { started, stop: () => (child.kill('SIGTERM'), stopped) };
}

describe('restore while the database is open', () => {
  it('refuses while a command holds it open, names it, and leaves the file and its WAL as they were', async () => {
    const file = databaseWithBackup();
    const holder = startChild('hold', file, `${file}.go`);
    fs.writeFileSync(`${file}.go`, 'go');
    await holder.ready;
    await new Promise<void>((resolve) => {
      const check = () => (fs.existsSync(`${file}-wal`) ? resolve() : setTimeout(check, 10));
      check();
    });
    // Give the holder time to have opened the app (it prints after openApp).
    while (!fs.existsSync(`${file}.holders`) || fs.readdirSync(`${file}.holders`).length === 0) {
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    const wal = fs.readFileSync(`${file}-wal`);
    const error = refusal(file);
    expect(error.code).toBe('in-use');
    expect(error.message).toContain(`a cardwise command (pid ${holder.process.pid}`);
    expect(error.message).toMatch(/Nothing was changed/);
    expect(fs.readFileSync(`${file}-wal`).equals(wal)).toBe(true);
    expect(fs.existsSync(`${file}-shm`)).toBe(true);
    holder.process.stdin!.end();
    await holder.done;
    // Once nobody has it open, the same restore goes through.
    expect(restoreBackup(file).restoredFrom).toMatch(/cardwise\.db-v\d+-20251130T090000000Z\.db$/);
  }, 60_000);

  it('refuses while `cardwise serve` runs, names the server, and loses none of its later writes', async () => {
    const file = databaseWithBackup();
    const server = serve(file);
    const { port, token } = await server.started;
    const post = (channel: string, body: unknown) =>
      rawRequest({
        port,
        method: 'POST',
        path: `/api/${channel}`,
        headers: { host: `127.0.0.1:${port}`, authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    expect((await post('runs:add', { ...validRun, notes: 'before the restore' })).status).toBe(200);
    const error = refusal(file);
    expect(error.code).toBe('in-use');
    expect(error.message).toContain(`the Cardwise server (pid`);
    expect(error.message).toContain(`http://127.0.0.1:${port}/`);
    expect(error.message).not.toContain(token);
    expect((await post('runs:add', { ...validRun, notes: 'after the refused restore' })).status).toBe(200);
    await server.stop();
    expect(myNotes(file)).toEqual(['before the restore', 'after the refused restore']);
  }, 60_000);
});
