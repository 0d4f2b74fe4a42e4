/** Serving (issue 17): engine memory and KV pool, throughput and latency under load, cost per served token. */
export { capacityOf, largestFittingLength, type ServeCapacity } from './capacity';
export { serveCapacity, serveThroughput, type OneServer, type ServerCapacity } from './one-server';
export {
  engineMemory,
  kvLimitedSequences,
  type EngineSetup,
  type ServeMemory,
  type ServeMemoryLines,
} from './engine-memory';
export { engineSetup, serveInputSchema, settleServeInput, type ServeInput, type ResolvedServeInput } from './input';
export { latencyAt, maxRateMeeting, requestCapacityPerSecond, type Latency } from './queueing';
export { stepModel, type StepModel, type Traffic } from './throughput';
export {
  serveCompute,
  serveSpeed,
  DEFAULT_SERVE_GPU_COUNTS,
  type ServeResult,
  type ServeSetup,
  type ServeRankRow,
} from './compute';
