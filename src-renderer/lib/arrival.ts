// Set by the first route change after the document loaded (the page's links, the menu, Back).
let movedWithinApp = false;

/** Starts watching for route changes; main.tsx calls it before the first page (a lazy chunk) loads. */
export function trackArrivals(): void {
  window.addEventListener('hashchange', () => (movedWithinApp = true), { once: true });
}

/**
 * Whether the page now shown was reached from another page of the app, rather than by loading
 * the document (a reload, a pasted link): a page may then move focus to its heading, while a
 * fresh load leaves Tab to start at the skip link.
 */
export function arrivedFromAnotherPage(): boolean {
  return movedWithinApp;
}
