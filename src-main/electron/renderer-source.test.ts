import { describe, expect, it } from 'vitest';
import { APP_INDEX_URL } from './app-protocol';
import { rendererSource } from './renderer-source';

const dev = { ELECTRON_RENDERER_URL: 'http://localhost:5173/' };
const bundle = { kind: 'bundle', url: APP_INDEX_URL };

describe('rendererSource', () => {
  it('loads the dev server only in an unpackaged development build', () => {
    expect(rendererSource({ development: true, packaged: false }, dev)).toEqual({
      kind: 'dev-server',
      url: dev.ELECTRON_RENDERER_URL,
    });
    expect(rendererSource({ development: false, packaged: false }, dev)).toEqual(bundle);
    expect(rendererSource({ development: true, packaged: true }, dev)).toEqual(bundle);
    expect(rendererSource({ development: false, packaged: true }, dev)).toEqual(bundle);
    expect(rendererSource({ development: true, packaged: false }, {})).toEqual(bundle);
  });

  it('ignores a dev URL that is not a loopback web server', () => {
    for (const url of [
      'https://evil.example/',
      'file:///tmp/index.html',
      'http://user:pw@localhost:5173/',
      'javascript:1',
      '::',
    ]) {
      expect(rendererSource({ development: true, packaged: false }, { ELECTRON_RENDERER_URL: url }), url).toEqual(
        bundle,
      );
    }
  });
});
