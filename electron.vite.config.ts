import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { relative, resolve } from 'node:path';
import { defineConfig } from 'electron-vite';
import type { Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { MAIN_OUT_DIR, SHIPPED_DATA_DIR, SHIPPED_DATA_FILES } from './src-main/db/shipped-data';

/** What the main build tells db/bundled.ts of the data files it ships (db/shipped-data.ts): each text's sha256. */
const shippedText = (name: string) => readFileSync(resolve(__dirname, 'data', name), 'utf8');
const shippedSha256 = Object.fromEntries(
  SHIPPED_DATA_FILES.map((name) => [name, createHash('sha256').update(shippedText(name)).digest('hex')]),
);

/** Copies the shipped data files into the main build's output, as read at build time. */
function shipData(): Plugin {
  return {
    name: 'cardwise-ship-data',
    generateBundle() {
      for (const name of SHIPPED_DATA_FILES) {
        const fileName = relative(MAIN_OUT_DIR, `${SHIPPED_DATA_DIR}/${name}`);
        this.emitFile({ type: 'asset', fileName, source: shippedText(name) });
      }
    },
  };
}

// One renderer build serves both doors: the Electron window and `cardwise serve` in a browser.
export default defineConfig({
  main: {
    define: { __CARDWISE_DATA_SHA256__: JSON.stringify(shippedSha256) },
    plugins: [shipData()],
    build: {
      outDir: MAIN_OUT_DIR,
      // Bundled, not loaded from node_modules (so devDependencies, not shipped): zod alone is hundreds of small
      // ES modules, which Node resolved and compiled one by one in every process the CLI or the shell started.
      externalizeDeps: { exclude: ['zod', 'commander', 'yaml'] },
      // Two entries, one build: the Electron main and the `cardwise` CLI (bin/cardwise.js loads
      // out/main/cli.js), sharing chunks; plain JavaScript, so nothing needs TypeScript at run time.
      rollupOptions: {
        input: {
          main: resolve(__dirname, 'src-main/electron/main.ts'),
          cli: resolve(__dirname, 'src-main/cli/main.ts'),
        },
        output: {
          // Shared chunks next to the entries: db/paths.ts finds the app root two levels up.
          chunkFileNames: '[name]-[hash].js',
          // What the Electron main shares with the server (its CSP, static files) gets its own chunk:
          // left in main.js, it would make `cardwise serve` load the Electron entry, and electron.
          manualChunks: (id) => (id.includes('/src-main/http/') ? 'http' : undefined),
        },
      },
    },
  },
  preload: {
    build: {
      outDir: 'out/preload',
      externalizeDeps: true,
      // A sandboxed preload must be CommonJS.
      rollupOptions: {
        input: { preload: resolve(__dirname, 'src-main/electron/preload.ts') },
        output: { format: 'cjs', entryFileNames: '[name].cjs' },
      },
    },
  },
  renderer: {
    root: resolve(__dirname, 'src-renderer'),
    plugins: [react()],
    build: {
      outDir: resolve(__dirname, 'out/renderer'),
      emptyOutDir: true,
      // electron-vite leaves the renderer unminified; a browser (`cardwise serve`) fetches it over HTTP.
      minify: true,
      rollupOptions: { input: { index: resolve(__dirname, 'src-renderer/index.html') } },
    },
  },
});
