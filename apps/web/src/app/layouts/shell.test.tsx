import type { MeResponse } from '@passerelle/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import { Suspense, type ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { authStore } from '../../lib/auth-store';
import { initI18n } from '../../lib/i18n';
import { AppLayout } from './app-layout';

beforeAll(async () => {
  await initI18n();
  await i18next.loadNamespaces(['common', 'auth']);
});

afterEach(() => {
  authStore.clear();
});

const applicant: MeResponse = { userType: 'admissible', prenom: 'Camille', nom: 'Martin', mail: 'camille@example.org' };

function renderShell(element: ReactNode = <AppLayout />) {
  const router = createMemoryRouter([{ path: '/', handle: { title: 'common:titles.home' }, element }]);
  return render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <Suspense fallback={null}>
        <RouterProvider router={router} />
      </Suspense>
    </QueryClientProvider>,
  );
}

/** jsdom does not scroll: set where the window is, under both names MUI and the layout read, and say it moved. */
function scrollWindowTo(y: number) {
  Object.assign(window, { scrollY: y, pageYOffset: y });
  window.dispatchEvent(new Event('scroll'));
}

describe('shell header', () => {
  it('shows a visitor the logo link home, the skip link and a menu without account or logout', async () => {
    renderShell();
    const banner = await screen.findByRole('banner');
    expect(within(banner).getByRole('link', { name: "Passerelle, retour à l'accueil" })).toHaveAttribute('href', '/');
    expect(screen.getByRole('link', { name: 'Aller au contenu' })).toHaveAttribute('href', '#main');

    const button = within(banner).getByRole('button', { name: 'Menu du compte' });
    expect(button).not.toHaveAttribute('aria-expanded');
    await userEvent.click(button);
    const menu = await screen.findByRole('menu');
    expect(menu).toHaveTextContent('Visiteur');
    expect(within(menu).getByRole('menuitemradio', { name: 'English' })).toBeInTheDocument();
    expect(within(menu).queryByRole('menuitem', { name: 'Se déconnecter' })).not.toBeInTheDocument();
    expect(button).toHaveAttribute('aria-expanded', 'true');

    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('menu')).not.toBeInTheDocument());
    expect(button).not.toHaveAttribute('aria-expanded');
  });

  it("shows a signed-in applicant's initials, and name, e-mail and logout in the menu", async () => {
    authStore.setToken('token');
    authStore.setUser(applicant);
    renderShell();
    const banner = await screen.findByRole('banner');
    expect(within(banner).getByRole('link', { name: "Passerelle, retour à l'accueil" })).toHaveAttribute(
      'href',
      '/espace-admissible',
    );
    // Its name holds the initials it shows (WCAG 2.5.3, label in name).
    const button = within(banner).getByRole('button', { name: 'Menu du compte, CM' });
    expect(button).toHaveTextContent('CM');

    button.focus();
    await userEvent.keyboard('{Enter}');
    const menu = await screen.findByRole('menu');
    expect(menu).toHaveTextContent('Camille Martin');
    expect(menu).toHaveTextContent('camille@example.org');
    expect(within(menu).getByRole('menuitem', { name: 'Se déconnecter' })).toHaveAttribute('href', '/logout');
  });
});

describe('scroll-to-top button, fetched once the page has scrolled', () => {
  it('is absent on a page that has not scrolled, appears past 200 px and brings the page back up', async () => {
    renderShell();
    await screen.findByRole('banner');
    const name = 'Revenir en haut de la page';
    expect(screen.queryByRole('button', { name })).not.toBeInTheDocument();

    await act(async () => scrollWindowTo(150));
    expect(screen.queryByRole('button', { name })).not.toBeInTheDocument();

    await act(async () => scrollWindowTo(400));
    const button = await screen.findByRole('button', { name });
    expect(button).toBeVisible();

    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
    try {
      await userEvent.click(button);
      expect(scrollTo).toHaveBeenCalledWith(expect.objectContaining({ top: 0 }));
    } finally {
      scrollTo.mockRestore();
    }
    expect(document.getElementById('main')).toHaveFocus();
    await act(async () => scrollWindowTo(0));
  });
});
