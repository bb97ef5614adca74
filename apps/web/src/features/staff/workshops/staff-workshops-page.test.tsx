import type { StaffSchool } from '@passerelle/contract/staff-formations';
import type { StaffWorkshop } from '@passerelle/contract/staff-workshops';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { setUpScreenTests } from '../../../test/screen-tests';
import { jsonResponse as json, stubApi, type StubbedCall } from '../../../test/api-stub';
import { renderRoutes } from '../../../test/render';
import { Component as StaffWorkshopsPage } from './staff-workshops-page';

const esilv: StaffSchool = {
  id: 1,
  code: 'ESILV',
  name: 'ESILV',
  holdsWorkshops: true,
  bacAttestationOrMore: true,
  formations: 1,
};
const workshop: StaffWorkshop = {
  id: 4,
  school: { id: 1, code: 'ESILV', name: 'ESILV' },
  title: 'Réussir son entretien',
  date: '2099-03-12',
  startHour: '10:00',
  endHour: '12:00',
  quota: 12,
  registrationOpensAt: null,
  registrationClosesAt: null,
  registered: 2,
};

const serve = (onWrite: (call: StubbedCall) => Response) =>
  stubApi(
    {
      '/api/staff/workshops': { workshops: [workshop] },
      '/api/staff/schools': { schools: [esilv] },
      '/api/staff/workshops/4/registrants': {
        registrants: [
          {
            id: 9,
            nom: 'Zeller',
            prenom: 'Inès',
            email: 'ines.zeller@example.fr',
            formation: 'Cycle ingénieur',
            registeredAt: '2099-03-01T09:30:00.000Z',
          },
        ],
      },
    },
    onWrite,
  );

setUpScreenTests(['staff-workshops']);

const renderPage = () =>
  renderRoutes([{ path: '/gestion/ateliers', element: <StaffWorkshopsPage /> }], '/gestion/ateliers');

describe('StaffWorkshopsPage', () => {
  it('lists upcoming workshops with their school, hours and places, and shows the registrants', async () => {
    serve(() => json(500, { code: 'INTERNAL', message: 'x' }));
    const user = userEvent.setup();
    renderPage();
    const upcoming = await screen.findByRole('region', { name: 'À venir' });
    expect(within(upcoming).getByRole('heading', { level: 3, name: workshop.title })).toBeInTheDocument();
    expect(
      within(upcoming).getByText("2 inscrits sur 12 places · inscriptions ouvertes jusqu'au jour de l'atelier"),
    ).toBeInTheDocument();
    await user.click(within(upcoming).getByRole('button', { name: `2 inscrits à l'atelier « ${workshop.title} »` }));
    const dialog = await screen.findByRole('dialog', { name: `Inscrits à « ${workshop.title} »` });
    const table = await within(dialog).findByRole('table', { name: "Inscrits, dans l'ordre d'inscription" });
    expect(within(table).getByText('ines.zeller@example.fr')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Exporter en CSV' })).toBeInTheDocument();
  });

  it('refuses an end hour before the start before sending, and shows the server’s quota refusal under its field', async () => {
    const message = '2 candidats sont déjà inscrits : le nombre de places ne peut pas descendre en dessous.';
    const calls = serve(() => json(400, { code: 'VALIDATION_FAILED', message, errors: { quota: [message] } }));
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: `Modifier l'atelier « ${workshop.title} »` }));
    const dialog = await screen.findByRole('dialog', { name: "Modifier l'atelier" });
    const end = within(dialog).getByLabelText(/^Fin/);
    await user.clear(end);
    await user.type(end, '09:00');
    await user.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    expect(
      await within(dialog).findByText('Choisissez une heure de fin postérieure à l’heure de début.'),
    ).toBeInTheDocument();
    expect(calls).toEqual([]);

    await user.clear(end);
    await user.type(end, '12:00');
    const quota = within(dialog).getByLabelText(/^Nombre de places/);
    await user.clear(quota);
    await user.type(quota, '1');
    await user.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    expect(await within(dialog).findByText(message)).toBeInTheDocument();
    expect(calls).toEqual([
      {
        method: 'PUT',
        path: '/api/staff/workshops/4',
        body: {
          schoolId: 1,
          title: workshop.title,
          date: workshop.date,
          startHour: '10:00',
          endHour: '12:00',
          quota: 1,
          registrationOpensAt: null,
          registrationClosesAt: null,
        },
      },
    ]);
  });

  it('asks before deleting a workshop with registrants, saying they will be told by e-mail', async () => {
    const calls = serve(() => json(200, { cancelledRegistrations: 2 }));
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: `Supprimer l'atelier « ${workshop.title} »` }));
    const confirm = await screen.findByRole('dialog', { name: 'Supprimer cet atelier ?' });
    expect(
      within(confirm).getByText(
        `« ${workshop.title} » a 2 inscrits : leurs inscriptions seront supprimées et chacun recevra un e-mail d'annulation.`,
      ),
    ).toBeInTheDocument();
    await user.click(within(confirm).getByRole('button', { name: 'Supprimer' }));
    expect(
      await screen.findByText(`Atelier « ${workshop.title} » supprimé ; 2 inscrits prévenus par e-mail.`),
    ).toBeInTheDocument();
    expect(calls).toEqual([{ method: 'DELETE', path: '/api/staff/workshops/4', body: undefined }]);
  });
});
