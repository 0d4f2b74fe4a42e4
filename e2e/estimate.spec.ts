import { test, expect, type Page } from '@playwright/test';
import { freshDbPath, startServer, type ServerHandle } from './server';

let server: ServerHandle;
test.beforeEach(async () => {
  server = await startServer(freshDbPath());
});
test.afterEach(async () => {
  await server.stop();
});

const verdictOn = (page: Page, card: string) => page.locator(`.fit-row[data-card="${card}"] .badge`);
const settled = (page: Page) => expect(page.locator('.results[data-state="ready"]')).toBeVisible();

test('the classic question: 13B LoRA does not fit a 24 GB card, QLoRA does', async ({ page }) => {
  await page.goto(server.url);
  await expect(page.locator('main[data-state="ready"]')).toBeVisible();

  await page.getByRole('button', { name: /13B · LoRA/ }).click();
  await settled(page);
  await expect(verdictOn(page, 'rtx-4090')).toHaveText('Does not fit');
  const loraTotal = Number((await page.getByTestId('total-gib').innerText()).replace(/[^\d.]/g, ''));
  expect(loraTotal).toBeGreaterThan(24);

  await page.getByRole('button', { name: /13B · QLoRA/ }).click();
  await settled(page);
  await expect(verdictOn(page, 'rtx-4090')).not.toHaveText('Does not fit');
  const qloraTotal = Number((await page.getByTestId('total-gib').innerText()).replace(/[^\d.]/g, ''));
  expect(qloraTotal).toBeLessThan(22);
});

test('a size typed by hand is estimated, and bad input is named at its field', async ({ page }) => {
  await page.goto(server.url);
  await expect(page.locator('main[data-state="ready"]')).toBeVisible();
  await page.getByLabel('Model', { exact: true }).selectOption({ label: 'Other size…' });
  await page.getByLabel('Model size').fill('6.7B');
  await settled(page);
  await expect(page.getByText('shape guessed from size', { exact: false })).toBeVisible();

  await page.getByLabel('Batch size (per GPU)').fill('0');
  await expect(page.getByText('Enter a whole number of 1 or more.')).toBeVisible();
});
