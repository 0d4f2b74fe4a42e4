#!/usr/bin/env node
// Screenshots of the real app for the README: starts `cardwise serve` on a fresh database,
// opens each page in Chromium and saves docs/screenshot-<page>.png.
// Usage: npm run build && node scripts/screenshot.mjs [page ...]   (pages: estimate compare plan runs catalog)
import { mkdirSync } from 'node:fs';
import { openAppInChromium } from './app-in-chromium.mjs';

const pages =
  process.argv.slice(2).length > 0 ? process.argv.slice(2) : ['estimate', 'compare', 'plan', 'runs', 'catalog'];
const { url, page, close } = await openAppInChromium({ width: 1440, height: 960 });
await page.goto(url);
await page.waitForSelector('main[data-state="ready"]');
// Llama 3.1 8B with QLoRA: a job that fits a 24 GB card, so every page has an answer to show.
await page.getByLabel('Method').selectOption('qlora');
mkdirSync('docs', { recursive: true });
for (const name of pages) {
  await page.goto(`${url.split('?')[0]}#/${name}`);
  await page.waitForSelector('main[data-state="ready"]');
  if (name === 'compare') await page.getByLabel('Dataset tokens (per epoch)').fill('200m');
  await page.waitForFunction(() => !document.querySelector('[data-state="computing"], [data-state="loading"]'));
  await page.screenshot({ path: `docs/screenshot-${name}.png` });
  console.log(`docs/screenshot-${name}.png`);
}
await close();
