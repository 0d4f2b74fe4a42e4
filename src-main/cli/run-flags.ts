import {
  memoryMeterSchema,
  runCurrencySchema,
  runOutcomeSchema,
  throughputKindSchema,
  throughputScopeSchema,
  type RunInputDraft,
} from '../domain/runs';
import type { EstimateInput } from '../domain/estimate/input';
import type { FlagValues, OptionSpecs } from './command';
import { estimateOptions, flagForEstimateField } from './estimate-flags';
import {
  parseChoice,
  parseCurrency,
  parseNonNegativeNumber,
  parsePositiveInt,
  parsePositiveNumber,
} from './parse-value';
import { UsageError } from './usage-error';

/** The estimate flags that describe a run's configuration (`--gpu` and `--input` mean other things here). */
export const configOptions: OptionSpecs = Object.fromEntries(
  Object.entries(estimateOptions).filter(([name]) => name !== 'gpu' && name !== 'input'),
);

/** What was measured, on top of the configuration flags. */
export const runOptions: OptionSpecs = {
  card: { type: 'string', value: 'ID', description: 'card id the run used, e.g. rtx-4090 (required)' },
  provider: { type: 'string', value: 'NAME', description: 'where it ran, e.g. AutoDL' },
  'peak-memory-gib': { type: 'string', value: 'GIB', description: 'peak memory per GPU, in GiB' },
  'memory-meter': {
    type: 'string',
    value: 'M',
    description: `${memoryMeterSchema.options.join(' | ')} (required with --peak-memory-gib)`,
  },
  'tokens-per-second': { type: 'string', value: 'N', description: 'measured throughput of the whole run' },
  'throughput-kind': { type: 'string', value: 'K', description: throughputKindSchema.options.join(' | ') },
  'throughput-scope': {
    type: 'string',
    value: 'S',
    description: `${throughputScopeSchema.options.join(' | ')} (default all-gpus)`,
  },
  'duration-hours': { type: 'string', value: 'H', description: 'wall-clock hours' },
  cost: { type: 'string', value: 'AMOUNT', description: 'money spent (needs --currency)' },
  currency: { type: 'string', value: 'C', description: runCurrencySchema.options.join(' | ') },
  outcome: { type: 'string', value: 'O', description: `${runOutcomeSchema.options.join(' | ')} (default ok)` },
  notes: { type: 'string', value: 'TEXT', description: 'free text' },
  'started-at': { type: 'string', value: 'WHEN', description: 'ISO date or date-time with zone, e.g. 2025-11-30' },
};

/** Run field -> the flag that sets it, so a contract error names what the user typed. */
const FLAG_FOR_FIELD: Record<string, string> = {
  card: '--card',
  gpus: '--gpus',
  provider: '--provider',
  peakMemoryGiB: '--peak-memory-gib',
  memoryMeter: '--memory-meter',
  tokensPerSecond: '--tokens-per-second',
  throughputKind: '--throughput-kind',
  throughputScope: '--throughput-scope',
  durationHours: '--duration-hours',
  cost: '--cost',
  currency: '--currency',
  outcome: '--outcome',
  notes: '--notes',
  startedAt: '--started-at',
};

/** The flag behind a runs:add field ("peakMemoryGiB" -> "--peak-memory-gib", "config.batchSize" -> "--batch"). */
export function flagForRunField(field: string): string | undefined {
  if (field.startsWith('config.')) return flagForEstimateField(field.slice('config.'.length));
  return FLAG_FOR_FIELD[field];
}

/**
 * Builds the runs:add input from the measurement flags and a configuration (the contract then
 * checks ranges and the rules between fields). `--gpus` is both the run's GPU count and the
 * configuration's; the outcome defaults to ok.
 */
export function runInputFromFlags(flags: FlagValues, config: EstimateInput): RunInputDraft {
  if (typeof flags.card !== 'string') {
    throw new UsageError('--card', 'required: the card id the run used (see `cardwise cards list`)');
  }
  const run: RunInputDraft = {
    config,
    card: flags.card,
    gpus: typeof flags.gpus === 'string' ? parsePositiveInt('--gpus', flags.gpus) : 1,
    outcome:
      typeof flags.outcome === 'string' ? parseChoice('--outcome', flags.outcome, runOutcomeSchema.options) : 'ok',
  };
  if (typeof flags.provider === 'string') run.provider = flags.provider;
  if (typeof flags['peak-memory-gib'] === 'string')
    run.peakMemoryGiB = parseNonNegativeNumber('--peak-memory-gib', flags['peak-memory-gib']);
  if (typeof flags['memory-meter'] === 'string')
    run.memoryMeter = parseChoice('--memory-meter', flags['memory-meter'], memoryMeterSchema.options);
  if (typeof flags['tokens-per-second'] === 'string')
    run.tokensPerSecond = parsePositiveNumber('--tokens-per-second', flags['tokens-per-second']);
  if (typeof flags['throughput-kind'] === 'string')
    run.throughputKind = parseChoice('--throughput-kind', flags['throughput-kind'], throughputKindSchema.options);
  if (typeof flags['throughput-scope'] === 'string')
    run.throughputScope = parseChoice('--throughput-scope', flags['throughput-scope'], throughputScopeSchema.options);
  if (typeof flags['duration-hours'] === 'string')
    run.durationHours = parseNonNegativeNumber('--duration-hours', flags['duration-hours']);
  if (typeof flags.cost === 'string') run.cost = parseNonNegativeNumber('--cost', flags.cost);
  if (typeof flags.currency === 'string')
    run.currency = parseCurrency('--currency', flags.currency, runCurrencySchema.options);
  if (typeof flags.notes === 'string') run.notes = flags.notes;
  if (typeof flags['started-at'] === 'string') run.startedAt = flags['started-at'];
  return run;
}
