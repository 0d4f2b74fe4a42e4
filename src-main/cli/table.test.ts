import { describe, expect, it } from 'vitest';
import { displayWidth, renderTable } from './table';
import { formatGiB } from './format';

describe('renderTable', () => {
  it('aligns text left and numbers right under a rule', () => {
    const text = renderTable(
      [{ header: 'Card' }, { header: 'GiB', align: 'right' }],
      [
        ['rtx-4090', '24.0'],
        ['h20-96gb', '96.0'],
        ['a100-40gb', '9.5'],
      ],
    );
    expect(text.split('\n')).toEqual([
      'Card        GiB',
      '---------  ----',
      'rtx-4090   24.0',
      'h20-96gb   96.0',
      'a100-40gb   9.5',
    ]);
  });

  it('counts CJK characters as two cells', () => {
    expect(displayWidth('恒源云')).toBe(6);
    const lines = renderTable(
      [{ header: 'Provider' }, { header: 'Price' }],
      [
        ['恒源云', '1.98'],
        ['AutoDL', '1.88'],
      ],
    ).split('\n');
    expect(displayWidth(lines[2]!.slice(0, lines[2]!.indexOf('1.98')))).toBe(
      displayWidth(lines[3]!.slice(0, lines[3]!.indexOf('1.88'))),
    );
  });
});

describe('formatGiB', () => {
  it('prints GiB (2^30 bytes) with one decimal', () => {
    expect(formatGiB(24 * 2 ** 30)).toBe('24.0');
    expect(formatGiB(1.25 * 2 ** 30)).toBe('1.3');
    expect(formatGiB(-0.5 * 2 ** 30)).toBe('-0.5');
  });
});
