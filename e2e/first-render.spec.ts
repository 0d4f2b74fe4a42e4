import { test, expect } from '@playwright/test';
import { serverForEachTest } from './server';

const server = serverForEachTest();

/** Records, from the first script of the document, whether the window ever showed its title without its page. */
function watchForAnEmptyPage(): void {
  const seen = window as unknown as { cardwiseEmptyPage?: boolean };
  seen.cardwiseEmptyPage = false;
  new MutationObserver(() => {
    if (document.querySelector('main > h1') && !document.querySelector('main > h1 ~ *')) seen.cardwiseEmptyPage = true;
  }).observe(document, { childList: true, subtree: true });
}

test('a window opens on its page whole, even when the page comes after the strings', async ({ page }) => {
  // The order a busy machine gives now and then: the language's strings in, the page's chunk not yet. The first
  // render then suspended on the page, and React 19 reveals a page that suspended no sooner than 300 ms after it
  // showed the fallback (an empty page under its title), long after the page had come.
  await page.route(/\/assets\/RunsPage-[\w-]+\.js$/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 300));
    await route.continue();
  });
  await page.addInitScript(watchForAnEmptyPage);
  await page.goto(`${server.url}#/runs`);
  await expect(page.locator('.runs-results[data-state="ready"]')).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { cardwiseEmptyPage: boolean }).cardwiseEmptyPage)).toBe(
    false,
  );
});
