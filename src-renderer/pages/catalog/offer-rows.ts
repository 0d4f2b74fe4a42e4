import { billingSchema, type Card, type Offer } from '../../../src-main/domain/catalog';

/** The source written on offers added in this app, shown as "added by you". */
export const USER_SOURCE = 'user';

/** How a row came to be, for the marker in the table. */
export type OfferOrigin = 'example' | 'edited' | 'user';

/** An offer the user typed in (as opposed to a seeded example). */
export function isUserOffer(offer: Offer): boolean {
  return offer.source === USER_SOURCE;
}

/** Offers in catalog order of their card, then billing period, then price. */
export function sortOffers(offers: readonly Offer[], cards: readonly Card[]): Offer[] {
  const cardOrder = (id: string) => {
    const index = cards.findIndex((card) => card.id === id);
    return index < 0 ? cards.length : index;
  };
  const billingOrder = (offer: Offer) => billingSchema.options.indexOf(offer.billing);
  return [...offers].sort(
    (a, b) => cardOrder(a.cardId) - cardOrder(b.cardId) || billingOrder(a) - billingOrder(b) || a.price - b.price,
  );
}

/**
 * The observation dates of the example (seeded) prices: "2026-09-20" or "2026-05-27 – 2026-11-09".
 * Only ISO dates count; a row noted "undated" keeps its note in the table.
 */
export function exampleDates(offers: readonly Offer[]): string | null {
  const dates = offers
    .filter((offer) => !isUserOffer(offer))
    .map((offer) => /^\d{4}-\d{2}-\d{2}/.exec(offer.observedAt)?.[0])
    .filter((date): date is string => date !== undefined)
    .sort();
  const first = dates[0];
  const last = dates[dates.length - 1];
  if (!first || !last) return null;
  return first === last ? first : `${first} – ${last}`;
}
