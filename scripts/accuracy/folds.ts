import type { FittedConstants } from '../../src-main/domain/estimate/fitted';
import { fitConstants, type Fit, type Weighing } from './fit';
import type { Predictor } from './predict';
import type { Dataset, OomRow, ScoredRow } from './rows';

/** One leave-one-source-out fold: the constants fitted without `heldOut`, and what they predict for it. */
export interface Fold {
  heldOut: string;
  constants: FittedConstants;
  fit: Fit;
}

/** An estimate of one row, held out or in-sample. */
export interface Scored {
  row: ScoredRow;
  estimate: number;
  /** estimate ÷ measured − 1 */
  error: number;
}

export interface OomVerdict {
  row: OomRow;
  predictedOom: boolean;
}

/** Every group (source) of the dataset, in a stable order. */
export function groupsOf(data: Dataset): string[] {
  return [...new Set([...data.rows.map((r) => r.group), ...data.oom.map((r) => r.group)])].sort();
}

/**
 * Leave-one-source-out: for each source, refit every fitted constant on the rows of all other sources and
 * estimate the held-out source's rows with those constants. The held-out rows never inform the constants
 * that score them.
 */
export function leaveOneSourceOut(
  data: Dataset,
  predictor: Predictor,
  onFold: (fold: Fold, index: number, total: number) => void = () => {},
  weighing: Weighing = 'sources',
): { folds: Fold[]; scored: Scored[]; oom: OomVerdict[] } {
  const groups = groupsOf(data);
  const folds: Fold[] = [];
  const scored: Scored[] = [];
  const oom: OomVerdict[] = [];
  groups.forEach((heldOut, index) => {
    const training = data.rows.filter((r) => r.group !== heldOut);
    const { constants, fit } = fitConstants(training, predictor, weighing);
    const fold = { heldOut, constants, fit };
    folds.push(fold);
    for (const row of data.rows.filter((r) => r.group === heldOut)) scored.push(score(row, predictor, constants));
    for (const row of data.oom.filter((r) => r.group === heldOut))
      oom.push({ row, predictedOom: predictor.predictsOom(row, constants) });
    onFold(fold, index, groups.length);
  });
  return { folds, scored, oom };
}

/** Every row estimated with one set of constants (in-sample when they were fitted on these rows). */
export function scoreAll(
  data: Dataset,
  predictor: Predictor,
  constants: FittedConstants,
): { scored: Scored[]; oom: OomVerdict[] } {
  return {
    scored: data.rows.map((row) => score(row, predictor, constants)),
    oom: data.oom.map((row) => ({ row, predictedOom: predictor.predictsOom(row, constants) })),
  };
}

function score(row: ScoredRow, predictor: Predictor, constants: FittedConstants): Scored {
  const estimate = predictor.predict(row, constants);
  return { row, estimate, error: estimate / row.measured - 1 };
}

/**
 * The held-out scores from folds already fitted (the FOLDS of fitted-constants.ts, written by
 * `npm run fit:constants` with the same leave-one-source-out fit): no refit. Valid only while the module is
 * fresh (`npm run fit:constants -- --check`); a source without a stored fold is an error, not a silent skip.
 */
export function scoreStoredFolds(
  data: Dataset,
  predictor: Predictor,
  stored: ReadonlyArray<{ heldOut: string; constants: FittedConstants }>,
): { folds: Array<{ heldOut: string; constants: FittedConstants }>; scored: Scored[]; oom: OomVerdict[] } {
  const scored: Scored[] = [];
  const oom: OomVerdict[] = [];
  for (const heldOut of groupsOf(data)) {
    const fold = stored.find((f) => f.heldOut === heldOut);
    if (!fold) throw new Error(`no stored fold holds out ${heldOut}: run npm run fit:constants`);
    for (const row of data.rows.filter((r) => r.group === heldOut)) scored.push(score(row, predictor, fold.constants));
    for (const row of data.oom.filter((r) => r.group === heldOut))
      oom.push({ row, predictedOom: predictor.predictsOom(row, fold.constants) });
  }
  return { folds: [...stored], scored, oom };
}
