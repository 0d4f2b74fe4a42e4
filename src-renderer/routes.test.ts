import { createElement, Suspense, type ComponentType } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { lazyPage } from './routes';

const Loaded: ComponentType = () => createElement('p', null, 'the page');
const inSuspense = (component: ComponentType) =>
  renderToString(createElement(Suspense, { fallback: 'waiting' }, createElement(component)));

describe('lazyPage', () => {
  it('suspends on a chunk not loaded yet', () => {
    const page = lazyPage('x', 'nav.x', () => new Promise<ComponentType>(() => {}));
    expect(inSuspense(page.component)).toContain('waiting');
  });

  it('renders a page whose chunk is in at once, where React.lazy would suspend its first render', async () => {
    const page = lazyPage('x', 'nav.x', () => Promise.resolve(Loaded));
    await page.load();
    const html = inSuspense(page.component);
    expect(html).toContain('the page');
    expect(html).not.toContain('waiting');
  });

  it('fetches the chunk once, however often it is asked', async () => {
    let fetches = 0;
    const page = lazyPage('x', 'nav.x', () => {
      fetches++;
      return Promise.resolve(Loaded);
    });
    await Promise.all([page.load(), page.load()]);
    await page.load();
    expect(fetches).toBe(1);
  });

  it('asks again for a chunk whose download failed', async () => {
    let fetches = 0;
    const page = lazyPage('x', 'nav.x', () =>
      ++fetches === 1 ? Promise.reject(new Error('offline')) : Promise.resolve(Loaded),
    );
    await expect(page.load()).rejects.toThrow('offline');
    await expect(page.load()).resolves.toEqual({ default: Loaded });
    expect(fetches).toBe(2);
  });
});
