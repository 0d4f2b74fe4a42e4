import { useTranslation } from 'react-i18next';
import { GIB, formatCardGiB, formatGiB, formatNumber, formatPercent } from '../lib/format';
import type { Verdict } from '../lib/verdict';

/** One card as the bars need it. */
export interface CardFitRow {
  card: string;
  name: string;
  capacityBytes: number;
  fits: boolean;
  /** This card's need per GPU when logged runs correct it; the raw peak otherwise. */
  neededBytes?: number;
  /** Logged runs behind that correction. */
  calibrationRuns?: number;
  largestBatch: number;
  /** Longest sequence that fits at the chosen batch size (0 = none). */
  longestSeq?: number;
  /** The domain's verdict: tight when the card's memory falls inside the interval of the likely peak. */
  verdict: Verdict;
}

interface CardFitBarsProps {
  rows: readonly CardFitRow[];
  /** What nvidia-smi will show per GPU at peak. */
  peakBytes: number;
  headroomFraction: number;
  /** Asks "what would make it fit?" on a card that does not fit (a button on its row). */
  onAskFit?: (card: string) => void;
}

/** Every card as a bar of its own capacity, filled to the estimate, with a verdict and text. */
export function CardFitBars({ rows, peakBytes, headroomFraction, onAskFit }: CardFitBarsProps) {
  const { t } = useTranslation();
  return (
    <ul className="fit-list" aria-label={t('estimate.fitTitle')}>
      {rows.map((row) => {
        const need = row.neededBytes ?? peakBytes;
        const verdict = row.verdict;
        const used = need / row.capacityBytes;
        const summary = t('estimate.fitSummary', {
          need: formatGiB(need),
          capacity: formatCardGiB(row.capacityBytes / GIB),
          share: formatPercent(used),
        });
        return (
          <li key={row.card} className={`fit-row verdict-${verdict}`} data-card={row.card}>
            <div className="fit-head">
              <span className="fit-name">{row.name}</span>
              <span className="fit-capacity">{formatCardGiB(row.capacityBytes / GIB)}</span>
              <span className={`badge badge-${verdict}`}>{t(`verdict.${verdict}`)}</span>
            </div>
            <svg
              className="fit-bar"
              viewBox="0 0 1000 14"
              preserveAspectRatio="none"
              role="img"
              aria-label={`${row.name}: ${summary}`}
            >
              <title>{`${row.name}: ${summary}`}</title>
              <rect className="fit-track" x={0} y={0} width={1000} height={14} />
              <rect
                className="fit-headroom"
                x={1000 * (1 - headroomFraction)}
                y={0}
                width={1000 * headroomFraction}
                height={14}
              />
              <rect className="fit-fill" x={0} y={2} width={Math.min(used, 1) * 1000} height={10} />
            </svg>
            <div className="fit-text">
              <span>
                {summary}
                {row.calibrationRuns ? ` · ${t('estimate.calibratedFrom', { count: row.calibrationRuns })}` : ''}
              </span>
              <span>
                {row.largestBatch > 0 ? t('estimate.largestBatch', { count: row.largestBatch }) : t('estimate.noBatch')}
                {row.longestSeq ? ` · ${t('estimate.longestSeq', { tokens: formatNumber(row.longestSeq) })}` : ''}
              </span>
              {onAskFit && !row.fits ? (
                <button
                  type="button"
                  className="button-quiet fit-ask"
                  aria-label={t('fitAdvice.askLabel', { card: row.name })}
                  onClick={() => onAskFit(row.card)}
                >
                  {t('fitAdvice.ask')}
                </button>
              ) : null}
            </div>
          </li>
        );
      })}
    </ul>
  );
}
