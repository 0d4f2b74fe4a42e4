import { describe, expect, it } from 'vitest';
import { parsePlanLink, planHref } from './plan-link';

describe('plan links', () => {
  it('round-trips a candidate from Compare, provider names with spaces and CJK included', () => {
    const link = {
      card: 'rtx-4090',
      gpus: 2,
      provider: '算家云',
      currency: 'CNY',
      hours: 14.2,
    } as const;
    const href = planHref(link);
    expect(href.startsWith('#/plan?card=rtx-4090&gpus=2&provider=')).toBe(true);
    expect(parsePlanLink(href)).toEqual(link);
  });

  it('rounds hours to two decimals and leaves out what is absent', () => {
    expect(planHref({ card: 'a800-80gb', hours: 9.570212 })).toBe('#/plan?card=a800-80gb&hours=9.57');
    expect(planHref({})).toBe('#/plan');
    expect(parsePlanLink('#/plan')).toEqual({});
  });

  it('drops values that make no sense', () => {
    expect(parsePlanLink('#/plan?card=RTX%204090&gpus=0&currency=EUR&hours=-3')).toEqual({});
    expect(parsePlanLink('#/plan?gpus=2.5&hours=abc')).toEqual({});
    expect(parsePlanLink('#/plan?currency=usd&gpus=8')).toEqual({ currency: 'USD', gpus: 8 });
  });
});
