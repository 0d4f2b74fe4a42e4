export { calibrate, type CalibrateOptions } from './calibrate';
export { flagInconsistentThroughput, THROUGHPUT_SPREAD_LIMIT } from './throughput-flags';
export { cardFamily, similarityWeight, DEFAULT_SIMILARITY, type SimilarityOptions } from './similarity';
export type { Calibration, CalibrationRun, CalibrationTarget, MemoryMeter, ThroughputKind } from './types';
