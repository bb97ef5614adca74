import type { StaffOffer } from '@passerelle/contract/staff-offers';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { setUpScreenTests } from '../../../test/screen-tests';
import { jsonResponse as json, stubApi, type StubbedCall } from '../../../test/api-stub';
import { renderRoutes } from '../../../test/render';
import { Component as StaffOffersPage } from './staff-offers-page';

const offer: StaffOffer = {
  id: 7,
  title: 'Développeur web en alternance',
  companyName: 'Zéphyr Logiciels',
  logo: null,
  publicationDate: '2026-11-20',
  startDate: '2027-01-04',
  description: 'Une équipe de six personnes.',
  linkType: 'link',
  link: 'https://zephyr.example.fr/offres/42',
  expiredAt: null,
  externalRef: 'ZL-42',
};

const serve = (onWrite: (call: StubbedCall) => Response) =>
  stubApi({ '/api/staff/offers': { items: [offer], total: 1 } }, onWrite);

setUpScreenTests(['staff', 'staff-offers']);

const renderPage = () => renderRoutes([{ path: '/gestion/offres', element: <StaffOffersPage /> }], '/gestion/offres');

describe('StaffOffersPage', () => {
  it('lists the offers with their company, dates, reference and status', async () => {
    serve(() => json(500, { code: 'INTERNAL', message: 'x' }));
    renderPage();
    expect(await screen.findByRole('heading', { level: 3, name: offer.title })).toBeInTheDocument();
    expect(screen.getByText('Zéphyr Logiciels')).toBeInTheDocument();
    expect(screen.getByText('Publiée le 20/11/2026 · début le 04/01/2027 · réf. ZL-42')).toBeInTheDocument();
    expect(screen.getByText('1 offre')).toBeInTheDocument();
  });

  it('checks a new offer with the API’s rules before sending: a web link must be https', async () => {
    const calls = serve(() => json(500, { code: 'INTERNAL', message: 'x' }));
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Nouvelle offre' }));
    const dialog = await screen.findByRole('dialog', { name: "Nouvelle offre d'emploi" });
    await user.type(within(dialog).getByLabelText(/^Adresse de l'offre/), 'http://example.fr');
    await user.click(within(dialog).getByRole('button', { name: "Créer l'offre" }));
    expect(await within(dialog).findByLabelText(/^Intitulé du poste/)).toHaveAccessibleDescription(
      'Ce champ est obligatoire.',
    );
    expect(within(dialog).getByLabelText(/^Adresse de l'offre/)).toHaveAccessibleDescription(
      'Saisissez une adresse web complète et sécurisée, commençant par https://, par exemple https://entreprise.fr/offre.',
    );
    expect(calls).toEqual([]);
  });

  it('expires an offer after confirmation and says it left the applicants’ search', async () => {
    const calls = serve(() => json(200, { offer: { ...offer, expiredAt: '2026-11-25T10:00:00.000Z' } }));
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: `Expirer l'offre « ${offer.title} »` }));
    const confirm = await screen.findByRole('dialog', { name: 'Expirer cette offre ?' });
    await user.click(within(confirm).getByRole('button', { name: 'Expirer' }));
    expect(
      await screen.findByText(
        `Offre « ${offer.title} » expirée : elle n'apparaît plus dans la recherche des candidats.`,
      ),
    ).toBeInTheDocument();
    expect(calls).toEqual([{ method: 'POST', path: '/api/staff/offers/7/expire', body: undefined }]);
  });

  it('checks an imported file at once and lists every wrong line before anything is stored', async () => {
    const calls = serve(() =>
      json(200, {
        rows: 2,
        imported: 0,
        updated: 0,
        errors: [
          {
            line: 3,
            field: 'link',
            message: 'Le lien de candidature « ftp://x » n’est ni une adresse https:// ni une adresse e-mail.',
          },
        ],
      }),
    );
    const user = userEvent.setup();
    const { container } = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Importer un fichier' }));
    const dialog = await screen.findByRole('dialog', { name: 'Importer des offres' });
    const input = container.ownerDocument.querySelector<HTMLInputElement>('input[type="file"]');
    if (!input) throw new Error('no file input');
    await user.upload(input, new File(['titre;entreprise;description;lien\n'], 'offres.csv', { type: 'text/csv' }));
    expect(await within(dialog).findByText(/^1 erreur sur 2 lignes/)).toBeInTheDocument();
    const table = within(dialog).getByRole('table', { name: 'Erreurs du fichier, par ligne' });
    expect(within(table).getByText('Lien de candidature')).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: /^Importer \d/ })).not.toBeInTheDocument();
    expect(calls.map((c) => [c.method, c.path])).toEqual([['POST', '/api/staff/offers/import']]);
  });
});
