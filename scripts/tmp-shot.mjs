import { chromium } from '@playwright/test';
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CHROMIUM_FLAGS, findChromium } from './find-chromium.js';
const db = join(mkdtempSync(join(tmpdir(), 'cw-')), 'c.db');
const server = spawn(process.execPath, ['bin/cardwise.js', 'serve', '--port', '0', '--db', db], { stdio: ['ignore', 'pipe', 'inherit'] });
const url = await new Promise((resolve) => { let out = ''; server.stdout.on('data', (c) => { out += c; const m = /(http:\/\/127\.0\.0\.1:\d+\/#token=[\w-]+)/.exec(out); if (m) resolve(m[1]); }); });
const browser = await chromium.launch({ executablePath: (await findChromium()) ?? undefined, args: CHROMIUM_FLAGS });
const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
await page.goto(url);
await page.waitForSelector('main[data-state="ready"]');
for (const [name, lang] of process.argv.slice(2).map((a) => a.split(':'))) {
  await page.goto(`${url.split('?')[0]}#/${name}`);
  await page.waitForSelector('main[data-state="ready"]');
  if (lang) { await page.locator('#language-select').selectOption(lang); }
  await page.waitForTimeout(1500);
  await page.screenshot({ path: `/tmp/shot-${name}-${lang ?? 'en'}.png`, fullPage: true });
  console.log(`/tmp/shot-${name}-${lang ?? 'en'}.png`);
}
await browser.close(); server.kill();
