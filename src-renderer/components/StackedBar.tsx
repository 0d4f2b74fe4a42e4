import { useTranslation } from 'react-i18next';
import { formatGiB, formatPercent } from '../lib/format';
import type { GlossaryKey } from '../lib/glossary';
import { Term } from './Term';

/** Parts of peak memory, in the order they are drawn (left to right). */
const BREAKDOWN_PARTS = ['weights', 'gradients', 'optimizer', 'activations', 'logits', 'kvCache', 'runtime'] as const;
export type BreakdownPart = (typeof BREAKDOWN_PARTS)[number];

/** The parts the glossary explains. */
const PART_TERMS: Partial<Record<BreakdownPart, GlossaryKey>> = { activations: 'activations', kvCache: 'kvCache' };

/**
 * Peak memory per GPU as one horizontal bar of its parts, with a legend that doubles as
 * the text version of the chart. Parts that hold nothing are left out.
 */
export function StackedBar({ breakdown }: { breakdown: Record<BreakdownPart, number> }) {
  const { t } = useTranslation();
  const parts = BREAKDOWN_PARTS.filter((part) => breakdown[part] > 0).map((part) => ({ part, bytes: breakdown[part] }));
  const totalBytes = parts.reduce((sum, p) => sum + p.bytes, 0);
  // Each segment starts where the parts before it end (SVG units out of 1000).
  const scale = totalBytes > 0 ? 1000 / totalBytes : 0;
  const starts = parts.map((_, i) => parts.slice(0, i).reduce((sum, p) => sum + p.bytes, 0) * scale);
  const description = parts.map((p) => `${t(`breakdown.${p.part}`)} ${formatGiB(p.bytes)}`).join(', ');
  return (
    <figure className="stacked-bar">
      <svg
        viewBox="0 0 1000 36"
        preserveAspectRatio="none"
        role="img"
        aria-label={`${t('estimate.breakdownTitle')}: ${description}`}
      >
        <title>{`${t('estimate.breakdownTitle')}: ${description}`}</title>
        {parts.map(({ part, bytes }, i) => (
          <rect key={part} className={`seg seg-${part}`} x={starts[i]} y={0} width={bytes * scale} height={36} />
        ))}
      </svg>
      <figcaption>
        <ul className="legend">
          {parts.map(({ part, bytes }) => (
            <li key={part}>
              <span className={`swatch seg-${part}`} aria-hidden="true" />
              <span className="legend-name">
                {PART_TERMS[part] ? <Term k={PART_TERMS[part]}>{t(`breakdown.${part}`)}</Term> : t(`breakdown.${part}`)}
              </span>
              <span className="legend-value">{formatGiB(bytes)}</span>
              <span className="legend-share">{formatPercent(bytes / totalBytes)}</span>
            </li>
          ))}
        </ul>
      </figcaption>
    </figure>
  );
}
