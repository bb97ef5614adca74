import { i18n, initI18n } from '../../../../lib/i18n';
import { renderRoutes } from '../../../../test/render';
import { requestUrl } from '../../../../test/request-url';
import { wrongFileTypeMessage, type PortalInfos } from '@passerelle/contract';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { CvCard } from './cv-card';

const emptyInfos: PortalInfos = {
  documents: {
    cv: [],
    cvec: { isValid: false, numCvec: null, fileUrl: null },
    attestationBac: { isValid: false, fileUrl: null },
  },
};

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** Answers GET infos with `infos`, and the upload with whatever `onUpload` returns. */
function mockApi(onUpload: (body: FormData) => Promise<Response>) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = requestUrl(input);
    if (url === '/api/admissibles/portal/infos') return json(200, emptyInfos);
    if (url === '/api/admissibles/portal/upload' && init?.method === 'POST') return onUpload(init.body as FormData);
    return json(404, { code: 'NOT_FOUND', message: 'Not found' });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function renderCard() {
  return renderRoutes([{ path: '/', element: <CvCard /> }]);
}

const pdf = (name = 'mon-cv.pdf') => new File(['%PDF-1.7 test'], name, { type: 'application/pdf' });

beforeAll(async () => {
  await initI18n();
  await i18n.loadNamespaces(['common', 'portal']);
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('CvCard', () => {
  it('refuses a file that is not a PDF with SPEC’s message, clears the input and sends nothing', async () => {
    const fetchMock = mockApi(async () => json(200, emptyInfos));
    // The accept attribute would hide the wrong file from the picker: a person can still pick "All files".
    const user = userEvent.setup({ applyAccept: false });
    renderCard();
    const input = await screen.findByLabelText('Fichier PDF de votre CV');
    await user.upload(input, new File(['PK'], 'cv.docx', { type: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document' }));

    expect(input).toHaveAccessibleDescription(`${wrongFileTypeMessage}.pdf`);
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect((input as HTMLInputElement).value).toBe('');
    expect(screen.getByRole('button', { name: 'Envoyer' })).toBeDisabled();
    expect(fetchMock.mock.calls.some(([url]) => requestUrl(url).endsWith('/upload'))).toBe(false);
  });

  it('refuses a PDF name whose declared type is an image', async () => {
    mockApi(async () => json(200, emptyInfos));
    const user = userEvent.setup({ applyAccept: false });
    renderCard();
    const input = await screen.findByLabelText('Fichier PDF de votre CV');
    await user.upload(input, new File(['x'], 'photo.pdf', { type: 'image/png' }));
    expect(input).toHaveAccessibleDescription(`${wrongFileTypeMessage}.pdf`);
  });

  it('disables the send button while sending, then lists the new CV numbered with its date', async () => {
    let answer: (response: Response) => void = () => {};
    const sent: FormData[] = [];
    mockApi((body) => {
      sent.push(body);
      return new Promise<Response>((resolve) => (answer = resolve));
    });
    const user = userEvent.setup();
    renderCard();
    expect(await screen.findByText('Aucun CV')).toBeInTheDocument();
    await user.upload(await screen.findByLabelText('Fichier PDF de votre CV'), pdf());

    const send = screen.getByRole('button', { name: 'Envoyer' });
    expect(send).toBeEnabled();
    await user.click(send);

    const sending = await screen.findByRole('button', { name: 'Envoi…' });
    expect(sending).toBeDisabled();
    expect(sent).toHaveLength(1);
    expect((sent[0]?.get('cv') as File).name).toBe('mon-cv.pdf');

    answer(
      json(200, {
        documents: {
          ...emptyInfos.documents,
          cv: [
            { fileId: 'b', uploadDate: '2026-03-14T09:05:00', fileUrl: '/api/files/b' },
            { fileId: 'a', uploadDate: '2026-01-02T17:30:00', fileUrl: '/api/files/a' },
          ],
        },
      }),
    );

    const table = await screen.findByRole('table', { name: 'Mes CV déposés' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell')[0]?.textContent)).toEqual(['CV 2', 'CV 1']);
    expect(within(rows[0] as HTMLElement).getByText('14/03/2026 09:05')).toBeInTheDocument();
    expect(within(rows[0] as HTMLElement).getByRole('button', { name: 'Ouvrir le CV 2' })).toBeEnabled();
    expect(screen.getByText('CV déposé')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Envoyer' })).toBeDisabled();
  });

  it('shows the server’s message for the field under the input', async () => {
    mockApi(async () => json(415, { code: 'UNSUPPORTED_FILE_TYPE', message: 'Bad type', errors: { cv: [`${wrongFileTypeMessage}.pdf`] } }));
    const user = userEvent.setup();
    renderCard();
    const input = await screen.findByLabelText('Fichier PDF de votre CV');
    await user.upload(input, pdf('faux.pdf'));
    await user.click(screen.getByRole('button', { name: 'Envoyer' }));

    await waitFor(() => expect(input).toHaveAccessibleDescription(`${wrongFileTypeMessage}.pdf`));
    expect(screen.getByRole('alert')).toHaveTextContent(`${wrongFileTypeMessage}.pdf`);
  });

  it('says the content is not a PDF when the server finds a file named .pdf is not one, in English too', async () => {
    await i18n.changeLanguage('en-US');
    mockApi(async () => json(415, { code: 'UNSUPPORTED_FILE_TYPE', message: 'Unsupported file type', errors: { cv: ['file.content_not_pdf'] } }));
    const user = userEvent.setup();
    renderCard();
    const input = await screen.findByLabelText('PDF file of your CV');
    await user.upload(input, pdf('word-renamed.pdf'));
    await user.click(screen.getByRole('button', { name: 'Send' }));

    const text = 'The content of this file is not a PDF, even though its name ends in .pdf: save or export the document as a PDF again, then send it.';
    await waitFor(() => expect(input).toHaveAccessibleDescription(text));
    expect(screen.getByRole('alert')).not.toHaveTextContent('valid extension');
    await i18n.changeLanguage('fr-FR');
  });

  it('shows a refusal the server sends as a rule code in words, under the input', async () => {
    mockApi(async () => json(400, { code: 'VALIDATION_FAILED', message: 'Refused', errors: { cv: ['file.malware_detected'] } }));
    const user = userEvent.setup();
    renderCard();
    const input = await screen.findByLabelText('Fichier PDF de votre CV');
    await user.upload(input, pdf());
    await user.click(screen.getByRole('button', { name: 'Envoyer' }));

    const text = "L'antivirus a refusé ce fichier : il contient un contenu dangereux. Envoyez une autre copie du document, par exemple exportée de nouveau en PDF.";
    await waitFor(() => expect(input).toHaveAccessibleDescription(text));
    expect(screen.getByRole('alert')).not.toHaveTextContent('file.malware_detected');
  });
});
