/// <reference types="vite/client" />
import { describe, expect, it } from 'vitest';
import { resources } from './resources';

const en = resources.en;
const zhCN = resources['zh-CN'];

/** Flattens nested keys, folding i18next plural suffixes (_one, _other) into the base key. */
function keys(tree: object, prefix = ''): Set<string> {
  const out = new Set<string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix + key.replace(/_(zero|one|two|few|many|other)$/, '');
    if (value && typeof value === 'object') for (const k of keys(value, path + '.')) out.add(k);
    else out.add(path);
  }
  return out;
}

// The renderer's own sources, read through Vite (the renderer has no node:fs, tests included).
const sources = import.meta.glob(['../**/*.{ts,tsx}', '!../**/*.test.ts'], {
  query: '?raw',
  import: 'default',
  eager: true,
}) as Record<string, string>;

describe('translations', () => {
  const enKeys = keys(en);
  const zhKeys = keys(zhCN);

  it('has every English key in Chinese and nothing extra', () => {
    expect([...enKeys].filter((k) => !zhKeys.has(k))).toEqual([]);
    expect([...zhKeys].filter((k) => !enKeys.has(k))).toEqual([]);
  });

  it('defines every literal key the components use', () => {
    const used = Object.values(sources).flatMap((text) =>
      [...text.matchAll(/\bt\('([a-zA-Z0-9.-]+)'|labelKey: '([a-zA-Z0-9.-]+)'/g)].map((m) => m[1] ?? m[2]),
    );
    expect(used.length).toBeGreaterThan(50);
    expect(used.filter((key) => key && !enKeys.has(key))).toEqual([]);
  });

  it('writes Chinese in Chinese', () => {
    const zh = zhCN as { billing: Record<string, string>; catalog: Record<string, string> };
    expect(zh.billing.hourly).toBe('按量计费');
    expect(zh.billing.spot).toBe('竞价实例');
    expect(zh.catalog.memory).toBe('显存');
  });
});
