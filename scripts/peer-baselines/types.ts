import { modelShapeSchema, type ModelShape } from '../../src-main/domain/catalog';
import type { EstimateInput, ResolvedInput } from '../../src-main/domain/estimate/input';
import { fillDefaults } from '../../src-main/domain/estimate/resolve-input';

/** What one peer calculator answers for one reference row. */
export type PeerVerdict =
  | {
      supported: true;
      /** The peer's memory figure for one GPU, bytes (its single total, not split by meter). */
      perGpuBytes: number;
      /** Settings of the row the peer has no input for and silently ignores. */
      ignored: string[];
    }
  | { supported: false; reason: string };

/** A public memory calculator, re-implemented from its documented formula. */
export interface Peer {
  id: string;
  /** The peer's public source the formula was re-implemented from. */
  source: string;
  predict(input: PeerInput): PeerVerdict;
}

/** A row's input with the sizes every peer needs filled in from the field table's defaults. */
export type PeerInput = EstimateInput & Pick<ResolvedInput, 'precision' | 'batchSize' | 'seqLen'>;

export function peerInput(config: EstimateInput): PeerInput {
  const { precision, batchSize, seqLen } = fillDefaults(config);
  return { ...config, precision, batchSize, seqLen };
}

/** The row's model as a complete shape, or null where a field is missing. */
export function fullShape(input: EstimateInput): ModelShape | null {
  const parsed = modelShapeSchema.safeParse(input.model);
  return parsed.success ? parsed.data : null;
}

export const MIB = 2 ** 20;

/** A refusal with its reason. */
export const unsupported = (reason: string): PeerVerdict => ({ supported: false, reason });
