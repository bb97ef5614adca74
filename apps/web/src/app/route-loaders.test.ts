import type { MeResponse } from '@passerelle/contract';
import { createMemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { authStore } from '../lib/auth-store';
import { initI18n } from '../lib/i18n';
import { queryClient } from '../lib/query-client';
import { requestUrl } from '../test/request-url';
import { routes } from './router';

const applicant: MeResponse = {
  mail: 'camille.martin@example.fr',
  prenom: 'Camille',
  nom: 'Martin',
  userType: 'admissible',
};

/** Answers every API call with an empty JSON body and records the paths asked for. */
function recordingFetch() {
  const paths: string[] = [];
  const fetchMock = vi.fn((input: RequestInfo | URL) => {
    const path = requestUrl(input);
    paths.push(path);
    const body = path === '/api/users/me' ? JSON.stringify(authStore.get().user) : '{}';
    return Promise.resolve(new Response(body, { status: 200, headers: { 'Content-Type': 'application/json' } }));
  });
  vi.stubGlobal('fetch', fetchMock);
  return paths;
}

/** The API paths asked for while the router prepares `path` (code, texts and loaders), once it is done. */
async function apiCallsFor(path: string, paths: string[]): Promise<string[]> {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  router.initialize();
  await new Promise<void>((resolve) => {
    const done = () => router.state.initialized && router.state.navigation.state === 'idle';
    if (done()) resolve();
    const stop = router.subscribe(() => {
      if (!done()) return;
      stop();
      resolve();
    });
  });
  router.dispose();
  return paths.filter((called) => called.startsWith('/api/')).sort();
}

beforeAll(async () => {
  await initI18n();
});

afterEach(() => {
  vi.unstubAllGlobals();
  authStore.clear();
  queryClient.clear();
});

describe('the data a screen asks for first, with its code', () => {
  it("asks for an applicant's account and the search's answers before the search shows", async () => {
    authStore.setToken('applicant-token');
    authStore.setUser(applicant);
    const paths = recordingFetch();
    expect(await apiCallsFor('/espace-admissible/recherche', paths)).toEqual([
      '/api/admissibles/portal/cms?lang=fr',
      '/api/admissibles/portal/infos',
      '/api/admissibles/portal/offers?page=1',
      '/api/admissibles/portal/partners',
      '/api/admissibles/portal/suiviRechercheEmployeur',
      '/api/users/me',
    ]);
  });

  it("asks for another account's user only, and for nothing without a session", async () => {
    authStore.setToken('employer-token');
    authStore.setUser({ ...applicant, userType: 'company' });
    const paths = recordingFetch();
    expect(await apiCallsFor('/espace-admissible/dossiers', paths)).toEqual(['/api/users/me']);

    authStore.clear();
    queryClient.clear();
    paths.length = 0;
    expect(await apiCallsFor('/espace-admissible/dossiers', paths)).toEqual([]);
    expect(await apiCallsFor('/', paths)).toEqual([]);
  });
});
