/* Spawning store-child.testkit.ts processes that start together (see that file). */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { viteRun } from './vite-run.testkit';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const childScript = path.join(repoRoot, 'src-main', 'db', 'store-child.testkit.ts');

/** A running child: its JSON lines so far, and a promise of all of them at exit. */
export interface StoreChild {
  process: ChildProcess;
  ready: Promise<void>;
  /** Every JSON line the child printed, once it has exited. */
  done: Promise<unknown[]>;
}

/** Starts one child on `scenario`; it waits for `goFile` before doing anything. */
export function startChild(scenario: string, dbFile: string, goFile: string, args: string[] = []): StoreChild {
  const proc = spawn(process.execPath, [...viteRun(childScript), scenario, dbFile, goFile, ...args], {
    cwd: repoRoot,
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  const lines: unknown[] = [];
  let out = '';
  let err = '';
  let markReady: () => void = () => {};
  const ready = new Promise<void>((resolve) => (markReady = resolve));
  proc.stdout!.on('data', (chunk: Buffer) => {
    out += chunk.toString();
    let newline: number;
    while ((newline = out.indexOf('\n')) >= 0) {
      const line = JSON.parse(out.slice(0, newline)) as Record<string, unknown>;
      out = out.slice(newline + 1);
      lines.push(line);
      if (line.ready) markReady();
    }
  });
  proc.stderr!.on('data', (chunk: Buffer) => (err += chunk.toString()));
  const done = new Promise<unknown[]>((resolve, reject) => {
    proc.on('error', reject);
    proc.on('exit', (code) => (code === 0 ? resolve(lines) : reject(new Error(`child exited ${code}: ${err}`))));
  });
  return { process: proc, ready, done };
}

/** Starts `count` children, waits until each has loaded, then lets them all go at once. */
export async function startTogether(
  count: number,
  scenario: string,
  dbFile: string,
  args: (i: number) => string[] = () => [],
): Promise<StoreChild[]> {
  const goFile = `${dbFile}.go-${process.pid}-${Date.now()}`;
  const children = Array.from({ length: count }, (_, i) => startChild(scenario, dbFile, goFile, args(i)));
  await Promise.all(children.map((c) => c.ready));
  fs.writeFileSync(goFile, 'go');
  void Promise.allSettled(children.map((c) => c.done)).then(() => fs.rmSync(goFile, { force: true }));
  return children;
}
