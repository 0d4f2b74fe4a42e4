import { currencySchema } from '../domain/catalog';
import { planRequestSchema, type ChannelInput } from '../ipc/contract';
import type { FlagValues, OptionSpecs } from './command';
import { checkFlags, flagFinder, inputFromBindings, type Binding } from './flag-input';

export type PlanRequest = ChannelInput<'plan:compute'>;

/** The job, the spot settings and the hidden costs of `cardwise plan`. */
export const planOptions: OptionSpecs = {
  card: { type: 'string', value: 'ID', description: 'card id, e.g. rtx-4090 (required)' },
  gpus: { type: 'string', value: 'N', description: 'GPUs in the set-up (default 1)' },
  hours: { type: 'string', value: 'H', description: 'hours of compute the job needs on this set-up (required)' },
  provider: { type: 'string', value: 'P', description: "only this provider's offers" },
  currency: { type: 'string', value: 'C', description: `only offers in ${currencySchema.options.join(' or ')}` },
  'setup-hours': { type: 'string', value: 'H', description: 'setup and debugging billed before the run (default 1.5)' },
  'idle-hours': { type: 'string', value: 'H', description: 'hours a finished instance keeps billing' },
  'spot-interruptions-per-hour': { type: 'string', value: 'R', description: 'spot reclaims per hour of running' },
  'checkpoint-minutes': {
    type: 'string',
    value: 'MIN',
    description: 'a fixed checkpoint interval (default: the recommended one)',
  },
  'checkpoint-save-minutes': { type: 'string', value: 'MIN', description: 'minutes one checkpoint takes to write' },
  'restart-minutes': { type: 'string', value: 'MIN', description: 'minutes to get training again after a reclaim' },
  'max-loss-minutes': { type: 'string', value: 'MIN', description: 'most work you accept to lose to one reclaim' },
  'spot-price': { type: 'string', value: 'PRICE', description: 'spot price per GPU-hour, when no spot offer exists' },
  'spot-fraction': { type: 'string', value: 'F', description: 'spot price as a share of on-demand (0.1–0.3)' },
  'storage-gb': { type: 'string', value: 'GB', description: 'disk kept with the instance' },
  'storage-price': { type: 'string', value: 'PRICE', description: 'disk price per GB-month' },
  'storage-days': { type: 'string', value: 'D', description: 'days the disk is billed' },
  'egress-gb': { type: 'string', value: 'GB', description: 'data downloaded out of the provider' },
  'egress-price': { type: 'string', value: 'PRICE', description: 'egress price per GB' },
  'snapshot-gb': { type: 'string', value: 'GB', description: 'snapshot / image size kept after the run' },
  'snapshot-price': { type: 'string', value: 'PRICE', description: 'snapshot price per GB-month' },
  'snapshot-days': { type: 'string', value: 'D', description: 'days the snapshot is kept' },
};

const number = (flag: string, path: string): Binding => ({ flag, path, read: 'number' });

const PLAN_BINDINGS: readonly Binding[] = [
  { flag: 'card', path: 'card' },
  number('gpus', 'gpus'),
  number('hours', 'computeHours'),
  { flag: 'provider', path: 'provider' },
  { flag: 'currency', path: 'currency', read: 'upper' },
  number('setup-hours', 'setupHours'),
  number('idle-hours', 'idleHours'),
  number('spot-interruptions-per-hour', 'spot.interruptionsPerHour'),
  number('checkpoint-minutes', 'spot.checkpointIntervalMinutes'),
  number('checkpoint-save-minutes', 'spot.checkpointSaveMinutes'),
  number('restart-minutes', 'spot.restartMinutes'),
  number('max-loss-minutes', 'spot.maxLossMinutes'),
  number('spot-price', 'spot.userPricePerHour'),
  number('spot-fraction', 'spot.userPriceFraction'),
  number('storage-gb', 'extras.storageGB'),
  number('storage-price', 'extras.storagePricePerGBMonth'),
  number('storage-days', 'extras.storageDays'),
  number('egress-gb', 'extras.egressGB'),
  number('egress-price', 'extras.egressPricePerGB'),
  number('snapshot-gb', 'extras.snapshotGB'),
  number('snapshot-price', 'extras.snapshotPricePerGBMonth'),
  number('snapshot-days', 'extras.snapshotDays'),
];

/** The flag behind a plan:compute field ("spot.checkpointIntervalMinutes" -> "--checkpoint-minutes"). */
export const flagForPlanField = flagFinder([...PLAN_BINDINGS, { flag: 'gpus', path: 'gpuCount' }]);

/** The plan:compute request the flags describe, checked by the contract's schema (a problem names its flag). */
export function planRequestFromFlags(flags: FlagValues): PlanRequest {
  const request = inputFromBindings(PLAN_BINDINGS, flags);
  checkFlags(planRequestSchema, request, PLAN_BINDINGS, flags, 'plan');
  return request as PlanRequest;
}
