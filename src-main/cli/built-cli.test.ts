/** The built CLI (out/main/cli.js) is plain Node: nothing it can load reaches electron or the Electron entry. */
import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { assertCliBuilt, repoRoot } from './cli-test-support.testkit';

beforeAll(assertCliBuilt);

const outMain = path.join(repoRoot, 'out', 'main');

/**
 * Every chunk a chunk imports, statically or on demand (`import("./x.js")`), in its code: the comments are left out
 * (the bundled libraries' JSDoc names their own files, `@typedef { import("./option.js").Option }`).
 */
function importsOf(chunk: string): string[] {
  const text = fs
    .readFileSync(path.join(outMain, chunk), 'utf8')
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/^\s*\/\/.*$/gm, '');
  return [...text.matchAll(/(?:from\s*|import\s*\(\s*)"\.\/([^"]+\.js)"/g)].map((match) => match[1]!);
}

describe('the built CLI', () => {
  it('loads no chunk that imports electron, and never the Electron entry', () => {
    const reached = new Set<string>();
    const pending = ['cli.js'];
    while (pending.length > 0) {
      const chunk = pending.pop()!;
      if (reached.has(chunk)) continue;
      reached.add(chunk);
      pending.push(...importsOf(chunk));
    }
    expect(reached.has('main.js')).toBe(false);
    const electron = [...reached].filter((chunk) =>
      /from\s*"electron"|require\("electron"\)/.test(fs.readFileSync(path.join(outMain, chunk), 'utf8')),
    );
    expect(electron).toEqual([]);
    // It does reach the store and the server: the walk follows what `cardwise serve` loads.
    expect([...reached].some((chunk) => chunk.startsWith('http-'))).toBe(true);
    expect(reached.size).toBeGreaterThan(2);
  });
});
