import type { MeResponse } from '@passerelle/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Suspense, type ReactNode } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { authStore } from '../../lib/auth-store';
import { i18n, initI18n } from '../../lib/i18n';
import { MemoryRoutes } from '../../test/render';
import { AppLayout } from './app-layout';

beforeAll(async () => {
  await initI18n();
  await i18n.loadNamespaces(['common', 'auth']);
});

afterEach(() => {
  authStore.clear();
});

const applicant: MeResponse = { userType: 'admissible', prenom: 'Camille', nom: 'Martin', mail: 'camille@example.org' };

function renderShell(element: ReactNode = <AppLayout />) {
  return render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <Suspense fallback={null}>
        <MemoryRoutes routes={[{ path: '/', handle: { title: 'common:titles.home' }, element }]} />
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

  it('shows the start year and the formation level under the name (SPEC 2), not the formation’s name', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('{}', { status: 503 })),
    );
    authStore.setToken('token');
    authStore.setUser(applicant);
    authStore.setAdmissibleInfo({
      admLastName: 'Martin',
      admFirstName: 'Camille',
      formationYear: 2026,
      formationLibelle: 'Cycle ingénieur — Data et intelligence artificielle',
      formationEtape: 4,
      contractType: 'APP',
      school: 'ESILV',
      schoolRules: { holdsWorkshops: true, bacAttestationOrMore: true },
    });
    try {
      renderShell();
      const identity = await screen.findByTestId('header-identity');
      expect(identity).toHaveTextContent('MARTIN Camille');
      expect(within(identity).getByText('Rentrée 2026 · Bac+4')).toHaveAttribute(
        'title',
        'Cycle ingénieur — Data et intelligence artificielle',
      );
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('lets the e-mail wrap before the @ and the dots, never inside a word', async () => {
    authStore.setToken('token');
    authStore.setUser({ ...applicant, mail: 'camille.martin@demo.passerelle.test' });
    renderShell();
    await userEvent.click(await screen.findByRole('button', { name: 'Menu du compte, CM' }));
    const mail = await screen.findByTestId('user-mail');
    expect(mail).toHaveTextContent('camille.martin@demo.passerelle.test');
    expect(mail.innerHTML.replace(/<\/?span>/g, '')).toBe('camille<wbr>.martin<wbr>@demo<wbr>.passerelle<wbr>.test');
    expect(getComputedStyle(mail).overflowWrap).not.toBe('anywhere');
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
      // SPEC 9: a 600 ms scroll, ending at the top.
      await waitFor(() => expect(scrollTo).toHaveBeenLastCalledWith({ top: 0 }), { timeout: 2000 });
    } finally {
      scrollTo.mockRestore();
    }
    expect(document.getElementById('main')).toHaveFocus();
    await act(async () => scrollWindowTo(0));
  });
});

describe('layout configuration and window resizes (SPEC 9)', () => {
  afterEach(() => {
    Object.assign(window, { innerWidth: 1024 });
    localStorage.clear();
  });

  it('keeps the side navigation put away on a wide window in local storage', async () => {
    Object.assign(window, { innerWidth: 1280 });
    const first = renderShell();
    const hide = await screen.findByRole('button', { name: 'Masquer le menu de navigation' });
    expect(hide).toHaveAttribute('aria-expanded', 'true');
    await userEvent.click(hide);
    expect(JSON.parse(localStorage.getItem('passerelle.layout') ?? '{}')).toEqual({ isDrawerOpen: false });
    expect(screen.getByRole('button', { name: 'Afficher le menu de navigation' })).toHaveAttribute(
      'aria-expanded',
      'false',
    );
    first.unmount();

    renderShell();
    await userEvent.click(await screen.findByRole('button', { name: 'Afficher le menu de navigation' }));
    expect(JSON.parse(localStorage.getItem('passerelle.layout') ?? '{}')).toEqual({ isDrawerOpen: true });
  });

  it('closes the phone drawer 200 ms after the window has widened past the tablet size', async () => {
    Object.assign(window, { innerWidth: 375 });
    renderShell();
    await userEvent.click(await screen.findByRole('button', { name: 'Ouvrir le menu de navigation' }));
    // Under md, the drawer's navigation alone: the side column is not drawn on a phone.
    const navs = () => [...document.querySelectorAll<HTMLElement>('nav[aria-label="Navigation principale"]')];
    await waitFor(() => expect(navs()).toHaveLength(1));
    expect(screen.queryByTestId('side-navigation')).not.toBeInTheDocument();
    expect(navs()[0]?.closest('[role="dialog"], .MuiDrawer-root')).not.toBeNull();

    const resizedAt = Date.now();
    Object.assign(window, { innerWidth: 1280 });
    act(() => {
      window.dispatchEvent(new Event('resize'));
    });
    expect(screen.queryByTestId('side-navigation')).not.toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Masquer le menu de navigation' })).toBeInTheDocument(),
    );
    expect(Date.now() - resizedAt).toBeGreaterThanOrEqual(190);
    // Then the side column's, once the drawer has gone.
    await waitFor(() => expect(navs()).toHaveLength(1));
    expect(screen.getByTestId('side-navigation')).toContainElement(navs()[0] ?? null);
  });
});

describe('side navigation', () => {
  it('has its background on the column that runs the page’s height, not only on the window-high panel', async () => {
    renderShell();
    const column = await screen.findByTestId('side-navigation');
    expect(getComputedStyle(column).backgroundColor).toBe('rgb(255, 255, 255)');
    expect(getComputedStyle(column).alignSelf).toBe('stretch');
  });
});
