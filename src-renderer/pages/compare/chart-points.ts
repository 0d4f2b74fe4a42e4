import type { ChannelOutput } from '../../../src-main/ipc/contract';
import type { Message } from '../../../src-main/domain/messages';

export type Candidate = ChannelOutput<'rank:compute'>['candidates'][number];

/** One candidate on the cost-vs-time chart. */
export interface ChartPoint {
  id: string;
  /** Job hours, or hours per 1M tokens when no job size was given. */
  x: number;
  /** Job cost, or cost per 1M tokens when no job size was given. */
  y: number;
  pareto: boolean;
  label: string;
  /** What tells two points of one card and count apart: the offer's provider and billing. */
  provider: string;
  billing: Candidate['billing'];
}

/** A stable id for a candidate row (one offer at one GPU count). */
export const candidateId = (c: Pick<Candidate, 'offerId' | 'gpus'>): string => `${c.offerId}:${c.gpus}`;

/**
 * The chart's points, on the same axes the ranking's Pareto front was computed on
 * (src-main/domain/cost/rank.ts): job cost vs job hours when every candidate has a job,
 * else cost per 1M tokens vs hours per 1M tokens.
 */
export function chartPoints(candidates: readonly Candidate[]): { points: ChartPoint[]; perJob: boolean } {
  const perJob = candidates.length > 0 && candidates.every((c) => c.hours !== null && c.jobCost !== null);
  const points = candidates.map((c) => ({
    id: candidateId(c),
    x: perJob ? c.hours! : 1e6 / c.tokensPerSecond / 3600,
    y: perJob ? c.jobCost! : c.costPer1MTokens,
    pareto: c.pareto,
    label: `${c.cardName} ×${c.gpus}`,
    provider: c.provider,
    billing: c.billing,
  }));
  return { points, perJob };
}

/**
 * The Pareto front as a line: its points from fastest to slowest. Along a front, a longer
 * time always comes with a lower cost, so sorting by time also orders the cost; equal
 * times fall back to cost so the line never doubles back.
 */
export function paretoLine(points: readonly ChartPoint[]): ChartPoint[] {
  return points.filter((p) => p.pareto).sort((a, b) => a.x - b.x || a.y - b.y);
}

/** A label's anchor in SVG units: the point it names, and where its text starts. */
export interface PlacedLabel {
  x: number;
  y: number;
  text: string;
}

/** Approximate width of chart label text (11 px sans-serif; CJK glyphs are about twice as wide). */
function labelWidth(text: string): number {
  let width = 0;
  for (const ch of text) width += /[\u2e80-\u9fff\uff00-\uffef]/.test(ch) ? 11 : 6.2;
  return width;
}

/**
 * Places each label just above-right of its point, moving it up one line at a time until it
 * overlaps no label placed before it, so neighbouring points on the front stay readable.
 */
export function placeLabels(points: readonly PlacedLabel[], lineHeight = 12): PlacedLabel[] {
  const placed: { x: number; y: number; width: number; text: string }[] = [];
  for (const point of points) {
    const width = labelWidth(point.text);
    const x = point.x + 8;
    let y = point.y - 8;
    const overlaps = () => placed.some((o) => x < o.x + o.width && o.x < x + width && Math.abs(o.y - y) < lineHeight);
    for (let tries = 0; overlaps() && tries < 20; tries++) y -= lineHeight;
    placed.push({ x, y, width, text: point.text });
  }
  return placed.map(({ x, y, text }) => ({ x, y, text }));
}

export type Excluded = ChannelOutput<'rank:compute'>['excluded'][number];

/** Left-out set-ups with the same card and reason on one line: "RTX 4090 ×1, ×2, ×4 — does not fit …". */
export function groupExcluded(excluded: readonly Excluded[]): { card: string; gpus: number[]; reason: Message }[] {
  const groups = new Map<string, { card: string; gpus: number[]; reason: Message }>();
  for (const item of excluded) {
    const key = `${item.card}\u0000${JSON.stringify(item.reason)}`;
    const group = groups.get(key) ?? { card: item.card, gpus: [], reason: item.reason };
    group.gpus.push(item.gpus);
    groups.set(key, group);
  }
  return [...groups.values()];
}
