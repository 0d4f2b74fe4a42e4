/**
 * `npm run accuracy`: the estimator's held-out accuracy on every published measurement in data/.
 * Leave-one-source-out: each citation in turn is held out, every fitted constant (fitted.ts) is refitted
 * on the others by scripts/accuracy/fit.ts, and the held-out rows are estimated through the same domain
 * calls as `cardwise estimate --input` (calibration off). The in-sample columns use the shipped constants
 * (fitted-constants.ts, fitted on all rows but the validation-only ones of fit.ts): they are not an accuracy figure.
 * The serving section scores the serving core (src-main/domain/serve) on data/measurements/serving.json;
 * `--serving-only` prints that section alone (it needs no refit: nothing in the serving core is fitted).
 */
import { FITTED, FOLDS } from '../src-main/domain/estimate/fitted-constants';
import { HEADLINE, expressible, isDecode, isTrainingMemory, isTrainingSpeed, regimes } from './accuracy/categories';
import { leaveOneSourceOut, scoreAll, scoreStoredFolds } from './accuracy/folds';
import { fitConstants, type Weighing } from './accuracy/fit';
import { Predictor } from './accuracy/predict';
import { comparisonTable, oomLine, perSourceTable, table } from './accuracy/report';
import { loadDataset } from './accuracy/rows';
import { printServing } from './accuracy/serving-report';
import { BOUNDS, type FittedConstantName } from '../src-main/domain/estimate/fitted';
import { CALIBRATION_VALIDATION } from '../src-main/domain/calibrate/validated';
import type { CalibrationValidation } from '../src-main/domain/calibrate/groups';
import { calibrationHeldOut, validationOf } from './accuracy/calibration';
import {
  calibrationTable,
  memorySpread,
  priorTable,
  speedSpread,
  speedSpreadTable,
  spreadTable,
} from './accuracy/calibration-report';

const onGroups = (v: CalibrationValidation) =>
  Object.entries(v.groups)
    .filter(([, g]) => g.on)
    .map(([name]) => name);

const started = performance.now();
const section = (title: string, body: string) => console.log(`\n## ${title}\n\n${body}`);

if (process.argv.includes('--serving-only')) {
  printServing(section);
  process.exit(0);
}
// --train-only scores the training-speed rows alone, in seconds: their estimates read only speed constants, which
// only training-speed rows inform, so every fold fits those constants as the full run does and the figures are the same.
const trainOnly = process.argv.includes('--train-only');
const loaded = loadDataset();
const data = trainOnly ? { ...loaded, rows: loaded.rows.filter((r) => r.quantity === 'train'), oom: [] } : loaded;
const predictor = new Predictor(data.presets);
// --stored-folds scores each source with the fold constants fitted-constants.ts holds (the same fit, written by
// npm run fit:constants) instead of refitting them: minutes faster, valid while that module is fresh.
// --row-median refits every fold, and the in-sample constants, with the median over rows as every constant's
// objective (scripts/accuracy/fit.ts, Weighing): the fit before training-speed constants weighed each source once.
const rowMedian = process.argv.includes('--row-median');
if (rowMedian && process.argv.includes('--stored-folds')) throw new Error('--row-median refits: drop --stored-folds');
const weighing: Weighing = rowMedian ? 'rows' : 'sources';
const heldOut = process.argv.includes('--stored-folds')
  ? scoreStoredFolds(data, predictor, FOLDS)
  : leaveOneSourceOut(
      data,
      predictor,
      (fold, i, n) =>
        process.stderr.write(`\rfold ${i + 1}/${n} (${((performance.now() - started) / 1000).toFixed(0)} s)   `),
      weighing,
    );
process.stderr.write('\n');
const inSample = scoreAll(data, predictor, rowMedian ? fitConstants(data.rows, predictor, 'rows').constants : FITTED);

console.log(
  `# Estimator accuracy on published measurements (data/reference-runs.json)\n\n` +
    `${data.rows.length} numbers from ${new Set(data.rows.map((r) => r.group)).size} sources, ${data.oom.length} OOM runs; ` +
    `${heldOut.folds.length} leave-one-source-out folds. error = estimate ÷ measured − 1; memory on the meter each row was read on.\n` +
    `Held-out columns are the accuracy figures; in-sample columns use the shipped constants, fitted on every row (the ZeRO-3 rows only score: scripts/accuracy/fit.ts).` +
    (rowMedian ? `\n--row-median: every constant fitted on the median over rows, in the folds and in-sample.` : ''),
);
section(
  'Headline (held out by source | in-sample)',
  comparisonTable('kind', HEADLINE, heldOut.scored, inSample.scored),
);
section(
  'Rows whose every stated setting the input can express',
  comparisonTable('kind', HEADLINE, heldOut.scored.filter(expressible), inSample.scored.filter(expressible)),
);
section(
  'Training speed by regime',
  comparisonTable('regime', regimes(isTrainingSpeed), heldOut.scored, inSample.scored),
);
if (!trainOnly) {
  section(
    'Training memory by regime',
    comparisonTable('regime', regimes(isTrainingMemory), heldOut.scored, inSample.scored),
  );
  section('Decode by regime', comparisonTable('regime', regimes(isDecode), heldOut.scored, inSample.scored));
}
section('Each source when held out', perSourceTable(heldOut.scored));
if (trainOnly) {
  console.log(`\n(${((performance.now() - started) / 1000).toFixed(1)} s; --train-only: training-speed rows alone)`);
  process.exit(0);
}
section('Out-of-memory runs', [oomLine('held out', heldOut.oom), oomLine('in-sample', inSample.oom)].join('\n'));

// Calibration held out by source: the other sources' rows corrected each held-out row (scripts/accuracy/calibration.ts).
const calibrated = calibrationHeldOut(data, predictor, heldOut.folds);
const fresh = validationOf(calibrated);
section(
  'Calibration (held out by source: each source corrected from the others)',
  `${calibrationTable(fresh.validation)}\n\n${priorTable(fresh.priorTable, fresh.validation.priorRuns)}\n\n` +
    `Shipped (src-main/domain/calibrate/validated.ts, npm run fit:calibration): prior ${CALIBRATION_VALIDATION.priorRuns} pseudo-runs; ` +
    `on: ${onGroups(CALIBRATION_VALIDATION).join(', ') || 'none'}.`,
);
section('Memory interval (held-out signed errors, p10–p90)', spreadTable(memorySpread(heldOut.scored)));
section('Speed interval (held-out signed errors on tokens/s, p10–p90)', speedSpreadTable(speedSpread(heldOut.scored)));

const names = Object.keys(BOUNDS) as FittedConstantName[];
section(
  'Fitted constants: shipped value and range over the folds',
  table(
    ['constant', 'shipped', 'fold min', 'fold max', 'bounds'],
    names.map((n) => {
      const values = heldOut.folds.map((f) => f.constants[n]);
      const g = (x: number) => String(Number(x.toPrecision(3)));
      return [
        n,
        g(FITTED[n]),
        g(Math.min(...values)),
        g(Math.max(...values)),
        `${g(BOUNDS[n].min)}–${g(BOUNDS[n].max)}`,
      ];
    }),
  ),
);
const worst = [...heldOut.scored].sort((a, b) => Math.abs(b.error) - Math.abs(a.error)).slice(0, 12);
section(
  'Largest held-out errors',
  worst
    .map(
      (s) =>
        `${s.row.key}: estimate ${s.estimate.toPrecision(4)} vs ${s.row.measured.toPrecision(4)} (${(100 * s.error).toFixed(0)}%)`,
    )
    .join('\n'),
);
printServing(section);
console.log(`\n(${((performance.now() - started) / 1000).toFixed(1)} s)`);
