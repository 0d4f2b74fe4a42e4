import type { EstimateInput } from '../../src-main/domain/estimate/input';
import type { ReferenceRun } from '../../src-main/domain/reference-runs';
import type { Reading, ReadingContext } from './reading';
import { readTorchtune } from './read-torchtune';
import { readFms } from './read-fms';
import { readLlamaCpp } from './read-llama-cpp';
import { readLitgpt } from './read-litgpt';
import { readAutoGptqReadme, readOptimum, readOptimumBenchmark } from './read-optimum';
import { readFeasibility, readPeft } from './read-feasibility';
import { readHfPerfGuide } from './read-hf-perf';
import { readQwenReadme } from './read-qwen';
import { readPeftComparison } from './read-peft-comparison';
import { readAutoAwq, readBloomInference, readExllama, readGptFast, readServing } from './read-engines';

/** What a source's reader settles beyond the generic rules of build.ts. */
export interface SourceReading {
  /** The estimate input the run stands for; null when the source leaves the set-up too vague to estimate. */
  config: EstimateInput | null;
  throughputKind?: ReferenceRun['measured']['throughputKind'];
  throughputScope?: ReferenceRun['measured']['throughputScope'];
  /** Framework family for the regime tables of `npm run accuracy`. */
  family: ReferenceRun['recipe']['framework'];
}

/** Reads one record of a source into an estimate input (the reader adds mapping clauses to `r`). */
export type Reader = (r: Reading, ctx: ReadingContext) => EstimateInput | null;

interface SourceSpec {
  /** Matches the record's `source` text. */
  source: RegExp;
  read: Reader;
  family: (r: Reading) => ReferenceRun['recipe']['framework'];
  kind: (r: Reading) => ReferenceRun['measured']['throughputKind'];
  scope: (r: Reading) => ReferenceRun['measured']['throughputScope'];
}

const training = (r: Reading) => (r.record.throughput_unit === 'tokens/s' ? 'train' : null);
const tokensPerSecond = (r: Reading) => r.record.throughput_unit === 'tokens/s';
/** Decode, or prefill where the record says it measured the prompt. */
const decodeOrPrefill = (r: Reading): ReferenceRun['measured']['throughputKind'] =>
  !tokensPerSecond(r) ? null : /prefill|prompt/i.test(r.record.throughput_definition ?? '') ? 'prefill' : 'decode';
/** One stream through several GPUs is a rate of all of them; on one GPU it is that GPU's. */
const streamScope = (r: Reading): ReferenceRun['measured']['throughputScope'] =>
  !tokensPerSecond(r) ? null : (r.record.num_gpus ?? 1) > 1 ? 'all-gpus' : 'per-gpu';
const perGpuOrUnknown = (r: Reading): ReferenceRun['measured']['throughputScope'] =>
  r.record.throughput_unit !== 'tokens/s' ? null : (r.record.num_gpus ?? 1) > 1 ? 'unknown' : 'per-gpu';

/** Every source of data/measurements/public.json with the reader that maps its records. */
export const SOURCES: SourceSpec[] = [
  {
    source: /^torchtune /,
    read: readTorchtune,
    family: () => 'torchtune',
    kind: training,
    scope: perGpuOrUnknown,
  },
  {
    source: /^fms-acceleration benchmark reference CSV/,
    read: readFms,
    family: () => 'hf-trainer',
    kind: training,
    // HF Trainer's train_tokens_per_second is computed per device.
    scope: (r) => (r.record.throughput_unit === 'tokens/s' ? 'per-gpu' : null),
  },
  {
    source: /^XiongjieDai/,
    read: readLlamaCpp,
    family: () => 'llama.cpp',
    kind: (r) =>
      r.record.throughput_unit !== 'tokens/s'
        ? null
        : /prompt/.test(r.record.throughput_definition ?? '')
          ? 'prefill'
          : 'decode',
    scope: (r) =>
      r.record.throughput_unit !== 'tokens/s' ? null : (r.record.num_gpus ?? 1) > 1 ? 'all-gpus' : 'per-gpu',
  },
  {
    source: /^litgpt /,
    read: readLitgpt,
    family: () => 'litgpt',
    kind: training,
    scope: perGpuOrUnknown,
  },
  {
    source: /^huggingface\/optimum tests\/benchmark README/,
    read: readOptimum,
    family: () => 'hf-generate',
    kind: (r) => (r.record.throughput_unit === 'tokens/s' ? 'decode' : null),
    scope: (r) => (r.record.throughput_unit === 'tokens/s' ? 'per-gpu' : null),
  },
  {
    source: /^huggingface\/optimum-benchmark examples\/running-llamas/,
    read: readOptimumBenchmark,
    family: () => 'hf-generate',
    kind: (r) => (r.record.throughput_unit === 'tokens/s' ? 'decode' : null),
    scope: (r) => (r.record.throughput_unit === 'tokens/s' ? 'per-gpu' : null),
  },
  {
    source: /^AutoGPTQ README /,
    read: readAutoGptqReadme,
    family: () => 'hf-generate',
    kind: (r) => (r.record.throughput_unit === 'tokens/s' ? 'decode' : null),
    scope: streamScope,
  },
  {
    source: /^HF blog 'A Gentle Introduction to 8-bit Matrix Multiplication'/,
    read: readBloomInference,
    family: () => 'hf-generate',
    kind: decodeOrPrefill,
    scope: streamScope,
  },
  {
    source: /^huggingface\/peft README/,
    read: readPeft,
    family: () => 'peft-accelerate',
    kind: () => null,
    scope: () => null,
  },
  {
    source: /^huggingface\/peft method_comparison /,
    read: readPeftComparison,
    family: () => 'pytorch-loop',
    kind: training,
    scope: perGpuOrUnknown,
  },
  {
    source: /^transformers docs 'Efficient Training on a Single GPU'/,
    read: readHfPerfGuide,
    family: () => 'hf-trainer',
    kind: training,
    scope: perGpuOrUnknown,
  },
  {
    source: /^QwenLM\/Qwen README 'Profiling of Memory and Speed'/,
    read: readQwenReadme,
    family: () => 'hf-trainer',
    kind: training,
    // The rate is the tokens of every GPU's micro-batches in one step over its time (read-qwen.ts).
    scope: (r) => (!tokensPerSecond(r) ? null : (r.record.num_gpus ?? 1) > 1 ? 'all-gpus' : 'per-gpu'),
  },
  {
    source: /^AutoAWQ README/,
    read: readAutoAwq,
    family: () => 'autoawq',
    kind: decodeOrPrefill,
    scope: streamScope,
  },
  {
    source: /^turboderp\/exllama README/,
    read: readExllama,
    family: () => 'exllama',
    kind: decodeOrPrefill,
    scope: streamScope,
  },
  {
    source: /^pytorch-labs\/gpt-fast README/,
    read: readGptFast,
    family: () => 'gpt-fast',
    kind: decodeOrPrefill,
    scope: streamScope,
  },
  {
    source: /^HF blog 'Incredibly Fast BLOOM Inference/,
    read: readBloomInference,
    family: (r) =>
      r.record.inference_engine === 'deepspeed-inference'
        ? 'deepspeed-inference'
        : r.record.inference_engine === 'hf-generate'
          ? 'hf-generate'
          : 'deepspeed',
    kind: decodeOrPrefill,
    scope: streamScope,
  },
  {
    source: /^TensorRT-LLM |^LambdaLabsML\/vllm-benchmark|^dennislee22\/vLLM-benchmarking/,
    read: readServing,
    family: (r) => (r.record.inference_engine === 'tensorrt-llm' ? 'tensorrt-llm' : 'vllm'),
    kind: (r) => (r.record.observation === 'serving_throughput' ? null : decodeOrPrefill(r)),
    scope: (r) => (r.record.observation === 'serving_throughput' ? null : streamScope(r)),
  },
  {
    source: /^QLoRA \(Dettmers|^HF blog 'Fine-tuning Llama 2 70B using PyTorch FSDP'/,
    read: readFeasibility,
    family: () => 'hf-trainer',
    kind: () => null,
    scope: () => null,
  },
];

/** The reader of a record's source; throws for a source no reader knows (every source needs one). */
export function readSource(r: Reading, ctx: ReadingContext): SourceReading {
  const spec = SOURCES.find((s) => s.source.test(r.record.source));
  if (!spec) throw new Error(`${r.record.id}: no reader for source "${r.record.source}" in readers.ts`);
  const config = spec.read(r, ctx);
  return { config, throughputKind: spec.kind(r), throughputScope: spec.scope(r), family: spec.family(r) };
}
