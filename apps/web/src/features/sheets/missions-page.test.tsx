import { i18n, initI18n } from '../../lib/i18n';
import { renderRoutes } from '../../test/render';
import { sheetResponse } from '../../test/sheet-response';
import { requestUrl } from '../../test/request-url';
import type { SheetResponse } from '@passerelle/contract';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import en from '../../locales/en-US/sheets.json';
import fr from '../../locales/fr-FR/sheets.json';
import { Component as MissionsPage } from './missions-page';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const SHEET_URL = '/api/employeurs/modification-missions/7';

function missions(overrides: Partial<SheetResponse<'missions'>> = {}): SheetResponse<'missions'> {
  return sheetResponse<'missions'>({
    context: { apprenti: { prenom: 'Lucas', nom: 'Bernard', courriel: 'lucas@example.test' } },
    etapeStatus: [
      { type: 'f1ca', status: 2 },
      { type: 'f1ce', status: 2 },
    ],
    ...overrides,
  });
}

/** Answers the sheet with `sheet`, and the upload with what `onUpload` gives. */
function mockApi(sheet: SheetResponse<'missions'>, onUpload: () => Response = () => json(200, sheet)) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = requestUrl(input);
    if (url === `${SHEET_URL}/attachment` && init?.method === 'POST') return onUpload();
    if (url === SHEET_URL) return json(200, sheet);
    return json(404, { code: 'NOT_FOUND', message: 'Not found' });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function renderPage() {
  return renderRoutes(
    [{ path: '/employeur/modification-missions/:id', element: <MissionsPage /> }],
    '/employeur/modification-missions/7',
  );
}

const extensions = '.pdf, .doc, .docx';

/**
 * Renders the page, waits for its subtitle (`subtitleFor` in the page's language) and sends a PNG named .pdf: the
 * extension passes here, the server reads the content. Gives the file input.
 */
async function renderAndUploadPngNamedPdf(subtitleFor: string): Promise<HTMLInputElement> {
  const user = userEvent.setup();
  const { container } = renderPage();
  await screen.findByText(subtitleFor.replace('{{name}}', 'Lucas Bernard'));
  const input = await waitFor(() => {
    const found = container.querySelector<HTMLInputElement>('input[type="file"]');
    if (!found) throw new Error('no file input');
    return found;
  });
  await user.upload(
    input,
    new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'poste.pdf', { type: 'application/pdf' }),
  );
  return input;
}

beforeAll(async () => {
  await initI18n();
  await i18n.loadNamespaces(['common', 'sheets']);
});

afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  await i18n.changeLanguage('fr-FR');
});

describe('MissionsPage', () => {
  it('names the apprentice and the case in the page header (issue 9: one company, several apprentices)', async () => {
    mockApi(
      missions({
        dossier: { id: 7, dossierName: 'Capgemini — Data analyst', applicant: { prenom: 'Lucas', nom: 'Bernard' } },
      }),
    );
    renderPage();
    const title = await screen.findByRole('heading', { level: 1, name: fr.missions.title });
    const header = within(title.closest('header') ?? document.body);
    expect(header.getByText('Lucas Bernard')).toBeInTheDocument();
    expect(header.getByText('Dossier n° 7 — Capgemini — Data analyst')).toBeInTheDocument();
  });

  it('names the apprentice and shows the job description with its size and date', async () => {
    await i18n.changeLanguage('fr-FR');
    mockApi(
      missions({
        attachment: {
          id: 'f1',
          filename: 'fiche de poste.pdf',
          contentType: 'application/pdf',
          size: 245 * 1024,
          url: '/api/files/f1',
          uploadedAt: '2026-11-20T09:30:00.000Z',
        },
      }),
    );
    renderPage();
    expect(await screen.findByText(fr.missions.subtitleFor.replace('{{name}}', 'Lucas Bernard'))).toBeInTheDocument();
    expect(
      await screen.findByText(/^Fiche de poste jointe : fiche de poste\.pdf \(245 ko, 20\/11\/2026/),
    ).toBeInTheDocument();
  });

  it('says the content is not a PDF or Word document when the server finds a file named .pdf is not one', async () => {
    mockApi(missions(), () =>
      json(415, {
        code: 'UNSUPPORTED_FILE_TYPE',
        message: 'Allowed: .pdf, .doc, .docx',
        errors: { file: ['file.content_not_document'] },
      }),
    );
    const input = await renderAndUploadPngNamedPdf(fr.missions.subtitleFor);

    const text =
      "Le contenu de ce fichier n'est ni un PDF, ni un document Word (.doc, .docx), même si son nom le laisse penser : enregistrez de nouveau le document dans l'un de ces formats, puis envoyez-le.";
    await waitFor(() => expect(input).toHaveAccessibleDescription(text));
    expect(screen.getByRole('alert')).not.toHaveTextContent(fr.missions.unsupportedType);
  });

  it('gives SPEC’s message with the allowed extensions when the server refuses the type, in English too', async () => {
    await i18n.changeLanguage('en-US');
    const fetchMock = mockApi(missions(), () =>
      json(415, {
        code: 'UNSUPPORTED_FILE_TYPE',
        message: 'Allowed: .pdf, .doc, .docx',
        errors: { file: ['file.unsupported_type'] },
      }),
    );
    const input = await renderAndUploadPngNamedPdf(en.missions.subtitleFor);

    await waitFor(() => expect(input).toHaveAccessibleDescription(`${en.missions.unsupportedType}${extensions}`));
    expect(screen.getByRole('alert')).toHaveTextContent(`${en.missions.unsupportedType}${extensions}`);
    expect(input.value).toBe('');
    expect(
      fetchMock.mock.calls.some(
        ([url, init]) => requestUrl(url) === `${SHEET_URL}/attachment` && init?.method === 'POST',
      ),
    ).toBe(true);
  });
});
