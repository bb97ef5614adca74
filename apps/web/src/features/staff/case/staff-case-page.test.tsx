import type { StaffDossierDetailResponse } from '@passerelle/contract';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { authStore } from '../../../lib/auth-store';
import { i18n, initI18n } from '../../../lib/i18n';
import en from '../../../locales/en-US/staff-case.json';
import fr from '../../../locales/fr-FR/staff-case.json';
import { renderRoutes } from '../../../test/render';
import { requestUrl } from '../../../test/request-url';
import { Component as StaffCasePage } from './staff-case-page';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const DETAIL_URL = '/api/staff/dossiers/42';

function detail(overrides: Partial<StaffDossierDetailResponse> = {}): StaffDossierDetailResponse {
  return {
    id: 42,
    dossierName: 'Atelier Contraste — Chargée de communication',
    dossierStatut: 7,
    etapeStatus: [
      { type: 'f1ca', status: 3 },
      { type: 'f1ce', status: 3 },
      { type: 'modalites_re', status: 3 },
      { type: 'fra', status: 3 },
      { type: 'fre', status: 2 },
    ],
    applicant: { nom: 'Mercier', prenom: 'Alix', email: 'alix.mercier@example.test' },
    school: 'ESILV',
    formation: 'Ingénieur informatique',
    companyName: 'Atelier Contraste',
    waitingFor: { action: 'fre', actor: 'company', to: null },
    waitingSince: '2026-11-10T09:00:00.000Z',
    updatedAt: '2026-11-20T14:30:00.000Z',
    dossierAccessible: true,
    allowedActions: ['return', 'missions-complement', 'document-review', 'archive'],
    returnableSheets: ['fra', 'missions'],
    applicantDocuments: {
      cvec: { url: '/api/files/cvec-1', isValid: false, rejectedReason: null, number: 'PAR1234567' },
      attestationBac: { url: null, isValid: false, rejectedReason: null },
    },
    sheets: [
      {
        kind: 'f1ca',
        status: 'submitted',
        data: {
          apprenti: {
            nom: 'Mercier',
            prenom: 'Alix',
            telephone: '06 11 22 33 44',
            courriel: 'alix.mercier@example.test',
          },
          employeur: { denomination: 'Atelier Contraste' },
          contacts: {
            contactEntreprise: {
              nom: 'Garnier',
              prenom: 'Lise',
              courriel: 'lise.garnier@example.test',
              fonction: 'DRH',
            },
          },
        },
        submittedAt: '2026-11-02T10:00:00.000Z',
        updatedAt: '2026-11-02T10:00:00.000Z',
      },
      {
        kind: 'f1ce',
        status: 'submitted',
        data: {
          employeur: { denomination: 'Atelier Contraste', siret: '73282932000074' },
          maitre1: {
            nom: 'Roux',
            prenom: 'Paul',
            courriel: 'paul.roux@example.test',
            emploiOccupe: 'Directeur artistique',
          },
          contacts: { signataire: { nom: 'Garnier', prenom: 'Lise', courriel: 'lise.garnier@example.test' } },
        },
        submittedAt: '2026-11-04T10:00:00.000Z',
        updatedAt: '2026-11-04T10:00:00.000Z',
      },
      {
        kind: 'fre',
        status: 'draft',
        data: { opco: { numeroAdherent: 'A-12' } },
        submittedAt: null,
        updatedAt: '2026-11-19T08:00:00.000Z',
      },
    ],
    documents: [{ id: 'f1', kind: 'cv', name: 'CV Alix Mercier.pdf', size: 250_000, url: '/api/files/f1' }],
    events: [
      {
        at: '2026-11-02T10:00:00.000Z',
        type: 'sheet.submitted',
        actor: { name: 'Alix Mercier', email: 'alix.mercier@example.test', userType: 'admissible' },
        details: { kind: 'f1ca' },
      },
      {
        at: '2026-11-05T09:15:00.000Z',
        type: 'first_contact.accept',
        actor: { name: 'Sophie Bernard', email: 'sophie.bernard@example.test', userType: 'staff' },
        details: { decision: 'accept', statut: { from: 3, to: 4 } },
      },
    ],
    ...overrides,
  };
}

/** GET answers the details in turn (the last one repeats); POST answers `onPost`, which sees the body sent. */
function mockApi(
  pages: StaffDossierDetailResponse[],
  onPost: (url: string, body: unknown) => Response = () => json(200, { id: 42, dossierStatut: 7, etapeStatus: [] }),
) {
  let gets = 0;
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = requestUrl(input);
    if (init?.method === 'POST') return onPost(url, typeof init.body === 'string' ? JSON.parse(init.body) : undefined);
    if (url !== DETAIL_URL) return json(404, { code: 'NOT_FOUND', message: 'Not found' });
    const page = pages[Math.min(gets, pages.length - 1)];
    gets += 1;
    return json(200, page);
  });
  vi.stubGlobal('fetch', fetchMock);
  return { fetchMock, gets: () => gets };
}

const renderPage = () =>
  renderRoutes([{ path: '/gestion/dossiers/:id', element: <StaffCasePage /> }], '/gestion/dossiers/42');

const actions = async () => within(await screen.findByRole('region', { name: fr.actions.title }));

beforeAll(async () => {
  await initI18n();
  await i18n.loadNamespaces(['common', 'staff-case', 'sheets']);
});

afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  await i18n.changeLanguage('fr-FR');
});

// Each test opens a lazy dialog and waits for two answers: a loaded machine needs more than the default 5 s.
describe('StaffCasePage', { timeout: 15_000 }, () => {
  it('shows the parties, the documents, the sheets and the history of the case', async () => {
    mockApi([detail()]);
    renderPage();
    const title = await screen.findByRole('heading', { level: 1, name: 'Dossier n° 42 — Alix Mercier' });
    const header = within(title.closest('header') ?? document.body);
    expect(header.getByText('En cours')).toBeInTheDocument();
    expect(header.getByText('Contrat en préparation')).toBeInTheDocument();
    expect(header.getByText('Atelier Contraste — Chargée de communication')).toBeInTheDocument();
    expect(screen.getByText(/Fiche de renseignements de l'entreprise — l'entreprise/)).toBeInTheDocument();

    const parties = within(screen.getByRole('region', { name: fr.parties.title }));
    expect(parties.getByRole('link', { name: 'alix.mercier@example.test' })).toHaveAttribute(
      'href',
      'mailto:alix.mercier@example.test',
    );
    expect(parties.getByText('06 11 22 33 44')).toBeInTheDocument();
    expect(parties.getByText('73282932000074')).toBeInTheDocument();
    // The contact the applicant named also signs: one person, both roles.
    const contact = parties.getByRole('region', {
      name: `${fr.parties.contacts.contactEntreprise} · ${fr.parties.contacts.signataire}`,
    });
    expect(contact).toHaveTextContent('Lise Garnier');
    expect(parties.getByRole('region', { name: fr.parties.contacts.maitre1 })).toHaveTextContent('Paul Roux');

    const documents = within(screen.getByRole('region', { name: fr.documents.title }));
    expect(documents.getByRole('link', { name: /CV Alix Mercier\.pdf/ })).toBeInTheDocument();
    expect(documents.getByText(/244 ko/)).toBeInTheDocument();
    expect(documents.getByText('N° CVEC : PAR1234567')).toBeInTheDocument();
    expect(documents.getByRole('region', { name: fr.documents.kinds.attestationBac })).toHaveTextContent(
      fr.documents.state.missing,
    );

    const sheets = within(screen.getByRole('region', { name: fr.sheets.title }));
    const employerSheet = sheets.getByRole('button', { name: /Fiche de renseignements de l'entreprise/ });
    expect(employerSheet).toHaveTextContent(fr.sheets.draft);
    await userEvent.click(sheets.getByRole('button', { name: /Fiche premier contact de l'alternant/ }));
    expect(await sheets.findByText('DRH')).toBeInTheDocument();

    const history = within(screen.getByRole('region', { name: fr.timeline.title }));
    const items = history.getAllByRole('listitem');
    expect(items[0]).toHaveTextContent('Premier contact accepté');
    expect(items[0]).toHaveTextContent('05/11/2026');
    expect(items[0]).toHaveTextContent('par Sophie Bernard (Équipe du CFA)');
    expect(items[0]).toHaveTextContent('Statut : Premier contact à valider → Modalités à enregistrer');
    expect(items[1]).toHaveTextContent('Fiche envoyée');
  });

  it("reads a returned sheet's words as the message they were, a refusal's as its reason", async () => {
    const staff = { name: 'Sophie Bernard', email: 'sophie.bernard@example.test', userType: 'staff' as const };
    mockApi([
      detail({
        events: [
          {
            at: '2026-11-06T09:00:00.000Z',
            type: 'sheet.returned',
            actor: staff,
            details: { kind: 'fra', reason: 'Téléphone à corriger.' },
          },
          {
            at: '2026-11-07T09:00:00.000Z',
            type: 'first_contact.refuse',
            actor: staff,
            details: { decision: 'refuse', reason: 'Hors formation.' },
          },
        ],
      }),
    ]);
    renderPage();
    const history = within(await screen.findByRole('region', { name: fr.timeline.title }));
    const items = await history.findAllByRole('listitem');
    expect(items[1]).toHaveTextContent(fr.timeline.message.replace('{{text}}', 'Téléphone à corriger.'));
    expect(items[0]).toHaveTextContent(fr.timeline.reason.replace('{{text}}', 'Hors formation.'));
  });

  it('offers only the actions the state allows, the closing ones apart', async () => {
    mockApi([detail()]);
    renderPage();
    await screen.findByRole('heading', { level: 1 });
    const panel = await actions();
    expect(panel.getByRole('button', { name: fr.actions.labels.return })).toBeInTheDocument();
    expect(panel.getByRole('button', { name: fr.actions.labels['missions-complement'] })).toBeInTheDocument();
    expect(
      within(panel.getByRole('region', { name: fr.actions.closing })).getByRole('button', {
        name: fr.actions.labels.archive,
      }),
    ).toBeInTheDocument();
    for (const absent of [
      'accept',
      'refuse',
      'modalites',
      'contract-prepared',
      'signed',
      'reopen',
      'breaking',
      'broken',
    ] as const)
      expect(panel.queryByRole('button', { name: fr.actions.labels[absent] })).not.toBeInTheDocument();
    // The attestation is not uploaded: nothing to review; the CVEC is.
    expect(screen.getByRole('button', { name: 'Valider : Attestation CVEC' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Valider : Attestation du baccalauréat' })).not.toBeInTheDocument();
  });

  it('says when no action is possible', async () => {
    mockApi([detail({ allowedActions: [], dossierStatut: 13 })]);
    renderPage();
    expect(await screen.findByText(fr.actions.none)).toBeInTheDocument();
  });

  it('returns a sheet only with a message, posts it and reads the case again', async () => {
    const posts: { url: string; body: unknown }[] = [];
    const api = mockApi([detail(), detail({ allowedActions: ['archive'] })], (url, body) => {
      posts.push({ url, body });
      return json(200, { id: 42, dossierStatut: 7, etapeStatus: [] });
    });
    renderPage();
    await userEvent.click((await actions()).getByRole('button', { name: fr.actions.labels.return }));
    const dialog = await screen.findByRole('dialog', { name: fr.dialog.titles.return });
    expect(dialog).toHaveTextContent(fr.dialog.consequences.return);
    await userEvent.selectOptions(within(dialog).getByRole('combobox', { name: /Fiche à renvoyer/ }), 'fra');
    await userEvent.click(within(dialog).getByRole('button', { name: fr.dialog.confirm.return }));
    const message = within(dialog).getByRole('textbox', { name: /Message à l'auteur de la fiche/ });
    await waitFor(() => expect(message).toHaveAccessibleDescription('Ce champ est obligatoire.'));
    expect(message).toHaveAttribute('aria-invalid', 'true');
    expect(posts).toHaveLength(0);

    await userEvent.type(message, 'Le numéro de sécurité sociale est incomplet.');
    await userEvent.click(within(dialog).getByRole('button', { name: fr.dialog.confirm.return }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(posts).toEqual([
      {
        url: '/api/staff/dossiers/42/return',
        body: { sheet: 'fra', message: 'Le numéro de sécurité sociale est incomplet.' },
      },
    ]);
    const done = await screen.findByText(`C'est fait : ${fr.actions.labels.return}.`);
    // The button that opened the dialog may be gone with the new state: the outcome has the focus.
    await waitFor(() => expect(done.closest('[tabindex="-1"]')).toHaveFocus());
    await waitFor(() => expect(api.gets()).toBe(2));
    const panel = await actions();
    await waitFor(() =>
      expect(panel.queryByRole('button', { name: fr.actions.labels.return })).not.toBeInTheDocument(),
    );
  });

  it('says the case changed and shows it as it is now on a 409', async () => {
    const api = mockApi([detail(), detail({ allowedActions: [], dossierStatut: 9 })], () =>
      json(409, { code: 'CONFLICT', message: 'Not allowed in this state' }),
    );
    renderPage();
    await userEvent.click((await actions()).getByRole('button', { name: fr.actions.labels.archive }));
    const dialog = await screen.findByRole('dialog', { name: fr.dialog.titles.archive });
    await userEvent.type(
      within(dialog).getByRole('textbox', { name: /Motif/ }),
      "L'alternant a trouvé un autre contrat.",
    );
    await userEvent.click(within(dialog).getByRole('button', { name: fr.dialog.confirm.archive }));
    expect(await screen.findByText(fr.feedback.conflict)).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await waitFor(() => expect(api.gets()).toBe(2));
    expect(await screen.findByText(fr.archivedNotice)).toBeInTheDocument();
  });

  it('rejects a document only with a reason, and puts the server messages under the fields', async () => {
    const posts: unknown[] = [];
    mockApi([detail()], (_url, body) => {
      posts.push(body);
      return json(400, { code: 'VALIDATION_FAILED', message: 'Invalid', errors: { reason: ['Motif trop vague.'] } });
    });
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Refuser : Attestation CVEC' }));
    const dialog = await screen.findByRole('dialog', { name: 'Refuser : Attestation CVEC ?' });
    await userEvent.click(within(dialog).getByRole('button', { name: fr.dialog.confirm.reject }));
    const reason = within(dialog).getByRole('textbox', { name: /Motif/ });
    await waitFor(() => expect(reason).toHaveAccessibleDescription('Ce champ est obligatoire.'));
    expect(posts).toHaveLength(0);

    await userEvent.type(reason, 'Illisible');
    await userEvent.click(within(dialog).getByRole('button', { name: fr.dialog.confirm.reject }));
    await waitFor(() => expect(reason).toHaveAccessibleDescription('Motif trop vague.'));
    expect(posts).toEqual([{ document: 'cvec', decision: 'rejected', reason: 'Illisible' }]);
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('shows the signature procedure and checks a paper scan: confirmed with the role, rejected only with a reason', async () => {
    const signature: NonNullable<StaffDossierDetailResponse['signature']> = {
      procedureId: 'proc-1',
      state: 'pending',
      procedureState: 'pending',
      method: 'manual',
      createdAt: '2026-11-20T09:00:00.000Z',
      expiresAt: null,
      signers: [
        {
          role: 'employer',
          name: 'Lise Garnier',
          email: 'lise.garnier@example.test',
          status: 'signed',
          at: '2026-11-21T10:00:00.000Z',
          method: 'online',
          refusalReason: null,
          scanUrl: null,
          codeLocked: false,
        },
        {
          role: 'apprentice',
          name: 'Alix Mercier',
          email: 'alix.mercier@example.test',
          status: 'submitted',
          at: '2026-11-22T10:00:00.000Z',
          method: 'manual',
          refusalReason: null,
          scanUrl: '/api/files/scan-1',
          codeLocked: false,
        },
      ],
      signedDocumentUrl: null,
      sealFailure: null,
      evidenceUrl: '/api/staff/dossiers/42/evidence',
    };
    const posts: { url: string; body: unknown }[] = [];
    const api = mockApi([detail({ signature })], (url, body) => {
      posts.push({ url, body });
      return json(200, { id: 42, dossierStatut: 7, etapeStatus: [] });
    });
    renderPage();
    const card = within(await screen.findByRole('region', { name: fr.signature.title }));
    const signers = card.getAllByRole('listitem');
    expect(signers).toHaveLength(2);
    expect(signers[0]).toHaveTextContent('Lise Garnier');
    expect(signers[0]).toHaveTextContent(fr.signature.statuses.signed);
    expect(signers[1]).toHaveTextContent('Alix Mercier');
    expect(signers[1]).toHaveTextContent(fr.signature.statuses.submitted);
    expect(card.getByRole('link', { name: 'Télécharger le scan : Apprenti' })).toHaveAttribute(
      'href',
      '/api/files/scan-1',
    );
    expect(card.getAllByRole('button')).toHaveLength(2);

    await userEvent.click(card.getByRole('button', { name: 'Confirmer le scan signé : Apprenti' }));
    let dialog = await screen.findByRole('dialog', { name: fr.dialog.titles['confirm-scan'] });
    await userEvent.click(within(dialog).getByRole('button', { name: fr.dialog.confirm['confirm-scan'] }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(posts).toEqual([
      { url: '/api/staff/dossiers/42/manual-signature', body: { decision: 'confirmed', role: 'apprentice' } },
    ]);
    await waitFor(() => expect(api.gets()).toBe(2));

    await userEvent.click(await screen.findByRole('button', { name: 'Refuser le scan signé : Apprenti' }));
    dialog = await screen.findByRole('dialog', { name: fr.dialog.titles['reject-scan'] });
    await userEvent.click(within(dialog).getByRole('button', { name: fr.dialog.confirm['reject-scan'] }));
    const reason = within(dialog).getByRole('textbox', { name: /Motif/ });
    await waitFor(() => expect(reason).toHaveAccessibleDescription('Ce champ est obligatoire.'));
    expect(posts).toHaveLength(1);
    await userEvent.type(reason, 'Page 2 manquante');
    await userEvent.click(within(dialog).getByRole('button', { name: fr.dialog.confirm['reject-scan'] }));
    await waitFor(() => expect(posts).toHaveLength(2));
    expect(posts[1]).toEqual({
      url: '/api/staff/dossiers/42/manual-signature',
      body: { decision: 'rejected', role: 'apprentice', reason: 'Page 2 manquante' },
    });
  });

  it('says a signer is locked after too many wrong codes and how to restart the procedure', async () => {
    const signer = {
      role: 'employer' as const,
      name: 'Lise Garnier',
      email: 'lise.garnier@example.test',
      status: 'pending' as const,
      at: null,
      method: null,
      refusalReason: null,
      scanUrl: null,
      codeLocked: true,
    };
    const signature: NonNullable<StaffDossierDetailResponse['signature']> = {
      procedureId: 'proc-2',
      state: 'pending',
      procedureState: 'pending',
      method: 'online',
      createdAt: '2026-11-20T09:00:00.000Z',
      expiresAt: null,
      signers: [signer, { ...signer, role: 'apprentice', name: 'Alix Mercier', status: 'waiting', codeLocked: false }],
      signedDocumentUrl: null,
      sealFailure: null,
      evidenceUrl: '/api/staff/dossiers/42/evidence',
    };
    mockApi([detail({ signature, allowedActions: ['contract-prepared-again', 'archive'] })]);
    renderPage();
    const card = within(await screen.findByRole('region', { name: fr.signature.title }));
    const [locked, waiting] = card.getAllByRole('listitem');
    expect(locked).toHaveTextContent(fr.signature.codeLocked);
    expect(waiting).not.toHaveTextContent(fr.signature.codeLocked);
    // The way to restart it is on the page.
    expect((await actions()).getByRole('button', { name: fr.actions.labels['contract-prepared-again'] })).toBeInTheDocument();
  });

  it('says why a contract signed by everyone could not be sealed: whose scan, the reason in words, what to do next', async () => {
    const signer = (role: 'employer' | 'school', name: string) => ({
      role,
      name,
      email: `${role}@example.test`,
      status: 'signed' as const,
      at: '2026-11-21T10:00:00.000Z',
      method: 'manual' as const,
      refusalReason: null,
      scanUrl: `/api/files/scan-${role}`,
      codeLocked: false,
    });
    mockApi([
      detail({
        signature: {
          procedureId: 'proc-2',
          state: 'signed',
          procedureState: 'pending',
          method: 'manual',
          createdAt: '2026-11-20T09:00:00.000Z',
          expiresAt: null,
          signers: [signer('employer', 'Lise Garnier'), signer('school', 'Camille Roux')],
          signedDocumentUrl: null,
          sealFailure: { reason: 'too_complex', role: 'employer', at: '2026-11-23T10:00:00.000Z' },
          evidenceUrl: '/api/staff/dossiers/42/evidence',
        },
      }),
    ]);
    renderPage();
    const card = within(await screen.findByRole('region', { name: fr.signature.title }));
    const alert = card.getByText(fr.signature.sealFailed.title).closest('[class*="MuiAlert-root"]');
    expect(alert).toHaveTextContent(
      `Le scan déposé pour « ${fr.signature.roles.employer} » a été refusé à la lecture : ${fr.signature.sealFailed.reasons.too_complex}`,
    );
    expect(alert).toHaveTextContent(fr.signature.sealFailed.next);
    expect(alert).not.toHaveTextContent('too_complex');
  });

  it('prepares a prepared contract again only as its own action: the signatures it cancels named, a reason required (issue 29)', async () => {
    const signer = {
      role: 'employer' as const,
      name: 'Lise Garnier',
      email: 'lise.garnier@example.test',
      status: 'signed' as const,
      at: '2026-11-21T10:00:00.000Z',
      method: 'online' as const,
      refusalReason: null,
      scanUrl: null,
      codeLocked: false,
    };
    const signature: NonNullable<StaffDossierDetailResponse['signature']> = {
      procedureId: 'proc-3',
      state: 'pending',
      procedureState: 'pending',
      method: 'online',
      createdAt: '2026-11-20T09:00:00.000Z',
      expiresAt: null,
      signers: [
        signer,
        { ...signer, role: 'apprentice', name: 'Alix Mercier', status: 'pending', at: null, method: null },
        { ...signer, role: 'school', name: 'CFA', status: 'waiting', at: null, method: null },
      ],
      signedDocumentUrl: null,
      sealFailure: null,
      evidenceUrl: '/api/staff/dossiers/42/evidence',
    };
    const posts: { url: string; body: unknown }[] = [];
    mockApi([detail({ signature, allowedActions: ['contract-prepared-again', 'signed', 'archive'] })], (url, body) => {
      posts.push({ url, body });
      return posts.length === 1
        ? json(400, { code: 'VALIDATION_FAILED', message: 'Invalid', errors: { reason: ['field.required'] } })
        : json(200, { id: 42, dossierStatut: 7, etapeStatus: [] });
    });
    renderPage();
    const panel = await actions();
    // The first preparation is not offered once done.
    expect(panel.queryByRole('button', { name: fr.actions.labels['contract-prepared'] })).not.toBeInTheDocument();
    await userEvent.click(panel.getByRole('button', { name: fr.actions.labels['contract-prepared-again'] }));
    const dialog = await screen.findByRole('dialog', { name: fr.dialog.titles['contract-prepared-again'] });
    expect(dialog).toHaveAccessibleDescription(fr.dialog.consequences['contract-prepared-again']);
    // Which signatures are cancelled: the one given, not those still to give.
    expect(within(dialog).getByText(fr.dialog.again.cancelled)).toBeInTheDocument();
    const cancelled = within(dialog).getAllByRole('listitem');
    expect(cancelled).toHaveLength(1);
    expect(cancelled[0]).toHaveTextContent('Lise Garnier (Employeur) : signé le 21/11/2026');

    // The reason is required before anything is sent.
    const confirm = within(dialog).getByRole('button', { name: fr.dialog.confirm['contract-prepared-again'] });
    await userEvent.click(confirm);
    const reason = within(dialog).getByRole('textbox', { name: new RegExp(fr.dialog.fields.againReason) });
    await waitFor(() => expect(reason).toHaveAccessibleDescription('Ce champ est obligatoire.'));
    expect(posts).toEqual([]);

    // The server's message goes under the field; with a reason, the action posts it.
    await userEvent.type(reason, 'Salaire corrigé après appel');
    await userEvent.click(confirm);
    await waitFor(() => expect(reason).toHaveAccessibleDescription('Ce champ est obligatoire.'));
    await userEvent.click(confirm);
    expect(
      await screen.findByText(fr.feedback.done.replace('{{action}}', fr.actions.labels['contract-prepared-again'])),
    ).toBeInTheDocument();
    expect(posts).toEqual([
      { url: '/api/staff/dossiers/42/contract-prepared-again', body: { reason: 'Salaire corrigé après appel' } },
      { url: '/api/staff/dossiers/42/contract-prepared-again', body: { reason: 'Salaire corrigé après appel' } },
    ]);
  });

  it('says in English that preparing again only invites the signers again when none has signed', async () => {
    await i18n.changeLanguage('en-US');
    mockApi([detail({ allowedActions: ['contract-prepared-again', 'archive'] })]);
    renderPage();
    await userEvent.click(
      await screen.findByRole('button', { name: en.actions.labels['contract-prepared-again'] }),
    );
    const dialog = await screen.findByRole('dialog', { name: en.dialog.titles['contract-prepared-again'] });
    expect(within(dialog).getByText(en.dialog.again.none)).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: en.dialog.confirm['contract-prepared-again'] })).toBeInTheDocument();
  });

  it('lists what the contract lacks and prepares it anyway only with a reason', async () => {
    const posts: unknown[] = [];
    const missing = { 'cfa.uai': ['N° UAI — CFA : Ce champ est obligatoire.'] };
    mockApi([detail({ allowedActions: ['contract-prepared', 'return', 'archive'] })], (_url, body) => {
      posts.push(body);
      return posts.length === 1
        ? json(409, { code: 'CONTRACT_INCOMPLETE', message: 'Missing', errors: missing })
        : json(200, { id: 42, dossierStatut: 7, etapeStatus: [] });
    });
    renderPage();
    await userEvent.click((await actions()).getByRole('button', { name: fr.actions.labels['contract-prepared'] }));
    const dialog = await screen.findByRole('dialog', { name: fr.dialog.titles['contract-prepared'] });
    await userEvent.click(within(dialog).getByRole('button', { name: fr.dialog.confirm['contract-prepared'] }));
    // Not "the case changed": what is missing, in the dialog, which keeps the focus.
    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent(fr.dialog.incomplete.title);
    expect(within(alert).getByRole('listitem')).toHaveTextContent('N° UAI — CFA : Ce champ est obligatoire.');
    await waitFor(() => expect(alert).toHaveFocus());
    const reason = within(dialog).getByRole('textbox', { name: new RegExp(fr.dialog.fields.overrideReason) });
    await userEvent.click(within(dialog).getByRole('button', { name: fr.dialog.incomplete.confirm }));
    await waitFor(() => expect(reason).toHaveAccessibleDescription('Ce champ est obligatoire.'));
    expect(posts).toHaveLength(1);
    await userEvent.type(reason, 'Identité du CFA complétée à la main.');
    await userEvent.click(within(dialog).getByRole('button', { name: fr.dialog.incomplete.confirm }));
    expect(
      await screen.findByText(fr.feedback.done.replace('{{action}}', fr.actions.labels['contract-prepared'])),
    ).toBeInTheDocument();
    expect(posts).toEqual([{}, { override: true, reason: 'Identité du CFA complétée à la main.' }]);
  });

  it('sends each action with its Idempotency-Key: the same when tried again after a lost answer, a new one for the next', async () => {
    let posts = 0;
    const { fetchMock } = mockApi([detail({ allowedActions: ['contract-prepared', 'archive'] })], () => {
      posts += 1;
      // The first answer is lost on the network: the server may have prepared the contract, the page cannot tell.
      if (posts === 1) throw new TypeError('Failed to fetch');
      return json(200, { id: 42, dossierStatut: 7, etapeStatus: [] });
    });
    const keys = () =>
      fetchMock.mock.calls
        .filter(([, init]) => init?.method === 'POST')
        .map(([, init]) => (init?.headers as Record<string, string>)['Idempotency-Key']);
    const prepare = async () => {
      await userEvent.click((await actions()).getByRole('button', { name: fr.actions.labels['contract-prepared'] }));
      return screen.findByRole('dialog', { name: fr.dialog.titles['contract-prepared'] });
    };
    renderPage();
    const dialog = await prepare();
    const confirm = within(dialog).getByRole('button', { name: fr.dialog.confirm['contract-prepared'] });
    await userEvent.click(confirm);
    expect(await within(dialog).findByRole('alert')).toBeInTheDocument();
    // Tried again (or clicked twice): the same key, which the server answers once.
    await userEvent.dblClick(confirm);
    expect(
      await screen.findByText(fr.feedback.done.replace('{{action}}', fr.actions.labels['contract-prepared'])),
    ).toBeInTheDocument();
    const [first, ...again] = keys();
    expect(first).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(again.length).toBeGreaterThan(0);
    expect(again.every((key) => key === first)).toBe(true);

    // The next action is a request of its own.
    await userEvent.click(
      within(await prepare()).getByRole('button', { name: fr.dialog.confirm['contract-prepared'] }),
    );
    await waitFor(() => expect(keys().length).toBe(again.length + 2));
    expect(keys().at(-1)).not.toBe(first);
  });

  it('offers no way round a missing NIR', async () => {
    mockApi([detail({ allowedActions: ['contract-prepared', 'archive'] })], () =>
      json(409, {
        code: 'CONTRACT_INCOMPLETE',
        message: 'NIR',
        errors: { 'apprenti.nir': ['NIR : Ce champ est obligatoire.'] },
      }),
    );
    renderPage();
    await userEvent.click((await actions()).getByRole('button', { name: fr.actions.labels['contract-prepared'] }));
    const dialog = await screen.findByRole('dialog', { name: fr.dialog.titles['contract-prepared'] });
    await userEvent.click(within(dialog).getByRole('button', { name: fr.dialog.confirm['contract-prepared'] }));
    expect(await within(dialog).findByText(fr.dialog.incomplete.blocked)).toBeInTheDocument();
    expect(within(dialog).queryByRole('textbox')).not.toBeInTheDocument();
    expect(
      within(dialog).queryByRole('button', { name: fr.dialog.confirm['contract-prepared'] }),
    ).not.toBeInTheDocument();
  });

  it('sends admins to the settings when the CFA’s identity is incomplete, and tells staff to ask an admin', async () => {
    const refusal = () =>
      json(409, {
        code: 'CFA_IDENTITY_INCOMPLETE',
        message: 'CFA',
        errors: { 'cfa.uai': ['cfa.uai_check_letter'], 'cfa.siret': ['field.required'] },
      });
    for (const userType of ['admin', 'staff'] as const) {
      authStore.setUser({ userType, prenom: 'Nadia', nom: 'Roux', mail: 'nadia.roux@cfa.test' });
      mockApi([detail({ allowedActions: ['contract-prepared', 'archive'] })], refusal);
      renderPage();
      await userEvent.click((await actions()).getByRole('button', { name: fr.actions.labels['contract-prepared'] }));
      const dialog = await screen.findByRole('dialog', { name: fr.dialog.titles['contract-prepared'] });
      await userEvent.click(within(dialog).getByRole('button', { name: fr.dialog.confirm['contract-prepared'] }));
      expect(await within(dialog).findByText(fr.dialog.incomplete.cfaTitle)).toBeInTheDocument();
      const items = within(dialog)
        .getAllByRole('listitem')
        .map((item) => item.textContent);
      expect(items).toEqual([
        `${fr.dialog.incomplete.cfaFields.uai} : La lettre de ce numéro UAI ne correspond pas à ses 7 chiffres : vérifiez-le sur la fiche de l’établissement (annuaire de l’éducation nationale).`,
        `${fr.dialog.incomplete.cfaFields.siret} : Ce champ est obligatoire.`,
      ]);
      // No way round it, and not "have the sheets completed".
      expect(within(dialog).queryByText(fr.dialog.incomplete.override)).not.toBeInTheDocument();
      expect(within(dialog).queryByRole('textbox')).not.toBeInTheDocument();
      if (userType === 'admin') {
        expect(within(dialog).getByRole('link', { name: fr.dialog.incomplete.cfaLink })).toHaveAttribute(
          'href',
          '/gestion/parametres',
        );
      } else {
        expect(within(dialog).getByText(fr.dialog.incomplete.cfaAskAdmin)).toBeInTheDocument();
        expect(within(dialog).queryByRole('link')).not.toBeInTheDocument();
      }
      cleanup();
    }
    authStore.setUser(null);
  });

  it('records the terms as numbers, from the contract schema', async () => {
    const posts: { url: string; body: unknown }[] = [];
    mockApi([detail({ dossierStatut: 4, allowedActions: ['modalites', 'archive'] })], (url, body) => {
      posts.push({ url, body });
      return json(200, { id: 42, dossierStatut: 5, etapeStatus: [] });
    });
    renderPage();
    await userEvent.click((await actions()).getByRole('button', { name: fr.actions.labels.modalites }));
    const dialog = await screen.findByRole('dialog', { name: fr.dialog.titles.modalites });
    expect(dialog).toHaveTextContent(fr.dialog.consequences.modalites);
    await userEvent.type(within(dialog).getByLabelText(/Coût annuel/), '8500');
    await userEvent.type(within(dialog).getByLabelText(/Prise en charge annuelle/), '8000');
    await userEvent.type(within(dialog).getByLabelText(/Reste à charge/), '500');
    await userEvent.type(within(dialog).getByLabelText(/Rythme/), '3 jours entreprise / 2 jours école');
    await userEvent.click(within(dialog).getByRole('button', { name: fr.dialog.confirm.modalites }));
    await waitFor(() => expect(posts).toHaveLength(1));
    expect(posts[0]).toEqual({
      url: '/api/staff/dossiers/42/modalites',
      body: {
        coutFormationAnnuel: 8500,
        priseEnChargeOpco: 8000,
        resteACharge: 500,
        rythme: '3 jours entreprise / 2 jours école',
      },
    });
  });

  it('tells staff the contract’s CERFA edition, that its official form is not installed, and the 750 € share', async () => {
    const contract: NonNullable<StaffDossierDetailResponse['contract']> = {
      typeContrat: 'APP',
      dateConclusion: '2026-09-15',
      cerfa: { edition: '10103*14', template: 'missing' },
      terms: { coutFormationAnnuel: 8500, priseEnChargeOpco: 8000, resteACharge: 500, rythme: '3 jours / 2 jours' },
      formation: { heures: 1200, heuresDistanciel: 1020, niveauRncp: 7 },
      funding: {
        judgedOn: '2026-09-15',
        concluded: true,
        employerShare: { applies: true, amount: 750, level: 7 },
        remoteReduction: { applies: true, sharePercent: 85, npec: 8000, reducedNpec: 6400, floorApplied: false },
      },
    };
    mockApi([detail({ contract })]);
    renderPage();
    const section = within(await screen.findByRole('region', { name: fr.contract.title }));
    expect(section.getByText('Cerfa n° 10103*14')).toBeInTheDocument();
    expect(section.getByText('L’édition en vigueur pour un contrat conclu le 15/09/2026.')).toBeInTheDocument();
    expect(section.getByText(fr.contract.template.missing.title)).toBeInTheDocument();
    expect(
      section.getByText(/le contrat préparé sera un exemplaire d’essai dessiné par Passerelle/),
    ).toBeInTheDocument();
    const rules = within(section.getByRole('region', { name: fr.contract.rulesTitle }));
    expect(rules.getByText('750,00 € à la charge de l’employeur')).toBeInTheDocument();
    expect(rules.getByText(/La certification visée est de niveau 7 \(6 ou plus\)/)).toBeInTheDocument();
    expect(rules.getByText('6 400,00 € par an au lieu de 8 000,00 €')).toBeInTheDocument();
    expect(rules.getByText(/85 % des heures de formation sont à distance/)).toBeInTheDocument();
  });

  it('says in English why no 2025 rule applies to a contract of March 2025, and that its form is not pinned', async () => {
    await i18n.changeLanguage('en-US');
    mockApi([
      detail({
        contract: {
          typeContrat: 'APP',
          dateConclusion: '2025-03-01',
          cerfa: { edition: '10103*13', template: 'unpinned' },
          terms: null,
          formation: { heures: 1250, heuresDistanciel: 987, niveauRncp: 7 },
          funding: {
            judgedOn: '2025-03-01',
            concluded: true,
            employerShare: { applies: false, reason: 'concluded-before', level: 7 },
            remoteReduction: { applies: false, reason: 'concluded-before', sharePercent: 79 },
          },
        },
      }),
    ]);
    renderPage();
    const section = within(await screen.findByRole('region', { name: en.contract.title }));
    expect(section.getByText(en.contract.template.unpinned.title)).toBeInTheDocument();
    expect(
      section.getByText('The contract is concluded on 01/03/2025, before 1 July 2025: the share does not apply.'),
    ).toBeInTheDocument();
    expect(section.getByText(en.contract.noTerms)).toBeInTheDocument();
  });
});
