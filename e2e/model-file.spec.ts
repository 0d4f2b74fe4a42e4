import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { test, expect } from '@playwright/test';
import { serverForEachTest } from './server';

const server = serverForEachTest();

const fixture = (name: string) =>
  path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'src-main/domain/model-files/fixtures', name);

test('a config.json chosen as a file gives the estimate its exact model; a bad file is named and changes nothing', async ({
  page,
}) => {
  await page.goto(server.url);
  await expect(page.locator('main[data-state="ready"]')).toBeVisible();
  await page.getByLabel('Model', { exact: true }).selectOption({ label: 'From a file or Hugging Face…' });
  await page
    .getByLabel('config.json, safetensors index, .safetensors or .gguf file')
    .setInputFiles(fixture('gemma-2-9b.config.json'));
  await expect(page.getByRole('status').filter({ hasText: 'Read from gemma-2-9b.config.json (gemma2)' })).toBeVisible();
  await expect(page.locator('.results[data-state="ready"]')).toBeVisible();
  await expect(page.getByText('custom model · 9.24B parameters', { exact: false })).toBeVisible();

  await page.getByLabel('Or paste a config.json').fill('{"model_type": "rwkv5"}');
  await page.getByRole('button', { name: 'Read the pasted text' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'describes a "rwkv5" model' })).toBeVisible();
  // The model read before stays.
  await expect(page.getByRole('status').filter({ hasText: 'gemma-2-9b.config.json' })).toBeVisible();
});
