import { describe, expect, it } from 'vitest';
import { cardIdFromGpuName } from './gpu-names';
import { parseNvidiaSmiCsv } from './nvidia-smi-parse';

describe('parseNvidiaSmiCsv', () => {
  it('reads one row per GPU', () => {
    const text = '0, NVIDIA A100-SXM4-80GB, 61234, 81920, 97\n1, NVIDIA A100-SXM4-80GB, 4, 81920, 0\n';
    expect(parseNvidiaSmiCsv(text)).toEqual([
      { index: 0, name: 'NVIDIA A100-SXM4-80GB', memoryUsedMiB: 61234, memoryTotalMiB: 81920, utilizationPercent: 97 },
      { index: 1, name: 'NVIDIA A100-SXM4-80GB', memoryUsedMiB: 4, memoryTotalMiB: 81920, utilizationPercent: 0 },
    ]);
  });

  it('turns [N/A] and [Not Supported] into null', () => {
    const [gpu] = parseNvidiaSmiCsv('0, NVIDIA H20, [N/A], 97871, [Not Supported]\r\n');
    expect(gpu).toEqual({
      index: 0,
      name: 'NVIDIA H20',
      memoryUsedMiB: null,
      memoryTotalMiB: 97871,
      utilizationPercent: null,
    });
  });

  it('keeps a name holding a comma, tolerates units and skips non-GPU lines', () => {
    const text = [
      'WARNING: infoROM is corrupted at gpu 0000:01:00.0',
      '0, NVIDIA GeForce RTX 4090, rev A, 22000 MiB, 24564 MiB, 35 %',
      '',
      'No devices were found',
    ].join('\n');
    expect(parseNvidiaSmiCsv(text)).toEqual([
      {
        index: 0,
        name: 'NVIDIA GeForce RTX 4090, rev A',
        memoryUsedMiB: 22000,
        memoryTotalMiB: 24564,
        utilizationPercent: 35,
      },
    ]);
  });

  it('returns nothing for empty output', () => {
    expect(parseNvidiaSmiCsv('')).toEqual([]);
  });
});

describe('cardIdFromGpuName', () => {
  it.each([
    ['NVIDIA GeForce RTX 4090', 'rtx-4090'],
    ['NVIDIA A100-SXM4-80GB', 'a100-80gb'],
    ['NVIDIA A100 80GB PCIe', 'a100-80gb-pcie'],
    ['NVIDIA A800-SXM4-80GB', 'a800-80gb'],
    ['NVIDIA H20', 'h20-96gb'],
    ['NVIDIA GeForce RTX 3090', 'rtx-3090'],
    ['NVIDIA GeForce RTX 5090', 'rtx-5090'],
    ['NVIDIA A100-SXM4-40GB', 'a100-40gb'],
    ['NVIDIA A100-PCIE-40GB', 'a100-40gb'],
  ])('%s → %s', (name, id) => {
    expect(cardIdFromGpuName(name)).toBe(id);
  });

  it.each(['NVIDIA GeForce RTX 4090 D', 'NVIDIA GeForce RTX 3090 Ti', 'NVIDIA H100 80GB HBM3', 'Tesla T4', ''])(
    '%s → null',
    (name) => {
      expect(cardIdFromGpuName(name)).toBeNull();
    },
  );
});
