import type { StaffPartner } from '@passerelle/contract/staff-content';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse, stubApi } from '../../../../test/api-stub';
import { renderRoutes } from '../../../../test/render';
import { setUpScreenTests } from '../../../../test/screen-tests';
import { PartnersPanel } from './partners-panel';

const partner: StaffPartner = {
  id: 3,
  nom: 'Capgemini',
  web: 'https://capgemini.example',
  logo: '/files/cap.png',
  position: 1,
};

setUpScreenTests(['staff-content']);

describe('PartnersPanel', () => {
  it('checks a new partner before sending, sends the logo at once, then saves and says so', async () => {
    const calls = stubApi({ '/api/staff/content/partners': { partners: [partner] } }, (call) =>
      call.path === '/api/staff/content/partner-logos'
        ? jsonResponse(200, { logo: '/files/new.png' })
        : jsonResponse(200, {
            partner: { ...partner, id: 4, nom: 'Sopra', web: 'https://sopra.example', logo: '/files/new.png' },
          }),
    );
    const onFeedback = vi.fn();
    const user = userEvent.setup();
    renderRoutes([{ path: '/', element: <PartnersPanel onFeedback={onFeedback} /> }]);
    const list = await screen.findByRole('region', { name: 'Partenaires' });
    expect(await within(list).findByRole('heading', { level: 3, name: 'Capgemini' })).toBeInTheDocument();
    expect(within(list).getByRole('button', { name: 'Modifier « Capgemini »' })).toBeInTheDocument();
    expect(within(list).getByRole('button', { name: 'Retirer « Capgemini »' })).toBeInTheDocument();

    await user.click(within(list).getByRole('button', { name: 'Ajouter un partenaire' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nouveau partenaire' });
    await user.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    expect(await within(dialog).findByText('Saisissez le nom du partenaire.')).toBeInTheDocument();
    expect(
      within(dialog).getByText('Saisissez une adresse web complète qui commence par https://.'),
    ).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Logo')).toHaveAccessibleDescription('Ajoutez le logo du partenaire.');
    expect(calls).toEqual([]);

    await user.type(within(dialog).getByRole('textbox', { name: /Nom/ }), 'Sopra');
    await user.type(within(dialog).getByRole('textbox', { name: /Espace recrutement/ }), 'sopra.example');
    await user.upload(within(dialog).getByLabelText('Logo'), new File(['png'], 'sopra.png', { type: 'image/png' }));
    expect(await within(dialog).findByRole('img', { name: 'Logo choisi' })).toHaveAttribute('src', '/files/new.png');
    await user.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));

    await vi.waitFor(() => expect(onFeedback).toHaveBeenCalledWith('« Sopra » est enregistré.'));
    expect(calls.at(-1)).toEqual({
      method: 'POST',
      path: '/api/staff/content/partners',
      body: { nom: 'Sopra', web: 'https://sopra.example', logo: '/files/new.png' },
    });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
