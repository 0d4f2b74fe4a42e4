import { billingSchema, currencySchema } from '../domain/catalog';
import type { ChannelInput } from '../ipc/contract';
import type { FlagValues, OptionSpecs } from './command';
import { flagForEstimateField } from './estimate-flags';
import { parseCount } from './parse-count';
import { parseChoice, parseCurrency, parsePositiveInt, parsePositiveIntList, parsePositiveNumber } from './parse-value';

export type RankInput = ChannelInput<'rank:compute'>;

const BILLINGS = ['all', ...billingSchema.options] as const;
const SORTS = ['cost', 'time', 'jobCost'] as const;

/** Flags for the job and the ranking, on top of the estimate flags. */
export const rankOptions: OptionSpecs = {
  tokens: {
    type: 'string',
    value: 'N',
    description: 'dataset tokens per epoch (training) or tokens to generate: 200m, 1.5b',
  },
  epochs: { type: 'string', value: 'N', description: 'passes over the dataset (default 1)' },
  'tokens-per-sample': { type: 'string', value: 'N', description: 'tokens per sample, for cost per 1k samples' },
  currency: {
    type: 'string',
    value: 'C',
    description: `${currencySchema.options.join(' | ')} (default: your setting)`,
  },
  billing: { type: 'string', value: 'B', description: `${BILLINGS.join(' | ')} (default all)` },
  sort: { type: 'string', value: 'S', description: `${SORTS.join(' | ')}` },
  'gpu-counts': { type: 'string', value: 'LIST', description: 'set-ups to try, e.g. 1,2,4,8' },
};

const FLAG_FOR_FIELD: Record<string, string> = {
  'workload.tokens': '--tokens',
  'workload.epochs': '--epochs',
  'workload.tokensPerSample': '--tokens-per-sample',
  'options.gpuCounts': '--gpu-counts',
  'options.billing': '--billing',
  'options.currency': '--currency',
  'options.sort': '--sort',
};

/** The flag that sets a rank-input field ("input.batchSize" -> "--batch"), or undefined. */
export function flagForRankField(field: string): string | undefined {
  if (field.startsWith('input.')) return flagForEstimateField(field.slice('input.'.length));
  // Domain checks after parsing name estimate fields without the "input." prefix.
  return FLAG_FOR_FIELD[field] ?? FLAG_FOR_FIELD[field.split('.').slice(0, 2).join('.')] ?? flagForEstimateField(field);
}

/** Builds the rank:compute input from an estimate input and the job/ranking flags. */
export function rankInputFromFlags(input: RankInput['input'], flags: FlagValues): RankInput {
  const workload: RankInput['workload'] = {};
  if (typeof flags.tokens === 'string') workload.tokens = parseCount('--tokens', flags.tokens);
  if (typeof flags.epochs === 'string') workload.epochs = parsePositiveNumber('--epochs', flags.epochs);
  if (typeof flags['tokens-per-sample'] === 'string') {
    workload.tokensPerSample = parsePositiveInt('--tokens-per-sample', flags['tokens-per-sample']);
  }
  const options: NonNullable<RankInput['options']> = {};
  if (typeof flags['gpu-counts'] === 'string')
    options.gpuCounts = parsePositiveIntList('--gpu-counts', flags['gpu-counts']);
  if (typeof flags.billing === 'string') options.billing = parseChoice('--billing', flags.billing, BILLINGS);
  if (typeof flags.currency === 'string')
    options.currency = parseCurrency('--currency', flags.currency, currencySchema.options);
  if (typeof flags.sort === 'string') options.sort = parseChoice('--sort', flags.sort, SORTS);
  return { input, workload, options };
}
