import { i18n, initI18n } from '../../lib/i18n';
import { renderRoutes } from '../../test/render';
import { requestUrl } from '../../test/request-url';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { authStore } from '../../lib/auth-store';
import { storageKeys } from '../../lib/storage-keys';
import { Component as TrackingFormPage } from './tracking-form-page';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

type Handler = (method: string, url: string, body: unknown) => Response | Promise<Response>;

function mockApi(handler: Handler) {
  const calls: { method: string; url: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      const body: unknown = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
      calls.push({ method, url: requestUrl(input), body });
      return handler(method, requestUrl(input), body);
    }),
  );
  return calls;
}

function SearchScreen() {
  const location = useLocation();
  return <p>search screen: {JSON.stringify(location.state)}</p>;
}

function renderAt(path: string) {
  return renderRoutes(
    [
      { path: '/admissible/suiviRechercheEmployeur/:id?', element: <TrackingFormPage /> },
      { path: '/espace-admissible/recherche', element: <SearchScreen /> },
    ],
    path,
  );
}

const entry = {
  id: 7,
  targetCompany: 'Dassault Systèmes',
  position: 'Alternant développeur',
  applicationDate: '2026-03-02',
  applicationType: 'offre',
  contactLastName: 'Durand',
  contactFirstName: 'Paule',
  contactPosition: null,
  contactEmail: 'paule.durand@example.com',
  contactPhone: null,
  firstContactDate: null,
  interviewDate: null,
  relaunchDate: '2026-03-16',
  relaunchMethod: 'email',
  response: null,
  responseDate: null,
  offerLink: null,
  suiviStatut: 'relance',
};

beforeAll(async () => {
  await initI18n();
  await i18n.loadNamespaces(['common', 'tracking']);
});

/** Types a whole value at once: MUI inputs are slow to re-render per keystroke under jsdom. */
async function fill(user: ReturnType<typeof userEvent.setup>, input: HTMLElement, value: string) {
  await user.click(input);
  await user.paste(value);
}

/** Date inputs take a full yyyy-mm-dd value, as the browser's picker gives it. */
const pickDate = (input: HTMLElement, value: string) => fireEvent.input(input, { target: { value } });

const signInAsApplicant = () => {
  authStore.setToken('token');
  authStore.setUser({ userType: 'admissible', prenom: 'Léo', nom: 'Martin', mail: 'leo.martin@example.com' });
};

beforeEach(signInAsApplicant);

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  authStore.clear();
  localStorage.clear();
  sessionStorage.clear();
});

/** The last day of next year: in the future whatever the day the test runs. */
const nextYear = `${new Date().getFullYear() + 1}-12-31`;

describe('TrackingFormPage', { timeout: 20_000 }, () => {
  it('checks the required fields before sending anything', async () => {
    const calls = mockApi(() => json(500, {}));
    const user = userEvent.setup();
    renderAt('/admissible/suiviRechercheEmployeur');
    await user.click(await screen.findByRole('button', { name: 'Enregistrer' }));

    const company = screen.getByRole('textbox', { name: /Entreprise visée/ });
    await waitFor(() => expect(company).toHaveAttribute('aria-invalid', 'true'));
    expect(company).toHaveAccessibleDescription(/.+/);
    expect(screen.getByLabelText(/Date de candidature/)).toHaveAttribute('aria-invalid', 'true');
    expect(calls).toHaveLength(0);
  });

  it('puts the server’s errors under their fields', async () => {
    const calls = mockApi((method) =>
      method === 'POST'
        ? json(400, {
            code: 'VALIDATION_FAILED',
            message: 'Invalid body',
            errors: {
              responseDate: ['La date de réponse doit suivre la date de candidature.'],
              contactPhone: ['Numéro de téléphone invalide.'],
            },
          })
        : json(404, { code: 'NOT_FOUND', message: 'Not found' }),
    );
    const user = userEvent.setup();
    renderAt('/admissible/suiviRechercheEmployeur');
    await fill(user, await screen.findByRole('textbox', { name: /Entreprise visée/ }), 'Capgemini');
    await fill(user, screen.getByRole('textbox', { name: /Poste/ }), 'Alternante data');
    pickDate(screen.getByLabelText(/Date de candidature/), '2026-04-10');
    await fill(user, screen.getByRole('textbox', { name: 'Téléphone du contact' }), '01 23 45 67 89');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Réponse' }), 'Positive');
    pickDate(screen.getByLabelText('Date de la réponse'), '2026-04-01');
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));

    await waitFor(() =>
      expect(screen.getByLabelText('Date de la réponse')).toHaveAccessibleDescription(
        'La date de réponse doit suivre la date de candidature.',
      ),
    );
    expect(screen.getByLabelText('Date de la réponse')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('textbox', { name: 'Téléphone du contact' })).toHaveAccessibleDescription(
      'Numéro de téléphone invalide.',
    );
    expect(calls).toHaveLength(1);
    expect(calls[0]?.body).toMatchObject({
      targetCompany: 'Capgemini',
      position: 'Alternante data',
      applicationDate: '2026-04-10',
      contactPhone: '01 23 45 67 89',
      response: 1,
      responseDate: '2026-04-01',
      contactEmail: null,
    });
    expect(screen.getByRole('button', { name: 'Enregistrer' })).toBeEnabled();
  });

  it('loads an entry, saves it with PUT and goes back to the search screen with a message', async () => {
    const calls = mockApi((method) =>
      method === 'GET' ? json(200, entry) : json(200, { ...entry, response: 0, suiviStatut: 'negatif' }),
    );
    const user = userEvent.setup();
    renderAt('/admissible/suiviRechercheEmployeur/7');
    const company = await screen.findByRole('textbox', { name: /Entreprise visée/ });
    expect(company).toHaveValue('Dassault Systèmes');
    expect(screen.getByRole('combobox', { name: 'Moyen de relance' })).toHaveValue('email');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Réponse' }), 'Négative');
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));

    expect(await screen.findByText(/search screen/)).toHaveTextContent('{"trackingSaved":"updated"}');
    const put = calls.find((call) => call.method === 'PUT');
    expect(put?.url).toBe('/api/admissibles/portal/suiviRechercheEmployeur/7');
    expect(put?.body).toMatchObject({ targetCompany: 'Dassault Systèmes', response: 0, relaunchMethod: 'email' });
    expect(put?.body).not.toHaveProperty('suiviStatut');
  });

  it('deletes after confirmation', async () => {
    const calls = mockApi((method) => (method === 'DELETE' ? new Response(null, { status: 204 }) : json(200, entry)));
    const user = userEvent.setup();
    renderAt('/admissible/suiviRechercheEmployeur/7');
    await user.click(await screen.findByRole('button', { name: 'Supprimer' }));
    const dialog = await screen.findByRole('dialog', { name: 'Supprimer cette candidature ?' });
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Supprimer' }));

    expect(await screen.findByText(/search screen/)).toHaveTextContent('{"trackingSaved":"deleted"}');
    expect(calls.filter((call) => call.method === 'DELETE').map((call) => call.url)).toEqual([
      '/api/admissibles/portal/suiviRechercheEmployeur/7',
    ]);
  });
  it('refuses an application date in the future under the field, offers today at most, and lets an interview be planned', async () => {
    const calls = mockApi(() => json(201, entry));
    const user = userEvent.setup();
    renderAt('/admissible/suiviRechercheEmployeur');
    await fill(user, await screen.findByRole('textbox', { name: /Entreprise visée/ }), 'Capgemini');
    await fill(user, screen.getByRole('textbox', { name: /Poste/ }), 'Alternante data');
    const applicationDate = screen.getByLabelText(/Date de candidature/);
    expect(applicationDate).toHaveAttribute('max', expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/));
    expect(screen.getByLabelText('Date de l’entretien')).not.toHaveAttribute('max');
    pickDate(applicationDate, nextYear);
    pickDate(screen.getByLabelText('Date de l’entretien'), nextYear);
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));

    await waitFor(() => expect(applicationDate).toHaveAttribute('aria-invalid', 'true'));
    expect(applicationDate).toHaveAccessibleDescription(
      'Cette date est dans le futur : saisissez une date passée ou celle d’aujourd’hui.',
    );
    expect(screen.getByLabelText('Date de l’entretien')).toHaveAttribute('aria-invalid', 'false');
    expect(calls).toHaveLength(0);
  });

  it('asks before leaving an edited entry with Cancel, and stays when asked to', async () => {
    mockApi(() => json(200, entry));
    const user = userEvent.setup();
    renderAt('/admissible/suiviRechercheEmployeur/7');
    const company = await screen.findByRole('textbox', { name: /Entreprise visée/ });
    await user.clear(company);
    await fill(user, company, 'Dassault Aviation');
    await user.click(screen.getByRole('link', { name: 'Annuler' }));

    const dialog = await screen.findByRole('dialog', { name: 'Quitter sans enregistrer\u00a0?' });
    await user.click(within(dialog).getByRole('button', { name: 'Rester sur la page' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('textbox', { name: /Entreprise visée/ })).toHaveValue('Dassault Aviation');

    await user.click(screen.getByRole('link', { name: 'Annuler' }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Quitter sans enregistrer' }),
    );
    expect(await screen.findByText(/search screen/)).toBeInTheDocument();
  });

  it('leaves an untouched entry with Cancel without asking', async () => {
    mockApi(() => json(200, entry));
    const user = userEvent.setup();
    renderAt('/admissible/suiviRechercheEmployeur/7');
    await screen.findByRole('textbox', { name: /Entreprise visée/ });
    await user.click(screen.getByRole('link', { name: 'Annuler' }));
    expect(await screen.findByText(/search screen/)).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('keeps a visitor’s entry, asks for the personal link, and saves the entry once signed in', async () => {
    authStore.clear();
    const calls = mockApi((method, url) => {
      if (url === '/api/auth/login-link') return new Response(null, { status: 204 });
      if (method === 'POST') return json(201, { ...entry, id: 9 });
      return json(401, { code: 'UNAUTHORIZED', message: 'Not identified' });
    });
    const user = userEvent.setup();
    const first = renderAt('/admissible/suiviRechercheEmployeur');
    await fill(user, await screen.findByRole('textbox', { name: /Entreprise visée/ }), 'Capgemini');
    await fill(user, screen.getByRole('textbox', { name: /Poste/ }), 'Alternante data');
    pickDate(screen.getByLabelText(/Date de candidature/), '2026-04-10');
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));

    const signIn = await screen.findByRole('region', { name: 'Connectez-vous pour enregistrer cette candidature' });
    expect(calls.filter((call) => call.url.includes('suiviRechercheEmployeur'))).toHaveLength(0);
    expect(JSON.parse(localStorage.getItem(storageKeys.trackingPending) ?? '{}')).toMatchObject({
      values: { targetCompany: 'Capgemini', position: 'Alternante data', applicationDate: '2026-04-10' },
    });
    await fill(user, within(signIn).getByRole('textbox', { name: /e-mail/i }), 'leo.martin@example.com');
    await user.click(within(signIn).getByRole('button'));
    await waitFor(() => expect(calls.some((call) => call.url === '/api/auth/login-link')).toBe(true));
    // Leaving for the mailbox asks nothing and keeps the entry.
    await user.click(screen.getByRole('link', { name: 'Annuler' }));
    expect(await screen.findByText(/search screen/)).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(localStorage.getItem(storageKeys.trackingPending)).not.toBeNull();
    first.unmount();

    // The personal link opens the app signed in: the kept entry is sent at once, then forgotten.
    signInAsApplicant();
    renderAt('/admissible/suiviRechercheEmployeur');
    expect(await screen.findByText(/search screen/)).toHaveTextContent('{"trackingSaved":"created"}');
    const post = calls.find(
      (call) => call.method === 'POST' && call.url === '/api/admissibles/portal/suiviRechercheEmployeur',
    );
    expect(post?.body).toMatchObject({
      targetCompany: 'Capgemini',
      position: 'Alternante data',
      applicationDate: '2026-04-10',
    });
    expect(localStorage.getItem(storageKeys.trackingPending)).toBeNull();
  });
});
