import { z } from 'zod';
import { offerSchema } from '../catalog';
import { msg, ruleIssue } from '../messages';
import {
  DEFAULT_CHECKPOINT_SAVE_MINUTES,
  DEFAULT_IDLE_HOURS,
  DEFAULT_INTERRUPTIONS_PER_HOUR,
  DEFAULT_MAX_LOSS_MINUTES,
  DEFAULT_RESTART_MINUTES,
  DEFAULT_SETUP_HOURS,
  DEFAULT_SNAPSHOT_DAYS,
  DEFAULT_STORAGE_GB,
} from './defaults';

const MINUTES_PER_WEEK = 7 * 24 * 60;

/** Spot settings: the reclaim rate, checkpoint costs, and a spot price when the provider lists none. */
export const spotSettingsSchema = z
  .object({
    /** Reclaims per hour of running; the default and its source are in defaults.ts. */
    interruptionsPerHour: z.number().min(0).max(10).default(DEFAULT_INTERRUPTIONS_PER_HOUR),
    checkpointSaveMinutes: z.number().positive().max(1440).default(DEFAULT_CHECKPOINT_SAVE_MINUTES),
    restartMinutes: z.number().min(0).max(1440).default(DEFAULT_RESTART_MINUTES),
    /** The most work the user accepts to lose to one reclaim; caps the checkpoint interval. */
    maxLossMinutes: z.number().positive().max(MINUTES_PER_WEEK).default(DEFAULT_MAX_LOSS_MINUTES),
    /** A fixed checkpoint interval; when absent the planner recommends one. */
    checkpointIntervalMinutes: z.number().positive().max(MINUTES_PER_WEEK).optional(),
    /** Spot price per GPU-hour, used only when the provider has no spot offer. */
    userPricePerHour: z.number().positive().max(10_000_000).optional(),
    /** Spot price as a share of on-demand (0.1–0.3 per article 004 §2.3), used only without a spot offer. */
    userPriceFraction: z.number().gt(0).max(1).optional(),
  })
  .strict();

/** The costs around the run that practitioners warn about; prices default by currency when absent. */
export const extrasSchema = z
  .object({
    storageGB: z.number().min(0).max(1_000_000).default(DEFAULT_STORAGE_GB),
    storagePricePerGBMonth: z.number().min(0).max(10_000).optional(),
    /** Days the disk is billed; default: as long as the option keeps the instance. */
    storageDays: z.number().min(0).max(3650).optional(),
    egressGB: z.number().min(0).max(1_000_000).default(0),
    egressPricePerGB: z.number().min(0).max(10_000).optional(),
    snapshotGB: z.number().min(0).max(1_000_000).default(0),
    snapshotPricePerGBMonth: z.number().min(0).max(10_000).optional(),
    snapshotDays: z.number().min(0).max(3650).default(DEFAULT_SNAPSHOT_DAYS),
  })
  .strict();

/**
 * A job plan request: a candidate (one card, a GPU count, one provider's offers for it) and a job
 * of `computeHours` hours of compute on that set-up.
 */
export const planInputSchema = z
  .object({
    computeHours: z.number().positive().max(100_000),
    gpuCount: z.number().int().min(1).max(64).default(1),
    offers: z.array(offerSchema).min(1).max(50),
    /** Setup and debugging billed before the real run (article 000 §7.2: 1.5 h). */
    setupHours: z.number().min(0).max(10_000).default(DEFAULT_SETUP_HOURS),
    /** Hours a finished instance keeps running before someone (or a script) stops it. */
    idleHours: z.number().min(0).max(10_000).default(DEFAULT_IDLE_HOURS),
    spot: spotSettingsSchema.prefault({}),
    extras: extrasSchema.prefault({}),
  })
  .strict()
  .superRefine((input, ctx) => {
    const first = input.offers[0];
    input.offers.forEach((offer, index) => {
      if (first && offer.currency !== first.currency) {
        ctx.addIssue(
          ruleIssue(['offers', index, 'currency'], msg('plan.rule.sameCurrency', { currency: first.currency })),
        );
      }
      if (first && offer.cardId !== first.cardId) {
        ctx.addIssue(ruleIssue(['offers', index, 'cardId'], msg('plan.rule.sameCard', { card: first.cardId })));
      }
    });
    const { checkpointIntervalMinutes, checkpointSaveMinutes } = input.spot;
    if (checkpointIntervalMinutes !== undefined && checkpointIntervalMinutes < checkpointSaveMinutes) {
      ctx.addIssue(ruleIssue(['spot', 'checkpointIntervalMinutes'], msg('plan.rule.intervalAtLeastSave')));
    }
    if (input.spot.userPricePerHour !== undefined && input.spot.userPriceFraction !== undefined) {
      ctx.addIssue(ruleIssue(['spot', 'userPriceFraction'], msg('plan.rule.priceOrShare')));
    }
    const hasHourly = input.offers.some((offer) => offer.billing === 'hourly');
    if (input.spot.userPriceFraction !== undefined && !hasHourly) {
      ctx.addIssue(ruleIssue(['spot', 'userPriceFraction'], msg('plan.rule.shareNeedsHourly')));
    }
  });

/** What callers send (defaults optional). */
export type PlanInputRaw = z.input<typeof planInputSchema>;
/** The parsed plan input, defaults applied. */
export type PlanInput = z.output<typeof planInputSchema>;
