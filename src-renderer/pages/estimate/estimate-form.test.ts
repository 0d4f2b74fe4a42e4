import { describe, expect, it } from 'vitest';
import { msg, renderMessage } from '../../../src-main/domain/messages';
import { catalogs } from '../../../src-main/domain/messages/catalogs';
import type { ModelPreset } from '../../../src-main/domain/catalog';
import { estimateInputSchema, type EstimateInput } from '../../../src-main/domain/estimate/input';
import { CUSTOM_SIZE, DEFAULT_FORM, checkInput, formFromInput, toEstimateInput, updateForm } from './estimate-form';
import { QUICK_PICKS, applyQuickPick, pickedFields } from './quick-picks';

describe('toEstimateInput', () => {
  it('turns the default form into a valid contract input for LoRA', () => {
    const input = toEstimateInput(DEFAULT_FORM);
    expect(input).toMatchObject({
      model: 'llama-3.1-8b',
      method: 'lora',
      precision: 'bf16',
      batchSize: 1,
      seqLen: 2048,
    });
    expect(input.lora).toEqual({ rank: 16, targets: 'attention', dropout: 0 });
    expect(input.quant).toBeUndefined();
    expect(input.kvCachePrecision).toBeUndefined();
    expect(checkInput(input)).toBeNull();
  });

  it('sends the size text for a custom model and the KV cache dtype for inference only', () => {
    const form = { ...DEFAULT_FORM, model: CUSTOM_SIZE, size: ' 13B ', method: 'inference' as const };
    const input = toEstimateInput(form);
    expect(input.model).toBe('13B');
    expect(input.kvCachePrecision).toBe('bf16');
    expect(input.optimizer).toBeUndefined();
    expect(input.lora).toBeUndefined();
  });

  it('drops sharding on a single GPU', () => {
    // Not shown and not sent on one GPU: the estimator's own default (none) applies.
    expect(toEstimateInput({ ...DEFAULT_FORM, sharding: 'zero3' }).sharding).toBeUndefined();
    expect(toEstimateInput({ ...DEFAULT_FORM, sharding: 'zero3', gpus: '4' }).sharding).toBe('zero3');
  });

  it('names the field of a bad number', () => {
    expect(checkInput(toEstimateInput({ ...DEFAULT_FORM, batchSize: '2.5' }))?.field).toBe('batchSize');
    expect(checkInput(toEstimateInput({ ...DEFAULT_FORM, seqLen: '' }))?.field).toBe('seqLen');
    expect(checkInput(toEstimateInput({ ...DEFAULT_FORM, loraRank: '0' }))?.field).toBe('lora.rank');
    expect(checkInput(toEstimateInput({ ...DEFAULT_FORM, model: CUSTOM_SIZE, size: '' }))).toEqual({
      field: 'model',
      message: msg('validation.empty'),
    });
    expect(checkInput(toEstimateInput({ ...DEFAULT_FORM, batchSize: '99999999' }))).toMatchObject({
      field: 'batchSize',
      message: { code: 'validation.tooBig' },
    });
  });

  it('says 1e30, a negative number and text in a number field in words, with the allowed range', () => {
    const said = (batchSize: string) => {
      const problem = checkInput(toEstimateInput({ ...DEFAULT_FORM, batchSize }));
      return problem ? renderMessage(problem.message, catalogs['zh-CN'], 'zh-CN') : null;
    };
    expect(said('1e30')).toBe('太大：应为介于 1 和 65,536 之间的整数');
    expect(said('-4')).toBe('太小：应为介于 1 和 65,536 之间的整数');
    expect(said('four')).toBe('应为介于 1 和 65,536 之间的整数');
    expect(said('')).toBe('应为介于 1 和 65,536 之间的整数');
    expect(said('1e400')).toBe('太大：应为介于 1 和 65,536 之间的整数');
  });
});

describe('formFromInput', () => {
  const presets = [{ id: 'llama-3.1-70b' }];
  // Every value differs from the form's default, so a field the form drops comes back changed.
  const training: EstimateInput = {
    model: 'llama-3.1-70b',
    method: 'qlora',
    framework: 'deepspeed-zero3',
    precision: 'int4',
    // bnb, so that kbitUpcast applies (the inference input carries quantBackend).
    quant: 'bnb',
    batchSize: 8,
    seqLen: 4096,
    packing: 'padding-free',
    tokensPerSample: 1000,
    torchCompile: true,
    fusedKernels: true,
    gradientAccumulationSteps: 4,
    optimizer: 'paged-adamw-8bit',
    fusedOptimizer: true,
    mixedPrecision: false,
    gradientCheckpointing: true,
    flashAttention: false,
    lora: { rank: 64, targets: 'all-linear', dropout: 0.1 },
    gpus: 4,
    sharding: 'zero3',
    deepspeed: { reduceBucketSize: 200_000_000, subGroupSize: 100_000_000, overlapComm: false },
    peerToPeer: 'nvlink',
    gpu: 'a100-80g',
    optimizerInBackward: true,
    chunkedCrossEntropy: true,
    fusedCrossEntropy: true,
    activationOffload: true,
    optimizerOffload: true,
    kbitUpcast: false,
  };
  const inference: EstimateInput = {
    model: '34B',
    method: 'inference',
    precision: 'int4',
    quant: 'awq',
    quantBackend: 'gemv',
    batchSize: 16,
    seqLen: 8192,
    promptTokens: 2000,
    flashAttention: false,
    gpus: 2,
    kvCachePrecision: 'fp8',
    inferenceRuntime: 'eager',
    tensorParallel: 2,
    peerToPeer: 'pcie',
    torchCompile: true,
    gpu: 'h100-80g',
  };

  it('sets every field of the contract input between the two configurations', () => {
    const keys = new Set([...Object.keys(training), ...Object.keys(inference)]);
    expect([...keys].sort()).toEqual(Object.keys(estimateInputSchema.shape).sort());
  });

  it('is the inverse of toEstimateInput', () => {
    expect(estimateInputSchema.parse(training)).toEqual(training);
    expect(estimateInputSchema.parse(inference)).toEqual(inference);
    expect(toEstimateInput(formFromInput(training, presets))).toEqual(training);
    expect(toEstimateInput(formFromInput(inference, presets))).toEqual(inference);
  });
});

describe('updateForm', () => {
  it('switches to a 4-bit base for QLoRA and back to bf16 after', () => {
    const qlora = updateForm(DEFAULT_FORM, 'method', 'qlora');
    expect(qlora.precision).toBe('int4');
    expect(qlora.quant).toBe('bnb');
    expect(qlora.gradientCheckpointing).toBe(true);
    expect(updateForm(qlora, 'method', 'lora').precision).toBe('bf16');
  });
});

describe('quick picks', () => {
  const preset = { id: 'llama-2-13b' } as ModelPreset;
  it('use the preset when the catalog has it, else the size', () => {
    const pick = QUICK_PICKS.find((p) => p.id === '13b-qlora')!;
    expect(applyQuickPick(pick, [preset]).model).toBe('llama-2-13b');
    const bySize = applyQuickPick(pick, []);
    expect(bySize.model).toBe(CUSTOM_SIZE);
    expect(bySize.size).toBe('13B');
    expect(bySize.precision).toBe('int4');
  });
  it('all produce valid input', () => {
    for (const pick of QUICK_PICKS) expect(checkInput(toEstimateInput(applyQuickPick(pick, [])))).toBeNull();
  });
  it('say what they set: the model, what they name, and what else they changed', () => {
    const named = { id: 'llama-2-13b', name: 'Llama 2 13B' } as ModelPreset;
    const shown = (pick: string, before = DEFAULT_FORM) => {
      const quick = QUICK_PICKS.find((p) => p.id === pick)!;
      const after = applyQuickPick(quick, [named]);
      return pickedFields(quick, before, after, [named]).map((f) => [f.key, f.value]);
    };
    expect(shown('13b-lora')).toEqual([
      ['model', 'Llama 2 13B'],
      ['method', msg('option.method.lora')],
      ['gradientCheckpointing', msg('value.on')],
    ]);
    // QLoRA changes the precision and the quantization with the method, as the field table's defaults do.
    const qlora = shown('13b-qlora').map(([key]) => key);
    expect(qlora).toEqual(expect.arrayContaining(['model', 'method', 'precision', 'quant', 'optimizer']));
    // Asked again from its own answer, a pick still names what it sets.
    const again = applyQuickPick(
      QUICK_PICKS.find((p) => p.id === '13b-lora')!,
      [named],
    );
    expect(shown('13b-lora', again).map(([key]) => key)).toEqual(['model', 'method', 'gradientCheckpointing']);
  });
});
