#!/usr/bin/env node
// `npm test`: every check, in the order a failure is cheapest to read. The e2e step finds or
// gets a Chromium (system, Playwright's own, or apt on Debian as root) or says what to do.
import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { findChromium, installChromiumWithApt } from './find-chromium.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const onlyE2e = process.argv.includes('--only-e2e');
const bin = (name) => join(root, 'node_modules', '.bin', name);

function step(title, command, args, env = {}) {
  console.log(`\n▶ ${title}`);
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  if (result.status !== 0) {
    console.error(`\n✖ ${title} failed`);
    process.exit(result.status ?? 1);
  }
}

if (!onlyE2e) {
  step('typecheck', bin('tsc'), ['--noEmit', '-p', 'tsconfig.json']);
  step('lint', bin('eslint'), ['.', '--max-warnings=0']);
  step('format', bin('prettier'), ['--check', '.', '--log-level=warn']);
}
// Before the tests: the CLI tests spawn bin/cardwise.js, which runs the built out/main/cli.js.
step('build', bin('electron-vite'), ['build', '--logLevel', 'warn']);
if (!onlyE2e) {
  // The packaging test runs alone after the others: electron-builder is CPU-heavy, and wall-clock
  // tests sharing two cores with it would time out.
  step('unit, store, handler and CLI tests', bin('vitest'), ['run', '--exclude', 'scripts/packaging/**']);
  step('packaging (electron-builder --dir, stand-in Electron)', bin('vitest'), ['run', 'scripts/packaging']);
}

let chromium = await findChromium();
if (!chromium && installChromiumWithApt((line) => console.log(line))) chromium = await findChromium();
if (!chromium) {
  console.error(
    '\n✖ e2e: no Chromium found. Install one and run `npm test` again:\n' +
      '  Debian/Ubuntu: sudo apt-get install -y chromium\n' +
      '  elsewhere:     npx playwright install chromium\n' +
      '  or point CHROMIUM_PATH at a Chrome/Chromium binary.',
  );
  process.exit(1);
}
step(`end-to-end tests (Chromium: ${chromium})`, bin('playwright'), ['test'], { CHROMIUM_PATH: chromium });
console.log('\n✔ all checks passed');
