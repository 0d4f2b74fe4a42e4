import type { Card, ModelPreset } from '../catalog';
import { capacityOf, type ServeCapacity } from './capacity';
import { serveSpeed, type ServeSpeed } from './compute';
import type { EngineSetup } from './engine-memory';
import { engineSetup, settleServeInput, type ServeInput } from './input';

/** One server to score: the serve input, the card and its GPU count (default 1). */
export interface OneServer {
  presets: ModelPreset[];
  card: Card;
  gpus?: number;
}

/** What serveCapacity answers: the capacity with the pool's size in tokens and blocks, and the settings used. */
export interface ServerCapacity extends ServeCapacity {
  kvPoolTokens: number;
  kvPoolBlocks: number;
  setup: EngineSetup;
}

/** The settled input, the engine settings and the capacity of the one server. */
function oneServer(input: ServeInput, server: OneServer) {
  const settled = settleServeInput(input, server.presets);
  const setup = engineSetup(settled, server.card, server.gpus ?? settled.values.gpus ?? 1);
  const { promptTokens, outputTokens } = settled.values;
  const capacity = capacityOf(settled.model, server.card, setup, { promptTokens, outputTokens });
  return { settled, setup, capacity };
}

/**
 * The KV pool and concurrency of one server, from the serve input as the contract takes it: what a
 * published "# GPU blocks" / "GPU KV cache size: N tokens" / "Maximum concurrency" log line is scored against
 * (helper serve-data, data/measurements/serving.json). Throws InputError for incoherent input.
 */
export function serveCapacity(input: ServeInput, server: OneServer): ServerCapacity {
  const { setup, capacity } = oneServer(input, server);
  return { ...capacity, kvPoolTokens: capacity.memory.kvPoolTokens, kvPoolBlocks: capacity.memory.kvPoolBlocks, setup };
}

/**
 * Decode tokens/s at the full batch, TTFT and ITL at the input's request rate and the highest rate meeting its
 * targets, for one server: what published throughput tables (vLLM / SGLang benchmark_serving) are scored
 * against. Null when the model does not fit that server (the capacity's reason says why).
 */
export function serveThroughput(input: ServeInput, server: OneServer): ServeSpeed | null {
  const { settled, setup, capacity } = oneServer(input, server);
  return capacity.fits ? serveSpeed(settled, server.card, setup, capacity, settled.values) : null;
}
