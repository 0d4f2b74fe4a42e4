import { z } from 'zod';
import { currencySchema, type Currency, type Offer } from '../../../src-main/domain/catalog';
import {
  DEFAULT_CHECKPOINT_SAVE_MINUTES,
  DEFAULT_IDLE_HOURS,
  DEFAULT_INTERRUPTIONS_PER_HOUR,
  DEFAULT_MAX_LOSS_MINUTES,
  DEFAULT_RESTART_MINUTES,
  DEFAULT_SETUP_HOURS,
  DEFAULT_SNAPSHOT_DAYS,
  DEFAULT_STORAGE_GB,
} from '../../../src-main/domain/plan/defaults';
import { firstProblem, msg, type Message } from '../../../src-main/domain/messages';
import { planRequestSchema } from '../../../src-main/domain/plan/card-plan';
import { extrasSchema, planInputSchema, spotSettingsSchema } from '../../../src-main/domain/plan/input';
import type { ChannelInput } from '../../../src-main/ipc/contract';
import { numberFromText } from '../../lib/field-problems';
import { createSessionStore, reviveFlat } from '../../lib/session-store';

export type PlanRequest = ChannelInput<'plan:compute'>;

/** A spot price for providers that list none: none, a price per GPU-hour, or a share of on-demand. */
export type UserSpotMode = 'none' | 'price' | 'share';
export const USER_SPOT_MODES: readonly UserSpotMode[] = ['none', 'price', 'share'];

/** The Plan form; number fields stay text while the user types, empty optional fields use the defaults. */
export interface PlanForm {
  card: string;
  gpus: string;
  /** A provider name, or '' for every provider of the card. */
  provider: string;
  currency: Currency;
  computeHours: string;
  setupHours: string;
  idleHours: string;
  interruptionsPerHour: string;
  checkpointSaveMinutes: string;
  restartMinutes: string;
  maxLossMinutes: string;
  /** Empty: the planner recommends one. */
  checkpointIntervalMinutes: string;
  userSpotMode: UserSpotMode;
  /** Price per GPU-hour, or the share of on-demand in percent. */
  userSpotValue: string;
  storageGB: string;
  storagePricePerGBMonth: string;
  storageDays: string;
  egressGB: string;
  egressPricePerGB: string;
  snapshotGB: string;
  snapshotPricePerGBMonth: string;
  snapshotDays: string;
}

/** The planner's own defaults (src-main/domain/plan/defaults.ts), shown in the fields. */
export const DEFAULT_PLAN_FORM: PlanForm = {
  // The cheapest seeded card (data/offers.json, CNY) that the first question fits: Llama 3.1 8B LoRA
  // in bf16 needs ≈ 33.5 GiB per GPU, over the RTX 4090's 24 GB and inside the L20's 48 GB, so Plan
  // opens on a plan rather than on "does not fit".
  card: 'l20-48gb',
  gpus: '1',
  provider: '',
  currency: 'CNY',
  // Empty: the job's hours on this set-up, from the model, method and tokens (jobHours).
  computeHours: '',
  setupHours: String(DEFAULT_SETUP_HOURS),
  idleHours: String(DEFAULT_IDLE_HOURS),
  interruptionsPerHour: String(DEFAULT_INTERRUPTIONS_PER_HOUR),
  checkpointSaveMinutes: String(DEFAULT_CHECKPOINT_SAVE_MINUTES),
  restartMinutes: String(DEFAULT_RESTART_MINUTES),
  maxLossMinutes: String(DEFAULT_MAX_LOSS_MINUTES),
  checkpointIntervalMinutes: '',
  userSpotMode: 'none',
  userSpotValue: '',
  storageGB: String(DEFAULT_STORAGE_GB),
  storagePricePerGBMonth: '',
  storageDays: '',
  egressGB: '0',
  egressPricePerGB: '',
  snapshotGB: '0',
  snapshotPricePerGBMonth: '',
  snapshotDays: String(DEFAULT_SNAPSHOT_DAYS),
};

/** A saved Plan form made safe: wrong types and unknown choices fall back to the defaults. */
export function revivePlanForm(saved: unknown): PlanForm {
  const form = reviveFlat(saved, DEFAULT_PLAN_FORM);
  if (!currencySchema.options.includes(form.currency)) form.currency = DEFAULT_PLAN_FORM.currency;
  if (!USER_SPOT_MODES.includes(form.userSpotMode)) form.userSpotMode = 'none';
  return form;
}

/** The Plan form, kept across reloads of this tab. */
export const planFormStore = createSessionStore('cardwise.planForm', revivePlanForm);

/**
 * A spot share of on-demand to start from: 30%, the top of article 004 §2.3's "0.1–0.3" (the
 * cautious end for a plan: the renter pays at most this).
 */
export const DEFAULT_SPOT_SHARE_PERCENT = 30;

/**
 * The form with a new user spot mode, its value prefilled so the field never starts empty: a
 * share starts at DEFAULT_SPOT_SHARE_PERCENT, a price at that share of the cheapest on-demand
 * price per GPU-hour (empty only when no on-demand price is known).
 */
export function withSpotMode(form: PlanForm, mode: UserSpotMode, onDemandPerGpuHour: number | null): PlanForm {
  if (mode === form.userSpotMode) return form;
  const share = DEFAULT_SPOT_SHARE_PERCENT / 100;
  const value =
    mode === 'share'
      ? String(DEFAULT_SPOT_SHARE_PERCENT)
      : mode === 'price' && onDemandPerGpuHour !== null
        ? String(Math.round(onDemandPerGpuHour * share * 100) / 100)
        : '';
  return { ...form, userSpotMode: mode, userSpotValue: value };
}

/** What the offers of the chosen card say about spot pricing, for the form. */
export interface SpotOffers {
  /** Some provider in scope lists no spot offer: a user spot price can apply. */
  someLackSpot: boolean;
  /** Every provider in scope has an hourly offer: a share of on-demand can be priced. */
  allHaveHourly: boolean;
}

/** Spot coverage of the providers in scope (one provider, or all of the card's in this currency). */
export function spotOffers(offers: readonly Offer[], card: string, currency: Currency, provider: string): SpotOffers {
  const inScope = offers.filter(
    (o) => o.cardId === card && o.currency === currency && (provider === '' || o.provider === provider),
  );
  const providers = [...new Set(inScope.map((o) => o.provider))];
  const has = (name: string, billing: Offer['billing']) =>
    inScope.some((o) => o.provider === name && o.billing === billing);
  return {
    someLackSpot: providers.some((name) => !has(name, 'spot')),
    allHaveHourly: providers.length > 0 && providers.every((name) => has(name, 'hourly')),
  };
}

/**
 * A field that stops the plan, and why: the contract's sentence for a number out of range (or
 * missing), or a share of on-demand that no hourly price can turn into money.
 */
export type PlanProblem =
  { field: keyof PlanForm; reason: 'range'; message: Message } | { field: 'userSpotValue'; reason: 'share-hourly' };

/** The spot share is typed in percent: the contract's fraction (0–1] as the form shows it. */
const spotSharePercentSchema = z.number().gt(0).max(100);

/** The contract's schema of each number field (the spot value's depends on its mode). */
const NUMBER_SCHEMAS = {
  gpus: planRequestSchema.shape.gpus,
  computeHours: planRequestSchema.shape.computeHours,
  setupHours: planInputSchema.shape.setupHours,
  idleHours: planInputSchema.shape.idleHours,
  ...spotSettingsSchema.shape,
  ...extrasSchema.shape,
} as const;

/**
 * The plan:compute request for the form, or the first field that stops it. Optional fields
 * left empty are not sent, so the backend applies its documented defaults; empty compute hours
 * are `jobHours` (the job's hours on this set-up) when known.
 */
export function toPlanRequest(
  form: PlanForm,
  spot: SpotOffers,
  jobHours?: number,
  /** Where the job's hours likely lie (the ranking's hoursLikely): priced too while the hours are the job's. */
  jobHoursLikely?: { fast: number; slow: number } | null,
): { request: PlanRequest; problem?: undefined } | { request?: undefined; problem: PlanProblem } {
  let problem: PlanProblem | undefined;
  /** The field's number as the contract takes it; empty = left out (or "is required"), anything else checked. */
  const read = (field: keyof PlanForm, schema: z.ZodType, required = false): number | undefined => {
    const text = String(form[field]);
    if (text.trim() === '' && !required) return undefined;
    const checked = schema.safeParse(numberFromText(text));
    if (checked.success) return checked.data as number;
    problem ??= { field, reason: 'range', message: firstProblem(checked.error, schema).detail };
    return undefined;
  };
  const number = <K extends keyof typeof NUMBER_SCHEMAS & keyof PlanForm>(field: K, required = false) =>
    read(field, NUMBER_SCHEMAS[field], required);

  if (form.card === '') problem = { field: 'card', reason: 'range', message: msg('validation.required') };
  const gpus = number('gpus', true);
  const fromJob = form.computeHours.trim() === '' && jobHours !== undefined;
  const computeHours = fromJob ? jobHours : number('computeHours', true);
  const computeHoursLikely = fromJob && jobHoursLikely ? jobHoursLikely : undefined;
  const setupHours = number('setupHours');
  const idleHours = number('idleHours');
  const spotSettings: NonNullable<PlanRequest['spot']> = {};
  const put = <K extends keyof typeof spotSettings>(key: K, value: (typeof spotSettings)[K] | undefined) => {
    if (value !== undefined) spotSettings[key] = value;
  };
  put('interruptionsPerHour', number('interruptionsPerHour'));
  put('checkpointSaveMinutes', number('checkpointSaveMinutes'));
  put('restartMinutes', number('restartMinutes'));
  put('maxLossMinutes', number('maxLossMinutes'));
  put('checkpointIntervalMinutes', number('checkpointIntervalMinutes'));
  if (spot.someLackSpot && form.userSpotMode !== 'none') {
    if (form.userSpotMode === 'price')
      put('userPricePerHour', read('userSpotValue', NUMBER_SCHEMAS.userPricePerHour, true));
    else if (!spot.allHaveHourly) problem ??= { field: 'userSpotValue', reason: 'share-hourly' };
    else {
      const percent = read('userSpotValue', spotSharePercentSchema, true);
      if (percent !== undefined) put('userPriceFraction', percent / 100);
    }
  }
  const extras: NonNullable<PlanRequest['extras']> = {};
  const extra = <K extends keyof typeof extras & keyof PlanForm>(key: K) => {
    const value = number(key);
    if (value !== undefined) extras[key] = value;
  };
  extra('storageGB');
  extra('storagePricePerGBMonth');
  extra('storageDays');
  extra('egressGB');
  extra('egressPricePerGB');
  extra('snapshotGB');
  extra('snapshotPricePerGBMonth');
  extra('snapshotDays');
  if (problem || computeHours === undefined || gpus === undefined) {
    return { problem: problem ?? { field: 'computeHours', reason: 'range', message: msg('validation.required') } };
  }
  return {
    request: {
      card: form.card,
      gpus,
      ...(form.provider ? { provider: form.provider } : {}),
      currency: form.currency,
      computeHours,
      ...(computeHoursLikely ? { computeHoursLikely } : {}),
      ...(setupHours !== undefined ? { setupHours } : {}),
      ...(idleHours !== undefined ? { idleHours } : {}),
      spot: spotSettings,
      extras,
      seriesPoints: 60,
    },
  };
}

/** The value of a polyline at x (linear between points, clamped at the ends), e.g. a cost curve at a crossing. */
export function valueAt(points: readonly { x: number; y: number }[], x: number): number | undefined {
  if (points.length === 0) return undefined;
  const sorted = [...points].sort((a, b) => a.x - b.x);
  if (x <= sorted[0]!.x) return sorted[0]!.y;
  for (let i = 1; i < sorted.length; i++) {
    const a = sorted[i - 1]!;
    const b = sorted[i]!;
    if (x <= b.x) return b.x === a.x ? b.y : a.y + ((x - a.x) / (b.x - a.x)) * (b.y - a.y);
  }
  return sorted[sorted.length - 1]!.y;
}
