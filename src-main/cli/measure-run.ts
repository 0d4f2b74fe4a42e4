import type { EstimateInput } from '../domain/estimate/input';
import type { MeasuredRunRecord } from '../measure/run-record';

/** What the user added to the measurement: the configuration, and the card when nvidia-smi cannot name it. */
export interface MeasureExtras {
  config?: EstimateInput;
  card?: string;
  provider?: string;
}

/**
 * The measurement as a contract run object (the input of runs:add, and a row `runs import` takes),
 * plus what is still missing before it can be logged. Fields without a value are left out; the GPU
 * count is the configuration's when it gives one (the job may use fewer GPUs than the box has).
 */
export function runFromRecord(
  record: MeasuredRunRecord,
  extras: MeasureExtras,
): { run: Record<string, unknown>; missing: string[] } {
  const card = extras.card ?? record.card;
  const notes = [
    record.notes,
    record.exitCode === 0 ? '' : `exit code ${record.exitCode}`,
    record.gpuName && record.card === null ? `GPU: ${record.gpuName}` : '',
  ].filter((note) => note !== '');
  const run: Record<string, unknown> = {
    ...(extras.config ? { config: extras.config } : {}),
    ...(card ? { card } : {}),
    gpus: extras.config?.gpus ?? record.gpus,
    ...(extras.provider ? { provider: extras.provider } : {}),
    // A meter only goes with a figure it read (the contract refuses a figure without one).
    ...(record.peakMemoryGiB === null ? {} : { peakMemoryGiB: record.peakMemoryGiB, memoryMeter: record.memoryMeter }),
    ...(record.tokensPerSecond === null ? {} : { tokensPerSecond: record.tokensPerSecond }),
    durationHours: record.durationHours,
    outcome: record.outcome,
    ...(notes.length > 0 ? { notes: notes.join('; ') } : {}),
    startedAt: record.startedAt,
  };
  const missing: string[] = [];
  if (!extras.config)
    missing.push('config (give --config-json FILE or the estimate flags, e.g. --model ID --method M)');
  if (!card) {
    missing.push(
      record.gpuName
        ? `card ("${record.gpuName}" is not in the catalog: give --card ID)`
        : 'card (nvidia-smi named no GPU: give --card ID)',
    );
  }
  return { run, missing };
}
