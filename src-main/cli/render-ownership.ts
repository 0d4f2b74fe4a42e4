import type { ChannelOutput } from '../ipc/contract';
import { formatMoney, formatNumber } from './format';
import { renderTable } from './table';

type Ownership = ChannelOutput<'plan:ownership'>;

/** Utilizations shown in the cost table (the series has every 5%). */
const SHOWN = [0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 1];

/** Monthly bill, cost per used card-hour, break-even, and cost against utilization. */
export function renderOwnership(output: Ownership, utilization: number, rentalPrice?: number): string {
  const money = (amount: number): string => formatMoney(amount, output.currency);
  const { monthly } = output;
  const lines = [
    `Owning at ${formatNumber(utilization * 100)}% utilization, per month:`,
    renderTable(
      [{ header: 'Item' }, { header: `Amount ${output.currency}`, align: 'right' }],
      [
        ['depreciation', formatNumber(monthly.depreciation, 2)],
        ['power', formatNumber(monthly.power, 2)],
        ['hosting', formatNumber(monthly.hosting, 2)],
        ['other', formatNumber(monthly.other, 2)],
        ['total', formatNumber(monthly.total, 2)],
      ],
      '  ',
    ),
    '',
    `Card-hours per month at 100%: ${formatNumber(output.cardHoursPerMonth)}`,
    `Cost per used card-hour: ${money(output.costPerUsedCardHour)}`,
  ];
  if (rentalPrice !== undefined) {
    lines.push(
      output.breakEvenUtilization === null
        ? `Break-even against renting at ${money(rentalPrice)}/h: none (renting stays cheaper even at 100%)`
        : `Break-even against renting at ${money(rentalPrice)}/h: ${formatNumber(output.breakEvenUtilization * 100, 1)}% utilization`,
    );
  }
  const points = output.series.filter((point) => SHOWN.some((u) => Math.abs(u - point.utilization) < 1e-9));
  lines.push('');
  lines.push(
    renderTable(
      [
        { header: 'Utilization', align: 'right' },
        { header: `Cost per used card-hour ${output.currency}`, align: 'right' },
        ...(rentalPrice !== undefined ? [{ header: 'vs renting' }] : []),
      ],
      points.map((point) => [
        `${formatNumber(point.utilization * 100)}%`,
        formatNumber(point.costPerUsedCardHour, 2),
        ...(rentalPrice !== undefined
          ? [point.costPerUsedCardHour < rentalPrice ? 'owning cheaper' : 'renting cheaper']
          : []),
      ]),
    ),
  );
  return lines.join('\n');
}
