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
const page = await browser.newPage({ viewport: { width: 1360, height: 900 } });
await page.goto(url);
await page.waitForSelector('main[data-state="ready"]');
await page.waitForTimeout(1000);
const client = await page.context().newCDPSession(page);
for (let i = 0; i < 6; i++) {
  const before = await page.evaluate(() => performance.getEntriesByName('cardwise:input-to-paint', 'measure').length);
  if (i === 5) { await client.send('Profiler.enable'); await client.send('Profiler.start'); }
  await page.getByLabel('Batch size (per GPU)').fill(String(2 + i));
  await page.waitForFunction((n) => performance.getEntriesByName('cardwise:input-to-paint', 'measure').length > n, before);
  const info = await page.evaluate(() => {
    const m = performance.getEntriesByName('cardwise:input-to-paint', 'measure').at(-1);
    const api = performance.getEntriesByType('resource').filter((r) => r.name.includes('/api/') && r.startTime >= m.startTime - 1).map((r) => `${r.name.split('/api/')[1]} start+${(r.startTime - m.startTime).toFixed(1)} dur ${r.duration.toFixed(1)}`);
    return { itp: m.duration.toFixed(1), api };
  });
  console.log(JSON.stringify(info));
}
const { profile } = await client.send('Profiler.stop');
// self time per function
const self = new Map();
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const dt = profile.timeDeltas; 
const counts = new Map();
profile.samples.forEach((id, k) => counts.set(id, (counts.get(id) ?? 0) + (dt[k] ?? 0)));
for (const [id, us] of counts) { const n = byId.get(id); const key = `${n.callFrame.functionName || '(anon)'} ${n.callFrame.url.split('/').pop()}:${n.callFrame.lineNumber}`; self.set(key, (self.get(key) ?? 0) + us); }
console.log([...self.entries()].sort((a, b) => b[1] - a[1]).slice(0, 25).map(([k, v]) => `${(v / 1000).toFixed(1)}ms ${k}`).join('\n'));
await browser.close(); server.kill();
