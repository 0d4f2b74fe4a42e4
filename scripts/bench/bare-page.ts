/**
 * The floor under every input-to-paint figure, measured in the same Chromium on the same machine: a
 * plain page (no framework) on a bare node:http server that, for each input, POSTs a request, gets
 * `answerBytes` of JSON back (an estimate's size), writes one number of it into the page and marks the
 * paint as the app does (requestAnimationFrame, then a task: lib/perf-marks.ts). What a page measures
 * above it is the app's own work: rendering, the store, the estimate.
 */
import { createServer } from 'node:http';
import type { Browser } from '@playwright/test';
import { percentiles, type Percentiles } from './stats';

const PAGE = `<!doctype html><meta charset="utf-8"><title>floor</title>
<input id="in" aria-label="value"><p id="out">–</p>
<script>
  const out = document.getElementById('out');
  document.getElementById('in').addEventListener('input', async (event) => {
    const start = performance.now();
    const response = await fetch('/api', { method: 'POST', body: JSON.stringify({ value: event.target.value }) });
    const answer = await response.json();
    out.textContent = String(answer.value) + ' · ' + answer.rows.length;
    requestAnimationFrame(() => setTimeout(() => performance.measure('floor', { start, end: performance.now() }), 0));
  });
</script>`;

/** p50/p95/p99 of the bare page's input-to-paint, ms. */
export async function barePageFloor(browser: Browser, answerBytes: number, repeats: number): Promise<Percentiles> {
  const filler = 'x'.repeat(64);
  const rows = Array.from({ length: Math.ceil(answerBytes / (filler.length + 3)) }, () => filler);
  const server = createServer((req, res) => {
    if (req.method !== 'POST') {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(PAGE);
      return;
    }
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      const { value } = JSON.parse(body) as { value: string };
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ value, rows }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const context = await browser.newContext({ viewport: { width: 1360, height: 900 } });
  try {
    const page = await context.newPage();
    await page.goto(`http://127.0.0.1:${port}/`);
    const count = () => page.evaluate(() => performance.getEntriesByName('floor', 'measure').length);
    const times: number[] = [];
    for (let i = 0; i < repeats; i++) {
      const before = await count();
      await page.getByLabel('value').fill(String(i + 1));
      await page.waitForFunction((n) => performance.getEntriesByName('floor', 'measure').length > n, before);
      times.push(await page.evaluate(() => performance.getEntriesByName('floor', 'measure').at(-1)!.duration));
    }
    return percentiles(times);
  } finally {
    await context.close();
    server.close();
  }
}
