import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { LineChart, type LineSeries } from '../../components/LineChart';
import { formatNumber } from '../../lib/format';
import type { ConcurrencyLine } from './serve-rows';

/** Max concurrent sequences against context length, one line per card; a guide at the average request. */
// Memoised on its lines (one array per answer): a keystroke that only marks the answer stale skips it.
export const ConcurrencyChart = memo(function ConcurrencyChart({
  lines,
  averageTokens,
}: {
  lines: readonly ConcurrencyLine[];
  averageTokens: number;
}) {
  const { t } = useTranslation();
  const series: LineSeries[] = lines.map((line) => ({
    key: line.key,
    label: t('serve.seriesLabel', { gpus: line.gpus, card: line.cardName }),
    // A log axis has no zero: a line ends where not one sequence of that length fits.
    points: line.points.filter((point) => point.y >= 1),
  }));
  return (
    <LineChart
      title={t('serve.chartTitle')}
      series={series}
      xLabel={t('serve.axisContext')}
      yLabel={t('serve.axisSequences')}
      guide={{ x: averageTokens, label: t('serve.averageGuide') }}
      logRatio={{ x: 4, y: 4 }}
      formatX={(value) => formatNumber(value)}
      formatY={(value) => formatNumber(value)}
      legendValue={(s) => {
        const line = lines.find((l) => l.key === s.key);
        return line ? t('serve.legendValue', { sequences: formatNumber(line.atAverageRequest) }) : undefined;
      }}
    />
  );
});
