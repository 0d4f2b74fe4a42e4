/**
 * `npm run fit:constants`: fits the estimator's fitted constants (src-main/domain/estimate/fitted.ts) on
 * every published row of data/reference-runs.json (less the validation-only ones of scripts/accuracy/fit.ts) and
 * writes them, with what informed each and the leave-one-source-out folds, to
 * src-main/domain/estimate/fitted-constants.ts. `--check` exits 1 when the
 * committed module's values differ from a fresh fit on all rows.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { format, resolveConfig } from 'prettier';
import { join } from 'node:path';
import { BOUNDS, type FittedConstantName } from '../src-main/domain/estimate/fitted';
import { FITTED } from '../src-main/domain/estimate/fitted-constants';
import { fitConstants } from './accuracy/fit';
import { leaveOneSourceOut } from './accuracy/folds';
import { Predictor } from './accuracy/predict';
import { loadDataset } from './accuracy/rows';
import { constantsModule } from './accuracy/constants-module';

const target = join(import.meta.dirname, '..', 'src-main', 'domain', 'estimate', 'fitted-constants.ts');
const data = loadDataset();
const predictor = new Predictor(data.presets);
const all = fitConstants(data.rows, predictor);
const names = Object.keys(BOUNDS) as FittedConstantName[];

if (process.argv.includes('--check')) {
  const stale = names.filter((n) => FITTED[n] !== all.constants[n]);
  for (const n of stale) console.log(`${n}: committed ${FITTED[n]}, fresh fit ${all.constants[n]}`);
  console.log(stale.length === 0 ? 'fitted-constants.ts is up to date' : 'run npm run fit:constants');
  process.exit(stale.length === 0 ? 0 : 1);
}

const { folds } = leaveOneSourceOut(data, predictor, (_f, i, n) => process.stderr.write(`\rfold ${i + 1}/${n}   `));
process.stderr.write('\n');
const text = await format(constantsModule(all.constants, all.fit, folds), {
  ...(await resolveConfig(target)),
  filepath: target,
});
const before = readFileSync(target, 'utf8');
writeFileSync(target, text);
for (const n of names) {
  const f = all.fit[n];
  console.log(
    `${n.padEnd(30)} ${String(f.value).padStart(10)}  ${String(f.rows).padStart(4)} rows, ${f.sources.length} sources${f.atBound ? `, at its ${f.atBound} bound` : ''}`,
  );
}
console.log(before === text ? 'fitted-constants.ts unchanged' : 'wrote src-main/domain/estimate/fitted-constants.ts');
