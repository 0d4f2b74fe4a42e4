import type { Offer } from '../catalog';
import { PERIOD_HOURS, periodPriceFor } from './billing-time';

/** A daily/weekly/monthly package against on-demand: what it costs for this job and when it pays. */
export interface PackageBreakEven {
  offerId: string;
  billing: 'daily' | 'weekly' | 'monthly';
  periodHours: number;
  /** Price of one period for the planned GPU count. */
  periodPrice: number;
  /** Period price spread over every hour of the period. */
  effectivePricePerHour: number;
  /** Hours of use per period above which the package beats on-demand; null without an on-demand price. */
  breakEvenHoursPerPeriod: number | null;
  /** The same as a share of the period (0–1, above 1 = never pays). */
  breakEvenUtilization: number | null;
  /** Hours a day of use, every day of the period, at which the package breaks even. */
  breakEvenHoursPerDay: number | null;
  /** Full 24-hour days of use per period at which the package breaks even. */
  breakEvenDaysPerPeriod: number | null;
  /** Periods this job needs. */
  periodsBought: number;
  /** Paid hours left unused when the job ends before the last period does. */
  wastedHours: number;
  wastedAmount: number;
}

/**
 * Cost of covering `hoursNeeded` with whole periods, the idle remainder, and the utilization at
 * which the package beats on-demand: break-even hours = period price ÷ on-demand price per
 * hour (article 001 §4.1: "算两条成本曲线在哪个点交叉").
 */
export function packageBreakEven(
  offer: Offer & { billing: 'daily' | 'weekly' | 'monthly' },
  gpuCount: number,
  hoursNeeded: number,
  onDemandPricePerHour: number | null,
): PackageBreakEven {
  const periodHours = PERIOD_HOURS[offer.billing];
  const periodPrice = periodPriceFor(offer, gpuCount);
  const periodsBought = Math.max(1, Math.ceil(Number((hoursNeeded / periodHours).toPrecision(12))));
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
    periodsBought,
    wastedHours,
    wastedAmount: (wastedHours * periodPrice) / periodHours,
  };
}
