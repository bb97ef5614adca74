import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router';
import { AppProviders } from './app/providers';
import { routes } from './app/router';
import { initI18n } from './lib/i18n';
import { captureLinkToken } from './lib/pending-link';

// Before the router reads the address: the personal link's token leaves it at once.
captureLinkToken();

const common = initI18n();
// The router starts loading the first screen (code, texts, first data) now, while the startup waits for the common texts.
const router = createBrowserRouter(routes);

void common.then(() => {
  const root = document.getElementById('root');
  if (!root) throw new Error('#root missing');
  const reactRoot = createRoot(root);
  // The first render is a transition: React renders it in slices of a few milliseconds, so the shell and the first
  // screen do not make one long task on a phone (issue 25: total blocking time); an update outside a transition would
  // render the whole tree at once.
  startTransition(() =>
    reactRoot.render(
      <StrictMode>
        <AppProviders router={router} />
      </StrictMode>,
    ),
  );
});
