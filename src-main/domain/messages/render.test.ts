import { describe, expect, it } from 'vitest';
import { catalogs } from './catalogs';
import { renderMessage, type Catalog } from './render';
import type { Message } from './message';

const catalog: Catalog = {
  greet: 'fits {{card}} with {{free:1}} GiB free',
  runs_one: 'based on {{count}} run',
  runs_other: 'based on {{count}} runs',
  outer: 'because {{why}}',
  inner: 'the card has {{memory}} GiB',
};
const m = (code: string, params?: Message['params']) => ({ code, params }) as Message;

describe('renderMessage', () => {
  it('fills parameters, with a number limited to the digits the template asks for', () => {
    expect(renderMessage(m('greet', { card: 'RTX 4090', free: 3.456 }), catalog)).toBe(
      'fits RTX 4090 with 3.5 GiB free',
    );
  });

  it('groups thousands and keeps at most two decimals by default', () => {
    expect(renderMessage(m('inner', { memory: 12345.678 }), catalog)).toBe('the card has 12,345.68 GiB');
  });

  it('picks the plural form from count', () => {
    expect(renderMessage(m('runs', { count: 1 }), catalog)).toBe('based on 1 run');
    expect(renderMessage(m('runs', { count: 3 }), catalog)).toBe('based on 3 runs');
  });

  it('renders nested messages in the same language', () => {
    expect(renderMessage(m('outer', { why: m('inner', { memory: 24 }) }), catalog)).toBe('because the card has 24 GiB');
  });

  it('shows an unknown code or a missing parameter rather than nothing', () => {
    expect(renderMessage(m('no.such.code'), catalog)).toBe('no.such.code');
    expect(renderMessage(m('greet', { card: 'A100' }), catalog)).toBe('fits A100 with {{free:1}} GiB free');
  });
});

describe('the domain catalogs', () => {
  it('has every English code in Chinese and nothing extra', () => {
    const en = Object.keys(catalogs.en).sort();
    const zh = Object.keys(catalogs['zh-CN']).sort();
    expect(zh).toEqual(en);
  });

  it('uses the same placeholders in both languages', () => {
    const names = (template: string) => [...template.matchAll(/\{\{\s*([a-zA-Z0-9_]+)/g)].map((x) => x[1]).sort();
    const zh = catalogs['zh-CN'] as Record<string, string>;
    for (const [code, template] of Object.entries(catalogs.en as Record<string, string>)) {
      expect(names(zh[code]!), code).toEqual(names(template));
    }
  });
});
