import { defineConfig } from '@playwright/test';
import { CHROMIUM_FLAGS } from './scripts/find-chromium.js';

export default defineConfig({
  testDir: 'e2e',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  reporter: [['list']],
  outputDir: 'test-results',
  projects: [
    {
      name: 'web',
      testIgnore: /\.electron\.spec\.ts$/,
      use: {
        browserName: 'chromium',
        launchOptions: {
          executablePath: process.env['CHROMIUM_PATH'] || '/usr/bin/chromium',
          args: [...CHROMIUM_FLAGS],
        },
        viewport: { width: 1360, height: 900 },
      },
    },
    { name: 'electron', testMatch: /\.electron\.spec\.ts$/ },
  ],
});
