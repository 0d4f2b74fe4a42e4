import { ChartAxes } from './ChartAxes';
import { DEFAULT_FRAME, linePath, makeScale } from './chart-scale';
import './charts.css';

/** One line: its points in data units, drawn in the order given. */
export interface LineSeries {
  key: string;
  label: string;
  points: readonly { x: number; y: number }[];
}

/** A labelled point on the chart (e.g. where two billing modes cross). */
export interface ChartMarker {
  x: number;
  y: number;
  label: string;
}

interface LineChartProps {
  /** Accessible name of the chart. */
  title: string;
  series: readonly LineSeries[];
  xLabel: string;
  yLabel: string;
  markers?: readonly ChartMarker[];
  /** A horizontal line across the chart, e.g. a rental price to compare with. */
  reference?: { y: number; label: string };
  /** A vertical line, e.g. the job length being planned. */
  guide?: { x: number; label: string };
  formatX?: (value: number) => string;
  formatY?: (value: number) => string;
  /** Text for each series in the legend beside its name (e.g. its total at the job length). */
  legendValue?: (series: LineSeries) => string | undefined;
  /** Log axes where the values span more than this ratio (chart-scale.ts makeScale); linear by default. */
  logRatio?: { x?: number; y?: number };
}

/** Lines on shared axes (y from zero), with an optional reference line, guide and labelled markers. */
export function LineChart({
  title,
  series,
  xLabel,
  yLabel,
  markers = [],
  reference,
  guide,
  formatX,
  formatY,
  legendValue,
  logRatio,
}: LineChartProps) {
  const frame = DEFAULT_FRAME;
  const xs = series.flatMap((s) => s.points.map((p) => p.x));
  const ys = [...series.flatMap((s) => s.points.map((p) => p.y)), ...(reference ? [reference.y] : [])];
  const x = makeScale(xs, frame.left, frame.width - frame.right, { logRatio: logRatio?.x });
  const y = makeScale(ys, frame.height - frame.bottom, frame.top, { includeZero: true, logRatio: logRatio?.y });
  const inside = (value: number, [lo, hi]: [number, number]) => value >= lo && value <= hi;
  return (
    <figure className="chart">
      <svg viewBox={`0 0 ${frame.width} ${frame.height}`} role="img" aria-label={title}>
        <title>{title}</title>
        <ChartAxes x={x} y={y} xLabel={xLabel} yLabel={yLabel} formatX={formatX} formatY={formatY} />
        {guide && inside(guide.x, x.domain) ? (
          <g className="chart-guide">
            <line x1={x(guide.x)} x2={x(guide.x)} y1={frame.top} y2={frame.height - frame.bottom} />
            <text x={x(guide.x) + 4} y={frame.top + 10}>
              {guide.label}
            </text>
          </g>
        ) : null}
        {reference ? (
          <g className="chart-reference">
            <line x1={frame.left} x2={frame.width - frame.right} y1={y(reference.y)} y2={y(reference.y)} />
            <text x={frame.width - frame.right - 4} y={y(reference.y) - 5} textAnchor="end">
              {reference.label}
            </text>
          </g>
        ) : null}
        {series.map((s, i) => (
          <path
            key={s.key}
            className={`chart-line series-${i % 8}`}
            d={linePath(s.points.map((p) => ({ x: x(p.x), y: y(p.y) })))}
          />
        ))}
        {markers
          .filter((m) => inside(m.x, x.domain))
          .map((m, i) => (
            <g key={`${m.label}${i}`} className="chart-marker">
              <circle cx={x(m.x)} cy={y(m.y)} r={4.5} />
              <text x={x(m.x)} y={y(m.y) - 9 - (i % 2) * 12} textAnchor="middle">
                {m.label}
              </text>
            </g>
          ))}
      </svg>
      <figcaption>
        <ul className="chart-legend">
          {series.map((s, i) => (
            <li key={s.key}>
              <span className={`chart-swatch series-${i % 8}`} aria-hidden="true" />
              <span>{s.label}</span>
              {legendValue?.(s) ? <span className="chart-legend-value">{legendValue(s)}</span> : null}
            </li>
          ))}
          {reference ? (
            <li>
              <span className="chart-swatch chart-swatch-reference" aria-hidden="true" />
              <span>{reference.label}</span>
            </li>
          ) : null}
        </ul>
      </figcaption>
    </figure>
  );
}
