import type { ResolvedModel } from '../estimate/input';
import { kvLimitedSequences, type EngineSetup, type ServeMemory } from './engine-memory';

/** Context lengths the curve is drawn at: evenly spaced in log from SHORTEST up to max_model_len. */
const CURVE_POINTS = 24;
const SHORTEST = 128;

/** One point of the concurrency curve: sequences of `contextTokens` tokens the server holds at once. */
export interface ConcurrencyPoint {
  contextTokens: number;
  sequences: number;
}

/**
 * Max concurrent sequences against context length for one server (the Serve page's chart): at each
 * length, the whole sequences the KV pool holds (kvLimitedSequences: blocks for vLLM, sliding windows
 * and MLA as the pool stores them), capped by the engine's max_num_seqs, as serveCapacity caps it.
 */
export function concurrencyCurve(model: ResolvedModel, memory: ServeMemory, setup: EngineSetup): ConcurrencyPoint[] {
  const points: ConcurrencyPoint[] = [];
  const shortest = Math.min(SHORTEST, setup.maxModelLen);
  const ratio = setup.maxModelLen / shortest;
  for (let i = 0; i < CURVE_POINTS; i += 1) {
    const contextTokens = Math.round(shortest * ratio ** (i / (CURVE_POINTS - 1)));
    const kv = Math.max(0, kvLimitedSequences(model, memory, setup.engine, contextTokens));
    points.push({ contextTokens, sequences: Math.min(setup.maxNumSeqs, Math.floor(kv)) });
  }
  return points;
}
