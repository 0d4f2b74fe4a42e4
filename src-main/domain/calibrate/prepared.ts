import type { ModelPreset } from '../catalog';
import type { EstimateInput } from '../estimate/input';
import { bytesOnMeter } from '../estimate/meter';
import { clampLog } from './fit';
import { kindKey, resolveConfig, type Resolved } from './similarity';
import { flaggable, groupKey, spreadFlag, type ThroughputFlag } from './throughput-flags';
import type { CalibrationRun, RunOrigin, ThroughputKind } from './types';

/**
 * The logged runs summarised for calibration: runs of the same card, GPU count, configuration,
 * throughput kind and origin weigh the same for any target, so they are resolved and weighed once
 * as a group holding their sorted log ratios. An estimate then visits the groups of its card family
 * and method only (issue 16: an estimate stays instant with 100k runs logged).
 */
export interface RunGroup {
  card: string;
  gpus: number;
  config: EstimateInput;
  resolved: Resolved | null;
  kind: ThroughputKind;
  origin: RunOrigin;
  /** Sorted, clamped ln(measured ÷ predicted) of memory and of speed. */
  memory: Float64Array;
  speed: Float64Array;
  /** Runs with a memory or a speed ratio (the "based on N runs" count). */
  used: number;
  oomIds: string[];
  /** Disagreeing speeds among the runs of this configuration on this card (both origins). */
  flags: ThroughputFlag[];
}

export interface PreparedRuns {
  /** Groups by kindKey (card family, method, weight format): only these can weigh for each other. */
  byKind: Map<string, RunGroup[]>;
}

function finitePositive(x: number | null | undefined): x is number {
  return typeof x === 'number' && Number.isFinite(x) && x > 0;
}

export function kindOf(method: EstimateInput['method'], kind: ThroughputKind | undefined): ThroughputKind {
  return kind ?? (method === 'inference' ? 'decode' : 'train');
}

/** ln(measured ÷ predicted) on the meter the run used; null when the run says nothing about memory. */
export function memoryLogRatio(run: CalibrationRun): number | null {
  if (run.outcome === 'oom' || run.memoryMeter === null || run.predictedMemoryBytes === null) return null;
  // The part of the prediction the run's meter shows: allocated for torch's peak allocated, total minus the CUDA
  // context for torch's reserved, the total for nvidia-smi.
  const predicted = bytesOnMeter(run.memoryMeter, run.predictedMemoryBytes);
  if (!finitePositive(run.measuredMemoryBytes) || !finitePositive(predicted)) return null;
  return Math.log(run.measuredMemoryBytes / predicted);
}

/** ln(measured ÷ predicted) tokens/s; crashed runs may have stalled, OOM runs never ran at speed. */
export function speedLogRatio(run: CalibrationRun): number | null {
  if (run.outcome !== 'ok' && run.outcome !== 'preempted') return null;
  if (!finitePositive(run.measuredTokensPerSecond) || !finitePositive(run.predictedTokensPerSecond)) return null;
  return Math.log(run.measuredTokensPerSecond / run.predictedTokensPerSecond);
}

interface Building {
  group: Omit<RunGroup, 'memory' | 'speed' | 'flags'>;
  memory: number[];
  speed: number[];
  flagKey: string;
}

const sorted = (values: number[]) => Float64Array.from(values.map(clampLog)).sort();

/** The runs grouped as above; `presets` size a model given by preset id. */
export function prepareRuns(runs: readonly CalibrationRun[], presets: ModelPreset[]): PreparedRuns {
  const building = new Map<string, Building>();
  const resolvedByText = new Map<string, Resolved | null>();
  const flagRuns = new Map<string, CalibrationRun[]>();
  for (const run of runs) {
    const kind = kindOf(run.config.method, run.throughputKind);
    const text = JSON.stringify(run.config);
    const key = `${run.card}|${run.gpus}|${kind}|${run.origin}|${text}`;
    let entry = building.get(key);
    if (!entry) {
      let resolved = resolvedByText.get(text);
      if (resolved === undefined) {
        resolved = resolveConfig(run.config, presets);
        resolvedByText.set(text, resolved);
      }
      entry = {
        group: {
          card: run.card,
          gpus: run.gpus,
          config: run.config,
          resolved,
          kind,
          origin: run.origin,
          used: 0,
          oomIds: [],
        },
        memory: [],
        speed: [],
        flagKey: groupKey(run),
      };
      building.set(key, entry);
    }
    if (run.outcome === 'oom') entry.group.oomIds.push(run.id);
    const memory = memoryLogRatio(run);
    const speed = speedLogRatio(run);
    if (memory !== null) entry.memory.push(memory);
    if (speed !== null) entry.speed.push(speed);
    if (memory !== null || speed !== null) entry.group.used += 1;
    if ((memory !== null || speed !== null) && flaggable(run)) {
      const same = flagRuns.get(entry.flagKey);
      if (same) same.push(run);
      else flagRuns.set(entry.flagKey, [run]);
    }
  }
  const flagsByKey = new Map<string, ThroughputFlag[]>();
  for (const [key, same] of flagRuns) {
    const flag = spreadFlag(same);
    if (flag) flagsByKey.set(key, [flag]);
  }
  const byKind = new Map<string, RunGroup[]>();
  for (const entry of building.values()) {
    const kindGroup = kindKey(entry.group.card, entry.group.resolved);
    if (kindGroup === null) continue;
    const group: RunGroup = {
      ...entry.group,
      memory: sorted(entry.memory),
      speed: sorted(entry.speed),
      flags: flagsByKey.get(entry.flagKey) ?? [],
    };
    const list = byKind.get(kindGroup);
    if (list) list.push(group);
    else byKind.set(kindGroup, [group]);
  }
  return { byKind };
}

/** prepareRuns, once per runs array and presets (the handler hands out the same array until a write). */
export function preparedFor(runs: readonly CalibrationRun[], presets: ModelPreset[]): PreparedRuns {
  const known = cache.get(runs);
  if (known?.presets === presets) return known.prepared;
  const prepared = prepareRuns(runs, presets);
  cache.set(runs, { presets, prepared });
  return prepared;
}

const cache = new WeakMap<readonly CalibrationRun[], { presets: ModelPreset[]; prepared: PreparedRuns }>();
