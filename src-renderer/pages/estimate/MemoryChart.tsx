import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import type { Card } from '../../../src-main/domain/catalog';
import type { SweepOutput } from '../../../src-main/ipc/contract';
import { LineChart, type LineSeries } from '../../components/LineChart';
import { GIB, formatCardGiB, formatGiB, formatNumber } from '../../lib/format';
import { limitLines, memoryAxisTop } from './memory-chart';

/** Sequence lengths as people say them: 512, 2k, 32k tokens. */
function formatSeq(tokens: number): string {
  return tokens >= 1024 && tokens % 1024 === 0 ? `${tokens / 1024}k` : formatNumber(tokens);
}

interface MemoryChartProps {
  sweep: SweepOutput;
  /** The sweep shown is for an earlier input (the next one is computing). */
  stale: boolean;
  /** The current input's sweep is on screen (or there is none to ask). */
  settled: boolean;
  /** The cards of the answer, with their memory. */
  cards: readonly Card[];
  /** The card the estimate was asked about, named on its line. */
  chosenCard?: string;
  headroomFraction: number;
}

/**
 * Peak memory per GPU against sequence length, one line per batch size (the domain's sweep, from
 * the same estimator as the total), with each card size's memory as a dashed line.
 */
export function MemoryChart({ stale, settled, ...chart }: MemoryChartProps) {
  return (
    <section
      className={stale ? 'panel stale' : 'panel'}
      aria-labelledby="sweep-title"
      data-testid="memory-chart"
      data-state={settled ? 'ready' : 'computing'}
    >
      <MemoryChartBody {...chart} />
    </section>
  );
}

type BodyProps = Omit<MemoryChartProps, 'stale' | 'settled'>;

/** The same cards, in the same order (each answer filters the catalog into a new array). */
function sameChart(a: BodyProps, b: BodyProps): boolean {
  return (
    a.sweep === b.sweep &&
    a.chosenCard === b.chosenCard &&
    a.headroomFraction === b.headroomFraction &&
    a.cards.length === b.cards.length &&
    a.cards.every((card, i) => card === b.cards[i])
  );
}

/**
 * The chart itself, drawn again only for a new sweep: an estimate's answer or a keystroke marks
 * the sweep stale or computing (the section above), and redrawing its points then only costs time.
 */
const MemoryChartBody = memo(function MemoryChartBody({ sweep, cards, chosenCard, headroomFraction }: BodyProps) {
  const { t } = useTranslation();
  const lines = limitLines(cards, chosenCard);
  const series: LineSeries[] = sweep.series.map((s) => ({
    key: `batch-${s.batchSize}`,
    label:
      s.batchSize === sweep.at.batchSize
        ? t('estimate.sweep.seriesAsSet', { count: s.batchSize })
        : t('estimate.sweep.series', { count: s.batchSize }),
    points: s.points.map((p) => ({ x: p.seqLen, y: p.totalBytes / GIB })),
  }));
  const atBytes = sweep.series
    .find((s) => s.batchSize === sweep.at.batchSize)
    ?.points.find((p) => p.seqLen === sweep.at.seqLen)?.totalBytes;
  const peakGiB = (atBytes ?? 0) / GIB;
  const batchOf = new Map(sweep.series.map((s) => [`batch-${s.batchSize}`, s.batchSize]));
  return (
    <>
      <h2 id="sweep-title">{t('estimate.sweep.title')}</h2>
      <p className="muted">{t('estimate.sweep.note', { headroom: Math.round(headroomFraction * 100) })}</p>
      <LineChart
        title={t('estimate.sweep.chartName')}
        series={series}
        xLabel={t('estimate.sweep.axisSeq')}
        yLabel={t('estimate.sweep.axisMemory')}
        logRatio={{ x: 1 }}
        xTicks={sweep.seqLens.filter((n) => Number.isInteger(Math.log2(n)))}
        formatX={formatSeq}
        yMax={memoryAxisTop(peakGiB, lines)}
        referenceLabelsOutside
        references={lines.map((line) => ({
          y: line.memoryGiB,
          label: formatCardGiB(line.memoryGiB),
          detail: line.chosen
            ? t('estimate.sweep.limitChosen', { card: line.chosen, others: line.names.join(', ') })
            : line.names.join(', '),
          emphasis: line.chosen !== undefined,
        }))}
        markers={atBytes !== undefined ? [{ x: sweep.at.seqLen, y: peakGiB, label: t('estimate.sweep.asSet') }] : []}
        pointName={(s, p) =>
          t('estimate.sweep.point', {
            batch: batchOf.get(s.key),
            seq: formatNumber(p.x),
            memory: formatGiB(p.y * GIB),
          })
        }
      />
    </>
  );
}, sameChart);
