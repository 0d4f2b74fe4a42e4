import AxeBuilder from '@axe-core/playwright';
import { test, expect, type Page } from '@playwright/test';
import { serverForEachTest } from './server';

/**
 * Issue 13 point 10: every page, with its results, in English and in 简体中文 — axe-core finds no
 * serious or critical violation; everything Tab reaches has a name; nothing key is cut off at 1280 px.
 */

const server = serverForEachTest();
const LANGUAGES = ['en', 'zh-CN'] as const;
type Language = (typeof LANGUAGES)[number];

/** Each page as a user sees it with an answer: the route (its state in the address) and what shows it is there. */
const PAGES: { route: string; ready: (page: Page) => Promise<void> }[] = [
  { route: 'estimate', ready: (page) => expect(page.locator('main .card-fit, main table').first()).toBeVisible() },
  { route: 'compare?job.tokens=50m', ready: (page) => expect(page.getByTestId('rank-answer')).toBeVisible() },
  // A card sold by the month as well as by the hour: the plan draws its package break-even chart.
  {
    route: 'plan?card=a100-80gb',
    ready: (page) => expect(page.locator('.plan-results[data-state="ready"]')).toBeVisible(),
  },
  {
    route: 'runs',
    ready: (page) => expect(page.locator('.runs-results[data-state="ready"] tbody tr').first()).toBeVisible(),
  },
  { route: 'catalog', ready: (page) => expect(page.locator('main table tbody tr').first()).toBeVisible() },
  { route: 'settings', ready: (page) => expect(page.locator('main form, main input').first()).toBeVisible() },
  { route: 'guide', ready: (page) => expect(page.locator('main h2').first()).toBeVisible() },
];

const idle = (page: Page) =>
  page.waitForFunction(() => !document.querySelector('[data-state="computing"], [data-state="loading"]'));

/** Starts the app in `language` (chosen as a user does, in the sidebar). */
async function start(page: Page, language: Language): Promise<void> {
  await page.goto(server.url);
  await expect(page.locator('main[data-state="ready"]')).toBeVisible();
  if (language !== 'en') {
    await page.getByLabel('Language').selectOption(language);
    await expect(page.locator('html')).toHaveAttribute('lang', language);
  }
}

/** Opens a page by its address, as a pasted link does, and waits for its answer. */
async function open(page: Page, route: string, ready: (page: Page) => Promise<void>): Promise<void> {
  await page.evaluate((hash) => (window.location.hash = hash), `#/${route}`);
  await expect(page.locator('main[data-state="ready"]')).toBeVisible();
  await ready(page);
  await idle(page);
}

for (const language of LANGUAGES) {
  test(`axe-core: no serious or critical violation on any page in ${language}`, async ({ page }) => {
    test.slow();
    await start(page, language);
    const found: string[] = [];
    for (const { route, ready } of PAGES) {
      await open(page, route, ready);
      const { violations } = await new AxeBuilder({ page }).analyze();
      for (const v of violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')) {
        const nodes = v.nodes.map(
          (n) => `    ${n.target.join(' ')}: ${n.failureSummary?.split('\n').slice(1).join(' ')}`,
        );
        found.push(`${route} — ${v.id} (${v.impact}): ${v.help}\n${nodes.slice(0, 8).join('\n')}`);
      }
    }
    expect(found, found.join('\n')).toEqual([]);
  });
}
