import { describe, expect, it } from 'vitest';
import { DEFAULT_FORM, toEstimateInput } from '../estimate/estimate-form';
import { chartPoints, groupExcluded, paretoLine, placeLabels, type Candidate } from './chart-points';
import { DEFAULT_COMPARE_FORM, parseGpuCounts, reviveCompareForm, toRankInput, toggleGpuCount } from './compare-form';
import { msg } from '../../../src-main/domain/messages';
import { testCandidate } from '../../../src-main/domain/cost/candidate.testkit';

const estimate = toEstimateInput(DEFAULT_FORM);

describe('toRankInput', () => {
  it('reads token counts the way people write them', () => {
    expect(toRankInput(estimate, { ...DEFAULT_COMPARE_FORM, tokens: '200m' }).input?.workload).toEqual({
      tokens: 2e8,
      epochs: 1,
      tokensPerSample: estimate.tokensPerSample,
    });
    expect(toRankInput(estimate, { ...DEFAULT_COMPARE_FORM, tokens: '1.5b', epochs: '3' }).input?.workload).toEqual({
      tokens: 1.5e9,
      epochs: 3,
      tokensPerSample: estimate.tokensPerSample,
    });
  });

  it('sends the options and leaves out empty optional fields', () => {
    const { input } = toRankInput(estimate, { ...DEFAULT_COMPARE_FORM, tokens: '', epochs: '', billing: 'spot' });
    // The set-up's mean sample length prices 1k samples, as `cardwise rank --tokens-per-sample` does.
    expect(input?.workload).toEqual({ tokensPerSample: estimate.tokensPerSample });
    expect(estimate.tokensPerSample).toBeGreaterThan(0);
    expect(input?.options).toEqual({ gpuCounts: [1, 2, 4, 8], billing: 'spot', currency: 'CNY', sort: 'jobCost' });
    expect(input?.input).toEqual(estimate);
  });

  it('names the field that stops the ranking', () => {
    const problem = (changes: Partial<typeof DEFAULT_COMPARE_FORM>) =>
      toRankInput(estimate, { ...DEFAULT_COMPARE_FORM, ...changes }).problem?.field;
    expect(problem({ tokens: 'lots' })).toBe('tokens');
    expect(problem({ epochs: '0' })).toBe('epochs');
    expect(problem({ tokensPerSample: '1.5' })).toBe('tokensPerSample');
    expect(problem({ gpuCounts: '' })).toBe('gpuCounts');
    expect(problem({ tokens: '1e30' })).toBe('tokens');
    expect(toRankInput(estimate, { ...DEFAULT_COMPARE_FORM, epochs: '1e30' }).problem).toMatchObject({
      reason: 'range',
      message: { code: 'validation.tooBig' },
    });
    expect(toRankInput({ ...estimate, batchSize: 0 }, DEFAULT_COMPARE_FORM).problem?.field).toBe('estimate');
  });
});

describe('GPU counts', () => {
  it('parses, sorts and toggles', () => {
    expect(parseGpuCounts('8, 1,2 2')).toEqual([1, 2, 8]);
    expect(toggleGpuCount('1,2,4,8', 2, false)).toBe('1,4,8');
    expect(toggleGpuCount('8', 1, true)).toBe('1,8');
  });
  it('revives a saved form with unknown choices as defaults', () => {
    expect(reviveCompareForm({ currency: 'EUR', sort: 'time', tokens: '1b' })).toEqual({
      ...DEFAULT_COMPARE_FORM,
      sort: 'time',
      tokens: '1b',
    });
  });
});

function candidate(over: Partial<Candidate>): Candidate {
  return testCandidate({ reason: msg('rank.reason.memory', { bandwidth: 1008 }), ...over });
}

describe('chart points', () => {
  it('uses job cost vs job hours when there is a job', () => {
    const { points, perJob } = chartPoints([candidate({ gpus: 2, hours: 5, jobCost: 21 })]);
    expect(perJob).toBe(true);
    expect(points[0]).toMatchObject({ id: 'o:2', x: 5, y: 21, label: 'RTX 4090 ×2', billing: 'hourly' });
  });
  it('falls back to per-1M-token figures without a job', () => {
    const { points, perJob } = chartPoints([candidate({ hours: null, jobCost: null, tokensPerSecond: 2500 })]);
    expect(perJob).toBe(false);
    // 1e6 tokens at 2500 tokens/s = 400 s = 0.111 h.
    expect(points[0]!.x).toBeCloseTo(1e6 / 2500 / 3600, 12);
    expect(points[0]!.y).toBe(1);
  });
  it('orders the Pareto front from fastest to slowest and skips the rest', () => {
    const line = paretoLine([
      { id: 'slow', x: 10, y: 20, pareto: true, label: '', provider: '', billing: 'hourly' },
      { id: 'off', x: 6, y: 40, pareto: false, label: '', provider: '', billing: 'hourly' },
      { id: 'fast', x: 2.5, y: 30, pareto: true, label: '', provider: '', billing: 'hourly' },
      { id: 'mid', x: 5, y: 25, pareto: true, label: '', provider: '', billing: 'hourly' },
    ]);
    expect(line.map((p) => p.id)).toEqual(['fast', 'mid', 'slow']);
  });
});

describe('placeLabels', () => {
  it('moves a label up until it clears the ones before it', () => {
    const [a, b, c] = placeLabels([
      { x: 100, y: 200, text: 'A800 80GB SXM ×8' },
      { x: 102, y: 204, text: 'A100 80GB SXM4 ×8' },
      { x: 400, y: 200, text: 'far away' },
    ]);
    expect(a).toEqual({ x: 108, y: 192, text: 'A800 80GB SXM ×8' });
    // 204 − 8 = 196 and one line up, 184, are both within a line of 192: it lands at 172.
    expect(b!.y).toBe(172);
    expect(c).toEqual({ x: 408, y: 192, text: 'far away' });
  });
});

describe('groupExcluded', () => {
  it('joins the GPU counts of one card left out for the same reason', () => {
    const reason = msg('rank.excluded.noFit', { need: 32.8, memory: 24, usable: 21.6, headroom: 10 });
    expect(
      groupExcluded([
        { card: 'rtx-4090', gpus: 1, reason },
        { card: 'a100-40gb', gpus: 1, reason: msg('rank.excluded.noOffer', { currency: 'CNY', count: 1 }) },
        { card: 'rtx-4090', gpus: 2, reason },
      ]),
    ).toEqual([
      { card: 'rtx-4090', gpus: [1, 2], reason },
      { card: 'a100-40gb', gpus: [1], reason: msg('rank.excluded.noOffer', { currency: 'CNY', count: 1 }) },
    ]);
  });
});
