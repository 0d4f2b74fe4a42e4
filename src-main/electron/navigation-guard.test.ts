import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import { guardContents, NAVIGATION_EVENTS, type GuardedContents } from './navigation-guard';
import { isAllowedExternalUrl, isTrustedRendererUrl } from './security';

const index = 'app://cardwise/index.html';

/** A WebContents stand-in: an EventEmitter with a window-open handler slot. */
function fakeContents() {
  const emitter = new EventEmitter();
  let openHandler: ((details: { url: string }) => { action: 'deny' }) | undefined;
  const contents = Object.assign(emitter, {
    setWindowOpenHandler: (handler: typeof openHandler) => void (openHandler = handler),
  }) as unknown as GuardedContents & EventEmitter;
  const opened: string[] = [];
  guardContents(contents, {
    isTrusted: (url) => isTrustedRendererUrl(url, index),
    isExternal: isAllowedExternalUrl,
    openExternal: (url) => opened.push(url),
  });
  /** Emits `name` for `url` and says whether the guard stopped it. */
  const attempt = (name: string, url: string) => {
    let stopped = false;
    emitter.emit(name, { url, preventDefault: () => (stopped = true) });
    return stopped;
  };
  return { attempt, open: (url: string) => openHandler!({ url }), opened };
}

describe('guardContents', () => {
  it('stops navigations, redirects and frame navigations that leave our page', () => {
    const { attempt } = fakeContents();
    for (const name of NAVIGATION_EVENTS) {
      for (const url of ['https://evil.example/', 'file:///etc/passwd', 'app://cardwise/other.html', 'about:blank']) {
        expect(attempt(name, url), `${name} ${url}`).toBe(true);
      }
      expect(attempt(name, index + '#/runs'), name).toBe(false);
    }
  });

  it('refuses every <webview>', () => {
    const { attempt } = fakeContents();
    expect(attempt('will-attach-webview', index)).toBe(true);
  });

  it('opens no window; vetted https links go to the system browser, others nowhere', () => {
    const { open, opened } = fakeContents();
    expect(open('https://arxiv.org/abs/2305.14314')).toEqual({ action: 'deny' });
    expect(open('https://evil.example/')).toEqual({ action: 'deny' });
    expect(open(index)).toEqual({ action: 'deny' });
    expect(opened).toEqual(['https://arxiv.org/abs/2305.14314']);
  });
});
