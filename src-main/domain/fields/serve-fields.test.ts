import { describe, expect, it } from 'vitest';
import { resolveFields } from './resolve';
import { tableSchema } from './schema';
import { serveEngineSchema, serveFields } from './serve-fields';

describe('the serve field table', () => {
  it('gives every default a value its own schema accepts, for every engine and base', () => {
    const schema = tableSchema(serveFields);
    for (const engine of serveEngineSchema.options) {
      for (const precision of ['bf16', 'fp8', 'int8', 'int4'] as const) {
        const { values } = resolveFields(serveFields, { model: '7b', engine, precision });
        const defined = Object.fromEntries(Object.entries(values).filter(([, value]) => value !== undefined));
        expect(schema.safeParse(defined).success, `${engine} ${precision}`).toBe(true);
      }
    }
  });

  it('loads the checkpoint each engine serves: GGUF k-quants for llama.cpp, AWQ / GPTQ for vLLM and SGLang', () => {
    const quant = (engine: string, precision: string) =>
      resolveFields(serveFields, { model: '7b', engine, precision }).values.quant;
    expect(quant('llamacpp', 'int4')).toBe('gguf-q4_k_m');
    expect(quant('llamacpp', 'int8')).toBe('gguf-q8_0');
    expect(quant('vllm', 'int4')).toBe('awq');
    expect(quant('sglang', 'int8')).toBe('gptq');
    expect(quant('vllm', 'bf16')).toBe('none');
    // llama.cpp's base defaults to 4-bit, and the result says why.
    const llama = resolveFields(serveFields, { model: '7b', engine: 'llamacpp' });
    expect(llama.values.precision).toBe('int4');
    expect(llama.assumptions.map((m) => m.code)).toContain('assume.defaultBecause');
  });

  it('drops a utilization given to llama.cpp, and says so', () => {
    const { values, assumptions } = resolveFields(serveFields, {
      model: '7b',
      engine: 'llamacpp',
      gpuMemoryUtilization: 0.5,
    });
    expect(values.gpuMemoryUtilization).toBe(0.9);
    expect(assumptions.map((m) => m.code)).toContain('assume.ignored');
  });

  it('takes a utilization above 0 and at most 1 only', () => {
    const schema = tableSchema(serveFields);
    expect(schema.safeParse({ model: '7b', gpuMemoryUtilization: 0 }).success).toBe(false);
    expect(schema.safeParse({ model: '7b', gpuMemoryUtilization: 1 }).success).toBe(true);
    expect(schema.safeParse({ model: '7b', targetUtilization: 1.2 }).success).toBe(false);
  });
});
