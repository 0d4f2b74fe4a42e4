import { test, expect } from '@playwright/test';
import { freshDbPath, startServer } from './server';

test('a price edited in the catalog survives a server restart', async ({ page }) => {
  const dbPath = freshDbPath();
  let server = await startServer(dbPath);
  await page.goto(server.url);
  await page.getByRole('link', { name: 'Catalog' }).click();
  await expect(page.locator('main[data-state="ready"]')).toBeVisible();
  await expect(page.getByRole('cell', { name: 'GeForce RTX 4090' }).first()).toBeVisible();

  const price = page.getByLabel('Price for AutoDL GeForce RTX 4090 hourly');
  const observed = page.getByRole('row').filter({ has: price }).locator('td.observed');
  await expect(price).toHaveValue('1.98');
  // The seeded price has no date in its source; editing it dates it today.
  await expect(observed).toHaveText('undated');
  await price.fill('1.77');
  await price.press('Enter');
  await expect(page.getByText('Saved')).toBeVisible();
  const today = await page.evaluate(() => {
    const d = new Date();
    return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
  });
  await expect(observed).toHaveText(today);
  await server.stop();

  server = await startServer(dbPath);
  await page.goto(server.url);
  await page.getByRole('link', { name: 'Catalog' }).click();
  await expect(page.locator('main[data-state="ready"]')).toBeVisible();
  await expect(page.getByLabel('Price for AutoDL GeForce RTX 4090 hourly')).toHaveValue('1.77');
  await expect(observed).toHaveText(today);
  await server.stop();
});

test('an offer added in the catalog is listed after a restart', async ({ page }) => {
  const dbPath = freshDbPath();
  let server = await startServer(dbPath);
  await page.goto(`${server.url}#/catalog`);
  await expect(page.locator('main[data-state="ready"]')).toBeVisible();
  const before = await page.getByRole('spinbutton', { name: /^Price for / }).count();
  const form = page.getByRole('form', { name: /add an offer/i });
  await form.getByLabel('Card').selectOption('rtx-3090');
  await form.getByLabel('Provider').fill('矩池云');
  await form.getByLabel('Price', { exact: true }).fill('0.76');
  await form.getByRole('button', { name: /add/i }).click();
  await expect(page.getByRole('spinbutton', { name: /^Price for / })).toHaveCount(before + 1);
  await server.stop();

  server = await startServer(dbPath);
  await page.goto(`${server.url}#/catalog`);
  await expect(page.locator('main[data-state="ready"]')).toBeVisible();
  await expect(page.getByLabel(/Price for 矩池云 GeForce RTX 3090/)).toHaveValue('0.76');
  await server.stop();
});

test('switching to Chinese is remembered', async ({ page }) => {
  const server = await startServer(freshDbPath());
  await page.goto(server.url);
  await expect(page.locator('main[data-state="ready"]')).toBeVisible();
  await page.getByLabel('Language').selectOption('zh-CN');
  await expect(page.getByRole('link', { name: '显卡与报价' })).toBeVisible();
  await page.reload();
  await expect(page.locator('main[data-state="ready"]')).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
  await server.stop();
});
