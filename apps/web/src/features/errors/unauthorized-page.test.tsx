import type { MeResponse } from '@passerelle/contract';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { routes } from '../../app/router';
import { authStore } from '../../lib/auth-store';
import { i18n, initI18n } from '../../lib/i18n';
import { renderRoutes } from '../../test/render';
import { requestUrl } from '../../test/request-url';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const applicant: MeResponse = { userType: 'admissible', prenom: 'Marie', nom: 'Curie', mail: 'marie@example.fr' };
const contact = {
  email: 'alternance@passerelle.localhost',
  phone: '01 23 45 67 89',
  hours: { 'fr-FR': 'du lundi au vendredi, 9 h – 17 h', 'en-US': 'Monday to Friday, 9 am – 5 pm' },
};

function mockApi() {
  vi.stubGlobal('scrollTo', vi.fn());
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = requestUrl(input);
      if (url === '/api/users/me') return json(200, applicant);
      if (url === '/api/public/contact') return json(200, contact);
      return json(404, { code: 'NOT_FOUND', message: 'Not found' });
    }),
  );
}

beforeAll(async () => {
  await initI18n();
  await i18n.loadNamespaces(['common', 'errors']);
});

afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  authStore.clear();
  await i18n.changeLanguage('fr-FR');
});

describe('an unknown path', () => {
  it('tells a signed-in person the page does not exist, with a way home, and no sign-in form', async () => {
    mockApi();
    authStore.setToken('token');
    authStore.setUser(applicant);
    renderRoutes(routes, '/une-page-qui-n-existe-pas');
    expect(await screen.findByRole('heading', { level: 1, name: "Cette page n'existe pas" })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: "Retour à l'accueil" })).toHaveAttribute('href', '/');
    expect(screen.queryByText("Vous n'êtes pas identifié")).toBeNull();
    expect(screen.queryByRole('button', { name: 'Recevoir mon lien' })).toBeNull();
    await waitFor(() => expect(document.title).toMatch(/^Page introuvable - /));
    // How to reach the CFA, on every error page.
    const contactBlock = await screen.findByRole('region', { name: 'Contacter le CFA' });
    expect(within(contactBlock).getByRole('link', { name: contact.email })).toHaveAttribute(
      'href',
      `mailto:${contact.email}`,
    );
    expect(within(contactBlock).getByRole('link', { name: contact.phone })).toHaveAttribute('href', 'tel:0123456789');
    expect(contactBlock).toHaveTextContent('Horaires : du lundi au vendredi, 9 h – 17 h');
  });

  it('keeps the link form for a visitor, in English too', async () => {
    mockApi();
    await i18n.changeLanguage('en-US');
    renderRoutes(routes, '/nowhere');
    expect(await screen.findByRole('heading', { level: 1, name: 'You are not identified' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send me my link' })).toBeInTheDocument();
    expect(await screen.findByRole('region', { name: 'Contact the CFA' })).toHaveTextContent(
      'Opening hours: Monday to Friday, 9 am – 5 pm',
    );
  });

  it('shows the not-found page, not a crash, for an address that cannot be decoded', async () => {
    mockApi();
    renderRoutes(routes, '/%E0%A4%A');
    expect(await screen.findByRole('heading', { level: 1, name: 'Page introuvable' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
    await waitFor(() => expect(document.title).toMatch(/^Page introuvable - /));
  });
});
