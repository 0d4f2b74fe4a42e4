import { describe, expect, it } from 'vitest';
import { CUSTOM_SIZE } from '../estimate/estimate-form';
import { capacityCommand } from '../../lib/cli-command';
import { checkServeInput, DEFAULT_SERVE_FORM, reviveServeForm, shownServeFields, toServeInput } from './serve-form';

describe('the Serve form', () => {
  it('opens on Llama 3.1 8B on vLLM with the table defaults, and leaves card, GPU count and context to the backend', () => {
    const input = toServeInput(DEFAULT_SERVE_FORM);
    expect(input).toMatchObject({ model: 'llama-3.1-8b', engine: 'vllm', gpuMemoryUtilization: 0.9 });
    expect(input).not.toHaveProperty('gpu');
    expect(input).not.toHaveProperty('gpus');
    expect(input).not.toHaveProperty('maxModelLen');
    expect(checkServeInput(input)).toBeNull();
  });

  it('sends only what applies: llama.cpp has no gpu_memory_utilization', () => {
    const form = { ...DEFAULT_SERVE_FORM, engine: 'llamacpp' } as typeof DEFAULT_SERVE_FORM;
    expect(shownServeFields(form).has('gpuMemoryUtilization')).toBe(false);
    expect(toServeInput(form)).not.toHaveProperty('gpuMemoryUtilization');
  });

  it('names the field at fault with the contract sentence', () => {
    const problem = checkServeInput(toServeInput({ ...DEFAULT_SERVE_FORM, gpuMemoryUtilization: '1.5' }));
    expect(problem?.field).toBe('gpuMemoryUtilization');
    expect(checkServeInput(toServeInput({ ...DEFAULT_SERVE_FORM, gpus: '0' }))?.field).toBe('gpus');
    expect(checkServeInput(toServeInput({ ...DEFAULT_SERVE_FORM, promptTokens: 'many' }))?.field).toBe('promptTokens');
  });

  it('takes a size typed by hand', () => {
    expect(toServeInput({ ...DEFAULT_SERVE_FORM, model: CUSTOM_SIZE, size: ' 70B ' }).model).toBe('70B');
  });

  it('revives a saved form: an unknown engine or a wrong type falls back to the default', () => {
    const revived = reviveServeForm({ ...DEFAULT_SERVE_FORM, engine: 'tgi', promptTokens: 12 });
    expect(revived.engine).toBe(DEFAULT_SERVE_FORM.engine);
    expect(revived.promptTokens).toBe(DEFAULT_SERVE_FORM.promptTokens);
  });
});

describe('the Serve page command', () => {
  it('spells the question as `cardwise capacity` flags from the serve table', () => {
    const input = toServeInput({ ...DEFAULT_SERVE_FORM, gpu: 'rtx-4090', gpus: '2', maxModelLen: '8192' });
    const command = capacityCommand(input)!;
    expect(command).toMatch(/^cardwise capacity --model llama-3\.1-8b --engine vllm /);
    expect(command).toContain('--gpu rtx-4090 --gpus 2 --max-model-len 8192 --gpu-memory-utilization 0.9');
  });

  it('has none for a model read from a file (capacity takes a preset or a size)', () => {
    expect(capacityCommand({ ...toServeInput(DEFAULT_SERVE_FORM), model: { params: 7e9 } as never })).toBeNull();
  });
});
