import { z } from 'zod';
import { currencySchema } from '../catalog';
import { HOURS_PER_MONTH, IDLE_POWER_SHARE } from './defaults';
import { roundBill } from './money';
import { inputErrorFrom } from '../errors';
import { msg, ruleIssue } from '../messages';

/**
 * Owning cards: what one used card-hour costs. Defaults follow article 001 §1.1–1.2 (8-card
 * server, three years, ¥0.8/kWh, 30–50% utilization in small teams).
 */
export const ownershipInputSchema = z
  .object({
    currency: currencySchema.default('CNY'),
    cardCount: z.number().int().min(1).max(64).default(8),
    /** Price of one card. */
    cardPrice: z.number().min(0).max(100_000_000),
    /** The rest of the server (chassis, CPU, RAM, disks, PSU), or this set-up's share of it. */
    serverPrice: z.number().min(0).max(1_000_000_000).default(0),
    /** Whole-server draw at load, in watts ("整机功耗轻松到四千瓦以上", article 001 §1.1). */
    powerW: z.number().min(0).max(1_000_000),
    /** Draw while idle; default IDLE_POWER_SHARE × powerW (an idle server still draws about half its peak). */
    idlePowerW: z.number().min(0).max(1_000_000).optional(),
    /** Local electricity price per kWh ("每度电八角", article 001 §1.1). */
    electricityPricePerKWh: z.number().min(0).max(100).default(0.8),
    /** Cooling/PUE multiplier on power; 1 when hosting folds cooling into the rack fee (article 001 §1.1). */
    pue: z.number().min(1).max(5).default(1),
    /** Hosting / rack / bandwidth per month. */
    hostingPerMonth: z.number().min(0).max(100_000_000).default(0),
    /** Spares, maintenance and anything else per month. */
    otherPerMonth: z.number().min(0).max(100_000_000).default(0),
    lifetimeYears: z.number().gt(0).max(20).default(3),
    /** What the hardware sells for at the end of its life. */
    resaleValue: z.number().min(0).max(1_000_000_000).default(0),
    /** Share of hours the cards do useful work (0.3–0.5 for small teams, article 001 §1.2). */
    utilization: z.number().gt(0).max(1).default(0.4),
    /** A rental price per card-hour to compare against. */
    rentalPricePerCardHour: z.number().positive().max(1_000_000).optional(),
  })
  .strict()
  .superRefine((input, ctx) => {
    if (input.resaleValue > input.cardPrice * input.cardCount + input.serverPrice) {
      ctx.addIssue(ruleIssue(['resaleValue'], msg('ownership.rule.resale')));
    }
    if (input.idlePowerW !== undefined && input.idlePowerW > input.powerW) {
      ctx.addIssue(ruleIssue(['idlePowerW'], msg('ownership.rule.idlePower')));
    }
  });
export type OwnershipInputRaw = z.input<typeof ownershipInputSchema>;
export type OwnershipInput = z.output<typeof ownershipInputSchema>;

export interface OwnershipPlan {
  currency: OwnershipInput['currency'];
  /** Monthly cost at the given utilization, by part, rounded to the minor unit (total = Σ parts). */
  monthly: { depreciation: number; power: number; hosting: number; other: number; total: number };
  /** Card-hours in a month at 100% (cards × 730). */
  cardHoursPerMonth: number;
  /** Unrounded rate: the UI formats it (rates like ¥1.32/h need more than the fen). */
  costPerUsedCardHour: number;
  /** Utilization above which owning beats the rental price; null without a price or if it never does. */
  breakEvenUtilization: number | null;
  /** Cost per used card-hour from 5% to 100% utilization, for a chart. */
  series: { utilization: number; costPerUsedCardHour: number }[];
}

/** Cost per used card-hour = monthly cost ÷ (cards × 730 h × utilization) (article 001 §1.1–1.2). */
export function costPerUsedCardHour(monthlyCost: number, cardCount: number, utilization: number): number {
  return monthlyCost / (cardCount * HOURS_PER_MONTH * utilization);
}

/** The idle draw of the server: the one given, else IDLE_POWER_SHARE of the load draw. */
export function idlePowerOf(input: Pick<OwnershipInput, 'powerW' | 'idlePowerW'>): number {
  return input.idlePowerW ?? IDLE_POWER_SHARE * input.powerW;
}

/**
 * Power per month: P(u) = P_idle + (P_load − P_idle) × u (the linear server power model of Fan,
 * Weber & Barroso, "Power provisioning for a warehouse-sized computer", ISCA 2007,
 * https://research.google/pubs/power-provisioning-for-a-warehouse-sized-computer/), then
 * W ÷ 1000 × 730 h × price per kWh × PUE.
 */
export function monthlyPowerCost(input: OwnershipInput, utilization: number): number {
  const idleW = idlePowerOf(input);
  const averageW = utilization * input.powerW + (1 - utilization) * idleW;
  return (averageW / 1000) * HOURS_PER_MONTH * input.electricityPricePerKWh * input.pue;
}

function monthlyAt(input: OwnershipInput, utilization: number): OwnershipPlan['monthly'] {
  const purchase = input.cardPrice * input.cardCount + input.serverPrice;
  // Straight-line depreciation to the resale value over the lifetime.
  const depreciation = (purchase - input.resaleValue) / (input.lifetimeYears * 12);
  const power = monthlyPowerCost(input, utilization);
  const total = depreciation + power + input.hostingPerMonth + input.otherPerMonth;
  return { depreciation, power, hosting: input.hostingPerMonth, other: input.otherPerMonth, total };
}

/**
 * Break-even utilization u* against a rental price r: fixed costs F (everything but the load part
 * of power) plus u·ΔP equal r × card-hours × u, so u* = F ÷ (r·N·730 − ΔP).
 */
function breakEvenUtilization(input: OwnershipInput): number | null {
  if (input.rentalPricePerCardHour === undefined) return null;
  const atZero = monthlyAt(input, 0).total;
  const loadExtra = monthlyAt(input, 1).total - atZero;
  const denominator = input.rentalPricePerCardHour * input.cardCount * HOURS_PER_MONTH - loadExtra;
  if (denominator <= 0) return null;
  const u = atZero / denominator;
  return u <= 1 ? u : null;
}

/** Parses an ownership request; a bad field throws an InputError naming it. */
function parseOwnershipInput(raw: unknown): OwnershipInput {
  const parsed = ownershipInputSchema.safeParse(raw);
  if (!parsed.success) throw inputErrorFrom(parsed.error, ownershipInputSchema);
  return parsed.data;
}

/** Rent or buy: the cost of a used card-hour when owning, the break-even utilization and a chart series. */
export function planOwnership(raw: OwnershipInputRaw): OwnershipPlan {
  const input = parseOwnershipInput(raw);
  const exact = monthlyAt(input, input.utilization);
  const bill = roundBill(
    [exact.depreciation, exact.power, exact.hosting, exact.other].map((amount) => ({ amount })),
    input.currency,
  );
  const [depreciation, power, hosting, other] = bill.lines.map((line) => line.amount) as [
    number,
    number,
    number,
    number,
  ];
  const monthly = { depreciation, power, hosting, other, total: bill.total };
  const series = Array.from({ length: 20 }, (_, i) => {
    const utilization = (i + 1) / 20;
    return {
      utilization,
      costPerUsedCardHour: costPerUsedCardHour(monthlyAt(input, utilization).total, input.cardCount, utilization),
    };
  });
  return {
    currency: input.currency,
    monthly,
    cardHoursPerMonth: input.cardCount * HOURS_PER_MONTH,
    costPerUsedCardHour: costPerUsedCardHour(exact.total, input.cardCount, input.utilization),
    breakEvenUtilization: breakEvenUtilization(input),
    series,
  };
}
