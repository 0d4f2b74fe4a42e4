import { test, expect, type Page } from '@playwright/test';
import { serverForEachTest } from './server';

const server = serverForEachTest();

const rankReady = (page: Page) => expect(page.locator('.compare-results[data-state="ready"]')).toBeVisible();
const planReady = (page: Page) => expect(page.locator('.plan-results[data-state="ready"]')).toBeVisible();

test('Compare sets the model, method and job; the link restores it in a new tab; copy as CLI and CSV', async ({
  page,
  context,
}) => {
  // Two pages in two contexts on a shared 2-core machine: more than the default minute.
  test.setTimeout(180_000);
  await page.goto(`${server.url}#/compare`);
  await expect(page.locator('main[data-state="ready"]')).toBeVisible();
  await page.getByLabel('Model', { exact: true }).selectOption('llama-2-7b');
  await page.getByLabel('Method').selectOption('qlora');
  await page.getByLabel('Dataset tokens (per epoch)').fill('50m');
  await rankReady(page);
  await expect(page).toHaveURL(/#\/compare\?.*model=llama-2-7b/);
  await expect(page).toHaveURL(/job\.tokens=50m/);
  await expect(page.getByTestId('cmp-cli')).toContainText('cardwise rank --model llama-2-7b --method qlora');
  await expect(page.getByTestId('cmp-cli')).toContainText('--tokens 50000000');

  // The address is the link to this page (the token stays out of it: a new tab takes it from the printed URL).
  const compareLink = `${server.url}${new URL(page.url()).hash}`;
  // The set-up carries to Estimate and back.
  await page.getByRole('link', { name: 'Estimate', exact: true }).click();
  await expect(page.locator('#est-method')).toHaveValue('qlora');

  // A pasted link in a fresh tab (no session) restores the page.
  const other = await context.browser()!.newContext();
  const tab = await other.newPage();
  await tab.goto(compareLink);
  await rankReady(tab);
  await expect(tab.getByLabel('Method')).toHaveValue('qlora');
  await expect(tab.getByLabel('Dataset tokens (per epoch)')).toHaveValue('50m');
  const download = tab.waitForEvent('download');
  await tab.getByRole('button', { name: 'Export CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('cardwise-ranking.csv');
  const text = await (await file.createReadStream()).toArray();
  const csv = Buffer.concat(text).toString('utf8');
  expect(csv.startsWith('\uFEFFrank,card,cardName,gpus,provider')).toBe(true);
  expect(csv.split('\r\n').length).toBeGreaterThan(3);
  await other.close();
});

test('a link with values the page cannot use shows the defaults and says so, never a crash', async ({ page }) => {
  await page.goto(`${server.url}#/estimate?method=fly&batchSize=-3&seqLen=4096`);
  await expect(page.locator('main[data-state="ready"]')).toBeVisible();
  await expect(page.getByTestId('link-notice')).toContainText('method');
  await expect(page.getByTestId('link-notice')).toContainText('batchSize');
  await expect(page.locator('#est-method')).toHaveValue('lora');
  await expect(page.locator('#est-seq')).toHaveValue('4096');
  await expect(page.getByTestId('est-cli')).toContainText('--seq 4096');
});

test('Plan names what it plans, starts valid, and Plan this lands at its focused heading', async ({ page }) => {
  await page.goto(`${server.url}#/compare`);
  await page.getByLabel('Model', { exact: true }).selectOption('llama-2-7b');
  await page.getByLabel('Method').selectOption('qlora');
  await page.getByLabel('Dataset tokens (per epoch)').fill('50m');
  await rankReady(page);
  const first = page.locator('table.rank-table tbody tr.rank-row').first();
  const card = (await first.getAttribute('data-candidate'))!;
  await first.getByRole('link', { name: /^Plan this/ }).click();
  await planReady(page);
  const heading = page.getByTestId('plan-heading');
  await expect(heading).toBeFocused();
  await expect(heading).toContainText('Llama 2 7B');
  await expect(heading).toContainText('QLoRA');
  await expect(heading).toContainText('50M tokens');
  await expect(heading).toContainText('of compute');
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
  expect(card.length).toBeGreaterThan(0);
  await expect(page).toHaveURL(/#\/plan\?.*plan\.provider=/);

  // No field starts empty and invalid; the spot share starts at 30%.
  const mode = page.getByLabel('Spot price where none is listed');
  if (await mode.count()) {
    await mode.selectOption('share');
    await expect(page.getByLabel('Spot share of on-demand (%)')).toHaveValue('30');
  }
  await expect(page.locator('.plan-form [aria-invalid="true"]')).toHaveCount(0);

  // Rent or buy starts from the plan: its GPU count and on-demand price, and asks for the card price.
  await expect(page.locator('#own-cardCount')).toHaveAttribute('placeholder', /^\d+$/);
  await expect(page.locator('.ownership')).toContainText('Enter what one');
  await expect(page.locator('.ownership')).not.toContainText('¥0.00 per card-hour');
  await page.locator('#own-cardPrice').fill('13000');
  await expect(page.getByTestId('cost-per-used-card-hour')).toBeVisible();

  // The package break-even in the panel is the chart's crossing.
  const rows = page.locator('.panel[aria-labelledby="plan-packages-title"] tbody tr');
  if ((await rows.count()) > 0) await expect(rows.first()).toContainText('of compute');
});

test('a link opened while its page is on screen (only the hash changes) fills the page from it', async ({ page }) => {
  await page.goto(`${server.url}#/compare?job.tokens=50m`);
  await rankReady(page);
  await expect(page.getByLabel('Method')).toHaveValue('lora');
  // As pasting the link into the address bar does: no reload, a hashchange.
  await page.evaluate(() => (window.location.hash = '#/compare?model=llama-2-7b&method=qlora&job.tokens=80m'));
  await expect(page.getByLabel('Method')).toHaveValue('qlora');
  await expect(page.getByLabel('Model', { exact: true })).toHaveValue('llama-2-7b');
  await expect(page.getByLabel('Dataset tokens (per epoch)')).toHaveValue('80m');
  await rankReady(page);
  await expect(page.getByTestId('cmp-cli')).toContainText('cardwise rank --model llama-2-7b --method qlora');
  // A value it cannot use is said, and a dismissed notice comes back for the next such link.
  await page.evaluate(() => (window.location.hash = '#/compare?batchSize=-3&job.tokens=80m'));
  const notice = page.getByTestId('link-notice');
  await expect(notice).toContainText('batchSize');
  await notice.getByRole('button').click();
  await expect(notice).toHaveCount(0);
  await page.evaluate(() => (window.location.hash = '#/compare?seqLen=0&job.tokens=80m'));
  await expect(notice).toContainText('seqLen');
});
