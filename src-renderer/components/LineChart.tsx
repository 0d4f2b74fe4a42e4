import { useId, useState, type KeyboardEvent } from 'react';
import { ChartAxes } from './ChartAxes';
import { DEFAULT_FRAME, linePath, makeScale, spreadLabels } from './chart-scale';
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

/** A horizontal line across the chart (a rental price, a card's memory), labelled at its right end. */
export interface ChartReference {
  y: number;
  label: string;
  /** More words for the legend than fit on the line ("RTX 3090, RTX 4090"). */
  detail?: string;
  /** Drawn stronger: the one the reader asked about. */
  emphasis?: boolean;
}

interface LineChartProps {
  /** Accessible name of the chart. */
  title: string;
  series: readonly LineSeries[];
  xLabel: string;
  yLabel: string;
  markers?: readonly ChartMarker[];
  /** A horizontal line across the chart, e.g. a rental price to compare with. */
  reference?: ChartReference;
  /** More horizontal lines; their labels are spread so that they never overlap. */
  references?: readonly ChartReference[];
  /** Short reference labels ("24 GiB") go in a margin right of the plot, where no line runs under them. */
  referenceLabelsOutside?: boolean;
  /** A vertical line, e.g. the job length being planned. */
  guide?: { x: number; label: string };
  formatX?: (value: number) => string;
  formatY?: (value: number) => string;
  /** Text for each series in the legend beside its name (e.g. its total at the job length). */
  legendValue?: (series: LineSeries) => string | undefined;
  /** Where the x axis is ticked (e.g. sequence lengths that double), instead of the scale's own ticks. */
  xTicks?: readonly number[];
  /** The y axis stops here (lines above it are cut at the frame), so a steep series does not flatten the rest. */
  yMax?: number;
  /**
   * Makes the points reachable by keyboard (one tab stop; arrow keys move along a line and
   * between lines), each named by this text, which also shows beside the point in focus.
   */
  pointName?: (series: LineSeries, point: { x: number; y: number }) => string;
  /**
   * Log axes where the values span more than this ratio (chart-scale.ts makeScale; 1 = always
   * log); linear by default.
   */
  logRatio?: { x?: number; y?: number };
}

/** The right margin that holds reference labels drawn outside the plot ("141 GiB" at 11 px). */
const OUTSIDE_LABELS_PX = 64;

/** Lines on shared axes (y from zero), with optional reference lines, a guide and labelled markers. */
export function LineChart({
  title,
  series,
  xLabel,
  yLabel,
  markers = [],
  reference,
  references = [],
  guide,
  formatX,
  formatY,
  legendValue,
  xTicks,
  yMax,
  pointName,
  logRatio,
  referenceLabelsOutside = false,
}: LineChartProps) {
  const frame = referenceLabelsOutside ? { ...DEFAULT_FRAME, right: OUTSIDE_LABELS_PX } : DEFAULT_FRAME;
  const clipId = useId();
  const lines = [...(reference ? [reference] : []), ...references];
  const xs = series.flatMap((s) => s.points.map((p) => p.x));
  const ys =
    yMax !== undefined ? [0, yMax] : [...series.flatMap((s) => s.points.map((p) => p.y)), ...lines.map((l) => l.y)];
  const x = makeScale(xs, frame.left, frame.width - frame.right, { logRatio: logRatio?.x });
  if (xTicks) x.ticks = xTicks.filter((tick) => tick >= x.domain[0] && tick <= x.domain[1]);
  const y = makeScale(ys, frame.height - frame.bottom, frame.top, { includeZero: true, logRatio: logRatio?.y });
  const inside = (value: number, [lo, hi]: [number, number]) => value >= lo && value <= hi;
  const shownLines = lines.filter((l) => inside(l.y, y.domain));
  const lineLabelY = spreadLabels(
    shownLines.map((l) => y(l.y) + (referenceLabelsOutside ? 4 : -5)),
    12,
    frame.top + 10,
    frame.height - frame.bottom - 3,
  );
  const right = frame.width - frame.right;
  return (
    <figure className="chart">
      <svg viewBox={`0 0 ${frame.width} ${frame.height}`} role={pointName ? 'group' : 'img'} aria-label={title}>
        <title>{title}</title>
        <defs>
          <clipPath id={clipId}>
            <rect
              x={frame.left}
              y={frame.top}
              width={right - frame.left}
              height={frame.height - frame.bottom - frame.top}
            />
          </clipPath>
        </defs>
        <ChartAxes x={x} y={y} xLabel={xLabel} yLabel={yLabel} frame={frame} formatX={formatX} formatY={formatY} />
        {guide && inside(guide.x, x.domain) ? (
          <g className="chart-guide">
            <line x1={x(guide.x)} x2={x(guide.x)} y1={frame.top} y2={frame.height - frame.bottom} />
            <text x={x(guide.x) + 4} y={frame.top + 10}>
              {guide.label}
            </text>
          </g>
        ) : null}
        {shownLines.map((line, i) => (
          <g
            key={`${line.label}${i}`}
            className={line.emphasis ? 'chart-reference chart-reference-emphasis' : 'chart-reference'}
            data-value={line.y}
          >
            <line x1={frame.left} x2={right} y1={y(line.y)} y2={y(line.y)} />
            <text
              x={referenceLabelsOutside ? right + 6 : right - 4}
              y={lineLabelY[i]}
              textAnchor={referenceLabelsOutside ? 'start' : 'end'}
            >
              {line.label}
            </text>
          </g>
        ))}
        <g clipPath={`url(#${clipId})`}>
          {series.map((s, i) => (
            <path
              key={s.key}
              className={`chart-line series-${i % 8}`}
              d={linePath(s.points.map((p) => ({ x: x(p.x), y: y(p.y) })))}
            />
          ))}
        </g>
        {markers
          .filter((m) => inside(m.x, x.domain) && inside(m.y, y.domain))
          .map((m, i) => (
            <g key={`${m.label}${i}`} className="chart-marker">
              <circle cx={x(m.x)} cy={y(m.y)} r={4.5} />
              <text x={x(m.x)} y={y(m.y) - 9 - (i % 2) * 12} textAnchor="middle">
                {m.label}
              </text>
            </g>
          ))}
        {pointName ? <ChartPoints series={series} x={x} y={y} yTop={y.domain[1]} name={pointName} /> : null}
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
          {shownLines.map((line, i) => (
            <li key={`ref${line.label}${i}`}>
              <span className="chart-swatch chart-swatch-reference" aria-hidden="true" />
              <span>{line.label}</span>
              {line.detail ? <span className="chart-legend-value">{line.detail}</span> : null}
            </li>
          ))}
        </ul>
      </figcaption>
    </figure>
  );
}

interface ChartPointsProps {
  series: readonly LineSeries[];
  x: (value: number) => number;
  y: (value: number) => number;
  /** Points above the top of the y axis are off the chart and not offered. */
  yTop: number;
  name: (series: LineSeries, point: { x: number; y: number }) => string;
}

/**
 * The points of every line as one keyboard stop (a roving tabindex, as in the WAI-ARIA grid
 * pattern): ←/→ along a line, ↑/↓ to the next line, Home/End to its ends; the point in focus says its value.
 */
function ChartPoints({ series, x, y, yTop, name }: ChartPointsProps) {
  const rows = series.map((s) => s.points.filter((p) => p.y <= yTop));
  const [active, setActive] = useState({ row: 0, col: 0 });
  const [focused, setFocused] = useState(false);
  const row = Math.min(active.row, rows.length - 1);
  const col = Math.min(active.col, (rows[row]?.length ?? 1) - 1);
  const move = (event: KeyboardEvent<SVGElement>) => {
    const keys: Record<string, () => { row: number; col: number }> = {
      ArrowRight: () => ({ row, col: Math.min(col + 1, rows[row]!.length - 1) }),
      ArrowLeft: () => ({ row, col: Math.max(col - 1, 0) }),
      ArrowUp: () => nextRow(1),
      ArrowDown: () => nextRow(-1),
      Home: () => ({ row, col: 0 }),
      End: () => ({ row, col: rows[row]!.length - 1 }),
    };
    // The line above (higher batch) or below, at the point nearest the same x.
    const nextRow = (step: number) => {
      for (let r = row + step; r >= 0 && r < rows.length; r += step) {
        if (rows[r]!.length > 0) return { row: r, col: Math.min(col, rows[r]!.length - 1) };
      }
      return { row, col };
    };
    const go = keys[event.key];
    if (!go) return;
    event.preventDefault();
    const next = go();
    setActive(next);
    const target = event.currentTarget.parentElement?.querySelector<SVGElement>(
      `[data-point="${next.row}-${next.col}"]`,
    );
    target?.focus();
  };
  const current = rows[row]?.[col];
  return (
    <g className="chart-points">
      {rows.map((points, r) =>
        points.map((p, c) => (
          <circle
            key={`${series[r]!.key}-${p.x}`}
            data-point={`${r}-${c}`}
            className={`chart-point series-${r % 8}`}
            cx={x(p.x)}
            cy={y(p.y)}
            r={r === row && c === col && focused ? 5.5 : 3.5}
            tabIndex={r === row && c === col ? 0 : -1}
            role="img"
            aria-label={name(series[r]!, p)}
            onKeyDown={move}
            onFocus={() => {
              setActive({ row: r, col: c });
              setFocused(true);
            }}
            onBlur={() => setFocused(false)}
          />
        )),
      )}
      {focused && current ? (
        <text
          className="chart-point-label"
          x={x(current.x)}
          y={y(current.y) - 10}
          textAnchor="middle"
          aria-hidden="true"
        >
          {name(series[row]!, current)}
        </text>
      ) : null}
    </g>
  );
}
