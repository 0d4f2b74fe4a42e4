import { currencySchema } from '../domain/catalog';
import type { ChannelInput } from '../ipc/contract';
import type { FlagValues, OptionSpecs } from './command';
import { parseCurrency, parseNonNegativeNumber, parsePositiveInt } from './parse-value';

export type OwnershipRequest = ChannelInput<'plan:ownership'>;

/** Flag -> ownership input field; every one is a number (see ownershipInputSchema for defaults). */
const NUMBER_FLAGS: [string, keyof OwnershipRequest, string, string][] = [
  ['card-price', 'cardPrice', 'PRICE', 'price of one card (required)'],
  ['server-price', 'serverPrice', 'PRICE', 'the rest of the server: chassis, CPU, RAM, disks (default 0)'],
  ['power-w', 'powerW', 'W', 'whole-server draw at load, in watts (required)'],
  ['idle-power-w', 'idlePowerW', 'W', 'draw while idle (default: same as at load)'],
  ['kwh-price', 'electricityPricePerKWh', 'PRICE', 'electricity price per kWh (default 0.8)'],
  ['pue', 'pue', 'X', 'cooling multiplier on power, 1–5 (default 1)'],
  ['hosting', 'hostingPerMonth', 'PRICE', 'hosting / rack / bandwidth per month (default 0)'],
  ['other', 'otherPerMonth', 'PRICE', 'spares, maintenance, anything else per month (default 0)'],
  ['lifetime-years', 'lifetimeYears', 'Y', 'years to depreciate over (default 3)'],
  ['resale', 'resaleValue', 'PRICE', 'what the hardware sells for at the end (default 0)'],
  ['utilization', 'utilization', 'U', 'share of hours the cards do useful work, 0–1 (default 0.4)'],
  ['rental-price', 'rentalPricePerCardHour', 'PRICE', 'a rental price per card-hour to compare with'],
];

export const ownershipOptions: OptionSpecs = {
  cards: { type: 'string', value: 'N', description: 'cards in the server (default 8)' },
  ...Object.fromEntries(
    NUMBER_FLAGS.map(([flag, , value, description]) => [flag, { type: 'string', value, description }]),
  ),
  currency: { type: 'string', value: 'C', description: `${currencySchema.options.join(' | ')} (default CNY)` },
};

const FLAG_FOR_FIELD: Record<string, string> = {
  cardCount: '--cards',
  currency: '--currency',
  ...Object.fromEntries(NUMBER_FLAGS.map(([flag, field]) => [field, `--${flag}`])),
};

/** The flag behind an ownership field ("powerW" -> "--power-w"). */
export function flagForOwnershipField(field: string): string | undefined {
  return FLAG_FOR_FIELD[field];
}

/** Builds the plan:ownership input; the contract reports a missing --card-price or --power-w by its flag. */
export function ownershipInputFromFlags(flags: FlagValues): OwnershipRequest {
  const input: Partial<Record<keyof OwnershipRequest, unknown>> = {};
  if (typeof flags.cards === 'string') input.cardCount = parsePositiveInt('--cards', flags.cards);
  for (const [flag, field] of NUMBER_FLAGS) {
    const text = flags[flag];
    if (typeof text === 'string') input[field] = parseNonNegativeNumber(`--${flag}`, text);
  }
  if (typeof flags.currency === 'string')
    input.currency = parseCurrency('--currency', flags.currency, currencySchema.options);
  return input as OwnershipRequest;
}
