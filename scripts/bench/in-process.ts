/**
 * In-process figures: whole `estimate:compute`, `rank:compute` and `serve:compute` calls through the app's
 * dispatcher (contract parsing, catalog, calibration, solvers) against the memory core alone, and
 * how estimate, rank and calibration grow with the catalog and with the run log.
 */
import { fileURLToPath } from 'node:url';
import type { App } from '../../src-main/app';
import { listCards } from '../../src-main/db/cards-repo';
import { listModels } from '../../src-main/db/models-repo';
import { addRun } from '../../src-main/db/runs-mutations';
import { syntheticRun } from '../../src-main/db/synthetic-runs.testkit';
import { estimateMemory } from '../../src-main/domain/estimate/memory';
import type { Channel } from '../../src-main/ipc/channels';
import { warmUp } from '../../src-main/handlers/warm-up';
import { inChildProcess } from './child';
import type { Curve, Figure } from './figures';
import { appWithCatalog, appWithRuns, benchDir } from './run-log';
import { growthExponent, sample, SUPERLINEAR_EXPONENT, type Percentiles } from './stats';

const here = fileURLToPath(import.meta.url);

/** The Estimate page's first question: an 8B LoRA on a 4090 (8 built-in cards solved each time). */
export const ESTIMATE_INPUT = {
  model: 'llama-3.1-8b',
  method: 'lora',
  gpu: 'rtx-4090',
  batchSize: 4,
  seqLen: 2048,
} as const;
export const RANK_INPUT = {
  input: { model: 'llama-3.1-8b', method: 'lora', batchSize: 4, seqLen: 2048 },
  workload: { tokens: 100_000_000 },
  options: {},
} as const;

/** The Serve page's first question: Llama 3.1 8B on vLLM, every card at 1, 2, 4 and 8 GPUs, ranked with its offers. */
export const SERVE_INPUT = {
  model: 'llama-3.1-8b',
  engine: 'vllm',
  precision: 'bf16',
  maxModelLen: 8192,
  gpuMemoryUtilization: 0.9,
  kvCacheDtype: 'auto',
  promptTokens: 1024,
  outputTokens: 128,
  requestsPerSecond: 1,
  ttftTargetMs: 2000,
  itlTargetMs: 100,
  targetUtilization: 0.5,
} as const;

async function dispatch(app: App, channel: Channel, input: unknown): Promise<unknown> {
  const result = await app.dispatcher.dispatch(channel as never, input as never);
  if (!result.ok) throw new Error(`${channel}: ${JSON.stringify(result.error)}`);
  return result.data;
}

function timed(name: string, p: Percentiles, extra: Partial<Figure> = {}): Figure {
  return { section: 'in process', name, p50Ms: p.p50Ms, p95Ms: p.p95Ms, p99Ms: p.p99Ms, ...extra };
}

/** Whole calls vs the memory core, on the seeded store (its published runs calibrate). */
export async function inProcessFigures(quick: boolean): Promise<Figure[]> {
  const { dir, cleanup } = benchDir();
  const app = appWithRuns(dir, 0);
  try {
    // The first call is timed alone: it reads the catalog and the published runs and estimates each of them.
    const started = performance.now();
    await dispatch(app, 'estimate:compute', ESTIMATE_INPUT);
    const firstMs = performance.now() - started;
    // The same first call on a store the shells warm up (cardwise serve, the desktop window) while the page loads,
    // in a process of its own: in this one, the call above has compiled the code it runs.
    const warmedFirst = inChildProcess<{ warmUpMs: number; firstMs: number }>(here, ['--warm-up-first']);
    // Then each figure after untimed calls for a while: a long-lived process (the desktop app, the server, one
    // `cardwise estimate --input` of many inputs) answers after V8 has compiled the hot code and grown its young
    // generation, which starts small and is scavenged far more often until then.
    const runs = quick ? { minRuns: 200, minMs: 500, warmupMs: 500 } : { minRuns: 1000, minMs: 2000, warmupMs: 1000 };
    const warm = (name: string, p: Percentiles, extra: Partial<Figure> = {}) =>
      timed(name, p, { ...extra, note: `after ${runs.warmupMs} ms of untimed calls` });
    const cards = listCards(app.db);
    const ctx = { presets: listModels(app.db), cards };
    const core = await sample(() => estimateMemory(ESTIMATE_INPUT, ctx), runs);
    const coreLimit = { name: `memory core alone (estimateMemory, ${cards.length} cards)`, p50Ms: core.p50Ms };
    const figures: Figure[] = [
      warm('memory core alone (estimateMemory)', core),
      {
        section: 'in process',
        name: 'estimate:compute, first call on a freshly opened store (the published runs read and estimated)',
        p50Ms: firstMs,
        note: 'one call',
      },
      {
        section: 'in process',
        name: "estimate:compute, first call after the shells' warm-up (handlers/warm-up.ts)",
        p50Ms: warmedFirst.firstMs,
        note: `one call; the warm-up itself took ${warmedFirst.warmUpMs.toFixed(1)} ms, while the page loads`,
      },
    ];
    const noCalibration = { ...ESTIMATE_INPUT, calibration: false };
    figures.push(
      warm(
        'estimate:compute, whole, calibrated',
        await sample(() => dispatch(app, 'estimate:compute', ESTIMATE_INPUT), runs),
        { limit: coreLimit, target: '≤ 1 ms p99 (issue 11.9)' },
      ),
      warm(
        'estimate:compute, whole, no calibration',
        await sample(() => dispatch(app, 'estimate:compute', noCalibration), runs),
        { limit: coreLimit, target: '≤ 1 ms p99 (issue 11.9)' },
      ),
      warm('rank:compute, whole, calibrated', await sample(() => dispatch(app, 'rank:compute', RANK_INPUT), runs), {
        limit: coreLimit,
        target: '≤ 2 ms (issue 11.9)',
      }),
      warm(
        'rank:compute, whole, no calibration',
        await sample(() => dispatch(app, 'rank:compute', { ...RANK_INPUT, options: { calibration: false } }), runs),
        { limit: coreLimit, target: '≤ 2 ms (issue 11.9)' },
      ),
      warm(
        'serve:compute, whole (every card × 1/2/4/8 GPUs, latency solved per rate)',
        await sample(() => dispatch(app, 'serve:compute', SERVE_INPUT), runs),
      ),
    );
    return figures;
  } finally {
    app.close();
    cleanup();
  }
}

/** On a fresh store: how long warmUp takes, then the first estimate:compute after it. */
async function firstAfterWarmUp(): Promise<{ warmUpMs: number; firstMs: number }> {
  const { dir, cleanup } = benchDir();
  const app = appWithRuns(dir, 0);
  try {
    const t0 = performance.now();
    warmUp(app.db);
    const warmUpMs = performance.now() - t0;
    const t1 = performance.now();
    await dispatch(app, 'estimate:compute', ESTIMATE_INPUT);
    return { warmUpMs, firstMs: performance.now() - t1 };
  } finally {
    app.close();
    cleanup();
  }
}

function curve(name: string, unit: Curve['unit'], points: Curve['points']): Curve {
  const exponent = growthExponent(points.map((p) => ({ size: p.size, ms: p.p50Ms })));
  return { name, unit, points, exponent, superlinear: exponent > SUPERLINEAR_EXPONENT };
}

/** Estimate and rank at 10, 100 and 1,000 cards (an offer each). */
export async function catalogCurves(quick: boolean): Promise<{ curves: Curve[]; figures: Figure[] }> {
  const sizes = [10, 100, 1000];
  const estimate: Curve['points'] = [];
  const rank: Curve['points'] = [];
  const rawRank: Curve['points'] = [];
  const runs = quick ? { minRuns: 20, minMs: 300, warmup: 2 } : { minRuns: 100, minMs: 1500 };
  for (const size of sizes) {
    const { dir, cleanup } = benchDir();
    const app = appWithCatalog(dir, size);
    try {
      const e = await sample(() => dispatch(app, 'estimate:compute', ESTIMATE_INPUT), runs);
      const r = await sample(() => dispatch(app, 'rank:compute', RANK_INPUT), runs);
      const raw = await sample(
        () => dispatch(app, 'rank:compute', { ...RANK_INPUT, options: { calibration: false } }),
        runs,
      );
      estimate.push({ size, ...e });
      rank.push({ size, ...r });
      rawRank.push({ size, ...raw });
    } finally {
      app.close();
      cleanup();
    }
  }
  const at1000 = (points: Curve['points']) => points.at(-1)!;
  return {
    curves: [
      curve('estimate:compute (calibrated)', 'cards and offers', estimate),
      curve('rank:compute (calibrated)', 'cards and offers', rank),
      curve('rank:compute (no calibration)', 'cards and offers', rawRank),
    ],
    figures: [
      {
        section: 'growth',
        name: 'rank:compute at 1,000 cards and offers, calibrated',
        ...at1000(rank),
        target: '< 16 ms (one frame)',
      },
      {
        section: 'growth',
        name: 'rank:compute at 1,000 cards and offers, no calibration',
        ...at1000(rawRank),
        target: '< 16 ms (one frame)',
      },
    ],
  };
}

/**
 * Calibration with N of the user's runs logged: the first estimate (the whole log read and every run
 * estimated), the next ones (the loaded runs re-weighed per card), and one after the user logs a run.
 */
export async function runLogCurves(sizes: number[], quick: boolean): Promise<{ curves: Curve[]; figures: Figure[] }> {
  const warm: Curve['points'] = [];
  const cold: Curve['points'] = [];
  const oneWrite: Curve['points'] = [];
  const rank: Curve['points'] = [];
  const figures: Figure[] = [];
  for (const size of sizes) {
    const { dir, cleanup } = benchDir();
    const app = appWithRuns(dir, size);
    try {
      const started = performance.now();
      await dispatch(app, 'estimate:compute', ESTIMATE_INPUT);
      const first = performance.now() - started;
      cold.push({ size, p50Ms: first, p99Ms: first });
      const few = size >= 100_000 || quick ? { minRuns: 5, minMs: 0, warmup: 1 } : { minRuns: 30, minMs: 500 };
      const e = await sample(() => dispatch(app, 'estimate:compute', ESTIMATE_INPUT), few);
      warm.push({ size, ...e });
      const r = await sample(() => dispatch(app, 'rank:compute', RANK_INPUT), few);
      rank.push({ size, ...r });
      // The user logs one more run: the next estimate re-reads only what changed (handlers/calibration.ts).
      const written: number[] = [];
      for (let i = 0; i < 3; i += 1) {
        addRun(app.db, { ...syntheticRun(size + i), notes: `bench write ${i}` });
        const at = performance.now();
        await dispatch(app, 'estimate:compute', ESTIMATE_INPUT);
        written.push(performance.now() - at);
      }
      const afterWrite = written.sort((a, b) => a - b)[1]!;
      oneWrite.push({ size, p50Ms: afterWrite, p99Ms: written[2]! });
      figures.push({
        section: 'calibration',
        name: `estimate:compute with ${size.toLocaleString('en-US')} runs logged`,
        p50Ms: e.p50Ms,
        p95Ms: e.p95Ms,
        p99Ms: e.p99Ms,
        note: `first read of the log ${first.toFixed(0)} ms; after logging one run ${afterWrite.toFixed(0)} ms (median of 3)`,
        ...(size === 100_000 ? { target: '≤ 5 ms (issue 16; calib helper)' } : {}),
      });
    } finally {
      app.close();
      cleanup();
    }
  }
  return {
    curves: [
      curve('estimate:compute (calibrated)', 'runs', warm),
      curve('first estimate (the whole log read)', 'runs', cold),
      curve('estimate after logging one run', 'runs', oneWrite),
      curve('rank:compute (calibrated)', 'runs', rank),
    ],
    figures,
  };
}

if (process.argv[2] === '--warm-up-first') console.log(JSON.stringify(await firstAfterWarmUp()));
