/** Formats the comparison of Cardwise and the peers as plain-text tables. */
import { PEERS } from './adapters';
import {
  ESTIMATORS,
  headToHead,
  oomHeadToHead,
  oomSummary,
  summarise,
  unsupportedReasons,
  type ReferenceRun,
  type RowResult,
} from './comparison';

const pct = (x: number): string => (Number.isNaN(x) ? '—' : `${x.toFixed(1)}%`);
const share = (x: number, n: number): string => (n === 0 ? '—' : `${(100 * x).toFixed(0)}%`);

function mainTable(results: RowResult[]): string {
  const head = `${'estimator'.padEnd(27)} ${'core n'.padStart(6)} ${'strict'.padStart(6)} ${'med|err|'.padStart(9)} ${'±20%'.padStart(5)} │ ${'all n'.padStart(5)} ${'strict'.padStart(6)} ${'med|err|'.padStart(9)} ${'±20%'.padStart(5)} ${'med err'.padStart(8)} │ ${'OOM caught'.padStart(10)} ${'false alarm'.padStart(11)}`;
  const lines = ESTIMATORS.map((id) => {
    const mine = results.filter((r) => r.estimator === id);
    const peak = mine.filter((r) => r.errorFraction !== null);
    const core = summarise(peak.filter((r) => r.core));
    const all = summarise(peak);
    const coreStrict = peak.filter((r) => r.core && r.strict).length;
    const allStrict = peak.filter((r) => r.strict).length;
    const o = oomSummary(mine);
    return `${id.padEnd(27)} ${String(core.rows).padStart(6)} ${String(coreStrict).padStart(6)} ${pct(core.medianAbsPct).padStart(9)} ${share(core.within20, core.rows).padStart(5)} │ ${String(all.rows).padStart(5)} ${String(allStrict).padStart(6)} ${pct(all.medianAbsPct).padStart(9)} ${share(all.within20, all.rows).padStart(5)} ${pct(all.medianSignedPct).padStart(8)} │ ${`${o.caught}/${o.oomRows}`.padStart(10)} ${`${o.falseAlarms}/${o.ranRows}`.padStart(11)}`;
  });
  return [head, ...lines].join('\n');
}

function methodTable(results: RowResult[]): string {
  const methods = ['inference', 'full', 'lora', 'qlora'] as const;
  const head = `${'estimator × method (all rows)'.padEnd(27)} ${methods.map((m) => `${m.padStart(9)} n  med|err| ±20%`).join(' │ ')}`;
  const lines = ESTIMATORS.map((id) => {
    const cells = methods.map((m) => {
      const s = summarise(results.filter((r) => r.estimator === id && r.method === m && r.errorFraction !== null));
      return s.rows === 0
        ? `${'—'.padStart(11)}${''.padStart(16)}`
        : `${String(s.rows).padStart(11)} ${pct(s.medianAbsPct).padStart(9)} ${share(s.within20, s.rows).padStart(5)}`;
    });
    return `${id.padEnd(27)} ${cells.join(' │ ')}`;
  });
  return [head, ...lines].join('\n');
}

function headToHeadTable(results: RowResult[]): string {
  const head = `${'head to head (same rows)'.padEnd(27)} ${'core n'.padStart(6)} ${'peer'.padStart(8)} ${'Cardwise'.padStart(9)} │ ${'all n'.padStart(5)} ${'peer'.padStart(8)} ${'Cardwise'.padStart(9)} │ ${'OOM caught peer/Cardwise'.padStart(24)} │ ${'false alarms peer/Cardwise'.padStart(26)}`;
  const lines = PEERS.map((p) => {
    const c = headToHead(results, p.id, true);
    const a = headToHead(results, p.id, false);
    const o = oomHeadToHead(results, p.id);
    const caught = `${o.peer.caught} / ${o.cardwise.caught} of ${o.peer.oomRows}`;
    const alarms = `${o.peer.falseAlarms} / ${o.cardwise.falseAlarms} of ${o.peer.ranRows}`;
    return `${p.id.padEnd(27)} ${String(c.rows).padStart(6)} ${pct(c.peer.medianAbsPct).padStart(8)} ${pct(c.cardwise.medianAbsPct).padStart(9)} │ ${String(a.rows).padStart(5)} ${pct(a.peer.medianAbsPct).padStart(8)} ${pct(a.cardwise.medianAbsPct).padStart(9)} │ ${caught.padStart(24)} │ ${alarms.padStart(26)}`;
  });
  return [head, ...lines].join('\n');
}

function methodHeadToHead(results: RowResult[]): string {
  const methods = ['inference', 'full', 'lora', 'qlora'] as const;
  const head = `${'same rows, by method (all)'.padEnd(27)} ${methods.map((m) => `${m.padStart(9)} n  peer  Cardwise`).join(' │ ')}`;
  const lines = PEERS.map((p) => {
    const cells = methods.map((m) => {
      const h = headToHead(results, p.id, false, m);
      return h.rows === 0
        ? `${'—'.padStart(11)}${''.padStart(16)}`
        : `${String(h.rows).padStart(11)} ${pct(h.peer.medianAbsPct).padStart(6)} ${pct(h.cardwise.medianAbsPct).padStart(9)}`;
    });
    return `${p.id.padEnd(27)} ${cells.join(' │ ')}`;
  });
  return [head, ...lines].join('\n');
}

function coverageNotes(runs: ReferenceRun[]): string {
  const reasons = unsupportedReasons(runs);
  return PEERS.map((p) => {
    const list = [...(reasons.get(p.id) ?? new Map<string, number>()).entries()].sort((a, b) => b[1] - a[1]);
    return `  ${p.id} (${p.source}) not supported: ${list.map(([why, n]) => `${n}× ${why}`).join('; ') || 'none'}`;
  }).join('\n');
}

/** The full printed report. */
export function formatReport(runs: ReferenceRun[], results: RowResult[]): string {
  return [
    'Peak-memory error on data/reference-runs.json (error = (predicted − measured)/measured).',
    'Cardwise: allocated rows vs perGpu.allocatedBytes, reserved vs totalBytes − CUDA context, others vs perGpu.totalBytes.',
    'Peers predict one total: compared with the measured number as is, whatever the meter.',
    '"strict" = rows where the peer ignored none of the row settings (batch/seq, GQA, FlashAttention, checkpointing, LoRA rank…).',
    'OOM caught = published OOM rows predicted not to fit their card (Cardwise: default 10 % headroom; peers: total > card memory).',
    'false alarm = runs that ran on a known card but are predicted not to fit.',
    'Head to head: median |error| of the peer and of Cardwise on the same peak rows; fit verdicts on the same rows.',
    '',
    mainTable(results),
    '',
    methodTable(results),
    '',
    headToHeadTable(results),
    '',
    methodHeadToHead(results),
    '',
    'Coverage (peak and OOM rows a peer cannot express):',
    coverageNotes(runs),
  ].join('\n');
}
