import type { StaffWorkshop } from '@passerelle/contract/staff-workshops';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n, initI18n } from '../../../lib/i18n';
import { jsonResponse } from '../../../test/api-stub';
import { renderRoutes } from '../../../test/render';
import { requestUrl } from '../../../test/request-url';
import { ExportCasesButton } from './export-cases-button';
import { Component as StaffExportsPage } from './staff-exports-page';

const workshop = (id: number, title: string, registered: number): StaffWorkshop => ({
  id,
  school: { id: 1, code: 'ESILV', name: 'ESILV' },
  title,
  date: '2026-12-03',
  startHour: '10:00',
  endHour: '12:00',
  quota: 20,
  registrationOpensAt: null,
  registrationClosesAt: null,
  registered,
});

/** The API as the screen meets it: the workshops, and the CSV files it downloads (their addresses are kept). */
function serve() {
  const downloads: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = new URL(requestUrl(input), 'http://localhost');
      if (url.pathname === '/api/staff/workshops')
        return jsonResponse(200, { workshops: [workshop(7, 'CV et lettre', 0), workshop(8, 'Entretien', 12)] });
      downloads.push(url.pathname + url.search);
      return new Response('\uFEFFNom;Prénom\r\n', { headers: { 'Content-Type': 'text/csv; charset=utf-8' } });
    }),
  );
  return downloads;
}

const saved: string[] = [];
beforeAll(async () => {
  await initI18n();
  await i18n.changeLanguage('fr-FR');
  await i18n.loadNamespaces(['common', 'staff-exports']);
});
beforeEach(() => {
  saved.length = 0;
  URL.createObjectURL = vi.fn(() => 'blob:csv');
  URL.revokeObjectURL = vi.fn();
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push(this.download);
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('StaffExportsPage', () => {
  it('downloads the chosen workshop’s registrants, the employer search and every case', async () => {
    const downloads = serve();
    const user = userEvent.setup();
    renderRoutes([{ path: '/gestion/exports', element: <StaffExportsPage /> }], '/gestion/exports');
    const registrants = await screen.findByRole('region', { name: 'Inscrits à un atelier' });
    await user.click(await within(registrants).findByRole('combobox', { name: 'Atelier' }));
    await user.click(await screen.findByRole('option', { name: '03/12/2026 · Entretien · ESILV (12 inscrits)' }));
    await user.click(within(registrants).getByRole('button', { name: 'Télécharger le fichier CSV' }));
    await waitFor(() => expect(saved).toEqual(['inscrits-atelier-8.csv']));

    const tracking = screen.getByRole('region', { name: "Recherche d'entreprise par école et formation" });
    expect(within(tracking).getByText('Des totaux seulement : ni nom, ni entreprise, ni contact.')).toBeInTheDocument();
    await user.click(within(tracking).getByRole('button', { name: 'Télécharger le fichier CSV' }));
    await waitFor(() => expect(saved).toHaveLength(2));

    const cases = screen.getByRole('region', { name: 'Dossiers des alternants' });
    expect(within(cases).getByRole('link', { name: 'Ouvrir le tableau des dossiers' })).toHaveAttribute(
      'href',
      '/gestion',
    );
    await user.click(within(cases).getByRole('button', { name: 'Exporter tous les dossiers' }));
    await waitFor(() => expect(saved).toHaveLength(3));
    expect(downloads).toEqual([
      '/api/staff/exports/registrants.csv?workshop=8',
      '/api/staff/exports/tracking.csv',
      '/api/staff/exports/dossiers.csv',
    ]);
    expect(saved).toEqual(['inscrits-atelier-8.csv', 'recherche-entreprise.csv', 'dossiers.csv']);
  });

  it('exports the cases under the filters it is given, and says so when the download fails', async () => {
    const downloads = serve();
    const user = userEvent.setup();
    renderRoutes([{ path: '/', element: <ExportCasesButton query={{ statut: [3, 4], school: 'ESILV', page: 2 }} /> }]);
    await user.click(await screen.findByRole('button', { name: 'Exporter en CSV' }));
    await waitFor(() => expect(saved).toEqual(['dossiers.csv']));
    expect(downloads).toEqual(['/api/staff/exports/dossiers.csv?statut=3&statut=4&school=ESILV&page=2']);

    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse(403, { code: 'FORBIDDEN', message: 'x', errors: {} })),
    );
    await user.click(screen.getByRole('button', { name: 'Exporter en CSV' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/\S/);
  });
});
