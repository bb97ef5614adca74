import type { StaffFormation, StaffSchool } from '@passerelle/contract/staff-formations';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { setUpScreenTests } from '../../../test/screen-tests';
import { renderRoutes } from '../../../test/render';
import { jsonResponse, stubApi, type StubbedCall } from '../../../test/api-stub';
import { Component as StaffFormationsPage } from './staff-formations-page';

const json = jsonResponse;

const esilv: StaffSchool = {
  id: 1,
  code: 'ESILV',
  name: 'ESILV',
  holdsWorkshops: true,
  bacAttestationOrMore: true,
  formations: 1,
};
const emlv: StaffSchool = {
  id: 2,
  code: 'EMLV',
  name: 'EMLV',
  holdsWorkshops: true,
  bacAttestationOrMore: false,
  formations: 0,
};
const data: StaffFormation = {
  id: 10,
  school: { id: 1, code: 'ESILV', name: 'ESILV' },
  libelle: 'Cycle ingénieur — Informatique, Data et IA',
  code: 'ESILV-IDIA-4',
  level: 4,
  year: 2026,
  contractTypes: ['APP'],
  trainingStart: '2026-09-01',
  trainingEnd: '2028-09-30',
  proStartAfter: null,
  proEndBefore: null,
  rncp: 'RNCP37512',
  rncpEndDate: null,
  codeDiplome: '17X32601',
  hours: 1200,
  remoteHours: 345,
  rncpLevel: 7,
  applicants: 12,
  dossiers: 1,
};

const serve = (onWrite: (call: StubbedCall) => Response) =>
  stubApi(
    { '/api/staff/formations': { formations: [data] }, '/api/staff/schools': { schools: [esilv, emlv] } },
    onWrite,
  );

setUpScreenTests(['staff-formations']);

const renderPage = () =>
  renderRoutes([{ path: '/gestion/formations', element: <StaffFormationsPage /> }], '/gestion/formations');

describe('StaffFormationsPage', () => {
  it('lists the formations per school with their dates and counts', async () => {
    serve(() => json(500, { code: 'INTERNAL', message: 'x' }));
    renderPage();
    const section = await screen.findByRole('region', { name: 'ESILV' });
    expect(within(section).getByRole('heading', { level: 3, name: data.libelle })).toBeInTheDocument();
    expect(within(section).getByText('4e année · rentrée 2026 · Apprentissage')).toBeInTheDocument();
    expect(within(section).getByText('Formation du 01/09/2026 au 30/09/2028')).toBeInTheDocument();
    expect(
      within(section).getByText('1200 heures de formation, dont 345 à distance · certification de niveau 7'),
    ).toBeInTheDocument();
    expect(within(section).getByText('12 candidats · 1 dossier')).toBeInTheDocument();
    expect(
      within(screen.getByRole('region', { name: 'EMLV' })).getByText('Aucune formation pour cette école.'),
    ).toBeInTheDocument();
  });

  it('checks a new formation with the API’s rules before sending: required fields, and the pro bounds once PRO is ticked', async () => {
    const calls = serve(() => json(500, { code: 'INTERNAL', message: 'x' }));
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Ajouter une formation à EMLV' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nouvelle formation' });
    expect(within(dialog).getByLabelText(/^École/)).toHaveValue('2');
    expect(within(dialog).queryByLabelText(/Début des contrats pro après le/)).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('checkbox', { name: 'Professionnalisation' }));
    await user.click(within(dialog).getByRole('button', { name: 'Ajouter la formation' }));

    expect(await within(dialog).findByLabelText(/^Intitulé/)).toHaveAccessibleDescription('Ce champ est obligatoire.');
    expect(within(dialog).getByLabelText(/^Année d’études/)).toHaveAccessibleDescription('Ce champ est obligatoire.');
    expect(within(dialog).getByLabelText(/^Début des contrats pro après le/)).toHaveAccessibleDescription(
      'Les contrats de professionnalisation sont proposés : indiquez cette date, qui borne leurs dates de début et de fin.',
    );
    expect(calls).toEqual([]);
  });

  it('sends an edited formation and shows a taken code under its field', async () => {
    const calls = serve(() =>
      json(409, {
        code: 'CONFLICT',
        message: 'This value is already taken',
        errors: { code: ['formations.code_taken'] },
      }),
    );
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: `Modifier la formation ${data.libelle}` }));
    const dialog = await screen.findByRole('dialog', { name: 'Modifier la formation' });
    const code = within(dialog).getByLabelText(/^Code de la formation/);
    await user.clear(code);
    await user.type(code, 'EMLV-PGE-M1');
    await user.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));

    expect(
      await within(dialog).findByText(
        'Ce code est déjà celui d’une autre formation : chaque formation a son propre code.',
      ),
    ).toBeInTheDocument();
    expect(code).toHaveFocus();
    expect(calls).toEqual([
      {
        method: 'PUT',
        path: '/api/staff/formations/10',
        body: {
          schoolId: 1,
          libelle: data.libelle,
          code: 'EMLV-PGE-M1',
          level: 4,
          year: 2026,
          contractTypes: ['APP'],
          trainingStart: '2026-09-01',
          trainingEnd: '2028-09-30',
          rncp: 'RNCP37512',
          codeDiplome: '17X32601',
          hours: 1200,
          remoteHours: 345,
          rncpLevel: 7,
        },
      },
    ]);
  });

  it("refuses an apprenticeship training over 4 years under its end date, and sends the RNCP's registration end", async () => {
    const calls = serve(() => json(200, { formation: { ...data, rncpEndDate: '2029-12-31' } }));
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: `Modifier la formation ${data.libelle}` }));
    const dialog = await screen.findByRole('dialog', { name: 'Modifier la formation' });
    const end = within(dialog).getByLabelText(/^Fin de la formation/);
    await user.clear(end);
    await user.type(end, '2031-06-30');
    await user.type(within(dialog).getByLabelText(/^Fin d’enregistrement au RNCP/), '2029-12-31');
    await user.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() =>
      expect(end).toHaveAccessibleDescription(
        'Une formation en apprentissage dure au plus 48 mois (4 ans) : choisissez une date de fin plus proche.',
      ),
    );
    expect(calls).toEqual([]);

    await user.clear(end);
    await user.type(end, '2028-09-30');
    await user.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]?.body).toMatchObject({ trainingEnd: '2028-09-30', rncpEndDate: '2029-12-31' });
  });

  it('refuses remote hours above the training’s hours, or without them, under the field', async () => {
    const calls = serve(() => json(500, { code: 'INTERNAL', message: 'x' }));
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: `Modifier la formation ${data.libelle}` }));
    const dialog = await screen.findByRole('dialog', { name: 'Modifier la formation' });
    const remote = within(dialog).getByLabelText(/^Dont heures à distance/);
    await user.clear(remote);
    await user.type(remote, '1300');
    await user.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    expect(remote).toHaveAccessibleDescription(
      'Les heures à distance font partie de la durée de la formation : saisissez au plus la durée indiquée.',
    );
    expect(remote).toHaveFocus();

    await user.clear(within(dialog).getByLabelText(/^Heures de formation/));
    await user.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    expect(remote).toHaveAccessibleDescription(
      'Indiquez d’abord la durée de la formation : les heures à distance en sont une partie.',
    );
    expect(calls).toEqual([]);
  });

  it('adds a school and says so', async () => {
    const calls = serve(() => json(201, { school: { id: 3, code: 'IIM', name: 'IIM Digital School', formations: 0 } }));
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Ajouter une école' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nouvelle école' });
    await user.type(within(dialog).getByLabelText(/^Code/), 'IIM');
    await user.type(within(dialog).getByLabelText(/^Nom/), 'IIM Digital School');
    await user.click(within(dialog).getByRole('button', { name: 'Ajouter l’école' }));
    expect(await screen.findByText('L’école IIM Digital School est enregistrée.')).toBeInTheDocument();
    expect(calls).toEqual([
      {
        method: 'POST',
        path: '/api/staff/schools',
        body: { code: 'IIM', name: 'IIM Digital School', holdsWorkshops: false, bacAttestationOrMore: false },
      },
    ]);
  });

  it("shows a school's rules and sends them changed (issue 28: the workshops and the attestation's level are data)", async () => {
    const calls = serve(() => json(200, { school: { ...esilv, holdsWorkshops: false } }));
    const user = userEvent.setup();
    renderPage();
    expect(await screen.findByText('Code ESILV · 1 formation · ateliers · attestation « ou plus »')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Modifier l’école ESILV' }));
    const dialog = await screen.findByRole('dialog', { name: 'Modifier l’école' });
    const workshops = within(dialog).getByRole('checkbox', { name: 'Ateliers pour ses candidats' });
    expect(workshops).toBeChecked();
    expect(workshops).toHaveAccessibleDescription(
      'Les candidats de l’école voient ses ateliers dans « Ma recherche » et peuvent s’y inscrire.',
    );
    expect(within(dialog).getByRole('checkbox', { name: 'Attestation de niveau « ou plus »' })).toBeChecked();
    await user.click(workshops);
    await user.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText('L’école ESILV est enregistrée.')).toBeInTheDocument();
    expect(calls).toEqual([
      {
        method: 'PUT',
        path: '/api/staff/schools/1',
        body: { code: 'ESILV', name: 'ESILV', holdsWorkshops: false, bacAttestationOrMore: true },
      },
    ]);
  });
});
