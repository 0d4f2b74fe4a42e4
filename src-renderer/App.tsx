import { Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Settings } from '../src-main/ipc/contract';
import { ErrorBanner, type BannerError } from './components/ErrorBanner';
import { Sidebar } from './components/Sidebar';
import { browserLanguage, changeLanguage as switchLanguage, type Language } from './i18n';
import { AppContext, DEFAULT_SETTINGS, type PageState } from './lib/app-context';
import { onMenuCommand } from './lib/desktop';
import { errorMessage } from './lib/messages';
import { channelKey, invalidateChannels, queryClient, send, useChannel } from './lib/queries';
import { pageHref, useHashRoute } from './lib/use-hash-route';
import { requestRunsAction } from './pages/runs/runs-actions';
import { PAGES, pageOf, preloadPages } from './routes';

let nextErrorId = 1;

/** The window: sidebar, error banner and the current page. */
export function App() {
  const { t } = useTranslation();
  const saved = useChannel('settings:get');
  const settings: Settings = saved.data ?? DEFAULT_SETTINGS;
  const [errors, setErrors] = useState<BannerError[]>([]);
  const route = useHashRoute(PAGES[0]!.id);
  const page = pageOf(route);
  // Kept per page, so a page just opened never inherits the last page's "ready".
  const [marker, setMarker] = useState<{ page: string; state: PageState }>({ page: page.id, state: 'loading' });
  const pageState = marker.page === page.id ? marker.state : 'loading';
  const content = useRef<HTMLElement>(null);
  // The other pages' chunks, once this one is on screen.
  useEffect(() => {
    if (pageState === 'ready') preloadPages();
  }, [pageState]);

  const reportError = useCallback((error: unknown) => {
    const message = errorMessage(error);
    const same = JSON.stringify(message);
    // The same failure from several calls (e.g. a wrong token) shows once.
    setErrors((list) =>
      list.some((e) => JSON.stringify(e.message) === same) ? list : [...list, { id: nextErrorId++, message }],
    );
  }, []);

  const savedLanguage = saved.data?.language;
  useEffect(() => {
    if (savedLanguage) void switchLanguage(savedLanguage);
  }, [savedLanguage]);
  // Settings that cannot be read leave the defaults in place and say why in the banner.
  useEffect(
    () =>
      queryClient.getQueryCache().subscribe((event) => {
        if (event.type === 'updated' && event.action.type === 'error' && event.query.queryKey[0] === 'settings:get') {
          reportError(event.action.error);
        }
      }),
    [reportError],
  );

  // The desktop app menu: it saved a language itself; the rest are pages to open.
  useEffect(
    () =>
      onMenuCommand((command) => {
        if (command.command === 'language') {
          void switchLanguage(command.language);
          void invalidateChannels(['settings:get']);
        } else if (command.command === 'guide') {
          window.location.hash = pageHref('guide');
        } else {
          window.location.hash = pageHref('runs');
          requestRunsAction(command.command === 'import-runs' ? 'import' : 'export');
        }
      }),
    [],
  );

  const changeLanguage = useCallback(
    (language: Language) => {
      void switchLanguage(language);
      queryClient.setQueryData<Settings>(channelKey('settings:get', undefined), (current) =>
        current ? { ...current, language } : current,
      );
      send('settings:set', { language }).catch(reportError);
    },
    [reportError],
  );

  const context = useMemo(
    () => ({ settings, reportError, setPageState: (state: PageState) => setMarker({ page: page.id, state }) }),
    [settings, reportError, page.id],
  );
  const Page = page.component;
  // One element per page: the page-ready marker changes on every input of a page (loading, then
  // ready), and a new element there would re-render the whole page twice per input for nothing.
  const pageElement = useMemo(() => <Page key={page.id} />, [Page, page.id]);

  return (
    <AppContext.Provider value={context}>
      <div className="app">
        {/* The first stop of Tab. Not href="#…": the fragment is the page's route. */}
        <a
          className="skip-link"
          href="#"
          onClick={(event) => {
            event.preventDefault();
            content.current?.focus();
          }}
        >
          {t('app.skipToContent')}
        </a>
        <Sidebar
          pages={PAGES}
          current={page.id}
          language={settings.language ?? browserLanguage()}
          onLanguage={changeLanguage}
        />
        {/* Focusable: it is the page's scroll region (the arrow keys scroll it) and the skip link's target. */}
        <main ref={content} className="content" data-state={pageState} aria-labelledby="page-title" tabIndex={0}>
          <ErrorBanner errors={errors} onDismiss={(id) => setErrors((list) => list.filter((e) => e.id !== id))} />
          <h1 id="page-title" className="page-title">
            {t(page.labelKey)}
          </h1>
          {/* Each page is its own chunk (routes.ts): the first paint waits for the page shown, not all seven. */}
          <Suspense fallback={null}>{pageElement}</Suspense>
        </main>
      </div>
    </AppContext.Provider>
  );
}
