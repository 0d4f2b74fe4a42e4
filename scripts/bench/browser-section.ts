/** The browser section: cold paint, input-to-paint per page, and the Runs page at big logs. */
import path from 'node:path';
import type { Browser } from '@playwright/test';
import { coldPaintFigures, launchChromium, pageFigures, runsPageFigures } from './browser';
import type { Figure } from './figures';
import { api, startCardwiseServer } from './processes';
import { appWithRuns } from './run-log';

const failed = (name: string, error: unknown): Figure => ({
  section: 'browser',
  name,
  note: `not measured: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`,
});

/** Runs `measure` in a Chromium of its own, closed after. */
async function inChromium(measure: (browser: Browser) => Promise<Figure[]>): Promise<Figure[]> {
  const browser = await launchChromium();
  try {
    return await measure(browser);
  } finally {
    await browser.close();
  }
}

/** A new store at `dir/name`, with the built-in catalog and the published runs. */
function seededStore(dir: string, name: string): string {
  appWithRuns(dir, 0, name).close();
  return path.join(dir, name);
}

export function browserSection(
  root: string,
  dir: string,
  quick: boolean,
  log: (text: string) => void,
): Promise<Figure[]> {
  return inChromium(async (browser) => {
    const seeded = seededStore(dir, 'browser.db');
    return [
      ...(await coldOn(browser, root, seeded, quick)),
      ...(await pagesOn(browser, root, seeded, quick)),
      ...(await runsPageWith(browser, root, dir, quick, log)),
    ];
  });
}

/** Cold start to first paint alone, on a seeded store: `npm run bench -- --only cold`. */
export function coldSection(root: string, dir: string, quick: boolean): Promise<Figure[]> {
  return inChromium((browser) => coldOn(browser, root, seededStore(dir, 'cold.db'), quick));
}

/** Input-to-paint per page alone, on a seeded store: `npm run bench -- --only pages`. */
export function pagesSection(root: string, dir: string, quick: boolean): Promise<Figure[]> {
  return inChromium((browser) => pagesOn(browser, root, seededStore(dir, 'pages.db'), quick));
}

/** Cold start to first paint on a server of the store at `dbPath`; a failure is reported as a figure. */
function coldOn(browser: Browser, root: string, dbPath: string, quick: boolean): Promise<Figure[]> {
  return coldPaintFigures(browser, root, dbPath, quick).catch((e: unknown) => [failed('cold start to first paint', e)]);
}

/** Input-to-paint per page on a server of the store at `dbPath`; a failure is reported as a figure. */
async function pagesOn(browser: Browser, root: string, dbPath: string, quick: boolean): Promise<Figure[]> {
  try {
    const server = await startCardwiseServer(root, dbPath);
    try {
      return await pageFigures(browser, server, quick);
    } finally {
      await server.stop();
    }
  } catch (error) {
    return [failed('input-to-paint per page', error)];
  }
}

/**
 * The Runs page alone at 100k runs (and 1M without `--quick`): its first runs:list and its runs:ledger calls
 * over HTTP and its actions in Chromium. `npm run bench -- --only runs-page` runs just this.
 */
export function runsPageSection(
  root: string,
  dir: string,
  quick: boolean,
  log: (text: string) => void,
): Promise<Figure[]> {
  return inChromium((browser) => runsPageWith(browser, root, dir, quick, log));
}

async function runsPageWith(
  browser: Browser,
  root: string,
  dir: string,
  quick: boolean,
  log: (text: string) => void,
): Promise<Figure[]> {
  const figures: Figure[] = [];
  for (const runs of quick ? [100_000] : [100_000, 1_000_000]) {
    log(`browser: Runs page with ${runs.toLocaleString('en-US')} runs`);
    const name = `runs-page-${runs}.db`;
    appWithRuns(dir, runs, name).close();
    const big = await startCardwiseServer(root, path.join(dir, name));
    try {
      const section = `Runs page, ${runs.toLocaleString('en-US')} runs`;
      const timed = async (name: string, ask: () => Promise<unknown>) => {
        const t = performance.now();
        await ask();
        figures.push({
          section,
          name: `${name} (over HTTP)`,
          p50Ms: performance.now() - t,
        });
      };
      // The first call after a write works the answer out; later ones, until the next write, reuse it. The table's
      // page carries its runs' flags, looked up in the rates kept per group (runs-rate-groups.ts).
      await timed('runs:list, first page with its flags, first call after a write', () => api(big, 'runs:list', {}));
      for (const when of ['first call after a write', 'again, no write between']) {
        await timed(`runs:ledger {"groupBy":"month"}, ${when}`, () => api(big, 'runs:ledger', { groupBy: 'month' }));
      }
      figures.push(
        ...(await runsPageFigures(browser, big, runs, quick).catch((e: unknown) => [
          failed(`Runs page at ${runs} runs`, e),
        ])),
      );
    } finally {
      await big.stop();
    }
  }
  return figures;
}
