import { test, expect, type Page } from '@playwright/test';
import { serverForEachTest } from './server';

const server = serverForEachTest();

const rankReady = (page: Page) => expect(page.locator('.compare-results[data-state="ready"]')).toBeVisible();
const rows = (page: Page) => page.locator('table.rank-table tbody tr.rank-row');

/** The app opened, then a link opened in it while it runs (only the hash changes). */
async function openLink(page: Page, hash: string) {
  await page.goto(server.url);
  await expect(page.locator('main[data-state="ready"]')).toBeVisible();
  await page.evaluate((link) => (window.location.hash = link), hash);
}

async function setUpQlora7b(page: Page) {
  await page.goto(server.url);
  await expect(page.locator('main[data-state="ready"]')).toBeVisible();
  await page.getByLabel('Model', { exact: true }).selectOption('llama-2-7b');
  await page.getByLabel('Method').selectOption('qlora');
  await page.getByRole('link', { name: 'Compare' }).click();
  await expect(page.getByText('Llama 2 7B', { exact: false }).first()).toBeVisible();
  await page.getByLabel('Dataset tokens (per epoch)').fill('50m');
  await rankReady(page);
}

test('ranks the cards for QLoRA 7B on 50M tokens by job cost, answer first, and re-ranks when a price changes', async ({
  page,
}) => {
  await setUpQlora7b(page);
  await expect(rows(page).first()).toBeVisible();
  const first = rows(page).first();
  await expect(first.locator('.badge')).not.toHaveText('Does not fit');
  const firstId = await first.getAttribute('data-candidate');
  // Job cost (the 8th cell) ascends; no monthly package is ranked for a job of hours.
  const costs = await rows(page).locator('td:nth-of-type(8)').allInnerTexts();
  const numbers = costs.map((text) => Number(text.replace(/[^\d.]/g, '')));
  expect(numbers.length).toBeGreaterThan(2);
  expect(numbers).toEqual([...numbers].sort((a, b) => a - b));
  await expect(rows(page).filter({ hasText: 'Monthly' })).toHaveCount(0);

  // The answer names the first row's set-up and its job cost.
  const answer = page.getByTestId('rank-answer');
  await expect(answer).toContainText('Cheapest for your job:');
  await expect(answer).toContainText(costs[0]!.trim());
  // And what it likely costs, from its speed's held-out range: "likely ¥8.96–¥12.59: …".
  await expect(answer.locator('.answer-also').first()).toContainText(/^likely ¥[\d,.]+–¥[\d,.]+: /);

  // One row per offer; its other GPU counts are one click away.
  const ids = await rows(page).evaluateAll((trs) => trs.map((tr) => tr.getAttribute('data-candidate')!.split(':')[0]));
  expect(new Set(ids).size).toBe(ids.length);
  const before = await rows(page).count();
  // Its name says what it does, then the row's setup ("+2 more GPU counts: H20 96GB AutoDL hourly").
  await page
    .getByRole('button', { name: /^\+\d+ more GPU counts?: / })
    .first()
    .click();
  await expect(rows(page)).not.toHaveCount(before);
  await page
    .getByRole('button', { name: /^hide: / })
    .first()
    .click();
  await expect(rows(page)).toHaveCount(before);

  const price = first
    .getByRole('textbox', { name: /^Price for / })
    .or(first.getByRole('spinbutton', { name: /^Price for / }));
  await price.fill('99');
  await price.press('Enter');
  await rankReady(page);
  await expect(rows(page).first()).not.toHaveAttribute('data-candidate', firstId!);
});

test('opens Plan from a ranked row; a higher spot interruption rate changes the totals and the chart', async ({
  page,
}) => {
  await setUpQlora7b(page);
  await page.getByLabel('Currency').selectOption('USD');
  await page.getByLabel('Billing').selectOption('spot');
  await rankReady(page);
  // The GPU counts Plan ranks the job for once it opens: only the linked row's, not first the one it held before.
  const rankedCounts: number[][] = [];
  page.on('request', (request) => {
    if (request.url().endsWith('/api/rank:compute'))
      rankedCounts.push((request.postDataJSON() as { options: { gpuCounts: number[] } }).options.gpuCounts);
  });
  await rows(page)
    .first()
    .getByRole('link', { name: /^Plan this/ })
    .click();

  const planReady = page.locator('.plan-results[data-state="ready"]');
  await expect(planReady).toBeVisible();
  const gpus = Number(await page.getByLabel('GPUs', { exact: true }).inputValue());
  expect(rankedCounts).toEqual([[gpus]]);
  const spotTotal = page
    .locator('.option-card')
    .filter({ has: page.locator('.tag', { hasText: /^spot$/ }) })
    .first()
    .locator('.total-value');
  await expect(spotTotal).toBeVisible();
  const before = await spotTotal.innerText();
  const curveBefore = await page
    .locator('svg path')
    .evaluateAll((paths) => paths.map((p) => p.getAttribute('d')).join('|'));

  await page.getByLabel('Interruptions per hour').fill('0.9');
  await expect(spotTotal).not.toHaveText(before);
  await expect(planReady).toBeVisible();
  const curveAfter = await page
    .locator('svg path')
    .evaluateAll((paths) => paths.map((p) => p.getAttribute('d')).join('|'));
  expect(curveAfter).not.toEqual(curveBefore);
});

test("Plan opened from a ranked row waits for the job's hours without calling the empty hours field wrong", async ({
  page,
}) => {
  await setUpQlora7b(page);
  // The ranking Plan reads the job's hours from, held back as a slow machine or a big catalog would.
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/rank:compute', async (route) => {
    await held;
    await route.continue();
  });
  await rows(page)
    .first()
    .getByRole('link', { name: /^Plan this/ })
    .click();
  const results = page.locator('.plan-results');
  await expect(results).toHaveAttribute('data-state', 'computing');
  await expect(results).toContainText('Planning…');
  await expect(page.getByText('Fix the highlighted field to see the plan.')).toHaveCount(0);
  await expect(page.getByLabel('Job compute hours')).not.toHaveAttribute('aria-invalid', 'true');
  release();
  await expect(results).toHaveAttribute('data-state', 'ready');
  await expect(page.locator('.option-card').first()).toBeVisible();

  // A new job on Plan itself: the plan of the job before stays, dimmed, until the new hours come.
  let releaseAgain = () => {};
  const heldAgain = new Promise<void>((resolve) => (releaseAgain = resolve));
  await page.unroute('**/api/rank:compute');
  await page.route('**/api/rank:compute', async (route) => {
    await heldAgain;
    await route.continue();
  });
  await page.getByLabel('Dataset tokens (per epoch)').fill('80m');
  await expect(results).toHaveAttribute('data-state', 'computing');
  await expect(results.locator('.stale .option-card').first()).toBeVisible();
  await expect(page.getByLabel('Job compute hours')).not.toHaveAttribute('aria-invalid', 'true');
  releaseAgain();
  await expect(results).toHaveAttribute('data-state', 'ready');
  await expect(results.locator('.stale')).toHaveCount(0);
});

test('Plan opened first, with every field at its default, shows a plan of the first question', async ({ page }) => {
  await page.goto(`${server.url}#/plan`);
  await expect(page.locator('main[data-state="ready"]')).toBeVisible();
  await expect(page.getByTestId('plan-heading')).toContainText('Llama 3.1 8B');
  await expect(page.locator('.plan-results[data-state="ready"]')).toBeVisible();
  // A bill, its job hours from the ranking (no hours typed), and no field in error.
  await expect(page.locator('.plan-results .option-card').first().locator('.total-value')).toBeVisible();
  await expect(page.getByLabel('Job compute hours')).toHaveValue('');
  await expect(page.locator('[aria-invalid="true"]')).toHaveCount(0);
  await expect(page.getByRole('alert')).toHaveCount(0);
  // Hours from an estimate: each bill says where it likely lies; hours typed are the user's own, with no range.
  const likely = page.locator('.plan-results .option-card').first().locator('.option-likely');
  await expect(likely).toHaveText(/^likely ¥[\d,.]+–¥[\d,.]+ \([\d.]+–[\d.]+ h of compute\)$/);
  await page.getByLabel('Job compute hours').fill('30');
  await expect(page.locator('.plan-results[data-state="ready"] .option-card').first()).toBeVisible();
  await expect(page.locator('.plan-results .option-likely')).toHaveCount(0);
});

test('a set-up the estimator refuses is named on Compare and Plan by its field, with the way back to Estimate', async ({
  page,
}) => {
  // Full fine-tuning of a 4-bit base: each value alone is valid, the pair is refused by the backend.
  await openLink(page, '#/compare?method=full&precision=int4&job.tokens=50m');
  const compareAlert = page.locator('.compare-results [role="alert"]');
  await expect(compareAlert).toHaveText(
    "Estimate's Weight precision: full fine-tuning cannot update a quantized base: use bf16, or qlora for a 4-bit base. Change on Estimate",
  );
  await expect(compareAlert.getByRole('link', { name: 'Change on Estimate' })).toHaveAttribute('href', '#/estimate');
  await expect(page.locator('.compare-results[data-state="ready"]')).toBeVisible();
  await expect(page.getByText('Ranking…')).toHaveCount(0);

  // Plan's job hours come from the same ranking: it says why they are missing.
  await page.evaluate(() => (window.location.hash = '#/plan?method=full&precision=int4'));
  await expect(page.locator('.plan-job [role="alert"]')).toHaveText(
    "Estimate's Weight precision: full fine-tuning cannot update a quantized base: use bf16, or qlora for a 4-bit base. Change on Estimate",
  );
});

test('when nothing fits in memory anywhere, Compare says so and where the changes that would are', async ({ page }) => {
  // 70B LoRA at the default batch and length: one GPU holds it whole, and split over 2–8 GPUs with ZeRO-3 each
  // still needs more than any card has (the reasons below say so, both kinds).
  await openLink(page, '#/compare?model=llama-3.1-70b&method=lora&job.tokens=50m');
  await rankReady(page);
  const said = page.locator('.compare-results p.panel');
  await expect(said).toContainText('Nothing fits in memory as set up, on any card and GPU count tried');
  await expect(said.getByRole('link', { name: 'Change on Estimate' })).toHaveAttribute('href', '#/estimate');
  await expect(page.getByText('No set-up fits with an offer in this currency and billing')).toHaveCount(0);
});

test('full fine-tuning of 7B, which no card holds with plain data parallel, is ranked split with ZeRO and planned so', async ({
  page,
}) => {
  await openLink(page, '#/compare?model=llama-2-7b&method=full&job.tokens=50m');
  await rankReady(page);
  // The answer and the first row name the split; the row's term opens the glossary's ZeRO entry.
  const answer = page.getByTestId('rank-answer');
  await expect(answer).toContainText(/Cheapest for your job: .+ ×[2-8] with ZeRO-[23] at /);
  const first = rows(page).first();
  const split = first
    .locator('td')
    .first()
    .getByRole('button', { name: /^ZeRO-[23]/ });
  await expect(split).toBeVisible();
  await expect(page.getByText(/the training state is split over them with DeepSpeed ZeRO-2 or ZeRO-3/)).toBeVisible();
  await first.locator('th button.disclosure').click();
  await expect(page.locator('.explain-lines li').first()).toContainText(/^split over [2-8] GPUs with ZeRO-[23]: /);

  // Plan prices the same set-up and says how it is split.
  const stage = (await split.innerText()).trim();
  await first.getByRole('link', { name: new RegExp(`^Plan this: .+ with ${stage} `) }).click();
  await expect(page.getByTestId('plan-heading')).toContainText(`with ${stage}`);
  await expect(page.locator('.plan-results[data-state="ready"]')).toBeVisible();
});
