/**
 * Crash safety: a child imports 20,000 runs in one transaction and is killed with SIGKILL
 * at seeded moments. After every kill the file passes integrity_check and holds either
 * none or all of the import, never part of it.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { viteRun } from './vite-run.testkit';
import { openApp } from '../app';
import { validRun } from '../http/fuzz-inputs.testkit';
import { prng } from '../http/prng.testkit';

const RUNS = 20_000;
const ROUNDS = 6;
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const child = path.join(repoRoot, 'src-main', 'db', 'crash-import-child.testkit.ts');

let dir: string;
let dbFile: string;
let runsFile: string;

beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cardwise-crash-'));
  dbFile = path.join(dir, 'cardwise.db');
  runsFile = path.join(dir, 'runs.json');
  const runs = Array.from({ length: RUNS }, (_, i) => ({
    ...validRun,
    notes: `crash run ${i}`,
    durationHours: 1 + (i % 7),
  }));
  fs.writeFileSync(runsFile, JSON.stringify({ version: 1, runs }));
  openApp({ dbPath: dbFile }).close();
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

function myRuns(): { count: number; integrity: string } {
  const db = new Database(dbFile);
  try {
    const integrity = db.pragma('integrity_check', { simple: true }) as string;
    const { n } = db.prepare("SELECT count(*) AS n FROM runs WHERE origin = 'mine'").get() as { n: number };
    // An empty WAL for the next round, so its growth shows the import writing.
    db.pragma('wal_checkpoint(TRUNCATE)');
    return { count: n, integrity };
  } finally {
    db.close();
  }
}

/** When to kill: a delay after the child starts importing, or once its WAL has grown by some bytes (mid-write). */
type Trigger = { afterMs: number } | { walGrowthBytes: number } | null;

function walSize(): number {
  try {
    return fs.statSync(`${dbFile}-wal`).size;
  } catch {
    return 0;
  }
}

/** Runs the child and SIGKILLs it at `trigger`; says whether it finished first. */
function importAndKill(trigger: Trigger): Promise<{ finished: boolean; killed: boolean; ms: number }> {
  return new Promise((resolve, reject) => {
    const proc = spawn(process.execPath, [...viteRun(child), dbFile, runsFile], {
      cwd: repoRoot,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    let started = 0;
    let timer: NodeJS.Timeout | undefined;
    proc.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      if (!out.includes('importing') || started) return;
      started = Date.now();
      if (trigger && 'afterMs' in trigger) timer = setTimeout(() => proc.kill('SIGKILL'), trigger.afterMs);
      if (trigger && 'walGrowthBytes' in trigger) {
        const baseline = walSize();
        timer = setInterval(() => {
          if (walSize() - baseline >= trigger.walGrowthBytes) proc.kill('SIGKILL');
        }, 2);
      }
    });
    proc.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
    proc.on('error', reject);
    proc.on('exit', (code, signal) => {
      clearTimeout(timer);
      clearInterval(timer);
      if (signal !== 'SIGKILL' && code !== 0) reject(new Error(`child failed (${code}): ${err}`));
      else resolve({ finished: out.includes('done'), killed: signal === 'SIGKILL', ms: Date.now() - started });
    });
  });
}

describe('crash during a large import', () => {
  it(`kill -9 at ${ROUNDS} seeded moments: all or nothing, integrity ok`, async () => {
    const rng = prng(7);
    const outcomes: string[] = [];
    let expected = myRuns().count;
    // Round 0 runs to the end: the import works, and it tells how long one takes here.
    const full = await importAndKill(null);
    expect(full.finished).toBe(true);
    expect(myRuns()).toEqual({ count: expected + RUNS, integrity: 'ok' });
    expected += RUNS;
    let midWrite = 0;
    for (let round = 1; round <= ROUNDS; round++) {
      // Odd rounds: a seeded moment in the first 70% of the import (reading, validating, writing);
      // even rounds: once the transaction has written a seeded amount to the WAL.
      const trigger: Trigger =
        round % 2 === 1
          ? { afterMs: Math.round(rng.next() * full.ms * 0.7) }
          : { walGrowthBytes: (1 + rng.int(4)) * 256 * 1024 };
      const { killed } = await importAndKill(trigger);
      const after = myRuns();
      const label = `round ${round} ${JSON.stringify(trigger)}`;
      expect(after.integrity, label).toBe('ok');
      expect([expected, expected + RUNS], label).toContain(after.count);
      if (!killed) expect(after.count, label).toBe(expected + RUNS);
      if (killed && 'walGrowthBytes' in trigger && after.count === expected) midWrite++;
      outcomes.push(
        `${JSON.stringify(trigger)}:${killed ? 'killed' : 'exited'}:${after.count === expected ? 'none' : 'all'}`,
      );
      expected = after.count;
    }
    console.log(`crash rounds (full import ${full.ms} ms)`, outcomes.join(' '));
    // The test means something only if kills landed inside the write transaction.
    expect(midWrite).toBeGreaterThanOrEqual(2);
    const app = openApp({ dbPath: dbFile });
    app.close();
  }, 120_000);
});
