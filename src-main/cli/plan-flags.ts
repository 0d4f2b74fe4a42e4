import { currencySchema } from '../domain/catalog';
import type { ChannelInput } from '../ipc/contract';
import type { FlagValues, OptionSpecs } from './command';
import { parseCurrency, parseNonNegativeNumber, parsePositiveInt, parsePositiveNumber } from './parse-value';
import { UsageError } from './usage-error';

export type PlanRequest = ChannelInput<'plan:compute'>;
type Spot = NonNullable<PlanRequest['spot']>;
type Extras = NonNullable<PlanRequest['extras']>;

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

/** Flag -> [group, field, parser]; each value is a number the contract checks further. */
const SPOT_FLAGS: [string, keyof Spot, 'positive' | 'nonNegative'][] = [
  ['spot-interruptions-per-hour', 'interruptionsPerHour', 'nonNegative'],
  ['checkpoint-minutes', 'checkpointIntervalMinutes', 'positive'],
  ['checkpoint-save-minutes', 'checkpointSaveMinutes', 'positive'],
  ['restart-minutes', 'restartMinutes', 'nonNegative'],
  ['max-loss-minutes', 'maxLossMinutes', 'positive'],
  ['spot-price', 'userPricePerHour', 'positive'],
  ['spot-fraction', 'userPriceFraction', 'positive'],
];

const EXTRA_FLAGS: [string, keyof Extras][] = [
  ['storage-gb', 'storageGB'],
  ['storage-price', 'storagePricePerGBMonth'],
  ['storage-days', 'storageDays'],
  ['egress-gb', 'egressGB'],
  ['egress-price', 'egressPricePerGB'],
  ['snapshot-gb', 'snapshotGB'],
  ['snapshot-price', 'snapshotPricePerGBMonth'],
  ['snapshot-days', 'snapshotDays'],
];

const FLAG_FOR_FIELD: Record<string, string> = {
  card: '--card',
  gpus: '--gpus',
  gpuCount: '--gpus',
  computeHours: '--hours',
  provider: '--provider',
  currency: '--currency',
  setupHours: '--setup-hours',
  idleHours: '--idle-hours',
  ...Object.fromEntries(SPOT_FLAGS.map(([flag, field]) => [`spot.${field}`, `--${flag}`])),
  ...Object.fromEntries(EXTRA_FLAGS.map(([flag, field]) => [`extras.${field}`, `--${flag}`])),
};

/** The flag behind a plan:compute field ("spot.checkpointIntervalMinutes" -> "--checkpoint-minutes"). */
export function flagForPlanField(field: string): string | undefined {
  return FLAG_FOR_FIELD[field] ?? FLAG_FOR_FIELD[field.split('.').slice(0, 2).join('.')];
}

/** Builds the plan:compute request; --card and --hours are required, --spot-price and --spot-fraction exclusive. */
export function planRequestFromFlags(flags: FlagValues): PlanRequest {
  if (typeof flags.card !== 'string') throw new UsageError('--card', 'required: a card id (see `cardwise cards list`)');
  if (typeof flags.hours !== 'string') throw new UsageError('--hours', 'required: hours of compute the job needs');
  if (flags['spot-price'] !== undefined && flags['spot-fraction'] !== undefined) {
    throw new UsageError('--spot-fraction', 'give --spot-price or --spot-fraction, not both');
  }
  const request: PlanRequest = {
    card: flags.card,
    gpus: typeof flags.gpus === 'string' ? parsePositiveInt('--gpus', flags.gpus) : 1,
    computeHours: parsePositiveNumber('--hours', flags.hours),
  };
  if (typeof flags.provider === 'string') request.provider = flags.provider;
  if (typeof flags.currency === 'string')
    request.currency = parseCurrency('--currency', flags.currency, currencySchema.options);
  if (typeof flags['setup-hours'] === 'string')
    request.setupHours = parseNonNegativeNumber('--setup-hours', flags['setup-hours']);
  if (typeof flags['idle-hours'] === 'string')
    request.idleHours = parseNonNegativeNumber('--idle-hours', flags['idle-hours']);
  const spot: Spot = {};
  for (const [flag, field, kind] of SPOT_FLAGS) {
    const text = flags[flag];
    if (typeof text !== 'string') continue;
    spot[field] =
      kind === 'positive' ? parsePositiveNumber(`--${flag}`, text) : parseNonNegativeNumber(`--${flag}`, text);
  }
  if (Object.keys(spot).length > 0) request.spot = spot;
  const extras: Extras = {};
  for (const [flag, field] of EXTRA_FLAGS) {
    const text = flags[flag];
    if (typeof text === 'string') extras[field] = parseNonNegativeNumber(`--${flag}`, text);
  }
  if (Object.keys(extras).length > 0) request.extras = extras;
  return request;
}
