import { Fragment, type MouseEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Card, Currency, Offer } from '../../../src-main/domain/catalog';
import { GIB, currencySymbol, formatGiB, formatHours, formatNumber, formatPrice } from '../../lib/format';
import { verdictFor } from '../../lib/verdict';
import type { EstimateInput } from '../../../src-main/domain/estimate/input';
import { PriceInput } from '../catalog/PriceInput';
import { planHref } from '../shared/page-links';
import { setUpOf, splitBy, type OfferRows } from '../../../src-main/domain/cost/rank-answer';
import { optionLabel } from '../../../src-main/domain/fields/resolve';
import { candidateId, type Candidate } from './chart-points';
import { compareFormStore, planJobRequest, type RankSort } from './compare-form';
import { estimateFormStore } from '../estimate/estimate-store';
import { prefetchChannel } from '../../lib/queries';
import { messageKey, useMessageText } from '../../lib/messages';
import { HeaderRow } from '../../components/HeaderRow';
import { Term } from '../../components/Term';
import { TableScroll } from '../../components/TableScroll';

interface RankTableProps {
  /** Each offer's best GPU count, with its other counts shown when the offer is in `openOffers`. */
  groups: readonly OfferRows[];
  openOffers: ReadonlySet<string>;
  onToggleOffer: (offerId: string) => void;
  offers: ReadonlyMap<string, Offer>;
  cards: readonly Card[];
  headroomFraction: number;
  /** The method ranked (the Estimate form's): its held-out memory spread decides "tight". */
  method: string;
  sort: RankSort;
  expanded: ReadonlySet<string>;
  onToggle: (id: string) => void;
}

const COLUMNS = 11;

const METHODS = ['inference', 'full', 'lora', 'qlora'] as const;
/** The form's method as the estimator names it; undefined (the pooled spread) for anything else. */
const methodOf = (method: string): EstimateInput['method'] | undefined => METHODS.find((m) => m === method);

/** Clicks on a control inside a row do their own thing, not open the row. */
function fromControl(event: MouseEvent): boolean {
  return (event.target as HTMLElement).closest('input, button, a, label') !== null;
}

/**
 * "Plan this" clicked: the ranking Plan reads the job's hours from is asked at once, so it is answered while the
 * Plan page renders instead of after (Plan asks the same request and finds it).
 */
function askPlanJob(gpus: number, currency: Currency): void {
  const request = planJobRequest(estimateFormStore.get(), compareFormStore.get(), currency, gpus);
  if (request) prefetchChannel('rank:compute', request);
}

/** The ranked set-ups; a row opens to show how its numbers were computed. */
export function RankTable(props: RankTableProps) {
  const { groups, openOffers, onToggleOffer, offers, cards, method, sort, expanded, onToggle } = props;
  const { t } = useTranslation();
  const text = useMessageText();
  const ariaSort = (column: RankSort) => (sort === column ? 'ascending' : undefined);
  return (
    <TableScroll label={t('compare.tableCaption')}>
      <table className="table rank-table actions-last">
        <caption className="visually-hidden">{t('compare.tableCaption')}</caption>
        <HeaderRow
          columns={[
            { label: t('compare.col.card') },
            { label: t('compare.col.gpus'), num: true },
            { label: t('compare.col.provider') },
            { label: t('compare.col.billingPrice') },
            { label: t('compare.col.fits') },
            { label: t('compare.col.tokensPerSecond'), num: true },
            { label: t('compare.col.costPer1M'), num: true, sort: ariaSort('cost') },
            { label: t('compare.col.hours'), num: true, sort: ariaSort('time') },
            { label: t('compare.col.jobCost'), num: true, sort: ariaSort('jobCost') },
            { key: 'pareto', label: <Term k="pareto">{t('compare.col.pareto')}</Term> },
            { label: t('compare.col.actions'), hidden: true },
          ]}
        />
        <tbody>
          {groups.flatMap((group) => {
            const more = group.others.length;
            const shown = openOffers.has(group.best.offerId);
            // Short under the count ("+3 more"); its name says what and whose ("+3 more GPU counts: …").
            const toggleText = shown ? t('compare.hideCounts') : t('compare.otherCounts', { count: more });
            const toggleName = shown ? t('compare.hideCounts') : t('compare.otherCountsName', { count: more });
            const toggle =
              more > 0 ? (
                // The name starts with what the button says, then names its row (four toggles, four names).
                <button
                  type="button"
                  className="link-button small"
                  aria-expanded={shown}
                  aria-label={t('compare.countsToggleLabel', {
                    action: toggleName,
                    setup: `${group.best.cardName} ${group.best.provider} ${t(`billing.${group.best.billing}`)}`,
                  })}
                  onClick={() => onToggleOffer(group.best.offerId)}
                >
                  {toggleText}
                </button>
              ) : null;
            return [row(group.best, toggle), ...(shown ? group.others.map((c) => row(c, null)) : [])];
          })}
        </tbody>
      </table>
    </TableScroll>
  );

  function row(c: Candidate, countsToggle: ReactNode) {
    const id = candidateId(c);
    const open = expanded.has(id);
    const offer = offers.get(c.offerId);
    const card = cards.find((k) => k.id === c.card);
    const verdict = card ? verdictFor(true, c.memoryBytesPerGpu, card.memoryGiB * GIB, methodOf(method)) : 'fits';
    const billing = t(`billing.${c.billing}`);
    const sharding = splitBy(c);
    const detailsId = `explain-${id.replace(/[^a-zA-Z0-9-]/g, '_')}`;
    return (
      <Fragment key={id}>
        <tr
          className={`rank-row${open ? ' rank-row-open' : ''}${c.pareto ? ' rank-row-pareto' : ''}`}
          data-candidate={id}
          onClick={(event) => {
            if (!fromControl(event)) onToggle(id);
          }}
        >
          <th scope="row">
            <button
              type="button"
              className="disclosure"
              aria-expanded={open}
              aria-controls={open ? detailsId : undefined}
              onClick={() => onToggle(id)}
            >
              <span className="disclosure-icon" aria-hidden="true">
                {open ? '▾' : '▸'}
              </span>
              {c.cardName}
            </button>
          </th>
          <td className="num">
            {c.gpus}
            {sharding ? (
              <div className="small">
                <Term k="zero">{text(optionLabel('sharding', sharding))}</Term>
              </div>
            ) : null}
            {countsToggle ? <div>{countsToggle}</div> : null}
          </td>
          <td className="provider-cell" title={c.provider}>
            {c.provider}
          </td>
          <td className="nowrap">
            <span className="billing-name">{billing}</span>
            {offer ? (
              <PriceInput
                key={`${offer.id}:${offer.price}`}
                offer={offer}
                symbol={currencySymbol(offer.currency)}
                label={t('catalog.priceFor', { offer: `${c.provider} ${c.cardName} ${billing}` })}
              />
            ) : (
              formatPrice(c.pricePerGpuHour, c.currency)
            )}
          </td>
          <td className="nowrap">
            <span className={`badge badge-${verdict}`} title={formatGiB(c.memoryBytesPerGpu)}>
              {t(`verdict.${verdict}`)}
            </span>
            <span className="fit-memory muted small">{formatGiB(c.memoryBytesPerGpu)}</span>
          </td>
          <td className="num">{formatNumber(c.tokensPerSecond)}</td>
          <td className="num">{formatPrice(c.costPer1MTokens, c.currency)}</td>
          <td className="num">{formatHours(c.hours, t)}</td>
          <td className="num">{c.jobCost === null ? '—' : formatPrice(c.jobCost, c.currency)}</td>
          <td>
            {c.pareto ? (
              <span className="pareto-mark" title={t('compare.paretoHint')}>
                ★ <span className="visually-hidden">{t('compare.paretoYes')}</span>
              </span>
            ) : null}
          </td>
          <td>
            <a
              className="plan-link"
              href={planHref({
                card: c.card,
                gpus: c.gpus,
                provider: c.provider,
                currency: c.currency,
              })}
              aria-label={t('compare.planThisLabel', { setup: `${text(setUpOf(c))} ${c.provider}` })}
              onClick={() => askPlanJob(c.gpus, c.currency)}
            >
              {t('compare.planThis')}
            </a>
          </td>
        </tr>
        {open ? (
          <tr className="explain-row" id={detailsId}>
            <td colSpan={COLUMNS}>
              <p className="explain-reason">
                <strong>{t('compare.reason')}</strong> {text(c.reason)}
              </p>
              <ol className="explain-lines">
                {c.explain.map((line) => (
                  <li key={messageKey(line)}>
                    <code>{text(line)}</code>
                  </li>
                ))}
              </ol>
            </td>
          </tr>
        ) : null}
      </Fragment>
    );
  }
}
