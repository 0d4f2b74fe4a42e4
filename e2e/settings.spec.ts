import { test, expect } from '@playwright/test';
import { serverForEachTest } from './server';

const server = serverForEachTest();

test('Settings: a bad value is refused next to its field and not saved; a good rate is remembered and used by Compare', async ({
  page,
}) => {
  await page.goto(`${server.url}#/settings`);
  await expect(page.locator('main[data-state="ready"]')).toBeVisible();
  const rate = page.getByLabel('Exchange rate (USD per 1 CNY)');
  const headroom = page.getByLabel(/^Headroom/);
  // Number inputs take no letters in Chromium; text is refused in the unit test of settings-form.
  for (const bad of ['0', '-1', '1e30']) {
    await rate.fill(bad);
    await expect(page.locator('#set-usdPerCny-error')).toBeVisible();
  }
  for (const bad of ['', '-5', '1e30']) {
    await headroom.fill(bad);
    await expect(page.locator('#set-headroomPercent-error')).toBeVisible();
  }
  await page.getByLabel('Date of the rate').fill('yesterday');
  await expect(page.locator('#set-usdPerCnyDate-error')).toBeVisible();
  await headroom.fill('10');
  await rate.fill('0.14');
  await page.getByLabel('Date of the rate').fill('2026-11-30');
  await expect(page.getByRole('status')).toHaveText('Saved.');
  await expect(page.locator('.field-error')).toHaveCount(0);

  await page.reload();
  await expect(page.locator('main[data-state="ready"]')).toBeVisible();
  await expect(page.getByLabel('Exchange rate (USD per 1 CNY)')).toHaveValue('0.14');
  await expect(page.getByLabel(/^Headroom/)).toHaveValue('10');

  // Compare converts the USD offers with the rate and says whose rate of which day.
  await page.getByRole('link', { name: 'Compare' }).click();
  await expect(page.locator('.compare-results[data-state="ready"]')).toBeVisible();
  await expect(page.getByText('your rate of 2026-11-30, from Settings')).toBeVisible();
  await expect(page.getByText(/not in CNY (was|were) skipped/)).toHaveCount(0);
});
