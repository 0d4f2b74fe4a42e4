import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Card, Offer } from '../../../src-main/domain/catalog';
import { Toast } from '../../components/Toast';
import { useApp } from '../../lib/app-context';
import { useCatalog } from '../../lib/catalog';
import { send } from '../../lib/queries';
import { AddOfferForm } from './AddOfferForm';
import { CardForm } from './CardForm';
import { CardSpecsTable } from './CardSpecsTable';
import { exampleDates, isUserOffer, sortOffers, type OfferOrigin } from './offer-rows';
import { OffersTable } from './OffersTable';

/** The cards and the prices to rent them; prices are editable because they go stale fast. */
export function CatalogPage() {
  const { t } = useTranslation();
  const { reportError, setPageState } = useApp();
  const { cards, offers, loaded, failed, offersFetching } = useCatalog();
  // Rows changed in this session; added rows are recognised by their source.
  const [editedIds, setEditedIds] = useState<ReadonlySet<string>>(new Set());

  useEffect(() => {
    if (loaded) setPageState(failed ? 'error' : 'ready');
  }, [loaded, failed, setPageState]);

  const cardName = (cardId: string) => cards.find((card) => card.id === cardId)?.name ?? cardId;
  const originOf = (offer: Offer): OfferOrigin =>
    isUserOffer(offer) ? 'user' : editedIds.has(offer.id) ? 'edited' : 'example';
  // Stable, so the memoised rows and the card table do not render again for an edit elsewhere.
  const onSaved = useCallback((saved: Offer) => setEditedIds((ids) => new Set(ids).add(saved.id)), []);
  const onDelete = useCallback(
    (offer: Offer) => {
      send('offers:delete', { id: offer.id }).catch(reportError);
    },
    [reportError],
  );
  const dates = exampleDates(offers);
  // What a card delete takes back on Undo: read when it is asked, not a dependency of the handler.
  const offersNow = useRef(offers);
  useEffect(() => {
    offersNow.current = offers;
  }, [offers]);

  // The card form: closed, adding (null) or editing a card; a new key starts it afresh.
  const [cardForm, setCardForm] = useState<{ editing: Card | null; key: number } | null>(null);
  const formRef = useRef<HTMLDivElement>(null);
  const openCardForm = useCallback((editing: Card | null) => {
    setCardForm({ editing, key: Date.now() });
    window.requestAnimationFrame(() => formRef.current?.scrollIntoView({ block: 'start', behavior: 'smooth' }));
  }, []);
  // As on the Runs page: a delete says so, with Undo (the card and its offers come back).
  // The message is an i18n key and its card, translated when shown (it follows a language switch).
  const [toast, setToast] = useState<{
    id: number;
    message: string;
    card: string;
    deleted?: { card: Card; offers: Offer[] };
  }>();
  const closeToast = useCallback(() => setToast(undefined), []);
  const deleteCard = useCallback(
    (card: Card) => {
      const itsOffers = offersNow.current.filter((offer) => offer.cardId === card.id);
      send('cards:delete', { id: card.id })
        .then(() => {
          setCardForm((form) => (form?.editing?.id === card.id ? null : form));
          setToast({
            id: Date.now(),
            message: 'cardForm.deleted',
            card: card.name,
            deleted: { card, offers: itsOffers },
          });
        })
        .catch(reportError);
    },
    [reportError],
  );
  const undoDelete = async ({ card, offers: itsOffers }: { card: Card; offers: Offer[] }) => {
    setToast(undefined);
    try {
      await send('cards:save', card);
      for (const { id: _id, ...offer } of itsOffers) await send('offers:add', offer);
      setToast({ id: Date.now(), message: 'cardForm.restored', card: card.name });
    } catch (error) {
      reportError(error);
    }
  };

  return (
    <div className="catalog">
      <section className="panel" aria-labelledby="cards-title">
        <div className="catalog-head">
          <h2 id="cards-title">{t('catalog.cardsTitle')}</h2>
          <button type="button" className="button-primary" onClick={() => openCardForm(null)}>
            {t('cardForm.addButton')}
          </button>
        </div>
        <CardSpecsTable cards={cards} onEdit={openCardForm} onDelete={deleteCard} />
        <p className="muted small">{t('catalog.specsNote')}</p>
        <div ref={formRef}>
          {cardForm ? (
            <CardForm
              key={cardForm.key}
              editing={cardForm.editing ?? undefined}
              cards={cards}
              onDone={(saved) => {
                setCardForm(null);
                if (saved) setToast({ id: Date.now(), message: 'cardForm.saved', card: saved.name });
              }}
            />
          ) : null}
        </div>
      </section>
      {/* data-state: the e2e tests and the bench's input-to-paint (lib/perf-marks.ts) see an edit land. */}
      <section className="panel" aria-labelledby="offers-title" data-state={offersFetching ? 'loading' : 'ready'}>
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
      {toast ? (
        <Toast
          key={toast.id}
          message={t(toast.message, { card: toast.card })}
          closeLabel={t('runs.toast.close')}
          onClose={closeToast}
          action={
            toast.deleted ? { label: t('runs.toast.undo'), onClick: () => void undoDelete(toast.deleted!) } : undefined
          }
        />
      ) : null}
    </div>
  );
}
