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
const PAGES: { route: string; ready: (page: Page) => Promise<void>; tabWalk?: false }[] = [
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
  // The same page with its run form open ("Log a run"): a form of four groups side by side. Its Tab walk is the page's
  // (the click that opened it has moved the focus past the skip link).
  {
    route: 'runs',
    tabWalk: false,
    ready: async (page) => {
      await page.locator('.runs-actions .button-primary').click();
      await expect(page.locator('form.run-form')).toBeVisible();
    },
  },
  {
    route: 'serve',
    ready: (page) => expect(page.locator('main .results[data-state="ready"] tbody tr').first()).toBeVisible(),
  },
  { route: 'catalog', ready: (page) => expect(page.locator('main table tbody tr').first()).toBeVisible() },
  // With its card form open ("Add card").
  {
    route: 'catalog',
    tabWalk: false,
    ready: async (page) => {
      await page.locator('section[aria-labelledby="cards-title"] .button-primary').click();
      await expect(page.locator('main form').first()).toBeVisible();
    },
  },
  { route: 'settings', ready: (page) => expect(page.locator('main form, main input').first()).toBeVisible() },
  { route: 'guide', ready: (page) => expect(page.locator('main h2').first()).toBeVisible() },
  // Compare again, for QLoRA, whose table was the wider one (last: a page reads its link when it opens).
  {
    route: 'compare?method=qlora&job.tokens=50m',
    tabWalk: false,
    ready: (page) => expect(page.getByTestId('rank-answer')).toBeVisible(),
  },
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

/** One stop of the Tab order: the browser's own accessible name and role, and the row or group it sits in. */
interface TabStop {
  name: string;
  role: string;
  context: string;
  /** Which row (tr or li) holds it, as a number the walk gives each row: two rows may read alike. */
  row: number | null;
  html: string;
}

/**
 * Presses Tab from the top of the page until focus comes back to an element it already visited,
 * reading each focused element's accessible name from Chromium's accessibility tree (CDP).
 */
async function tabWalk(page: Page, ready: (page: Page) => Promise<void>, limit = 800): Promise<TabStop[]> {
  // A fresh load, as a user arriving by a link: Tab starts from the top of the document.
  await page.reload();
  await expect(page.locator('main[data-state="ready"]')).toBeVisible();
  await ready(page);
  await idle(page);
  const cdp = await page.context().newCDPSession(page);
  const stops: TabStop[] = [];
  for (let i = 0; i < limit; i++) {
    await page.keyboard.press('Tab');
    const { result } = await cdp.send('Runtime.evaluate', { expression: 'document.activeElement' });
    if (!result.objectId) continue;
    const seen = await cdp.send('Runtime.callFunctionOn', {
      objectId: result.objectId,
      returnByValue: true,
      functionDeclaration: `function () {
        if (this === document.body) return { body: true };
        if (this.hasAttribute('data-tab-seen')) return { again: true };
        this.setAttribute('data-tab-seen', '');
        const text = (node) => (node ? node.textContent : '').replace(/\\s+/g, ' ').trim();
        const byId = (id) => (id ? document.getElementById(id.split(' ')[0]) : null);
        let context = '';
        let row = null;
        for (let node = this.parentElement; node && !context; node = node.parentElement) {
          if (node.matches('tr, li')) {
            context = text(node);
            if (!node.dataset.tabRow) node.dataset.tabRow = String(document.querySelectorAll('[data-tab-row]').length + 1);
            row = Number(node.dataset.tabRow);
          }
          else if (node.matches('fieldset')) context = text(node.querySelector('legend'));
          else if (node.matches('section, figure, form, nav, [role=tabpanel], [role=group], [role=region]'))
            context = node.getAttribute('aria-label') || text(byId(node.getAttribute('aria-labelledby'))) ||
              text(node.querySelector('h2, h3, legend, figcaption'));
        }
        return { context, row, html: this.outerHTML.slice(0, 160) };
      }`,
    });
    const value = seen.result.value as { body?: true; again?: true; context: string; row: number | null; html: string };
    if (value.again) break;
    if (value.body) continue;
    const { nodes } = await cdp.send('Accessibility.getPartialAXTree', {
      objectId: result.objectId,
      fetchRelatives: false,
    });
    const node = nodes[0];
    stops.push({
      name: String(node?.name?.value ?? '').trim(),
      role: String(node?.role?.value ?? ''),
      context: value.context,
      row: value.row,
      html: value.html,
    });
  }
  await cdp.detach();
  return stops;
}

for (const language of LANGUAGES) {
  test(`keyboard in ${language}: a skip link first, then every stop of Tab named, and one name one thing`, async ({
    page,
  }) => {
    test.slow();
    await start(page, language);
    const problems: string[] = [];
    for (const { route, ready } of PAGES.filter((p) => p.tabWalk !== false)) {
      await open(page, route, ready);
      const stops = await tabWalk(page, ready);
      expect(stops.length, route).toBeGreaterThan(3);
      const first = stops[0]!;
      if (first.name !== (language === 'en' ? 'Skip to content' : '跳到正文'))
        problems.push(`${route}: the first stop is ${first.html}`);
      for (const stop of stops) if (stop.name === '') problems.push(`${route}: no name: ${stop.html}`);
      // The same name twice is one name for two things unless the row or group around each tells them apart.
      const byName = new Map<string, TabStop[]>();
      for (const stop of stops) byName.set(stop.name, [...(byName.get(stop.name) ?? []), stop]);
      for (const [name, same] of byName) {
        const key = (s: TabStop) => `${s.context}\u0000${s.row}`;
        const repeated = same.filter((s, i) => same.findIndex((o) => key(o) === key(s)) !== i);
        if (name !== '' && repeated.length > 0)
          problems.push(`${route}: "${name}" more than once in "${repeated[0]!.context}"`);
        // Two rows that read the same from end to end are the same facts shown twice (a data
        // question, not a naming one): noted, not failed.
        const twins = same.filter((s, i) => s.row !== null && same.findIndex((o) => o.context === s.context) !== i);
        for (const twin of twins.filter((s) => !repeated.includes(s)))
          test
            .info()
            .annotations.push({ type: 'identical rows', description: `${route}: ${twin.context.slice(0, 160)}` });
      }
    }
    expect(problems, problems.join('\n')).toEqual([]);
  });
}

test('the skip link moves focus to the page, past the navigation', async ({ page }) => {
  await start(page, 'en');
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to content' });
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  await page.keyboard.press('Enter');
  await expect(page.locator('main')).toBeFocused();
  await page.keyboard.press('Tab');
  // The next stop is inside the page, not in the sidebar.
  expect(await page.evaluate(() => document.activeElement?.closest('main') !== null)).toBe(true);
});

test('the cost-time chart: one Tab stop, the arrow keys walk its points, Enter opens the row', async ({ page }) => {
  await start(page, 'en');
  await open(page, 'compare?job.tokens=50m', PAGES[1]!.ready);
  const points = page.locator('.cost-time-chart circle[role="button"]');
  expect(await points.count()).toBeGreaterThan(2);
  await expect(page.locator('.cost-time-chart circle[tabindex="0"]')).toHaveCount(1);
  await page.locator('.cost-time-chart circle[tabindex="0"]').focus();
  const names: string[] = [];
  for (let i = 0; i < (await points.count()); i++) {
    names.push((await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))) ?? '');
    await page.keyboard.press('ArrowRight');
  }
  // Every point, each with its own name (card and count, provider, billing, cost, hours).
  expect(new Set(names).size).toBe(await points.count());
  await page.keyboard.press('Home');
  await page.keyboard.press('Enter');
  await expect(page.locator('.cost-time-chart circle[aria-pressed="true"]')).toHaveCount(1);
});

const VIEWPORT_1280 = { width: 1280, height: 800 };

for (const language of LANGUAGES) {
  test(`at 1280 px in ${language}: tables fit, no control or placeholder cuts its text, no chart label covers another`, async ({
    page,
  }) => {
    test.slow();
    await page.setViewportSize(VIEWPORT_1280);
    await start(page, language);
    const problems: string[] = [];
    for (const { route, ready } of PAGES) {
      await open(page, route, ready);
      const found = await page.evaluate((viewportWidth) => {
        const out: string[] = [];
        const describe = (element: Element) => element.outerHTML.slice(0, 100);
        // Every column header of every table lies inside the window and inside its scroller, but
        // those marked secondary (HeaderRow.tsx), which the scroller reaches; and none lies under the actions
        // column a table keeps in view at its right edge (.actions-last: it covered half the Runs page's outcome).
        for (const th of document.querySelectorAll('main table thead th:not([data-secondary])')) {
          const box = th.getBoundingClientRect();
          const scroller = th.closest('.table-scroll') ?? th.closest('table')!.parentElement!;
          const table = th.closest('table')!;
          const actions = table.classList.contains('actions-last') ? th.parentElement!.lastElementChild : null;
          const limit = Math.min(viewportWidth, scroller.getBoundingClientRect().right);
          if (box.width > 0 && box.right > limit + 1)
            out.push(
              `column "${(th as HTMLElement).innerText.trim()}" ends at ${Math.round(box.right)} px of ${Math.round(limit)}`,
            );
          // Under the actions column, the header's padding may go; its text may not (measured on the text itself: a
          // heading's button may overflow its cell).
          const words = document.createRange();
          words.selectNodeContents(th);
          const textRight = Math.max(
            box.right - parseFloat(getComputedStyle(th).paddingRight),
            words.getBoundingClientRect().right,
          );
          const actionsLeft = actions && actions !== th ? actions.getBoundingClientRect().left : Infinity;
          if (box.width > 0 && textRight > actionsLeft + 1)
            out.push(
              `column "${(th as HTMLElement).innerText.trim()}" ends under the actions, at ${Math.round(textRight)} px of ${Math.round(actionsLeft)}`,
            );
        }
        // Buttons: their content never wider than their box. Selects: the chosen option's text and
        // the padding fit beside the drop-down arrow (Chromium draws it in about 20 px).
        const canvas = document.createElement('canvas').getContext('2d')!;
        for (const control of document.querySelectorAll<HTMLElement>('button, select')) {
          if (control.offsetParent === null) continue;
          if (control instanceof HTMLSelectElement) {
            const style = getComputedStyle(control);
            canvas.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
            const text = control.selectedOptions[0]?.text ?? '';
            const needed =
              canvas.measureText(text).width + parseFloat(style.paddingLeft) + parseFloat(style.paddingRight) + 20;
            if (needed > control.clientWidth + 1)
              out.push(`select cuts "${text}": needs ${Math.round(needed)} px, has ${control.clientWidth}`);
          } else if (control.scrollWidth > control.clientWidth + 1) {
            out.push(`button cuts its text: ${describe(control)}`);
          }
        }
        // An empty box's placeholder (a default it stands for, an example) fits the box.
        for (const input of document.querySelectorAll<HTMLInputElement>('main input[placeholder]')) {
          if (input.offsetParent === null || input.value !== '' || input.placeholder === '') continue;
          const style = getComputedStyle(input);
          canvas.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
          const needed =
            canvas.measureText(input.placeholder).width +
            parseFloat(style.paddingLeft) +
            parseFloat(style.paddingRight);
          if (needed > input.clientWidth + 1)
            out.push(
              `placeholder cut "${input.placeholder}": needs ${Math.round(needed)} px, has ${input.clientWidth}`,
            );
        }
        // Chart labels: no two texts of one chart overlap.
        for (const svg of document.querySelectorAll('main svg')) {
          const boxes = [...svg.querySelectorAll('text')]
            .map((text) => ({ text: text.textContent ?? '', box: text.getBoundingClientRect() }))
            .filter((t) => t.box.width > 0 && t.text.trim() !== '');
          for (let i = 0; i < boxes.length; i++)
            for (let j = i + 1; j < boxes.length; j++) {
              const a = boxes[i]!.box;
              const b = boxes[j]!.box;
              const overlapX = Math.min(a.right, b.right) - Math.max(a.left, b.left);
              const overlapY = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
              if (overlapX > 0.5 && overlapY > 0.5)
                out.push(`chart labels overlap: "${boxes[i]!.text}" and "${boxes[j]!.text}"`);
            }
        }
        return out;
      }, VIEWPORT_1280.width);
      problems.push(...found.map((f) => `${route}: ${f}`));
    }
    expect(problems, problems.join('\n')).toEqual([]);
  });
}
