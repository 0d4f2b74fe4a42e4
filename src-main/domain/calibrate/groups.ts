import type { EstimateInput } from '../estimate/input';
import { msg, type Message } from '../messages';
import type { ThroughputKind } from './types';

/**
 * The groups calibration is validated and switched in: memory per method, training speed per method,
 * decode and prefill speed. Leave-one-source-out on the published runs (scripts/accuracy/calibration.ts)
 * decides per group whether the correction beats the raw estimate (validated.ts).
 */
export function calibrationGroup(
  quantity: 'memory' | 'speed',
  method: EstimateInput['method'],
  kind: ThroughputKind,
): string {
  if (quantity === 'memory') return `memory ${method}`;
  return kind === 'train' ? `train ${method}` : kind;
}

/** What the leave-one-source-out table said about one group. */
export interface GroupValidation {
  /** Held-out rows scored, and the sources they came from. */
  rows: number;
  sources: number;
  /** Held-out rows that another source's runs corrected at all (the rest kept factor 1). */
  corrected: number;
  /** Median |estimate ÷ measured − 1| of the held-out rows, raw and calibrated from the other sources. */
  rawMedian: number;
  calibratedMedian: number;
  /** Enough held-out rows were corrected to judge (scripts/accuracy/calibration.ts MIN_TESTED_ROWS). */
  tested: boolean;
  /** Calibrated beats raw on the held-out rows; an untested group stays on. */
  on: boolean;
}

export interface CalibrationValidation {
  /** The prior's weight in pseudo-runs, chosen by the same table (validated.ts says from which). */
  priorRuns: number;
  groups: Record<string, GroupValidation>;
}

/**
 * Whether the correction of `group` is on: off where held-out runs showed it does not beat the raw
 * estimate; on for a group no published source can test (a user's own runs are then the only evidence).
 */
export function groupIsOn(validation: CalibrationValidation, group: string): boolean {
  return validation.groups[group]?.on ?? true;
}

/** A group's name as the user reads it. */
export function groupLabel(group: string): Message {
  const [quantity, method] = group.split(' ');
  if (quantity === 'memory') return msg('calibration.group.memory', { method: method ?? '' });
  if (quantity === 'train') return msg('calibration.group.train', { method: method ?? '' });
  return msg(quantity === 'prefill' ? 'calibration.group.prefill' : 'calibration.group.decode');
}
