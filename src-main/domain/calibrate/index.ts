export { calibrate } from './calibrate';
export { flagInconsistentThroughput, THROUGHPUT_SPREAD_LIMIT } from './throughput-flags';
export type { Calibration, CalibrationRun } from './types';
