import type { Offer } from '../catalog';

/** An hourly CNY offer billed by the second, with whatever `fields` change (tests only). */
export function testOffer(fields: Partial<Offer> = {}): Offer {
  return {
    id: 'x',
    cardId: 'rtx-4090',
    provider: 'p',
    region: '',
    billing: 'hourly',
    price: 1.98,
    currency: 'CNY',
    gpusPerPrice: 1,
    granularity: 'second',
    observedAt: '2026',
    source: 'test',
    ...fields,
  };
}
