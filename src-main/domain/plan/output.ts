import type { Billing, Currency } from '../catalog';
import type { Message } from '../messages';

/** What a bill line is for: a stable key the UI translates. */
export type PlanLineItem =
  'compute' | 'setup' | 'idle' | 'granularity' | 'package' | 'spot-overhead' | 'storage' | 'egress' | 'snapshot';

/** One line of a bill; `detail` says how it was computed. */
export interface PlanLine {
  item: PlanLineItem;
  /** Non-negative, in the plan's currency. */
  amount: number;
  detail: Message;
}

/** One way to pay for the job: its total and the lines that make it up (total = Σ lines, to the fen). */
export interface PlanOption {
  /** A billing from the catalog, or `mixed`: debug on on-demand, then train on spot. */
  billing: Billing | 'mixed';
  label: Message;
  currency: Currency;
  total: number;
  lines: PlanLine[];
  /** Expected wall-clock hours until the job is done (setup, overheads and idle included). */
  hours: number;
  notes: Message[];
  /** The offer priced here; null when the price is user-supplied. */
  offerId: string | null;
  userSupplied: boolean;
}

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
  /**
   * The job length in compute hours (the cost chart's x axis) at which the package costs what
   * on-demand does: break-even hours less the setup and idle hours on-demand also bills; 0 when
   * the package is cheaper for any job. One number for the panel and the chart's crossing.
   */
  breakEvenComputeHours: number | null;
  /** Periods this job needs. */
  periodsBought: number;
  /** Paid hours left unused when the job ends before the last period does. */
  wastedHours: number;
  wastedAmount: number;
}

/** The job plan, as `cardwise plan --json` prints it. */
export interface JobPlan {
  options: PlanOption[];
  breakEven: {
    /** On-demand price per hour for the planned GPU count (the cheapest hourly offer), null if none. */
    onDemandPricePerHour: number | null;
    packages: PackageBreakEven[];
  };
  spot: {
    interruptionsPerHour: number;
    /** Where the default reclaim rate comes from, in words. */
    interruptionRateSource: Message;
    checkpointIntervalMinutes: number;
    checkpointIntervalRecommended: boolean;
    expectedInterruptions: number;
    pAtLeastOne: number;
    expectedExtraHours: number;
    expectedLostWorkHours: number;
    checkpointOverheadHours: number;
    expectedRestartHours: number;
  };
  assumptions: Message[];
}
