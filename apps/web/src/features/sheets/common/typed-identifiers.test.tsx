import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { i18n, initI18n } from '../../../lib/i18n';
import fr from '../../../locales/fr-FR/sheets.json';
import { renderRoutes } from '../../../test/render';
import { sheetResponse } from '../../../test/sheet-response';
import { InformationSheet } from '../information-sheet/information-sheet';

beforeAll(async () => {
  await initI18n();
  await i18n.changeLanguage('fr-FR');
  await i18n.loadNamespaces(['common', 'sheets']);
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('numbers typed as people type them (issue 29)', () => {
  it('keeps the whole NIR typed as on the carte Vitale, and a phone number with its spaces', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify(sheetResponse({})), { status: 200, headers: { 'Content-Type': 'application/json' } })));
    const path = '/admissible/fiche-renseignement/:id';
    renderRoutes([{ path, element: <InformationSheet kind="fra" done={null} /> }], '/admissible/fiche-renseignement/5');
    const user = userEvent.setup();

    const nir = await screen.findByRole('textbox', { name: new RegExp(fr.fields.nir) });
    await user.type(nir, '2 04 03 75 056 123 95');
    expect(nir).toHaveValue('2 04 03 75 056 123 95');

    const [phone] = screen.getAllByRole('textbox', { name: new RegExp(`^${fr.fields.telephone}`) });
    expect(phone).toBeDefined();
    if (!phone) return;
    await user.type(phone, '+33 (0) 6 12 34 56 78');
    expect(phone).toHaveValue('+33 (0) 6 12 34 56 78');
  });
});
