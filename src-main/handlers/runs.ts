import { listCards } from '../db/cards-repo';
import { listModels } from '../db/models-repo';
import { exportRuns } from '../db/runs-export';
import { importRunsFile } from '../db/runs-import';
import { ledger } from '../db/runs-ledger';
import { addRun, deleteRun, updateRun } from '../db/runs-mutations';
import { throughputFlags } from '../db/runs-flags';
import { cardsWithRuns } from '../db/runs-counts';
import { listRuns } from '../db/runs-queries';
import { flagsOfRuns } from '../db/runs-rate-groups';
import { predictionFor, type StoredPrediction } from '../domain/calibrate';
import type { Card, ModelPreset } from '../domain/catalog';
import { withReferenceCards } from '../domain/reference-cards';
import { exportFilename } from '../domain/runs';
import type { HandlerMap } from '../ipc/register';
import { catalogSnapshot } from './catalog-snapshot';
import type { HandlerDeps } from './deps';

/** The run log: what really happened, next to what the estimator says today. */
export const runsHandlers = {
  'runs:list': (options, { db }) => {
    // The catalog as read once per write (catalogSnapshot), not two reads of every card and preset per page.
    const { cards: catalog, presets } = catalogSnapshot(db);
    // Published runs were measured on some cards nobody rents here: named and estimated from data/ too.
    const cards = withReferenceCards(catalog);
    const page = listRuns(db, options ?? {});
    const predict = predictionsWith(cards, presets);
    // Each run's "shared or throttled instance" flag, from the rates kept per group (no pass over the log).
    const flags = flagsOfRuns(
      db,
      page.runs.map((run) => run.id),
    );
    const pageCards = new Set(page.runs.map((run) => run.card));
    return {
      total: page.total,
      runs: page.runs.map((run) => {
        const flag = flags.get(run.id);
        return { ...run, predicted: predict(run), ...(flag ? { flag } : {}) };
      }),
      /** The name of each card of the page's runs, reference cards included (id -> name). */
      cardNames: Object.fromEntries(cards.filter((card) => pageCards.has(card.id)).map((card) => [card.id, card.name])),
      /** The cards nobody rents that the log has runs on, for the card filter beside the catalog's. */
      otherCards: withRuns(db, cards.slice(catalog.length)),
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
    filename: exportFilename(format, new Date()),
    text: exportRuns(db, { format, ...(origin ? { origin } : {}) }),
  }),
  'runs:ledger': (options, { db }) => ({ rows: ledger(db, options) }),
  'runs:flags': ({ method }, { db }) => ({ flags: throughputFlags(db, method) }),
} satisfies Partial<HandlerMap<HandlerDeps>>;

type PredictedRun = Parameters<typeof predictionFor>[0];

/** Predictions remembered per catalog before the memo starts over. */
const PREDICTIONS_KEPT = 10_000;

/** Those of `cards` (withReferenceCards puts the reference cards after the catalog's) the log has runs on, by name. */
function withRuns(db: HandlerDeps['db'], cards: readonly Card[]): { id: string; name: string }[] {
  const logged = cardsWithRuns(db);
  return cards
    .filter((card) => logged.has(card.id))
    .map((card) => ({ id: card.id, name: card.name }))
    .sort((a, b) => a.name.localeCompare(b.name));
}

const predictionMemo = new WeakMap<
  readonly Card[],
  { presets: ModelPreset[]; byKey: Map<string, StoredPrediction | null> }
>();

/**
 * predictionFor, remembered per catalog and configuration: the raw estimate of a run depends on its card,
 * configuration and throughput kind and scope only, and runs repeat configurations, so a page estimates
 * each one once and a page asked again (back, a sort flipped) estimates nothing. The snapshot hands out the
 * same frozen arrays until the catalog itself is written, so a change of a card or preset starts over.
 */
function predictionsWith(
  cards: readonly Card[],
  presets: ModelPreset[],
): (run: PredictedRun) => StoredPrediction | null {
  let memo = predictionMemo.get(cards);
  if (memo?.presets !== presets) {
    memo = { presets, byKey: new Map() };
    predictionMemo.set(cards, memo);
  }
  const { byKey } = memo;
  return (run) => {
    const key = `${run.card}|${run.throughputKind ?? ''}|${run.throughputScope ?? ''}|${JSON.stringify(run.config)}`;
    let prediction = byKey.get(key);
    if (prediction === undefined) {
      prediction = predictionFor(run, cards, presets);
      if (byKey.size >= PREDICTIONS_KEPT) byKey.clear();
      byKey.set(key, prediction === null ? null : Object.freeze(prediction));
    }
    return prediction;
  };
}
