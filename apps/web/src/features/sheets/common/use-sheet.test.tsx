import { i18n, initI18n } from '../../../lib/i18n';
import { renderRoutes } from '../../../test/render';
import { sheetResponse } from '../../../test/sheet-response';
import type { SheetResponse } from '@passerelle/contract';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import fr from '../../../locales/fr-FR/sheets.json';
import { Component as ApplicantFirstContactPage } from '../applicant-first-contact-page';
import { fingerprint, withoutNir } from './draft-storage';

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

type Call = { method: string; url: string; body: unknown };
type Handler = (call: Call) => Response | Promise<Response>;

function mockApi(handler: Handler): Call[] {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const call = { method: init?.method ?? 'GET', url: input instanceof Request ? input.url : input.toString(), body: typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined };
      calls.push(call);
      return handler(call);
    }),
  );
  return calls;
}

const SHEET_URL = '/api/admissibles/fiche-premier-contact/5';
const STORAGE_KEY = 'passerelle.sheet.f1ca.5';

function sheet(overrides: Partial<SheetResponse<'f1ca'>> = {}): SheetResponse<'f1ca'> {
  return sheetResponse<'f1ca'>({
    data: { apprenti: { nom: 'Martin', prenom: 'Camille', nir: '204057512345615' } },
    etapeStatus: [{ type: 'f1ca', status: 1 }],
    ...overrides,
  });
}

function renderPage() {
  return renderRoutes([{ path: '/admissible/fiche-premier-contact/:id', element: <ApplicantFirstContactPage /> }], '/admissible/fiche-premier-contact/5');
}

const identity = async () => within(await screen.findByRole('group', { name: fr.sections.identity }));
const contactGroup = async () => within(await screen.findByRole('group', { name: fr.sections.contact }));

beforeAll(async () => {
  await initI18n();
  await i18n.changeLanguage('fr-FR');
  await i18n.loadNamespaces(['common', 'sheets']);
});

beforeEach(() => localStorage.clear());

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('useSheet autosave', () => {
  it('saves the whole form after a pause in typing, keeps no NIR in this browser, and says when it was saved', async () => {
    const calls = mockApi(({ method, body }) => (method === 'PUT' ? json(200, sheet({ data: body as SheetResponse<'f1ca'>['data'] })) : json(200, sheet())));
    const user = userEvent.setup();
    renderPage();
    const lastName = await (await identity()).findByLabelText(fr.fields.nom);
    expect(lastName).toHaveValue('Martin');

    await user.clear(lastName);
    await user.type(lastName, 'Dupont');
    // While typing, the unsent copy is in local storage, without the NIR.
    const stored = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? '{}') as { data: { apprenti: Record<string, unknown> } };
    expect(stored.data.apprenti['nom']).toBe('Dupont');
    expect(stored.data.apprenti).not.toHaveProperty('nir');
    expect(localStorage.getItem(STORAGE_KEY)).not.toContain('204057512345615');

    await waitFor(() => expect(calls.filter((call) => call.method === 'PUT')).toHaveLength(1), { timeout: 3000 });
    const put = calls.find((call) => call.method === 'PUT');
    expect(put?.url).toBe(SHEET_URL);
    // The address inputs, left empty, give an empty block.
    expect((put?.body as { apprenti: unknown }).apprenti).toEqual({ nom: 'Dupont', prenom: 'Camille', nir: '204057512345615', adresse: {} });
    await waitFor(() => expect(screen.getAllByText(/^Enregistré à \d{2}:\d{2}$/).length).toBeGreaterThan(0));
    // Saved: the local copy has served its purpose.
    expect(localStorage.getItem(STORAGE_KEY)).toBeNull();
  });

  it('says it will try again when the server cannot be reached, and keeps the local copy', async () => {
    mockApi(({ method }) => (method === 'PUT' ? json(503, { code: 'SERVICE_UNAVAILABLE', message: 'down' }) : json(200, sheet())));
    const user = userEvent.setup();
    renderPage();
    await user.type(await (await identity()).findByLabelText(fr.fields.prenom), '-Marie');
    await waitFor(() => expect(screen.getAllByText(fr.save.retrying).length).toBeGreaterThan(0), { timeout: 3000 });
    expect(localStorage.getItem(STORAGE_KEY)).toContain('Camille-Marie');
  });

  it('restores the unsent copy made over the same server data, with the NIR from the server', async () => {
    const server = sheet();
    localStorage.setItem(
      STORAGE_KEY,
      JSON.stringify({ data: { apprenti: { nom: 'Martin', prenom: 'Camille', telephone: '0611223344' } }, base: fingerprint(withoutNir(server.data)), savedAt: Date.now() }),
    );
    const calls = mockApi(({ method, body }) => (method === 'PUT' ? json(200, sheet({ data: body as SheetResponse<'f1ca'>['data'] })) : json(200, server)));
    renderPage();
    expect(await (await identity()).findByLabelText(fr.fields.telephone)).toHaveValue('0611223344');
    expect(screen.getByText(fr.restored)).toBeInTheDocument();
    expect((await identity()).getByLabelText(fr.fields.nir)).toHaveValue('204057512345615');
    // The restored answers go to the server at once.
    await waitFor(() => expect(calls.find((call) => call.method === 'PUT')?.body).toMatchObject({ apprenti: { telephone: '0611223344', nir: '204057512345615' } }));
  });

  it('drops a copy made over older server data', async () => {
    localStorage.setItem(STORAGE_KEY, JSON.stringify({ data: { apprenti: { nom: 'Ancien' } }, base: 'something else', savedAt: 1 }));
    mockApi(() => json(200, sheet()));
    renderPage();
    expect(await (await identity()).findByLabelText(fr.fields.nom)).toHaveValue('Martin');
    expect(screen.queryByText(fr.restored)).not.toBeInTheDocument();
    expect(localStorage.getItem(STORAGE_KEY)).toBeNull();
  });
});

describe('useSheet submit', () => {
  it('puts the server errors under their fields, lists them at the top and focuses the first', async () => {
    mockApi(({ method, url }) => {
      if (method === 'POST' && url === `${SHEET_URL}/submit`)
        return json(400, {
          code: 'VALIDATION_FAILED',
          message: 'The sheet is incomplete or breaks a rule',
          errors: { 'contacts.contactEntreprise.courriel': ['contact.not_company_account'], 'employeur.denomination': ['field.required'] },
        });
      return json(200, sheet());
    });
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: fr.f1ca.submit }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: fr.f1ca.submit }));

    const email = (await contactGroup()).getByLabelText(fr.fields.courriel);
    await waitFor(() => expect(email).toHaveAccessibleDescription(/n'est pas un compte employeur/));
    expect(email).toHaveAttribute('aria-invalid', 'true');
    const summary = screen.getByRole('alert', { name: '' });
    expect(within(summary).getByText(fr.summary.errorsTitle)).toBeInTheDocument();
    expect(within(summary).getByRole('link', { name: /Raison sociale : Ce champ est obligatoire\./ })).toBeInTheDocument();
    await waitFor(() => expect(email).toHaveFocus());
  });

  it("fills the server's messages with the values it sends, never showing a placeholder", async () => {
    mockApi(({ method, url }) => {
      if (method === 'POST' && url === `${SHEET_URL}/submit`)
        return json(400, {
          code: 'VALIDATION_FAILED',
          message: 'The sheet is incomplete or breaks a rule',
          errors: { 'apprenti.dateNaissance': ['age.under_15'] },
          params: { 'apprenti.dateNaissance': { 'age.under_15': { min: 15 } } },
        });
      return json(200, sheet());
    });
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: fr.f1ca.submit }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: fr.f1ca.submit }));
    const birth = (await identity()).getByLabelText(fr.fields.dateNaissance);
    await waitFor(() => expect(birth).toHaveAccessibleDescription(/au moins 15 ans à la date de début du contrat/));
    expect(screen.getByRole('alert', { name: '' })).not.toHaveTextContent(/[{}]/);
  });

  it('puts a 429 with a field error under its field: the invitations of the day are used up', async () => {
    mockApi(({ method, url }) => {
      if (method === 'POST' && url === `${SHEET_URL}/submit`)
        return json(429, {
          code: 'RATE_LIMITED',
          message: 'This account has invited as many employers as it may today',
          errors: { 'contacts.contactEntreprise.courriel': ['contact.invitations_per_day'] },
        });
      return json(200, sheet());
    });
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: fr.f1ca.submit }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: fr.f1ca.submit }));
    const email = (await contactGroup()).getByLabelText(fr.fields.courriel);
    await waitFor(() => expect(email).toHaveAccessibleDescription(/envoyez-la demain/));
  });

  it('keeps a server error through a blur, and drops it once the value changes', async () => {
    mockApi(({ method, url }) => {
      if (method === 'POST' && url === `${SHEET_URL}/submit`)
        return json(400, { code: 'VALIDATION_FAILED', message: 'incomplete', errors: { 'contacts.contactEntreprise.nom': ['field.required'] } });
      return json(200, sheet());
    });
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: fr.f1ca.submit }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: fr.f1ca.submit }));
    const lastName = (await contactGroup()).getByLabelText(fr.fields.nom);
    await waitFor(() => expect(lastName).toHaveFocus());
    expect(lastName).toHaveAccessibleDescription('Ce champ est obligatoire.');

    await user.tab();
    await waitFor(() => expect(lastName).toHaveAttribute('aria-invalid', 'true'));
    expect(lastName).toHaveAccessibleDescription('Ce champ est obligatoire.');

    await user.type(lastName, 'Blanc');
    await user.tab();
    await waitFor(() => expect(lastName).toHaveAttribute('aria-invalid', 'false'));
  }, 20_000);

  it('shows the sheet read-only when the server says it is locked', async () => {
    let locked = false;
    mockApi(({ method }) => {
      if (method === 'POST') {
        locked = true;
        return json(409, { code: 'LOCKED', message: 'This sheet is already sent and can no longer be changed' });
      }
      return json(200, locked ? sheet({ status: 'submitted', readOnly: true, submittedAt: '2026-03-02T10:15:00.000Z' }) : sheet());
    });
    const user = userEvent.setup();
    renderPage();
    // The check before the confirmation already learns that the sheet is locked: no confirmation for a sheet that cannot be sent.
    await user.click(await screen.findByRole('button', { name: fr.f1ca.submit }));
    expect(await screen.findByText(/^Fiche envoyée le 02\/03\/2026/)).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).toBeNull();
    const summary = within(await screen.findByRole('region', { name: fr.sections.identity }));
    expect(summary.getByText(`${fr.fields.nom} (${fr.people.apprentice})`).nextElementSibling).toHaveTextContent('Martin');
    expect(screen.queryAllByRole('textbox')).toHaveLength(0);
    expect(screen.queryByRole('button', { name: fr.f1ca.submit })).not.toBeInTheDocument();
  });
});

describe('useSheet: validate before confirming (issue 9)', () => {
  const DRY_RUN = `${SHEET_URL}/submit?dryRun=true`;

  it('shows the dry run’s errors under their fields and in the summary, naming whose each name is, and opens no confirmation', async () => {
    const calls = mockApi(({ method, url }) => {
      if (method === 'POST' && url === DRY_RUN)
        return json(400, {
          code: 'VALIDATION_FAILED',
          message: 'incomplete',
          errors: { 'apprenti.dateNaissance': ['field.required'], 'contacts.contactEntreprise.nom': ['field.required'], 'contacts.contactEntreprise.courriel': ['field.required'] },
        });
      return json(200, sheet());
    });
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: fr.f1ca.submit }));
    const summary = await screen.findByRole('alert');
    expect(summary).toHaveTextContent(fr.summary.errorsTitle.replace('{{count}}', '3'));
    expect(within(summary).getByRole('link', { name: `${fr.fields.nom} (${fr.people.companyContact}) : Ce champ est obligatoire.` })).toBeInTheDocument();
    expect(within(summary).getByRole('link', { name: new RegExp(`^${fr.fields.dateNaissance} \\(${fr.people.apprentice}\\)`) })).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).toBeNull();
    await waitFor(() => expect(within(screen.getByRole('group', { name: fr.sections.identity })).getByLabelText(fr.fields.dateNaissance)).toHaveFocus());
    expect(calls.filter((call) => call.method === 'POST' && call.url === `${SHEET_URL}/submit`)).toHaveLength(0);
  });

  it('asks to confirm a sheet the dry run passes, and only then sends it', async () => {
    const calls = mockApi(({ method, url }) => (method === 'POST' && url === DRY_RUN ? new Response(null, { status: 204 }) : json(200, sheet())));
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: fr.f1ca.submit }));
    const dialog = await screen.findByRole('dialog');
    expect(calls.filter((call) => call.url === `${SHEET_URL}/submit`)).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: fr.f1ca.submit }));
    await waitFor(() => expect(calls.filter((call) => call.method === 'POST' && call.url === `${SHEET_URL}/submit`)).toHaveLength(1));
  });
});

describe('useSheet: a NIR the server cannot take (issue 9)', () => {
  beforeEach(() => sessionStorage.clear());

  it('keeps it in this tab through a reload, never in local storage, and shows what is wrong with it', async () => {
    const saved = sheet({ data: { apprenti: { nom: 'Martin', prenom: 'Camille' } } });
    const calls = mockApi(({ method }) => json(200, method === 'PUT' ? saved : sheet()));
    const user = userEvent.setup();
    renderPage();
    const nir = (await identity()).getByLabelText(fr.fields.nir);
    await user.clear(nir);
    await user.type(nir, '1040575');
    await user.tab();
    await waitFor(() => expect(calls.filter((call) => call.method === 'PUT')).toHaveLength(1), { timeout: 3000 });
    // The autosave leaves it out (drafts hold well-formed values only)…
    expect(getNir(calls.find((call) => call.method === 'PUT')?.body)).toBeUndefined();
    expect(localStorage.getItem(STORAGE_KEY) ?? '').not.toContain('1040575');
    cleanup();

    // …and the reloaded page brings it back from this tab, with its error, though the server no longer has one.
    mockApi(() => json(200, saved));
    renderPage();
    const again = (await identity()).getByLabelText(fr.fields.nir);
    await waitFor(() => expect(again).toHaveValue('1040575'));
    await waitFor(() => expect(again).toHaveAttribute('aria-invalid', 'true'));
    expect(await screen.findAllByText(fr.save.invalid)).not.toHaveLength(0);
  }, 20_000);

  it('forgets it once the server holds the corrected number', async () => {
    sessionStorage.setItem('passerelle.sheet.nir.f1ca.5', '1040575');
    mockApi(() => json(200, sheet()));
    renderPage();
    const nir = (await identity()).getByLabelText(fr.fields.nir);
    await waitFor(() => expect(nir).toHaveValue('1040575'));
    await userEvent.setup().clear(nir);
    await userEvent.setup().type(nir, '204057512345615');
    await waitFor(() => expect(sessionStorage.getItem('passerelle.sheet.nir.f1ca.5')).toBeNull(), { timeout: 3000 });
  }, 20_000);
});

const getNir = (body: unknown) => ((body as { apprenti?: { nir?: unknown } } | undefined)?.apprenti ?? {}).nir;
