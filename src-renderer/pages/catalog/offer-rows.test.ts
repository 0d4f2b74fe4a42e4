import { describe, expect, it } from 'vitest';
import type { Card, Offer } from '../../../src-main/domain/catalog';
import { USER_SOURCE, exampleDates, sortOffers } from './offer-rows';

const offer = (
  id: string,
  cardId: string,
  billing: Offer['billing'],
  price: number,
  observedAt: string,
  source = 'https://example.com',
): Offer => ({
  id,
  cardId,
  provider: 'P',
  region: '',
  billing,
  price,
  currency: 'CNY',
  gpusPerPrice: 1,
  granularity: 'second',
  observedAt,
  source,
});
const cards = [{ id: 'rtx-3090' }, { id: 'rtx-4090' }] as Card[];

describe('sortOffers', () => {
  it('orders by card, then billing period, then price', () => {
    const sorted = sortOffers(
      [
        offer('a', 'rtx-4090', 'hourly', 2, '2026-01-01'),
        offer('b', 'rtx-3090', 'monthly', 900, '2026-01-01'),
        offer('c', 'rtx-3090', 'hourly', 1.5, '2026-01-01'),
        offer('d', 'rtx-3090', 'hourly', 1.2, '2026-01-01'),
      ],
      cards,
    );
    expect(sorted.map((o) => o.id)).toEqual(['d', 'c', 'b', 'a']);
  });
});

describe('exampleDates', () => {
  it('gives the range of seeded dates and ignores user rows', () => {
    expect(
      exampleDates([
        offer('a', 'x', 'hourly', 1, '2026-09-20'),
        offer('b', 'x', 'hourly', 1, '2026-05-27'),
        offer('u', 'x', 'hourly', 1, '2030-01-01', USER_SOURCE),
      ]),
    ).toBe('2026-05-27 – 2026-09-20');
    expect(
      exampleDates([
        offer('a', 'x', 'hourly', 1, '2026-09-20'),
        offer('n', 'x', 'hourly', 1, 'undated (snapshot ≈2026)'),
      ]),
    ).toBe('2026-09-20');
    expect(exampleDates([])).toBeNull();
  });
});
