import { memo, useMemo, type ReactNode } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import type { Card } from '../../../src-main/domain/catalog';
import type { EstimateOutput, SweepOutput } from '../../../src-main/ipc/contract';
import { CardFitBars, type CardFitRow } from '../../components/CardFitBars';
import { StackedBar } from '../../components/StackedBar';
import { GIB, formatGiB, formatParams } from '../../lib/format';
import { useMessageText } from '../../lib/messages';
import { MemoryChart } from './MemoryChart';
import { SpeedPanel } from './SpeedPanel';
import { Term } from '../../components/Term';

interface EstimateResultsProps {
  output: EstimateOutput;
  cards: readonly Card[];
  headroomFraction: number;
  /** "What would make it fit?" when the configuration does not fit the card asked about (after the total). */
  advice?: ReactNode;
  /** Asks that question on a card of the list. */
  onAskFit?: (card: string) => void;
  /** The chart's sweep (its own call), and where it stands. */
  sweep?: SweepOutput;
  sweepStale: boolean;
  sweepSettled: boolean;
}

/** Joins the estimate's per-card fits with the catalog, smallest card first. */
function fitRows(output: EstimateOutput, cards: readonly Card[]): CardFitRow[] {
  return output.fits
    .map((fit) => {
      const card = cards.find((c) => c.id === fit.card);
      return {
        card: fit.card,
        name: card?.name ?? fit.card,
        capacityBytes: card ? card.memoryGiB * GIB : fit.memoryBytes,
        fits: fit.fits,
        neededBytes: fit.neededBytes,
        calibrationRuns: fit.calibrationRuns,
        largestBatch: fit.largestBatch,
        longestSeq: fit.longestSeq,
        verdict: fit.verdict,
      };
    })
    .sort((a, b) => a.capacityBytes - b.capacityBytes || a.name.localeCompare(b.name));
}

/**
 * The answer: the total per GPU, what it is made of, every card, and what was assumed. Its parts are
 * memoised on the answer objects, so a keystroke that only marks the answer stale re-renders the
 * form and not the results (issue 13 point 7: a repaint within 50 ms of an input).
 */
export function EstimateResults({ advice, ...props }: EstimateResultsProps) {
  return (
    <>
      <EstimateTotal output={props.output} />
      {advice}
      <EstimateSpeed output={props.output} cards={props.cards} />
      <EstimateChart {...props} />
      <EstimateFits
        output={props.output}
        cards={props.cards}
        headroomFraction={props.headroomFraction}
        onAskFit={props.onAskFit}
      />
    </>
  );
}

/** The total per GPU, with the meter it predicts and the model it is for. */
const EstimateTotal = memo(function EstimateTotal({ output }: { output: EstimateOutput }) {
  const { t } = useTranslation();
  const { perGpu, model } = output;
  return (
    <>
      <section className="panel" aria-labelledby="total-title">
        <h2 id="total-title">
          <Term k="peakMemory">{t('estimate.totalTitle')}</Term>
        </h2>
        <p className="total">
          <span className="total-value" data-testid="total-gib">
            {formatGiB(perGpu.totalBytes)}
          </span>
          <span className="total-meter">
            <Term k="nvidiaSmi">{t('estimate.meterNvidiaSmi')}</Term>
          </span>
        </p>
        <p className="total-sub">
          {t('estimate.meterAllocated', { value: formatGiB(perGpu.allocatedBytes) })}
          <Term k="torchAllocated" />
        </p>
        <p className="total-sub" data-testid="total-likely">
          {t('estimate.likelyRange', {
            low: formatGiB(output.memoryInterval.lowBytes),
            high: formatGiB(output.memoryInterval.highBytes),
          })}
        </p>
        <p className="muted">
          {t('estimate.modelLine', {
            name: model.name,
            params: formatParams(model.params),
            trainable: formatParams(output.trainableParams),
          })}
        </p>
      </section>
    </>
  );
});

type DetailsProps = Pick<EstimateResultsProps, 'output' | 'cards' | 'headroomFraction' | 'onAskFit'>;

/** Speed on the chosen card and what the total is made of. */
const EstimateSpeed = memo(function EstimateSpeed({ output, cards }: Pick<DetailsProps, 'output' | 'cards'>) {
  const { t } = useTranslation();
  return (
    <>
      <SpeedPanel
        output={output}
        card={cards.find((c) => c.id === output.calibration?.card || c.id === output.resolvedInput['gpu'])}
      />
      <section className="panel" aria-labelledby="breakdown-title">
        <h2 id="breakdown-title">{t('estimate.breakdownTitle')}</h2>
        <StackedBar breakdown={output.perGpu.breakdown} />
      </section>
    </>
  );
});

/** The memory chart: its own call, so its answer re-renders it alone. */
const EstimateChart = memo(function EstimateChart({
  output,
  cards,
  headroomFraction,
  sweep,
  sweepStale,
  sweepSettled,
}: Omit<EstimateResultsProps, 'advice' | 'onAskFit'>) {
  return sweep ? (
    <MemoryChart
      sweep={sweep}
      stale={sweepStale}
      settled={sweepSettled}
      cards={cards.filter((card) => output.fits.some((fit) => fit.card === card.id))}
      chosenCard={typeof output.resolvedInput['gpu'] === 'string' ? output.resolvedInput['gpu'] : undefined}
      headroomFraction={headroomFraction}
    />
  ) : null;
});

/** Every card's verdict and the assumptions. */
const EstimateFits = memo(function EstimateFits({ output, cards, headroomFraction, onAskFit }: DetailsProps) {
  const { t } = useTranslation();
  const text = useMessageText();
  const rows = useMemo(() => fitRows(output, cards), [output, cards]);
  return (
    <>
      <section className="panel" aria-labelledby="fit-title">
        <h2 id="fit-title">{t('estimate.fitTitle')}</h2>
        <p className="muted">
          <Trans
            i18nKey="estimate.fitNote"
            values={{ headroom: Math.round(headroomFraction * 100) }}
            components={{ headroom: <Term k="headroom" />, tight: <Term k="tight" /> }}
          />
        </p>
        <CardFitBars
          rows={rows}
          peakBytes={output.perGpu.totalBytes}
          headroomFraction={headroomFraction}
          onAskFit={onAskFit}
        />
      </section>
      <section className="panel" aria-labelledby="assumptions-title">
        <h2 id="assumptions-title">{t('estimate.assumptionsTitle')}</h2>
        {output.assumptions.length > 0 ? (
          <ul className="assumptions">
            {output.assumptions.map((assumption, index) => (
              <li key={`${assumption.code}-${index}`}>{text(assumption)}</li>
            ))}
          </ul>
        ) : (
          <p className="muted">{t('estimate.noAssumptions')}</p>
        )}
      </section>
    </>
  );
});
