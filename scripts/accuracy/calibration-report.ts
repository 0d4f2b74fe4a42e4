import type { CalibrationValidation } from '../../src-main/domain/calibrate/groups';
import type { MemorySpread, SpreadFigures } from '../../src-main/domain/estimate/memory-interval';
import {
  decodeKindOf,
  TOKEN_BANDS,
  tokenBandOf,
  type SpeedSpread,
  type TokenBand,
} from '../../src-main/domain/estimate/speed-interval';
import { BAND_NAMES, tokensPerMicroBatch } from './categories';
import type { Scored } from './folds';
import { table } from './report';
import { quantile } from './stats';

const pct = (x: number) => `${(100 * x).toFixed(1)}%`;

/** Per group: held-out rows, sources, raw vs calibrated median |error|, and whether calibration is on. */
export function calibrationTable(validation: CalibrationValidation): string {
  return table(
    ['group', 'rows', 'srcs', 'corrected', 'raw med|err|', 'calibrated', 'calibration'],
    Object.entries(validation.groups).map(([group, g]) => [
      group,
      String(g.rows),
      String(g.sources),
      String(g.corrected),
      pct(g.rawMedian),
      pct(g.calibratedMedian),
      g.tested ? (g.on ? 'on' : 'off') : 'on (untested)',
    ]),
  );
}

/** The prior weights tried and the held-out median |error| of each. */
export function priorTable(rows: Array<{ priorRuns: number; median: number }>, chosen: number): string {
  return table(
    ['prior (pseudo-runs)', 'held-out med|err|', ''],
    rows.map((r) => [String(r.priorRuns), pct(r.median), r.priorRuns === chosen ? 'chosen' : '']),
  );
}

/** Fewer held-out rows than this for a method (memory) or a band or kind (speed): its interval is the pooled one. */
const MIN_SPREAD_ROWS = 20;

/**
 * The 10th and 90th percentile of held-out signed memory errors (estimate ÷ measured − 1) per method,
 * and pooled: the interval a memory estimate is shown with (issue 11 point 7).
 */
export function memorySpread(heldOut: Scored[]): MemorySpread {
  const memory = heldOut.filter((s) => s.row.quantity === 'memory' && !s.row.secondMeter && s.row.run.config);
  const pooled = spreadOf(memory);
  const byMethod: MemorySpread['byMethod'] = {};
  for (const method of ['inference', 'full', 'lora', 'qlora'] as const) {
    const rows = memory.filter((s) => s.row.run.config!.method === method);
    if (rows.length >= MIN_SPREAD_ROWS) byMethod[method] = spreadOf(rows);
  }
  return { pooled, byMethod };
}

/** The 10th and 90th percentile of some held-out rows' signed errors, and how many rows and sources they are. */
function spreadOf(rows: Scored[]): SpreadFigures {
  const errors = rows.map((s) => s.error).sort((a, b) => a - b);
  return {
    p10: Number(quantile(errors, 0.1).toFixed(4)),
    p90: Number(quantile(errors, 0.9).toFixed(4)),
    rows: rows.length,
    sources: new Set(rows.map((s) => s.row.group)).size,
  };
}

/**
 * The same for speed (errors on tokens per second): training rows by their token band, decode rows by eager or
 * engine, each with at least MIN_SPREAD_ROWS held-out rows, and each kind pooled, and prefill rows together: the
 * intervals a speed estimate is shown with.
 */
export function speedSpread(heldOut: Scored[]): SpeedSpread {
  const train = heldOut.filter((s) => s.row.quantity === 'train' && s.row.run.config);
  const decode = heldOut.filter((s) => s.row.quantity === 'decode' && s.row.run.config);
  const byBand: SpeedSpread['train']['byBand'] = {};
  for (const { band } of TOKEN_BANDS) {
    const rows = train.filter((s) => tokenBandOf(tokensPerMicroBatch(s)) === band);
    if (rows.length >= MIN_SPREAD_ROWS) byBand[band] = spreadOf(rows);
  }
  const byKind: SpeedSpread['decode']['byKind'] = {};
  for (const kind of ['eager', 'engine'] as const) {
    const rows = decode.filter((s) => decodeKindOf(s.row.run.config!.inferenceRuntime) === kind);
    if (rows.length >= MIN_SPREAD_ROWS) byKind[kind] = spreadOf(rows);
  }
  const prefill = heldOut.filter((s) => s.row.quantity === 'prefill' && s.row.run.config);
  return {
    train: { pooled: spreadOf(train), byBand },
    decode: { pooled: spreadOf(decode), byKind },
    prefill: spreadOf(prefill),
  };
}

/** The speed spread as a table. */
export function speedSpreadTable(spread: SpeedSpread): string {
  const lines: Array<[string, SpreadFigures]> = [
    ...Object.entries(spread.train.byBand).map(([band, s]): [string, SpreadFigures] => [
      `training, tokens/micro-batch ${BAND_NAMES[band as TokenBand]}`,
      s,
    ]),
    ['training, all (used below 20 rows)', spread.train.pooled],
    ...Object.entries(spread.decode.byKind).map(([kind, s]): [string, SpreadFigures] => [`decode, ${kind}`, s]),
    ['decode, all (used below 20 rows)', spread.decode.pooled],
    ['prefill (prompt processing)', spread.prefill],
  ];
  return table(
    ['speed', 'rows', 'srcs', 'p10 signed', 'p90 signed'],
    lines.map(([name, s]) => [name, String(s.rows), String(s.sources), pct(s.p10), pct(s.p90)]),
  );
}

/** The spread as a table. */
export function spreadTable(spread: MemorySpread): string {
  const lines = [
    ...Object.entries(spread.byMethod).map(([m, s]) => [m, s]),
    ['all (used below 20 rows)', spread.pooled],
  ] as Array<[string, MemorySpread['pooled']]>;
  return table(
    ['method', 'rows', 'srcs', 'p10 signed', 'p90 signed'],
    lines.map(([m, s]) => [m, String(s.rows), String(s.sources), pct(s.p10), pct(s.p90)]),
  );
}
