import type { Currency, Offer } from '../catalog';
import { billedHours, periodPriceFor } from './billing-time';
import { extraLines, type ResolvedExtras } from './extras';
import type { PlanInput } from './input';
import { fromMinorUnits, roundBill, toMinorUnits } from './money';
import type { PlanLine, PlanOption } from './output';
import type { PackageBreakEven } from './packages';
import type { SpotOutcome } from './spot';

/** What every option builder needs: the parsed input and the numbers shared across options. */
export interface PlanContext {
  input: PlanInput;
  currency: Currency;
  extras: ResolvedExtras;
  spot: SpotOutcome;
}

/** A spot price: from an offer, or supplied by the user when the provider lists none. */
export interface SpotPrice {
  /** Per GPU-hour: the spot offer's price per GPU, or the user's. */
  pricePerHour: number;
  granularity: Offer['granularity'];
  offer: Offer | null;
}

const GRANULARITY_WORDS: Record<Offer['granularity'], string> = {
  second: 'per second',
  minute: 'per minute',
  hour: 'whole hours started',
};

const PERIOD_WORDS: Record<PackageBreakEven['billing'], string> = { daily: 'day', weekly: 'week', monthly: 'month' };

const h = (hours: number): string => `${hours.toFixed(2)} h`;
const rate = (price: number): string => `${price.toFixed(3)}/h`;

function finish(
  parts: Omit<PlanOption, 'total' | 'lines' | 'currency'>,
  ctx: PlanContext,
  lines: PlanLine[],
): PlanOption {
  const bill = roundBill([...lines, ...extraLines(ctx.extras, parts.hours)], ctx.currency);
  const { billing, label, hours, notes, offerId, userSupplied } = parts;
  return {
    billing,
    label,
    currency: ctx.currency,
    total: bill.total,
    lines: bill.lines,
    hours,
    notes,
    offerId,
    userSupplied,
  };
}

/**
 * The rounding-up line of one billed session. The session costs the larger of its billed hours at
 * the price and the sum of its rounded lines, so a session never costs less when it runs longer
 * and the line is never negative.
 */
function granularityLine(
  currency: Currency,
  parts: PlanLine[],
  sessionHours: number,
  granularity: Offer['granularity'],
  pricePerHour: number,
): PlanLine[] {
  const billed = billedHours(sessionHours, granularity);
  const partsMinor = parts.reduce((sum, line) => sum + toMinorUnits(line.amount, currency), 0);
  const extraMinor = toMinorUnits(billed * pricePerHour, currency) - partsMinor;
  if (extraMinor <= 0) return [];
  return [
    {
      item: 'granularity',
      amount: fromMinorUnits(extraMinor, currency),
      detail: `${h(billed - sessionHours)} rounded up (${GRANULARITY_WORDS[granularity]}) × ${rate(pricePerHour)}`,
    },
  ];
}

/** On-demand: setup, compute and idle hours at the hourly price, each session rounded to the billing unit. */
export function onDemandOption(ctx: PlanContext, offer: Offer): PlanOption {
  const { setupHours, computeHours, idleHours, gpuCount } = ctx.input;
  const price = periodPriceFor(offer, gpuCount);
  const setup: PlanLine = {
    item: 'setup',
    amount: setupHours * price,
    detail: `${h(setupHours)} setup/debug × ${rate(price)}`,
  };
  const run: PlanLine[] = [
    { item: 'compute', amount: computeHours * price, detail: `${h(computeHours)} × ${rate(price)}` },
    { item: 'idle', amount: idleHours * price, detail: `${h(idleHours)} idle before shutdown × ${rate(price)}` },
  ];
  const lines: PlanLine[] = [
    setup,
    ...run,
    ...granularityLine(ctx.currency, [setup], setupHours, offer.granularity, price),
    ...granularityLine(ctx.currency, run, computeHours + idleHours, offer.granularity, price),
  ];
  return finish(
    {
      billing: 'hourly',
      label: `${offer.provider} on-demand (${GRANULARITY_WORDS[offer.granularity]})`,
      hours: setupHours + computeHours + idleHours,
      notes: [],
      offerId: offer.id,
      userSupplied: false,
    },
    ctx,
    lines,
  );
}

/** A package: whole periods covering setup and compute; idle time inside a paid period costs nothing more. */
export function packageOption(ctx: PlanContext, offer: Offer, breakEven: PackageBreakEven): PlanOption {
  const { setupHours, computeHours, idleHours } = ctx.input;
  const notes = [
    `${h(breakEven.wastedHours)} of the last period unused: ${breakEven.wastedAmount.toFixed(2)} paid for nothing if the job ends then.`,
    'Early termination usually costs about 20% of the remaining fee, and idle time is not refunded (article 004 §2.2).',
  ];
  if (breakEven.breakEvenUtilization !== null) {
    notes.push(
      `Beats on-demand above ${breakEven.breakEvenHoursPerPeriod?.toFixed(1)} h of use per ${PERIOD_WORDS[breakEven.billing]} ` +
        `(${(breakEven.breakEvenUtilization * 100).toFixed(0)}% utilization).`,
    );
  }
  const lines: PlanLine[] = [
    {
      item: 'package',
      amount: breakEven.periodsBought * breakEven.periodPrice,
      detail: `${breakEven.periodsBought} × ${breakEven.billing} at ${breakEven.periodPrice.toFixed(2)}`,
    },
    { item: 'setup', amount: 0, detail: `${h(setupHours)} setup/debug inside the package` },
    { item: 'idle', amount: 0, detail: `${h(idleHours)} idle inside the paid period` },
  ];
  return finish(
    {
      billing: offer.billing,
      label: `${offer.provider} ${offer.billing} package`,
      hours: setupHours + computeHours + idleHours,
      notes,
      offerId: offer.id,
      userSupplied: false,
    },
    ctx,
    lines,
  );
}

function spotLines(ctx: PlanContext, price: number): PlanLine[] {
  const { computeHours, idleHours } = ctx.input;
  const s = ctx.spot;
  return [
    { item: 'compute', amount: computeHours * price, detail: `${h(computeHours)} on spot × ${rate(price)}` },
    {
      item: 'spot-overhead',
      amount: s.expectedExtraHours * price,
      detail:
        `${h(s.expectedExtraHours)} expected: checkpoints ${h(s.checkpointOverheadHours)}, re-done work ` +
        `${h(s.expectedLostWorkHours)}, restarts ${h(s.expectedRestartHours)} (${s.expectedInterruptions.toFixed(2)} reclaims) × ${rate(price)}`,
    },
    { item: 'idle', amount: idleHours * price, detail: `${h(idleHours)} idle before shutdown × ${rate(price)}` },
  ];
}

function spotNotes(spot: SpotPrice): string[] {
  return spot.offer === null ? ['Spot price supplied by the user: this provider lists no spot offer.'] : [];
}

/** Spot for the whole job, setup included; the run is billed as one session (reclaimed partial units ignored). */
export function spotOption(ctx: PlanContext, spot: SpotPrice): PlanOption {
  const { setupHours, gpuCount, idleHours } = ctx.input;
  const price = spot.pricePerHour * gpuCount;
  const runHours = ctx.spot.expectedWallHours + idleHours;
  const session: PlanLine[] = [
    { item: 'setup', amount: setupHours * price, detail: `${h(setupHours)} setup/debug on spot × ${rate(price)}` },
    ...spotLines(ctx, price),
  ];
  const lines = [...session, ...granularityLine(ctx.currency, session, setupHours + runHours, spot.granularity, price)];
  return finish(
    {
      billing: 'spot',
      label: `${spot.offer?.provider ?? 'User-supplied'} spot`,
      hours: setupHours + runHours,
      notes: [
        ...spotNotes(spot),
        'Debugging on spot risks losing the session: practitioners debug on on-demand (article 000 §4.1).',
      ],
      offerId: spot.offer?.id ?? null,
      userSupplied: spot.offer === null,
    },
    ctx,
    lines,
  );
}

/** The practitioners' mix: debug on on-demand, then train on spot with checkpoints (article 000 §4.1, §7). */
export function mixedOption(ctx: PlanContext, onDemand: Offer, spot: SpotPrice): PlanOption {
  const { setupHours, gpuCount, idleHours } = ctx.input;
  const onDemandPrice = periodPriceFor(onDemand, gpuCount);
  const spotPrice = spot.pricePerHour * gpuCount;
  const runHours = ctx.spot.expectedWallHours + idleHours;
  const setup: PlanLine = {
    item: 'setup',
    amount: setupHours * onDemandPrice,
    detail: `${h(setupHours)} setup/debug on on-demand × ${rate(onDemandPrice)}`,
  };
  const run = spotLines(ctx, spotPrice);
  const lines: PlanLine[] = [
    setup,
    ...run,
    ...granularityLine(ctx.currency, [setup], setupHours, onDemand.granularity, onDemandPrice),
    ...granularityLine(ctx.currency, run, runHours, spot.granularity, spotPrice),
  ];
  return finish(
    {
      billing: 'mixed',
      label: `Debug on ${onDemand.provider} on-demand, train on spot`,
      hours: setupHours + runHours,
      notes: spotNotes(spot),
      offerId: spot.offer?.id ?? null,
      userSupplied: spot.offer === null,
    },
    ctx,
    lines,
  );
}
