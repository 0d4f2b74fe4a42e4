import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from '@playwright/test';

export interface ServerHandle {
  url: string;
  origin: string;
  token: string;
  stop(): Promise<void>;
}

/** A fresh data dir per test: every test starts from the seeded catalog. */
export function freshDbPath(): string {
  return join(mkdtempSync(join(tmpdir(), 'cardwise-e2e-')), 'cardwise.db');
}

/** Starts the real `cardwise serve` on a free port (with `env` added) and waits for the URL line it prints. */
export async function startServer(dbPath: string, env: Record<string, string> = {}): Promise<ServerHandle> {
  const child = spawn(process.execPath, ['bin/cardwise.js', 'serve', '--port', '0', '--db', dbPath], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, ...env },
  });
  const url = await new Promise<string>((resolve, reject) => {
    let out = '';
    let err = '';
    const timer = setTimeout(() => reject(new Error(`server did not start: ${out}${err}`)), 30_000);
    child.stdout!.on('data', (chunk) => {
      out += chunk;
      const match = /(http:\/\/127\.0\.0\.1:\d+\/#token=[\w-]+)/.exec(out);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]!);
      }
    });
    child.stderr!.on('data', (chunk) => (err += chunk));
    child.on('exit', (code) => reject(new Error(`server exited with ${code}: ${out}${err}`)));
  });
  const parsed = new URL(url);
  // The token travels in the fragment (`#token=…`); a page route may follow it (`${url}#/runs`).
  const token = parsed.hash.slice('#token='.length);
  return { url, origin: parsed.origin, token, stop: () => stop(child) };
}

function stop(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

/**
 * A fresh `cardwise serve` on a fresh database for each test of the file that calls this (every
 * test starts from the seeded catalog); the handle reads the server of the test running now.
 */
export function serverForEachTest(): ServerHandle {
  let current: ServerHandle | undefined;
  test.beforeEach(async () => {
    current = await startServer(freshDbPath());
  });
  test.afterEach(async () => {
    await current?.stop();
  });
  const now = () => {
    if (!current) throw new Error('no server: serverForEachTest() hands one to each test only');
    return current;
  };
  return {
    get url() {
      return now().url;
    },
    get origin() {
      return now().origin;
    },
    get token() {
      return now().token;
    },
    stop: () => now().stop(),
  };
}
