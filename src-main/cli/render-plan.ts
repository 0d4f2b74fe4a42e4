import { english } from '../domain/messages';
import type { ChannelOutput } from '../ipc/contract';
import { formatMoney, formatNumber } from './format';
import { renderTable } from './table';

type PlanOutput = ChannelOutput<'plan:compute'>;
type Option = PlanOutput['options'][number];

/**
 * Cheapest first within each currency (a bill never mixes two price books, so two currencies are
 * listed one after the other, not converted).
 */
export function sortOptions(options: readonly Option[]): Option[] {
  return [...options].sort((a, b) => a.currency.localeCompare(b.currency) || a.total - b.total);
}

/** One block per way to pay (provider, billing, total, bill lines), then the spot summary per provider. */
export function renderPlan(output: PlanOutput): string {
  const lines: string[] = [
    `${output.card} x${output.gpus}, ${formatNumber(output.computeHours, 1)} h of compute: ${output.options.length} way${output.options.length === 1 ? '' : 's'} to pay, cheapest first`,
  ];
  sortOptions(output.options).forEach((option, index) => {
    lines.push('');
    lines.push(
      `${index + 1}. ${english(option.label)} [${option.billing}]: ` +
        `${formatMoney(option.total, option.currency)}, ~${formatNumber(option.hours, 1)} h` +
        (option.userSupplied ? ' [your price]' : ''),
    );
    lines.push(
      renderTable(
        [{ header: 'Item' }, { header: `Amount ${option.currency}`, align: 'right' }, { header: 'How' }],
        option.lines.map((line) => [line.item, formatNumber(line.amount, 2), english(line.detail)]),
        '   ',
      ),
    );
    for (const note of option.notes) lines.push(`   - ${english(note)}`);
  });
  for (const plan of output.plans) {
    if (!plan.options.some((option) => option.billing === 'spot' || option.billing === 'mixed')) continue;
    const { spot } = plan;
    lines.push('');
    lines.push(
      `Spot at ${plan.provider}: checkpoint every ${formatNumber(spot.checkpointIntervalMinutes)} min` +
        `${spot.checkpointIntervalRecommended ? ' (recommended)' : ' (your interval)'}, ` +
        `P(≥1 interruption) ${formatNumber(spot.pAtLeastOne * 100)}%, ` +
        `expected extra ${formatNumber(spot.expectedExtraHours, 2)} h ` +
        `(${formatNumber(spot.expectedInterruptions, 2)} interruptions expected at ${spot.interruptionsPerHour}/h)`,
    );
    lines.push(`   - interruption rate: ${english(spot.interruptionRateSource)}`);
  }
  return lines.join('\n');
}
