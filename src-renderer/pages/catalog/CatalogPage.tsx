import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Card, Offer } from '../../../src-main/domain/catalog';
import { call } from '../../lib/api';
import { useApp } from '../../lib/app-context';
import { AddOfferForm } from './AddOfferForm';
import { CardSpecsTable } from './CardSpecsTable';
import { exampleDates, isUserOffer, sortOffers, type OfferOrigin } from './offer-rows';
import { OffersTable } from './OffersTable';

/** The cards and the prices to rent them; prices are editable because they go stale fast. */
export function CatalogPage() {
  const { t } = useTranslation();
  const { reportError, setPageState } = useApp();
  const [cards, setCards] = useState<Card[]>([]);
  const [offers, setOffers] = useState<Offer[]>([]);
  // Rows changed in this session; added rows are recognised by their source.
  const [editedIds, setEditedIds] = useState<ReadonlySet<string>>(new Set());

  useEffect(() => {
    Promise.all([call('cards:list'), call('offers:list')])
      .then(([cardList, offerList]) => {
        setCards(cardList.cards);
        setOffers(offerList.offers);
        setPageState('ready');
      })
      .catch((error: unknown) => {
        reportError(error);
        setPageState('error');
      });
  }, [reportError, setPageState]);

  const cardName = (cardId: string) => cards.find((card) => card.id === cardId)?.name ?? cardId;
  const originOf = (offer: Offer): OfferOrigin =>
    isUserOffer(offer) ? 'user' : editedIds.has(offer.id) ? 'edited' : 'example';
  const onSaved = (saved: Offer) => {
    setOffers((list) => list.map((o) => (o.id === saved.id ? saved : o)));
    setEditedIds((ids) => new Set(ids).add(saved.id));
  };
  const onDelete = (offer: Offer) => {
    call('offers:delete', { id: offer.id })
      .then(() => setOffers((list) => list.filter((o) => o.id !== offer.id)))
      .catch(reportError);
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
        {cards.length > 0 ? (
          <AddOfferForm cards={cards} onAdded={(offer) => setOffers((list) => [...list, offer])} />
        ) : null}
      </section>
    </div>
  );
}
