import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { i18n, initI18n } from '../../lib/i18n';
import { renderRoutes } from '../../test/render';
import { Component as PortalShell } from './portal-shell';

/**
 * The row shows below the md breakpoint only (the drawer serves wider screens), and the test's window counts as wide:
 * found by its landmark element and label rather than by role and accessible name, which skip what is not displayed.
 */
function navigation(): HTMLElement {
  const nav = document.querySelector<HTMLElement>('nav[aria-label="Espace admissible"]');
  if (!nav) throw new Error('no navigation labelled "Espace admissible"');
  return nav;
}
const linksIn = (nav: HTMLElement) => within(nav).getAllByRole('link', { hidden: true });

function renderShellAt(path: string) {
  return renderRoutes(
    [
      {
        path: '/espace-admissible',
        element: <PortalShell />,
        children: [
          { index: true, element: <p>home screen</p> },
          { path: 'recherche', element: <p>search screen</p> },
          { path: 'dossiers', element: <p>cases screen</p> },
        ],
      },
    ],
    path,
  );
}

beforeAll(async () => {
  await initI18n();
  await i18n.loadNamespaces(['common', 'portal']);
});

afterEach(cleanup);

describe('PortalShell', () => {
  it('links the three screens in a named navigation landmark, the current one marked as the page', async () => {
    renderShellAt('/espace-admissible/recherche/');
    expect(await screen.findByText('search screen')).toBeInTheDocument();
    const nav = navigation();
    const links = linksIn(nav);
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Accueil', '/espace-admissible'],
      ['Ma recherche', '/espace-admissible/recherche'],
      ['Mes dossiers', '/espace-admissible/dossiers'],
    ]);
    expect(links.map((link) => link.getAttribute('aria-current'))).toEqual([null, 'page', null]);
    // Links between pages, not ARIA tabs switching panels within one.
    expect(within(nav).queryByRole('tablist', { hidden: true })).toBeNull();
    expect(within(nav).getByRole('list', { hidden: true })).toBeInTheDocument();
  });

  it('moves to another screen and marks it as the current page', async () => {
    renderShellAt('/espace-admissible');
    expect(await screen.findByText('home screen')).toBeInTheDocument();
    const link = (name: string) => linksIn(navigation()).find((candidate) => candidate.textContent === name);
    // A plain link: the browser follows it on Enter as on a click.
    fireEvent.click(link('Mes dossiers') as HTMLElement);
    expect(await screen.findByText('cases screen')).toBeInTheDocument();
    expect(link('Mes dossiers')).toHaveAttribute('aria-current', 'page');
    expect(link('Accueil')).not.toHaveAttribute('aria-current');
  });
});
