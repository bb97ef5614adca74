import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { i18n, initI18n } from '../../lib/i18n';
import { renderRoutes } from '../../test/render';
import { requestUrl } from '../../test/request-url';
import { Component as AboutPage } from './about-page';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

beforeAll(async () => {
  await initI18n();
  await i18n.loadNamespaces(['common', 'about']);
});

afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  await i18n.changeLanguage('fr-FR');
});

describe('AboutPage', () => {
  it('says how to reach the CFA, as the server is configured, in English', async () => {
    await i18n.changeLanguage('en-US');
    const fetchMock = vi.fn(async (input: RequestInfo | URL) =>
      requestUrl(input) === '/api/public/contact'
        ? json(200, {
            email: 'cfa@ecole.example',
            phone: '+33 1 02 03 04 05',
            hours: { 'fr-FR': 'le mardi', 'en-US': 'on Tuesdays' },
          })
        : json(404, { code: 'NOT_FOUND', message: 'Not found' }),
    );
    vi.stubGlobal('fetch', fetchMock);
    renderRoutes([{ path: '/', element: <AboutPage /> }]);

    const details = await screen.findByRole('region', { name: 'Contact the CFA' });
    expect(within(details).getByRole('link', { name: 'cfa@ecole.example' })).toHaveAttribute(
      'href',
      'mailto:cfa@ecole.example',
    );
    expect(within(details).getByRole('link', { name: '+33 1 02 03 04 05' })).toHaveAttribute(
      'href',
      'tel:+33102030405',
    );
    expect(details).toHaveTextContent('Opening hours: on Tuesdays');
  });
});
