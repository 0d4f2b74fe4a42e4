/**
 * Issue 11's recipe fields, as the doors show them: `cardwise estimate --help` lists each with its
 * default, the flags build the input, and the Estimate form renders the ones that apply.
 */
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { beforeAll, describe, expect, it } from 'vitest';
import { initTestI18n } from '../../src-renderer/i18n/i18n.testkit';
import { EstimateFields } from '../../src-renderer/pages/estimate/EstimateFields';
import { formFromInput, toEstimateInput } from '../../src-renderer/pages/estimate/estimate-form';
import type { EstimateInput } from '../domain/estimate/input';
import { estimateInputFromFlags, estimateOptions } from './estimate-flags';

beforeAll(async () => {
  await initTestI18n();
});

describe('the recipe fields in the CLI', () => {
  it('are flags with their defaults in --help', () => {
    const help = (name: string) => estimateOptions[name]?.description;
    expect(help('framework')).toMatch(/hf-trainer-peft \| deepspeed-zero1 .* custom \(default hf-trainer-peft\)$/);
    expect(help('grad-accum')).toBe('micro-batches per optimizer step (default 1)');
    expect(help('packing')).toBe('how samples fill a micro-batch: padded | packed | padding-free (default padded)');
    expect(help('tokens-per-sample')).toMatch(/\(default the sequence length\)$/);
    expect(help('quant-backend')).toMatch(/dequant \| cuda-old \| triton \| exllama \| marlin \| gemm \| gemv/);
    expect(help('torch-compile')).toBe('the model runs through torch.compile (default off)');
    expect(help('inference-runtime')).toMatch(/efficient \| eager \| vllm \| llama\.cpp \| exllama \| tensorrt-llm/);
    expect(help('tensor-parallel')).toMatch(/default the GPU count for vllm and tensorrt-llm, else 1/);
    expect(help('p2p')).toMatch(/auto \| nvlink \| pcie \| none \(default auto\)$/);
    expect(help('reduce-bucket-size')).toBe('DeepSpeed reduce_bucket_size, in elements (default 500000000)');
    expect(help('overlap-comm')).toMatch(/\(default on for ZeRO-3 only\)$/);
  });

  it('build the input from the flags', () => {
    const input = estimateInputFromFlags({
      model: '7b',
      method: 'full',
      framework: 'deepspeed-zero2',
      'grad-accum': '8',
      packing: 'padding-free',
      'tokens-per-sample': '612.5',
      'torch-compile': true,
      'reduce-bucket-size': '200000000',
      'no-overlap-comm': true,
    });
    expect(input).toMatchObject({
      framework: 'deepspeed-zero2',
      gradientAccumulationSteps: 8,
      packing: 'padding-free',
      tokensPerSample: 612.5,
      torchCompile: true,
      deepspeed: { reduceBucketSize: 2e8, overlapComm: false },
    });
  });
});

describe('the recipe fields in the Estimate form', () => {
  const render = (input: EstimateInput) =>
    renderToStaticMarkup(
      createElement(EstimateFields, {
        form: formFromInput(input, [{ id: 'llama-3.1-8b' }]),
        onChange: () => undefined,
        errorFor: () => undefined,
        models: [],
        cards: [],
      }),
    );

  it('shows the framework and the training details, and the DeepSpeed buckets where ZeRO runs', () => {
    const lora = render({ model: 'llama-3.1-8b', method: 'lora' });
    for (const id of ['framework', 'grad-accum', 'packing', 'tokens-per-sample', 'torch-compile']) {
      expect(lora).toContain(`id="est-${id}"`);
    }
    expect(lora).toContain('<label for="est-framework">Training framework</label>');
    expect(lora).not.toContain('id="est-reduce-bucket-size"');
    const zero2 = render({ model: 'llama-3.1-8b', method: 'full', framework: 'deepspeed-zero2' });
    expect(zero2).toMatch(/<input id="est-reduce-bucket-size" type="number"[^>]* value="500000000"/);
    expect(zero2).toContain('id="est-overlap-comm"');
  });

  it('shows the engine and tensor parallelism for inference on several GPUs, not the training details', () => {
    const html = render({ model: 'llama-3.1-8b', method: 'inference', gpus: 4, inferenceRuntime: 'vllm' });
    expect(html).toMatch(/<input id="est-tensor-parallel" type="number"[^>]* value="4"/);
    expect(html).toContain('id="est-p2p"');
    expect(html).not.toContain('id="est-framework"');
    expect(html).not.toContain('id="est-grad-accum"');
  });

  it('sends the DeepSpeed settings as one object', () => {
    const form = formFromInput({ model: 'llama-3.1-8b', method: 'full', framework: 'deepspeed-zero2' }, [
      { id: 'llama-3.1-8b' },
    ]);
    expect(toEstimateInput(form).deepspeed).toEqual({
      reduceBucketSize: 5e8,
      allgatherBucketSize: 5e8,
      overlapComm: false,
    });
  });
});
