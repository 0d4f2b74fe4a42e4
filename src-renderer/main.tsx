import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { initI18n } from './i18n';
import { initApi } from './lib/api';
import { trackArrivals } from './lib/arrival';
import { installPerfMarks } from './lib/perf-marks';
import { prefetchChannel, queryClient } from './lib/queries';
import { routeOf } from './lib/use-hash-route';
import { PAGES, pageOf } from './routes';
import './styles.css';

// Take the token out of the address bar before anything renders.
initApi();
// Input-to-paint and first-paint marks for `npm run bench` (a few observers, no cost to speak of).
installPerfMarks();
trackArrivals();

// What the first paint waits for, all asked at once rather than one after another: the language's
// strings (first: the render itself waits for them), the chunk of the page the address names, the
// settings the window reads and the catalog every page reads (lib/catalog.ts).
const strings = initI18n();
const firstPage = pageOf(routeOf(window.location.hash, PAGES[0]!.id))
  .load()
  .catch(() => undefined); // A chunk that fails to load fails again in React.lazy, which shows it.
prefetchChannel('settings:get');
prefetchChannel('cards:list');
prefetchChannel('models:list');
prefetchChannel('offers:list');

// The first render waits for the language's strings (one small chunk), so no key ever shows, and for the page's
// chunk: a page that suspends in its first render is revealed no sooner than 300 ms after its fallback showed
// (React 19's FALLBACK_THROTTLE_MS; routes.ts), and the strings often came a few ms before the chunk.
void Promise.all([strings, firstPage]).then(() => {
  const root = document.getElementById('root');
  if (!root) return;
  createRoot(root).render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <App />
      </QueryClientProvider>
    </StrictMode>,
  );
});
