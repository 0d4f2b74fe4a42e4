import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DATA_DIR } from './data-files';
import { buildFromDataDir, readMeasurements, serialize } from './reference-runs/files';

const dataDir = DATA_DIR;
const built = buildFromDataDir(dataDir);
const records = new Map(readMeasurements(dataDir).map((r) => [r.id, r]));

describe('data/reference-runs.json is rebuilt from data/measurements/public.json', () => {
  it('the committed file is exactly what npm run data:reference-runs writes', () => {
    expect(readFileSync(join(dataDir, 'reference-runs.json'), 'utf8')).toBe(serialize(built.runs));
  });

  it('keeps every measured record of high or medium trust and says why each other record is left out', () => {
    const kept = new Set(built.runs.map((r) => r.id));
    for (const record of records.values()) {
      const left = built.leftOut.find((l) => l.id === record.id);
      expect(kept.has(record.id) !== (left !== undefined)).toBe(true);
      if (record.kind === 'measured' && record.trust !== 'low') expect(kept.has(record.id)).toBe(true);
    }
  });

  it('copies each published per-GPU peak (value × unit) and step rate (tokens/s) as stated, citation unchanged', () => {
    const factor: Record<string, number> = { bytes: 1, GB: 1e9, GiB: 2 ** 30, MB: 1e6, MiB: 2 ** 20 };
    for (const run of built.runs) {
      const record = records.get(run.id)!;
      expect(run.citation.url).toBe(record.source_url);
      const unit = record.memory_unit === null ? undefined : factor[record.memory_unit];
      if (run.measured.peakMemoryBytes !== null) {
        expect(unit).toBeDefined();
        expect(
          Math.abs(run.measured.peakMemoryBytes - (record.peak_memory_value as number) * (unit as number)),
        ).toBeLessThan(1);
      } else {
        const summed = /^(total|sum)/.test(record.memory_scope ?? '');
        expect(record.peak_memory_value === null || unit === undefined || summed, run.id).toBe(true);
      }
      const stepRate = record.throughput_unit === 'tokens/s' && record.observation !== 'serving_throughput';
      expect(run.measured.tokensPerSecond, run.id).toBe(stepRate ? record.throughput_value : null);
    }
  });
});
