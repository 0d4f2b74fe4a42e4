/// <reference types="vite/client" />
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { beforeAll, describe, expect, it } from 'vitest';
import { renderMessage } from '../../../src-main/domain/messages';
import { catalogs } from '../../../src-main/domain/messages/catalogs';
import { initTestI18n } from '../../i18n/i18n.testkit';
import { DEFAULT_FORM, toEstimateInput } from './estimate-form';
import { applyRecipe } from './recipe-file';
import { recipeOutcome } from './recipe-read';
import { RecipeFileInput } from './RecipeFileInput';

const presets = [{ id: 'llama-3.1-8b' }, { id: 'qwen2.5-7b' }];
const FIXTURES = import.meta.glob('../../../src-main/domain/recipe-files/fixtures/*/*', {
  eager: true,
  query: '?raw',
  import: 'default',
}) as Record<string, string>;
const fixture = (name: string) => FIXTURES[`../../../src-main/domain/recipe-files/fixtures/${name}`]!;

beforeAll(async () => {
  await initTestI18n();
});

describe('a recipe over the Estimate form', () => {
  it("puts the axolotl QLoRA recipe's values in the form and keeps the rest", () => {
    const read = recipeOutcome(fixture('axolotl/qlora.yml'), 'qlora.yml', presets);
    if (!read.ok) throw new Error('the fixture was refused');
    expect(read.preset).toBeNull(); // NousResearch/Meta-Llama-3-8B: no built-in preset, the model stays
    const form = applyRecipe({ ...DEFAULT_FORM, gpu: 'rtx-4090' }, read.recipe, read.preset, presets);
    expect(toEstimateInput(form)).toMatchObject({
      model: 'llama-3.1-8b',
      method: 'qlora',
      precision: 'int4',
      seqLen: 4096,
      packing: 'packed',
      batchSize: 2,
      gradientAccumulationSteps: 4,
      gradientCheckpointing: true,
      lora: { rank: 32, targets: 'all-linear' },
      gpu: 'rtx-4090',
    });
  });

  it('takes the model a torchtune recipe names as the preset', () => {
    const read = recipeOutcome(fixture('torchtune/8B_lora_single_device.yaml'), '8B_lora.yaml', presets);
    if (!read.ok) throw new Error('the fixture was refused');
    const form = applyRecipe({ ...DEFAULT_FORM, model: 'qwen2.5-7b' }, read.recipe, read.preset, presets);
    expect(toEstimateInput(form)).toMatchObject({ model: 'llama-3.1-8b', framework: 'torchtune', batchSize: 2 });
  });

  it('a file that is no recipe says so in both languages and changes nothing', () => {
    const read = recipeOutcome('colour: blue', 'notes.yaml', presets);
    expect(read.ok).toBe(false);
    if (read.ok) return;
    expect(renderMessage(read.problem, catalogs.en, 'en')).toMatch(/^notes\.yaml is not a recipe Cardwise can read/);
    expect(renderMessage(read.problem, catalogs['zh-CN'], 'zh-CN')).toMatch(
      /^notes\.yaml 不是 Cardwise 能读取的训练配置/,
    );
  });

  it('renders a chooser and a paste box', () => {
    const html = renderToStaticMarkup(createElement(RecipeFileInput, { presets, onRecipe: () => undefined }));
    expect(html).toContain('<summary>From a training recipe…</summary>');
    expect(html).toContain('id="est-recipe-file"');
    expect(html).toContain('id="est-recipe-paste"');
  });
});
