import { describe, expect, it } from 'vitest';
import { msg } from '../../../src-main/domain/messages';
import { billStacks, cheapestOption, optionId, visibleLines, type PlanOptionRow } from './bill';

const option = (over: Partial<PlanOptionRow>): PlanOptionRow => ({
  provider: 'AutoDL',
  billing: 'hourly',
  label: msg('plan.label.onDemand', { provider: 'AutoDL', granularity: msg('plan.granularity.second') }),
  currency: 'CNY',
  total: 32.52,
  lines: [
    { item: 'setup', amount: 2.97, detail: msg('plan.line.compute', { hours: 1, rate: 1 }) },
    { item: 'compute', amount: 28.12, detail: msg('plan.line.compute', { hours: 1, rate: 1 }) },
    { item: 'idle', amount: 0.99, detail: msg('plan.line.compute', { hours: 1, rate: 1 }) },
    { item: 'storage', amount: 0.44, detail: msg('plan.line.compute', { hours: 1, rate: 1 }) },
    { item: 'egress', amount: 0, detail: msg('plan.line.compute', { hours: 1, rate: 1 }) },
  ],
  hours: 16.2,
  notes: [],
  offerId: 'autodl-rtx-4090-hourly',
  userSupplied: false,
  likelyTotal: null,
  ...over,
});

describe('bill helpers', () => {
  it('finds the cheapest option, first one on a tie', () => {
    const a = option({});
    const b = option({ provider: 'Other', total: 20.53 });
    const c = option({ provider: 'Third', total: 20.53 });
    expect(cheapestOption([a, b, c])).toBe(optionId(b));
    expect(cheapestOption([])).toBeUndefined();
  });

  it('drops zero extras but keeps zero setup inside a package', () => {
    const pkg = option({
      billing: 'monthly',
      lines: [
        { item: 'package', amount: 6500, detail: msg('plan.line.compute', { hours: 1, rate: 1 }) },
        { item: 'setup', amount: 0, detail: msg('plan.line.setupInPackage', { hours: 0 }) },
        { item: 'snapshot', amount: 0, detail: msg('plan.line.compute', { hours: 1, rate: 1 }) },
      ],
    });
    expect(visibleLines(pkg).map((l) => l.item)).toEqual(['package', 'setup']);
  });

  it('stacks compute first and leaves out empty parts; the parts add up to the total', () => {
    const [stack] = billStacks([option({})]);
    expect(stack!.parts.map((p) => p.item)).toEqual(['compute', 'setup', 'idle', 'storage']);
    expect(stack!.parts.reduce((s, p) => s + p.amount, 0)).toBeCloseTo(32.52, 9);
  });
});
