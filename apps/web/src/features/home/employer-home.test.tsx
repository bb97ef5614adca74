import { i18n, initI18n } from '../../lib/i18n';
import { renderRoutes } from '../../test/render';
import { requestUrl } from '../../test/request-url';
import type { EmployerDossier } from '@passerelle/contract';
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import fr from '../../locales/fr-FR/employer.json';
import { EmployerHome } from './employer-home';

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

function dossier(overrides: Partial<EmployerDossier>): EmployerDossier {
  return {
    id: 1,
    dossierName: null,
    applicant: { prenom: 'Lucas', nom: 'Bernard' },
    formation: { libelle: 'Cycle ingénieur', school: 'ESILV' },
    dossierStatut: 3,
    etapeStatus: [],
    waitingFor: { action: 'firstContactReview', actor: 'staff', to: null },
    missions: { open: false, to: null },
    dossierCerfa: null,
    dossierCerfaAvenant: null,
    dossierLastUpdate: '2026-11-20T09:30:00.000Z',
    ...overrides,
  };
}

const dossiers: EmployerDossier[] = [
  dossier({
    id: 4,
    applicant: { prenom: 'Camille', nom: 'Martin' },
    dossierStatut: 5,
    waitingFor: { action: 'fundingValidation', actor: 'company', to: '/employeur/validation-financement/4' },
    missions: { open: true, to: '/employeur/modification-missions/4' },
  }),
  dossier({ id: 5, missions: { open: true, to: '/employeur/modification-missions/5' } }),
  dossier({ id: 6, applicant: { prenom: 'Noah', nom: 'Simon' }, dossierStatut: 8, waitingFor: { action: 'none', actor: 'none', to: null } }),
];

beforeAll(async () => {
  await initI18n();
  await i18n.changeLanguage('fr-FR');
  await i18n.loadNamespaces(['common', 'employer']);
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('EmployerHome', () => {
  it('offers the missions clarification on each case where it is open, beside what the case waits for', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) =>
        requestUrl(input) === '/api/employeurs/dossiers' ? json(200, dossiers) : json(404, { code: 'NOT_FOUND', message: 'Not found' }),
      ),
    );
    renderRoutes([{ path: '/', element: <EmployerHome user={{ userType: 'company', prenom: 'Marc', nom: 'Lambert', mail: 'marc@example.test' }} /> }]);
    const cards = await screen.findAllByRole('article');
    expect(cards).toHaveLength(3);
    const [camille, lucas, noah] = cards.map((card) => within(card));

    expect(camille?.getByRole('link', { name: fr.actions.fundingValidation })).toHaveAttribute('href', '/employeur/validation-financement/4');
    const missions = camille?.getByRole('link', { name: fr.actions.missions });
    expect(missions).toHaveAttribute('href', '/employeur/modification-missions/4');
    // Every card has a link of that name: each one says whose case it is.
    expect(missions).toHaveAccessibleDescription('Camille Martin');

    // Not the company's turn, yet the missions stay open to it.
    expect(lucas?.getByText(fr.waiting.staff.firstContactReview)).toBeInTheDocument();
    expect(lucas?.getAllByRole('link').map((link) => link.getAttribute('href'))).toEqual(['/employeur/modification-missions/5']);

    expect(noah?.queryAllByRole('link')).toEqual([]);
  });
  it('says where a signed, terminating or terminated contract stands, and offers its signed documents', async () => {
    const closed: EmployerDossier[] = [
      dossier({
        id: 10,
        applicant: { prenom: 'Jules', nom: 'Petit' },
        dossierName: 'Capgemini — Data analyst',
        dossierStatut: 11,
        waitingFor: { action: 'none', actor: 'none', to: null },
        dossierCerfa: '/api/files/cerfa-10',
        dossierCerfaAvenant: '/api/files/avenant-10',
      }),
      dossier({ id: 12, applicant: { prenom: 'Sarah', nom: 'Roux' }, dossierStatut: 12, waitingFor: { action: 'none', actor: 'none', to: null }, dossierCerfa: '/api/files/cerfa-12' }),
      dossier({ id: 13, applicant: { prenom: 'Sarah', nom: 'Roux' }, dossierStatut: 13, waitingFor: { action: 'none', actor: 'none', to: null } }),
    ];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) =>
        requestUrl(input) === '/api/employeurs/dossiers' ? json(200, closed) : json(404, { code: 'NOT_FOUND', message: 'Not found' }),
      ),
    );
    renderRoutes([{ path: '/', element: <EmployerHome user={{ userType: 'company', prenom: 'Marc', nom: 'Lambert', mail: 'marc@example.test' }} /> }]);
    const cards = await screen.findAllByRole('article');
    const [signed, breaking, broken] = cards.map((card) => within(card));

    expect(screen.queryByText(fr.waiting.none.none)).not.toBeInTheDocument();
    expect(signed?.getByText(fr.closed.accepted)).toBeInTheDocument();
    expect(signed?.getByText(fr.badges.accepted)).toBeInTheDocument();
    expect(signed?.getByText('Capgemini — Data analyst')).toBeInTheDocument();
    expect(signed?.getByRole('button', { name: fr.documents.cerfa })).toHaveAccessibleDescription('Jules Petit');
    expect(signed?.getByRole('button', { name: fr.documents.addendum })).toBeInTheDocument();

    expect(breaking?.getByText(fr.closed.breaking)).toBeInTheDocument();
    expect(breaking?.getByText(fr.badges.breaking)).toBeInTheDocument();
    expect(breaking?.getByRole('button', { name: fr.documents.cerfa })).toBeInTheDocument();
    expect(breaking?.queryByRole('button', { name: fr.documents.addendum })).not.toBeInTheDocument();

    expect(broken?.getByText(fr.closed.broken)).toBeInTheDocument();
    expect(broken?.getByText(fr.badges.broken)).toBeInTheDocument();
    expect(broken?.queryAllByRole('button')).toEqual([]);
  });
  it('sends nobody to the signature screen before it exists, and says how the contract reaches the signatory', async () => {
    const signing = dossier({ id: 12, dossierStatut: 7, waitingFor: { action: 'signature', actor: 'company', to: '/signature/12' } });
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) =>
        requestUrl(input) === '/api/employeurs/dossiers' ? json(200, [signing]) : json(404, { code: 'NOT_FOUND', message: 'Not found' }),
      ),
    );
    renderRoutes([{ path: '/', element: <EmployerHome user={{ userType: 'company', prenom: 'Marc', nom: 'Lambert', mail: 'marc@example.test' }} /> }]);
    const card = within(await screen.findByRole('article'));
    expect(card.getByText(fr.waiting.company.signature)).toBeInTheDocument();
    expect(card.getByText(fr.signatureHelp)).toBeInTheDocument();
    expect(card.queryAllByRole('link')).toEqual([]);
  });
});
