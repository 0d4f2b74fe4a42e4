import { test, expect, type Page } from '@playwright/test';
import { serverForEachTest } from './server';

/**
 * Every page in 简体中文, with results, an error in a form and the explanations opened: the only
 * Latin words left are product names, units and the catalog's own data (card, provider and model
 * names, sources, notes of published runs), which the app shows as the user or the source wrote them.
 */

const server = serverForEachTest();

/**
 * Product names, units, formats and commands a Chinese sentence keeps as they are (serving engines'
 * own option names and values too: `--gpu-memory-utilization`, max_model_len, `--kv-cache-dtype auto`).
 */
const ALLOWED = new Set(
  `
  LoRA QLoRA GPU GPUs CPU CUDA GiB GB MB TB TFLOPS TOPS FLOPs MFU NVLink PCIe SXM HBM GDDR MoE KV TDP PUE
  BF FP INT fp bf int bit token FlashAttention SDPA AdamW Paged SGD FSDP ZeRO offload PyTorch torch cuda
  torch.cuda.max_memory_allocated nvidia-smi reserved allocated logits loss CNY USD CSV JSON vLLM llama.cpp HF
  transformers generate eager bitsandbytes NF GPTQ AWQ GGUF Q4_K_M Q8_0 all-gather reduce-scatter all-reduce
  kernel NVIDIA Ampere Ada Blackwell Hopper GeForce RTX Cardwise cardwise db restore serve
  config.json safetensors Hugging Face Trainer PEFT DeepSpeed Unsloth LLaMA-Factory axolotl LitGPT torchtune
  torch.compile ExLlama TensorRT-LLM FOAK Liger Triton auto-gptq
  SGLang max_model_len gpu_memory_utilization gpu-memory-utilization mem-fraction-static auto n_ctx
  `
    .split(/\s+/)
    .filter(Boolean)
    .map((word) => word.toLowerCase()),
);

/** Every string the catalog and the run log hold: data, shown as it was written. */
async function dataStrings(): Promise<string[]> {
  const ask = async (channel: string, body: unknown = {}) => {
    const response = await fetch(`${server.origin}/api/${channel}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${server.token}` },
      body: JSON.stringify(body),
    });
    return ((await response.json()) as { data: unknown }).data;
  };
  const answers = await Promise.all([
    ask('cards:list'),
    ask('offers:list'),
    ask('models:list'),
    ask('runs:list', { limit: 500 }),
  ]);
  const out: string[] = [];
  const walk = (value: unknown): void => {
    if (typeof value === 'string' && /[A-Za-z]{2}/.test(value)) out.push(value);
    else if (Array.isArray(value)) value.forEach(walk);
    else if (value && typeof value === 'object') Object.values(value).forEach(walk);
  };
  answers.forEach(walk);
  // Longest first, so a name is removed before a shorter name inside it.
  return [...new Set(out)].sort((a, b) => b.length - a.length);
}

/** The Latin words in the main area that are neither allowed nor data. */
async function strayEnglish(page: Page, data: readonly string[]): Promise<string[]> {
  // Links, sources and the notes column show data shortened to fit: left out whole. A copied
  // `cardwise` command is code (flag names and values), never translated.
  let text = await page.locator('main').evaluate((main) => {
    const copy = main.cloneNode(true) as HTMLElement;
    copy
      .querySelectorAll('a[href^="http"], td.run-notes, .cell-sub, td.source, pre.cli-command')
      .forEach((element) => element.remove());
    document.body.append(copy);
    const shown = copy.innerText;
    copy.remove();
    return shown;
  });
  expect(text).not.toContain('[object Object]');
  // A data string counts where it stands whole ("tok" inside "token" is not the data string "tok").
  for (const value of data) {
    const escaped = value.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
    text = text.replace(new RegExp(`(?<![A-Za-z])${escaped}(?![A-Za-z])`, 'g'), ' ');
  }
  const words = text.match(/[A-Za-z][A-Za-z_'’.-]*[A-Za-z]/g) ?? [];
  return [...new Set(words.filter((word) => !ALLOWED.has(word.toLowerCase()) && !/^[A-Z]?\d/.test(word)))];
}

const idle = (page: Page) =>
  page.waitForFunction(() => !document.querySelector('[data-state="computing"], [data-state="loading"]'));

/** Opens a page the way a user does: its link in the navigation. */
async function open(page: Page, route: string): Promise<void> {
  await page.locator(`nav a[href="#/${route}"]`).click();
  // The page's forms follow in the address (`#/compare?model=…`).
  await expect(page).toHaveURL(new RegExp(`#/${route}(\\?|$)`));
  await expect(page.locator('main[data-state="ready"]')).toBeVisible();
}

test('every page speaks Chinese: results, explanations, bills, flags and the errors of each form', async ({ page }) => {
  // Six pages, each with its results, explanations and an error: three times one page's time budget.
  test.slow();
  const data = await dataStrings();
  await page.goto(server.url);
  await expect(page.locator('main[data-state="ready"]')).toBeVisible();
  await page.getByLabel('Language').selectOption('zh-CN');
  await expect(page.getByRole('link', { name: '显卡与报价' })).toBeVisible();

  // Estimate: speed and calibration on a card, then a batch size far too big.
  await open(page, 'estimate');
  await page.getByLabel('显示速度的显卡').selectOption({ index: 2 });
  await idle(page);
  expect(await strayEnglish(page, data), 'estimate').toEqual([]);
  await page.getByLabel('批大小（每卡）').fill('1e30');
  await expect(page.getByText('太大：应为介于 1 和 65,536 之间的整数')).toBeVisible();
  expect(await strayEnglish(page, data), 'estimate with an error').toEqual([]);
  await page.getByLabel('批大小（每卡）').fill('1');

  // Compare: a job, the first row's explanation and the excluded list opened; then a bad epoch count.
  await open(page, 'compare');
  await page.getByLabel(/数据集 token 数/).fill('200m');
  await idle(page);
  await expect(page.getByTestId('rank-answer')).toContainText('本任务最省钱：');
  await page
    .getByRole('button', { name: /^另 \d+ 种卡数：/ })
    .first()
    .click();
  await page.locator('table tbody tr').first().click();
  await page.locator('details summary').first().click();
  expect(await strayEnglish(page, data), 'compare').toEqual([]);
  await page.getByLabel('训练轮数').fill('1e30');
  await expect(page.getByText(/^太大：应为/)).toBeVisible();
  expect(await strayEnglish(page, data), 'compare with an error').toEqual([]);

  // Serve: every card's KV pool, latency and cost, the chart, memory lines and the servers that do not fit opened;
  // then a gpu_memory_utilization above 1.
  await open(page, 'serve');
  await idle(page);
  await expect(page.getByTestId('serve-answer')).toContainText('满足时延目标的最便宜方案');
  await page.locator('.serve details summary').first().click();
  expect(await strayEnglish(page, data), 'serve').toEqual([]);
  await page.getByLabel('GPU 显存利用率').fill('1.5');
  await expect(page.locator('#srv-gpu-memory-utilization-error')).toBeVisible();
  expect(await strayEnglish(page, data), 'serve with an error').toEqual([]);

  // Plan: the bills, spot and packages of a monthly-priced card, then no hours at all.
  await open(page, 'plan');
  await page.getByLabel('显卡', { exact: true }).selectOption('a100-80gb');
  await idle(page);
  expect(await strayEnglish(page, data), 'plan').toEqual([]);
  // A number field the browser holds empty (typed text reads as empty there too).
  await page.getByLabel(/任务计算时长/).fill('');
  await expect(page.getByText(/^应为大于 0 且不大于 100,000 的数$/)).toBeVisible();
  expect(await strayEnglish(page, data), 'plan with an error').toEqual([]);

  // Runs: the log with a flag (two of the user's runs alike but 50% apart: published runs are never flagged),
  // and a run form refused for a GPU count of zero.
  const logged = { config: { model: 'qwen2.5-7b', method: 'lora', precision: 'bf16' }, card: 'rtx-4090', gpus: 1 };
  for (const tokensPerSecond of [2000, 1000]) {
    const response = await fetch(`${server.origin}/api/runs:add`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${server.token}` },
      body: JSON.stringify({ ...logged, outcome: 'ok', tokensPerSecond }),
    });
    expect(response.status).toBe(200);
  }
  await open(page, 'runs');
  await expect(page.locator('.runs-results[data-state="ready"]')).toBeVisible();
  await expect(page.getByRole('img', { name: /很可能是共享或降频的实例/ }).first()).toBeVisible();
  expect(await strayEnglish(page, data), 'runs').toEqual([]);
  await page.getByRole('button', { name: '记录一次运行', exact: true }).click();
  await page.getByLabel('卡数').first().fill('0');
  await page.getByRole('button', { name: '记录', exact: true }).click();
  await expect(page.getByText(/^太小：应为介于 1 和/).first()).toBeVisible();
  expect(await strayEnglish(page, data), 'runs with an error').toEqual([]);

  // Catalog: a price of zero.
  await open(page, 'catalog');
  const price = page.getByRole('spinbutton').first();
  await price.fill('0');
  await price.press('Enter');
  await expect(page.getByText(/^太小：应为大于 0/)).toBeVisible();
  expect(await strayEnglish(page, data), 'catalog with an error').toEqual([]);

  // Settings: every field, then a rate of zero.
  await open(page, 'settings');
  expect(await strayEnglish(page, data), 'settings').toEqual([]);
  await page.getByLabel('汇率（1 人民币兑多少美元）').fill('0');
  await expect(page.locator('#set-usdPerCny-error')).toBeVisible();
  expect(await strayEnglish(page, data), 'settings with an error').toEqual([]);
});

test.describe('a browser set to Chinese, on a fresh install', () => {
  test.use({ locale: 'zh-CN' });

  test('opens in Chinese and stays in Chinese once the settings arrive; a language chosen is kept', async ({
    page,
  }) => {
    const settings = page.waitForResponse((response) => response.url().endsWith('/api/settings:get'));
    await page.goto(server.url);
    await expect(page.locator('main[data-state="ready"]')).toBeVisible();
    // The settings (no language chosen yet) have arrived, and whatever they started has loaded: an English page
    // would have fetched its strings by then.
    expect(((await (await settings).json()) as { data: { language: unknown } }).data.language).toBeNull();
    await page.waitForLoadState('networkidle');
    await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
    await expect(page.getByRole('link', { name: '显卡与报价' })).toBeVisible();
    await expect(page.getByLabel('语言')).toHaveValue('zh-CN');

    await page.getByLabel('语言').selectOption('en');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await page.reload();
    await expect(page.locator('main[data-state="ready"]')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Catalog', exact: true })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  });
});
