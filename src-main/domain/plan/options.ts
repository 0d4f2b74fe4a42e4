import type { Currency, Offer } from '../catalog';
import { billedHours, periodPriceFor } from './billing-time';
import { extraLines, type ResolvedExtras } from './extras';
import type { PlanInput } from './input';
import { fromMinorUnits, roundBill, toMinorUnits } from './money';
import type { PlanLine, PlanOption } from './output';
import type { PackageBreakEven } from './packages';
import type { SpotOutcome } from './spot';
import { msg, type Message } from '../messages';

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

/** How an offer rounds billed time, in words: "per second", "whole hours started". */
const granularityWords = (granularity: Offer['granularity']): Message => msg(`plan.granularity.${granularity}`);

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
      detail: msg('plan.line.granularity', {
        hours: billed - sessionHours,
        granularity: granularityWords(granularity),
        rate: pricePerHour,
      }),
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
    detail: msg('plan.line.setup', { hours: setupHours, rate: price }),
  };
  const run: PlanLine[] = [
    {
      item: 'compute',
      amount: computeHours * price,
      detail: msg('plan.line.compute', { hours: computeHours, rate: price }),
    },
    { item: 'idle', amount: idleHours * price, detail: msg('plan.line.idle', { hours: idleHours, rate: price }) },
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
      label: msg('plan.label.onDemand', { provider: offer.provider, granularity: granularityWords(offer.granularity) }),
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
  const notes: Message[] = [
    msg('plan.note.unusedPeriod', { hours: breakEven.wastedHours, amount: breakEven.wastedAmount }),
    // What practitioners report for reserved instances; providers' terms vary.
    msg('plan.note.earlyTermination'),
  ];
  if (breakEven.breakEvenUtilization !== null && breakEven.breakEvenHoursPerPeriod !== null) {
    notes.push(
      msg('plan.note.breakEven', {
        hours: breakEven.breakEvenHoursPerPeriod,
        period: msg(`plan.period.${breakEven.billing}`),
        utilization: breakEven.breakEvenUtilization * 100,
      }),
    );
  }
  const lines: PlanLine[] = [
    {
      item: 'package',
      amount: breakEven.periodsBought * breakEven.periodPrice,
      detail: msg('plan.line.package', {
        periods: breakEven.periodsBought,
        billing: msg(`word.billing.${breakEven.billing}`),
        price: breakEven.periodPrice,
      }),
    },
    { item: 'setup', amount: 0, detail: msg('plan.line.setupInPackage', { hours: setupHours }) },
    { item: 'idle', amount: 0, detail: msg('plan.line.idleInPackage', { hours: idleHours }) },
  ];
  return finish(
    {
      billing: offer.billing,
      label: msg('plan.label.package', { provider: offer.provider, billing: msg(`word.billing.${offer.billing}`) }),
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
    {
      item: 'compute',
      amount: computeHours * price,
      detail: msg('plan.line.spotCompute', { hours: computeHours, rate: price }),
    },
    {
      item: 'spot-overhead',
      amount: s.expectedExtraHours * price,
      detail: msg('plan.line.spotOverhead', {
        extra: s.expectedExtraHours,
        checkpoints: s.checkpointOverheadHours,
        lost: s.expectedLostWorkHours,
        restarts: s.expectedRestartHours,
        reclaims: s.expectedInterruptions,
        rate: price,
      }),
    },
    { item: 'idle', amount: idleHours * price, detail: msg('plan.line.idle', { hours: idleHours, rate: price }) },
  ];
}

function spotNotes(spot: SpotPrice): Message[] {
  return spot.offer === null ? [msg('plan.note.spotUserSupplied')] : [];
}

/** Spot for the whole job, setup included; the run is billed as one session (reclaimed partial units ignored). */
export function spotOption(ctx: PlanContext, spot: SpotPrice): PlanOption {
  const { setupHours, gpuCount, idleHours } = ctx.input;
  const price = spot.pricePerHour * gpuCount;
  const runHours = ctx.spot.expectedWallHours + idleHours;
  const session: PlanLine[] = [
    {
      item: 'setup',
      amount: setupHours * price,
      detail: msg('plan.line.spotSetup', { hours: setupHours, rate: price }),
    },
    ...spotLines(ctx, price),
  ];
  const lines = [...session, ...granularityLine(ctx.currency, session, setupHours + runHours, spot.granularity, price)];
  return finish(
    {
      billing: 'spot',
      label: spot.offer ? msg('plan.label.spot', { provider: spot.offer.provider }) : msg('plan.label.userSpot'),
      hours: setupHours + runHours,
      notes: [...spotNotes(spot), msg('plan.note.spotDebugRisk')],
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
    detail: msg('plan.line.mixedSetup', { hours: setupHours, rate: onDemandPrice }),
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
      label: msg('plan.label.mixed', { provider: onDemand.provider }),
      hours: setupHours + runHours,
      notes: spotNotes(spot),
      offerId: spot.offer?.id ?? null,
      userSupplied: spot.offer === null,
    },
    ctx,
    lines,
  );
}
