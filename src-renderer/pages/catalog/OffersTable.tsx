import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { UNDATED, type Offer } from '../../../src-main/domain/catalog';
import { currencySymbol, shortenSource } from '../../lib/format';
import { DeleteOfferButton } from './DeleteOfferButton';
import { USER_SOURCE, type OfferOrigin } from './offer-rows';
import { PriceInput } from './PriceInput';
import { HeaderRow } from '../../components/HeaderRow';
import { TableScroll } from '../../components/TableScroll';

interface OffersTableProps {
  offers: readonly Offer[];
  cardName: (cardId: string) => string;
  originOf: (offer: Offer) => OfferOrigin;
  onSaved: (offer: Offer) => void;
  onDelete: (offer: Offer) => void;
}

/** Every offer, with its price editable in place. */
export function OffersTable({ offers, cardName, originOf, onSaved, onDelete }: OffersTableProps) {
  const { t } = useTranslation();
  return (
    <TableScroll label={t('catalog.offersTitle')}>
      <table className="table actions-last">
        <caption className="visually-hidden">{t('catalog.offersTitle')}</caption>
        <HeaderRow
          columns={[
            ...(
              ['card', 'provider', 'region', 'billing', 'price', 'per', 'granularity', 'observed', 'source'] as const
            ).map((key) => ({ label: t(`catalog.${key}`), secondary: key === 'source' })),
            { label: t('catalog.actions'), hidden: true },
          ]}
        />
        <tbody>
          {offers.map((offer) => (
            <OfferRow
              key={offer.id}
              offer={offer}
              cardName={cardName(offer.cardId)}
              origin={originOf(offer)}
              onSaved={onSaved}
              onDelete={onDelete}
            />
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}

interface OfferRowProps {
  offer: Offer;
  cardName: string;
  origin: OfferOrigin;
  onSaved: (offer: Offer) => void;
  onDelete: (offer: Offer) => void;
}

/**
 * One offer. Memoised: an edited price brings back a new list in which only that offer is a new object
 * (the query keeps the others), so only its row renders again.
 */
const OfferRow = memo(function OfferRow({ offer, cardName, origin, onSaved, onDelete }: OfferRowProps) {
  const { t } = useTranslation();
  const description = `${offer.provider} ${cardName} ${t(`billing.${offer.billing}`)}`;
  return (
    <tr data-origin={origin}>
      <th scope="row">
        {cardName}
        {origin === 'example' ? null : <span className={`tag tag-${origin}`}>{t(`catalog.origin.${origin}`)}</span>}
      </th>
      <td>{offer.provider}</td>
      <td>{offer.region || '—'}</td>
      <td className="nowrap">{t(`billing.${offer.billing}`)}</td>
      <td className="nowrap">
        <PriceInput
          offer={offer}
          symbol={currencySymbol(offer.currency)}
          label={t('catalog.priceFor', { offer: description })}
          onSaved={onSaved}
        />
      </td>
      <td className="nowrap">
        {offer.gpusPerPrice === 1 ? t('catalog.perGpu') : t('catalog.perInstance', { count: offer.gpusPerPrice })}
      </td>
      <td className="nowrap">{t(`granularity.${offer.granularity}`)}</td>
      <td className="observed">{offer.observedAt === UNDATED ? t('catalog.undated') : offer.observedAt || '—'}</td>
      <td className="source" title={offer.source}>
        {offer.source === USER_SOURCE ? t('catalog.userSource') : shortenSource(offer.source, 24) || '—'}
      </td>
      <td>
        <DeleteOfferButton description={description} onConfirm={() => onDelete(offer)} />
      </td>
    </tr>
  );
});
