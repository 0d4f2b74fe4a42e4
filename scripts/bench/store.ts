/**
 * Store bench: import and export of N runs (rows/s, peak RSS) against a bare better-sqlite3
 * insert of the same rows into the same schema in the same run, and the run table's queries at
 * N runs. Each step runs in its own process, so its peak RSS is its own. Part of `npm run bench`
 * (section "store"); alone: npm run bench -- --only store
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { inChildProcess } from './child';
import type { Percentiles } from './stats';

const here = fileURLToPath(import.meta.url);

type Step = 'generate' | 'import-json' | 'export-csv' | 'import-csv' | 'bare' | 'queries';

async function step(name: Step, dir: string, n: number): Promise<Record<string, unknown>> {
  const { openDb } = await import('../../src-main/db/open');
  const { syntheticRuns } = await import('../../src-main/db/synthetic-runs.testkit');
  const json = path.join(dir, 'runs.json');
  const csv = path.join(dir, 'runs.csv');
  const fresh = (name: string) => {
    const file = path.join(dir, name);
    for (const side of ['', '-wal', '-shm']) fs.rmSync(file + side, { force: true });
    return openDb(file);
  };
  let started = performance.now();
  const done = (rows: number, extra: Record<string, unknown> = {}) => {
    const seconds = (performance.now() - started) / 1000;
    return {
      step: name,
      rows,
      seconds: +seconds.toFixed(2),
      rowsPerSecond: Math.round(rows / seconds),
      peakRssMiB: Math.round(process.resourceUsage().maxRSS / 1024),
      ...extra,
    };
  };
  if (name === 'generate') {
    const fd = fs.openSync(json, 'w');
    let buffer = '{"version":1,"runs":[\n';
    let i = 0;
    for (const run of syntheticRuns(0, n)) {
      buffer += `${i++ === 0 ? '' : ',\n'}${JSON.stringify(run)}`;
      if (buffer.length > 1 << 20) {
        fs.writeSync(fd, buffer);
        buffer = '';
      }
    }
    fs.writeSync(fd, `${buffer}\n]}\n`);
    fs.closeSync(fd);
    return done(n, { bytes: fs.statSync(json).size });
  }
  if (name === 'import-json' || name === 'import-csv') {
    const { importRunChunks } = await import('../../src-main/db/runs-import');
    const db = fresh(`${name}.db`);
    const file = name === 'import-json' ? json : csv;
    // Timed from here, as the bare insert is timed once its store is open: a new store's migrations and
    // seed (the catalog, the published runs) are not the import.
    started = performance.now();
    const result = await importRunChunks(
      db,
      fs.createReadStream(file, { encoding: 'utf8', highWaterMark: 1 << 20 }) as AsyncIterable<string>,
      name === 'import-json' ? 'json' : 'csv',
    );
    db.close();
    return done(result.imported);
  }
  if (name === 'export-csv') {
    const { exportRunChunks } = await import('../../src-main/db/runs-export');
    const { openDb: open } = await import('../../src-main/db/open');
    const db = open(path.join(dir, 'import-json.db'));
    const fd = fs.openSync(csv, 'w');
    for (const chunk of exportRunChunks(db, { format: 'csv' })) fs.writeSync(fd, chunk);
    fs.closeSync(fd);
    const rows = (db.prepare("SELECT count(*) AS n FROM runs WHERE origin = 'mine'").get() as { n: number }).n;
    db.close();
    return done(rows, { bytes: fs.statSync(csv).size });
  }
  if (name === 'bare') {
    // The same rows as the import writes, built up front, inserted by a prepared statement in one transaction, in the
    // fastest way SQLite reaches the store an import leaves: the log's secondary indexes dropped and built again
    // after the rows, and what its triggers keep (text index, ledger sums, rate groups, counts) built once after them,
    // as an import that at least doubles the log does (runs-import.ts withIndexesRebuilt). Then the rows alone into a
    // log without any of those: no index but the primary key, no trigger.
    const { runValues, INSERT_RUN_SQL } = await import('../../src-main/db/runs-rows');
    const { withIndexesRebuilt } = await import('../../src-main/db/runs-import');
    const { runInputSchema } = await import('../../src-main/domain/runs');
    const rows: unknown[][] = [];
    const meta = { origin: 'mine', citation: null, refId: null, estimate: null, createdAt: new Date() } as const;
    for (const run of syntheticRuns(0, n)) rows.push(runValues(runInputSchema.parse(run), meta));
    // Seconds to insert every row in one transaction, through `around` (what is built after the rows).
    const insertAll = (db: ReturnType<typeof fresh>, around: (write: () => void) => void) => {
      const statement = db.prepare(INSERT_RUN_SQL);
      const t0 = performance.now();
      db.exec('BEGIN IMMEDIATE');
      around(() => {
        for (const values of rows) statement.run(values);
      });
      db.exec('COMMIT');
      const seconds = (performance.now() - t0) / 1000;
      db.close();
      return seconds;
    };
    const whole = fresh('bare.db');
    const seconds = insertAll(whole, (write) => withIndexesRebuilt(whole, write));
    const alone = fresh('bare-alone.db');
    const schema = alone
      .prepare(
        "SELECT type, name FROM sqlite_master WHERE tbl_name = 'runs' AND type IN ('index', 'trigger') AND sql IS NOT NULL",
      )
      .all() as { type: string; name: string }[];
    for (const { type, name: dropped } of schema)
      alone.exec(`DROP ${type.toUpperCase()} "${dropped.replaceAll('"', '""')}"`);
    const aloneSeconds = insertAll(alone, (write) => write());
    return {
      step: name,
      rows: n,
      seconds: +seconds.toFixed(2),
      rowsPerSecond: Math.round(n / seconds),
      rowsAlonePerSecond: Math.round(n / aloneSeconds),
      peakRssMiB: Math.round(process.resourceUsage().maxRSS / 1024),
    };
  }
  // queries: the run table at N runs, as the Runs page asks.
  const { listRuns } = await import('../../src-main/db/runs-queries');
  const { cursorOf } = await import('../../src-main/domain/runs/queries');
  const { openDb: open } = await import('../../src-main/db/open');
  const db = open(path.join(dir, 'import-json.db'));
  const { percentiles } = await import('./stats');
  const median = (f: () => unknown) => {
    f();
    const times = Array.from({ length: 9 }, () => {
      const t = performance.now();
      f();
      return performance.now() - t;
    });
    return percentiles(times);
  };
  // Building what the log's triggers keep from the whole log: what migrations 008, 009 and 010 do once for the runs
  // already logged, and an import that at least doubles the log at its end (db/runs-derived.ts); and the one write
  // whose triggers read runs again.
  const { rebuildRunsText } = await import('../../src-main/db/runs-text');
  const { rebuildLedgerSums } = await import('../../src-main/db/runs-ledger');
  const { rebuildRateGroups } = await import('../../src-main/db/runs-rate-groups');
  const { deleteRun } = await import('../../src-main/db/runs-mutations');
  const timed = (build: () => void) =>
    percentiles(
      Array.from({ length: 3 }, () => {
        const t = performance.now();
        db.transaction(build)();
        return performance.now() - t;
      }),
    );
  const builds = {
    'build the text index of every run (once, when migration 008 updates a log)': timed(() => rebuildRunsText(db)),
    'sum the ledger of every run (once, when migration 009 updates a log)': timed(() => rebuildLedgerSums(db)),
    'group the rates of every run (once, when migration 010 updates a log)': timed(() => rebuildRateGroups(db)),
    // The one write whose triggers read runs again: the group's rates without its fastest run (migration 010).
    'delete the fastest run of the largest rate group': percentiles(
      Array.from({ length: 3 }, () => {
        const { id } = db
          .prepare(
            `SELECT r.id FROM runs AS r JOIN (SELECT * FROM runs_rate_groups ORDER BY runs DESC LIMIT 1) AS g
               ON r.method = g.method AND r.card_id = g.card_id AND r.gpus = g.gpus
                 AND r.throughput_kind IS g.throughput_kind AND r.config = g.config
             ORDER BY CASE WHEN r.throughput_scope = 'per-gpu' THEN r.tokens_per_second * r.gpus
                      ELSE r.tokens_per_second END DESC LIMIT 1`,
          )
          .get() as { id: number };
        const t = performance.now();
        deleteRun(db, id);
        return performance.now() - t;
      }),
    ),
  };
  const first = listRuns(db, {});
  const cases: Record<string, () => unknown> = {
    'open (first page, newest first)': () => listRuns(db, {}),
    'next page (keyset)': () => listRuns(db, { after: cursorOf(first.runs.at(-1)!, 'startedAt') }),
    'last page (keyset)': () => listRuns(db, { last: true }),
    'sort by cost': () => listRuns(db, { sort: ['cost', 'desc'] }),
    'filter card + outcome': () => listRuns(db, { filter: { card: 'rtx-4090', outcome: 'ok' } }),
    'filter origin=published (small)': () =>
      listRuns(db, { filter: { origin: 'published' }, sort: ['tokensPerSecond', 'desc'] }),
    'filter text "throttled"': () => listRuns(db, { filter: { text: 'throttled' } }),
    // One run's note ends in "#<index>": the last run's is found in the text index, one run among all.
    'filter text, one run': () => listRuns(db, { filter: { text: `#${n - 1}` } }),
    'filter text "#7" (under three characters: a LIKE over every run)': () => listRuns(db, { filter: { text: '#7' } }),
    'page 1000 by offset': () => listRuns(db, { offset: 50_000 }),
  };
  const ms = Object.fromEntries(Object.entries(cases).map(([label, f]) => [label, median(f)]));
  db.close();
  // Opening the store: the integrity check reads every page of a file changed since its last clean check, and is
  // skipped for one that is not (db/intact.ts). A change is made by removing the record of the last check.
  const file = path.join(dir, 'import-json.db');
  const timeOpen = (changed: boolean) =>
    percentiles(
      Array.from({ length: 5 }, () => {
        if (changed) fs.rmSync(`${file}.checked`, { force: true });
        const t = performance.now();
        open(file).close();
        return performance.now() - t;
      }),
    );
  const opens = {
    'changed since its last clean check (quick_check reads every page)': timeOpen(true),
    'unchanged since its last clean check (no check)': timeOpen(false),
  };
  return { step: name, rows: first.total, queries: ms, opens, builds };
}

/** What one step printed. */
export interface StepResult {
  step: Step;
  rows: number;
  seconds?: number;
  rowsPerSecond?: number;
  /** The bare insert's rows into a log without secondary indexes or triggers (step 'bare'). */
  rowsAlonePerSecond?: number;
  peakRssMiB?: number;
  bytes?: number;
  queries?: Record<string, Percentiles>;
  /** Opening the store file again, as every CLI command and every start of the app or the server does. */
  opens?: Record<string, Percentiles>;
  /** Building a derived structure of the whole log again. */
  builds?: Record<string, Percentiles>;
}

/** Runs the steps for N runs in child processes and returns their results (quick: JSON import, bare, queries). */
export function benchStore(n = 100_000, quick = false): StepResult[] {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cardwise-bench-store-'));
  try {
    const steps: Step[] = quick
      ? ['generate', 'import-json', 'bare', 'queries']
      : ['generate', 'import-json', 'export-csv', 'import-csv', 'bare', 'queries'];
    return steps.map((name) => {
      return inChildProcess<StepResult>(here, ['--step', name, dir, String(n)]);
    });
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

const [flag, stepName, stepDir, stepRows] = process.argv.slice(2);
if (flag === '--step') console.log(JSON.stringify(await step(stepName as Step, stepDir!, Number(stepRows))));
