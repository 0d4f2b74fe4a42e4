import { memo, useCallback, useMemo, type Dispatch, type SetStateAction } from 'react';
import { useTranslation } from 'react-i18next';
import type { Card, Currency, Offer } from '../../../src-main/domain/catalog';
import { encodeRankCsv } from '../../../src-main/domain/cost/rank-csv';
import { rowsByOffer } from '../../../src-main/domain/cost/rank-answer';
import type { ChannelOutput } from '../../../src-main/ipc/contract';
import { AssumptionsPanel } from '../../components/AssumptionsPanel';
import { messageKey, useMessageText } from '../../lib/messages';
import { downloadText } from '../runs/download';
import { CopyCli } from '../shared/CopyCli';
import { pageHref } from '../../lib/use-hash-route';
import { chartPoints, groupExcluded } from './chart-points';
import type { CompareForm } from './compare-form';
import { CostTimeChart } from './CostTimeChart';
import { RankTable } from './RankTable';

type Ids = ReadonlySet<string>;

interface CompareResultsProps {
  output: ChannelOutput<'rank:compute'>;
  /** Rows whose arithmetic is open, and offers whose other GPU counts are shown. */
  expanded: Ids;
  setExpanded: Dispatch<SetStateAction<Ids>>;
  openOffers: Ids;
  setOpenOffers: Dispatch<SetStateAction<Ids>>;
  offers: ReadonlyMap<string, Offer>;
  cards: readonly Card[];
  headroomFraction: number;
  method: string;
  sort: CompareForm['sort'];
  currency: Currency;
  /** The `cardwise rank` command of the ranking shown, or null when the form cannot be sent. */
  cliCommand: string | null;
}

/** Why a card and count was left out when it does not fit in memory: as set up, or even split (ZeRO-3 or FSDP). */
const MEMORY_EXCLUSIONS: ReadonlySet<string> = new Set(['rank.excluded.noFit', 'rank.excluded.noFitSharded']);

/** The set with `id` added, or removed when it was in. */
const flip = (id: string) => (open: Ids) => {
  const next = new Set(open);
  if (!next.delete(id)) next.add(id);
  return next;
};

/**
 * The ranking: the answer line, the cost/time chart, the table, the CLI command, what was left out and
 * why. Its parts are memoised on the answer, so a keystroke re-renders the form and the command, not
 * the chart and the table (issue 13 point 7: a repaint within 50 ms of an input).
 */
export function CompareResults({ cliCommand, ...props }: CompareResultsProps) {
  return (
    <>
      <RankingMain {...props} />
      {cliCommand ? <CopyCli command={cliCommand} idPrefix="cmp" /> : null}
      <RankingNotes output={props.output} cards={props.cards} />
    </>
  );
}

/** The answer line, the cost/time chart and the table. */
const RankingMain = memo(function RankingMain({
  output,
  expanded,
  setExpanded,
  openOffers,
  setOpenOffers,
  offers,
  cards,
  headroomFraction,
  method,
  sort,
  currency,
}: Omit<CompareResultsProps, 'cliCommand'>) {
  const { t } = useTranslation();
  const text = useMessageText();
  const { points, perJob } = useMemo(() => chartPoints(output.candidates), [output]);
  const groups = useMemo(() => rowsByOffer(output.candidates), [output]);
  const toggle = useCallback(
    (id: string) => {
      setExpanded(flip(id));
      // A row opened from the chart may be one of an offer's other GPU counts: show them.
      const group = groups.find((g) => g.others.some((c) => `${c.offerId}:${c.gpus}` === id));
      if (group && !openOffers.has(group.best.offerId)) setOpenOffers(flip(group.best.offerId));
    },
    [groups, openOffers, setExpanded, setOpenOffers],
  );
  const toggleOffer = useCallback((offerId: string) => setOpenOffers(flip(offerId)), [setOpenOffers]);
  return (
    <>
      {output.answer ? (
        <section className="panel rank-answer" aria-labelledby="cmp-answer-title" data-testid="rank-answer">
          <h2 id="cmp-answer-title" className="visually-hidden">
            {t('compare.answerTitle')}
          </h2>
          {output.answer.lines.map((line, index) => (
            <p key={messageKey(line)} className={index === 0 ? 'answer-main' : 'answer-also'}>
              {index === 0 ? <strong>{text(line)}</strong> : text(line)}
            </p>
          ))}
        </section>
      ) : null}
      {output.candidates.length > 0 ? (
        <>
          <section className="panel" aria-labelledby="cmp-chart-title">
            <h2 id="cmp-chart-title">{perJob ? t('compare.chartTitleJob') : t('compare.chartTitleUnit')}</h2>
            <p className="muted small">{t('compare.chartNote')}</p>
            <CostTimeChart
              points={points}
              perJob={perJob}
              currency={currency}
              onSelect={toggle}
              selectedId={[...expanded].at(-1)}
            />
          </section>
          <section className="panel" aria-labelledby="cmp-table-title">
            <div className="panel-head">
              <h2 id="cmp-table-title">{t('compare.tableTitle', { count: output.candidates.length })}</h2>
              <button
                type="button"
                title={t('setup.csvNote')}
                onClick={() =>
                  downloadText('cardwise-ranking.csv', encodeRankCsv(output.candidates), 'text/csv;charset=utf-8')
                }
              >
                {t('setup.csvExport')}
              </button>
            </div>
            <p className="muted small">{t('compare.tableNote')}</p>
            <RankTable
              groups={groups}
              openOffers={openOffers}
              onToggleOffer={toggleOffer}
              offers={offers}
              cards={cards}
              headroomFraction={headroomFraction}
              method={method}
              sort={sort}
              expanded={expanded}
              onToggle={toggle}
            />
          </section>
        </>
      ) : (
        // Nothing fits in memory anywhere (not an offer missing): say so, and where the changes that would are.
        <p className="panel muted">
          {output.excluded.length > 0 && output.excluded.every((e) => MEMORY_EXCLUSIONS.has(e.reason.code)) ? (
            <>
              {t('compare.noneFitMemory')} <a href={pageHref('estimate')}>{t('setup.changeOnEstimate')}</a>
            </>
          ) : (
            t('compare.noCandidates')
          )}
        </p>
      )}
    </>
  );
});

/** What was left out and why, and what was assumed. */
const RankingNotes = memo(function RankingNotes({ output, cards }: Pick<CompareResultsProps, 'output' | 'cards'>) {
  const { t } = useTranslation();
  const text = useMessageText();
  const cardName = (id: string) => cards.find((c) => c.id === id)?.name ?? id;
  return (
    <>
      {output.excluded.length > 0 ? (
        <section className="panel excluded" aria-labelledby="cmp-excluded-title">
          <details open={output.candidates.length === 0}>
            <summary id="cmp-excluded-title">{t('compare.excludedTitle', { count: output.excluded.length })}</summary>
            <ul className="excluded-list">
              {groupExcluded(output.excluded).map((group) => (
                <li key={`${group.card}:${messageKey(group.reason)}`} data-card={group.card}>
                  <strong>
                    {cardName(group.card)} {group.gpus.map((n) => `×${n}`).join(', ')}
                  </strong>
                  <span className="muted"> — {text(group.reason)}</span>
                </li>
              ))}
            </ul>
          </details>
        </section>
      ) : null}
      <AssumptionsPanel id="cmp-assumptions-title" title={t('compare.assumptionsTitle')} lines={output.assumptions} />
    </>
  );
});
