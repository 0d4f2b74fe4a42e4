#!/usr/bin/env node
// Screenshots of the real app for the README's user guide, in English and 简体中文: the three
// classic questions, each set up as a user would (the page state lives in the URL, so switching
// the language keeps it). Starts `cardwise serve` on a fresh database; writes docs/guide/<lang>-<question>.png.
// Usage: npm run build && node scripts/guide-screenshots.mjs
import { mkdirSync } from 'node:fs';
import { openAppInChromium } from './app-in-chromium.mjs';

const { url, page, close } = await openAppInChromium({ width: 1280, height: 900 });
const settled = async () => {
  await page.waitForSelector('main[data-state="ready"]');
  await page.waitForFunction(() => !document.querySelector('[data-state="computing"], [data-state="loading"]'));
};
const language = async (code) => {
  await page.locator('#language-select').selectOption(code);
  await page.waitForFunction((lang) => document.documentElement.lang === lang, code);
  await settled();
};
mkdirSync('docs/guide', { recursive: true });
const shoot = async (name) => {
  for (const code of ['en', 'zh-CN']) {
    await language(code);
    const path = `docs/guide/${code}-${name}.png`;
    await page.screenshot({ path });
    console.log(path);
  }
  await language('en');
};

await page.goto(url);
await settled();
await language('en');

// 1. Will Llama 2 13B with LoRA fit on a 24 GB card?
await page.getByLabel('Model', { exact: true }).selectOption('llama-2-13b');
await page.getByLabel('Method').selectOption('lora');
await settled();
await shoot('fit');

// 2. Which card and which billing is cheapest for my job? (QLoRA 7B on 50M tokens, in CNY)
await page.getByLabel('Model', { exact: true }).selectOption('llama-2-7b');
await page.getByLabel('Method').selectOption('qlora');
await page.getByRole('link', { name: 'Compare' }).click();
await page.getByLabel('Dataset tokens (per epoch)').fill('50m');
await page.getByLabel('Currency').selectOption('CNY');
await settled();
await page.getByTestId('rank-answer').evaluate((answer) => answer.scrollIntoView({ block: 'start' }));
await shoot('cheapest');

// 3. After the run: log what it really used; the next estimate is calibrated by it.
await page.getByRole('link', { name: 'Runs' }).click();
await settled();
await page.getByRole('button', { name: 'Log a run from the current estimate' }).click();
await page.getByLabel('Peak memory per GPU (GiB)').fill('9.8');
await page.getByLabel('Read by').selectOption('nvidia-smi');
await page.getByLabel('Notes').fill('QLoRA 7B, first real run on AutoDL');
await page.getByRole('button', { name: 'Log run' }).click();
await page.getByText('Run logged').waitFor();
await page.getByLabel('Origin').selectOption('mine');
await settled();
await shoot('after-the-run');

await close();
