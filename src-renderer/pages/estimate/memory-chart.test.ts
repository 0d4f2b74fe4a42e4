import { describe, expect, it } from 'vitest';
import { limitLines, memoryAxisTop } from './memory-chart';

const cards = [
  { id: 'rtx-4090', name: 'RTX 4090', memoryGiB: 24 },
  { id: 'a100-80gb', name: 'A100 80GB', memoryGiB: 80 },
  { id: 'rtx-3090', name: 'RTX 3090', memoryGiB: 24 },
  { id: 'rtx-5090', name: 'RTX 5090', memoryGiB: 32 },
];

describe('limitLines', () => {
  it('draws one line per memory size, smallest first, naming its cards and the chosen one', () => {
    expect(limitLines(cards, 'rtx-3090')).toEqual([
      { memoryGiB: 24, names: ['RTX 4090', 'RTX 3090'], chosen: 'RTX 3090' },
      { memoryGiB: 32, names: ['RTX 5090'] },
      { memoryGiB: 80, names: ['A100 80GB'] },
    ]);
  });
});

describe('memoryAxisTop', () => {
  const lines = limitLines(cards);
  it('reaches the smallest card that holds the peak', () => {
    expect(memoryAxisTop(27, lines)).toBeCloseTo(32 * 1.08);
    expect(memoryAxisTop(10, lines)).toBeCloseTo(24 * 1.08);
  });
  it('reaches the chosen card and a quarter above a peak no card holds', () => {
    expect(memoryAxisTop(10, limitLines(cards, 'a100-80gb'))).toBeCloseTo(80 * 1.08);
    expect(memoryAxisTop(200, lines)).toBe(250);
  });
});
