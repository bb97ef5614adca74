import { i18n, initI18n } from '../../lib/i18n';
import { renderRoutes } from '../../test/render';
import { requestUrl } from '../../test/request-url';
import type { SignatureResponse } from '@passerelle/contract';
import { formatValidationText } from '@passerelle/contract/rules/validation-texts';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import en from '../../locales/en-US/signature.json';
import fr from '../../locales/fr-FR/signature.json';
import { Component as SignaturePage } from './signature-page';

// pdf.js draws on a canvas jsdom does not have: the reader's engine is replaced by a two-page stand-in.
vi.mock('./utils/pdf-pages', () => ({
  openPdf: vi.fn(() =>
    Promise.resolve({
      pageCount: 2,
      render: () => ({ promise: Promise.resolve(), cancel: () => {} }),
      destroy: () => {},
    }),
  ),
}));

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const URL = '/api/signature/12';
const DOC_URL = '/api/signature/12/documents/3';

function signature(overrides: Partial<SignatureResponse> = {}): SignatureResponse {
  return {
    state: 'pending',
    method: 'online',
    stateReason: null,
    dossier: { id: 12, applicantName: 'Léa Moreau', companyName: 'Boulangerie Dupont' },
    documents: [{ id: 3, kind: 'cerfa', name: 'cerfa-10103-12-moreau-lea-dossier-12.pdf', sha256: 'ab'.repeat(32), url: DOC_URL, pages: 2 }],
    signers: [
      { role: 'employer', name: 'Paul Dupont', status: 'pending', at: null, method: null },
      { role: 'apprentice', name: 'Léa Moreau', status: 'waiting', at: null, method: null },
      { role: 'school', name: 'CFA Passerelle', status: 'waiting', at: null, method: null },
    ],
    me: { role: 'employer', canSign: true, canChooseMethod: true, scanRejectedReason: null, codeLocked: false, pendingCode: null },
    consent: {
      version: '1',
      texts: {
        'fr-FR': 'J’ai lu les documents et j’accepte de les signer électroniquement.',
        'en-US': 'I have read the documents and I accept to sign them electronically.',
      },
    },
    signedDocumentUrl: null,
    ...overrides,
  };
}

type Handler = (init: RequestInit | undefined) => Response;

/** GET answers `page` (or the next of `pages`); each POST path answers its handler. */
function mockApi(pages: SignatureResponse | SignatureResponse[] | Response, posts: Record<string, Handler> = {}) {
  let gets = 0;
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = requestUrl(input);
    if (init?.method === 'POST') {
      const handler = posts[url.slice(URL.length + 1)];
      return handler ? handler(init) : json(404, { code: 'NOT_FOUND', message: 'Not found' });
    }
    if (/^\/api\/signature\/12\/documents\/\d+(\?|$)/.test(url)) return new Response(new Uint8Array([0x25, 0x50, 0x44, 0x46]), { headers: { 'Content-Type': 'application/pdf' } });
    if (url === '/api/public/contact')
      return json(200, { email: 'cfa@example.test', phone: '01 23 45 67 89', hours: { 'fr-FR': 'du lundi au vendredi', 'en-US': 'Monday to Friday' } });
    if (url !== URL) return json(404, { code: 'NOT_FOUND', message: 'Not found' });
    if (pages instanceof Response) return pages.clone();
    const list = Array.isArray(pages) ? pages : [pages];
    const page = list[Math.min(gets, list.length - 1)];
    gets += 1;
    return json(200, page);
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const posted = (fetchMock: ReturnType<typeof mockApi>, path: string) =>
  fetchMock.mock.calls.filter(([url, init]) => requestUrl(url) === `${URL}/${path}` && init?.method === 'POST');

/** The JSON body of the first POST to `path`. */
const bodyOf = (fetchMock: ReturnType<typeof mockApi>, path: string): unknown => {
  const body = posted(fetchMock, path)[0]?.[1]?.body;
  return typeof body === 'string' ? JSON.parse(body) : undefined;
};

/** Asks for a code, types it, ticks the consent and signs, as a person does. */
async function signWithCode(code: string) {
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: fr.online.requestCode }));
  await user.type(await screen.findByLabelText(new RegExp(fr.online.code)), code);
  await user.click(screen.getByRole('checkbox'));
  await user.click(screen.getByRole('button', { name: fr.online.sign }));
}

const renderPage = () =>
  renderRoutes(
    [
      { path: '/signature/:id', element: <SignaturePage /> },
      { path: '/forbidden', element: <p>forbidden page</p> },
    ],
    '/signature/12',
  );

beforeAll(async () => {
  await initI18n();
  await i18n.loadNamespaces(['common', 'signature']);
});

afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  await i18n.changeLanguage('fr-FR');
});

describe('SignaturePage', { timeout: 15_000 }, () => {
  it('lets the first signer choose the method, and asks for a choice first', async () => {
    const fetchMock = mockApi([signature({ state: 'choose', method: null }), signature({ method: 'manual' })], {
      method: () => json(200, signature({ method: 'manual' })),
    });
    const user = userEvent.setup();
    renderPage();
    await screen.findByRole('heading', { name: fr.method.title });
    expect(screen.getByText('Dossier n° 12')).toBeInTheDocument();
    const steps = within(screen.getByRole('region', { name: fr.signers.title }));
    expect(steps.getAllByRole('listitem')).toHaveLength(3);
    expect(steps.getByText(fr.signers.status.pendingMine)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: fr.method.submit }));
    expect(await screen.findByText(fr.method.chooseOne)).toBeInTheDocument();
    expect(posted(fetchMock, 'method')).toHaveLength(0);

    await user.click(screen.getByRole('radio', { name: new RegExp(`^${fr.method.manual.label}`) }));
    await user.click(screen.getByRole('button', { name: fr.method.submit }));
    await waitFor(() => expect(posted(fetchMock, 'method')).toHaveLength(1));
    expect(bodyOf(fetchMock, 'method')).toEqual({ method: 'manual' });
    expect(await screen.findByRole('heading', { name: fr.manual.title })).toBeInTheDocument();
  });

  it('reads the document in the page, sends a code, and shows a wrong code under the field with the tries left', async () => {
    const fetchMock = mockApi(signature(), {
      code: () => json(200, { expiresAt: '2026-11-25T10:15:00Z', sentTo: 'p***@dupont.test' }),
      sign: () =>
        json(400, {
          code: 'VALIDATION_FAILED',
          message: 'Wrong code',
          errors: { code: ['signature.code_wrong'], attemptsLeft: ['2'] },
        }),
    });
    const user = userEvent.setup();
    renderPage();
    expect(await screen.findByText(fr.turn.mine)).toBeInTheDocument();
    // The first document opens in the page's reader, named by its kind, its file name under it.
    expect(await screen.findByText('Page 1 sur 2')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 3, name: fr.documents.kinds.cerfa })).toBeInTheDocument();
    expect(screen.getByText('cerfa-10103-12-moreau-lea-dossier-12.pdf · 2 pages')).toBeInTheDocument();
    // Read in the page: the evidence records a view, not a download.
    expect(fetchMock.mock.calls.some(([url]) => requestUrl(url) === `${DOC_URL}?as=view`)).toBe(true);

    await user.click(screen.getByRole('button', { name: fr.online.requestCode }));
    expect(await screen.findByText(/Un code à 6 chiffres a été envoyé à p\*\*\*@dupont\.test/)).toBeInTheDocument();
    const code = screen.getByLabelText(new RegExp(fr.online.code));
    expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    expect(code).toHaveAttribute('inputmode', 'numeric');
    await user.type(code, '12a3456');
    expect(code).toHaveValue('123456');
    await user.click(screen.getByRole('checkbox', { name: /J’ai lu les documents/ }));
    await user.click(screen.getByRole('button', { name: fr.online.sign }));

    await waitFor(() =>
      expect(code).toHaveAccessibleDescription(`${formatValidationText('signature.code_wrong', 'fr-FR')} Il vous reste 2 essais.`),
    );
    // The signature names the document versions shown (issue 27).
    expect(bodyOf(fetchMock, 'sign')).toEqual({
      code: '123456',
      consent: true,
      consentLang: 'fr-FR',
      documents: [{ id: 3, sha256: 'ab'.repeat(32) }],
    });
  });

  it('moves the focus to the code field once the code is sent, by keyboard', async () => {
    mockApi(signature(), {
      code: () => json(200, { expiresAt: '2026-11-25T10:15:00Z', sentTo: 'p***@dupont.test' }),
    });
    const user = userEvent.setup();
    renderPage();
    const ask = await screen.findByRole('button', { name: fr.online.requestCode });
    ask.focus();
    await user.keyboard('{Enter}');
    // The button is gone: the focus is not left on the page's body but where the code is typed.
    await waitFor(() => expect(screen.getByLabelText(new RegExp(fr.online.code))).toHaveFocus());
  });

  it('shows the code field again after a reload while the code asked for is valid, and signs with it (issue 29)', async () => {
    const pendingCode = { expiresAt: '2026-11-30T10:40:00.000Z', sentTo: 'paul.dupont@example.test' };
    const page = signature({ me: { ...signature().me, canChooseMethod: false, pendingCode } });
    const fetchMock = mockApi(page, { sign: () => json(200, signature({ state: 'signed' })) });
    renderPage();
    // No new code asked for: the one mailed is the one to type.
    const code = await screen.findByLabelText(new RegExp(fr.online.code));
    expect(screen.queryByRole('button', { name: fr.online.requestCode })).not.toBeInTheDocument();
    expect(screen.getByText(new RegExp('paul\\.dupont@example\\.test'))).toBeInTheDocument();
    const user = userEvent.setup();
    await user.type(code, '123456');
    await user.click(screen.getByRole('checkbox'));
    await user.click(screen.getByRole('button', { name: fr.online.sign }));
    await waitFor(() => expect(posted(fetchMock, 'sign')).toHaveLength(1));
    expect(posted(fetchMock, 'code')).toHaveLength(0);
    expect(bodyOf(fetchMock, 'sign')).toMatchObject({ code: '123456', consent: true });
  });

  it('offers to ask for a code after a reload when none is valid', async () => {
    mockApi(signature({ me: { ...signature().me, canChooseMethod: false, pendingCode: null } }));
    renderPage();
    expect(await screen.findByRole('button', { name: fr.online.requestCode })).toBeInTheDocument();
    expect(screen.queryByLabelText(new RegExp(fr.online.code))).not.toBeInTheDocument();
  });

  it('checks the code and the consent before sending, with the contract’s rules', async () => {
    const fetchMock = mockApi(signature(), {
      code: () => json(200, { expiresAt: '2026-11-25T10:15:00Z', sentTo: 'p***@dupont.test' }),
    });
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: fr.online.requestCode }));
    const code = await screen.findByLabelText(new RegExp(fr.online.code));
    await user.type(code, '123');
    await user.click(screen.getByRole('button', { name: fr.online.sign }));
    await waitFor(() => expect(code).toHaveAccessibleDescription(formatValidationText('signature.code_format', 'fr-FR')));
    expect(screen.getByRole('checkbox')).toHaveAccessibleDescription(formatValidationText('signature.consent_required', 'fr-FR'));
    expect(posted(fetchMock, 'sign')).toHaveLength(0);
  });

  it('signs with the right code and says so', async () => {
    const after = signature({
      me: { role: 'employer', canSign: false, canChooseMethod: false, scanRejectedReason: null, codeLocked: false, pendingCode: null },
      signers: [
        { role: 'employer', name: 'Paul Dupont', status: 'signed', at: '2026-11-25T10:05:00Z', method: 'online' },
        { role: 'apprentice', name: 'Léa Moreau', status: 'pending', at: null, method: null },
        { role: 'school', name: 'CFA Passerelle', status: 'waiting', at: null, method: null },
      ],
    });
    mockApi([signature(), after], {
      code: () => json(200, { expiresAt: '2026-11-25T10:15:00Z', sentTo: 'p***@dupont.test' }),
      sign: () => json(200, after),
    });
    renderPage();
    await signWithCode('654321');
    expect(await screen.findByText(fr.online.signed)).toBeInTheDocument();
    expect(await screen.findByText('Signé en ligne le 25/11/2026')).toBeInTheDocument();
    expect(screen.getByText('En attente de la signature de Léa Moreau (Apprenti).')).toBeInTheDocument();
  });

  it('does not announce a next signer after the last signature', async () => {
    const signed = (status: 'pending' | 'signed') =>
      signature({
        state: status === 'signed' ? 'signed' : 'pending',
        me: { role: 'school', canSign: status === 'pending', canChooseMethod: false, scanRejectedReason: null, codeLocked: false, pendingCode: null },
        signers: [
          { role: 'employer', name: 'Paul Dupont', status: 'signed', at: '2026-11-25T10:05:00Z', method: 'online' },
          { role: 'apprentice', name: 'Léa Moreau', status: 'signed', at: '2026-11-25T10:06:00Z', method: 'online' },
          { role: 'school', name: 'CFA Passerelle', status, at: status === 'signed' ? '2026-11-25T10:07:00Z' : null, method: null },
        ],
        signedDocumentUrl: status === 'signed' ? '/api/files/40' : null,
      });
    mockApi([signed('pending'), signed('signed')], {
      code: () => json(200, { expiresAt: '2026-11-25T10:15:00Z', sentTo: 's***@cfa.test' }),
      sign: () => json(200, signed('signed')),
    });
    renderPage();
    await signWithCode('654321');
    expect(await screen.findByRole('heading', { name: fr.outcome.signedTitle })).toBeInTheDocument();
    expect(screen.getByText(fr.online.signed)).toBeInTheDocument();
    expect(screen.queryByText(fr.online.signedNext)).not.toBeInTheDocument();
  });

  it('sends each action with its Idempotency-Key: kept while the action is not done, a new one for the next', async () => {
    let signs = 0;
    const fetchMock = mockApi(signature(), {
      code: () => json(200, { expiresAt: '2026-11-25T10:15:00Z', sentTo: 'p***@dupont.test' }),
      sign: () => {
        signs += 1;
        return signs === 1
          ? json(400, { code: 'VALIDATION_FAILED', message: 'Wrong code', errors: { code: ['signature.code_wrong'] } })
          : json(200, signature({ state: 'signed', me: { role: 'employer', canSign: false, canChooseMethod: false, scanRejectedReason: null, codeLocked: false, pendingCode: null } }));
      },
    });
    const keysOf = (path: string) =>
      posted(fetchMock, path).map(([, init]) => (init?.headers as Record<string, string>)['Idempotency-Key']);
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: fr.online.requestCode }));
    const code = await screen.findByLabelText(new RegExp(fr.online.code));
    // A new code asked for is a new action: a new key (the server sends a code for each).
    await user.click(await screen.findByRole('button', { name: fr.online.resendCode }));
    await waitFor(() => expect(keysOf('code')).toHaveLength(2));
    const [firstCode, secondCode] = keysOf('code');
    expect(firstCode).toMatch(/^[0-9a-f-]{36}$/);
    expect(secondCode).not.toBe(firstCode);

    await user.type(code, '111111');
    await user.click(screen.getByRole('checkbox'));
    await user.click(screen.getByRole('button', { name: fr.online.sign }));
    await waitFor(() => expect(code).toHaveAccessibleDescription(formatValidationText('signature.code_wrong', 'fr-FR')));
    // The wrong code signed nothing: the corrected try is the same action, with the same key.
    await user.clear(code);
    await user.type(code, '222222');
    await user.click(screen.getByRole('button', { name: fr.online.sign }));
    expect(await screen.findByText(fr.online.signed)).toBeInTheDocument();
    const [wrong, right] = keysOf('sign');
    expect(wrong).toMatch(/^[0-9a-f-]{36}$/);
    expect(right).toBe(wrong);
    expect([firstCode, secondCode]).not.toContain(wrong);
  });

  it('reads the case again after the last signature until the sealed contract is there', async () => {
    const signed = (url: string | null) =>
      signature({ state: 'signed', me: { role: 'school', canSign: false, canChooseMethod: false, scanRejectedReason: null, codeLocked: false, pendingCode: null }, signedDocumentUrl: url });
    const fetchMock = mockApi([signed(null), signed(null), signed('/api/files/40')]);
    renderPage();
    expect(await screen.findByRole('heading', { name: fr.outcome.signedTitle })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: fr.outcome.downloadSigned })).not.toBeInTheDocument();
    // Sealed by a job within seconds: the page asks again, and offers the contract once its link is there.
    expect(await screen.findByRole('button', { name: fr.outcome.downloadSigned }, { timeout: 8000 })).toBeInTheDocument();
    expect(fetchMock.mock.calls.filter(([url]) => requestUrl(url) === URL).length).toBe(3);
  }, 12_000);

  it('refuses a file that is not a PDF before sending it', async () => {
    const fetchMock = mockApi(signature({ method: 'manual' }));
    const user = userEvent.setup({ applyAccept: false });
    const { container } = renderPage();
    await screen.findByRole('heading', { name: fr.manual.title });
    const input = container.querySelector<HTMLInputElement>('input[type="file"]');
    if (!input) throw new Error('no file input');
    await user.upload(input, new File(['hello'], 'scan.docx', { type: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document' }));
    await waitFor(() => expect(input).toHaveAccessibleDescription(fr.manual.wrongType));
    expect(input.value).toBe('');
    await user.click(screen.getByRole('button', { name: fr.manual.submit }));
    expect(await screen.findByText(fr.manual.required)).toBeInTheDocument();
    expect(posted(fetchMock, 'upload')).toHaveLength(0);
  });

  it('says why the school rejected the last scan, above the upload', async () => {
    mockApi(signature({ method: 'manual', me: { role: 'employer', canSign: true, canChooseMethod: false, scanRejectedReason: 'Page 2 non signée', codeLocked: false, pendingCode: null } }));
    renderPage();
    await screen.findByRole('heading', { name: fr.manual.title });
    expect(screen.getByText(fr.manual.rejectedTitle)).toBeInTheDocument();
    expect(screen.getByText('Motif indiqué : Page 2 non signée')).toBeInTheDocument();
  });

  it('shows the consent sentence in the page’s language and says which one was read', async () => {
    await i18n.changeLanguage('en-US');
    const fetchMock = mockApi(signature({ method: 'online' }), { code: () => json(200, { expiresAt: '2026-11-25T10:15:00Z', sentTo: 'p•••@exemple.fr' }), sign: () => json(200, signature({ method: 'online' })) });
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: en.online.requestCode }));
    await user.type(await screen.findByLabelText(new RegExp(en.online.code)), '123456');
    await user.click(screen.getByRole('checkbox', { name: 'I have read the documents and I accept to sign them electronically.' }));
    await user.click(screen.getByRole('button', { name: en.online.sign }));
    await waitFor(() =>
      expect(bodyOf(fetchMock, 'sign')).toEqual({
        code: '123456',
        consent: true,
        consentLang: 'en-US',
        documents: [{ id: 3, sha256: 'ab'.repeat(32) }],
      }),
    );
  });

  it('sends the signed scan and maps the server’s 413 under the field', async () => {
    const fetchMock = mockApi(signature({ method: 'manual' }), {
      upload: () => json(413, { code: 'PAYLOAD_TOO_LARGE', message: 'Too large' }),
    });
    const user = userEvent.setup();
    const { container } = renderPage();
    await screen.findByRole('heading', { name: fr.manual.title });
    const input = container.querySelector<HTMLInputElement>('input[type="file"]');
    if (!input) throw new Error('no file input');
    await user.upload(input, new File(['%PDF-1.7'], 'scan.pdf', { type: 'application/pdf' }));
    await user.click(screen.getByRole('button', { name: fr.manual.submit }));
    await waitFor(() => expect(input).toHaveAccessibleDescription(fr.manual.tooLarge));
    const body = posted(fetchMock, 'upload')[0]?.[1]?.body;
    expect(body).toBeInstanceOf(FormData);
    expect((body as FormData).get('file')).toBeInstanceOf(File);
  });

  it('says the scan is with the school once sent', async () => {
    const after = signature({
      method: 'manual',
      me: { role: 'employer', canSign: false, canChooseMethod: false, scanRejectedReason: null, codeLocked: false, pendingCode: null },
      signers: [
        { role: 'employer', name: 'Paul Dupont', status: 'submitted', at: '2026-11-25T10:05:00Z', method: 'manual' },
        { role: 'apprentice', name: 'Léa Moreau', status: 'waiting', at: null, method: null },
        { role: 'school', name: 'CFA Passerelle', status: 'waiting', at: null, method: null },
      ],
    });
    mockApi([signature({ method: 'manual' }), after], { upload: () => json(200, after) });
    const user = userEvent.setup();
    const { container } = renderPage();
    await screen.findByRole('heading', { name: fr.manual.title });
    const input = container.querySelector<HTMLInputElement>('input[type="file"]');
    if (!input) throw new Error('no file input');
    await user.upload(input, new File(['%PDF-1.7'], 'scan.pdf', { type: 'application/pdf' }));
    expect(input).toHaveAccessibleDescription('Fichier choisi : scan.pdf (8 o)');
    await user.click(screen.getByRole('button', { name: fr.manual.submit }));
    expect(await screen.findByText(fr.manual.submitted)).toBeInTheDocument();
    expect(await screen.findByText(fr.turn.submitted)).toBeInTheDocument();
    expect(screen.getByText('Scan envoyé le 25/11/2026, en cours de vérification')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: fr.manual.submit })).not.toBeInTheDocument();
  });

  it('reloads where the case stands when signing is no longer this person’s turn', async () => {
    const after = signature({ state: 'unavailable', stateReason: 'cancelled', me: { role: 'employer', canSign: false, canChooseMethod: false, scanRejectedReason: null, codeLocked: false, pendingCode: null } });
    mockApi([signature(), after], {
      code: () => json(200, { expiresAt: '2026-11-25T10:15:00Z', sentTo: 'p***@dupont.test' }),
      sign: () => json(409, { code: 'CONFLICT', message: 'Not your turn' }),
    });
    renderPage();
    await signWithCode('654321');
    expect(await screen.findByText(fr.outcome.unavailableTitle)).toBeInTheDocument();
    expect(screen.getByText(fr.outcome.reasons.cancelled)).toBeInTheDocument();
  });

  it('reloads the documents when they changed since they were shown, and asks for the consent again', async () => {
    const changed = signature({
      documents: [{ id: 4, kind: 'cerfa', name: 'cerfa-10103-12-moreau-lea-dossier-12-v2.pdf', sha256: 'cd'.repeat(32), url: '/api/signature/12/documents/4', pages: 2 }],
    });
    let signs = 0;
    const fetchMock = mockApi([signature(), changed], {
      code: () => json(200, { expiresAt: '2026-11-25T10:15:00Z', sentTo: 'p***@dupont.test' }),
      sign: () => {
        signs += 1;
        return signs === 1
          ? json(409, { code: 'CONFLICT', message: 'Changed', errors: { documents: ['signature.documents_changed'] } })
          : json(200, changed);
      },
    });
    const user = userEvent.setup();
    renderPage();
    await signWithCode('654321');
    const changedText = await screen.findByText(formatValidationText('signature.documents_changed', 'fr-FR'));
    expect(changedText.closest('[role="alert"]')).not.toBeNull();
    // The new version is on the page, the consent box unticked: read, then consent again.
    expect(await screen.findByText('cerfa-10103-12-moreau-lea-dossier-12-v2.pdf · 2 pages')).toBeInTheDocument();
    expect(screen.getByRole('checkbox')).not.toBeChecked();
    await user.click(screen.getByRole('checkbox'));
    await user.click(screen.getByRole('button', { name: fr.online.sign }));
    await waitFor(() => expect(posted(fetchMock, 'sign')).toHaveLength(2));
    const second = posted(fetchMock, 'sign')[1]?.[1]?.body;
    expect(JSON.parse(typeof second === 'string' ? second : '{}')).toMatchObject({ documents: [{ id: 4, sha256: 'cd'.repeat(32) }] });
  });

  it('says online signing is locked after too many wrong codes, in French and in English, with the CFA’s contact', async () => {
    const locked = signature({ me: { role: 'employer', canSign: true, canChooseMethod: false, scanRejectedReason: null, codeLocked: true, pendingCode: null } });
    mockApi(locked);
    renderPage();
    expect(await screen.findByRole('heading', { name: fr.online.locked.title })).toBeInTheDocument();
    expect(screen.getByText(fr.online.locked.text)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: fr.online.requestCode })).not.toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'cfa@example.test' })).toHaveAttribute('href', 'mailto:cfa@example.test');
    // Refusing stays possible: the case goes back to the school.
    expect(screen.getByRole('button', { name: fr.refuse.action })).toBeInTheDocument();
    cleanup();

    await i18n.changeLanguage('en-US');
    mockApi(locked);
    renderPage();
    expect(await screen.findByRole('heading', { name: en.online.locked.title })).toBeInTheDocument();
    expect(screen.getByText(en.online.locked.text)).toBeInTheDocument();
  });

  it('shows the refusal of a sixth code request in a short time', async () => {
    mockApi(signature(), {
      code: () => new Response(JSON.stringify({ code: 'RATE_LIMITED', message: 'Too many' }), { status: 429, headers: { 'Content-Type': 'application/json', 'Retry-After': '600' } }),
    });
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: fr.online.requestCode }));
    expect(await screen.findByText(/Trop de demandes en peu de temps/)).toBeInTheDocument();
  });

  it('asks a reason before refusing', async () => {
    const fetchMock = mockApi([signature(), signature({ state: 'refused', stateReason: 'Salaire erroné' })], {
      refuse: () => json(200, signature({ state: 'refused' })),
    });
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: fr.refuse.action }));
    const dialog = within(await screen.findByRole('dialog', { name: fr.refuse.title }));
    await user.click(dialog.getByRole('button', { name: fr.refuse.confirm }));
    expect(await dialog.findByText(fr.refuse.reasonRequired)).toBeInTheDocument();
    expect(posted(fetchMock, 'refuse')).toHaveLength(0);
    await user.type(dialog.getByRole('textbox', { name: new RegExp(fr.refuse.reason) }), 'Salaire erroné');
    await user.click(dialog.getByRole('button', { name: fr.refuse.confirm }));
    expect(await screen.findByText(fr.outcome.refusedTitle)).toBeInTheDocument();
    expect(bodyOf(fetchMock, 'refuse')).toEqual({ reason: 'Salaire erroné' });
  });

  it('shows the documents read-only and who is awaited when it is not my turn', async () => {
    mockApi(signature({ me: { role: 'apprentice', canSign: false, canChooseMethod: false, scanRejectedReason: null, codeLocked: false, pendingCode: null } }));
    renderPage();
    expect(await screen.findByText('En attente de la signature de Paul Dupont (Employeur (signataire désigné)).')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: fr.documents.titleReadOnly })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: fr.documents.read })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: fr.online.requestCode })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: fr.refuse.action })).not.toBeInTheDocument();
  });

  it('thanks and offers the signed contract once everyone signed, in English too', async () => {
    await i18n.changeLanguage('en-US');
    mockApi(
      signature({
        state: 'signed',
        me: { role: 'apprentice', canSign: false, canChooseMethod: false, scanRejectedReason: null, codeLocked: false, pendingCode: null },
        signers: signature().signers.map((signer) => ({ ...signer, status: 'signed', at: '2026-11-20T09:00:00Z', method: 'manual' })),
        signedDocumentUrl: '/api/signature/12/signed',
      }),
    );
    renderPage();
    expect(await screen.findByText(en.outcome.signedTitle)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: en.outcome.downloadSigned })).toBeInTheDocument();
    expect(screen.getAllByText('Signed on paper on 20/11/2026')).toHaveLength(3);
  });

  it('says a refused procedure has stopped without repeating the reason code', async () => {
    mockApi(signature({ state: 'refused', stateReason: 'refused', me: { role: 'apprentice', canSign: false, canChooseMethod: false, scanRejectedReason: null, codeLocked: false, pendingCode: null } }));
    renderPage();
    expect(await screen.findByText(fr.outcome.refusedText)).toBeInTheDocument();
    expect(screen.queryByText(fr.outcome.reason.replace('{{reason}}', 'refused'))).not.toBeInTheDocument();
  });

  it('says an unavailable procedure is over, why, and how to reach the CFA', async () => {
    mockApi(signature({ state: 'unavailable', stateReason: 'superseded', me: { role: 'apprentice', canSign: false, canChooseMethod: false, scanRejectedReason: null, codeLocked: false, pendingCode: null } }));
    renderPage();
    expect(await screen.findByText(fr.outcome.unavailableText)).toBeInTheDocument();
    expect(screen.getByText(fr.outcome.reasons.superseded)).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'cfa@example.test' })).toHaveAttribute('href', 'mailto:cfa@example.test');
    expect(screen.queryByRole('button', { name: fr.refuse.action })).not.toBeInTheDocument();
  });

  it('sends a person who is not a signer of the case to the forbidden page', async () => {
    mockApi(json(403, { code: 'FORBIDDEN', message: 'Not a signer' }));
    renderPage();
    expect(await screen.findByText('forbidden page')).toBeInTheDocument();
  });
});
