import type { CerfaParams } from '@passerelle/contract';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { i18n, initI18n } from '../../../lib/i18n';
import { renderRoutes } from '../../../test/render';
import { requestUrl } from '../../../test/request-url';
import { FormationSummary } from './formation-summary';

const params: CerfaParams = {
  dossierId: 5,
  contractType: 'APP',
  formation: {
    libelle: 'Cycle ingénieur — Data et IA',
    school: 'ESILV',
    trainingStart: '2026-09-01',
    trainingEnd: '2028-08-31',
    proStartAfter: null,
    proEndBefore: null,
    rncp: null,
    rncpEndDate: null,
    codeDiplome: null,
    hours: 1200,
  },
};

beforeAll(async () => {
  await initI18n();
  await i18n.changeLanguage('fr-FR');
  await i18n.loadNamespaces(['common', 'sheets']);
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('FormationSummary', () => {
  it('fetches the dossier’s CERFA parameters (SPEC 7) and shows their training', async () => {
    const fetchMock = vi.fn(async (input: RequestInfo | URL) =>
      requestUrl(input) === '/api/admissibles/cerfa_params/5'
        ? new Response(JSON.stringify(params), { status: 200, headers: { 'Content-Type': 'application/json' } })
        : new Response('{}', { status: 404 }),
    );
    vi.stubGlobal('fetch', fetchMock);
    renderRoutes([{ path: '/admissible/fiche-renseignement/:id', element: <FormationSummary formation={null} /> }], '/admissible/fiche-renseignement/5');
    expect(await screen.findByText('Cycle ingénieur — Data et IA')).toBeInTheDocument();
    expect(screen.getByText(/01\/09\/2026/)).toBeInTheDocument();
    expect(fetchMock.mock.calls.map(([input]) => requestUrl(input))).toContain('/api/admissibles/cerfa_params/5');
  });
});
