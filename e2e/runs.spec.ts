import { test, expect, type Page } from '@playwright/test';
import { serverForEachTest } from './server';

const server = serverForEachTest();

const ready = (page: Page) => expect(page.locator('.runs-results[data-state="ready"]')).toBeVisible();

test('the run log lists published runs, logs a run, deletes it with undo, and refuses a bad import whole', async ({
  page,
}) => {
  await page.goto(`${server.url}#/runs`);
  await ready(page);
  await expect(page.getByText(/^1–50 of \d{3}$/)).toBeVisible();
  // The spending ledger and the accuracy summary, asked once the table is painted: none of the user's runs yet.
  await expect(page.getByText('No runs of yours yet: log one, or import a file.')).toBeVisible();
  await expect(page.getByText('Log runs to see how close the estimates come.')).toBeVisible();
  // A published run's long notes: the cell holds their start (it shows less), the title the whole.
  await expect(page.locator('.runs-table tbody tr')).toHaveCount(50);
  const notes = await page
    .locator('.runs-table .run-notes')
    .evaluateAll((cells) =>
      cells.map((cell) => ({ shown: cell.textContent ?? '', whole: cell.getAttribute('title') ?? '' })),
    );
  const long = notes.find((n) => n.whole.length > 200);
  expect(long, 'a published run with notes over 200 characters on the first page').toBeDefined();
  expect(long!.shown).toBe(`${long!.whole.slice(0, 100)}…`);

  await page.getByLabel('Origin').selectOption('mine');
  await ready(page);
  await expect(page.getByText('No runs match these filters.')).toBeVisible();

  await page.getByRole('button', { name: 'Log a run', exact: true }).click();
  await page.getByLabel('Peak memory per GPU (GiB)').fill('21.5');
  await page.getByLabel('Read by').selectOption('nvidia-smi');
  await page.getByLabel('Notes').fill('first real run on 恒源云');
  await page.getByRole('button', { name: 'Log run' }).click();
  await expect(page.getByText('Run logged')).toBeVisible();
  await ready(page);
  await expect(page.getByRole('cell', { name: /first real run/ })).toBeVisible();
  // Logged on a preset, the run keeps its id; the table names it as the catalog does.
  const logged = page.locator('.runs-table tbody tr', { has: page.getByRole('cell', { name: /first real run/ }) });
  await expect(logged.locator('.run-model')).toHaveText('Llama 3.1 8B');
  await expect(page.getByText("Today's estimate against your latest run.")).toBeVisible();
  await expect(page.locator('.ledger-table tbody tr')).toHaveCount(1);

  // By keyboard: the rows are kept by position, so the focus must not stay on what is now the next run's
  // Delete, where a second Enter would delete that run too.
  await page
    .getByRole('button', { name: /^Delete run/ })
    .first()
    .focus();
  await page.keyboard.press('Enter');
  await expect(page.getByText('Run deleted')).toBeVisible();
  await ready(page);
  expect(await page.evaluate(() => document.activeElement?.getAttribute('data-action') ?? null)).toBeNull();
  await expect(page.getByRole('cell', { name: /first real run/ })).toHaveCount(0);
  await page.getByRole('button', { name: 'Undo' }).click();
  await ready(page);
  await expect(page.getByRole('cell', { name: /first real run/ })).toBeVisible();

  const csv = [
    'card,gpus,model,method,precision,batchSize,seqLen,peakMemoryGiB,memoryMeter,outcome',
    'rtx-4090,1,llama-3.1-8b,lora,bf16,1,2048,20,nvidia-smi,ok',
    'rtx-4090,0,llama-3.1-8b,lora,bf16,1,2048,20,nvidia-smi,ok',
    'rtx-4090,1,llama-3.1-8b,lora,bf16,1,2048,20,nvidia-smi,fine',
  ].join('\n');
  await page
    .getByLabel('Import runs (CSV or JSON)')
    .setInputFiles({ name: 'runs.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await expect(page.getByText(/Nothing was imported: 2 problems/)).toBeVisible();
  await expect(page.getByText(/line 2/)).toBeVisible();
  await expect(page.getByText(/line 3/)).toBeVisible();
  await ready(page);
  await expect(page.getByText(/^1–1 of 1$/)).toBeVisible();
});

test('the run table draws the rows a window shows first, then the rest of its page', async ({ page }) => {
  // A short window shows 11 rows at most (ROW_MIN_PX in RunsTable.tsx): the page's first 50 come in two renders.
  await page.setViewportSize({ width: 1280, height: 480 });
  await page.goto(`${server.url}#/estimate`);
  await expect(page.locator('main[data-state="ready"]')).toBeVisible();
  // The rows in the table when it first appears: counted in the same task as the DOM change (React renders the deferred
  // rows in a later one).
  const first = page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        const observer = new MutationObserver(() => {
          const rows = document.querySelectorAll('.runs-table tbody tr').length;
          if (rows === 0) return;
          observer.disconnect();
          resolve(rows);
        });
        observer.observe(document.body, { subtree: true, childList: true });
      }),
  );
  await page.getByRole('link', { name: 'Runs', exact: true }).click();
  expect(await first).toBe(Math.ceil(480 / 44));
  await expect(page.locator('.runs-table tbody tr')).toHaveCount(50);
  await expect(page.locator('.runs-table tbody tr').last()).toContainText(/\S/);
});
