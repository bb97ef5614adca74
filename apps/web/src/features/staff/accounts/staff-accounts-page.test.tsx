import type { StaffAccount } from '@passerelle/contract/staff-accounts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { setUpScreenTests } from '../../../test/screen-tests';
import { renderRoutes } from '../../../test/render';
import { jsonResponse, stubApi, type StubbedCall } from '../../../test/api-stub';
import { Component as StaffAccountsPage } from './staff-accounts-page';

const json = jsonResponse;

const me: StaffAccount = {
  id: 1,
  email: 'nadia.roux@cfa.test',
  prenom: 'Nadia',
  nom: 'Roux',
  role: 'admin',
  lang: 'fr-FR',
  invitedAt: null,
  lastSignInAt: '2026-11-20T08:00:00.000Z',
  deactivatedAt: null,
  isMe: true,
};
const paul: StaffAccount = {
  ...me,
  id: 2,
  email: 'paul.durand@cfa.test',
  prenom: 'Paul',
  nom: 'Durand',
  role: 'staff',
  lastSignInAt: null,
  invitedAt: '2026-11-18T10:00:00.000Z',
  isMe: false,
};

const serve = (onWrite: (call: StubbedCall) => Response) =>
  stubApi({ '/api/staff/accounts': { accounts: [me, paul] } }, onWrite);

setUpScreenTests(['staff-accounts']);

const renderPage = () => renderRoutes([{ path: '/gestion/equipe', element: <StaffAccountsPage /> }], '/gestion/equipe');

describe('StaffAccountsPage', () => {
  it('lists the accounts; the admin’s own has no deactivation; another is deactivated after a confirmation', async () => {
    const calls = serve(() => json(200, { account: { ...paul, deactivatedAt: '2026-11-25T09:00:00.000Z' } }));
    const user = userEvent.setup();
    renderPage();
    const list = await screen.findByRole('list', { name: 'Comptes du back-office' });
    const [mine, other] = within(list).getAllByRole('listitem');
    if (!mine || !other) throw new Error('two accounts expected');
    expect(within(mine).getByText('Vous')).toBeInTheDocument();
    expect(within(mine).queryByRole('button', { name: /Désactiver/ })).not.toBeInTheDocument();
    expect(within(other).getByText('Invité le 18/11/2026 · Jamais connecté')).toBeInTheDocument();

    await user.click(within(other).getByRole('button', { name: 'Désactiver le compte de Paul Durand' }));
    const dialog = await screen.findByRole('dialog', { name: 'Désactiver le compte de Paul Durand ?' });
    await user.click(within(dialog).getByRole('button', { name: 'Désactiver' }));
    expect(await screen.findByText('Le compte de Paul Durand est désactivé.')).toBeInTheDocument();
    expect(calls).toEqual([{ method: 'POST', path: '/api/staff/accounts/2/deactivate', body: undefined }]);
  });

  it('says why a deactivation is refused, in words', async () => {
    serve(() => json(409, { code: 'CONFLICT', message: 'x', errors: { account: ['accounts.last_admin'] } }));
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Désactiver le compte de Paul Durand' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Désactiver' }));
    expect(
      await screen.findByText('C’est le dernier administrateur actif : nommez d’abord un autre administrateur.'),
    ).toBeInTheDocument();
  });

  it('checks the invitation form, sends it, and puts a refused address’s message under the e-mail field', async () => {
    const calls = serve(() =>
      json(409, { code: 'CONFLICT', message: 'x', errors: { email: ['accounts.email_not_staff'] } }),
    );
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Inviter une personne' }));
    const dialog = await screen.findByRole('dialog', { name: 'Inviter une personne au back-office' });
    const email = within(dialog).getByLabelText(/^Adresse e-mail professionnelle/);
    await user.type(email, 'pas-une-adresse');
    await user.click(within(dialog).getByRole('button', { name: 'Envoyer l’invitation' }));
    expect(email).toHaveAccessibleDescription('Saisissez une adresse e-mail complète, par exemple nom@exemple.fr.');
    expect(calls).toEqual([]);

    await user.clear(email);
    await user.type(email, 'camille@example.test');
    await user.type(within(dialog).getByLabelText('Prénom'), 'Camille');
    await user.selectOptions(within(dialog).getByLabelText('Langue de l’e-mail'), 'en-US');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Administrateur' }));
    await user.click(within(dialog).getByRole('button', { name: 'Envoyer l’invitation' }));
    expect(
      await within(dialog).findByText(/Cette adresse est celle d’un candidat ou d’une entreprise/),
    ).toBeInTheDocument();
    expect(calls).toEqual([
      {
        method: 'POST',
        path: '/api/staff/accounts',
        body: { email: 'camille@example.test', prenom: 'Camille', nom: '', admin: true, lang: 'en-US' },
      },
    ]);
  });
});
