import { describe, expect, it } from 'vitest';
import { CsvReader } from '../runs/rfc4180';
import type { Candidate } from './rank';
import { encodeRankCsv } from './rank-csv';
import { testCandidate } from './candidate.testkit';

const candidate = (fields: Partial<Candidate>): Candidate =>
  testCandidate({
    offerId: 'a',
    provider: '算家云',
    pricePerGpuHour: 1.98,
    memoryBytesPerGpu: 12 * 1024 ** 3,
    tokensPerSecond: 2500,
    costPer1MTokens: 0.22,
    hours: 5.4,
    jobCost: 6.73,
    pareto: true,
    ...fields,
  });

/** The records of a CSV text (the reader drops the byte-order mark). */
function records(text: string): string[][] {
  const reader = new CsvReader();
  return [...reader.push(text), ...reader.end()].map((record) => record.fields);
}

describe('the ranking as CSV', () => {
  it('writes one row per candidate in ranking order, numbers unrounded, empty where none applies', () => {
    const text = encodeRankCsv([
      candidate({ jobCostLikely: { low: 5.8, high: 8.9 } }),
      candidate({ gpus: 2, sharding: 'zero3', shardedToFit: true, provider: 'B, Inc.', hours: null, jobCost: null }),
    ]);
    expect(text.startsWith('\uFEFFrank,card,cardName,gpus,provider,billing,currency,')).toBe(true);
    expect(text.endsWith('\r\n')).toBe(true);
    const [header, first, second] = records(text);
    expect(header).toHaveLength(18);
    expect(header!.at(-1)).toBe('sharding');
    expect(first).toEqual([
      '1',
      'rtx-4090',
      'RTX 4090',
      '1',
      '算家云',
      'hourly',
      'CNY',
      '1.98',
      '12',
      '2500',
      '0.22',
      '',
      '5.4',
      '6.73',
      '5.8',
      '8.9',
      'true',
      'none',
    ]);
    expect(second!.slice(0, 5)).toEqual(['2', 'rtx-4090', 'RTX 4090', '2', 'B, Inc.']);
    expect(second!.slice(12, 16)).toEqual(['', '', '', '']);
    expect(second!.at(-1)).toBe('zero3');
  });

  it('neutralizes a provider name a spreadsheet would run as a formula (OWASP CSV injection)', () => {
    const [, row] = records(encodeRankCsv([candidate({ provider: '=HYPERLINK("http://x","y")' })]));
    expect(row![4]).toBe(`'=HYPERLINK("http://x","y")`);
  });
});
