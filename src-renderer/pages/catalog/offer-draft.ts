import { offerSchema, type Card, type Offer } from '../../../src-main/domain/catalog';
import { USER_SOURCE } from './offer-rows';

/** The add-offer form as typed: numbers stay strings until submit. */
export interface OfferDraft {
  cardId: string;
  provider: string;
  region: string;
  billing: Offer['billing'];
  price: string;
  currency: Offer['currency'];
  gpusPerPrice: string;
  granularity: Offer['granularity'];
}

/** An empty draft for the first card. */
export function blankDraft(cards: readonly Card[]): OfferDraft {
  const cardId = cards[0]?.id ?? '';
  return {
    cardId,
    provider: '',
    region: '',
    billing: 'hourly',
    price: '',
    currency: 'CNY',
    gpusPerPrice: '1',
    granularity: 'second',
  };
}

const newOfferSchema = offerSchema.omit({ id: true });
export type NewOffer = ReturnType<typeof newOfferSchema.parse>;

/** i18n key of the message for a field that fails the local check. */
const MESSAGE_KEY: Record<string, string> = {
  provider: 'validation.required',
  price: 'validation.positive',
  gpusPerPrice: 'validation.gpusPerPrice',
};

/**
 * The `offers:add` input for a draft, dated today and marked as the user's, or the first
 * field at fault with the i18n key of its message.
 */
export function draftToOffer(
  draft: OfferDraft,
  today: string,
): { ok: true; offer: NewOffer } | { ok: false; field: string; messageKey: string } {
  const parsed = newOfferSchema.safeParse({
    ...draft,
    provider: draft.provider.trim(),
    region: draft.region.trim(),
    price: draft.price.trim() === '' ? Number.NaN : Number(draft.price),
    gpusPerPrice: draft.gpusPerPrice.trim() === '' ? Number.NaN : Number(draft.gpusPerPrice),
    observedAt: today,
    source: USER_SOURCE,
  });
  if (parsed.success) return { ok: true, offer: parsed.data };
  const field = String(parsed.error.issues[0]?.path[0] ?? '');
  return { ok: false, field, messageKey: MESSAGE_KEY[field] ?? 'validation.invalid' };
}
