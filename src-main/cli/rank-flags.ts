import type { z } from 'zod';
import { billingSchema, currencySchema } from '../domain/catalog';
import { schemaAt } from '../domain/messages';
import { rankInputSchema, type ChannelInput } from '../ipc/contract';
import type { FlagValues, OptionSpecs } from './command';
import { flagForEstimateField } from './estimate-flags';
import { checkFlags, flagFinder, inputFromBindings, type Binding } from './flag-input';

export type RankInput = ChannelInput<'rank:compute'>;

const SORTS = (schemaAt(rankInputSchema, ['options', 'sort']) as z.ZodEnum).options;

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
  billing: { type: 'string', value: 'B', description: `all | ${billingSchema.options.join(' | ')} (default all)` },
  sort: { type: 'string', value: 'S', description: SORTS.join(' | ') },
  'gpu-counts': { type: 'string', value: 'LIST', description: 'set-ups to try, e.g. 1,2,4,8' },
};

const RANK_BINDINGS: readonly Binding[] = [
  { flag: 'tokens', path: 'workload.tokens', read: 'count' },
  { flag: 'epochs', path: 'workload.epochs', read: 'number' },
  { flag: 'tokens-per-sample', path: 'workload.tokensPerSample', read: 'number' },
  { flag: 'gpu-counts', path: 'options.gpuCounts', read: 'list' },
  { flag: 'billing', path: 'options.billing' },
  { flag: 'currency', path: 'options.currency', read: 'upper' },
  { flag: 'sort', path: 'options.sort' },
];
const findRankFlag = flagFinder(RANK_BINDINGS);

/** The flag that sets a rank-input field ("input.batchSize" -> "--batch"), or undefined. */
export function flagForRankField(field: string): string | undefined {
  if (field.startsWith('input.')) return flagForEstimateField(field.slice('input.'.length));
  // Domain checks after parsing name estimate fields without the "input." prefix.
  return findRankFlag(field) ?? flagForEstimateField(field);
}

/** The rank:compute input for an estimate input and the job/ranking flags, checked by the contract's schema. */
export function rankInputFromFlags(input: RankInput['input'], flags: FlagValues): RankInput {
  const rank = inputFromBindings(RANK_BINDINGS, flags, { input, workload: {}, options: {} });
  checkFlags(rankInputSchema, rank, RANK_BINDINGS, flags, 'rank');
  return rank as RankInput;
}
