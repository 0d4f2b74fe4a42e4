import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { test, expect } from '@playwright/test';
import { freshDbPath, startServer, type ServerHandle } from './server';

// A real HTTP server standing in for huggingface.co: the real config.json of Qwen2.5-32B-Instruct
// (fixtures/SOURCES.md), and the Hub's 404 for any other repository.
const config = readFileSync(
  path.join(
    path.dirname(fileURLToPath(import.meta.url)),
    '..',
    'src-main/domain/model-files/fixtures/qwen2.5-32b-instruct.config.json',
  ),
);
let hub: Server;
let server: ServerHandle;
test.beforeEach(async () => {
  hub = createServer((req, res) => {
    if (req.url === '/Qwen/Qwen2.5-32B-Instruct/resolve/main/config.json') {
      res.writeHead(200, { 'content-type': 'application/json' }).end(config);
    } else {
      res.writeHead(404, { 'x-error-code': 'RepoNotFound' }).end('Repository not found');
    }
  });
  await new Promise<void>((resolve) => hub.listen(0, '127.0.0.1', resolve));
  const endpoint = `http://127.0.0.1:${(hub.address() as AddressInfo).port}`;
  server = await startServer(freshDbPath(), { CARDWISE_HF_ENDPOINT: endpoint, HF_TOKEN: '' });
});
test.afterEach(async () => {
  await server.stop();
  await new Promise((resolve) => hub.close(resolve));
});

test('a Hugging Face id gives the estimate the model read from the Hub; an unknown id is named and changes nothing', async ({
  page,
}) => {
  await page.goto(server.url);
  await expect(page.locator('main[data-state="ready"]')).toBeVisible();
  await page.getByLabel('Model', { exact: true }).selectOption({ label: 'From a file or Hugging Face…' });
  // Nothing read yet: the choice says what to do, not the schema's "must not be empty".
  await expect(page.getByRole('alert').filter({ hasText: 'Read a model first' })).toBeVisible();
  await expect(page.getByText('must not be empty')).toHaveCount(0);
  await page.getByLabel('Hugging Face model id').fill('Qwen/Qwen2.5-32B-Instruct');
  await page.getByRole('button', { name: 'Read from Hugging Face' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Qwen/Qwen2.5-32B-Instruct' })).toBeVisible();
  await expect(page.locator('.results[data-state="ready"]')).toBeVisible();
  await expect(page.getByText('custom model · 32.8B parameters', { exact: false })).toBeVisible();
  await expect(page.getByRole('alert').filter({ hasText: 'Read a model first' })).toHaveCount(0);

  await page.getByLabel('Hugging Face model id').fill('no-such-org/no-such-model');
  await page.getByLabel('Hugging Face model id').press('Enter');
  await expect(page.getByRole('alert').filter({ hasText: 'no-such-org/no-such-model' })).toBeVisible();
  // The model read before stays.
  await expect(page.getByRole('status').filter({ hasText: 'Qwen/Qwen2.5-32B-Instruct' })).toBeVisible();
});
