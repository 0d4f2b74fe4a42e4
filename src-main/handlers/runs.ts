import type { Db } from '../db/driver';
import { listCards } from '../db/cards-repo';
import { listModels } from '../db/models-repo';
import { exportRuns } from '../db/runs-export';
import { importRunsFile } from '../db/runs-import';
import { ledger } from '../db/runs-ledger';
import { addRun, deleteRun, updateRun } from '../db/runs-mutations';
import { listRuns, runsWithThroughputSpread } from '../db/runs-queries';
import type { Card, ModelPreset } from '../domain/catalog';
import { estimateMemory } from '../domain/estimate/memory';
import { predictRun } from '../domain/calibrate/predict';
import { flagInconsistentThroughput, THROUGHPUT_SPREAD_LIMIT } from '../domain/calibrate';
import type { Run, RunInput } from '../domain/runs';
import type { Handlers } from '../ipc/register';
import type { HandlerDeps } from './deps';

/** The estimator's numbers for a run's configuration: memory always, speed where the card is in the catalog. */
function predictionFor(
  run: Pick<RunInput, 'config' | 'card' | 'throughputKind' | 'throughputScope'>,
  cards: Card[],
  presets: ModelPreset[],
) {
  try {
    const card = cards.find((c) => c.id === run.card);
    if (card) {
      const { memory, tokensPerSecond } = predictRun({ ...run, card }, presets);
      return { ...memory, tokensPerSecond };
    }
    const memory = estimateMemory(run.config, { presets, cards: [] });
    return {
      totalBytes: memory.perGpu.totalBytes,
      allocatedBytes: memory.perGpu.allocatedBytes,
      tokensPerSecond: null,
    };
  } catch {
    return null;
  }
}

const EXTENSION = { csv: 'csv', json: 'json' } as const;

/** The run log: what really happened, next to what the estimator says today. */
export const runsHandlers = {
  'runs:list': (options, { db }) => {
    const cards = listCards(db);
    const presets = listModels(db);
    const page = listRuns(db, options ?? {});
    return {
      total: page.total,
      runs: page.runs.map((run) => ({ ...run, predicted: predictionFor(run, cards, presets) })),
    };
  },
  'runs:add': (input, { db }) => {
    // The estimate at the time of the run is kept with it, so a later model change shows its effect.
    const estimate = predictionFor(input, listCards(db), listModels(db));
    return addRun(db, input, { estimate });
  },
  'runs:update': ({ id, patch }, { db }) => updateRun(db, id, patch),
  'runs:delete': ({ id }, { db }) => deleteRun(db, id),
  'runs:import': ({ format, text, allowDuplicates }, { db }) =>
    importRunsFile(db, text, format, { allowDuplicates: allowDuplicates ?? false }),
  'runs:export': ({ format, origin }, { db }) => ({
    format,
    filename: `cardwise-runs-${new Date().toISOString().slice(0, 10)}.${EXTENSION[format]}`,
    text: exportRuns(db, { format, ...(origin ? { origin } : {}) }),
  }),
  'runs:ledger': (options, { db }) => ({ rows: ledger(db, options) }),
  'runs:flags': ({ method }, { db }) => flagsFor(db, method),
} satisfies Partial<Handlers<HandlerDeps>>;

/** Runs of the same card and configuration whose throughput differs by more than 10%. */
function flagsFor(db: Db, method: Run['config']['method']) {
  const candidates = runsWithThroughputSpread(db, method, THROUGHPUT_SPREAD_LIMIT).map((run) => ({
    id: String(run.id),
    origin: run.origin,
    card: run.card,
    gpus: run.gpus,
    config: run.config,
    measuredMemoryBytes: null,
    memoryMeter: null,
    // Compared as whole-run rates, as the SQL above groups them.
    measuredTokensPerSecond: (run.tokensPerSecond ?? 0) * (run.throughputScope === 'per-gpu' ? run.gpus : 1),
    predictedMemoryBytes: null,
    predictedTokensPerSecond: null,
    outcome: run.outcome,
    ...(run.throughputKind ? { throughputKind: run.throughputKind } : {}),
  }));
  return { flags: flagInconsistentThroughput(candidates) };
}
