import type { Card } from '../catalog';
import type { ResolvedModel } from '../estimate/input';
import { CUDA_CONTEXT_BYTES } from '../estimate/runtime';
import { GIB } from '../estimate/units';
import { msg, type Message } from '../messages';
import { engineMemory, kvLimitedSequences, sequenceTokens, type EngineSetup, type ServeMemory } from './engine-memory';

/** GPU counts tried when suggesting a bigger server. */
const GPU_STEPS = [1, 2, 4, 8, 16, 32, 64];

/** What one server holds: its memory lines, its KV pool and how many sequences fit in it. */
export interface ServeCapacity {
  memory: ServeMemory;
  /** Sequences at once: the KV pool's limit, capped by the engine's max_num_seqs. */
  maxConcurrentSequences: { atMaxModelLen: number; atAverageRequest: number };
  /** The KV pool's limit alone, as vLLM logs it ("Maximum concurrency for N tokens per request: 4.2x"). */
  kvConcurrency: { atMaxModelLen: number; atAverageRequest: number };
  /** Tokens of the average request held in the pool: prompt + output / 2. */
  averageRequestTokens: number;
  fits: boolean;
  /** Why it does not fit, and what would; null when it fits. */
  reason: Message | null;
  /** The longest max_model_len this server holds one sequence of, or null when not even 16 tokens fit. */
  largestMaxModelLen: number | null;
}

const gib = (bytes: number) => Math.round((bytes / GIB) * 100) / 100;

/** Whether the setup can start: vLLM refuses a pool that cannot hold one max_model_len sequence, and a budget above free memory. */
function startProblem(model: ResolvedModel, setup: EngineSetup, memory: ServeMemory): Message | null {
  const { lines } = memory;
  if (setup.engine === 'llamacpp') {
    if (lines.nvidiaSmiBytes > lines.cudaTotalBytes)
      return msg('serve.noFit.llamacpp', { need: gib(lines.nvidiaSmiBytes), memory: gib(lines.cudaTotalBytes) });
    return null;
  }
  // vLLM refuses to start when the requested share exceeds the memory free beside the CUDA context.
  const total = lines.cudaTotalBytes;
  if (setup.engine === 'vllm' && lines.budgetBytes !== null && lines.budgetBytes + CUDA_CONTEXT_BYTES > total) {
    const most = Math.floor(((total - CUDA_CONTEXT_BYTES) / total) * 100) / 100;
    return msg('serve.noFit.utilization', { utilization: setup.gpuMemoryUtilization, most });
  }
  const oneSequence = sequenceTokens(model, setup.maxModelLen) * memory.kvBytesPerToken;
  if (lines.kvPoolBytes <= 0 || kvLimitedSequences(model, memory, setup.engine, setup.maxModelLen) < 1) {
    return msg('serve.noFit.oneSequence', {
      need: gib(oneSequence),
      pool: gib(lines.kvPoolBytes),
      maxModelLen: setup.maxModelLen,
    });
  }
  return null;
}

/**
 * Memory and concurrency of one server (serve-data scores this against published "# GPU blocks" and
 * "KV cache size" log lines). Average request: prompt + output / 2 tokens, the time-average of a cache that
 * grows one token per decode step from the prompt to prompt + output.
 */
export function capacityOf(
  model: ResolvedModel,
  card: Card,
  setup: EngineSetup,
  traffic: { promptTokens: number; outputTokens: number },
): ServeCapacity {
  const memory = engineMemory(model, card, setup);
  const averageRequestTokens = Math.min(setup.maxModelLen, traffic.promptTokens + traffic.outputTokens / 2);
  const kvAtMax = Math.max(0, kvLimitedSequences(model, memory, setup.engine, setup.maxModelLen));
  const kvAtAverage = Math.max(0, kvLimitedSequences(model, memory, setup.engine, averageRequestTokens));
  const problem = startProblem(model, setup, memory);
  const largest = problem ? largestFittingLength(model, card, setup) : setup.maxModelLen;
  const reason = problem ? withAdvice(problem, model, card, setup, largest) : null;
  const cap = (x: number) => (problem ? 0 : Math.min(setup.maxNumSeqs, Math.floor(x)));
  return {
    memory,
    maxConcurrentSequences: { atMaxModelLen: cap(kvAtMax), atAverageRequest: cap(kvAtAverage) },
    kvConcurrency: { atMaxModelLen: kvAtMax, atAverageRequest: kvAtAverage },
    averageRequestTokens,
    fits: problem === null,
    reason,
    largestMaxModelLen: largest,
  };
}

function fitsWith(model: ResolvedModel, card: Card, setup: EngineSetup): boolean {
  return startProblem(model, setup, engineMemory(model, card, setup)) === null;
}

/** The longest max_model_len (a multiple of 16) that starts on this server, by bisection; null when none does. */
export function largestFittingLength(model: ResolvedModel, card: Card, setup: EngineSetup): number | null {
  const step = 16;
  if (!fitsWith(model, card, { ...setup, maxModelLen: step })) return null;
  let low = 1;
  let high = Math.max(1, Math.floor(setup.maxModelLen / step));
  if (fitsWith(model, card, { ...setup, maxModelLen: high * step })) return high * step;
  while (high - low > 1) {
    const mid = Math.floor((low + high) / 2);
    if (fitsWith(model, card, { ...setup, maxModelLen: mid * step })) low = mid;
    else high = mid;
  }
  return low * step;
}

/** The problem with what would fit instead: a shorter max_model_len on this server, or more GPUs. */
function withAdvice(
  problem: Message,
  model: ResolvedModel,
  card: Card,
  setup: EngineSetup,
  largest: number | null,
): Message {
  const gpus = GPU_STEPS.find((n) => n > setup.gpus && fitsWith(model, card, { ...setup, gpus: n }));
  const advice =
    largest !== null && gpus !== undefined
      ? msg('serve.advice.lengthOrGpus', { length: largest, gpus })
      : largest !== null
        ? msg('serve.advice.length', { length: largest })
        : gpus !== undefined
          ? msg('serve.advice.gpus', { gpus })
          : msg('serve.advice.none');
  return msg('serve.noFit', { problem, advice });
}
