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
  // The speed's held-out spread (of its token band) holds the speed: "likely 1,856–3,361 tokens/s: …".
  const speed = Number((await page.locator('.speed-value').innerText()).replace(/[^\d.]/g, ''));
  const speedLikely = (await page.getByTestId('speed-likely').innerText()).match(/likely ([\d,]+)–([\d,]+) tokens\/s/);
  expect(speedLikely).not.toBeNull();
  expect(Number(speedLikely![1]!.replace(/,/g, ''))).toBeLessThanOrEqual(speed);
  expect(Number(speedLikely![2]!.replace(/,/g, ''))).toBeGreaterThanOrEqual(speed);

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

test('the memory chart draws each batch against sequence length, with the chosen card at its memory', async ({
  page,
}) => {
  await page.goto(server.url);
  await expect(page.locator('main[data-state="ready"]')).toBeVisible();
  await page.getByRole('button', { name: /13B · LoRA/ }).click();
  await page.getByLabel('Show speed on').selectOption('rtx-4090');
  await settled(page);
  const chart = page.getByTestId('memory-chart');
  await expect(chart.getByRole('heading', { name: 'Peak memory against sequence length' })).toBeVisible();
  await expect(chart.locator('.chart-line')).toHaveCount(3);

  // The RTX 4090's line is drawn stronger, named in the legend, and drawn where 24 sits on the memory axis.
  const limit = chart.locator('.chart-reference[data-value="24"]');
  await expect(limit).toHaveText('24 GiB');
  await expect(limit).toHaveClass(/chart-reference-emphasis/);
  await expect(chart.locator('.chart-legend')).toContainText('(you asked about GeForce RTX 4090)');
  const ticks = await chart
    .locator('line[data-y-tick]')
    .evaluateAll((lines) => lines.map((l) => [Number(l.getAttribute('data-y-tick')), Number(l.getAttribute('y1'))]));
  expect(ticks.length).toBeGreaterThan(2);
  const [[v0, y0], [v1, y1]] = [ticks[0]!, ticks[ticks.length - 1]!] as [[number, number], [number, number]];
  const expected = y0 + ((24 - v0) / (v1 - v0)) * (y1 - y0);
  const drawn = Number(await limit.locator('line').getAttribute('y1'));
  expect(Math.abs(drawn - expected)).toBeLessThan(0.5);

  // The points are one keyboard stop; the arrow keys walk them and each says its value.
  const first = chart.locator('.chart-point[tabindex="0"]');
  await expect(first).toHaveCount(1);
  await first.focus();
  await expect(first).toHaveAccessibleName(/^batch 1, 256 tokens: \d+\.\d GiB$/);
  for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowRight');
  const focused = page.locator('.chart-point:focus');
  await expect(focused).toHaveAccessibleName(/^batch 1, 2,048 tokens: /);
  // The point as set is the estimate itself.
  const total = await page.getByTestId('total-gib').innerText();
  await expect(focused).toHaveAccessibleName(new RegExp(`: ${total.replace('.', '\\.')}$`));
  await page.keyboard.press('ArrowUp');
  await expect(page.locator('.chart-point:focus')).toHaveAccessibleName(/^batch 2, 2,048 tokens: /);
});

test('a term explains itself on focus and on hover, and Escape closes it', async ({ page }) => {
  await page.goto(server.url);
  await expect(page.locator('main[data-state="ready"]')).toBeVisible();
  const info = page.getByRole('button', { name: 'What is Gradient checkpointing?' });
  const tip = page.getByRole('tooltip').filter({ hasText: 'recomputes the rest' });
  await expect(tip).toBeHidden();
  await info.focus();
  await expect(tip).toBeVisible();
  await expect(info).toHaveAccessibleDescription(/Keeps only some activations/);
  await page.keyboard.press('Escape');
  await expect(tip).toBeHidden();
  await info.blur();

  // A term in a heading is the heading's own words, and opens on hover.
  const term = page.getByRole('heading', { name: 'Peak memory per GPU' }).getByRole('button');
  await term.hover();
  await expect(page.getByRole('tooltip').filter({ hasText: 'out-of-memory' })).toBeVisible();
});
