#!/usr/bin/env node
// Screenshots of the real app for the README: starts `cardwise serve` on a fresh database,
// opens each page in Chromium and saves docs/screenshot-<page>.png.
// Usage: npm run build && node scripts/screenshot.mjs [page ...]   (pages: estimate compare plan runs catalog)
import { chromium } from '@playwright/test';
import { spawn } from 'node:child_process';
import { mkdtempSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CHROMIUM_FLAGS, findChromium } from './find-chromium.js';

const pages =
  process.argv.slice(2).length > 0 ? process.argv.slice(2) : ['estimate', 'compare', 'plan', 'runs', 'catalog'];
const db = join(mkdtempSync(join(tmpdir(), 'cardwise-shot-')), 'cardwise.db');
const server = spawn(process.execPath, ['bin/cardwise.js', 'serve', '--port', '0', '--db', db], {
  stdio: ['ignore', 'pipe', 'inherit'],
});
const url = await new Promise((resolve) => {
  let out = '';
  server.stdout.on('data', (chunk) => {
    out += chunk;
    const match = /(http:\/\/127\.0\.0\.1:\d+\/#token=[\w-]+)/.exec(out);
    if (match) resolve(match[1]);
  });
});
const browser = await chromium.launch({
  executablePath: (await findChromium()) ?? undefined,
  args: CHROMIUM_FLAGS,
});
const page = await browser.newPage({ viewport: { width: 1440, height: 960 } });
await page.goto(url);
await page.waitForSelector('main[data-state="ready"]');
mkdirSync('docs', { recursive: true });
for (const name of pages) {
  await page.goto(`${url.split('?')[0]}#/${name}`);
  await page.waitForSelector('main[data-state="ready"]');
  if (name === 'compare') await page.getByLabel('Dataset tokens (per epoch)').fill('200m');
  await page.waitForFunction(() => !document.querySelector('[data-state="computing"], [data-state="loading"]'));
  await page.screenshot({ path: `docs/screenshot-${name}.png` });
  console.log(`docs/screenshot-${name}.png`);
}
await browser.close();
server.kill();
