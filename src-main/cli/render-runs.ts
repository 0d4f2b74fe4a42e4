import { bytesOnMeter } from '../domain/estimate/meter';
import type { ChannelOutput } from '../ipc/contract';
import { formatGiB, formatMoney, formatNumber } from './format';
import { renderTable } from './table';

type ListedRun = ChannelOutput<'runs:list'>['runs'][number];

/** Short names for the meters, so the peak column stays narrow. */
const METER_LABEL: Record<string, string> = {
  'nvidia-smi': 'smi',
  'torch-reserved': 'reserved',
  'torch-allocated': 'allocated',
};

/** The run log as a table: what was measured next to what the estimator predicts for it. */
export function renderRuns(runs: readonly ListedRun[]): string {
  return renderTable(
    [
      { header: 'ID', align: 'right' },
      { header: 'Date' },
      { header: 'Card' },
      { header: 'GPUs', align: 'right' },
      { header: 'Model' },
      { header: 'Method' },
      { header: 'Peak GiB (meter)', align: 'right' },
      { header: 'Predicted GiB', align: 'right' },
      { header: 'Tokens/s', align: 'right' },
      { header: 'Hours', align: 'right' },
      { header: 'Cost', align: 'right' },
      { header: 'Outcome' },
      { header: 'Origin' },
    ],
    runs.map((run) => [
      String(run.id),
      (run.startedAt ?? run.createdAt).slice(0, 10),
      run.card,
      String(run.gpus),
      run.modelLabel,
      run.config.method,
      run.peakMemoryGiB === null
        ? '-'
        : `${formatNumber(run.peakMemoryGiB, 1)} (${METER_LABEL[run.memoryMeter ?? ''] ?? '?'})`,
      predictedGiB(run),
      run.tokensPerSecond === undefined ? '-' : formatNumber(run.tokensPerSecond),
      run.durationHours === undefined ? '-' : formatNumber(run.durationHours, 2),
      run.cost === undefined ? '-' : formatMoney(run.cost, run.currency ?? ''),
      run.outcome,
      run.origin,
    ]),
  );
}

/** The prediction on the meter the run used (bytesOnMeter: allocated, reserved or nvidia-smi). */
function predictedGiB(run: ListedRun): string {
  if (!run.predicted) return '-';
  return formatGiB(bytesOnMeter(run.memoryMeter ?? 'nvidia-smi', run.predicted));
}
