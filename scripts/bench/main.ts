/**
 * `npm run bench`: every timing of the project in one table, with the machine it ran on and, next
 * to each figure, the physical or library limit it is compared to, measured in the same run.
 *
 *   npm run bench                      everything (import and Runs page at 100k and 1M runs; long)
 *   npm run bench -- --quick           fewer samples, smaller logs: a few minutes on 2 cores
 *   npm run bench -- --only in-process,growth,calibration,store,cli,http,browser,bundle
 *   npm run bench -- --only runs-page  the Runs page of the browser section alone (100k; 1M without --quick)
 *   npm run bench -- --only pages      input-to-paint per page of the browser section alone
 *   npm run bench -- --only cold       cold start to first paint of the browser section alone
 *   npm run bench -- --save            also writes docs/perf/bench.json and docs/perf/bench.md
 *                                      (npm run bench:plot turns bench.json into docs/perf/growth.svg)
 *
 * Runs through Vite's module runner (scripts/bench/run.js): the store's migrations are bundled files.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { format, resolveConfig } from 'prettier';
import { browserSection, coldSection, pagesSection, runsPageSection } from './browser-section';
import { bundleFigures } from './bundle';
import { cliEstimateFigures } from './cli';
import { describeMachine, formatReport, type Curve, type Figure } from './figures';
import { catalogCurves, inProcessFigures, runLogCurves } from './in-process';
import { cliFigures, httpFigures } from './processes';
import { appWithRuns, benchDir } from './run-log';
import { storeFigures } from './store-figures';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const SECTIONS = ['in-process', 'growth', 'calibration', 'store', 'cli', 'http', 'browser', 'bundle'] as const;
/** Parts of the browser section that `--only` can ask for alone: the Runs page, input-to-paint per page, cold start. */
const PARTS = ['runs-page', 'pages', 'cold'] as const;
type Section = (typeof SECTIONS)[number] | (typeof PARTS)[number];

const USAGE = `npm run bench -- [--quick] [--save] [--only ${[...SECTIONS, ...PARTS].join(',')}]`;
/** Strict: an unknown flag (a typo, or --help) stops here instead of starting the whole bench. */
const { values: options } = parseArgs({
  options: {
    quick: { type: 'boolean', default: false },
    save: { type: 'boolean', default: false },
    only: { type: 'string' },
    help: { type: 'boolean', short: 'h', default: false },
  },
  strict: true,
});
if (options.help) {
  process.stdout.write(`${USAGE}\n`);
  process.exit(0);
}
const args = process.argv.slice(2);
const quick = options.quick;
const save = options.save;
const only = new Set((options.only?.split(',') ?? SECTIONS) as Section[]);
const known: readonly string[] = [...SECTIONS, ...PARTS];
for (const name of only)
  if (!known.includes(name)) throw new Error(`unknown section ${name}; sections: ${known.join(', ')}`);

/** The built CLI and renderer, rebuilt when a source file is newer than the build. */
function ensureBuilt(): void {
  const built = path.join(root, 'out/main/cli.js');
  const builtAt = fs.existsSync(built) ? fs.statSync(built).mtimeMs : 0;
  const newer = (dir: string): boolean =>
    fs.readdirSync(path.join(root, dir), { withFileTypes: true }).some((entry) => {
      const rel = path.join(dir, entry.name);
      return entry.isDirectory() ? newer(rel) : fs.statSync(path.join(root, rel)).mtimeMs > builtAt;
    });
  if (builtAt > 0 && !newer('src-main') && !newer('src-renderer') && !newer('data')) return;
  process.stderr.write('bench: building (npm run build)…\n');
  execFileSync('npm', ['run', 'build', '--silent'], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
}

const log = (text: string) => process.stderr.write(`bench: ${text}\n`);
const figures: Figure[] = [];
const curves: Curve[] = [];
const started = performance.now();

const { dir, cleanup } = benchDir();
const seeded = appWithRuns(dir, 0, 'seeded.db');
const sqlite = (seeded.db.prepare('SELECT sqlite_version() AS v').get() as { v: string }).v;
seeded.close();
const machine = describeMachine(sqlite);
try {
  if (only.has('in-process')) {
    log('in process: estimate and rank vs the memory core');
    figures.push(...(await inProcessFigures(quick)));
  }
  if (only.has('growth')) {
    log('growth: 10, 100, 1,000 cards and offers');
    const grown = await catalogCurves(quick);
    curves.push(...grown.curves);
    figures.push(...grown.figures);
  }
  if (only.has('calibration')) {
    const sizes = quick ? [1_000, 10_000, 100_000] : [1_000, 10_000, 100_000, 1_000_000];
    log(`calibration: ${sizes.join(', ')} runs`);
    const grown = await runLogCurves(sizes, quick);
    curves.push(...grown.curves);
    figures.push(...grown.figures);
  }
  if (only.has('store')) {
    for (const n of quick ? [20_000] : [100_000, 1_000_000]) {
      log(`store: import, bare insert and queries at ${n.toLocaleString('en-US')} runs`);
      figures.push(...storeFigures(n, quick));
    }
  }
  if (
    only.has('cli') ||
    only.has('http') ||
    only.has('browser') ||
    only.has('runs-page') ||
    only.has('pages') ||
    only.has('cold') ||
    only.has('bundle')
  )
    ensureBuilt();
  if (only.has('cli')) {
    log('CLI start');
    figures.push(...(await cliFigures(root, dir, quick)), ...cliEstimateFigures(root, dir, quick));
  }
  if (only.has('http')) {
    log('HTTP: cold start and round trips');
    figures.push(...(await httpFigures(root, path.join(dir, 'http.db'), quick)));
  }
  if (only.has('browser')) {
    log('browser: first paint, input-to-paint, Runs page');
    figures.push(...(await browserSection(root, dir, quick, log)));
  }
  if (only.has('runs-page') && !only.has('browser')) {
    log('browser: the Runs page alone');
    figures.push(...(await runsPageSection(root, dir, quick, log)));
  }
  if (only.has('pages') && !only.has('browser')) {
    log('browser: input-to-paint per page alone');
    figures.push(...(await pagesSection(root, dir, quick)));
  }
  if (only.has('cold') && !only.has('browser')) {
    log('browser: cold start to first paint alone');
    figures.push(...(await coldSection(root, dir, quick)));
  }
  if (only.has('bundle')) {
    log('bundle: the renderer a first load fetches');
    figures.push(...bundleFigures(path.join(root, 'out/renderer')));
  }
} finally {
  cleanup();
}

const command = `npm run bench${args.length > 0 ? ` -- ${args.join(' ')}` : ''}`;
const report = formatReport(machine, figures, curves, command);
console.log(report);
console.log(`\n(${((performance.now() - started) / 1000).toFixed(0)} s)`);
if (save) {
  // A run of some sections replaces those figures and curves and keeps the others, each with the run it came from.
  const out = path.join(root, 'docs/perf');
  fs.mkdirSync(out, { recursive: true });
  const file = path.join(out, 'bench.json');
  const run = { command, machine, at: new Date().toISOString() };
  type Saved = { runs: (typeof run)[]; figures: (Figure & { run: number })[]; curves: (Curve & { run: number })[] };
  const saved: Saved = fs.existsSync(file)
    ? (JSON.parse(fs.readFileSync(file, 'utf8')) as Saved)
    : { runs: [], figures: [], curves: [] };
  const index = saved.runs.push(run) - 1;
  const keyOf = (f: { section?: string; name: string; unit?: string }) => `${f.section ?? f.unit}\u0000${f.name}`;
  const newFigures = new Set(figures.map(keyOf));
  const newCurves = new Set(curves.map(keyOf));
  saved.figures = [
    ...saved.figures.filter((f) => !newFigures.has(keyOf(f))),
    ...figures.map((f) => ({ ...f, run: index })),
  ];
  saved.curves = [
    ...saved.curves.filter((c) => !newCurves.has(keyOf(c))),
    ...curves.map((c) => ({ ...c, run: index })),
  ];
  const used = new Set([...saved.figures, ...saved.curves].map((x) => x.run));
  saved.runs = saved.runs.map((r, i) => (used.has(i) ? r : { ...r, command: `${r.command} (superseded)` }));
  // Written as the format check wants it (short arrays on one line), so a saved run passes `npm run format:check`.
  fs.writeFileSync(file, await format(JSON.stringify(saved), { ...(await resolveConfig(file)), filepath: file }));
  const tables = saved.runs
    .map((r, i) => ({ r, i }))
    .filter(({ i }) => used.has(i))
    .map(({ r, i }) =>
      formatReport(
        r.machine,
        saved.figures.filter((f) => f.run === i),
        saved.curves.filter((c) => c.run === i),
        `${r.command} (${r.at})`,
      ),
    );
  fs.writeFileSync(path.join(out, 'bench.md'), `${tables.join('\n\n')}\n`);
  log(`wrote ${path.relative(root, out)}/bench.json and bench.md`);
}
