import type {
  ApplicantImportResponse,
  StaffApplicantItem,
  StaffApplicantsResponse,
  StaffFiltersResponse,
} from '@passerelle/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { setUpScreenTests } from '../../../test/screen-tests';
import fr from '../../../locales/fr-FR/staff-applicants.json';
import { renderRoutes } from '../../../test/render';
import { requestUrl } from '../../../test/request-url';
import { Component as StaffApplicantsPage } from './staff-applicants-page';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

function applicant(overrides: Partial<StaffApplicantItem>): StaffApplicantItem {
  return {
    id: 5,
    nom: 'Durand',
    prenom: 'Hélène',
    email: 'helene.durand@example.test',
    school: 'EMLV',
    formation: 'Bachelor Marketing digital',
    lang: 'fr-FR',
    invitedAt: null,
    lastSignInAt: null,
    hasCase: false,
    ...overrides,
  };
}

const lists: StaffFiltersResponse = {
  schools: [
    { code: 'EMLV', name: 'EMLV' },
    { code: 'ESILV', name: 'ESILV' },
  ],
  formations: [],
};

interface Call {
  method: string;
  path: string;
  query: string;
  body: unknown;
}

/** The API: `answer` decides each call; every call is recorded. */
function stubApi(answer: (call: Call) => Response | undefined) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(requestUrl(input), 'http://localhost');
      const body =
        init?.body instanceof FormData
          ? init.body
          : typeof init?.body === 'string'
            ? (JSON.parse(init.body) as unknown)
            : undefined;
      const call = { method: init?.method ?? 'GET', path: url.pathname, query: url.searchParams.toString(), body };
      calls.push(call);
      if (url.pathname === '/api/staff/filters') return json(200, lists);
      return answer(call) ?? json(404, { code: 'NOT_FOUND', message: 'Not found' });
    }),
  );
  return calls;
}

const listOf = (items: StaffApplicantItem[], total = items.length): StaffApplicantsResponse => ({ items, total });
const renderAt = (path: string) =>
  renderRoutes([{ path: '/gestion/candidats', element: <StaffApplicantsPage /> }], path);

setUpScreenTests(['staff', 'staff-applicants']);

describe('the admitted applicants', () => {
  it('lists who was invited and who never signed in, and invites or resends from each row', async () => {
    const calls = stubApi((call) => {
      if (call.path === '/api/staff/applicants')
        return json(
          200,
          listOf([
            applicant({}),
            applicant({
              id: 6,
              nom: 'Smith',
              prenom: 'John',
              lang: 'en-US',
              invitedAt: '2026-11-20T09:30:00.000Z',
              lastSignInAt: '2026-11-21T10:00:00.000Z',
              hasCase: true,
            }),
          ]),
        );
      if (call.path === '/api/staff/applicants/5/invite')
        return json(200, { invited: 1, invitedAt: '2026-11-25T10:00:00.000Z' });
      return undefined;
    });
    renderAt('/gestion/candidats');
    const table = await screen.findByRole('table', { name: fr.list.label });
    const [, first, second] = within(table).getAllByRole('row');
    const row = within(first as HTMLElement);
    expect(row.getByText('DURAND Hélène')).toBeInTheDocument();
    expect(row.getByText(fr.list.notInvited)).toBeInTheDocument();
    expect(row.getByText(fr.list.never)).toBeInTheDocument();
    expect(within(second as HTMLElement).getByText(fr.list.languages['en-US'])).toBeInTheDocument();
    expect(within(second as HTMLElement).getByText(fr.list.hasCase)).toBeInTheDocument();
    expect(
      within(second as HTMLElement).getByRole('button', { name: "Renvoyer l'invitation à John Smith" }),
    ).toBeInTheDocument();
    expect(screen.getByText('2 candidats')).toBeInTheDocument();

    fireEvent.click(row.getByRole('button', { name: 'Inviter Hélène Durand' }));
    expect(await screen.findByText('Invitation envoyée à Hélène Durand.')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST' && c.path === '/api/staff/applicants/5/invite')).toBe(true);
  });

  it('writes the search, the school and "never signed in" into the request', async () => {
    const calls = stubApi((call) =>
      call.path === '/api/staff/applicants' ? json(200, listOf([applicant({})], 60)) : undefined,
    );
    renderAt('/gestion/candidats');
    await screen.findByRole('table');
    fireEvent.input(screen.getByRole('searchbox', { name: fr.filters.search }), { target: { value: 'helene' } });
    await waitFor(() => expect(calls.at(-1)?.query).toBe('q=helene'));
    fireEvent.change(screen.getByRole('combobox', { name: fr.filters.school }), { target: { value: 'EMLV' } });
    await waitFor(() => expect(calls.at(-1)?.query).toBe('q=helene&school=EMLV'));
    fireEvent.click(screen.getByRole('checkbox', { name: fr.filters.neverSignedIn }));
    await waitFor(() => expect(calls.at(-1)?.query).toBe('q=helene&school=EMLV&signedIn=never'));
  });

  it('checks a file, shows each wrong line, then imports a right one and invites its applicants', async () => {
    const withErrors: ApplicantImportResponse = {
      rows: 30,
      imported: 0,
      ids: [],
      errors: [
        { line: 3, field: 'email', message: "« hugo@ » n'est pas une adresse e-mail valide." },
        {
          line: 7,
          field: 'formation',
          message: "Aucune formation de l'école EMLV n'a pour intitulé ou code « Doctorat ».",
        },
      ],
      changes: [],
      kept: 0,
    };
    const ids = Array.from({ length: 30 }, (_, i) => i + 100);
    let file = 'bad';
    const calls = stubApi((call) => {
      if (call.path === '/api/staff/applicants') return json(200, listOf([]));
      if (call.path === '/api/staff/applicants/import') {
        if (file === 'bad') return json(200, withErrors);
        return json(
          200,
          call.query === 'dryRun=true'
            ? { rows: 30, imported: 0, ids: [], errors: [], changes: [], kept: 0 }
            : { rows: 30, imported: 30, ids, errors: [], changes: [], kept: 0 },
        );
      }
      if (call.path === '/api/staff/applicants/invite')
        return json(200, { invited: 30, invitedAt: '2026-11-25T10:00:00.000Z' });
      return undefined;
    });
    renderAt('/gestion/candidats');
    expect(await screen.findByText(fr.list.emptyTitle)).toBeInTheDocument();
    fireEvent.click(screen.getAllByRole('button', { name: fr.import.open })[0] as HTMLElement);
    const dialog = await screen.findByRole('dialog', { name: fr.import.title });
    const input = dialog.querySelector('input[type="file"]') as HTMLInputElement;

    fireEvent.change(input, { target: { files: [new File(['nom;prenom'], 'admis-emlv.csv', { type: 'text/csv' })] } });
    const errors = await within(dialog).findByRole('table', { name: fr.import.errorsTable });
    const rows = within(errors).getAllByRole('row');
    expect(rows.map((r) => r.textContent)).toEqual([
      `${fr.import.line}${fr.import.column}${fr.import.message}`,
      `3${fr.import.columns.email}« hugo@ » n'est pas une adresse e-mail valide.`,
      `7${fr.import.columns.formation}Aucune formation de l'école EMLV n'a pour intitulé ou code « Doctorat ».`,
    ]);
    expect(within(dialog).getByText(/2 erreurs sur 30 lignes/)).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: /^Importer 30/ })).not.toBeInTheDocument();

    file = 'good';
    fireEvent.change(input, { target: { files: [new File(['nom;prenom'], 'admis-emlv.csv', { type: 'text/csv' })] } });
    expect(
      await within(dialog).findByText("30 candidats prêts à importer. Rien n'est encore enregistré."),
    ).toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Importer 30 candidats' }));
    expect(await within(dialog).findByText('30 candidats importés.')).toBeInTheDocument();
    expect(calls.filter((c) => c.path === '/api/staff/applicants/import').map((c) => c.query)).toEqual([
      'dryRun=true',
      'dryRun=true',
      'dryRun=false',
    ]);
    const sent = calls.find((c) => c.path === '/api/staff/applicants/import');
    expect(sent?.body instanceof FormData && (sent.body.get('file') as File).name).toBe('admis-emlv.csv');

    fireEvent.click(within(dialog).getByRole('button', { name: 'Inviter les 30 candidats importés' }));
    expect(await within(dialog).findByText('30 invitations envoyées.')).toBeInTheDocument();
    expect(calls.find((c) => c.path === '/api/staff/applicants/invite')?.body).toEqual({ ids, notInvitedOnly: true });
  });

  it('lists the stored applicants a file would change, old and new values, and imports only the changes ticked (issue 29)', async () => {
    const changes: ApplicantImportResponse['changes'] = [
      {
        line: 2,
        applicantId: 41,
        email: 'chloe.bernard@example.test',
        fields: [{ field: 'nom', from: 'Bernard', to: 'Bernard-Roy' }],
        confirmed: false,
      },
      {
        line: 3,
        applicantId: 42,
        email: 'leo.faure@example.test',
        fields: [
          { field: 'school', from: 'EMLV', to: 'ESILV' },
          { field: 'formation', from: 'MSc Finance (2026)', to: 'Cycle ingénieur Informatique (2026)' },
        ],
        confirmed: false,
      },
    ];
    const calls = stubApi((call) => {
      if (call.path === '/api/staff/applicants') return json(200, listOf([]));
      if (call.path === '/api/staff/applicants/import')
        return json(
          200,
          call.query === 'dryRun=true'
            ? { rows: 3, imported: 0, ids: [], errors: [], changes, kept: 0 }
            : { rows: 3, imported: 2, ids: [41, 43], errors: [], changes: [{ ...changes[0], confirmed: true }, changes[1]], kept: 1 },
        );
      return undefined;
    });
    renderAt('/gestion/candidats');
    expect(await screen.findByText(fr.list.emptyTitle)).toBeInTheDocument();
    fireEvent.click(screen.getAllByRole('button', { name: fr.import.open })[0] as HTMLElement);
    const dialog = await screen.findByRole('dialog', { name: fr.import.title });
    const input = dialog.querySelector('input[type="file"]') as HTMLInputElement;
    fireEvent.change(input, { target: { files: [new File(['nom;prenom'], 'admis.csv', { type: 'text/csv' })] } });

    const section = await within(dialog).findByRole('region', { name: '2 candidats déjà enregistrés seraient modifiés' });
    expect(within(section).getByText('Nom : Bernard → Bernard-Roy')).toBeInTheDocument();
    expect(within(section).getByText('École : EMLV → ESILV')).toBeInTheDocument();
    expect(within(section).getByText('Formation : MSc Finance (2026) → Cycle ingénieur Informatique (2026)')).toBeInTheDocument();
    const chloe = within(section).getByRole('checkbox', { name: 'Appliquer à chloe.bernard@example.test (ligne 2)' });
    const leo = within(section).getByRole('checkbox', { name: 'Appliquer à leo.faure@example.test (ligne 3)' });
    // Nothing stored is overwritten unless ticked.
    expect(chloe).not.toBeChecked();
    expect(leo).not.toBeChecked();
    fireEvent.click(chloe);
    expect(chloe).toBeChecked();

    fireEvent.click(within(dialog).getByRole('button', { name: 'Importer 3 candidats' }));
    expect(await within(dialog).findByText('2 candidats importés.')).toBeInTheDocument();
    expect(
      within(dialog).getByText("1 candidat déjà enregistré est resté tel qu'il était (modification non confirmée)."),
    ).toBeInTheDocument();
    expect(calls.filter((c) => c.path === '/api/staff/applicants/import').map((c) => c.query)).toEqual([
      'dryRun=true',
      'dryRun=false&confirm=41',
    ]);
  });

  it("shows the server's words when it refuses the whole file", async () => {
    const message =
      'La première ligne du fichier doit nommer ces colonnes, absentes : adresse e-mail, école, formation.';
    stubApi((call) => {
      if (call.path === '/api/staff/applicants') return json(200, listOf([applicant({})]));
      if (call.path === '/api/staff/applicants/import')
        return json(400, { code: 'VALIDATION_FAILED', message, errors: { file: [message] } });
      return undefined;
    });
    renderAt('/gestion/candidats');
    fireEvent.click(await screen.findByRole('button', { name: fr.import.open }));
    const dialog = await screen.findByRole('dialog', { name: fr.import.title });
    const input = dialog.querySelector('input[type="file"]') as HTMLInputElement;
    fireEvent.change(input, { target: { files: [new File(['x'], 'x.csv')] } });
    expect(await within(dialog).findByText(message)).toBeInTheDocument();
  });
});
