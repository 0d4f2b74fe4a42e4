import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { test, expect } from '@playwright/test';
import { serverForEachTest } from './server';

const server = serverForEachTest();

const fixture = (name: string) =>
  path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'src-main/domain/recipe-files/fixtures', name);

test('a torchtune recipe chosen as a file fills the form; a file that is no recipe is named and changes nothing', async ({
  page,
}) => {
  await page.goto(server.url);
  await expect(page.locator('main[data-state="ready"]')).toBeVisible();
  await page.getByText('From a training recipe…').click();
  await page
    .getByLabel('LLaMA-Factory, axolotl, torchtune or accelerate YAML, DeepSpeed or TrainingArguments JSON')
    .setInputFiles(fixture('torchtune/8B_lora_single_device.yaml'));
  await expect(
    page.getByRole('status').filter({ hasText: 'Read from 8B_lora_single_device.yaml (torchtune)' }),
  ).toBeVisible();
  await expect(page.getByLabel('Model', { exact: true })).toHaveValue('llama-3.1-8b');
  await expect(page.locator('#est-batch')).toHaveValue('2');
  await expect(page.locator('#est-grad-accum')).toHaveValue('8');
  await expect(page.locator('#est-framework')).toHaveValue('torchtune');
  await expect(page.locator('.results[data-state="ready"]')).toBeVisible();

  await page.getByLabel('Or paste the recipe').fill('colour: blue');
  await page.getByRole('button', { name: 'Read the pasted recipe' }).click();
  await expect(
    page.getByRole('alert').filter({ hasText: 'recipe.yaml is not a recipe Cardwise can read' }),
  ).toBeVisible();
  await expect(page.locator('#est-batch')).toHaveValue('2');
});
