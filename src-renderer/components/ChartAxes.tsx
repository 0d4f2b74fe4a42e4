import { DEFAULT_FRAME, formatTick, type Axis, type ChartFrame } from './chart-scale';

interface ChartAxesProps {
  x: Axis;
  y: Axis;
  xLabel: string;
  yLabel: string;
  frame?: ChartFrame;
  formatX?: (value: number) => string;
  formatY?: (value: number) => string;
}

/** Grid lines, tick labels and axis titles for a chart drawn in `frame`. */
export function ChartAxes({
  x,
  y,
  xLabel,
  yLabel,
  frame = DEFAULT_FRAME,
  formatX = formatTick,
  formatY = formatTick,
}: ChartAxesProps) {
  const bottom = frame.height - frame.bottom;
  const right = frame.width - frame.right;
  return (
    <g className="chart-axes" aria-hidden="true">
      {y.ticks.map((tick) => (
        <g key={`y${tick}`}>
          <line className="chart-grid" data-y-tick={tick} x1={frame.left} x2={right} y1={y(tick)} y2={y(tick)} />
          <text className="chart-tick" x={frame.left - 6} y={y(tick)} textAnchor="end" dominantBaseline="middle">
            {formatY(tick)}
          </text>
        </g>
      ))}
      {x.ticks.map((tick) => (
        <g key={`x${tick}`}>
          <line className="chart-grid" x1={x(tick)} x2={x(tick)} y1={frame.top} y2={bottom} />
          <text className="chart-tick" x={x(tick)} y={bottom + 14} textAnchor="middle">
            {formatX(tick)}
          </text>
        </g>
      ))}
      <line className="chart-axis" x1={frame.left} x2={right} y1={bottom} y2={bottom} />
      <line className="chart-axis" x1={frame.left} x2={frame.left} y1={frame.top} y2={bottom} />
      <text className="chart-title" x={(frame.left + right) / 2} y={frame.height - 6} textAnchor="middle">
        {xLabel}
      </text>
      <text
        className="chart-title"
        x={0}
        y={0}
        textAnchor="middle"
        transform={`translate(14 ${(frame.top + bottom) / 2}) rotate(-90)`}
      >
        {yLabel}
      </text>
    </g>
  );
}
