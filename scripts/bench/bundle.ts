/**
 * The renderer bundle as a first load fetches it: the entry chunk of out/renderer/index.html plus
 * every chunk it imports statically (transitively), gzipped; and everything the build wrote.
 * Issue 16 sets the target: the initial renderer bundle ≤ 150 kB gzip.
 */
import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Figure } from './figures';

/**
 * The relative modules a chunk imports statically: `import … from "./x.js"`, `import "./x.js"`
 * and `export … from "./x.js"`; never `import("./x.js")`, which loads on demand. Only `.js`
 * specifiers: a build's chunks all end so, and an unminified chunk's comments quote other paths.
 */
export function staticImports(code: string): string[] {
  const found = new Set<string>();
  const pattern = /(?:^|[;\s}])(?:import|export)\s*(?:[\w*${}\s,]+?\s*from\s*)?["'](\.{1,2}\/[^"'\s]+\.js)["']/g;
  for (const match of code.matchAll(pattern)) found.add(match[1]!);
  return [...found];
}

/** The files a first load fetches, starting from `entry` (a path inside `dir`). */
export function initialFiles(dir: string, entry: string, read: (file: string) => string): string[] {
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const spec of staticImports(read(file))) visit(path.posix.join(path.posix.dirname(file), spec));
  };
  visit(entry);
  return [...seen];
}

const kB = (bytes: number) => +(bytes / 1000).toFixed(1);

/** The bundle figures of a built renderer (`out/renderer`, after `electron-vite build`). */
export function bundleFigures(rendererDir: string): Figure[] {
  const html = fs.readFileSync(path.join(rendererDir, 'index.html'), 'utf8');
  const entry = /<script[^>]*type="module"[^>]*src="\/?([^"]+)"/.exec(html)?.[1];
  if (!entry) throw new Error(`no module script in ${rendererDir}/index.html`);
  const read = (file: string) => fs.readFileSync(path.join(rendererDir, file), 'utf8');
  const css = [...html.matchAll(/<link[^>]*rel="stylesheet"[^>]*href="\/?([^"]+)"/g)].map((m) => m[1]!);
  const initial = [...initialFiles(rendererDir, entry, read), ...css];
  const all = fs
    .readdirSync(path.join(rendererDir, 'assets'))
    .filter((name) => /\.(js|css)$/.test(name))
    .map((name) => `assets/${name}`);
  const sizes = (files: string[]) =>
    files.reduce(
      (sum, file) => {
        const bytes = fs.readFileSync(path.join(rendererDir, file));
        return { raw: sum.raw + bytes.length, gzip: sum.gzip + gzipSync(bytes).length };
      },
      { raw: 0, gzip: 0 },
    );
  const first = sizes(initial);
  const total = sizes(all);
  // The first render also waits for the strings of one language (i18n/index.ts loads them on demand).
  const languages = all.flatMap((file) => {
    const language = /\/bundle-(en|zh-CN)-[\w-]+\.js$/.exec(file)?.[1];
    if (!language) return [];
    const extra = initialFiles(rendererDir, file, read).filter((f) => !initial.includes(f));
    const withLanguage = sizes([...initial, ...extra]);
    return [
      {
        section: 'bundle',
        name: `first render in ${language}: the initial load and the language's ${extra.length} chunks of strings`,
        gzipKB: kB(withLanguage.gzip),
        rawKB: kB(withLanguage.raw),
      },
    ];
  });
  return [
    {
      section: 'bundle',
      name: `initial renderer load: the entry ${entry} and the ${initial.length - 1} files it loads statically (chunks, styles)`,
      gzipKB: kB(first.gzip),
      rawKB: kB(first.raw),
      target: '≤ 150 kB gzip',
    },
    ...languages,
    {
      section: 'bundle',
      name: `whole renderer build: ${all.length} JavaScript and CSS files`,
      gzipKB: kB(total.gzip),
      rawKB: kB(total.raw),
    },
  ];
}
