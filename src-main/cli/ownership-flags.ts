import { currencySchema } from '../domain/catalog';
import { ownershipInputSchema } from '../domain/plan/ownership';
import type { ChannelInput } from '../ipc/contract';
import type { FlagValues, OptionSpecs } from './command';
import { checkFlags, defaultIn, flagFinder, inputFromBindings, type Binding } from './flag-input';

export type OwnershipRequest = ChannelInput<'plan:ownership'>;

/** Flag -> ownership input field, placeholder and help; every one is a number (the defaults are the schema's). */
const NUMBER_FLAGS: [string, keyof OwnershipRequest, string, string][] = [
  ['cards', 'cardCount', 'N', 'cards in the server'],
  ['card-price', 'cardPrice', 'PRICE', 'price of one card (required)'],
  ['server-price', 'serverPrice', 'PRICE', 'the rest of the server: chassis, CPU, RAM, disks'],
  ['power-w', 'powerW', 'W', 'whole-server draw at load, in watts (required)'],
  ['idle-power-w', 'idlePowerW', 'W', 'draw while idle (default: half the draw at load)'],
  ['kwh-price', 'electricityPricePerKWh', 'PRICE', 'electricity price per kWh'],
  ['pue', 'pue', 'X', 'cooling multiplier on power, 1–5'],
  ['hosting', 'hostingPerMonth', 'PRICE', 'hosting / rack / bandwidth per month'],
  ['other', 'otherPerMonth', 'PRICE', 'spares, maintenance, anything else per month'],
  ['lifetime-years', 'lifetimeYears', 'Y', 'years to depreciate over'],
  ['resale', 'resaleValue', 'PRICE', 'what the hardware sells for at the end'],
  ['utilization', 'utilization', 'U', 'share of hours the cards do useful work, 0–1'],
  ['rental-price', 'rentalPricePerCardHour', 'PRICE', 'a rental price per card-hour to compare with'],
];

const OWNERSHIP_BINDINGS: readonly Binding[] = [
  ...NUMBER_FLAGS.map(([flag, path]): Binding => ({ flag, path, read: 'number' })),
  { flag: 'currency', path: 'currency', read: 'upper' },
];

const withDefault = (help: string, path: string) => {
  const value = defaultIn(ownershipInputSchema, path);
  return value === undefined ? help : `${help} (default ${String(value)})`;
};

export const ownershipOptions: OptionSpecs = {
  ...Object.fromEntries(
    NUMBER_FLAGS.map(([flag, path, value, help]) => [
      flag,
      { type: 'string', value, description: withDefault(help, path) },
    ]),
  ),
  currency: { type: 'string', value: 'C', description: withDefault(currencySchema.options.join(' | '), 'currency') },
};

/** The flag behind an ownership field ("powerW" -> "--power-w"). */
export const flagForOwnershipField = flagFinder(OWNERSHIP_BINDINGS);

/** The plan:ownership input the flags describe, checked by the contract's schema (a problem names its flag). */
export function ownershipInputFromFlags(flags: FlagValues): OwnershipRequest {
  const input = inputFromBindings(OWNERSHIP_BINDINGS, flags);
  checkFlags(ownershipInputSchema, input, OWNERSHIP_BINDINGS, flags, 'ownership');
  return input as OwnershipRequest;
}
