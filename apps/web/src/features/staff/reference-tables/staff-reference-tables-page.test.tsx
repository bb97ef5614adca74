import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReferenceTablesResponse } from '@passerelle/contract/reference-tables';
import { describe, expect, it } from 'vitest';
import { setUpScreenTests } from '../../../test/screen-tests';
import { jsonResponse, stubApi } from '../../../test/api-stub';
import { renderRoutes } from '../../../test/render';
import { Component as StaffReferenceTablesPage } from './staff-reference-tables-page';

const tables: ReferenceTablesResponse = [
  { name: 'idcc', source: 'Légifrance (KALI)', sourceDate: '2024-11-12', rowCount: 786, loadedAt: '2026-11-29T08:00:00.000Z', loadedBy: null, shipped: true },
  { name: 'idcc-opco', source: 'Outil CERFA', sourceDate: '2024-11-12', rowCount: 330, loadedAt: '2026-11-29T08:00:00.000Z', loadedBy: null, shipped: true },
  { name: 'naf', source: 'INSEE, NAF rév. 2', sourceDate: '2026-04-07', rowCount: 732, loadedAt: '2026-11-29T08:00:00.000Z', loadedBy: null, shipped: true },
  { name: 'postcodes', source: 'La Poste', sourceDate: '2026-03-09', rowCount: 35_539, loadedAt: '2026-11-29T08:00:00.000Z', loadedBy: null, shipped: true },
];

setUpScreenTests(['staff-reference-tables']);

const renderPage = () =>
  renderRoutes([{ path: '/gestion/parametres/tables', element: <StaffReferenceTablesPage /> }], '/gestion/parametres/tables');

describe('StaffReferenceTablesPage', () => {
  it('shows each table with its source, the date of its data and its rows', async () => {
    stubApi({ '/api/staff/settings/reference-tables': tables }, () => jsonResponse(500, {}));
    renderPage();
    const postcodes = await screen.findByRole('region', { name: 'Codes postaux et communes' });
    expect(postcodes).toHaveTextContent('La Poste');
    expect(postcodes).toHaveTextContent('09/03/2026');
    expect(postcodes).toHaveTextContent(/35\s539 lignes/);
    expect(postcodes).toHaveTextContent('version livrée avec le portail');
    expect(screen.getAllByRole('region')).toHaveLength(4);
  });

  it('asks for the file, the source and the date, puts the server’s refusal under the file, then replaces the table', async () => {
    const replaced = tables.map((table) =>
      table.name === 'naf' ? { ...table, source: 'INSEE 2027', sourceDate: '2026-12-01', rowCount: 740, shipped: false, loadedBy: 'Ada Admin' } : table,
    );
    let attempt = 0;
    const calls = stubApi({ '/api/staff/settings/reference-tables': tables }, () => {
      attempt += 1;
      return attempt === 1
        ? jsonResponse(400, { code: 'VALIDATION_FAILED', message: 'x', errors: { file: ['Ligne 3 : « 99.99 » n’est pas une sous-classe NAF (comme 62.01Z).'] } })
        : jsonResponse(200, replaced);
    });
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Charger une version : Codes NAF (rév. 2)' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nouvelle version : Codes NAF (rév. 2)' });
    await user.click(within(dialog).getByRole('button', { name: 'Remplacer la table' }));
    expect(within(dialog).getByText('Choisissez le fichier CSV de la table.')).toBeInTheDocument();
    expect(within(dialog).getByLabelText(/^Source/)).toHaveAccessibleDescription('Indiquez d’où viennent ces lignes (au moins 3 caractères).');
    expect(calls).toEqual([]);

    const input = dialog.querySelector<HTMLInputElement>('input[type="file"]');
    if (!input) throw new Error('no file input');
    await user.upload(input, new File(['code;libelle\n62.01Z;Programmation'], 'naf.csv', { type: 'text/csv' }));
    expect(within(dialog).getByText('Fichier choisi : naf.csv')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText(/^Source/), 'INSEE 2027');
    await user.type(within(dialog).getByLabelText(/^Date des données/), '2026-12-01');
    await user.click(within(dialog).getByRole('button', { name: 'Remplacer la table' }));
    expect(await within(dialog).findByText('Ligne 3 : « 99.99 » n’est pas une sous-classe NAF (comme 62.01Z).')).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Remplacer la table' }));
    expect(await screen.findByText('La table « Codes NAF (rév. 2) » a été remplacée : 740 lignes.')).toBeInTheDocument();
    expect(calls.map((call) => [call.method, call.path])).toEqual([
      ['PUT', '/api/staff/settings/reference-tables/naf'],
      ['PUT', '/api/staff/settings/reference-tables/naf'],
    ]);
    expect(screen.getByRole('region', { name: 'Codes NAF (rév. 2)' })).toHaveTextContent('par Ada Admin');
  });
});
