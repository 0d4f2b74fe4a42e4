import type { Offer } from '../catalog';
import { inputErrorFrom } from '../errors';
import { periodPriceFor, pricePerGpu } from './billing-time';
import {
  CNY_PER_USD_FOR_DEFAULTS,
  DEFAULT_INTERRUPTIONS_PER_HOUR,
  HOURS_PER_MONTH,
  INTERRUPTION_RATE_SOURCE,
} from './defaults';
import { resolveExtras } from './extras';
import { planInputSchema, type PlanInput, type PlanInputRaw } from './input';
import { mixedOption, onDemandOption, packageOption, spotOption, type PlanContext, type SpotPrice } from './options';
import type { JobPlan, PlanOption } from './output';
import { packageBreakEven, type PackageBreakEven } from './packages';
import { recommendedCheckpointHours, spotOutcome } from './spot';
import { msg, type Message } from '../messages';

/** Parses a plan request with `planInputSchema`; a bad field throws an InputError naming it. */
export function parsePlanInput(raw: unknown): PlanInput {
  const parsed = planInputSchema.safeParse(raw);
  if (!parsed.success) throw inputErrorFrom(parsed.error, planInputSchema);
  return parsed.data;
}

function cheapest(offers: Offer[]): Offer | null {
  return offers.reduce<Offer | null>(
    (best, offer) => (best === null || pricePerGpu(offer) < pricePerGpu(best) ? offer : best),
    null,
  );
}

function isPackage(offer: Offer): offer is Offer & { billing: 'daily' | 'weekly' | 'monthly' } {
  return offer.billing === 'daily' || offer.billing === 'weekly' || offer.billing === 'monthly';
}

/** The spot price to plan with: the cheapest spot offer, else the user's price or share of on-demand. */
function spotPriceFor(input: PlanInput, onDemand: Offer | null, notes: Message[]): SpotPrice | null {
  const offer = cheapest(input.offers.filter((o) => o.billing === 'spot'));
  const { userPricePerHour, userPriceFraction } = input.spot;
  if (offer) {
    if (userPricePerHour !== undefined || userPriceFraction !== undefined) {
      notes.push(msg('plan.assume.spotPriceIgnored'));
    }
    return { pricePerHour: pricePerGpu(offer), granularity: offer.granularity, offer };
  }
  const granularity = onDemand?.granularity ?? 'second';
  if (userPricePerHour !== undefined) return { pricePerHour: userPricePerHour, granularity, offer: null };
  if (userPriceFraction !== undefined && onDemand) {
    return { pricePerHour: pricePerGpu(onDemand) * userPriceFraction, granularity, offer: null };
  }
  return null;
}

/**
 * Plans a job of `computeHours` on one candidate under every billing its provider offers, plus the
 * practitioners' mix (debug on on-demand, train on spot) where both prices exist. Lines are rounded
 * to the fen/cent and each total is exactly the sum of its lines.
 */
export function planJob(raw: PlanInputRaw): JobPlan {
  return planParsedJob(parsePlanInput(raw));
}

/** `planJob` for input already parsed with `planInputSchema`. */
export function planParsedJob(input: PlanInput): JobPlan {
  const currency = input.offers[0]!.currency;
  const assumptions: Message[] = [];
  const onDemand = cheapest(input.offers.filter((o) => o.billing === 'hourly'));
  const onDemandPricePerHour = onDemand ? periodPriceFor(onDemand, input.gpuCount) : null;

  const params = {
    interruptionsPerHour: input.spot.interruptionsPerHour,
    checkpointSaveHours: input.spot.checkpointSaveMinutes / 60,
    restartHours: input.spot.restartMinutes / 60,
  };
  const fixedInterval = input.spot.checkpointIntervalMinutes;
  const recommended = fixedInterval === undefined;
  const checkpointHours =
    fixedInterval === undefined
      ? recommendedCheckpointHours(params, input.spot.maxLossMinutes / 60)
      : fixedInterval / 60;
  if (checkpointHours + params.checkpointSaveHours > input.spot.maxLossMinutes / 60 + 1e-9) {
    assumptions.push(msg('plan.assume.checkpointExceedsLoss'));
  }
  const spot = spotOutcome(input.computeHours, checkpointHours, params);
  const ctx: PlanContext = { input, currency, extras: resolveExtras(input.extras, currency), spot };

  const packages: PackageBreakEven[] = [];
  const options: PlanOption[] = [];
  for (const offer of input.offers) {
    if (offer.billing === 'hourly') options.push(onDemandOption(ctx, offer));
    if (isPackage(offer)) {
      const breakEven = packageBreakEven(
        offer,
        input.gpuCount,
        input.setupHours + input.computeHours,
        onDemandPricePerHour,
        input.setupHours + input.idleHours,
      );
      packages.push(breakEven);
      options.push(packageOption(ctx, offer, breakEven));
    }
  }
  const spotPrice = spotPriceFor(input, onDemand, assumptions);
  if (spotPrice) {
    options.push(spotOption(ctx, spotPrice));
    if (onDemand) options.push(mixedOption(ctx, onDemand, spotPrice));
  }

  assumptions.push(
    msg('plan.assume.reclaims', {
      rate: input.spot.interruptionsPerHour,
      default: DEFAULT_INTERRUPTIONS_PER_HOUR,
      source: INTERRUPTION_RATE_SOURCE,
    }),
    msg('plan.assume.checkpointCosts', {
      save: input.spot.checkpointSaveMinutes,
      restart: input.spot.restartMinutes,
    }),
    msg('plan.assume.oneSession'),
    msg('plan.assume.month', { hours: HOURS_PER_MONTH }),
  );
  if (currency === 'USD') assumptions.push(msg('plan.assume.usdDefaults', { rate: CNY_PER_USD_FOR_DEFAULTS }));

  return {
    options,
    breakEven: { onDemandPricePerHour, packages },
    spot: {
      interruptionsPerHour: input.spot.interruptionsPerHour,
      interruptionRateSource: INTERRUPTION_RATE_SOURCE,
      checkpointIntervalMinutes: checkpointHours * 60,
      checkpointIntervalRecommended: recommended,
      expectedInterruptions: spot.expectedInterruptions,
      pAtLeastOne: spot.pAtLeastOne,
      expectedExtraHours: spot.expectedExtraHours,
      expectedLostWorkHours: spot.expectedLostWorkHours,
      checkpointOverheadHours: spot.checkpointOverheadHours,
      expectedRestartHours: spot.expectedRestartHours,
    },
    assumptions,
  };
}
