import type { EstimateInput, Framework, InferenceRuntime, QuantBackend } from '../../src-main/domain/estimate/input';
import type { ReferenceRun } from '../../src-main/domain/reference-runs';
import type { Reading } from './reading';

type Family = ReferenceRun['recipe']['framework'];

/**
 * The recipe fields of the estimate input from what the record states (framework, gradient
 * accumulation, packing, mean tokens per sample, torch.compile, engine, tensor parallel, kernels),
 * so the harness scores a row with what it really ran. A setting the record does not state is left
 * to the estimate's default. Each one set is said in the row's mapping.
 */
export function withRecipe(r: Reading, family: Family, config: EstimateInput): EstimateInput {
  const rec = r.record;
  const out: EstimateInput = { ...config };
  if (config.method !== 'inference') {
    const framework = frameworkOf(family, config);
    out.framework = framework;
    r.say(
      `framework ${family}${config.sharding && config.sharding !== 'none' ? ` + ${config.sharding}` : ''} -> ${framework}`,
    );
    const steps = rec.gradient_accumulation_steps ?? null;
    if (steps !== null) out.gradientAccumulationSteps = steps;
    if (rec.packing) out.packing = rec.packing;
    const perSample = rec.tokens_per_sample ?? null;
    // Where seq_len is stated, the mean is a second number; where it is not, seqLen already holds the mean.
    if (perSample !== null && rec.seq_len !== null) out.tokensPerSample = perSample;
  } else {
    const engine = engineOf(family);
    if (engine) {
      out.inferenceRuntime = engine;
      r.say(`engine ${family} -> inferenceRuntime ${engine}`);
    }
    const tensorParallel = rec.tensor_parallel ?? null;
    if (tensorParallel !== null) out.tensorParallel = tensorParallel;
    const backend = backendOf(rec.quant_backend ?? null);
    if (backend) out.quantBackend = backend;
  }
  if (rec.torch_compile === true) out.torchCompile = true;
  return out;
}

function frameworkOf(family: Family, config: EstimateInput): Framework {
  const sharding = config.sharding ?? 'none';
  if (family === 'hf-trainer' || family === 'deepspeed') {
    if (sharding === 'zero1' || sharding === 'zero2' || sharding === 'zero3') return `deepspeed-${sharding}`;
    if (sharding === 'fsdp') return 'fsdp';
    return family === 'hf-trainer' ? 'hf-trainer-peft' : 'custom';
  }
  if (family === 'torchtune' || family === 'litgpt') return family;
  return 'custom';
}

const ENGINES: Partial<Record<Family, InferenceRuntime>> = {
  vllm: 'vllm',
  'tensorrt-llm': 'tensorrt-llm',
  'llama.cpp': 'llama.cpp',
  exllama: 'exllama',
};
const engineOf = (family: Family): InferenceRuntime | undefined => ENGINES[family];

const BACKENDS: Record<string, QuantBackend> = { 'awq-gemm': 'gemm', 'awq-gemv': 'gemv', exllama: 'exllama' };
const backendOf = (stated: string | null): QuantBackend | undefined => (stated ? BACKENDS[stated] : undefined);
