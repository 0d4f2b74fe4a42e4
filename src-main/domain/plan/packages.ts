import type { Offer } from '../catalog';
import { ceilClean } from '../cost/money';
import { PERIOD_HOURS, periodPriceFor } from './billing-time';
import type { PackageBreakEven } from './output';

export type { PackageBreakEven };

/**
 * Cost of covering `hoursNeeded` with whole periods, the idle remainder, and the utilization at
 * which the package beats on-demand: break-even hours = period price ÷ on-demand price per
 * hour (article 001 §4.1: "算两条成本曲线在哪个点交叉"); as a job length, less the setup and idle
 * hours that on-demand bills too (where the cost curves of the plan chart cross).
 */
export function packageBreakEven(
  offer: Offer & { billing: 'daily' | 'weekly' | 'monthly' },
  gpuCount: number,
  hoursNeeded: number,
  onDemandPricePerHour: number | null,
  /** Setup and idle hours: billed by on-demand, free inside a period. */
  overheadHours = 0,
): PackageBreakEven {
  const periodHours = PERIOD_HOURS[offer.billing];
  const periodPrice = periodPriceFor(offer, gpuCount);
  const periodsBought = Math.max(1, ceilClean(hoursNeeded / periodHours));
  const wastedHours = Math.max(0, periodsBought * periodHours - hoursNeeded);
  const breakEvenHours = onDemandPricePerHour === null ? null : periodPrice / onDemandPricePerHour;
  return {
    offerId: offer.id,
    billing: offer.billing,
    periodHours,
    periodPrice,
    effectivePricePerHour: periodPrice / periodHours,
    breakEvenHoursPerPeriod: breakEvenHours,
    breakEvenUtilization: breakEvenHours === null ? null : breakEvenHours / periodHours,
    breakEvenHoursPerDay: breakEvenHours === null ? null : (breakEvenHours / periodHours) * 24,
    breakEvenDaysPerPeriod: breakEvenHours === null ? null : breakEvenHours / 24,
    breakEvenComputeHours: breakEvenHours === null ? null : Math.max(0, breakEvenHours - overheadHours),
    periodsBought,
    wastedHours,
    wastedAmount: (wastedHours * periodPrice) / periodHours,
  };
}
