/** One GPU in one nvidia-smi reading. Null where the driver reports "[N/A]" or "[Not Supported]". */
export interface GpuReading {
  index: number;
  name: string;
  memoryUsedMiB: number | null;
  memoryTotalMiB: number | null;
  utilizationPercent: number | null;
}

/** The fields queried, in order; `--format=csv,noheader,nounits` gives one line per GPU. */
export const NVIDIA_SMI_QUERY = 'index,name,memory.used,memory.total,utilization.gpu';

function numberOrNull(field: string): number | null {
  const text = field.trim();
  if (text === '' || text.startsWith('[')) return null;
  const value = Number(text.replace(/\s*(MiB|%)$/i, ''));
  return Number.isFinite(value) ? value : null;
}

/**
 * Parses `nvidia-smi --query-gpu=index,name,memory.used,memory.total,utilization.gpu
 * --format=csv,noheader,nounits`. The first field is the index and the last three are numbers, so a
 * GPU name holding a comma survives. Lines that are not a GPU row (warnings, blanks) are skipped.
 */
export function parseNvidiaSmiCsv(text: string): GpuReading[] {
  const readings: GpuReading[] = [];
  for (const line of text.split(/\r?\n/)) {
    const fields = line.split(',');
    if (fields.length < 5) continue;
    const index = Number(fields[0]!.trim());
    if (!Number.isInteger(index) || fields[0]!.trim() === '') continue;
    const tail = fields.slice(-3);
    readings.push({
      index,
      name: fields.slice(1, -3).join(',').trim(),
      memoryUsedMiB: numberOrNull(tail[0]!),
      memoryTotalMiB: numberOrNull(tail[1]!),
      utilizationPercent: numberOrNull(tail[2]!),
    });
  }
  return readings;
}
