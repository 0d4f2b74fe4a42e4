import { test, expect, type Page } from '@playwright/test';
import { serverForEachTest } from './server';

const server = serverForEachTest();

/** The answer line, without its heading (read by screen readers only). */
const answerLine = (page: Page) => page.getByTestId('serve-answer').locator('.answer-main');
const settled = (page: Page) => expect(page.locator('.results[data-state="ready"]')).toBeVisible();

/** Opens the Serve page the way a user does: its link in the navigation. */
async function openServe(page: Page): Promise<void> {
  await page.goto(server.url);
  await expect(page.locator('main[data-state="ready"]')).toBeVisible();
  await page.locator('nav a[href="#/serve"]').click();
  await expect(page).toHaveURL(/#\/serve(\?|$)/);
  await expect(page.locator('main[data-state="ready"]')).toBeVisible();
  await settled(page);
}

test('the Serve page answers first, ranks every card with its KV pool, latency and cost, and charts concurrency', async ({
  page,
}) => {
  await openServe(page);
  const answer = answerLine(page);
  await expect(answer).toContainText(/^Cheapest within the latency targets: \d+ × .+ per 1M output tokens/);

  const rows = page.locator('.serve-table tbody tr');
  expect(await rows.count()).toBeGreaterThan(1);
  // Every ranked server holds a KV pool and at least one sequence at the average request.
  const first = rows.first();
  // Cells after the row's card: cost per 1M tokens, per 1k requests, latency, max rate, KV pool, sequences.
  const pool = Number((await first.locator('td').nth(4).innerText()).replace(/[^\d]/g, ''));
  expect(pool).toBeGreaterThan(0);
  await expect(first.locator('td').nth(0)).toContainText(/[¥$]\d/);

  const chart = page.getByRole('img', { name: 'Max concurrent sequences against context length' });
  await expect(chart).toBeVisible();
  expect(await chart.locator('path.chart-line').count()).toBeGreaterThan(1);
  await expect(page.getByText('What nvidia-smi will show')).toBeVisible();

  // One card, one GPU, 8k context (one 128k sequence of Llama 3.1 8B needs 16 GiB of KV cache, more than
  // a 24 GB card keeps beside the weights): the table narrows to it and the address holds the question.
  await page.getByLabel('Max model length').fill('8192');
  await page.getByLabel('Card', { exact: true }).selectOption('rtx-4090');
  await page.getByLabel('GPUs per server').fill('1');
  await settled(page);
  await expect(rows).toHaveCount(1);
  await expect(rows.first().locator('th')).toContainText('1 × GeForce RTX 4090');
  await expect(page).toHaveURL(/serve\.gpu=rtx-4090/);

  // A reload asks the same question again.
  const kvPool = await rows.first().locator('td').nth(4).innerText();
  await page.reload();
  await settled(page);
  await expect(page.getByLabel('Card', { exact: true })).toHaveValue('rtx-4090');
  await expect(page.locator('.serve-table tbody tr').first().locator('td').nth(4)).toHaveText(kvPool);
});

test('bad input is named at its field, and the last good answer stays, marked stale', async ({ page }) => {
  await openServe(page);
  const answer = await answerLine(page).innerText();

  await page.getByLabel('GPU memory utilization').fill('1.5');
  await expect(page.locator('#srv-gpu-memory-utilization-error')).toContainText('at most 1');
  await expect(page.locator('.results [data-stale="true"]')).toBeVisible();
  await expect(answerLine(page)).toHaveText(answer);
  await page.getByLabel('GPU memory utilization').fill('0.9');
  await settled(page);
  await expect(page.locator('.results [data-stale="true"]')).toHaveCount(0);

  // Above the model's limit: the backend says what is allowed, next to the field.
  await page.getByLabel('Max model length').fill('10000000');
  await expect(page.locator('#srv-max-model-len-error')).toContainText('give at most');
  await expect(answerLine(page)).toHaveText(answer);
});

test('在简体中文下，推理服务页的结论、表格、图和错误都是中文', async ({ page }) => {
  await page.goto(server.url);
  await expect(page.locator('main[data-state="ready"]')).toBeVisible();
  await page.getByLabel('Language').selectOption('zh-CN');
  await page.getByRole('link', { name: '推理服务' }).click();
  await expect(page.locator('main[data-state="ready"]')).toBeVisible();
  await settled(page);
  await expect(page.getByRole('img', { name: '最大并发序列数与序列长度' })).toBeVisible();
  await expect(page.getByRole('columnheader', { name: 'KV 缓存池（token）' })).toBeVisible();
  await page.getByLabel(/GPU 显存利用率|显存利用率/).fill('0');
  await expect(page.locator('#srv-gpu-memory-utilization-error')).toContainText(/应为/);
});

test('a serving run logged on a card calibrates that card on the Serve page, and says on how many runs', async ({
  page,
}) => {
  const response = await fetch(`${server.origin}/api/runs:add`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${server.token}` },
    body: JSON.stringify({
      config: { model: 'llama-3.1-8b', method: 'inference', precision: 'bf16' },
      card: 'rtx-4090',
      gpus: 1,
      engine: 'vllm',
      concurrency: 16,
      maxModelLen: 8192,
      kvPoolTokens: 30_000,
      tokensPerSecond: 900,
    }),
  });
  expect(response.ok).toBe(true);
  await openServe(page);
  await page.getByLabel('Max model length').fill('8192');
  await page.getByLabel('Card', { exact: true }).selectOption('rtx-4090');
  await page.getByLabel('GPUs per server').fill('1');
  await settled(page);
  await expect(page.locator('.serve-table tbody tr').first().locator('th')).toContainText('calibrated');
  await expect(page.getByTestId('serve-calibration')).toContainText(
    /^1 × GeForce RTX 4090: calibrated on 1 serving run: decode speed × [\d.]+, KV pool × [\d.]+ \(KV pool [\d,]+ → [\d,]+ tokens\)$/,
  );
});

test('the Run form logs a serving run: its section shows for inference only, and a bad figure is named at its field', async ({
  page,
}) => {
  await page.goto(`${server.url}#/runs`);
  await expect(page.locator('.runs-results[data-state="ready"]')).toBeVisible();
  await page.getByRole('button', { name: 'Log a run', exact: true }).click();
  const serving = page.getByRole('group', { name: 'Serving benchmark' });
  await expect(serving).toHaveCount(0);
  await page.locator('form.run-form').getByLabel('Method', { exact: true }).selectOption('inference');
  await expect(serving).toBeVisible();

  await serving.getByLabel('Serving engine').selectOption('vllm');
  await serving.getByLabel('Concurrent requests').fill('32');
  await serving.getByLabel('gpu_memory_utilization').fill('1.2');
  await page.getByLabel('Peak memory per GPU (GiB)').fill('');
  await page.getByRole('button', { name: 'Log run' }).click();
  await expect(page.locator('#run-gpu-memory-utilization-error')).toBeVisible();

  await serving.getByLabel('gpu_memory_utilization').fill('0.9');
  await serving.getByLabel('KV cache size from the engine log (tokens)').fill('86240');
  await page.getByLabel('Tokens per second (whole run)').fill('1210');
  await page.getByLabel('Notes').fill('vLLM benchmark_serving');
  await page.getByRole('button', { name: 'Log run' }).click();
  await expect(page.getByText('Run logged')).toBeVisible();
  // The log says it is a serving run, and sets no one-sequence prediction against its figures.
  const row = page.locator('tr[data-origin="user"]').first();
  await expect(row).toContainText('vLLM · 32 concurrent');

  const listed = await fetch(`${server.origin}/api/runs:list`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${server.token}` },
    body: JSON.stringify({ filter: { origin: 'mine' } }),
  });
  const { data } = (await listed.json()) as { data: { runs: Record<string, unknown>[] } };
  expect(data.runs[0]).toMatchObject({
    engine: 'vllm',
    concurrency: 32,
    gpuMemoryUtilization: 0.9,
    kvPoolTokens: 86240,
    tokensPerSecond: 1210,
  });
});
