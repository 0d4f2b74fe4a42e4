import { test, expect } from '@playwright/test';
import { llama32GgufHeader } from '../src-main/domain/model-files/gguf-writer.testkit';
import { serverForEachTest } from './server';

const server = serverForEachTest();

test('what would make it fit: the changes for the chosen card, applied to the form with one click', async ({
  page,
}) => {
  await page.goto(server.url);
  await expect(page.locator('main[data-state="ready"]')).toBeVisible();
  // Llama 3.1 8B LoRA on an RTX 4090 with 16 sequences of 2048 tokens does not fit 24 GB.
  await page.getByLabel('Batch size (per GPU)').fill('16');
  const advice = page.getByTestId('fit-advice');
  await expect(advice.getByRole('heading', { name: /What would make it fit on GeForce RTX 4090/ })).toBeVisible();
  const rows = advice.getByTestId('fit-change');
  await expect(rows.first()).toBeVisible();
  await expect(advice).toHaveAttribute('data-state', 'ready');
  expect(await rows.count()).toBeGreaterThanOrEqual(1);
  await rows
    .first()
    .getByRole('button', { name: /^Apply/ })
    .click();
  // The change is in the form and the configuration now fits the card: the advice goes.
  await expect(page.locator('.fit-row[data-card="rtx-4090"] .badge')).not.toHaveText('Does not fit');
  await expect(advice).toHaveCount(0);
  // Any card picked in the answer can be asked about.
  await page.getByLabel('Batch size (per GPU)').fill('64');
  await page.getByRole('button', { name: 'What would make it fit? (Tesla V100 SXM2 32GB)' }).click();
  await expect(advice.getByRole('heading', { name: /Tesla V100/ })).toBeVisible();
});

test('a card of your own: added with its ranges checked, shown on Estimate at once, edited, deleted and undone', async ({
  page,
}) => {
  await page.goto(`${server.url}#/catalog`);
  await expect(page.locator('main[data-state="ready"]')).toBeVisible();
  await page.getByRole('button', { name: 'Add a card' }).click();
  await page.getByLabel('Card id').fill('rtx-4080-super');
  await page.getByLabel('Name', { exact: true }).fill('GeForce RTX 4080 SUPER');
  await page.getByLabel('Memory (GiB)').fill('16');
  await page.getByLabel('Memory bandwidth (GB/s)').fill('0.736');
  await page.getByLabel('Dense BF16 tensor (TFLOPS)').fill('104.4');
  await page.getByLabel('FP32 (TFLOPS)').fill('52.2');
  await page.getByRole('button', { name: 'Add card', exact: true }).click();
  await expect(page.locator('#card-bandwidthGBps-error')).toContainText('100');
  await page.getByLabel('Memory bandwidth (GB/s)').fill('736');
  await page.getByRole('button', { name: 'Add card', exact: true }).click();
  await expect(page.getByRole('rowheader', { name: 'GeForce RTX 4080 SUPER' })).toBeVisible();

  await page.getByRole('link', { name: 'Estimate' }).click();
  await expect(page.locator('.fit-row[data-card="rtx-4080-super"]')).toBeVisible();

  await page.getByRole('link', { name: 'Catalog' }).click();
  await page.getByRole('button', { name: 'Edit card GeForce RTX 4080 SUPER' }).click();
  await page.getByLabel('Memory (GiB)').fill('20');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByRole('row', { name: /GeForce RTX 4080 SUPER/ })).toContainText('20');

  await page.getByRole('button', { name: 'Delete card GeForce RTX 4080 SUPER' }).click();
  await page.getByRole('button', { name: 'Yes, delete' }).click();
  await expect(page.getByRole('rowheader', { name: 'GeForce RTX 4080 SUPER' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Undo' }).click();
  await expect(page.getByRole('rowheader', { name: 'GeForce RTX 4080 SUPER' })).toBeVisible();
});

test('a GGUF header read in the page, saved as my model, listed in the model select', async ({ page }) => {
  await page.goto(server.url);
  await expect(page.locator('main[data-state="ready"]')).toBeVisible();
  // A GGUF file is for inference in llama.cpp.
  await page.getByLabel('Method', { exact: true }).selectOption('inference');
  await page.getByLabel('Model', { exact: true }).selectOption({ label: 'From a file or Hugging Face…' });
  await page.getByLabel('config.json, safetensors index, .safetensors or .gguf file').setInputFiles({
    name: 'llama-3.2-1b-q4_k_m.gguf',
    mimeType: 'application/octet-stream',
    buffer: Buffer.from(llama32GgufHeader()),
  });
  await expect(
    page.getByRole('status').filter({ hasText: 'Read from llama-3.2-1b-q4_k_m.gguf (llama)' }),
  ).toBeVisible();
  await expect(page.getByText('custom model · 1.24B parameters', { exact: false })).toBeVisible();
  // Its quantization is the file's.
  await expect(page.getByLabel('Quantization', { exact: true })).toHaveValue('gguf-q4_k_m');
  await page.getByLabel('Preset id').fill('my-llama-1b');
  await page.getByLabel('Name in the lists').fill('My Llama 1B');
  await page.getByRole('button', { name: 'Save as my model' }).click();
  await expect(page.getByLabel('Model', { exact: true })).toHaveValue('my-llama-1b');
  await expect(page.getByLabel('Model', { exact: true }).locator('option', { hasText: 'My Llama 1B' })).toHaveCount(1);
});
