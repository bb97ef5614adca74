import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppProviders, history } from './app/providers';
import { prepareScreenAt } from './app/route-namespaces';
import { routes } from './app/router';
import { initI18n } from './lib/i18n';
import { captureLinkToken } from './lib/pending-link';

captureLinkToken();

const common = initI18n();
// The first screen's code and texts download now, while the startup waits for the common texts.
void prepareScreenAt(routes, history.location.pathname);

void common.then(() => {
  const root = document.getElementById('root');
  if (!root) throw new Error('#root missing');
  createRoot(root).render(
    <StrictMode>
      <AppProviders />
    </StrictMode>,
  );
});
