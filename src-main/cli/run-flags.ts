import type { EstimateInput } from '../domain/estimate/input';
import { runFields } from '../domain/fields/run-fields';
import { runInputSchema, type RunInputDraft } from '../domain/runs';
import type { FlagValues, OptionSpecs } from './command';
import { estimateFlagFor, estimateOptions } from './estimate-flags';
import { checkFlags, flagFinder, inputFromBindings, tableBindings, tableOptions, type Binding } from './flag-input';

// The configuration comes from the estimate flags; --gpus (an estimate flag) sets the run's GPUs too.
const { config: _config, gpus: _gpus, ...measuredFields } = runFields;

/** The estimate flags that describe a run's configuration (`--gpu` and `--input` mean other things here). */
export const configOptions: OptionSpecs = Object.fromEntries(
  Object.entries(estimateOptions).filter(([name]) => name !== 'gpu' && name !== 'input'),
);

/** What was measured, on top of the configuration flags: the run table's fields (domain/fields/run-fields.ts). */
export const runOptions: OptionSpecs = tableOptions(measuredFields);

const runBindings: readonly Binding[] = [
  ...tableBindings(measuredFields),
  { flag: 'gpus', path: 'gpus', read: 'number' },
];
const findRunFlag = flagFinder(runBindings);

/** The flag behind a runs:add field ("peakMemoryGiB" -> "--peak-memory-gib", "config.batchSize" -> "--batch"). */
export function runFlagFor(flags: FlagValues): (field: string) => string | undefined {
  const configFlag = estimateFlagFor(flags);
  return (field) => (field.startsWith('config.') ? configFlag(field.slice('config.'.length)) : findRunFlag(field));
}

/**
 * The runs:add input the measurement flags and a configuration describe, checked by the run
 * contract (ranges and the rules between fields): a problem names the flag at fault.
 */
export function runInputFromFlags(flags: FlagValues, config: EstimateInput): RunInputDraft {
  const run = inputFromBindings(runBindings, flags, { config });
  checkFlags(runInputSchema, run, runBindings, flags, 'runs add');
  return run as RunInputDraft;
}
