import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { AppProviders, history } from './app/providers';
import { preloadRouteNamespaces } from './app/route-namespaces';
import { routes } from './app/router';
import { initI18n } from './lib/i18n';
import { captureLinkToken } from './lib/pending-link';

captureLinkToken();

const common = initI18n();
// The first screen's texts load now, while the startup waits for the common ones.
preloadRouteNamespaces(routes, history);

void common.then(() => {
  const root = document.getElementById('root');
  if (!root) throw new Error('#root missing');
  // A transition: React renders the first screen in slices of a few milliseconds, yielding to the browser between
  // them, rather than in one long task that holds a phone's main thread (Lighthouse's total blocking time, issue 13).
  startTransition(() => {
    createRoot(root).render(
      <StrictMode>
        <AppProviders />
      </StrictMode>,
    );
  });
});
