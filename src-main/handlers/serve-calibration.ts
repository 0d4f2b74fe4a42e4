import type { Db } from '../db/driver';
import { servingRuns } from '../db/runs-serving-queries';
import type { Card, ModelPreset } from '../domain/catalog';
import { servingCalibration, type ServingCalibration, type ServingCalibrationRun } from '../domain/calibrate/serving';
import type { Run } from '../domain/runs';
import { serveCompute, type ServeInput } from '../domain/serve';

type Engine = NonNullable<Run['engine']>;

/** The serve question a logged serving run answered: its model, engine, card and settings, and its traffic. */
export function serveInputOfRun(run: Run): ServeInput | null {
  if (run.engine === undefined) return null;
  const config = run.config;
  const input: Record<string, unknown> = {
    model: config.model,
    engine: run.engine,
    gpu: run.card,
    gpus: run.gpus,
    kvCacheDtype: config.kvCachePrecision === 'fp8' ? 'fp8' : 'auto',
  };
  if (config.precision !== undefined) input.precision = config.precision;
  if (config.quant !== undefined && config.quant !== 'none') input.quant = config.quant;
  if (run.maxModelLen !== undefined) input.maxModelLen = run.maxModelLen;
  if (run.gpuMemoryUtilization !== undefined && run.engine !== 'llamacpp') {
    input.gpuMemoryUtilization = run.gpuMemoryUtilization;
  }
  if (run.promptTokens !== undefined) input.promptTokens = run.promptTokens;
  if (run.outputTokens !== undefined) input.outputTokens = run.outputTokens;
  // A benchmark at max concurrency C keeps at most C sequences in the batch.
  if (run.concurrency !== undefined) input.maxNumSeqs = run.concurrency;
  return input as ServeInput;
}

/**
 * What the raw serving model predicts for a logged serving run: the KV pool the engine would print,
 * and the output tokens/s of a server kept busy at the run's concurrency (what a closed-loop
 * benchmark at --max-concurrency measures). Null figures where the model does not fit or the run
 * gives too little to ask (no concurrency: its batch is unknown, so its speed is not compared).
 */
function predictRun(run: Run, cards: Card[], presets: ModelPreset[]): ServingCalibrationRun['predicted'] {
  const input = serveInputOfRun(run);
  if (!input) return { outputTokensPerSecond: null, kvPoolTokens: null };
  try {
    const result = serveCompute(input, { presets, cards, offers: [], currency: 'USD' });
    const setup = result.setups[0];
    if (!setup?.fits) return { outputTokensPerSecond: null, kvPoolTokens: null };
    return {
      kvPoolTokens: setup.kvPoolTokens,
      outputTokensPerSecond:
        run.concurrency === undefined ? null : (setup.speed?.outputTokensPerSecondCapacity ?? null),
    };
  } catch {
    // A run whose question the model refuses (a context above the model's limit) predicts nothing.
    return { outputTokensPerSecond: null, kvPoolTokens: null };
  }
}

/**
 * The serving correction per card for one engine, from the logged serving runs (the user's and the
 * published ones) on the catalog's cards, each set against the raw model's prediction for it.
 * Cards without a serving run get null: their estimate stays raw.
 */
export function servingCalibrationByCard(
  db: Db,
  engine: Engine,
  cards: Card[],
  presets: ModelPreset[],
): Map<string, ServingCalibration> {
  const byCard = new Map<string, ServingCalibrationRun[]>();
  for (const run of servingRuns(
    db,
    engine,
    cards.map((card) => card.id),
  )) {
    const measured = run.tokensPerSecond === undefined ? null : run.tokensPerSecond;
    const perRun: ServingCalibrationRun = {
      origin: run.origin,
      outcome: run.outcome,
      measuredOutputTokensPerSecond:
        measured === null ? null : run.throughputScope === 'per-gpu' ? measured * run.gpus : measured,
      measuredKvPoolTokens: run.kvPoolTokens ?? null,
      predicted: predictRun(run, cards, presets),
    };
    byCard.set(run.card, [...(byCard.get(run.card) ?? []), perRun]);
  }
  const out = new Map<string, ServingCalibration>();
  for (const [card, runs] of byCard) {
    const calibration = servingCalibration(runs);
    if (calibration.runs > 0) out.set(card, calibration);
  }
  return out;
}
