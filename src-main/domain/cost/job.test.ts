import { describe, expect, it } from 'vitest';
import type { Offer } from '../catalog';
import { testOffer } from './offer.testkit';
import { jobCost, jobHours, jobTokens } from './job';

const offer = (o: Partial<Offer>): Offer => testOffer({ cardId: 'a100-80gb', price: 10, ...o });

describe('job time', () => {
  it('tokens × epochs ÷ tokens/s ÷ 3600', () => {
    expect(jobTokens({ tokens: 36e6, epochs: 3 })).toBe(108e6);
    expect(jobTokens({})).toBeNull();
    expect(jobHours(108e6, 10_000)).toBe(3);
  });
});

describe('job cost by billing granularity', () => {
  it('whole started hours: 2.01 h is billed as 3 h', () => {
    const c = jobCost(offer({ granularity: 'hour' }), 1, 2.01);
    expect(c.billedHours).toBe(3);
    expect(c.cost).toBe(30);
  });

  it('exactly 2 h with float noise is not rounded up to 3 h', () => {
    expect(jobCost(offer({ granularity: 'hour' }), 1, (0.1 + 0.2) * (20 / 3)).billedHours).toBe(2);
  });

  it('per minute: 61 s → 2 minutes; per second: exact', () => {
    expect(jobCost(offer({ granularity: 'minute', price: 6 }), 1, 61 / 3600).cost).toBe(0.2);
    expect(jobCost(offer({ granularity: 'second', price: 3.6 }), 2, 100 / 3600).cost).toBe(0.2);
  });

  it('scales with the number of GPUs and divides instance prices', () => {
    expect(jobCost(offer({ price: 10 }), 4, 1).cost).toBe(40);
    expect(jobCost(offer({ price: 80, gpusPerPrice: 8 }), 8, 1).cost).toBe(80);
  });

  it('packages are bought whole: 25 h on a daily package = 2 days; 1 h on a monthly = one month', () => {
    const daily = jobCost(offer({ billing: 'daily', price: 200 }), 1, 25);
    expect(daily.packages).toBe(2);
    expect(daily.billedHours).toBe(48);
    expect(daily.cost).toBe(400);
    expect(jobCost(offer({ billing: 'monthly', price: 6500 }), 2, 1).cost).toBe(13000);
    expect(jobCost(offer({ billing: 'weekly', price: 1000 }), 1, 168).packages).toBe(1);
  });

  it('rounds money to the fen', () => {
    expect(jobCost(offer({ price: 1.98 }), 1, 1 / 3).cost).toBe(0.66);
  });
});
