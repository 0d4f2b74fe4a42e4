import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Offer } from '../../../src-main/domain/catalog';
import { useApp } from '../../lib/app-context';
import { useCatalog } from '../../lib/catalog';
import { send } from '../../lib/queries';
import { AddOfferForm } from './AddOfferForm';
import { CardSpecsTable } from './CardSpecsTable';
import { exampleDates, isUserOffer, sortOffers, type OfferOrigin } from './offer-rows';
import { OffersTable } from './OffersTable';

/** The cards and the prices to rent them; prices are editable because they go stale fast. */
export function CatalogPage() {
  const { t } = useTranslation();
  const { reportError, setPageState } = useApp();
  const { cards, offers, loaded, failed } = useCatalog();
  // Rows changed in this session; added rows are recognised by their source.
  const [editedIds, setEditedIds] = useState<ReadonlySet<string>>(new Set());

  useEffect(() => {
    if (loaded) setPageState(failed ? 'error' : 'ready');
  }, [loaded, failed, setPageState]);

  const cardName = (cardId: string) => cards.find((card) => card.id === cardId)?.name ?? cardId;
  const originOf = (offer: Offer): OfferOrigin =>
    isUserOffer(offer) ? 'user' : editedIds.has(offer.id) ? 'edited' : 'example';
  const onSaved = (saved: Offer) => setEditedIds((ids) => new Set(ids).add(saved.id));
  const onDelete = (offer: Offer) => {
    send('offers:delete', { id: offer.id }).catch(reportError);
  };
  const dates = exampleDates(offers);

  return (
    <div className="catalog">
      <section className="panel" aria-labelledby="cards-title">
        <h2 id="cards-title">{t('catalog.cardsTitle')}</h2>
        <CardSpecsTable cards={cards} />
        <p className="muted small">{t('catalog.specsNote')}</p>
      </section>
      <section className="panel" aria-labelledby="offers-title">
        <h2 id="offers-title">{t('catalog.offersTitle')}</h2>
        <p className="note">{dates ? t('catalog.examplesNote', { dates }) : t('catalog.examplesNoteUndated')}</p>
        <OffersTable
          offers={sortOffers(offers, cards)}
          cardName={cardName}
          originOf={originOf}
          onSaved={onSaved}
          onDelete={onDelete}
        />
        {cards.length > 0 ? <AddOfferForm cards={cards} /> : null}
      </section>
    </div>
  );
}
