import { z } from 'zod';
import { billingSchema, currencySchema } from '../catalog';

/** One line of a bill; `item` is a stable key the UI translates, `detail` says how it was computed. */
const planLineSchema = z.object({
  item: z.enum([
    'compute',
    'setup',
    'idle',
    'granularity',
    'package',
    'spot-overhead',
    'storage',
    'egress',
    'snapshot',
  ]),
  amount: z.number().min(0),
  detail: z.string(),
});
export type PlanLine = z.infer<typeof planLineSchema>;

/** One way to pay for the job: its total and the lines that make it up (total = Σ lines, to the fen). */
export const planOptionSchema = z.object({
  /** A billing from the catalog, or `mixed`: debug on on-demand, then train on spot. */
  billing: z.union([billingSchema, z.literal('mixed')]),
  label: z.string(),
  currency: currencySchema,
  total: z.number().min(0),
  lines: z.array(planLineSchema),
  /** Expected wall-clock hours until the job is done (setup, overheads and idle included). */
  hours: z.number().min(0),
  notes: z.array(z.string()),
  /** The offer priced here; null when the price is user-supplied. */
  offerId: z.string().nullable(),
  userSupplied: z.boolean(),
});
export type PlanOption = z.infer<typeof planOptionSchema>;

const nullableNumber = z.number().nullable();

/** A daily/weekly/monthly package against on-demand: what it costs for this job and when it pays. */
const packageBreakEvenSchema = z.object({
  offerId: z.string(),
  billing: z.enum(['daily', 'weekly', 'monthly']),
  periodHours: z.number(),
  /** Price of one period for the planned GPU count. */
  periodPrice: z.number(),
  /** Period price spread over every hour of the period. */
  effectivePricePerHour: z.number(),
  /** Hours of use per period above which the package beats on-demand; null without an on-demand price. */
  breakEvenHoursPerPeriod: nullableNumber,
  /** The same as a share of the period (0–1, above 1 = never pays). */
  breakEvenUtilization: nullableNumber,
  /** Hours a day of use, every day of the period, at which the package breaks even. */
  breakEvenHoursPerDay: nullableNumber,
  /** Full 24-hour days of use per period at which the package breaks even. */
  breakEvenDaysPerPeriod: nullableNumber,
  /** Periods this job needs. */
  periodsBought: z.number(),
  /** Paid hours left unused when the job ends before the last period does. */
  wastedHours: z.number(),
  wastedAmount: z.number(),
});
export type PackageBreakEven = z.infer<typeof packageBreakEvenSchema>;

/** The job plan, as `cardwise plan --json` prints it. */
export const jobPlanSchema = z.object({
  options: z.array(planOptionSchema),
  breakEven: z.object({
    /** On-demand price per hour for the planned GPU count (the cheapest hourly offer), null if none. */
    onDemandPricePerHour: nullableNumber,
    packages: z.array(packageBreakEvenSchema),
  }),
  spot: z.object({
    interruptionsPerHour: z.number(),
    interruptionRateSource: z.string(),
    checkpointIntervalMinutes: z.number(),
    checkpointIntervalRecommended: z.boolean(),
    expectedInterruptions: z.number(),
    pAtLeastOne: z.number(),
    expectedExtraHours: z.number(),
    expectedLostWorkHours: z.number(),
    checkpointOverheadHours: z.number(),
    expectedRestartHours: z.number(),
  }),
  assumptions: z.array(z.string()),
});
export type JobPlan = z.infer<typeof jobPlanSchema>;
