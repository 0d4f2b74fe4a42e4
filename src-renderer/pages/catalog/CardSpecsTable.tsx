import { useTranslation } from 'react-i18next';
import type { Card } from '../../../src-main/domain/catalog';
import { formatCardGiB, formatNumber, shortenSource } from '../../lib/format';

const optional = (value: number | null) => (value === null ? '—' : formatNumber(value, 1));

/** Every card with the specs the estimates use. */
export function CardSpecsTable({ cards }: { cards: readonly Card[] }) {
  const { t } = useTranslation();
  return (
    <div className="table-scroll">
      <table className="table">
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
            <th scope="col">{t('catalog.interconnect')}</th>
            <th scope="col">{t('catalog.architecture')}</th>
            <th scope="col" className="num">
              {t('catalog.year')}
            </th>
            <th scope="col">{t('catalog.source')}</th>
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
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
