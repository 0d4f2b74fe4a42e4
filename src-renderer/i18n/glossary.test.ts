/// <reference types="vite/client" />
import { describe, expect, it } from 'vitest';
import { catalogs } from '../../src-main/domain/messages/catalogs';
import glossary from '../../docs/glossary.zh-CN.md?raw';
import { resources } from './resources';

/** The words the glossary says not to use, from the last column of its table. */
function forbiddenWords(markdown: string): string[] {
  return markdown
    .split('\n')
    .filter((line) => line.startsWith('| ') && !line.startsWith('| English'))
    .flatMap((line) => (line.split('|')[3] ?? '').split(','))
    .map((word) => word.trim())
    .filter((word) => word !== '');
}

/** Every string of a translation tree, with its key. */
function strings(tree: unknown, at = ''): [string, string][] {
  if (typeof tree === 'string') return [[at, tree]];
  if (tree === null || typeof tree !== 'object') return [];
  return Object.entries(tree).flatMap(([key, value]) => strings(value, at ? `${at}.${key}` : key));
}

/** A Latin word matches whole (so "tokens" does not match "token/秒"); a Chinese one anywhere. */
function uses(text: string, word: string): boolean {
  const shown = text.replace(/\{\{[^}]*\}\}/g, '');
  if (!/^[\x20-\x7e]+$/.test(word)) return shown.includes(word);
  const escaped = word.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
  return new RegExp(`(?<![A-Za-z])${escaped}(?![A-Za-z])`).test(shown);
}

describe('the zh-CN glossary (docs/glossary.zh-CN.md)', () => {
  const words = forbiddenWords(glossary);
  const chinese = [...strings(resources['zh-CN'], 'renderer'), ...strings(catalogs['zh-CN'], 'domain')];

  it('is read: it lists the variants it forbids', () => {
    expect(words).toContain('批量大小');
    expect(words).toContain('每秒 tokens');
    expect(words.length).toBeGreaterThan(40);
  });

  it('holds for every Chinese string of the renderer and of the domain', () => {
    const misses = chinese.flatMap(([key, text]) =>
      words.filter((word) => uses(text, word)).map((word) => `${key}: “${word}” in ${text}`),
    );
    expect(misses).toEqual([]);
  });

  it('catches a variant when one slips in', () => {
    expect(uses('批量大小（每卡）', '批量大小')).toBe(true);
    expect(uses('每秒 tokens（整个任务）', 'tokens')).toBe(true);
    expect(uses('{{tokens}} token', 'tokens')).toBe(false);
  });
});
