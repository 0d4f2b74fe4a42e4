import { z } from 'zod';
import { MAX_PARAMS } from './estimate/units';
import { modelShapeSchema } from './fields/model-fields';

/** Stable card ids for the built-in catalog; users may add others (any kebab-case id). */
export const cardIdSchema = z
  .string()
  .regex(/^[a-z0-9][a-z0-9.-]{0,63}$/, 'a card id is lowercase letters, digits, "." and "-"');

export const interconnectSchema = z.object({
  /** NVLink bandwidth in GB/s (total, both directions) where the card has it, else null. */
  nvlinkGBps: z.number().positive().nullable(),
  /** PCIe generation of the host link (3, 4, 5). */
  pcieGen: z.number().int().min(3).max(6),
});

/** A GPU model with the specs the estimator needs. Dense (non-sparse) tensor rates. */
export const cardSchema = z.object({
  id: cardIdSchema,
  name: z.string().min(1).max(80),
  vendor: z.string().min(1).max(40),
  memoryGiB: z.number().positive().max(4096),
  bandwidthGBps: z.number().positive().max(100000),
  /** Dense BF16/FP16 tensor TFLOPS with FP32 accumulate (the training rate). */
  bf16Tflops: z.number().positive().max(100000),
  fp8Tflops: z.number().positive().max(100000).nullable(),
  int8Tops: z.number().positive().max(100000).nullable(),
  fp32Tflops: z.number().positive().max(100000),
  tdpW: z.number().positive().max(5000),
  interconnect: interconnectSchema,
  architecture: z.string().min(1).max(40),
  launchYear: z.number().int().min(2000).max(2100),
  source: z.string().min(1).max(2000),
});
export type Card = z.infer<typeof cardSchema>;

export const billingSchema = z.enum(['hourly', 'daily', 'weekly', 'monthly', 'spot']);
export type Billing = z.infer<typeof billingSchema>;
export const currencySchema = z.enum(['CNY', 'USD']);
export type Currency = z.infer<typeof currencySchema>;

/** The fields of an offer as stored; `price` is per billing period (hour for hourly/spot). */
export const offerFieldsSchema = z.object({
  id: z.string().min(1).max(80),
  cardId: cardIdSchema,
  provider: z.string().min(1).max(80),
  region: z.string().max(40),
  billing: billingSchema,
  price: z.number().positive().max(10_000_000),
  currency: currencySchema,
  /** GPUs included in `price`: 1 = per GPU; 8 = the price of an 8-GPU instance. */
  gpusPerPrice: z.number().int().min(1).max(64),
  /** How on-demand time is billed: per second, per minute or per started hour. */
  granularity: z.enum(['second', 'minute', 'hour']),
  observedAt: z.string().max(40),
  source: z.string().max(2000),
});

/** A price for renting a card, with the defaults a new offer gets. */
export const offerSchema = offerFieldsSchema.extend({
  region: offerFieldsSchema.shape.region.default(''),
  gpusPerPrice: offerFieldsSchema.shape.gpusPerPrice.default(1),
  granularity: offerFieldsSchema.shape.granularity.default('second'),
});
export type Offer = z.infer<typeof offerSchema>;

/** The observed date of a price whose source gives none (the Catalog shows it in the user's language). */
export const UNDATED = 'undated';

/** Fields that change what renting costs: an edit of any of them means the price was seen anew. */
const PRICE_FIELDS = ['price', 'currency', 'billing', 'gpusPerPrice', 'granularity'] as const;

/** A calendar date as offers carry it (2025-11-30), in the machine's own time zone. */
export function calendarDate(at: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}`;
}

/**
 * An offer edit with its observed date: editing the price (or billing, currency, GPUs per price,
 * granularity) dates the offer `today`, unless the caller sent a date of its own. A seeded price
 * edited by the user is then no longer "undated" or dated by the seed.
 */
export function datedOfferPatch<P extends Partial<Offer>>(patch: P, today: string): P {
  if (patch.observedAt !== undefined || !PRICE_FIELDS.some((field) => patch[field] !== undefined)) return patch;
  return { ...patch, observedAt: today };
}

/** Architecture of a transformer decoder, as its config.json states it (domain/fields/model-fields.ts). */
export { modelShapeSchema, type ModelShape } from './fields/model-fields';

export const modelPresetSchema = modelShapeSchema.extend({
  id: z.string().regex(/^[a-z0-9][a-z0-9._-]{0,79}$/),
  name: z.string().min(1).max(80),
  family: z.string().min(1).max(40),
  /** Parameters used per token (MoE); equals params for dense models. */
  activeParams: z.number().positive().max(MAX_PARAMS),
  maxContext: z.number().int().positive().max(100_000_000),
  source: z.string().min(1).max(2000),
});
export type ModelPreset = z.infer<typeof modelPresetSchema>;
