import { useTranslation } from 'react-i18next';
import type { Card } from '../../../src-main/domain/catalog';
import type { EstimateOutput } from '../../../src-main/ipc/contract';
import { formatGiB, formatNumber, formatPercent } from '../../lib/format';
import { messageKey, useMessageText } from '../../lib/messages';
import { Term } from '../../components/Term';

/** The held-out runs a speed interval rests on: its token band, its kind of decoding, or all of its kind. */
function groupOf(interval: NonNullable<EstimateOutput['speedInterval']>): string {
  if (!interval.group) return 'all';
  return 'band' in interval.group ? interval.group.band : interval.group.decode;
}

/** Speed on the chosen card, and the correction that logged runs make to memory and speed. */
export function SpeedPanel({ output, card }: { output: EstimateOutput; card: Card | undefined }) {
  const { t } = useTranslation();
  const text = useMessageText();
  const { speed, calibration, calibrated } = output;
  if (!speed || !card) return null;
  const factor = (value: number) => `×${formatNumber(value, 2)}`;
  return (
    <section className="panel" aria-labelledby="speed-title" data-testid="speed-panel">
      <h2 id="speed-title">{t('estimate.speedTitle', { card: card.name })}</h2>
      {output.fits.find((fit) => fit.card === card.id)?.fits === false ? (
        <p className="inline-alert">{t('estimate.speedNoFit', { card: card.name })}</p>
      ) : null}
      {speed.kind === 'train' ? (
        <p>
          <strong className="speed-value">{formatNumber(speed.tokensPerSecond, 0)}</strong>{' '}
          {t('estimate.trainSpeed', {
            perGpu: formatNumber(speed.tokensPerSecondPerGpu, 0),
            mfu: formatPercent(speed.mfu),
            scaling: formatPercent(speed.scalingEfficiency),
          })}
          <Term k="mfu" />
        </p>
      ) : (
        <p>
          <strong className="speed-value">{formatNumber(speed.decodeTokensPerSecond, 0)}</strong>{' '}
          {t('estimate.decodeSpeed', {
            prefill: formatNumber(speed.prefillTokensPerSecond, 0),
            bound: t(`estimate.bound.${speed.bound}`),
          })}
          <Term k="prefillDecode" />
        </p>
      )}
      {output.speedInterval ? (
        <p className="total-sub" data-testid="speed-likely">
          {t('estimate.speedLikely', {
            low: formatNumber(output.speedInterval.lowTokensPerSecond, 0),
            high: formatNumber(output.speedInterval.highTokensPerSecond, 0),
            rows: output.speedInterval.rows,
            group: t(`estimate.speedGroup.${groupOf(output.speedInterval)}`),
          })}
        </p>
      ) : null}
      {output.speedInterval?.prefill ? (
        <p className="total-sub" data-testid="prefill-likely">
          {t('estimate.prefillLikely', {
            low: formatNumber(output.speedInterval.prefill.lowTokensPerSecond, 0),
            high: formatNumber(output.speedInterval.prefill.highTokensPerSecond, 0),
            rows: output.speedInterval.prefill.rows,
          })}
        </p>
      ) : null}
      {calibration && calibrated && calibration.runs > 0 ? (
        <div className="calibration">
          <p>
            {t('estimate.calibratedMemory', {
              raw: formatGiB(output.perGpu.totalBytes),
              value: formatGiB(calibrated.totalBytes),
              factor: factor(calibration.memoryFactor),
              low: formatNumber(calibration.interval.memory[0], 2),
              high: formatNumber(calibration.interval.memory[1], 2),
            })}
          </p>
          <p>
            {t('estimate.calibratedSpeed', {
              value: formatNumber(calibrated.tokensPerSecond ?? calibrated.decodeTokensPerSecond ?? 0, 0),
              factor: factor(calibration.speedFactor),
            })}
          </p>
          <p className="muted">
            {t('estimate.calibrationBasis', {
              count: calibration.runs,
              mine: calibration.mine,
              published: calibration.published,
            })}
            <Term k="calibration" />
          </p>
          {calibration.flags.length > 0 ? (
            <ul className="assumptions">
              {calibration.flags.map((flag) => (
                <li key={messageKey(flag)}>{text(flag)}</li>
              ))}
            </ul>
          ) : null}
        </div>
      ) : (
        <p className="muted">
          {t('estimate.noCalibration')}
          <Term k="calibration" />
        </p>
      )}
    </section>
  );
}
