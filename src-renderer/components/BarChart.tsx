import { ChartAxes } from './ChartAxes';
import { DEFAULT_FRAME, makeScale, type Axis } from './chart-scale';
import './charts.css';

/** One bar: its category label under the axis and its value. */
export interface Bar {
  key: string;
  label: string;
  value: number;
}

interface BarChartProps {
  /** Accessible name of the chart. */
  title: string;
  bars: readonly Bar[];
  yLabel: string;
  xLabel: string;
  formatY?: (value: number) => string;
  /** Text of one bar for its tooltip and the accessible description. */
  describe?: (bar: Bar) => string;
}

/** Vertical bars on a y axis from zero, one per category, in the order given. */
export function BarChart({ title, bars, yLabel, xLabel, formatY, describe }: BarChartProps) {
  const frame = { ...DEFAULT_FRAME, height: 220 };
  const y = makeScale(
    bars.map((b) => b.value),
    frame.height - frame.bottom,
    frame.top,
    { includeZero: true },
  );
  const left = frame.left;
  const width = frame.width - frame.right - left;
  const slot = width / Math.max(1, bars.length);
  // Categories need no x ticks: the bars carry their own labels.
  const x: Axis = Object.assign((value: number) => left + value * slot, { ticks: [] });
  const label = (bar: Bar) => describe?.(bar) ?? `${bar.label}: ${bar.value}`;
  const every = Math.ceil(bars.length / 12);
  return (
    <figure className="chart bar-chart">
      <svg
        viewBox={`0 0 ${frame.width} ${frame.height}`}
        role="img"
        aria-label={`${title}: ${bars.map(label).join(', ')}`}
      >
        <title>{title}</title>
        <ChartAxes x={x} y={y} xLabel={xLabel} yLabel={yLabel} frame={frame} formatY={formatY} />
        {bars.map((bar, i) => {
          const top = y(Math.max(0, bar.value));
          const barWidth = Math.min(48, slot * 0.7);
          const cx = left + slot * (i + 0.5);
          return (
            <g key={bar.key}>
              <rect
                className="series-0"
                x={cx - barWidth / 2}
                y={top}
                width={barWidth}
                height={Math.max(0, frame.height - frame.bottom - top)}
                rx={2}
              >
                <title>{label(bar)}</title>
              </rect>
              {i % every === 0 ? (
                <text className="chart-tick" x={cx} y={frame.height - frame.bottom + 14} textAnchor="middle">
                  {bar.label}
                </text>
              ) : null}
            </g>
          );
        })}
      </svg>
    </figure>
  );
}
