import type { MeResponse } from '@passerelle/contract';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { authStore } from '../lib/auth-store';
import { initI18n } from '../lib/i18n';
import { queryClient } from '../lib/query-client';
import { requestUrl } from '../test/request-url';
import { prepareScreenAt } from './route-namespaces';
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
    paths.push(requestUrl(input));
    return Promise.resolve(new Response('{}', { status: 200, headers: { 'Content-Type': 'application/json' } }));
  });
  vi.stubGlobal('fetch', fetchMock);
  return paths;
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
  it("asks for an applicant's account and the search's answers as the search's code downloads", () => {
    authStore.setToken('applicant-token');
    authStore.setUser(applicant);
    const paths = recordingFetch();
    void prepareScreenAt(routes, '/espace-admissible/recherche');
    expect(paths.filter((path) => path.startsWith('/api/')).sort()).toEqual([
      '/api/admissibles/portal/cms?lang=fr',
      '/api/admissibles/portal/infos',
      '/api/admissibles/portal/offers?page=1',
      '/api/admissibles/portal/partners',
      '/api/admissibles/portal/suiviRechercheEmployeur',
      '/api/users/me',
    ]);
  });

  it("asks for another account's user only, and for nothing without a session", () => {
    authStore.setToken('employer-token');
    authStore.setUser({ ...applicant, userType: 'company' });
    const paths = recordingFetch();
    void prepareScreenAt(routes, '/espace-admissible/dossiers');
    expect(paths.filter((path) => path.startsWith('/api/'))).toEqual(['/api/users/me']);

    authStore.clear();
    queryClient.clear();
    paths.length = 0;
    void prepareScreenAt(routes, '/espace-admissible/dossiers');
    void prepareScreenAt(routes, '/');
    expect(paths.filter((path) => path.startsWith('/api/'))).toEqual([]);
  });
});
