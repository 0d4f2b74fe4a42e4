import type { ChannelOutput } from '../../../src-main/ipc/contract';

export type PlanOutput = ChannelOutput<'plan:compute'>;
export type PlanOptionRow = PlanOutput['options'][number];
export type PlanLineItem = PlanOptionRow['lines'][number]['item'];

/** Bill items in the order they are stacked and listed. */
export const BILL_ITEMS: readonly PlanLineItem[] = [
  'compute',
  'package',
  'granularity',
  'spot-overhead',
  'setup',
  'idle',
  'storage',
  'egress',
  'snapshot',
];

/** A stable id for an option (one billing of one provider). */
export const optionId = (option: Pick<PlanOptionRow, 'provider' | 'billing' | 'offerId'>): string =>
  `${option.provider}|${option.billing}|${option.offerId ?? 'user'}`;

/** The id of the cheapest option; ties go to the first listed. Undefined when there are none. */
export function cheapestOption(options: readonly PlanOptionRow[]): string | undefined {
  let best: PlanOptionRow | undefined;
  for (const option of options) if (!best || option.total < best.total) best = option;
  return best ? optionId(best) : undefined;
}

/**
 * The lines worth showing: a zero line is noise unless it says why it is zero (setup and
 * idle inside a package's paid period), so zero storage, egress and snapshot lines are dropped.
 */
export function visibleLines(option: PlanOptionRow): PlanOptionRow['lines'] {
  return option.lines.filter((line) => line.amount > 0 || line.item === 'setup' || line.item === 'idle');
}

/** Each option's amounts per item, in BILL_ITEMS order, for the stacked bars. */
export function billStacks(
  options: readonly PlanOptionRow[],
): { id: string; parts: { item: PlanLineItem; amount: number }[] }[] {
  return options.map((option) => ({
    id: optionId(option),
    parts: BILL_ITEMS.map((item) => ({
      item,
      amount: option.lines.filter((line) => line.item === item).reduce((sum, line) => sum + line.amount, 0),
    })).filter((part) => part.amount > 0),
  }));
}
