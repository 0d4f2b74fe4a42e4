import { z } from 'zod';
import { currencySchema, type Currency } from '../../../src-main/domain/catalog';
import { firstProblem, type Message } from '../../../src-main/domain/messages';
import { ownershipInputSchema } from '../../../src-main/domain/plan/ownership';
import type { ChannelInput } from '../../../src-main/ipc/contract';
import { numberFromText } from '../../lib/field-problems';
import { createSessionStore, reviveFlat } from '../../lib/session-store';

export type OwnershipRequest = ChannelInput<'plan:ownership'>;

/** "Rent or buy" inputs as typed; utilization is in percent. */
export interface OwnershipForm {
  currency: Currency;
  cardCount: string;
  cardPrice: string;
  serverPrice: string;
  powerW: string;
  electricityPricePerKWh: string;
  pue: string;
  hostingPerMonth: string;
  lifetimeYears: string;
  resaleValue: string;
  utilizationPercent: string;
  rentalPricePerCardHour: string;
}

/**
 * Article 001 §1.1–1.2's high-end 8-card server: three years, ¥0.8/kWh, an 8 kW machine
 * ("整机八千瓦", ≈¥4,700 of power a month), 40% utilization (the article's 30–50% for small
 * teams) and a ¥20 rental to compare ("十几到二十几元/卡时"). The article gives the monthly
 * total (¥59,200) but not the purchase split: ¥220,000 a card plus ¥200,000 for the rest of
 * the server is our assumption, chosen so that depreciation plus power land on that total
 * (1,960,000 ÷ 36 + 4,672 ≈ ¥59,100 a month).
 */
export const DEFAULT_OWNERSHIP_FORM: OwnershipForm = {
  currency: 'CNY',
  cardCount: '8',
  cardPrice: '220000',
  serverPrice: '200000',
  powerW: '8000',
  // Empty: the electricity price from Settings (¥0.8/kWh until the user sets theirs).
  electricityPricePerKWh: '',
  pue: '1',
  hostingPerMonth: '0',
  lifetimeYears: '3',
  resaleValue: '0',
  utilizationPercent: '40',
  rentalPricePerCardHour: '20',
};

/** A saved form made safe. */
function reviveOwnershipForm(saved: unknown): OwnershipForm {
  const form = reviveFlat(saved, DEFAULT_OWNERSHIP_FORM);
  if (!currencySchema.options.includes(form.currency)) form.currency = DEFAULT_OWNERSHIP_FORM.currency;
  return form;
}

export const ownershipFormStore = createSessionStore('cardwise.ownershipForm', reviveOwnershipForm);

/** Utilization is typed in percent: the contract's share (0–1) as the form shows it. */
const utilizationPercentSchema = z.number().gt(0).max(100);

/** The fields of the form in the order they are shown, each with the contract's rule for its number. */
export const OWNERSHIP_FIELDS: readonly { field: Exclude<keyof OwnershipForm, 'currency'>; schema: z.ZodType }[] = [
  'cardCount',
  'cardPrice',
  'serverPrice',
  'powerW',
  'electricityPricePerKWh',
  'pue',
  'hostingPerMonth',
  'lifetimeYears',
  'resaleValue',
  'utilizationPercent',
  'rentalPricePerCardHour',
].map((field) => ({
  field: field as Exclude<keyof OwnershipForm, 'currency'>,
  schema:
    field === 'utilizationPercent'
      ? utilizationPercentSchema
      : ownershipInputSchema.shape[field as Exclude<keyof OwnershipRequest, 'currency' | 'utilization'>],
}));

/** A field that stops the request, with the contract's sentence for it. */
export interface OwnershipProblem {
  field: keyof OwnershipForm;
  message: Message;
}

/**
 * The plan:ownership request, or the first field that stops it. The rental price is optional; an
 * empty electricity price is `settingsElectricityPerKWh` (the Settings page's) when one is given.
 */
export function toOwnershipRequest(
  form: OwnershipForm,
  settingsElectricityPerKWh?: number,
): { request: OwnershipRequest; problem?: undefined } | { request?: undefined; problem: OwnershipProblem } {
  const values: Partial<Record<OwnershipProblem['field'], number>> = {};
  for (const { field, schema } of OWNERSHIP_FIELDS) {
    const text = form[field].trim();
    if (text === '' && field === 'rentalPricePerCardHour') continue;
    if (text === '' && field === 'electricityPricePerKWh' && settingsElectricityPerKWh !== undefined) {
      values[field] = settingsElectricityPerKWh;
      continue;
    }
    // Empty, text, 1e30, a negative number: the schema says what is allowed.
    const checked = schema.safeParse(numberFromText(text));
    if (!checked.success) return { problem: { field, message: firstProblem(checked.error, schema).detail } };
    values[field] = checked.data as number;
  }
  const { utilizationPercent, rentalPricePerCardHour, ...rest } = values;
  return {
    request: {
      currency: form.currency,
      cardCount: rest.cardCount!,
      cardPrice: rest.cardPrice!,
      serverPrice: rest.serverPrice!,
      powerW: rest.powerW!,
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
