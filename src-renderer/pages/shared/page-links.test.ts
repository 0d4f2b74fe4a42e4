import { describe, expect, it } from 'vitest';
import { formFromQuery, formQuery, routeQuery } from '../../lib/url-state';
import { DEFAULT_COMPARE_FORM } from '../compare/compare-form';
import { DEFAULT_FORM, updateForm } from '../estimate/estimate-form';
import { DEFAULT_PLAN_FORM } from '../plan/plan-form';
import { COMPARE_LINK, ESTIMATE_LINK, linkedForms, PAGE_LINKS, PLAN_LINK, planHref } from './page-links';

describe('page state in the address', () => {
  it('round-trips a Compare set-up: only what differs from the defaults, restored whole', () => {
    // As the form holds it: choosing QLoRA sets its 4-bit base.
    const estimate = updateForm({ ...DEFAULT_FORM, model: 'llama-2-7b' }, 'method', 'qlora');
    const compare = { ...DEFAULT_COMPARE_FORM, tokens: '50m', sort: 'time' as const };
    const query = formQuery(compare, COMPARE_LINK, formQuery(estimate, ESTIMATE_LINK));
    expect(query.get('model')).toBe('llama-2-7b');
    expect(query.get('job.tokens')).toBe('50m');
    expect(query.has('job.epochs')).toBe(false);
    const [e, c] = linkedForms(`#token=abc#/compare?${query}`, PAGE_LINKS.compare);
    expect(e).toEqual({ form: estimate, rejected: [] });
    expect(c).toEqual({ form: compare, rejected: [] });
  });

  it('falls back to the default for a value a link cannot use, and names it', () => {
    const query = routeQuery('#/estimate?method=fly&batchSize=-3&seqLen=4096&colour=red');
    const linked = formFromQuery(query, ESTIMATE_LINK)!;
    expect(linked.form.method).toBe(DEFAULT_FORM.method);
    expect(linked.form.batchSize).toBe(DEFAULT_FORM.batchSize);
    expect(linked.form.seqLen).toBe('4096');
    expect(linked.rejected.sort()).toEqual(['batchSize', 'colour', 'method']);
    const compare = formFromQuery(routeQuery('#/compare?job.tokens=lots&job.gpuCounts=0'), COMPARE_LINK)!;
    expect(compare.form.tokens).toBe(DEFAULT_COMPARE_FORM.tokens);
    expect(compare.rejected).toContain('job.tokens');
  });

  it("sets a link's values as the form's controls do: a method brings the values that follow it", () => {
    const linked = formFromQuery(routeQuery('#/compare?method=qlora&job.tokens=50m'), ESTIMATE_LINK)!;
    expect(linked.form).toEqual(updateForm(DEFAULT_FORM, 'method', 'qlora'));
    expect(linked.form.precision).toBe('int4');
    expect(linked.rejected).toEqual([]);
    // A value the link gives itself stays as given, even where it would follow.
    const fp32 = formFromQuery(routeQuery('#/estimate?method=full&precision=fp32'), ESTIMATE_LINK)!;
    expect(fp32.form.precision).toBe('fp32');
  });

  it('reads no form from an address without its keys', () => {
    expect(formFromQuery(routeQuery('#/plan'), PLAN_LINK)).toBeNull();
    expect(formFromQuery(routeQuery('#/plan?plan.card=a800-80gb'), ESTIMATE_LINK)).toBeNull();
  });

  it('links "Plan this" to the Plan form under plan., provider names with spaces and CJK included', () => {
    const href = planHref({ card: 'rtx-4090', gpus: 2, provider: '算家 云', currency: 'USD' });
    const [, , plan] = linkedForms(href, PAGE_LINKS.plan);
    expect(plan).toEqual({
      form: { ...DEFAULT_PLAN_FORM, card: 'rtx-4090', gpus: '2', provider: '算家 云', currency: 'USD' },
      rejected: [],
    });
    expect(formFromQuery(routeQuery('#/plan?plan.gpus=0&plan.currency=EUR'), PLAN_LINK)!.rejected.sort()).toEqual([
      'plan.currency',
      'plan.gpus',
    ]);
  });
});
