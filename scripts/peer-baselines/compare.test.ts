import { describe, expect, it } from 'vitest';
import { PEERS } from './adapters';
import { CARDWISE, compareAll, headToHead, summarise } from './comparison';
import { loadData } from './load-data';
import { formatReport } from './report';

const { runs, cards } = loadData();
const results = compareAll(runs, cards);

describe('Cardwise vs the public calculators on data/reference-runs.json', () => {
  it('prints the comparison table', () => {
    console.log(formatReport(runs, results));
    expect(results.some((r) => r.estimator === CARDWISE)).toBe(true);
  });

  it('covers more core peak rows than any peer', () => {
    const core = (id: string): number => summarise(results.filter((r) => r.estimator === id && r.core)).rows;
    expect(core(CARDWISE)).toBeGreaterThan(100);
    for (const peer of PEERS) expect(core(CARDWISE)).toBeGreaterThan(core(peer.id));
  });

  it.each(PEERS.map((p) => p.id))('core rows that %s also covers: Cardwise has the lower median |error|', (peerId) => {
    const h = headToHead(results, peerId, true);
    expect(h.rows).toBeGreaterThan(10);
    expect(h.cardwise.medianAbsPct).toBeLessThan(h.peer.medianAbsPct);
  });

  it.each(PEERS.map((p) => p.id))('all rows that %s also covers: Cardwise has the lower median |error|', (peerId) => {
    const h = headToHead(results, peerId, false);
    expect(h.cardwise.medianAbsPct).toBeLessThan(h.peer.medianAbsPct);
  });
});
