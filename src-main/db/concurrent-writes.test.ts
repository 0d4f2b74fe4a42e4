/**
 * Writers in several processes and a server, while another process imports 400,000 runs:
 * every write is acknowledged (0 failed) and every acknowledged write is in the file at the
 * end (0 lost). Before IMMEDIATE transactions 116 of 500 run edits and 51 of 300 price edits
 * failed with "database is locked", and a 400k-row import made other writers fail.
 */
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { openApp } from '../app';
import { validRun } from '../http/fuzz-inputs.testkit';
import { rawRequest } from '../http/http-client.testkit';
import { startServer } from '../http/server';
import { startTogether } from './concurrency.testkit';
import { syntheticRuns } from './synthetic-runs.testkit';
import { tempDir } from './test-support.testkit';

const WRITERS = 3;
const WRITES_EACH = 60;
const SERVER_WRITES = 60;
/**
 * The red-team case is 400,000 runs (CARDWISE_TRUST_IMPORT_RUNS=400000, see SECURITY.md); the
 * everyday suite imports 100,000, enough to hold the write lock while every writer writes.
 */
const IMPORTED = Number(process.env.CARDWISE_TRUST_IMPORT_RUNS ?? 100_000);

/** Writes a runs JSON file of `count` synthetic runs without holding them in memory. */
function writeRunsFile(file: string, count: number): void {
  const fd = fs.openSync(file, 'w');
  fs.writeSync(fd, '{"version":1,"runs":[\n');
  let buffer = '';
  let i = 0;
  for (const run of syntheticRuns(0, count)) {
    buffer += `${i++ === 0 ? '' : ',\n'}${JSON.stringify({ ...run, notes: `imported ${i}` })}`;
    if (buffer.length > 1 << 20) {
      fs.writeSync(fd, buffer);
      buffer = '';
    }
  }
  fs.writeSync(fd, `${buffer}\n]}\n`);
  fs.closeSync(fd);
}

const dir = tempDir();
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('writers in many processes and a server at once', () => {
  it(`${WRITERS} writer processes + a server + a ${IMPORTED.toLocaleString('en-US')}-run import: 0 failed, 0 lost`, async () => {
    const dbFile = path.join(dir, 'cardwise.db');
    const runsFile = path.join(dir, 'big.json');
    writeRunsFile(runsFile, IMPORTED);
    const app = openApp({ dbPath: dbFile });
    const server = await startServer({ app, port: 0, rendererDir: path.join(dir, 'no-renderer') });
    const post = async (channel: string, body: unknown) => {
      const res = await rawRequest({
        port: server.port,
        method: 'POST',
        path: `/api/${channel}`,
        headers: {
          host: `127.0.0.1:${server.port}`,
          authorization: `Bearer ${server.token}`,
          'content-type': 'application/json',
        },
        body: JSON.stringify(body),
        timeoutMs: 120_000,
      });
      return { status: res.status, body: JSON.parse(res.body) as { ok: boolean; data: { id: number } } };
    };
    try {
      const importer = await startTogether(1, 'import', dbFile, () => [runsFile]);
      const writers = await startTogether(WRITERS, 'writes', dbFile, (i) => [String(WRITES_EACH), `writer ${i}`]);
      const serverAcknowledged: string[] = [];
      const serverFailures: string[] = [];
      for (let i = 0; i < SERVER_WRITES; i++) {
        const notes = `server write ${i}`;
        const res = await post('runs:add', { ...validRun, notes });
        if (res.status === 200) serverAcknowledged.push(notes);
        else serverFailures.push(`${res.status} ${JSON.stringify(res.body).slice(0, 200)}`);
      }
      const [imported] = (await importer[0]!.done).slice(-1) as { imported: number; ms: number }[];
      const results = (await Promise.all(writers.map((w) => w.done))).map(
        (lines) => lines.at(-1) as { acknowledged: { id: number; notes: string }[]; failures: string[] },
      );
      const failures = [...serverFailures, ...results.flatMap((r) => r.failures)];
      const acknowledged = [...serverAcknowledged, ...results.flatMap((r) => r.acknowledged.map((a) => a.notes))];
      await server.close();
      app.close();
      const db = new Database(dbFile, { readonly: true });
      const stored = new Set(
        (db.prepare("SELECT notes FROM runs WHERE notes NOT LIKE 'imported %'").all() as { notes: string }[]).map(
          (r) => r.notes,
        ),
      );
      const importedRows = (
        db.prepare("SELECT count(*) AS n FROM runs WHERE notes LIKE 'imported %'").get() as { n: number }
      ).n;
      const integrity = db.pragma('integrity_check', { simple: true });
      db.close();
      const lost = acknowledged.filter((notes) => !stored.has(notes));
      console.log(
        `concurrent writes: ${acknowledged.length + failures.length} writes (${WRITERS} processes + server), ${failures.length} failed, ${lost.length} lost; import of ${imported!.imported} runs in ${imported!.ms} ms alongside; integrity ${String(integrity)}`,
      );
      expect(failures).toEqual([]);
      expect(acknowledged).toHaveLength(WRITERS * WRITES_EACH + SERVER_WRITES);
      expect(lost).toEqual([]);
      expect(imported!.imported).toBe(IMPORTED);
      expect(importedRows).toBe(IMPORTED);
      expect(integrity).toBe('ok');
    } finally {
      await server.close().catch(() => {});
    }
  }, 600_000);
});
