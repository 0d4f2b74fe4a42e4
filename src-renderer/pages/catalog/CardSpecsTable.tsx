import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import type { Card } from '../../../src-main/domain/catalog';
import { formatCardGiB, formatNumber, shortenSource } from '../../lib/format';
import { DeleteOfferButton } from './DeleteOfferButton';
import { TableScroll } from '../../components/TableScroll';

const optional = (value: number | null) => (value === null ? '—' : formatNumber(value, 1));

interface CardSpecsTableProps {
  cards: readonly Card[];
  onEdit: (card: Card) => void;
  onDelete: (card: Card) => void;
}

/** Every card with the specs the estimates use, each editable and deletable (memoised: a price edit leaves it as it is). */
export const CardSpecsTable = memo(function CardSpecsTable({ cards, onEdit, onDelete }: CardSpecsTableProps) {
  const { t } = useTranslation();
  return (
    <TableScroll label={t('catalog.cardsTitle')}>
      <table className="table actions-last">
        <caption className="visually-hidden">{t('catalog.cardsTitle')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('catalog.card')}</th>
            <th scope="col" className="num">
              {t('catalog.memory')}
            </th>
            <th scope="col" className="num">
              {t('catalog.bandwidth')}
            </th>
            <th scope="col" className="num">
              {t('catalog.bf16')}
            </th>
            <th scope="col" className="num">
              {t('catalog.fp8')}
            </th>
            <th scope="col" className="num">
              {t('catalog.int8')}
            </th>
            <th scope="col" className="num">
              {t('catalog.fp32')}
            </th>
            <th scope="col" className="num">
              {t('catalog.tdp')}
            </th>
            {/* data-secondary: a narrow window scrolls to these (HeaderRow.tsx, Column.secondary). */}
            <th scope="col" data-secondary="">
              {t('catalog.interconnect')}
            </th>
            <th scope="col" data-secondary="">
              {t('catalog.architecture')}
            </th>
            <th scope="col" className="num" data-secondary="">
              {t('catalog.year')}
            </th>
            <th scope="col" data-secondary="">
              {t('catalog.source')}
            </th>
            <th scope="col">
              <span className="visually-hidden">{t('cardForm.actions')}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {cards.map((card) => (
            <tr key={card.id}>
              <th scope="row" title={card.vendor}>
                {card.name}
              </th>
              <td className="num">{formatCardGiB(card.memoryGiB)}</td>
              <td className="num">{formatNumber(card.bandwidthGBps)}</td>
              <td className="num">{formatNumber(card.bf16Tflops, 1)}</td>
              <td className="num">{optional(card.fp8Tflops)}</td>
              <td className="num">{optional(card.int8Tops)}</td>
              <td className="num">{formatNumber(card.fp32Tflops, 1)}</td>
              <td className="num">{formatNumber(card.tdpW)}</td>
              <td className="nowrap">
                {card.interconnect.nvlinkGBps === null
                  ? t('catalog.pcieOnly', { gen: card.interconnect.pcieGen })
                  : t('catalog.nvlink', {
                      gbps: formatNumber(card.interconnect.nvlinkGBps),
                      gen: card.interconnect.pcieGen,
                    })}
              </td>
              <td className="nowrap">{card.architecture}</td>
              <td className="num">{card.launchYear}</td>
              <td className="source" title={card.source}>
                {shortenSource(card.source, 24)}
              </td>
              <td className="nowrap">
                <button
                  type="button"
                  className="button-quiet"
                  aria-label={t('cardForm.editLabel', { card: card.name })}
                  onClick={() => onEdit(card)}
                >
                  {t('cardForm.edit')}
                </button>
                <DeleteOfferButton
                  description={card.name}
                  onConfirm={() => onDelete(card)}
                  labels={{
                    button: t('cardForm.deleteLabel', { card: card.name }),
                    confirm: t('cardForm.confirmDelete'),
                    group: t('cardForm.confirmDeleteLabel', { card: card.name }),
                  }}
                />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
});
