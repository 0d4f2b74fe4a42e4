/** A navigation Electron is about to make; `preventDefault` stops it. */
export interface NavigationEventLike {
  url: string;
  preventDefault(): void;
}

/** The part of a WebContents the guard listens to (main.ts passes every one Electron creates). */
export interface GuardedContents {
  on(event: NavigationEventName, listener: (event: NavigationEventLike) => void): unknown;
  on(event: 'will-attach-webview', listener: (event: { preventDefault(): void }) => void): unknown;
  setWindowOpenHandler(handler: (details: { url: string }) => { action: 'deny' }): void;
}

/** Every way a page can be moved elsewhere: a link or script, a server redirect, any frame's navigation. */
export const NAVIGATION_EVENTS = ['will-navigate', 'will-redirect', 'will-frame-navigate'] as const;
export type NavigationEventName = (typeof NAVIGATION_EVENTS)[number];

/**
 * Keeps a WebContents on our own page: navigations, redirects and frame navigations to any
 * other URL are stopped, no <webview> may attach, and no window opens; a vetted https link
 * goes to the system browser instead.
 */
export function guardContents(
  contents: GuardedContents,
  rules: {
    isTrusted: (url: string) => boolean;
    isExternal: (url: string) => boolean;
    openExternal: (url: string) => void;
  },
): void {
  for (const name of NAVIGATION_EVENTS) {
    contents.on(name, (event) => {
      if (!rules.isTrusted(event.url)) event.preventDefault();
    });
  }
  contents.on('will-attach-webview', (event) => event.preventDefault());
  contents.setWindowOpenHandler(({ url }) => {
    if (rules.isExternal(url)) rules.openExternal(url);
    return { action: 'deny' };
  });
}
