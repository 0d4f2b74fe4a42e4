/**
 * `--recipe FILE` on estimate, rank and fit, run through `main` in this process: the recipe's
 * values are the base, flags override them (and the output says so), what was read is printed
 * and carried in --json, and bad files are refused naming the file.
 */
import { closeSync, ftruncateSync, mkdtempSync, openSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runInProcess } from './in-process.testkit';
import type { RecipeReport } from './recipe-file';

const dir = mkdtempSync(path.join(os.tmpdir(), 'cardwise-recipe-'));
const db = path.join(dir, 'c.db');
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const fixture = (name: string) => path.join(__dirname, '../domain/recipe-files/fixtures', name);

const cardwise = (args: readonly string[]) => runInProcess(db, args);

interface Estimate {
  resolvedInput: Record<string, unknown>;
  recipe: RecipeReport;
}

describe('cardwise estimate --recipe', () => {
  it('takes the torchtune recipe as the base: model preset, LoRA, batch, checkpointing', async () => {
    const result = await cardwise(['estimate', '--recipe', fixture('torchtune/8B_lora_single_device.yaml'), '--json']);
    expect(result.stderr).toBe('');
    const output = JSON.parse(result.stdout) as Estimate;
    expect(output.recipe.preset).toBe('llama-3.1-8b');
    expect(output.recipe.format).toBe('torchtune');
    expect(output.resolvedInput).toMatchObject({
      model: 'llama-3.1-8b',
      method: 'lora',
      framework: 'torchtune',
      batchSize: 2,
      gradientAccumulationSteps: 8,
      gradientCheckpointing: true,
      lora: { rank: 8, targets: ['q', 'v', 'o', 'gate', 'down', 'up'] },
    });
  });

  it('lets flags override the file and says which', async () => {
    const args = [
      'estimate',
      '--recipe',
      fixture('torchtune/8B_lora_single_device.yaml'),
      '--batch',
      '4',
      '--seq',
      '1024',
    ];
    const output = JSON.parse((await cardwise([...args, '--json'])).stdout) as Estimate;
    expect(output.resolvedInput).toMatchObject({ batchSize: 4, seqLen: 1024, gradientAccumulationSteps: 8 });
    expect(output.recipe.overridden).toEqual([{ flag: '--batch', key: 'batch_size', field: 'batchSize' }]);
    const text = (await cardwise(args)).stdout;
    expect(text).toMatch(/^Read from 8B_lora_single_device\.yaml \(torchtune recipe\):$/m);
    expect(text).toMatch(/^ {2}model: llama3_1_8b → preset llama-3\.1-8b$/m);
    expect(text).toMatch(/^ {2}batch_size → batchSize = 2 \(overridden by --batch\)$/m);
    expect(text).toMatch(/^ {2}gradient_accumulation_steps → gradientAccumulationSteps = 8$/m);
    expect(text).toMatch(/^ {2}not read \(no modelled effect on memory or speed\): .*output_dir/m);
  });

  it('reads the DeepSpeed JSON a LLaMA-Factory recipe points at, from next to it', async () => {
    const result = await cardwise([
      'estimate',
      '--recipe',
      fixture('llama-factory/qwen3_full_sft.yaml'),
      '--params',
      '4b',
      '--gpus',
      '4',
      '--json',
    ]);
    expect(result.stderr).toBe('');
    const output = JSON.parse(result.stdout) as Estimate;
    expect(output.resolvedInput).toMatchObject({
      method: 'full',
      sharding: 'zero3',
      framework: 'llama-factory',
      gpus: 4,
    });
    expect(output.recipe.read.map((entry) => entry.key)).toContain('ds_z3_config.json: zero_optimization.stage');
  });

  it('asks for --config when the recipe names a model with no built-in preset', async () => {
    const result = await cardwise(['estimate', '--recipe', fixture('llama-factory/qwen3_lora_sft.yaml')]);
    expect(result.status).toBe(2);
    expect(result.stderr).toBe(
      'error: --recipe: qwen3_lora_sft.yaml names the model "Qwen/Qwen3-4B-Instruct-2507", which is not a built-in preset: give its config.json with --config FILE, or --model / --params\n',
    );
  });

  it('an accelerate config needs the method from a flag', async () => {
    const ok = await cardwise([
      'estimate',
      '--recipe',
      fixture('accelerate/fsdp.yaml'),
      '--model',
      'llama-3.1-8b',
      '--method',
      'full',
      '--json',
    ]);
    expect((JSON.parse(ok.stdout) as Estimate).resolvedInput).toMatchObject({
      gpus: 2,
      sharding: 'fsdp',
      precision: 'bf16',
    });
  });
});

describe('rank and fit --recipe', () => {
  it('rank carries the recipe in --json', async () => {
    const result = await cardwise([
      'rank',
      '--recipe',
      fixture('axolotl/qlora.yml'),
      '--model',
      'llama-3.1-8b',
      '--tokens',
      '10m',
      '--json',
    ]);
    expect(result.stderr).toBe('');
    const output = JSON.parse(result.stdout) as { recipe: RecipeReport };
    expect(output.recipe.format).toBe('axolotl');
  });

  it('fit prints what was read before the changes', async () => {
    const result = await cardwise([
      'fit',
      '--gpu',
      'rtx-4090',
      '--recipe',
      fixture('axolotl/qlora.yml'),
      '--model',
      'llama-3.1-8b',
    ]);
    expect(result.stderr).toBe('');
    expect(result.stdout).toMatch(
      /^Read from qlora\.yml \(axolotl recipe\):\n {2}model: NousResearch\/Meta-Llama-3-8B\n/,
    );
    expect(result.stdout).toMatch(/^Peak .* GiB per GPU/m);
  });
});

describe('bad recipe files', () => {
  const refused = async (file: string, message: RegExp) => {
    const result = await cardwise(['estimate', '--recipe', file, '--model', 'llama-3.1-8b', '--method', 'lora']);
    expect(result.status).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toMatch(message);
  };

  it('a 10 GB file is refused from its size, unread', async () => {
    const huge = path.join(dir, 'huge.yaml');
    const fd = openSync(huge, 'w');
    ftruncateSync(fd, 10 * 2 ** 30);
    closeSync(fd);
    await refused(huge, /^error: --recipe: huge\.yaml is larger than a recipe file can be \(1,048,576 bytes at most\)/);
  });

  it('not YAML, an unknown format, an impossible value, a missing file', async () => {
    const write = (name: string, text: string) => {
      writeFileSync(path.join(dir, name), text);
      return path.join(dir, name);
    };
    await refused(write('bad.yaml', 'a: [1, 2\nb: }'), /^error: --recipe: bad\.yaml is neither YAML nor JSON/);
    await refused(
      write('other.yaml', 'colour: blue\n'),
      /^error: --recipe: other\.yaml is not a recipe Cardwise can read/,
    );
    await refused(
      write('zero.json', '{"zero_optimization": {"stage": 2}, "train_micro_batch_size_per_gpu": 0}'),
      /^error: --recipe: zero\.json: "train_micro_batch_size_per_gpu" cannot be 0 \(Batch size/,
    );
    await refused(path.join(dir, 'absent.yaml'), /^error: --recipe: cannot read .*absent\.yaml \(ENOENT\)/);
  });
});
