import { describe, expect, it } from 'vitest';
import { fixtureNames, readFixture } from '../../../scripts/data-files';
import modelPresets from '../../../data/models.json';
import { InputError } from '../errors';
import { estimateInputSchema } from '../estimate/input';
import { resolveInput } from '../estimate/resolve-input';
import { english } from '../messages';
import { MAX_RECIPE_BYTES, presetForModelId, recipeFromText, withDeepSpeed, type RecipeFile } from '.';

const read = (path: string): RecipeFile => recipeFromText(readFixture('recipe-files', path), path);
const refusal = (text: string, file = 'recipe.yaml'): string => {
  try {
    recipeFromText(text, file);
  } catch (error) {
    expect(error).toBeInstanceOf(InputError);
    return (error as InputError).message;
  }
  throw new Error('the recipe was not refused');
};
const fieldOf = (recipe: RecipeFile, key: string) => recipe.read.find((entry) => entry.key === key)?.field;

// Every expected value below is what the fixture file itself says (fixtures/README.md cites each file).
describe('LLaMA-Factory examples', () => {
  it('train_lora/qwen3_lora_sft.yaml: LoRA rank 8 on all linear layers, batch 1 × 8, 2048 tokens, bf16', () => {
    const recipe = read('llama-factory/qwen3_lora_sft.yaml');
    expect(recipe.format).toBe('llama-factory');
    expect(recipe.modelId).toBe('Qwen/Qwen3-4B-Instruct-2507');
    expect(recipe.input).toEqual({
      framework: 'llama-factory',
      method: 'lora',
      lora: { rank: 8, targets: 'all-linear' },
      seqLen: 2048,
      batchSize: 1,
      gradientAccumulationSteps: 8,
      precision: 'bf16',
    });
    expect(fieldOf(recipe, 'cutoff_len')).toBe('seqLen');
    expect(recipe.ignored).toEqual(expect.arrayContaining(['learning_rate', 'dataset', 'output_dir', 'template']));
    expect(recipe.ignored).not.toContain('lora_rank');
    expect(recipe.conflicts).toEqual([]);
  });

  it('train_full/qwen3_full_sft.yaml with its ds_z3_config.json: full, ZeRO-3, the trainer filling the "auto"s', () => {
    const trainer = read('llama-factory/qwen3_full_sft.yaml');
    expect(trainer.deepspeedFile).toBe('examples/deepspeed/ds_z3_config.json');
    const deepspeed = read('llama-factory/ds_z3_config.json');
    expect(deepspeed.format).toBe('deepspeed');
    expect(deepspeed.input).toEqual({
      sharding: 'zero3',
      framework: 'deepspeed-zero3',
      deepspeed: { overlapComm: false, subGroupSize: 1e9 },
    });
    const autoNotes = deepspeed.notes.map(english).filter((text) => text.includes('"auto"'));
    expect(autoNotes.length).toBeGreaterThanOrEqual(5); // micro-batch, accumulation, fp16, bf16, buckets
    const merged = withDeepSpeed(trainer, deepspeed);
    expect(merged.input).toMatchObject({
      framework: 'llama-factory',
      method: 'full',
      sharding: 'zero3',
      batchSize: 1,
      gradientAccumulationSteps: 2,
      precision: 'bf16',
      deepspeed: { overlapComm: false, subGroupSize: 1e9 },
    });
    expect(merged.conflicts).toEqual([]);
    expect(merged.read.map((entry) => entry.key)).toContain('llama-factory/ds_z3_config.json: zero_optimization.stage');
    const { resolved } = resolveInput(estimateInputSchema.parse({ model: '4b', ...merged.input }));
    expect(resolved).toMatchObject({ sharding: 'zero3', method: 'full', gradientAccumulationSteps: 2 });
  });

  it('train_qlora/qwen3_lora_sft_otfq.yaml: 4-bit bitsandbytes base is QLoRA', () => {
    expect(read('llama-factory/qwen3_lora_sft_otfq.yaml').input).toMatchObject({
      method: 'qlora',
      precision: 'int4',
      quant: 'bnb',
      lora: { rank: 8, targets: 'all-linear' },
    });
  });

  it('ds_z2_offload_config.json: ZeRO-2, buckets 5e8, optimizer offloaded to CPU', () => {
    expect(read('llama-factory/ds_z2_offload_config.json').input).toEqual({
      sharding: 'zero2',
      framework: 'deepspeed-zero2',
      deepspeed: { reduceBucketSize: 5e8, allgatherBucketSize: 5e8, overlapComm: false },
      optimizerOffload: true,
    });
  });

  it('accelerate/fsdp_config.yaml: FSDP full shard on 2 GPUs in bf16', () => {
    const recipe = read('llama-factory/fsdp_config.yaml');
    expect(recipe.format).toBe('accelerate');
    expect(recipe.input).toEqual({ gpus: 2, precision: 'bf16', sharding: 'fsdp', framework: 'fsdp' });
  });
});

describe('accelerate and DeepSpeed examples', () => {
  it('config_yaml_templates/deepspeed.yaml: 2 processes, the DeepSpeed JSON it points at', () => {
    const recipe = read('accelerate/deepspeed.yaml');
    expect(recipe.input).toEqual({ gpus: 2 });
    expect(recipe.deepspeedFile).toBe('../deepspeed_config_templates/zero_stage1_config.json');
  });

  it('config_yaml_templates/fsdp.yaml: FSDP full shard, bf16, 2 GPUs, no activation checkpointing', () => {
    expect(read('accelerate/fsdp.yaml').input).toEqual({
      gpus: 2,
      precision: 'bf16',
      sharding: 'fsdp',
      framework: 'fsdp',
      gradientCheckpointing: false,
    });
  });

  it('zero_stage2_config.json: ZeRO-2, allgather bucket 2e8, overlap_comm on, fp16, accumulation 1', () => {
    expect(read('accelerate/zero_stage2_config.json').input).toEqual({
      sharding: 'zero2',
      framework: 'deepspeed-zero2',
      deepspeed: { allgatherBucketSize: 2e8, overlapComm: true },
      gradientAccumulationSteps: 1,
      precision: 'fp16',
    });
  });

  it('zero_stage3_offload_config.json: ZeRO-3 with optimizer and parameters offloaded, said so', () => {
    const recipe = read('accelerate/zero_stage3_offload_config.json');
    expect(recipe.input).toMatchObject({ sharding: 'zero3', optimizerOffload: true, precision: 'fp16' });
    expect(recipe.notes.map(english).join('\n')).toMatch(/offload_param.device" also moves the weights/);
  });

  it('DeepSpeedExamples bf16_full.json: ZeRO-3, micro-batch 4, reduce bucket 5e7, bf16', () => {
    expect(read('deepspeed-examples/bf16_full.json').input).toEqual({
      sharding: 'zero3',
      framework: 'deepspeed-zero3',
      deepspeed: { reduceBucketSize: 5e7, overlapComm: true },
      batchSize: 4,
      gradientAccumulationSteps: 1,
      precision: 'bf16',
    });
  });
});

describe('torchtune and axolotl examples', () => {
  it('llama3_1/8B_lora_single_device.yaml: LoRA r8 on q,v,output + MLP, batch 2 × 8, checkpointing, chunked loss', () => {
    const recipe = read('torchtune/8B_lora_single_device.yaml');
    expect(recipe.modelId).toBe('llama3_1_8b');
    expect(recipe.input).toEqual({
      framework: 'torchtune',
      method: 'lora',
      lora: { rank: 8, targets: ['q', 'v', 'o', 'gate', 'down', 'up'] },
      batchSize: 2,
      gradientAccumulationSteps: 8,
      gradientCheckpointing: true,
      activationOffload: false,
      optimizer: 'adamw',
      chunkedCrossEntropy: true,
      precision: 'bf16',
      packing: 'padded',
      torchCompile: false,
    });
    expect(recipe.notes.map(english).join('\n')).toMatch(/max_seq_len" is not set/);
    expect(recipe.ignored).toContain('profiler.enabled');
  });

  it('llama3_1/8B_qlora_single_device.yaml: QLoRA, the base in 4 bits whatever dtype computes in', () => {
    const recipe = read('torchtune/8B_qlora_single_device.yaml');
    expect(recipe.input).toMatchObject({ method: 'qlora', lora: { rank: 8 } });
    expect(recipe.input.precision).toBeUndefined();
  });

  it('llama3_1/8B_full_single_device.yaml: full, paged 8-bit AdamW fused into backward, batch 2', () => {
    expect(read('torchtune/8B_full_single_device.yaml').input).toMatchObject({
      method: 'full',
      optimizer: 'paged-adamw-8bit',
      optimizerInBackward: true,
      batchSize: 2,
      gradientAccumulationSteps: 1,
    });
  });

  it('llama-3/qlora.yml: QLoRA r32 on all linear layers, 4096 packed, micro-batch 2 × 4, paged AdamW 32-bit', () => {
    const recipe = read('axolotl/qlora.yml');
    expect(recipe.modelId).toBe('NousResearch/Meta-Llama-3-8B');
    expect(recipe.input).toEqual({
      framework: 'axolotl',
      method: 'qlora',
      precision: 'int4',
      quant: 'bnb',
      lora: { rank: 32, targets: 'all-linear' },
      seqLen: 4096,
      packing: 'packed',
      batchSize: 2,
      gradientAccumulationSteps: 4,
      gradientCheckpointing: true,
      optimizer: 'paged-adamw',
      flashAttention: true,
    });
    expect(recipe.notes.map(english).join('\n')).toMatch(/"bf16" is "auto"/);
  });

  it('llama-3/lora-8b.yml: LoRA on an 8-bit base, 8-bit AdamW', () => {
    expect(read('axolotl/lora-8b.yml').input).toMatchObject({
      method: 'lora',
      precision: 'int8',
      quant: 'bnb',
      optimizer: 'adamw-8bit',
    });
  });
});

describe('every example file', () => {
  const files = fixtureNames('recipe-files').filter((name) => /\.(ya?ml|json)$/.test(name));
  it.each(files)('%s gives an input the contract takes', (name) => {
    const recipe = read(name);
    const input = estimateInputSchema.parse({ model: '7b', method: 'full', ...recipe.input });
    expect(() => resolveInput(input)).not.toThrow();
  });
});

describe('a TrainingArguments JSON', () => {
  it('reads the memory keys by their transformers names and ignores the rest', () => {
    const text = JSON.stringify({
      output_dir: 'out',
      per_device_train_batch_size: 4,
      gradient_accumulation_steps: 16,
      learning_rate: 2e-5,
      bf16: true,
      gradient_checkpointing: true,
      optim: 'adamw_torch_fused',
      fsdp: 'full_shard auto_wrap offload',
    });
    const recipe = recipeFromText(text, 'training_args.json');
    expect(recipe.format).toBe('hf-trainer');
    expect(recipe.input).toEqual({
      framework: 'hf-trainer-peft',
      batchSize: 4,
      gradientAccumulationSteps: 16,
      precision: 'bf16',
      gradientCheckpointing: true,
      optimizer: 'adamw',
      sharding: 'fsdp',
      optimizerOffload: true,
    });
    expect(recipe.ignored).toEqual(['output_dir', 'learning_rate']);
  });
});

describe('conflicts inside a recipe', () => {
  it('bf16 and fp16 both on', () => {
    const recipe = recipeFromText('per_device_train_batch_size: 2\nbf16: true\nfp16: true\n', 'args.yaml');
    expect(recipe.conflicts.map(english)).toEqual([
      expect.stringMatching(/args\.yaml turns on both "bf16" and "fp16"/),
    ]);
    expect(recipe.input.precision).toBeUndefined();
  });

  it('ZeRO and FSDP in one trainer recipe', () => {
    const recipe = recipeFromText('base_model: x\ndeepspeed: ds.json\nfsdp: [full_shard]\n', 'axo.yaml');
    expect(recipe.conflicts.map(english)).toEqual([expect.stringMatching(/both DeepSpeed ZeRO and FSDP/)]);
  });

  it('a sharded recipe that does not say the GPU count asks for --gpus', () => {
    const notes = read('llama-factory/ds_z3_config.json').notes.map(english);
    expect(notes).toContain(
      'the file does not say how many GPUs the job is sharded over: give --gpus (until then the estimate is for 1)',
    );
    expect(read('accelerate/fsdp.yaml').notes).toEqual([]);
  });

  it('a DeepSpeed config of shared keys only is told by its name', () => {
    const text = '{"fp16": {"enabled": true}}';
    expect(recipeFromText(text, 'ds_config.json').input).toEqual({ sharding: 'none', precision: 'fp16' });
    expect(() => recipeFromText(text, 'settings.json')).toThrow(/settings\.json is not a recipe Cardwise can read/);
  });

  it('a DeepSpeed micro-batch that differs from the trainer', () => {
    const trainer = recipeFromText('finetuning_type: lora\nper_device_train_batch_size: 2\n', 'sft.yaml');
    const deepspeed = recipeFromText(
      '{"train_micro_batch_size_per_gpu": 4, "zero_optimization": {"stage": 2}}',
      'ds.json',
    );
    const merged = withDeepSpeed(trainer, deepspeed);
    expect(merged.conflicts.map(english)).toEqual([
      'ds.json sets "train_micro_batch_size_per_gpu" to 4 but sft.yaml says 2: DeepSpeed refuses the mismatch; the estimate uses 2',
    ]);
    expect(merged.input.batchSize).toBe(2);
  });

  it('a train_batch_size that is no whole number of GPUs', () => {
    const recipe = recipeFromText(
      '{"train_batch_size": 30, "train_micro_batch_size_per_gpu": 4, "gradient_accumulation_steps": 2}',
      'ds.json',
    );
    expect(recipe.conflicts.map(english)[0]).toMatch(/train_batch_size 30 is not micro-batch 4 × accumulation 2/);
    const gpus = recipeFromText(
      '{"train_batch_size": 32, "train_micro_batch_size_per_gpu": 4, "gradient_accumulation_steps": 2}',
      'ds.json',
    );
    expect(gpus.input.gpus).toBe(4);
  });
});

describe('bad recipe files', () => {
  it('refuses text that is neither YAML nor JSON, naming the file', () => {
    expect(refusal('{"stage": 3,,}', 'ds.json')).toMatch(/^ds\.json is neither YAML nor JSON: /);
    expect(refusal('key: [unclosed', 'sft.yaml')).toMatch(/^sft\.yaml is neither YAML nor JSON/);
  });

  it('refuses a file with no settings and one of no known framework', () => {
    expect(refusal('just some words', 'notes.txt')).toBe(
      'notes.txt holds no settings: a recipe file is one mapping of keys to values',
    );
    expect(refusal('foo: 1\nbar: 2\n', 'x.yaml')).toMatch(/^x\.yaml is not a recipe Cardwise can read/);
  });

  it('refuses impossible values naming the key', () => {
    expect(refusal('finetuning_type: lora\ngradient_accumulation_steps: 0\n', 'sft.yaml')).toBe(
      'sft.yaml: "gradient_accumulation_steps" cannot be 0 (Gradient accumulation steps)',
    );
    expect(refusal('base_model: x\nlora_r: -8\nadapter: lora\n', 'axo.yml')).toMatch(
      /^axo\.yml: "lora_r" cannot be -8/,
    );
    expect(refusal('{"zero_optimization": {"stage": 4}}', 'ds.json')).toMatch(/"zero_optimization\.stage" cannot be 4/);
    expect(refusal('finetuning_type: lora\nper_device_train_batch_size: "many"\n', 'sft.yaml')).toMatch(
      /"per_device_train_batch_size" cannot be "many"/,
    );
    expect(refusal('finetuning_type: lora\nquantization_bit: 3\n', 'sft.yaml')).toMatch(
      /"quantization_bit" cannot be 3/,
    );
  });

  it('refuses text over the size limit before parsing it', () => {
    expect(refusal(`a: ${'x'.repeat(MAX_RECIPE_BYTES)}`, 'big.yaml')).toMatch(
      /^big\.yaml is larger than a recipe file can be/,
    );
  });
});

describe('the model a recipe names', () => {
  const presets = modelPresets as { id: string }[];
  it('maps Hugging Face ids and torchtune builders to built-in presets', () => {
    expect(presetForModelId('meta-llama/Llama-3.1-8B-Instruct', presets)).toBe('llama-3.1-8b');
    expect(presetForModelId('meta-llama/Meta-Llama-3.1-8B-Instruct', presets)).toBe('llama-3.1-8b');
    expect(presetForModelId('Qwen/Qwen2.5-7B-Instruct', presets)).toBe('qwen2.5-7b');
    expect(presetForModelId('mistralai/Mistral-7B-v0.1', presets)).toBe('mistral-7b');
    expect(presetForModelId('llama3_1_8b', presets)).toBe('llama-3.1-8b');
    expect(presetForModelId('qwen2_5_7b', presets)).toBe('qwen2.5-7b');
  });

  it('finds none for a model Cardwise has no preset of', () => {
    expect(presetForModelId('Qwen/Qwen3-4B-Instruct-2507', presets)).toBeNull();
    expect(presetForModelId('NousResearch/Meta-Llama-3-8B', presets)).toBeNull();
  });
});
