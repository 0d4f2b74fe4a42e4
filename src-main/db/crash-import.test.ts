/**
 * Crash safety: a child imports 20,000 runs in one transaction and is killed with SIGKILL
 * at moments fast-check draws from a fixed seed (a time into the import, or an amount the
 * write transaction has put in the WAL). After every kill the file passes integrity_check and
 * holds either none or all of the import, never part of it.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { viteRun } from './vite-run.testkit';
import { openApp } from '../app';
import { validRun } from '../http/fuzz-inputs.testkit';

const RUNS = 20_000;
/** Kills of each kind (the PRNG suite made 3 of each). */
const ROUNDS = 3;
const SEED = 7;
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

/** The log's state after a kill: intact, and holding the runs it had before the kill, or those plus the whole import. */
async function killAndCheck(trigger: Trigger): Promise<'none' | 'all'> {
  const before = myRuns().count;
  const { killed } = await importAndKill(trigger);
  const after = myRuns();
  const label = JSON.stringify(trigger);
  expect(after.integrity, label).toBe('ok');
  expect([before, before + RUNS], label).toContain(after.count);
  if (!killed) expect(after.count, label).toBe(before + RUNS);
  const outcome = after.count === before ? 'none' : 'all';
  outcomes.push(`${label}:${killed ? 'killed' : 'exited'}:${outcome}`);
  return outcome;
}

const outcomes: string[] = [];
let fullImportMs = 0;

describe('crash during a large import', () => {
  it('imports the whole file when nothing kills it (and times one import here)', async () => {
    const before = myRuns().count;
    const full = await importAndKill(null);
    expect(full.finished).toBe(true);
    expect(myRuns()).toEqual({ count: before + RUNS, integrity: 'ok' });
    fullImportMs = full.ms;
  }, 60_000);

  it(`kill -9 at ${ROUNDS} moments in the first 70% of an import (reading, validating, writing): all or nothing`, async () => {
    expect(fullImportMs).toBeGreaterThan(0);
    // Per mille of the import, uniform (noBias): fast-check leans to the bounds early, and a
    // double is uniform over its bit patterns, so most draws would be 0 ms.
    const perMille = fc.noBias(fc.integer({ min: 0, max: 700 }));
    await fc.assert(
      fc.asyncProperty(
        perMille,
        async (p) => void (await killAndCheck({ afterMs: Math.round((p / 1000) * fullImportMs) })),
      ),
      { seed: SEED, numRuns: ROUNDS },
    );
  }, 120_000);

  it(`kill -9 at ${ROUNDS} points inside the write transaction (its WAL grown by 64 KiB to 1 MiB): all or nothing`, async () => {
    let midWrite = 0;
    const growth = fc.noBias(fc.integer({ min: 64 * 1024, max: 1024 * 1024 }));
    await fc.assert(
      fc.asyncProperty(growth, async (walGrowthBytes) => {
        if ((await killAndCheck({ walGrowthBytes })) === 'none') midWrite++;
      }),
      { seed: SEED + 1, numRuns: ROUNDS },
    );
    console.log(`crash rounds (full import ${fullImportMs} ms)`, outcomes.join(' '));
    // The test means something only if kills landed inside the write transaction (all 3 did in
    // the PRNG suite; 2 leaves room for one import that outran its kill on a busy machine).
    expect(midWrite).toBeGreaterThanOrEqual(ROUNDS - 1);
    openApp({ dbPath: dbFile }).close();
  }, 120_000);
});
