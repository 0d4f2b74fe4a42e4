import i18n from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { initTestI18n } from '../../i18n/i18n.testkit';
import { modelShown } from './run-model';

const names: Record<string, string> = { 'llama-2-7b': 'Llama 2 7B' };
const modelName = (id: string) => names[id];
const shape = { params: 7.24e9, layers: 32, hidden: 4096, heads: 32, kvHeads: 8, intermediate: 14336, vocab: 32000 };

describe('the model a run row names', () => {
  beforeAll(() => initTestI18n('zh-CN'));

  it('names a preset by its catalog name, and an id the catalog lacks or a size as logged', () => {
    const t = i18n.getFixedT('en');
    expect(
      modelShown({ config: { model: 'llama-2-7b', method: 'lora' }, modelLabel: 'llama-2-7b' }, modelName, t),
    ).toBe('Llama 2 7B');
    expect(modelShown({ config: { model: 'gone-7b', method: 'lora' }, modelLabel: 'gone-7b' }, modelName, t)).toBe(
      'gone-7b',
    );
    expect(modelShown({ config: { model: '13B', method: 'lora' }, modelLabel: '13B' }, modelName, t)).toBe('13B');
  });

  it('says a shape by its size in the language shown, and keeps the name a published run gives', () => {
    const run = { config: { model: shape, method: 'lora' as const }, modelLabel: '7.24B shape' };
    expect(modelShown(run, modelName, i18n.getFixedT('en'))).toBe('7.24B custom shape');
    expect(modelShown(run, modelName, i18n.getFixedT('zh-CN'))).toBe('7.24B 自定义结构');
    expect(modelShown({ ...run, modelLabel: 'Qwen-72B-Chat' }, modelName, i18n.getFixedT('en'))).toBe('Qwen-72B-Chat');
  });
});
