// The real app for the screenshot scripts: `cardwise serve` on a fresh database and a Chromium page
// on it (the built app: run `npm run build` first). `close()` stops both.
import { chromium } from '@playwright/test';
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CHROMIUM_FLAGS, findChromium } from './find-chromium.js';

/** Starts the server and a browser page; `url` carries the session token (#token=…). */
export async function openAppInChromium(viewport) {
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
  const browser = await chromium.launch({ executablePath: (await findChromium()) ?? undefined, args: CHROMIUM_FLAGS });
  const page = await browser.newPage({ viewport });
  return {
    url,
    page,
    close: async () => {
      await browser.close();
      server.kill();
    },
  };
}
