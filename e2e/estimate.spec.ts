import { test, expect, type Page } from '@playwright/test';
import { serverForEachTest } from './server';

const server = serverForEachTest();

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
  // The held-out spread around the total: "likely 25.1 GiB–31.0 GiB: …", holding the total.
  const likely = (await page.getByTestId('total-likely').innerText()).match(/(\d+\.\d) GiB–(\d+\.\d) GiB/);
  expect(likely).not.toBeNull();
  expect(Number(likely![1])).toBeLessThanOrEqual(loraTotal);
  expect(Number(likely![2])).toBeGreaterThanOrEqual(loraTotal);

  await page.getByRole('button', { name: /13B · QLoRA/ }).click();
  await settled(page);
  await expect(verdictOn(page, 'rtx-4090')).not.toHaveText('Does not fit');
  const qloraTotal = Number((await page.getByTestId('total-gib').innerText()).replace(/[^\d.]/g, ''));
  expect(qloraTotal).toBeLessThan(22);
});

test('a quick question sets the fields a person would, says which, and gives what setting them by hand gives', async ({
  page,
}) => {
  await page.goto(server.url);
  await expect(page.locator('main[data-state="ready"]')).toBeVisible();
  await page.getByRole('button', { name: /13B · LoRA/ }).click();
  await settled(page);
  const said = page.getByTestId('quick-set');
  await expect(said).toContainText('Model: Llama 2 13B');
  await expect(said).toContainText('Gradient checkpointing: on');
  await expect(page.getByLabel('Gradient checkpointing', { exact: true })).toBeChecked();
  const picked = await page.getByTestId('total-gib').innerText();

  // The same question by hand, from the form a reload gives: the same answer, and the note is gone.
  await page.getByLabel('Gradient checkpointing', { exact: true }).uncheck();
  await expect(said).toHaveText('');
  await settled(page);
  await expect(page.getByTestId('total-gib')).not.toHaveText(picked);
  await page.getByLabel('Gradient checkpointing', { exact: true }).check();
  await settled(page);
  await expect(page.getByTestId('total-gib')).toHaveText(picked);
});

test('a size typed by hand is estimated, and bad input is named at its field', async ({ page }) => {
  await page.goto(server.url);
  await expect(page.locator('main[data-state="ready"]')).toBeVisible();
  await page.getByLabel('Model', { exact: true }).selectOption({ label: 'Other size…' });
  await page.getByLabel('Model size').fill('6.7B');
  await settled(page);
  await expect(page.getByText('shape guessed from size', { exact: false })).toBeVisible();

  await page.getByLabel('Batch size (per GPU)').fill('0');
  await expect(page.getByText('too small: must be a whole number from 1 to 65,536')).toBeVisible();
  await page.getByLabel('Batch size (per GPU)').fill('1e30');
  await expect(page.getByText('too big: must be a whole number from 1 to 65,536')).toBeVisible();
});

test('a run logged for a similar set-up corrects the estimate and says what it is based on', async ({
  page,
  request,
}) => {
  const config = {
    model: 'llama-3.1-8b',
    method: 'lora',
    precision: 'bf16',
    batchSize: 1,
    seqLen: 2048,
    gradientCheckpointing: true,
    gpu: 'a100-80gb',
  };
  const logged = await request.post(`${server.origin}/api/runs:add`, {
    headers: { authorization: `Bearer ${server.token}` },
    data: {
      config,
      card: 'a100-80gb',
      gpus: 1,
      peakMemoryGiB: 30,
      memoryMeter: 'nvidia-smi',
      tokensPerSecond: 2500,
      outcome: 'ok',
    },
  });
  expect(logged.ok()).toBe(true);

  await page.goto(server.url);
  await expect(page.locator('main[data-state="ready"]')).toBeVisible();
  await page.getByLabel('Gradient checkpointing', { exact: true }).check();
  await page.getByLabel('Show speed on').selectOption('a100-80gb');
  await settled(page);
  const panel = page.getByTestId('speed-panel');
  await expect(panel).toContainText('Speed on A100 80GB SXM4');
  await expect(panel).toContainText(/Based on \d+ similar logged runs? \(1 yours/);
  await expect(panel).toContainText('calibrated');
});
