import type { FlagValues, OptionSpecs } from './command';

/** `--no-calibration`, shared by estimate and rank. */
export const calibrationOption: OptionSpecs = {
  'no-calibration': { type: 'boolean', description: 'show the raw estimate only, not corrected by logged runs' },
};

/** `{ calibration: false }` when --no-calibration is given, else nothing (the handler defaults to on). */
export function calibrationFromFlags(flags: FlagValues): { calibration?: false } {
  return flags['no-calibration'] === true ? { calibration: false } : {};
}
