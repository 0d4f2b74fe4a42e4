import { existsSync } from 'node:fs';
import { execFileSync } from 'node:child_process';

/**
 * The flags every Chromium this project drives starts with (e2e tests, bench, screenshots): no
 * sandbox (root in a container), no GPU, and nothing that reaches the network on its own.
 */
export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

const CANDIDATES = [
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
  '/usr/bin/google-chrome',
  '/usr/bin/google-chrome-stable',
];

/** A Chromium for the e2e tests: $CHROMIUM_PATH, a system one, or Playwright's own download. */
export async function findChromium() {
  if (process.env.CHROMIUM_PATH && existsSync(process.env.CHROMIUM_PATH)) return process.env.CHROMIUM_PATH;
  for (const path of CANDIDATES) if (existsSync(path)) return path;
  try {
    const { chromium } = await import('@playwright/test');
    const own = chromium.executablePath();
    if (own && existsSync(own)) return own;
  } catch {
    // Playwright has no browser of its own here.
  }
  return null;
}

/** On Debian as root, `apt-get install -y chromium`; returns whether it worked. */
export function installChromiumWithApt(log) {
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!isRoot || !existsSync('/usr/bin/apt-get')) return false;
  try {
    log('cardwise test: no Chromium found; installing Debian chromium with apt-get (root)…');
    execFileSync('apt-get', ['update'], { stdio: 'ignore', timeout: 300_000 });
    execFileSync('apt-get', ['install', '-y', '--no-install-recommends', 'chromium'], {
      stdio: 'ignore',
      timeout: 600_000,
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
    return existsSync('/usr/bin/chromium');
  } catch {
    return false;
  }
}
