#!/usr/bin/env node
// `npm start`: build, then open the Electron window; where no Electron binary can be had,
// say so in one line and serve the same UI in the browser mode instead.
import { spawn, spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { findElectronBinary } from './electron-binary.js';
import { prepareElectronSqlite } from './packaging/electron-sqlite.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const passThrough = process.argv.slice(2);

const build = spawnSync(process.execPath, [join(root, 'node_modules/electron-vite/bin/electron-vite.js'), 'build'], {
  cwd: root,
  stdio: ['ignore', 'ignore', 'inherit'],
});
if (build.status !== 0) {
  console.error('cardwise: the build failed (see above).');
  process.exit(1);
}

let binary = findElectronBinary(root);
if (!binary) {
  // Electron fetches its binary on first run; try once, quietly, with a time limit.
  spawnSync(process.execPath, [join(root, 'node_modules/electron/install.js')], {
    cwd: root,
    stdio: 'ignore',
    timeout: 60_000,
  });
  binary = findElectronBinary(root);
}

if (!binary) {
  console.log(
    'cardwise: the Electron binary is not available (Electron downloads it from GitHub on first run, and that failed here), so Cardwise opens in browser mode instead.',
  );
  serveInBrowser();
} else {
  // The window loads better-sqlite3 built for Electron (out/native); made once, with the network.
  // Without it the window opens anyway and says what to run.
  await prepareElectronSqlite({ root, log: () => undefined }).catch((error) =>
    console.log(`cardwise: ${String(error.message).split('\n')[0]}`),
  );
  const startedAt = Date.now();
  const child = spawn(binary, [root, ...passThrough], { cwd: root, stdio: ['ignore', 'inherit', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (chunk) => (stderr += chunk));
  child.on('exit', (code) => {
    if (code !== 0 && Date.now() - startedAt < 10_000) {
      const why = stderr.split('\n').find((line) => line.trim()) ?? `exit code ${code}`;
      console.log(
        `cardwise: Electron could not start (${why.trim().slice(0, 160)}), so Cardwise opens in browser mode instead.`,
      );
      serveInBrowser();
    } else {
      process.exit(code ?? 0);
    }
  });
}

function serveInBrowser() {
  const child = spawn(process.execPath, [join(root, 'bin/cardwise.js'), 'serve', ...passThrough], {
    cwd: root,
    stdio: 'inherit',
  });
  const stop = () => child.kill('SIGTERM');
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  child.on('exit', (code) => process.exit(code ?? 0));
}
