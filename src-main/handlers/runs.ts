import { listCards } from '../db/cards-repo';
import { listModels } from '../db/models-repo';
import { exportRuns } from '../db/runs-export';
import { importRunsFile } from '../db/runs-import';
import { ledger } from '../db/runs-ledger';
import { addRun, deleteRun, updateRun } from '../db/runs-mutations';
import { throughputFlags } from '../db/runs-flags';
import { listRuns } from '../db/runs-queries';
import { predictionFor } from '../domain/calibrate';
import { exportFilename } from '../domain/runs';
import type { HandlerMap } from '../ipc/register';
import type { HandlerDeps } from './deps';

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
    filename: exportFilename(format, new Date()),
    text: exportRuns(db, { format, ...(origin ? { origin } : {}) }),
  }),
  'runs:ledger': (options, { db }) => ({ rows: ledger(db, options) }),
  'runs:flags': ({ method }, { db }) => ({ flags: throughputFlags(db, method) }),
} satisfies Partial<HandlerMap<HandlerDeps>>;
