import type { Card } from '../../../src-main/domain/catalog';

/** The cards of one memory size, drawn as one horizontal line on the memory chart. */
export interface LimitLine {
  memoryGiB: number;
  /** Their names, in catalog order. */
  names: string[];
  /** The name of the card the estimate was asked about, when it has this size. */
  chosen?: string;
}

/** One line per memory size among `cards` (24 GiB: RTX 3090, RTX 4090…), smallest first. */
export function limitLines(cards: readonly Pick<Card, 'id' | 'name' | 'memoryGiB'>[], chosenId?: string): LimitLine[] {
  const bySize = new Map<number, LimitLine>();
  for (const card of cards) {
    const line = bySize.get(card.memoryGiB) ?? { memoryGiB: card.memoryGiB, names: [] };
    line.names.push(card.name);
    if (card.id === chosenId) line.chosen = card.name;
    bySize.set(card.memoryGiB, line);
  }
  return [...bySize.values()].sort((a, b) => a.memoryGiB - b.memoryGiB);
}

/**
 * Where the memory axis stops: a quarter above the peak as set, and at least up to the smallest
 * card that holds it (else the largest) and the card asked about, so the lines a renter weighs
 * are on the chart and a steep long-sequence curve does not squash the rest.
 */
export function memoryAxisTop(peakGiB: number, lines: readonly LimitLine[]): number {
  const holding = lines.find((l) => l.memoryGiB >= peakGiB) ?? lines[lines.length - 1];
  const chosen = lines.find((l) => l.chosen !== undefined);
  return Math.max(peakGiB * 1.25, (holding?.memoryGiB ?? 0) * 1.08, (chosen?.memoryGiB ?? 0) * 1.08);
}
