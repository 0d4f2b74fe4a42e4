import { cardIdFromGpuName } from './gpu-names';
import type { GpuReading } from './nvidia-smi-parse';

/** What `cardwise measure` writes and the desktop app imports later as a run. */
export interface MeasuredRunRecord {
  /** Catalog card id, or null when the GPU is not in the catalog (then see gpuName). */
  card: string | null;
  /** The GPU name as nvidia-smi printed it, or null without nvidia-smi. */
  gpuName: string | null;
  /** GPUs sampled: the one `gpuIndex`, or every GPU nvidia-smi listed. */
  gpus: number;
  /** Highest memory.used of any sampled GPU over the run, in GiB (nvidia-smi reports MiB). */
  peakMemoryGiB: number | null;
  memoryMeter: 'nvidia-smi';
  durationHours: number;
  startedAt: string;
  outcome: 'ok' | 'oom' | 'crashed';
  exitCode: number;
  /** Median of the values the user's pattern matched, or null. */
  tokensPerSecond: number | null;
  notes: string;
}

export interface RecordInputs {
  samples: GpuReading[][];
  /** Memory in use before the command started (another process, a notebook kernel). */
  baseline: GpuReading[] | null;
  gpuIndex?: number;
  startedAt: Date;
  endedAt: Date;
  exitCode: number;
  sawOom: boolean;
  tokensPerSecondValues: number[];
  /** Why there are no samples, when there are none ("nvidia-smi not found on PATH"). */
  samplingProblem: string | null;
  extraNotes?: string[];
}

const MIB_PER_GIB = 1024;

function median(values: number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** OOM wins over the exit code: a training script may catch the error and exit 0. */
export function classifyOutcome(exitCode: number, sawOom: boolean): MeasuredRunRecord['outcome'] {
  if (sawOom) return 'oom';
  return exitCode === 0 ? 'ok' : 'crashed';
}

/** Builds the run record from the nvidia-smi samples and what the output showed. Pure. */
export function buildRunRecord(inputs: RecordInputs): MeasuredRunRecord {
  const notes: string[] = [...(inputs.extraNotes ?? [])];
  const sampled = inputs.samples.flat();
  const used = sampled.map((g) => g.memoryUsedMiB).filter((m): m is number => m !== null);
  const names = [...new Set(sampled.map((g) => g.name).filter((n) => n !== ''))];
  const indices = new Set(sampled.map((g) => g.index));
  if (names.length > 1) notes.push(`mixed GPUs: ${names.join(', ')}`);
  if (inputs.samplingProblem) notes.push(`no memory samples: ${inputs.samplingProblem}`);
  else if (sampled.length > 0 && used.length === 0) notes.push('nvidia-smi reported memory.used as N/A');
  const busy = (inputs.baseline ?? []).filter((g) => (g.memoryUsedMiB ?? 0) >= 512);
  if (busy.length > 0) {
    const list = busy.map((g) => `GPU ${g.index} ${((g.memoryUsedMiB ?? 0) / MIB_PER_GIB).toFixed(1)} GiB`).join(', ');
    notes.push(`memory already in use before the command started (included in the peak): ${list}`);
  }
  const gpuName = names[0] ?? null;
  return {
    card: gpuName === null ? null : cardIdFromGpuName(gpuName),
    gpuName,
    gpus: inputs.gpuIndex !== undefined ? 1 : Math.max(1, indices.size),
    peakMemoryGiB: used.length > 0 ? Math.max(...used) / MIB_PER_GIB : null,
    memoryMeter: 'nvidia-smi',
    durationHours: Math.max(0, inputs.endedAt.getTime() - inputs.startedAt.getTime()) / 3_600_000,
    startedAt: inputs.startedAt.toISOString(),
    outcome: classifyOutcome(inputs.exitCode, inputs.sawOom),
    exitCode: inputs.exitCode,
    tokensPerSecond: median(inputs.tokensPerSecondValues),
    notes: notes.join('; '),
  };
}
