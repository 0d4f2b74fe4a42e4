import { z } from 'zod';
import type { Currency } from '../../../src-main/domain/catalog';
import { firstProblem, type Message } from '../../../src-main/domain/messages';
import { ownershipInputSchema } from '../../../src-main/domain/plan/ownership';
import type { ChannelInput } from '../../../src-main/ipc/contract';
import { numberFromText } from '../../lib/field-problems';
import { createSessionStore, reviveFlat } from '../../lib/session-store';

export type OwnershipRequest = ChannelInput<'plan:ownership'>;

/** "Rent or buy" inputs as typed; utilization is in percent. The currency is the plan's. */
export interface OwnershipForm {
  cardCount: string;
  cardPrice: string;
  serverPrice: string;
  powerW: string;
  idlePowerW: string;
  electricityPricePerKWh: string;
  pue: string;
  hostingPerMonth: string;
  lifetimeYears: string;
  resaleValue: string;
  utilizationPercent: string;
  rentalPricePerCardHour: string;
}

/**
 * The form starts from the plan: an empty card count, load power, rental price or electricity
 * price takes the plan's (its GPU count, the cards' TDP, the cheapest on-demand price per card,
 * the Settings price: see OwnershipFallbacks). The catalog holds no purchase prices, so the card
 * price is the user's to give. Three years and 40% utilization follow article 001 §1.1–1.2
 * ("三年折旧", small teams at 30–50%).
 */
export const DEFAULT_OWNERSHIP_FORM: OwnershipForm = {
  cardCount: '',
  cardPrice: '',
  serverPrice: '0',
  powerW: '',
  // Empty: IDLE_POWER_SHARE of the load draw (src-main/domain/plan/defaults.ts).
  idlePowerW: '',
  electricityPricePerKWh: '',
  pue: '1',
  hostingPerMonth: '0',
  lifetimeYears: '3',
  resaleValue: '0',
  utilizationPercent: '40',
  rentalPricePerCardHour: '',
};

/** What an empty field takes instead: the plan's set-up and the Settings page's price. */
export interface OwnershipFallbacks {
  cardCount?: number;
  powerW?: number;
  rentalPricePerCardHour?: number;
  electricityPricePerKWh?: number;
}

/** A saved form made safe. */
function reviveOwnershipForm(saved: unknown): OwnershipForm {
  return reviveFlat(saved, DEFAULT_OWNERSHIP_FORM);
}

export const ownershipFormStore = createSessionStore('cardwise.ownershipForm.v2', reviveOwnershipForm);

/** Utilization is typed in percent: the contract's share (0–1) as the form shows it. */
const utilizationPercentSchema = z.number().gt(0).max(100);

/** The fields of the form in the order they are shown, each with the contract's rule for its number. */
export const OWNERSHIP_FIELDS: readonly { field: keyof OwnershipForm; schema: z.ZodType }[] = [
  'cardCount',
  'cardPrice',
  'serverPrice',
  'powerW',
  'idlePowerW',
  'electricityPricePerKWh',
  'pue',
  'hostingPerMonth',
  'lifetimeYears',
  'resaleValue',
  'utilizationPercent',
  'rentalPricePerCardHour',
].map((field) => ({
  field: field as keyof OwnershipForm,
  schema:
    field === 'utilizationPercent'
      ? utilizationPercentSchema
      : ownershipInputSchema.shape[
          field as Exclude<keyof OwnershipRequest, 'currency' | 'utilization' | 'otherPerMonth'>
        ],
}));

/** A field that stops the request, with the contract's sentence for it. */
export interface OwnershipProblem {
  field: keyof OwnershipForm;
  message: Message;
}

/** Fields that may stay empty: no rental price to compare, or the idle draw from the load draw. */
const OPTIONAL: ReadonlySet<keyof OwnershipForm> = new Set(['rentalPricePerCardHour', 'idlePowerW']);

/**
 * The plan:ownership request in `currency`, or the first field that stops it. An empty field with
 * a fallback takes it; an empty rental price or idle power is left out.
 */
export function toOwnershipRequest(
  form: OwnershipForm,
  currency: Currency,
  fallbacks: OwnershipFallbacks = {},
): { request: OwnershipRequest; problem?: undefined } | { request?: undefined; problem: OwnershipProblem } {
  const values: Partial<Record<OwnershipProblem['field'], number>> = {};
  for (const { field, schema } of OWNERSHIP_FIELDS) {
    const text = form[field].trim();
    const fallback = fallbacks[field as keyof OwnershipFallbacks];
    if (text === '' && fallback !== undefined) {
      values[field] = fallback;
      continue;
    }
    if (text === '' && OPTIONAL.has(field)) continue;
    // Empty, text, 1e30, a negative number: the schema says what is allowed.
    const checked = schema.safeParse(numberFromText(text));
    if (!checked.success) return { problem: { field, message: firstProblem(checked.error, schema).detail } };
    values[field] = checked.data as number;
  }
  const { utilizationPercent, rentalPricePerCardHour, idlePowerW, ...rest } = values;
  return {
    request: {
      currency,
      cardCount: rest.cardCount!,
      cardPrice: rest.cardPrice!,
      serverPrice: rest.serverPrice!,
      powerW: rest.powerW!,
      ...(idlePowerW !== undefined ? { idlePowerW } : {}),
      electricityPricePerKWh: rest.electricityPricePerKWh!,
      pue: rest.pue!,
      hostingPerMonth: rest.hostingPerMonth!,
      lifetimeYears: rest.lifetimeYears!,
      resaleValue: rest.resaleValue!,
      utilization: utilizationPercent! / 100,
      ...(rentalPricePerCardHour !== undefined ? { rentalPricePerCardHour } : {}),
    },
  };
}
