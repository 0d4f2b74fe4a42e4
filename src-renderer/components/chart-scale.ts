/** Plot area of the SVG charts, in viewBox units (the SVG scales to its container's width). */
export interface ChartFrame {
  width: number;
  height: number;
  left: number;
  right: number;
  top: number;
  bottom: number;
}

/** The frame every chart uses, so axes line up from chart to chart. */
export const DEFAULT_FRAME: ChartFrame = { width: 640, height: 300, left: 64, right: 20, top: 16, bottom: 44 };

/** What an axis draws: a map from a data value to a pixel coordinate, and the values to tick. */
export interface Axis {
  (value: number): number;
  ticks: readonly number[];
}

/** An axis made from data values, with the range it covers and whether it is logarithmic. */
export interface Scale extends Axis {
  ticks: number[];
  domain: [number, number];
  log: boolean;
}

/** 1, 2 or 5 times a power of ten, the step a reader can add in their head. */
export function niceStep(span: number, targetTicks: number): number {
  const raw = span / Math.max(1, targetTicks);
  if (!(raw > 0) || !Number.isFinite(raw)) return 1;
  const power = 10 ** Math.floor(Math.log10(raw));
  const fraction = raw / power;
  const nice = fraction <= 1 ? 1 : fraction <= 2 ? 2 : fraction <= 5 ? 5 : 10;
  return nice * power;
}

/** Ticks at a nice step covering [min, max]; the domain widens to the outer ticks. */
export function niceTicks(min: number, max: number, targetTicks = 5): number[] {
  if (min === max) {
    const pad = min === 0 ? 1 : Math.abs(min) * 0.1;
    return niceTicks(min - pad, max + pad, targetTicks);
  }
  const step = niceStep(max - min, targetTicks);
  const first = Math.floor(min / step) * step;
  const ticks: number[] = [];
  for (let value = first; value <= max + step * 0.5; value += step) {
    // Round away the floating-point dust of repeated addition (0.30000000000000004).
    ticks.push(Number(value.toPrecision(12)));
    if (ticks.length > 50) break;
  }
  if (ticks[ticks.length - 1]! < max) ticks.push(Number((first + ticks.length * step).toPrecision(12)));
  return ticks;
}

/** Ticks at 1, 2 and 5 times each power of ten inside [min, max], for a log axis. */
export function logTicks(min: number, max: number): number[] {
  const ticks: number[] = [];
  for (let power = Math.floor(Math.log10(min)); power <= Math.ceil(Math.log10(max)); power++) {
    for (const m of [1, 2, 5]) {
      const value = Number((m * 10 ** power).toPrecision(12));
      if (value >= min && value <= max) ticks.push(value);
    }
  }
  return ticks;
}

/**
 * A scale from the data values to [from, to]. Linear from a nice tick range (including zero
 * when `includeZero`); logarithmic when asked and the values are positive and span more than
 * `logRatio` times, so eight-GPU and one-GPU set-ups both stay readable.
 */
export function makeScale(
  values: readonly number[],
  from: number,
  to: number,
  { includeZero = false, logRatio }: { includeZero?: boolean; logRatio?: number } = {},
): Scale {
  const finite = values.filter((v) => Number.isFinite(v));
  let min = finite.length ? Math.min(...finite) : 0;
  let max = finite.length ? Math.max(...finite) : 1;
  const useLog = logRatio !== undefined && min > 0 && max / min > logRatio;
  if (useLog) {
    // Pad by a little under one 1-2-5 step so the extreme points sit inside the frame.
    const lo = min / 1.15;
    const hi = max * 1.15;
    const span = Math.log10(hi) - Math.log10(lo);
    const scale = ((value: number) => from + ((Math.log10(value) - Math.log10(lo)) / span) * (to - from)) as Scale;
    scale.ticks = logTicks(lo, hi);
    scale.domain = [lo, hi];
    scale.log = true;
    return scale;
  }
  if (includeZero) {
    min = Math.min(0, min);
    max = Math.max(0, max);
  }
  const ticks = niceTicks(min, max);
  const lo = ticks[0]!;
  const hi = ticks[ticks.length - 1]!;
  const scale = ((value: number) => from + ((value - lo) / (hi - lo || 1)) * (to - from)) as Scale;
  scale.ticks = ticks;
  scale.domain = [lo, hi];
  scale.log = false;
  return scale;
}

/** A tick label: 1200 -> "1.2k", 0.25 -> "0.25", 3 -> "3". */
export function formatTick(value: number): string {
  const abs = Math.abs(value);
  if (abs >= 1e6) return `${Number((value / 1e6).toPrecision(3))}M`;
  if (abs >= 1e4) return `${Number((value / 1e3).toPrecision(3))}k`;
  return String(Number(value.toPrecision(3)));
}

/** An SVG path through the points in order ("M x y L x y …"). */
export function linePath(points: readonly { x: number; y: number }[]): string {
  return points.map((p, i) => `${i === 0 ? 'M' : 'L'}${p.x.toFixed(1)} ${p.y.toFixed(1)}`).join(' ');
}

/**
 * Label positions at least `gap` apart, each as close to its wanted position as that allows and
 * in the same order, kept inside [min, max] when they fit there: the labels of horizontal lines
 * drawn close together (cards of 24 and 32 GiB) stay readable. Returns positions by input index.
 */
export function spreadLabels(wanted: readonly number[], gap: number, min: number, max: number): number[] {
  const order = wanted.map((value, index) => ({ value, index })).sort((a, b) => a.value - b.value);
  const placed = order.map((o) => Math.min(max, Math.max(min, o.value)));
  // Push down (larger values) past each neighbour, then back up from the end if that left the range.
  for (let i = 1; i < placed.length; i++) placed[i] = Math.max(placed[i]!, placed[i - 1]! + gap);
  if (placed.length > 0 && placed[placed.length - 1]! > max) {
    placed[placed.length - 1] = max;
    for (let i = placed.length - 2; i >= 0; i--) placed[i] = Math.min(placed[i]!, placed[i + 1]! - gap);
  }
  const out = new Array<number>(wanted.length);
  order.forEach((o, i) => (out[o.index] = placed[i]!));
  return out;
}
