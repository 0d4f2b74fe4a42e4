import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { initI18n } from './i18n';
import { initApi } from './lib/api';
import { trackArrivals } from './lib/arrival';
import { installPerfMarks } from './lib/perf-marks';
import { queryClient } from './lib/queries';
import './styles.css';

// Take the token out of the address bar before anything renders.
initApi();
// Input-to-paint and first-paint marks for `npm run bench` (a few observers, no cost to speak of).
installPerfMarks();
trackArrivals();

// The first render waits for the language's strings (one small chunk), so no key ever shows.
void initI18n().then(() => {
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
