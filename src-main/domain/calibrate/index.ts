export { calibrate } from './calibrate';
export { calibratedEstimate, rankCorrection, type CalibratedEstimate, type CalibratedFit } from './calibrated-estimate';
export { calibrationRunsFrom, throughputFlagsFor } from './logged-runs';
export { predictionFor, predictRun, type StoredPrediction } from './predict';
export {
  configKey,
  flagInconsistentThroughput,
  spreadFlagOf,
  spreadReasonOf,
  THROUGHPUT_SPREAD_LIMIT,
  type ThroughputFlag,
} from './throughput-flags';
export type { Calibration, CalibrationRun } from './types';
