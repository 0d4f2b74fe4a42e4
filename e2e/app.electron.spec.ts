import { test, expect } from '@playwright/test';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freshDbPath } from './server';
import { findElectronBinary } from '../scripts/electron-binary.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const binary: string | null = findElectronBinary(root);
const why =
  'no Electron binary here: electron downloads it from GitHub on first run, which this machine cannot reach ' +
  '(the web project covers the same UI and handlers in Chromium)';

test.describe('Electron window', () => {
  test.skip(!binary, why);
  if (!binary) console.log(`electron e2e skipped: ${why}`);

  test('is isolated and the bridge is exactly the contract', async () => {
    const { _electron: electron } = await import('@playwright/test');
    const { CHANNELS } = await import('../src-main/ipc/channels');
    const app = await electron.launch({ executablePath: binary!, args: [root, '--db', freshDbPath()] });
    const page = await app.firstWindow();
    await expect(page.locator('main[data-state="ready"]')).toBeVisible();
    const globals = await page.evaluate(() => ({
      require: typeof (window as unknown as { require?: unknown }).require,
      process: typeof (window as unknown as { process?: unknown }).process,
      bridge: Object.keys((window as unknown as { cardwise: object }).cardwise).sort(),
    }));
    expect(globals.require).toBe('undefined');
    expect(globals.process).toBe('undefined');
    expect(globals.bridge).toEqual([...CHANNELS].sort());
    await app.close();
  });
});
