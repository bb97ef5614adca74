import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { setUpScreenTests } from '../../../test/screen-tests';
import { jsonResponse, stubApi } from '../../../test/api-stub';
import { renderRoutes } from '../../../test/render';
import type { SmicRow } from './api/smic';
import { Component as StaffReferencesPage } from './staff-references-page';

const rows: SmicRow[] = [
  {
    validFrom: '2024-01-01',
    monthly: 1766.92,
    hourly: 11.65,
    mayotte: { monthly: 1334.67, hourly: 8.8 },
    updatedAt: null,
  },
  {
    validFrom: '2024-11-01',
    monthly: 1801.8,
    hourly: 11.88,
    mayotte: { monthly: 1361.97, hourly: 8.98 },
    updatedAt: null,
  },
];
const added: SmicRow = {
  validFrom: '2026-06-01',
  monthly: 1867.02,
  hourly: 12.31,
  updatedAt: '2026-11-25T10:00:00.000Z',
};

const fresh = { latestValidFrom: '2026-01-01', stale: false, staleAfterMonths: 12 };

setUpScreenTests(['staff-references']);

const renderPage = () =>
  renderRoutes([{ path: '/gestion/references', element: <StaffReferencesPage /> }], '/gestion/references');

describe('StaffReferencesPage', () => {
  it('lists the SMIC values newest first, and the rules’ fixed values with their source', async () => {
    stubApi({ '/api/staff/smic': rows, '/api/staff/smic/freshness': fresh }, () => jsonResponse(500, {}));
    renderPage();
    const table = await screen.findByRole('table', { name: 'Valeurs du SMIC, la plus récente en premier' });
    expect(screen.queryByRole('alert')).toBeNull();
    const [, first, second] = within(table).getAllByRole('row');
    expect(first).toHaveTextContent('01/11/2024');
    expect(first).toHaveTextContent(/1\s801,80\s€/);
    expect(second).toHaveTextContent('01/01/2024');
    const fixed = screen.getByRole('list', { name: 'Valeurs fixées par la réglementation' });
    const firstValue = within(fixed).getAllByRole('listitem')[0];
    expect(firstValue).toHaveTextContent(
      /^Apprentissage, année 1 du contrat27\s% · 43\s% · 53\s% · 100\s%Source : code du travail, art\. D6222-26$/,
    );
    // Sources a coordinator can check: the law or the CFA's own rule, never a file of the portal's code.
    expect(fixed).not.toHaveTextContent(/packages\/|\.ts\b|DOMAIN|SPEC/);
    expect(within(fixed).getByText('40 heures')).toBeInTheDocument();
  });

  it('lists the values with their labels on a phone, where the six columns would not fit', async () => {
    // Every media query matches: MUI's `down('sm')`, a phone's width.
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: true,
      media: query,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
    }));
    stubApi({ '/api/staff/smic': rows, '/api/staff/smic/freshness': fresh }, () => jsonResponse(500, {}));
    renderPage();
    const list = await screen.findByRole('list', { name: 'Valeurs du SMIC, la plus récente en premier' });
    expect(screen.queryByRole('table')).toBeNull();
    const [first, second] = within(list).getAllByRole('listitem');
    expect(first).toHaveTextContent(/^En vigueur le 01\/11\/2024Mensuel brut \(35 h\), en €1\s801,80\s€/);
    expect(within(list).getAllByText('Mayotte (mensuel / horaire)')).toHaveLength(2);
    expect(second).toHaveTextContent(/^En vigueur le 01\/01\/2024/);
  });

  it('checks a new value before sending it, then shows it in the table', async () => {
    const calls = stubApi({ '/api/staff/smic': rows, '/api/staff/smic/freshness': fresh }, () => jsonResponse(200, [...rows, added]));
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Ajouter une valeur' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ajouter une valeur du SMIC' });
    await user.click(within(dialog).getByRole('button', { name: 'Enregistrer la valeur' }));
    expect(within(dialog).getByLabelText(/^Mensuel brut/)).toHaveAccessibleDescription('Ce champ est obligatoire.');

    await user.type(within(dialog).getByLabelText(/^En vigueur le/), '2026-06-01');
    await user.type(within(dialog).getByLabelText(/^Mensuel brut/), '1867.02');
    await user.type(within(dialog).getByLabelText(/^Horaire brut/), '12.31');
    expect(within(dialog).getByLabelText(/^Texte qui fixe la valeur/)).toHaveAccessibleDescription(
      'Indiquez le texte qui fixe cette valeur (décret ou arrêté et sa date de publication), en 3 à 300 caractères.',
    );
    await user.type(within(dialog).getByLabelText(/^Texte qui fixe la valeur/), 'Arrêté du 28 mai 2026, JO du 29/05/2026');
    await user.type(within(dialog).getByLabelText('Mayotte : mensuel brut, en €'), '1400');
    await user.click(within(dialog).getByRole('button', { name: 'Enregistrer la valeur' }));
    expect(within(dialog).getByLabelText('Mayotte : horaire brut, en €')).toHaveAccessibleDescription(
      'Saisissez les deux montants de Mayotte, mensuel et horaire, ou aucun des deux.',
    );
    expect(calls).toEqual([]);

    await user.clear(within(dialog).getByLabelText('Mayotte : mensuel brut, en €'));
    await user.click(within(dialog).getByRole('button', { name: 'Enregistrer la valeur' }));
    expect(await screen.findByText('La valeur du SMIC en vigueur le 01/06/2026 est enregistrée.')).toBeInTheDocument();
    expect(calls).toEqual([
      {
        method: 'PUT',
        path: '/api/staff/smic',
        body: { validFrom: '2026-06-01', monthly: 1867.02, hourly: 12.31, source: 'Arrêté du 28 mai 2026, JO du 29/05/2026' },
      },
    ]);
    const table = await screen.findByRole('table');
    expect(within(table).getAllByRole('row')[1]).toHaveTextContent('01/06/2026');
    expect(within(table).getAllByRole('row')[1]).toHaveTextContent('Ajoutée le 25/11/2026');
  });

  it('warns when the latest SMIC value is more than 12 months old (issue 28)', async () => {
    stubApi(
      { '/api/staff/smic': rows, '/api/staff/smic/freshness': { latestValidFrom: '2024-11-01', stale: true, staleAfterMonths: 12 } },
      () => jsonResponse(500, {}),
    );
    renderPage();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      /La dernière valeur du SMIC date du 01\/11\/2024, il y a plus de 12 mois/,
    );
  });
});
