import { i18n, initI18n } from '../../lib/i18n';
import { renderRoutes } from '../../test/render';
import { sheetResponse } from '../../test/sheet-response';
import { requestUrl } from '../../test/request-url';
import type { SheetResponse } from '@passerelle/contract';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import en from '../../locales/en-US/sheets.json';
import fr from '../../locales/fr-FR/sheets.json';
import { InformationSheetDone } from './information-sheet-done';

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

function sent(etapeStatus: SheetResponse['etapeStatus']): SheetResponse {
  return sheetResponse({ status: 'submitted', submittedAt: '2026-11-20T09:30:00.000Z', readOnly: true, etapeStatus });
}

/** The done message as shown once the sheet (served at `url`) is sent. */
function renderDone(kind: 'fra' | 'fre', url: string, sheet: SheetResponse) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => (requestUrl(input) === url ? json(200, sheet) : json(404, { code: 'NOT_FOUND', message: 'Not found' }))),
  );
  const path = kind === 'fra' ? '/admissible/fiche-renseignement/:id' : '/employeur/fiche-renseignement/:id';
  return renderRoutes([{ path, element: <InformationSheetDone kind={kind} /> }], path.replace(':id', '9'));
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

describe('InformationSheetDone', () => {
  it('tells the applicant who sends first that the company’s part is awaited, not that the contract is prepared', async () => {
    await i18n.changeLanguage('fr-FR');
    renderDone('fra', '/api/admissibles/fiche-renseignement/9', sent([{ type: 'fra', status: 2 }, { type: 'fre', status: 1 }]));
    expect(await screen.findByText(fr.info.done.waitingEmployer)).toBeInTheDocument();
    expect(screen.queryByText(fr.info.done.contract)).toBeNull();
    expect(screen.getByRole('link', { name: fr.actions.backToCases })).toHaveAttribute('href', '/espace-admissible/dossiers');
  });

  it('tells the company who sends first that the apprentice’s part is awaited, in English', async () => {
    await i18n.changeLanguage('en-US');
    renderDone('fre', '/api/employeurs/fiche-renseignement/9', sent([{ type: 'fra', status: 1 }, { type: 'fre', status: 2 }]));
    expect(await screen.findByText(en.info.done.waitingApplicant)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: en.actions.employerHome })).toHaveAttribute('href', '/');
  });

  it('says the school prepares the contract once both parts are sent', async () => {
    await i18n.changeLanguage('fr-FR');
    const both = sent([{ type: 'fra', status: 3 }, { type: 'fre', status: 3 }, { type: 'cfa', status: 2 }]);
    renderDone('fre', '/api/employeurs/fiche-renseignement/9', both);
    expect(await screen.findByText(fr.info.done.contract)).toBeInTheDocument();
  });
});
