/**
 * The built renderer loads a language's domain sentences only when that language is shown: the Chinese domain
 * catalog is in the zh-CN strings chunk (or a chunk only it imports statically; others name it only among what to
 * preload with that chunk when they import it on demand). A page module that reaches the catalogs of every language
 * (the domain's `catalogs`) would put both languages in every first paint.
 */
import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { assertCliBuilt, repoRoot } from '../../src-main/cli/cli-test-support.testkit';
import { catalogZhCN } from '../../src-main/domain/messages/catalog-zh-CN';
import { staticImports } from './bundle';

// The CLI and the renderer come from the same `npm run build`.
beforeAll(assertCliBuilt);

const assets = path.join(repoRoot, 'out', 'renderer', 'assets');
const nameOf = (chunk: string) => chunk.replace(/-[\w-]{8}\.js$/, '');

describe('the built renderer', () => {
  it('holds the Chinese domain catalog in chunks that only the zh-CN strings chunk imports statically', () => {
    const chunks = fs.readdirSync(assets).filter((file) => file.endsWith('.js'));
    const text = (chunk: string) => fs.readFileSync(path.join(assets, chunk), 'utf8');
    // A sentence of the domain catalog alone (the UI's own strings are in the same chunk, not in the catalog).
    const sentence = catalogZhCN['speed.singleGpu'];
    const holding = chunks.filter((chunk) => text(chunk).includes(sentence));
    expect(holding.length).toBeGreaterThan(0);
    const importers = chunks.filter((chunk) =>
      staticImports(text(chunk)).some((spec) => holding.includes(path.posix.basename(spec))),
    );
    const reachedFrom = [...new Set([...holding, ...importers].map(nameOf))].sort();
    expect(
      reachedFrom.every((name) => name === 'bundle-zh-CN' || name === 'catalog-zh-CN'),
      reachedFrom.join(', '),
    ).toBe(true);
  });
});
