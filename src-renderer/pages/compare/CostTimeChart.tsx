import { useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { Currency } from '../../../src-main/domain/catalog';
import { ChartAxes } from '../../components/ChartAxes';
import { DEFAULT_FRAME, linePath, makeScale } from '../../components/chart-scale';
import '../../components/charts.css';
import { formatPrice } from '../../lib/format';
import { paretoLine, placeLabels, type ChartPoint } from './chart-points';
import { Term } from '../../components/Term';

interface CostTimeChartProps {
  points: readonly ChartPoint[];
  /** Job cost vs job hours (true), or per 1M tokens (false). */
  perJob: boolean;
  currency: Currency;
  /** The row that is open in the table, drawn larger. */
  selectedId?: string;
  onSelect?: (id: string) => void;
}

/** Every candidate as a point of cost against time; the Pareto front is highlighted and joined. */
export function CostTimeChart({ points, perJob, currency, selectedId, onSelect }: CostTimeChartProps) {
  const { t } = useTranslation();
  const frame = DEFAULT_FRAME;
  const x = makeScale(
    points.map((p) => p.x),
    frame.left,
    frame.width - frame.right,
    { logRatio: 12 },
  );
  const y = makeScale(
    points.map((p) => p.y),
    frame.height - frame.bottom,
    frame.top,
    { includeZero: true, logRatio: 30 },
  );
  const front = paretoLine(points);
  // Points drawn on top of each other share one label ("A800 ×8 / A100 ×8"); labels that
  // would overlap move up a line.
  const groups: { x: number; y: number; text: string }[] = [];
  for (const p of front) {
    const at = { x: x(p.x), y: y(p.y) };
    const same = groups.find((l) => Math.abs(l.x - at.x) < 6 && Math.abs(l.y - at.y) < 6);
    if (same) same.text += ` / ${p.label}`;
    else groups.push({ ...at, text: p.label });
  }
  const labels = placeLabels(groups);
  const title = perJob ? t('compare.chartTitleJob') : t('compare.chartTitleUnit');
  // Dominated points first, so the front is drawn on top.
  const ordered = [...points].sort((a, b) => Number(a.pareto) - Number(b.pareto));
  // The keyboard walks the points from fastest to slowest; the chart is one Tab stop (a roving
  // tabindex, as the WAI-ARIA Authoring Practices' toolbar pattern), the arrow keys move within it.
  const byTime = [...points].sort((a, b) => a.x - b.x || a.y - b.y);
  const [activeId, setActiveId] = useState<string | undefined>(undefined);
  const active = byTime.find((p) => p.id === (activeId ?? selectedId))?.id ?? byTime.find((p) => p.pareto)?.id;
  const refs = useRef(new Map<string, SVGCircleElement>());
  const onKey = (event: KeyboardEvent, id: string) => {
    if ((event.key === 'Enter' || event.key === ' ') && onSelect) {
      event.preventDefault();
      onSelect(id);
      return;
    }
    const step = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 }[event.key];
    const index = byTime.findIndex((p) => p.id === id);
    const next =
      event.key === 'Home' ? 0 : event.key === 'End' ? byTime.length - 1 : step === undefined ? -1 : index + step;
    const target = byTime[next];
    if (next < 0 || !target) return;
    event.preventDefault();
    setActiveId(target.id);
    refs.current.get(target.id)?.focus();
  };
  const pointName = (p: ChartPoint) =>
    t('compare.pointName', {
      setup: `${p.label} ${p.provider} ${t(`billing.${p.billing}`)}`,
      cost: formatPrice(p.y, currency),
      hours: p.x.toPrecision(3),
    });
  return (
    <figure className="chart cost-time-chart">
      <svg viewBox={`0 0 ${frame.width} ${frame.height}`} role="group" aria-label={title}>
        <title>{title}</title>
        <ChartAxes
          x={x}
          y={y}
          xLabel={perJob ? t('compare.axisHours') : t('compare.axisHoursPer1M')}
          yLabel={perJob ? t('compare.axisJobCost', { currency }) : t('compare.axisCostPer1M', { currency })}
        />
        <path className="pareto-line" d={linePath(front.map((p) => ({ x: x(p.x), y: y(p.y) })))} />
        {ordered.map((p) => (
          <circle
            key={p.id}
            className={`point${p.pareto ? ' point-pareto' : ''}${p.id === selectedId ? ' point-selected' : ''}`}
            cx={x(p.x)}
            cy={y(p.y)}
            r={p.id === selectedId ? 7 : p.pareto ? 5.5 : 4}
            ref={(element) => {
              if (element) refs.current.set(p.id, element);
              else refs.current.delete(p.id);
            }}
            role={onSelect ? 'button' : 'img'}
            aria-label={pointName(p)}
            aria-pressed={onSelect ? p.id === selectedId : undefined}
            tabIndex={p.id === active ? 0 : -1}
            onKeyDown={(event) => onKey(event, p.id)}
            onFocus={() => setActiveId(p.id)}
            onClick={onSelect ? () => onSelect(p.id) : undefined}
          >
            <title>{pointName(p)}</title>
          </circle>
        ))}
        {labels.map((label, i) => (
          <text key={`${label.text}${i}`} className="point-label" x={label.x} y={label.y}>
            {label.text}
          </text>
        ))}
      </svg>
      <figcaption className="muted small">
        <span className="legend-dot legend-dot-pareto" aria-hidden="true" />{' '}
        <Term k="pareto">{t('compare.legendPareto')}</Term>
        <span className="legend-dot" aria-hidden="true" /> {t('compare.legendOther')}
      </figcaption>
    </figure>
  );
}
