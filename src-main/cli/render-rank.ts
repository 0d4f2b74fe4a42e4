import { splitBy } from '../domain/cost/rank-answer';
import { english, msg } from '../domain/messages';
import type { ChannelOutput } from '../ipc/contract';
import { formatNumber } from './format';
import { renderTable } from './table';

export type RankOutput = ChannelOutput<'rank:compute'>;

/** "8", or "8 ZeRO-3" where the row splits the training state over its GPUs. */
function gpusCell(candidate: RankOutput['candidates'][number]): string {
  const sharding = splitBy(candidate);
  return sharding ? `${candidate.gpus} ${english(msg(`option.sharding.${sharding}`))}` : String(candidate.gpus);
}

/** The human report of a ranking: the answer, candidates best first, then what was excluded and why. */
export function renderRank(output: RankOutput): string {
  const lines: string[] = [];
  if (output.answer) lines.push(...output.answer.lines.map(english), '');
  const mixed = output.currency === 'mixed';
  const unit = mixed ? '' : ` ${output.currency}`;
  if (output.candidates.length === 0) {
    lines.push('No card and offer fits this job.');
  } else {
    lines.push(
      renderTable(
        [
          { header: '#', align: 'right' },
          { header: 'Card' },
          { header: 'GPUs', align: 'right' },
          { header: 'Provider' },
          { header: 'Billing' },
          { header: 'Tokens/s', align: 'right' },
          { header: `Cost/1M tokens${unit}`, align: 'right' },
          { header: 'Hours', align: 'right' },
          { header: `Job cost${unit}`, align: 'right' },
          { header: 'Reason' },
        ],
        output.candidates.map((candidate, index) => {
          const money = (amount: number): string =>
            `${formatNumber(amount, 2)}${mixed ? ` ${candidate.currency}` : ''}`;
          return [
            `${index + 1}${candidate.pareto ? '*' : ''}`,
            candidate.card,
            gpusCell(candidate),
            candidate.provider,
            candidate.billing,
            formatNumber(candidate.tokensPerSecond),
            money(candidate.costPer1MTokens),
            candidate.hours === null ? '-' : formatNumber(candidate.hours, 1),
            candidate.jobCost === null ? '-' : money(candidate.jobCost),
            english(candidate.reason),
          ];
        }),
      ),
    );
    if (output.candidates.some((candidate) => candidate.pareto)) lines.push('* on the cost/time Pareto front');
  }
  if (output.excluded.length > 0) {
    lines.push('', 'Excluded');
    for (const excluded of output.excluded) {
      lines.push(`  - ${excluded.card} x${excluded.gpus}: ${english(excluded.reason)}`);
    }
  }
  if (output.assumptions.length > 0) {
    lines.push('', 'Assumptions');
    for (const assumption of output.assumptions) lines.push(`  - ${english(assumption)}`);
  }
  return lines.join('\n');
}
